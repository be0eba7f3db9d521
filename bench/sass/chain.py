#!/usr/bin/env python3
"""chain.py -- per-site cost of a division sequence: on 32-long dependent
chains, and as one division per thread (straight-line) next to the same
division in a loop.

Form "sites" (straight-line and in-loop, the columns of RESULTS.md's
per-site tables).  Straight: a kernel that divides its thread's element
once, as index code does (x = in[tid]; out[tid] = x / d), minus the same
kernel storing x: everything the site costs, the divisor's set-up
included.  Loop: the same division inside a loop whose dividend changes
every iteration (n = x ^ t*golden), loop-body instructions minus the
identity loop's, plus the body of any routine the loop calls.  ptxas
hoists what depends on the divisor alone out of the loop (the reciprocal
of a uniform d: I2F.U32.RP, MUFU.RCP, F2I), so a native loop is much
cheaper than a native straight-line site; the clone has nothing to hoist
but its parameter loads.  Counts are static instructions (a native 64-bit
division's 32-bit bypass and its slow path both count).  The seed paper's
workload (shared/seeds/002: a size_t divisor, so native division is 64-bit)
is the seed32 / seed64 groups: u32 resp. u64 data divided by a size_t.

Form "chain":

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
           [--forms chain,sites] [--groups u32_div,...]
prints markdown tables (both forms by default).
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

import sites  # bench/sass/sites.py: the AMDGPU assembly parser

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
    ("seed32", "unsigned", "__SIZE_TYPE__", None, "",
     "seed paper, 32-bit: u32 n / size_t d (native: 64-bit division)"),
    ("seed32_pair", "unsigned", "__SIZE_TYPE__", "unsigned", "",
     "seed paper, 32-bit: u32 n / and % size_t d"),
    ("seed64", "unsigned long long", "__SIZE_TYPE__", None, "",
     "seed paper, 64-bit: u64 n / size_t d"),
    ("seed64_pair", "unsigned long long", "__SIZE_TYPE__",
     "unsigned long long", "", "seed paper, 64-bit: u64 n / and % size_t d"),
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


def site_source(g, form, base):
    """One division per thread ("straight") or per loop iteration ("loop");
    base: the identity in its place (same loads and stores)."""
    name, nt, dt, rt, _, _ = g
    rt = rt or nt
    q = "x" if base else "x / d"
    r = "x" if base else "x % d"
    if form == "straight":
        lines = ['extern "C" __global__ void kern(const %s *in, %s *out, %s d) {'
                 % (nt, rt, dt),
                 '  unsigned i = TID;',
                 '  %s x = in[i];' % nt,
                 '  out[i] = (%s)(%s);' % (rt, q)]
        if g[3]:
            lines.append('  out[1024 + i] = (%s)(%s);' % (rt, r))
    else:
        h = ("(unsigned long long)t * 0x9E3779B97F4A7C15ull"
             if "long" in nt else "t * 0x9E3779B9u")
        lines = ['extern "C" __global__ void kern(const %s *in, %s *out, %s d,'
                 ' unsigned iters) {' % (nt, rt, dt),
                 '  unsigned i = TID;',
                 '  %s y = in[i];' % nt,
                 '  %s acc = 0;' % rt,
                 '#pragma clang loop unroll(disable)',
                 '  for (unsigned t = 0; t < iters; ++t) {',
                 '    %s x = y ^ (%s)(%s);' % (nt, nt, h),
                 '    acc += (%s)(%s);' % (rt, q)]
        if g[3]:
            lines.append('    acc ^= (%s)(%s);' % (rt, r))
        lines += ['  }', '  out[i] = acc;']
    lines.append('}')
    return "#define __global__ __attribute__((global))\n" + \
        "\n".join(lines) + "\n"


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
    items = nv_items(run([nvdisasm, "-c", cubin]))
    counts = {k: sum(1 for _, i in v if i) for k, v in items.items()}
    loops = {k: nv_loop(v) for k, v in items.items()}
    return counts, loops


def nv_items(sass):
    """nvdisasm -c output -> {kernel: [(label, None) | (None, instruction)]},
    NOPs left out."""
    items, cur = {}, None
    for line in sass.splitlines():
        m = re.match(r"\s*\.text\.(\w+):", line)
        if m:
            cur = items.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s*([\w.$]+):\s*$", line)
        if m and cur is not None:
            cur.append((m.group(1), None))
            continue
        m = re.search(r"/\*[0-9a-f]{4}\*/\s+(.*?)\s*;", line)
        if m and cur is not None and not m.group(1).startswith("NOP"):
            cur.append((None, m.group(1)))
    return items


def nv_loop(items):
    """Instructions of a kernel's loop (nvdisasm): from the target of its
    longest backward branch to that branch (not the one-instruction idle
    loop after EXIT), plus the routines it calls (to their RET).  None
    without a loop."""
    at = {lab: i for i, (lab, _) in enumerate(items) if lab}
    body = None
    for i, (_, ins) in enumerate(items):
        m = ins and re.search(r"\bBRA\b.*`\(([\w.$]+)\)", ins)
        if m and m.group(1) in at and at[m.group(1)] < i:
            b = [x for _, x in items[at[m.group(1)]:i + 1] if x]
            if len(b) > 1 and (body is None or len(b) > len(body)):
                body = b
    if body is None:
        return None
    n = len(body)
    for ins in body:
        m = re.search(r"\bCALL\S*\s+`\(([\w.$]+)\)", ins)
        if m and m.group(1) in at:
            for _, x in items[at[m.group(1)]:]:
                n += 1 if x else 0
                if x and x.split()[0].startswith("RET"):
                    break
    return n


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
    funcs = sites.parse_amdgpu(open(asm).read(), lambda name: True)
    loops = {k: sites.amd_loop(v) for k, v in funcs.items()}
    return ({k: sites.amd_count(v) for k, v in funcs.items()},
            {k: len(v) if v is not None else None for k, v in loops.items()})


def chain_table(t, groups, variants, k, build):
    print("\n### %s: instructions per site, %d-long dependent chains" % (t, k))
    print("\nCell: (K sites - base) / K  /  marginal ((2K - K sites) / K)")
    print("\n| group | " + " | ".join(v for v, _ in variants) + " |")
    print("|---|" + "---|" * len(variants))
    for g in groups:
        cells = []
        for v, plug in variants:
            cb, _ = build(source(g, k, True), plug, g[4], "b")
            ck, _ = build(source(g, k, False), plug, g[4], "k")
            kname = "kern__magicdiv" if plug else "kern"
            if kname not in ck:
                cells.append("(no clone)")
                continue
            ck2, _ = build(source(g, 2 * k, False), plug, g[4], "k2")
            cells.append("%.2f / %.2f" % ((ck[kname] - cb["kern"]) / k,
                                          (ck2[kname] - ck[kname]) / k))
        print("| %s (%s) | %s |" % (g[0], g[5], " | ".join(cells)))
        sys.stdout.flush()


def sites_table(t, groups, variants, build):
    """Straight-line and in-loop instructions per site, per variant, and
    native / variant ratios."""
    print("\n### %s: instructions per site, one division per thread "
          "(straight) and in a loop" % t)
    print("\nCell: straight / loop; ratio: native / clone, straight / loop")
    others = [v for v, _ in variants if v != "native"]
    print("\n| group | native | " + " | ".join(others) + " | "
          + " | ".join("native / " + v for v in others) + " |")
    print("|---|" + "---|" * (1 + 2 * len(others)))
    for g in groups:
        cost = {}
        for v, plug in variants:
            kname = "kern__magicdiv" if plug else "kern"
            cell = []
            for form in ("straight", "loop"):
                cb, lb = build(site_source(g, form, True), plug, g[4], "b")
                ck, lk = build(site_source(g, form, False), plug, g[4], "k")
                if kname not in ck:
                    cell = None
                    break
                if form == "straight":
                    cell.append(ck[kname] - cb["kern"])
                elif lk.get(kname) is None or lb.get("kern") is None:
                    cell.append(None)
                else:
                    cell.append(lk[kname] - lb["kern"])
            cost[v] = cell
        def fmt(c):
            return "(no clone)" if c is None else " / ".join(
                "-" if x is None else "%d" % x for x in c)
        def ratio(a, b):
            if a is None or b is None:
                return "-"
            return " / ".join("-" if x is None or y is None or y <= 0 else
                              "%.1f" % (x / y) for x, y in zip(a, b))
        print("| %s (%s) | %s | %s | %s |" % (
            g[0], g[5], fmt(cost["native"]),
            " | ".join(fmt(cost[v]) for v in others),
            " | ".join(ratio(cost["native"], cost[v]) for v in others)))
        sys.stdout.flush()


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
    ap.add_argument("--forms", default="chain,sites")
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
    forms = a.forms.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        for t in targets:
            def build(src, plug, opts, tag):
                if t.startswith("sm_"):
                    return compile_nv(clang, a.ptxas, nvd, src, t, plug, opts,
                                      tmp, tag)
                return compile_amd(clang, src, t, plug, opts, tmp, tag)
            if "chain" in forms:
                chain_table(t, groups, variants, a.k, build)
            if "sites" in forms:
                sites_table(t, groups, variants, build)


if __name__ == "__main__":
    main()
