#!/usr/bin/env python3
"""dag_gen.py -- DAG-shaped divisor and dividend expressions, to check that
the pass's cost is bounded by the size of the IR.

Families (each an NVPTX module with one kernel; N = the size):
  square   divisor d^(2^N): N squarings of a parameter, a DAG of N nodes
           whose tree expansion has 2^N leaves (refused as too large, in
           time linear in N)
  chain    i64 x = x % (x / 3), N times, every urem a site (its divisor is
           launch-invariant: x is a parameter); md_range_fits_unsigned and the
           divisor analysis see DAGs
  fanin    divisor = sum of N distinct i32 parameters (wide fan-in, a
           balanced tree of adds)
  dsquare  dividend tid doubled N times with add nsw (md_range's
           non-negativity rules recurse into both operands)

  dag_gen.py emit FAMILY N            print the module
  dag_gen.py check --opt OPT --plugin SO [--seconds S] [--mib M]
        run opt -passes=magicdiv on the largest size of every family and
        fail if one takes more than S seconds or M MiB (generous ceilings
        for the lit test, not a timing)
  dag_gen.py bench --clang CLANG --plugin SO [--reps R] [--copies K]
                   [--out FILE]
        time the device compile (clang -O2 .ll -> PTX) of a module with K
        copies of the kernel, with and without -fpass-plugin, for every
        size; prints a markdown table (CPU seconds and peak RSS,
        fastest/smallest of R runs) and the ratios
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SIZES = {
    "square": [8, 16, 27, 32, 64],
    "chain": [8, 16, 24, 32, 64],
    "fanin": [16, 64, 256, 1024],
    "dsquare": [8, 16, 32, 64],
}

HEAD = """target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
"""


def gen_square(n):
    body = ["  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()", "  %d0 = freeze i32 %d"]
    for i in range(n):
        body.append(f"  %d{i+1} = mul i32 %d{i}, %d{i}")
    body.append(f"  %q = udiv i32 %tid, %d{n}")
    body.append("  store i32 %q, ptr %out, align 4")
    return ("define ptx_kernel void @square(ptr %out, i32 %d) {\n"
            + "\n".join(body) + "\n  ret void\n}\n")


def gen_chain(n):
    body = ["  %x0 = freeze i64 %x"]
    for i in range(n):
        body.append(f"  %u{i} = udiv i64 %x{i}, 3")
        body.append(f"  %x{i+1} = urem i64 %x{i}, %u{i}")
    body.append(f"  store i64 %x{n}, ptr %out, align 8")
    return ("define ptx_kernel void @chain(ptr %out, i64 %x) {\n"
            + "\n".join(body) + "\n  ret void\n}\n")


def gen_fanin(n):
    params = ", ".join(f"i32 %a{i}" for i in range(n))
    body = ["  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()"]
    level = [f"%a{i}" for i in range(n)]
    k = 0
    while len(level) > 1:
        nxt = []
        for j in range(0, len(level) - 1, 2):
            body.append(f"  %s{k} = add i32 {level[j]}, {level[j+1]}")
            nxt.append(f"%s{k}")
            k += 1
        if len(level) % 2:
            nxt.append(level[-1])
        level = nxt
    body.append(f"  %q = udiv i32 %tid, {level[0]}")
    body.append("  store i32 %q, ptr %out, align 4")
    return (f"define ptx_kernel void @fanin(ptr %out, {params}) {{\n"
            + "\n".join(body) + "\n  ret void\n}\n")


def gen_dsquare(n):
    body = ["  %n0 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()"]
    for i in range(n):
        body.append(f"  %n{i+1} = add nsw i32 %n{i}, %n{i}")
    body.append(f"  %q = sdiv i32 %n{n}, %d")
    body.append(f"  %r = srem i32 %n{n}, %d")
    body.append("  %s = add i32 %q, %r")
    body.append("  store i32 %s, ptr %out, align 4")
    return ("define ptx_kernel void @dsquare(ptr %out, i32 %d) {\n"
            + "\n".join(body) + "\n  ret void\n}\n")


GEN = {"square": gen_square, "chain": gen_chain, "fanin": gen_fanin,
       "dsquare": gen_dsquare}


def module(family, n, copies=1):
    """The module with `copies` kernels of the family (named @F, @F_1, ...)."""
    k = GEN[family](n)
    out = [HEAD, k]
    for i in range(1, copies):
        out.append(k.replace(f"@{family}(", f"@{family}_{i}(", 1))
    return "\n".join(out)


def timed(cmd):
    """(cpu seconds of the child, peak RSS in MiB, stderr) of one run."""
    r = subprocess.run(["/usr/bin/time", "-f", "MDTIME %U %S %M"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode != 0:
        sys.exit("failed: " + " ".join(cmd) + "\n" + r.stderr)
    line = [l for l in r.stderr.splitlines() if l.startswith("MDTIME")][-1]
    u, s, m = line.split()[1:]
    return float(u) + float(s), int(m) / 1024.0, r.stderr


def pass_seconds(cmd):
    """The MagicDivPass wall time from clang's -ftime-report (seconds)."""
    r = subprocess.run(cmd + ["-ftime-report"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    total = 0.0
    for line in r.stderr.splitlines():
        if "MagicDivPass" in line:
            nums = re.findall(r"([\d.]+)\s*\(", line)
            if len(nums) >= 4:
                total += float(nums[3])
    return total


def cmd_check(a):
    worst = []
    with tempfile.TemporaryDirectory() as tmp:
        for fam, sizes in SIZES.items():
            n = sizes[-1]
            path = os.path.join(tmp, f"{fam}{n}.ll")
            with open(path, "w") as f:
                f.write(module(fam, n))
            sec, mib, err = timed([a.opt, "-load-pass-plugin=" + a.plugin,
                                   "-passes=magicdiv,verify",
                                   "-pass-remarks-missed=magicdiv",
                                   "-disable-output", path])
            print(f"{fam} {n}: {sec:.2f} s, {mib:.0f} MiB")
            if sec > a.seconds or mib > a.mib:
                worst.append(f"{fam} {n}: {sec:.2f} s, {mib:.0f} MiB")
    if worst:
        sys.exit("over the ceiling: " + "; ".join(worst))
    print("dag_gen check: all within the ceilings")


def cmd_bench(a):
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for fam, sizes in SIZES.items():
            for n in sizes:
                path = os.path.join(tmp, f"{fam}{n}.ll")
                with open(path, "w") as f:
                    f.write(module(fam, n, a.copies))
                base = [a.clang, "-O2", "-S", "-x", "ir",
                        "--target=nvptx64-nvidia-cuda", "-march=sm_90",
                        "-Wno-override-module", path, "-o", "/dev/null"]
                res = {False: [], True: []}
                for _ in range(a.reps):
                    for plug in (False, True):
                        cmd = base + (["-fpass-plugin=" + a.plugin] if plug else [])
                        res[plug].append(timed(cmd)[:2])
                t0 = min(r[0] for r in res[False])
                t1 = min(r[0] for r in res[True])
                m0 = min(r[1] for r in res[False])
                m1 = min(r[1] for r in res[True])
                ps = min(pass_seconds(base + ["-fpass-plugin=" + a.plugin])
                         for _ in range(a.reps))
                rows.append((fam, n, t0, t1, m0, m1, ps))
                print(f"{fam} {n}: {t0:.3f} s / {t1:.3f} s, "
                      f"{m0:.0f} / {m1:.0f} MiB", file=sys.stderr)
    out = ["| family | N | CPU s without | CPU s with | ratio | MagicDivPass s | pass / without | peak MiB without | peak MiB with | ratio |",
           "|---|---|---|---|---|---|---|---|---|---|"]
    for fam, n, t0, t1, m0, m1, ps in rows:
        out.append(f"| {fam} | {n} | {t0:.3f} | {t1:.3f} | {t1 / max(t0, 1e-3):.2f} "
                   f"| {ps:.4f} | {100 * ps / max(t0, 1e-3):.1f} % "
                   f"| {m0:.0f} | {m1:.0f} | {m1 / m0:.2f} |")
    text = "\n".join(out) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("emit")
    e.add_argument("family", choices=sorted(GEN))
    e.add_argument("n", type=int)
    c = sub.add_parser("check")
    c.add_argument("--opt", required=True)
    c.add_argument("--plugin", required=True)
    c.add_argument("--seconds", type=float, default=20.0)
    c.add_argument("--mib", type=float, default=1024.0)
    b = sub.add_parser("bench")
    b.add_argument("--clang", required=True)
    b.add_argument("--plugin", required=True)
    b.add_argument("--reps", type=int, default=3)
    b.add_argument("--copies", type=int, default=50,
                   help="kernels per module (so the compile takes long "
                        "enough to time)")
    b.add_argument("--out", default="")
    a = ap.parse_args()
    if a.cmd == "emit":
        sys.stdout.write(module(a.family, a.n))
    elif a.cmd == "check":
        cmd_check(a)
    else:
        cmd_bench(a)


if __name__ == "__main__":
    main()
