#!/usr/bin/env python3
"""Write an uncompressed clang offload bundle (clang's OffloadBundler format).

    offload_bundle.py OUT TRIPLE=FILE [TRIPLE=FILE ...]

clang-22 bundles HIP code objects with an external clang-offload-bundler,
which Debian's clang-22 packages do not ship; the e2e test compiles the
device side with --no-gpu-bundle-output and bundles here instead.  Format
(all integers little-endian u64): "__CLANG_OFFLOAD_BUNDLE__", the number of
entries, then per entry {offset, size, triple length, triple}, then the
images.  An empty host entry comes first, as clang writes it.
"""
import struct
import sys


def main(argv):
    out = argv[1]
    entries = [("host-x86_64-unknown-linux-gnu", b"")]
    for arg in argv[2:]:
        triple, path = arg.split("=", 1)
        with open(path, "rb") as f:
            entries.append((triple, f.read()))
    head = b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", len(entries))
    pos = len(head) + sum(24 + len(t) for t, _ in entries)
    table, images = b"", b""
    for triple, data in entries:
        pad = (-pos) % 4096 if data else 0  # code objects page-aligned
        images += b"\0" * pad
        pos += pad
        table += struct.pack("<QQQ", pos if data else 0, len(data), len(triple))
        table += triple.encode()
        images += data
        pos += len(data)
    with open(out, "wb") as f:
        f.write(head + table + images)


if __name__ == "__main__":
    main(sys.argv)
