#!/usr/bin/env python3
"""launch_ranges.py -- what launch-checked dividend ranges change
in bench/kernels and demo/: the form of every transformed site and the SASS
size of every clone, with the option launch-ranges off (before) and on
(after).

  launch_ranges.py --build BUILD [--arch sm_90] [--list]
  launch_ranges.py --build BUILD --sites [--nvdisasm PATH]

--sites: per-site instructions of the launch-checked forms against the
general ones, from launch_ranges_sites.cu: sm_90 (nvdisasm non-NOP
instructions if --nvdisasm is given, else .text / 16) and gfx90a (llc ISA
lines).

Each source is compiled device-only by clang-22 with -fpass-plugin (the
options through MAGICDIV_OPTIONS), -Rpass=magicdiv for the site remarks,
then ptxas -O3; a clone's size is its .text.<K>__magicdiv section / 16
(instructions, NOPs of the padding included).  A site is in the u32-core
form ("2-instruction": quotient = mad.wide + shift, +2 for a remainder)
when its kind is u32 (32-bit unsigned, or an i64 site narrowed to it) or
s32 with the dividend >= 0 and the divisor > 0 (no sign fix-up).
"""
import argparse
import collections
import os
import re
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BENCH = ["permute", "transpose", "stencil", "vol2col", "upsample", "concat",
         "hashprobe", "opbench", "util"]
REM = re.compile(r"^(\S+):(\d+):\d+: remark: magicdiv: (\w+) i(\d+) by "
                 r"launch-invariant divisor #\d+ -> magic (\w+) "
                 r"multiply-high(.*)$")


def sections(path):
    """{name: size} of an ELF64 file's sections."""
    data = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    hdrs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
            for i in range(shnum)]
    stroff = hdrs[shstrndx][4]
    out = {}
    for h in hdrs:
        end = data.index(b"\0", stroff + h[0])
        out[data[stroff + h[0]:end].decode()] = h[5]
    return out


def compile_one(src, opts, arch, clang, plugin, tmp, tag):
    base = os.path.join(tmp, os.path.basename(src) + "." + tag)
    env = dict(os.environ)
    env.pop("MAGICDIV_DISABLE", None)
    env["MAGICDIV_OPTIONS"] = opts
    cmd = [clang, "-fpass-plugin=" + plugin, "-x", "cuda",
           "--cuda-device-only", "--cuda-gpu-arch=" + arch,
           "-Wno-unknown-cuda-version", "-O2", "-S", "-Rpass=magicdiv",
           "-o", base + ".ptx", src]
    if "/bench/" in src:
        cmd[5:5] = ["-nocudainc", "-nocudalib",
                    "-I", os.path.join(ROOT, "bench", "include")]
    else:
        cmd[5:5] = ["--cuda-path=/usr/local/cuda"]
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if p.returncode:
        sys.exit("compile failed: %s\n%s" % (" ".join(cmd), p.stderr))
    subprocess.run(["ptxas", "-arch=" + arch, "-O3", base + ".ptx", "-o",
                    base + ".cubin"], check=True)
    sites = []
    for line in p.stderr.splitlines():
        m = REM.match(line)
        if m:
            f, ln, op, w, kind, rest = m.groups()
            core = kind == "u32" or (kind == "s32" and "divisor > 0" in rest
                                     and ("dividend >= 0" in rest or
                                          "dividend in" in rest))
            sites.append((os.path.basename(f), int(ln), op, int(w), kind,
                           rest.strip(", "), core))
    clones = {n[len(".text."):]: s // 16
              for n, s in sections(base + ".cubin").items()
              if n.startswith(".text.") and n.endswith("__magicdiv")}
    return sites, clones


