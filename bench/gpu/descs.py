#!/usr/bin/env python3
"""descs.py -- extract every magicdiv descriptor from a PTX file.

  descs.py FILE.ptx OUTDIR     writes OUTDIR/<K>__magicdiv_desc.bin

The pass emits each descriptor as a constant byte array; in PTX that is
`.global .align N .b8 K__magicdiv_desc[n] = {b0, b1, ...};`.  PTX
zero-fills what an initializer leaves out, and LLVM drops trailing zero
bytes (the final MD_OP_END), so the bytes are padded to n.
"""
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    text = open(sys.argv[1]).read()
    pat = r"\.b8\s+(\w+__magicdiv_desc)\[(\d+)\]\s*(?:=\s*\{([^}]*)\})?"
    for m in re.finditer(pat, text):
        n = int(m.group(2))
        vals = bytes(int(x) for x in m.group(3).split(",")) if m.group(3) \
            else b""
        if len(vals) > n:
            sys.exit(f"descs.py: {m.group(1)}: {len(vals)} bytes > [{n}]")
        with open(f"{sys.argv[2]}/{m.group(1)}.bin", "wb") as f:
            f.write(vals + bytes(n - len(vals)))


if __name__ == "__main__":
    main()
