#!/usr/bin/env python3
"""chain.py -- per-site cost of a division sequence on 32-long dependent chains.

Each group is a kernel whose dividend goes through K = 32 dependent
divisions by the same launch-invariant divisor d (x = x / d; pairs also
store x % d each step), next to a base kernel of the same shape with the
division replaced by the identity (x = x; pairs store x).  Per site:

    (instructions(kernel) - instructions(base)) / K

and, in a second number, the marginal cost (kernel with 2K sites minus the
kernel with K sites) / K, which leaves out what the first site pays once
(loading the magic parameters, computing -d).

NVIDIA: clang-22 device-only CUDA -> PTX -> ptxas -O3 -> nvdisasm (non-NOP
instructions of the kernel's .text section).  AMDGPU: clang-22 device-only
HIP -> llc assembly (instruction lines of the kernel).  Variants: native
division, the pass's clone (K__magicdiv) with --plugin, and with
--prev-plugin a second build (e.g. the previous commit) for comparison.

  chain.py --plugin build-22/lib/MagicDiv.so [--prev-plugin OLD.so]
           [--arch sm_90] [--amd gfx90a] [--nvdisasm PATH] [--k 32]
prints a markdown table.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# (name, dividend type, divisor type, remainder-store type or None (quotient
# only), MAGICDIV_OPTIONS, description)
GROUPS = [
    ("u32_div", "unsigned", "unsigned", None, "", "u32 n / d"),
    ("u32_pair", "unsigned", "unsigned", "unsigned", "", "u32 n / d and n % d"),
    ("s32_div", "int", "int", None, "",
     "s32 n / d, d > 0 checked at launch (default)"),
    ("s32_div_anysign", "int", "int", None, "no-positive-divisors",
     "s32 n / d, any signs"),
    ("s32_pair", "int", "int", "int", "", "s32 n / d and n % d, d > 0"),
    ("u64_div", "unsigned long long", "unsigned long long", None, "",
     "u64 n / d"),
    ("u64_pair", "unsigned long long", "unsigned long long",
     "unsigned long long", "", "u64 n / d and n % d"),
    ("s64_div", "long long", "long long", None, "",
     "s64 n / d, d > 0 checked at launch (default)"),
    ("s64_div_anysign", "long long", "long long", None,
     "no-positive-divisors", "s64 n / d, any signs"),
    ("u64_32_pair", "unsigned long long", "unsigned", "unsigned", "",
     "u64 n / d and n % d, d an unsigned int (zext)"),
    ("u64_sint_pair", "unsigned long long", "int", "unsigned", "",
     "u64 n / d and n % d, d an int (sext): MD_DF_DIV32, d < 2^32 at launch"),
    ("s64_32_pair", "long long", "int", "int", "",
     "s64 n / d and n % d, d an int (sext), d > 0 checked at launch"),
]


def source(g, k, base):
    name, nt, dt, rt, _, _ = g
    lines = ['#define __global__ __attribute__((global))',
             'extern "C" __global__ void kern(const %s *in, %s *out, %s d) {'
             % (nt, rt or nt, dt),
             '  unsigned i = TID;',
             '  %s x = in[i];' % nt]
    for j in range(k):
        if rt:
            lines.append('  out[%d * 1024 + i] = (%s)(%s);'
                         % (j, rt, "x" if base else "x % d"))
        if not base:
            lines.append('  x = x / d;')
    lines.append('  out[%d * 1024 + i] = (%s)x;' % (k, rt or nt))
    lines.append('}')
    return "\n".join(lines) + "\n"


def run(cmd, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        sys.exit("command failed: %s\n%s" % (" ".join(cmd), r.stderr))
    return r.stdout


def compile_nv(clang, ptxas, nvdisasm, src, arch, plugin, opts, tmp, tag):
    cu = os.path.join(tmp, tag + ".cu")
    ptx = os.path.join(tmp, tag + ".ptx")
    cubin = os.path.join(tmp, tag + ".cubin")
    open(cu, "w").write("#define TID __nvvm_read_ptx_sreg_tid_x()\n" + src)
    env = dict(os.environ)
    env.pop("MAGICDIV_OPTIONS", None)
    if opts:
        env["MAGICDIV_OPTIONS"] = opts
    cmd = [clang, "-x", "cuda", "--cuda-device-only", "-nocudainc",
           "-nocudalib", "--cuda-gpu-arch=" + arch, "-Wno-unknown-cuda-version",
           "-O2", "-S", cu, "-o", ptx]
    if plugin:
        cmd.insert(1, "-fpass-plugin=" + plugin)
    run(cmd, env)
    run([ptxas, "-arch=" + arch, "-O3", ptx, "-o", cubin])
    sass = run([nvdisasm, "-c", cubin])
    counts, cur = {}, None
    for line in sass.splitlines():
        m = re.match(r"\s*\.text\.(\w+):", line)
        if m:
            cur = m.group(1)
            counts[cur] = 0
            continue
        m = re.search(r"/\*[0-9a-f]{4}\*/\s+(.*?)\s*;", line)
        if m and cur and not m.group(1).startswith("NOP"):
            counts[cur] += 1
    return counts


def compile_amd(clang, src, arch, plugin, opts, tmp, tag):
    hip = os.path.join(tmp, tag + ".hip")
    asm = os.path.join(tmp, tag + ".s")
    open(hip, "w").write("#define TID __builtin_amdgcn_workitem_id_x()\n"
                         + src)
    env = dict(os.environ)
    env.pop("MAGICDIV_OPTIONS", None)
    if opts:
        env["MAGICDIV_OPTIONS"] = opts
    cmd = [clang, "-x", "hip", "--cuda-device-only", "-nogpuinc",
           "-nogpulib", "--offload-arch=" + arch, "-O2", "-S", hip, "-o", asm]
    if plugin:
        cmd.insert(1, "-fpass-plugin=" + plugin)
    run(cmd, env)
    counts, cur = {}, None
    for line in open(asm):
        m = re.match(r"^(\w+):", line)
        if m:
            cur = m.group(1)
            counts[cur] = 0
            continue
        if cur and re.match(r"^\t[a-z_][a-z0-9_]*(\s|$)", line):
            counts[cur] += 1
            if line.strip().startswith("s_endpgm"):
                cur = None
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--prev-plugin")
    ap.add_argument("--llvm", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--nvdisasm")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--amd", default="gfx90a")
    ap.add_argument("--k", type=int, default=32)
    ap.add_argument("--groups")
    a = ap.parse_args()
    clang = os.path.join(a.llvm, "clang")
    nvd = a.nvdisasm or next(iter(
        glob.glob("/tmp/nvd/nvidia/*/bin/nvdisasm")
        + glob.glob(os.path.expanduser("~/.local/lib/python3*/site-packages/"
                                       "nvidia/*/bin/nvdisasm"))), None)
    if not nvd:
        sys.exit("no nvdisasm (pip install --target /tmp/nvd "
                 "nvidia-cuda-nvdisasm)")
    groups = [g for g in GROUPS
              if not a.groups or g[0] in a.groups.split(",")]
    variants = [("native", None), ("plugin", a.plugin)]
    if a.prev_plugin:
        variants.insert(1, ("previous", a.prev_plugin))
    targets = [t for t in (a.arch, a.amd) if t]
    with tempfile.TemporaryDirectory() as tmp:
        for t in targets:
            print("\n### %s: instructions per site, %d-long dependent chains"
                  % (t, a.k))
            print("\nCell: (K sites - base) / K  /  marginal ((2K - K sites) / K)")
            print("\n| group | " + " | ".join(v for v, _ in variants) + " |")
            print("|---|" + "---|" * len(variants))
            for g in groups:
                cells = []
                for v, plug in variants:
                    def count(base, tag):
                        src = source(g, a.k, base)
                        if t.startswith("sm_"):
                            c = compile_nv(clang, a.ptxas, nvd, src, t, plug,
                                           g[4], tmp, tag)
                        else:
                            c = compile_amd(clang, src, t, plug, g[4], tmp,
                                            tag)
                        return c
                    cb = count(True, "b")
                    ck = count(False, "k")
                    kname = "kern__magicdiv" if plug else "kern"
                    if kname not in ck:
                        cells.append("(no clone)")
                        continue
                    k2 = a.k
                    a.k = 2 * k2
                    ck2 = count(False, "k2")
                    a.k = k2
                    cells.append("%.2f / %.2f" % (
                        (ck[kname] - cb["kern"]) / a.k,
                        (ck2[kname] - ck[kname]) / a.k))
                print("| %s (%s) | %s |" % (g[0], g[5], " | ".join(cells)))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
