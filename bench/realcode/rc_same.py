#!/usr/bin/env python3
"""rc_same.py -- are the original kernels of the plugin build of ggml
(rc_ggml.sh) byte-identical to a build without the plugin?  Then
MAGICDIV_DISABLE=1 on the one binary runs what a build without magicdiv
runs, and its times are the native side of the comparison.

  rc_same.py BUILD [--only REGEX] [--jobs N]
  rc_same.py --cubins BINARY CUBIN   (the cubin BINARY carries against CUBIN)
  rc_same.py --count BINARY          (cubins, kernels and clones it carries)

For each CUDA object of BUILD (ninja's commands of test-backend-ops whose
source matches REGEX, default every .cu): the cubin the object carries (the
ELF inside its .nv_fatbin section: what the binary loads), and the same
compile command without -fpass-plugin, device-only (-c --cuda-device-only:
the cubin alone).  Every kernel of the second must have a .text.<kernel>
section in the first with the same bytes (the SASS, before relocation);
the first's other kernels must be clones (<kernel>__magicdiv...).  Prints a
line per file and the totals; exit 1 if any original differs.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import struct
import subprocess
import sys
import tempfile


def elf_sections(data, base=0):
    """{name: bytes} of the ELF64 image at data[base:]."""
    shoff, = struct.unpack_from("<Q", data, base + 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, base + 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", data, base + shoff + i * shentsize)
            for i in range(shnum)]
    stroff = base + hdrs[shstrndx][4]
    out = {}
    for h in hdrs:
        end = data.index(b"\0", stroff + h[0])
        name = data[stroff + h[0]:end].decode(errors="replace")
        out[name] = data[base + h[4]:base + h[4] + h[5]] if h[1] != 8 else b""  # NOBITS
    return out


def embedded_cubin(obj):
    """The cubin inside a host object's .nv_fatbin (None if absent)."""
    fb = elf_sections(open(obj, "rb").read()).get(".nv_fatbin")
    if not fb:
        return None
    i = fb.find(b"\x7fELF")
    if i < 0:
        return None
    # the ELF's end: its section or program header table, or a section
    phoff, shoff = struct.unpack_from("<QQ", fb, i + 0x20)
    phentsize, phnum, shentsize, shnum = struct.unpack_from("<HHHH", fb, i + 0x36)
    end = max(shoff + shentsize * shnum, phoff + phentsize * phnum)
    for j in range(shnum):
        typ, = struct.unpack_from("<I", fb, i + shoff + j * shentsize + 4)
        off, size = struct.unpack_from("<QQ", fb, i + shoff + j * shentsize + 0x18)
        if typ != 8:  # NOBITS
            end = max(end, off + size)
    return fb[i:i + end]


def commands(build):
    """[(source, object, argv)] of the CUDA compiles of test-backend-ops."""
    txt = subprocess.run(["ninja", "-C", build, "-t", "commands",
                          "test-backend-ops"], capture_output=True,
                         text=True, check=True).stdout
    out = []
    for line in txt.splitlines():
        if "-fpass-plugin=" not in line or ".cu.o" not in line:
            continue
        argv = shlex.split(line.split("&&")[-1].strip())
        obj = argv[argv.index("-o") + 1]
        src = argv[argv.index("-c") + 1]
        out.append((src, obj, argv))
    return out


def without_plugin(argv, cubin):
    """The compile command, device-only, without the plugin, into cubin."""
    out, skip = [], 0
    for a in argv:
        if skip:
            skip -= 1
            continue
        if a in ("-o", "-MF", "-MT"):
            skip = 1
            continue
        if a.startswith("-fpass-plugin=") or a == "-MD":
            continue
        out.append(a)
    return out + ["--cuda-device-only", "-o", cubin]


