#!/usr/bin/env python3
"""compile_time.py -- compile-time cost of the magicdiv pass.

Times clang -O2 CUDA device compiles (to PTX, -nocudainc) with and without
-fpass-plugin=MagicDiv.so, for
  * the benchmark kernels (bench/kernels/*.cu), and
  * generated modules with 1k, 3k and 10k division sites, in two shapes:
      spread  10 sites per kernel, sites/10 kernels
      dense   10 kernels, sites/10 sites per kernel
    (linear growth in both shows the pass has no per-module or per-kernel
    quadratic step).
Two compiles each: to PTX (-S: LLVM only) and to an object (-c: LLVM, then
ptxas and fatbinary, the whole device compile).  Reported: CPU time (user +
system of clang and its children) without / with the plugin, fastest of
--reps runs (3 x --reps for the small bench kernels), alternating; the
difference in %; the pass's own time from clang's -ftime-report
("MagicDivPass" wall column, fastest of as many runs) and that time as % of
the plugin-less PTX compile.  With the plugin the backend also compiles every
clone, so "with - without" includes code generation of the clones; the
pass-only figure is the cost of the analysis and rewrite.

  compile_time.py --build BUILD [--out DIR] [--reps N] [--sites 1000,3000,10000]
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INC = os.path.join(ROOT, "bench", "include")
NDIV_S, NDIV_U = 8, 4


def gen_module(nkernels, sites_per_kernel):
    """CUDA source: nkernels kernels, each with sites_per_kernel divisions by
    12 launch-invariant parameters (8 int, 4 unsigned), distinct dividends."""
    out = ['#include "mdb_dev.h"', ""]
    sp = ", ".join(f"int d{j}" for j in range(NDIV_S))
    up = ", ".join(f"mdb_u32 u{j}" for j in range(NDIV_U))
    for k in range(nkernels):
        out.append(f"MDB_KERNEL void gen{k}(const int *in, int *out, int n, "
                   f"{sp}, {up}) {{")
        out.append("  int i = (int)mdb_gid();")
        out.append("  if (i >= n) return;")
        out.append("  int acc = 0;")
        for s in range(sites_per_kernel):
            if s % 3 == 2:
                u = (s + k) % NDIV_U
                out.append(f"  acc ^= (int)((mdb_u32)in[i + {s}] % u{u});")
            else:
                d = (s + k) % NDIV_S
                op = "/" if s % 2 == 0 else "%"
                out.append(f"  acc += in[i + {s}] {op} d{d};")
        out.append("  out[i] = acc;")
        out.append("}")
        out.append("")
    return "\n".join(out)


def compile_once(clang, src, plugin, time_report=False, obj=False,
                 out=os.devnull):
    """(wall seconds, cpu seconds of the child, pass seconds or None)."""
    cmd = [clang, "-x", "cuda", "--cuda-device-only", "-nocudainc",
           "-nocudalib", "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
           "-O2", "-c" if obj else "-S", "-I", INC, src, "-o", out]
    if plugin:
        cmd.insert(1, f"-fpass-plugin={plugin}")
    if time_report:
        cmd.append("-ftime-report")
    env = dict(os.environ)
    for v in ("MAGICDIV_OPTIONS", "MAGICDIV_DISABLE", "MAGICDIV_LOG"):
        env.pop(v, None)
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, env=env, capture_output=True, text=True)
    t1 = time.perf_counter()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.stderr.write(" ".join(cmd) + "\n" + p.stderr[-3000:])
        raise SystemExit(1)
    pass_s = None
    if time_report:
        # columns: user, system, user+system, wall; take the wall column
        for line in p.stderr.splitlines():
            if "MagicDivPass" in line:
                nums = re.findall(r"([\d.]+)\s*\(", line)
                if len(nums) >= 4:
                    pass_s = (pass_s or 0.0) + float(nums[3])
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return t1 - t0, cpu, pass_s


def measure(clang, src, plugin, reps, obj, tmp):
    """Fastest of reps alternating runs, without and with the plugin:
    {False: cpu_s, True: cpu_s}."""
    best = {False: 1e9, True: 1e9}
    for _ in range(reps):
        for use in (False, True):
            _, c, _ = compile_once(clang, src, plugin if use else None,
                                   obj=obj, out=tmp if obj else os.devnull)
            best[use] = min(best[use], c)
    return best


def row(name, sites, kern, ptx, pass_s, obj):
    def pct(a, b):
        return f"{100.0 * (b - a) / a:+.1f}%"
    ps = f"{pass_s * 1e3:.1f}" if pass_s is not None else "-"
    pp = f"{100.0 * pass_s / ptx[False]:.2f}%" if pass_s is not None else "-"
    return (f"| {name} | {sites} | {kern} | {ptx[False] * 1e3:.0f} | "
            f"{ptx[True] * 1e3:.0f} | {pct(ptx[False], ptx[True])} | {ps} | "
            f"{pp} | {obj[False] * 1e3:.0f} | {obj[True] * 1e3:.0f} | "
            f"{pct(obj[False], obj[True])} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out",
                                                  "overhead"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--sites", default="1000,3000,10000")
    ap.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    args = ap.parse_args()
    plugin = os.path.join(os.path.abspath(args.build), "lib", "MagicDiv.so")
    os.makedirs(args.out, exist_ok=True)
    tmp = os.path.join(args.out, "tmp.o")
    lines = ["| module | division sites | kernels | PTX: without, ms | "
             "PTX: with plugin, ms | PTX: difference | MagicDivPass, ms | "
             "pass / PTX compile | object: without, ms | object: with, ms | "
             "object: difference |", "|---|---|---|---|---|---|---|---|---|"
             "---|---|"]

    def one(src, reps):
        ptx = measure(args.clang, src, plugin, reps, False, tmp)
        obj = measure(args.clang, src, plugin, reps, True, tmp)
        ps = None
        for _ in range(max(3, reps)):  # fastest report; a line can be missing
            _, _, t = compile_once(args.clang, src, plugin, time_report=True)
            if t is not None and (ps is None or t < ps):
                ps = t
        return ptx, ps, obj
    kdir = os.path.join(ROOT, "bench", "kernels")
    for f in sorted(os.listdir(kdir)):
        if not f.endswith(".cu") or f == "util.cu":
            continue
        src = os.path.join(kdir, f)
        nk = len(re.findall(r"MDB_KERNEL", open(src).read()))
        # small compiles (~50 ms) are noisy on a shared machine: more runs
        lines.append(row(f"kernels/{f}", "-", nk,
                         *one(src, max(args.reps, 3 * args.reps))))
        print(lines[-1], flush=True)
    for shape in ("spread", "dense"):
        for n in [int(x) for x in args.sites.split(",") if x]:
            nk, per = (n // 10, 10) if shape == "spread" else (10, n // 10)
            src = os.path.join(args.out, f"gen_{shape}_{n}.cu")
            with open(src, "w") as fh:
                fh.write(gen_module(nk, per))
            reps = args.reps if n <= 3000 else max(1, args.reps - 1)
            lines.append(row(f"generated {shape}", n, nk, *one(src, reps)))
            print(lines[-1], flush=True)
    if os.path.exists(tmp):
        os.remove(tmp)
    text = "\n".join(lines) + "\n"
    with open(os.path.join(args.out, "compile_time.md"), "w") as fh:
        fh.write(text)


if __name__ == "__main__":
    main()