def sass_counts(cubin, nvdisasm):
    """{kernel: instructions}: nvdisasm non-NOP lines, else .text / 16."""
    if not nvdisasm:
        return {n[len(".text."):]: s // 16 for n, s in sections(cubin).items()
                if n.startswith(".text.")}
    text = subprocess.run([nvdisasm, "-c", cubin], check=True,
                          capture_output=True, text=True).stdout
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.search(r"\.section\s+\.text\.([^,\s]+),", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s+/\*[0-9a-f]{4}\*/\s+(.*?)\s*;", line)
        if m and cur is not None and not m.group(1).startswith("NOP"):
            cur.append(m.group(1))
    for v in funcs.values():
        while v and v[-1].startswith("BRA"):
            v.pop()
    return {k: len(v) for k, v in funcs.items()}


def amd_counts(asm):
    """{kernel: ISA instruction lines} of an llc/clang gfx assembly file."""
    funcs, cur = {}, None
    for line in open(asm):
        m = re.match(r"^([A-Za-z_][\w.]*):\s*(;.*)?$", line)
        if m and not m.group(1).startswith("."):
            cur = m.group(1)
            funcs[cur] = 0
            continue
        if line.strip().startswith(".Lfunc_end"):
            cur = None
            continue
        if cur and re.match(r"^\s+([sv]_|global_|buffer_|flat_|ds_)", line) \
                and "s_endpgm" not in line and "s_nop" not in line:
            funcs[cur] += 1
    return funcs


def per_site(a, plugin):
    src = os.path.join(HERE, "launch_ranges_sites.cu")
    inc = os.path.join(ROOT, "bench", "include")
    with tempfile.TemporaryDirectory() as tmp:
        res = {}
        for tag, opts in (("off", "no-launch-ranges"), ("on", "")):
            env = dict(os.environ)
            env["MAGICDIV_OPTIONS"] = opts
            ptx, cub, asm = (os.path.join(tmp, tag + e)
                             for e in (".ptx", ".cubin", ".s"))
            subprocess.run([a.clang, "-fpass-plugin=" + plugin, "-x", "cuda",
                            "--cuda-device-only", "-nocudainc", "-nocudalib",
                            "--cuda-gpu-arch=sm_90",
                            "-Wno-unknown-cuda-version", "-O2", "-S", "-I",
                            inc, src, "-o", ptx], env=env, check=True)
            subprocess.run(["ptxas", "-arch=sm_90", "-O3", ptx, "-o", cub],
                           check=True)
            subprocess.run([a.clang, "-fpass-plugin=" + plugin, "-x", "hip",
                            "--cuda-device-only", "-nogpuinc", "-nogpulib",
                            "--offload-arch=gfx90a", "-O2", "-S", "-I", inc,
                            src, "-o", asm], env=env, check=True)
            res[tag] = (sass_counts(cub, a.nvdisasm), amd_counts(asm))
    print("| site (8 per kernel) | sm_90 general | sm_90 launch-checked | "
          "gfx90a general | gfx90a launch-checked |")
    print("|---|---:|---:|---:|---:|")
    for ty in ("s32", "u64", "s64"):
        for op in ("div", "rem", "divrem"):
            k = "%s_%s__magicdiv" % (ty, op)
            idn = ty + "_id"
            cells = []
            for t in (0, 1):
                for tag in ("off", "on"):
                    c = res[tag][t]
                    cells.append("%.2f" % ((c[k] - c[idn]) / 8.0))
            print("| %s %s | %s |" % (ty, op, " | ".join(cells)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    ap.add_argument("--list", action="store_true",
                    help="list the sites not in the u32-core form")
    ap.add_argument("--sites", action="store_true",
                    help="per-site cost of the launch-checked forms")
    ap.add_argument("--nvdisasm", default="")
    a = ap.parse_args()
    plugin = os.path.join(os.path.abspath(a.build), "lib", "MagicDiv.so")
    if a.sites:
        per_site(a, plugin)
        return
    srcs = [os.path.join(ROOT, "bench", "kernels", s + ".cu") for s in BENCH]
    srcs.append(os.path.join(ROOT, "demo", "permute.cu"))
    rows, tot = [], collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for src in srcs:
            r = {}
            for tag, opts in (("before", "no-launch-ranges"), ("after", "")):
                r[tag] = compile_one(src, opts, a.arch, a.clang, plugin, tmp,
                                     tag)
            name = os.path.relpath(src, ROOT)
            sb, cb = r["before"]
            sa, ca = r["after"]
            row = (name, len(sa), sum(s[6] for s in sb), sum(s[6] for s in sa),
                   sum(cb.values()), sum(ca.values()))
            rows.append(row)
            grp = "demo" if name.startswith("demo") else "bench"
            for i, k in enumerate(("sites", "core_b", "core_a", "sass_b",
                                   "sass_a")):
                tot[(grp, k)] += row[i + 1]
            if a.list:
                for s in sa:
                    if not s[6]:
                        print("  not u32-core: %s:%d %s i%d %s %s" % s[:6])
    print("| source | sites | u32-core form before | after | clone SASS "
          "before | after | change |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for n, s, cb, ca, xb, xa in rows:
        print("| %s | %d | %d | %d | %d | %d | %+.1f %% |" %
              (n, s, cb, ca, xb, xa, 100.0 * (xa - xb) / xb if xb else 0))
    for grp in ("bench", "demo"):
        s, cb, ca = tot[(grp, "sites")], tot[(grp, "core_b")], tot[(grp, "core_a")]
        xb, xa = tot[(grp, "sass_b")], tot[(grp, "sass_a")]
        print("| **%s total** | %d | %d (%.0f %%) | %d (%.0f %%) | %d | %d | "
              "%+.1f %% |" % (grp, s, cb, 100.0 * cb / s if s else 0, ca,
                              100.0 * ca / s if s else 0, xb, xa,
                              100.0 * (xa - xb) / xb if xb else 0))


if __name__ == "__main__":
    main()