def words(x, y):
    """How two kernels' SASS differ: sizes, or the instructions that do."""
    if len(x) != len(y):
        return "%d vs %d instructions" % (len(x) // 16, len(y) // 16)
    n = sum(1 for i in range(0, len(x), 16) if x[i:i + 16] != y[i:i + 16])
    return "%d of %d instructions differ, same size" % (n, len(x) // 16)


def check(build, src, obj, argv, tmp):
    """(line, originals, clones, differing) of one file."""
    name = os.path.relpath(src, os.path.dirname(os.path.dirname(src)))
    cub = embedded_cubin(os.path.join(build, obj)) or b""
    ref = os.path.join(tmp, os.path.basename(obj) + ".cubin")
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAGICDIV_OPTIONS", "MAGICDIV_DISABLE")}
    r = subprocess.run(without_plugin(argv, ref), cwd=build, env=env,
                       capture_output=True, text=True)
    if r.returncode:
        return "%s: compile without the plugin failed: %s" % (
            name, r.stderr[-200:]), 0, 0, 1
    a = {k[6:]: v for k, v in (elf_sections(cub) if cub else {}).items()
         if k.startswith(".text.")}
    b = {k[6:]: v for k, v in elf_sections(open(ref, "rb").read()).items()
         if k.startswith(".text.")}
    os.remove(ref)
    diff = sorted(k for k in b if a.get(k) != b[k])
    extra = [k for k in a if k not in b and "__magicdiv" not in k]
    clones = sum(1 for k in a if re.search(r"__magicdiv(_plain)?$", k))
    line = "%s: %d originals, %s, %d clones" % (
        name, len(b), "identical" if not diff else
        "of which %d DIFFERENT (%s)" % (len(diff), "; ".join(
            "%s: %s" % (k[:40], words(a.get(k, b""), b[k])) for k in diff[:3])), clones)
    if extra:
        line += "; kernels only in the plugin build, not clones: " + " ".join(extra[:3])
    return line, len(b), clones, len(diff) + len(extra)


def same_cubins(binary, cubin):
    """A binary's embedded cubin against a cubin file: exit 1 if differ."""
    a, b = embedded_cubin(binary), open(cubin, "rb").read()
    if not b.startswith(b"\x7fELF"):
        print("%s is not a cubin" % cubin)
        return 1
    if a == b:
        print("the cubin it carries is byte-identical to the device-only build's")
        return 0
    sa = elf_sections(a) if a else {}
    sb = elf_sections(b)
    diff = sorted(k[6:] for k in set(sa) | set(sb)
                  if k.startswith(".text.") and sa.get(k) != sb.get(k))
    print("cubins differ; kernels whose SASS differs: %s" % (" ".join(diff) or "none"))
    return 1


def count(binary):
    """(cubins, kernels, clones) in a binary's .nv_fatbin (every ELF in it:
    a linked program holds one per translation unit)."""
    fb = elf_sections(open(binary, "rb").read()).get(".nv_fatbin", b"")
    cubins = kernels = clones = 0
    i = fb.find(b"\x7fELF")
    while i >= 0:
        try:
            names = [k for k in elf_sections(fb, i) if k.startswith(".text.")]
        except (struct.error, ValueError, IndexError):
            names = None  # not an ELF header after all
        if names is not None:
            cubins += 1
            kernels += sum(1 for k in names if "__magicdiv" not in k)
            clones += sum(1 for k in names if k.endswith("__magicdiv"))
        i = fb.find(b"\x7fELF", i + 4)
    return cubins, kernels, clones


def main():
    if sys.argv[1:2] == ["--cubins"]:
        sys.exit(same_cubins(sys.argv[2], sys.argv[3]))
    if sys.argv[1:2] == ["--count"]:
        print("%d cubins, %d kernels, %d clones" % count(sys.argv[2]))
        return
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("build")
    p.add_argument("--only", default=r"\.cu$")
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    todo = [c for c in commands(a.build) if re.search(a.only, c[0])]
    tot = [0, 0, 0, 0]
    with tempfile.TemporaryDirectory(prefix="rc_same-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for line, n, c, bad in ex.map(lambda t: check(a.build, *t, tmp), todo):
            print(line, flush=True)
            tot = [tot[0] + 1, tot[1] + n, tot[2] + c, tot[3] + bad]
    print("rc_same: %d files, %d original kernels, %d clones; %d originals "
          "differ from the build without the plugin" % tuple(tot))
    sys.exit(1 if tot[3] else 0)


if __name__ == "__main__":
    main()
