"""Write the device ELF images embedded in a GPU binary section to
PREFIX.0.elf, PREFIX.1.elf, ...: a clang offload bundle (HIP's .hip_fatbin,
"__CLANG_OFFLOAD_BUNDLE__": every amdgcn entry) or a CUDA fat binary
(.nv_fatbin, uncompressed: every ELF image in it, found by its header).
Prints how many were written.  Usage: device_elfs.py SECTION.bin PREFIX"""
import struct
import sys

data = open(sys.argv[1], "rb").read()
prefix = sys.argv[2]
images = []
pos = data.find(b"__CLANG_OFFLOAD_BUNDLE__")
while pos >= 0:
    (n,) = struct.unpack_from("<Q", data, pos + 24)
    p = pos + 32
    for _ in range(n):
        off, size, tlen = struct.unpack_from("<QQQ", data, p)
        triple = data[p + 24:p + 24 + tlen].decode()
        p += 24 + tlen
        if "amdgcn" in triple and size:
            images.append(data[pos + off:pos + off + size])
    pos = data.find(b"__CLANG_OFFLOAD_BUNDLE__", p)
if not images:
    pos = data.find(b"\x7fELF")
    while pos >= 0:
        phoff, shoff = struct.unpack_from("<QQ", data, pos + 0x20)
        phentsize, phnum, shentsize, shnum = struct.unpack_from(
            "<HHHH", data, pos + 0x36)
        end = pos + max(shoff + shentsize * shnum, phoff + phentsize * phnum)
        if data[pos + 4] == 2 and end <= len(data):
            images.append(data[pos:end])
            pos = data.find(b"\x7fELF", end)
        else:
            pos = data.find(b"\x7fELF", pos + 4)
for i, img in enumerate(images):
    open("%s.%d.elf" % (prefix, i), "wb").write(img)
print("device images: %d" % len(images))
