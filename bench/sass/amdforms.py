#!/usr/bin/env python3
"""amdforms.py -- per-site gfx90a instructions of a u64 division by a
kernel parameter (the AMDGPU side of opforms.py --pow2): the backend's
native expansion, the plugin's clone K__magicdiv (other divisors), its
pow2 tier K__magicdiv_pow2 (powers of two), and a compile-time constant
(997, 1024).

Kernels in LLVM IR (amdgcn-amd-amdhsa): "straight" divides its work-item's
element once (x = in[tid]; out[tid] = x / d), "loop" divides inside a loop
whose dividend changes every iteration (unrolling disabled); each minus
the same kernel with the identity in place of the division.  opt
-passes='magicdiv<min-gain=0>,default<O3>' (the plugin) or default<O3>,
then llc -O3 -mcpu=gfx90a; counts are static instructions of the kernel
(straight) and of the loop's body (the block a backward branch returns
to, up to that branch): what the backend hoists is not counted.

  amdforms.py --plugin build-22/lib/MagicDiv.so [--llvm /usr/lib/llvm-22/bin]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HEAD = """target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
"""

STRAIGHT = """
define amdgpu_kernel void @kern(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %d) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = zext i32 %tid to i64
  %pi = getelementptr i64, ptr addrspace(1) %in, i64 %t
  %x = load i64, ptr addrspace(1) %pi
  %q = OP
  %po = getelementptr i64, ptr addrspace(1) %out, i64 %t
  store i64 %q, ptr addrspace(1) %po
  ret void
}
"""

LOOP = """
define amdgpu_kernel void @kern(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %d, i32 %iters) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = zext i32 %tid to i64
  %pi = getelementptr i64, ptr addrspace(1) %in, i64 %t
  %x0 = load i64, ptr addrspace(1) %pi
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %body ]
  %i64 = zext i32 %i to i64
  %x = xor i64 %x0, %i64
  %q = OP
  %acc1 = add i64 %acc, %q
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %iters
  br i1 %c, label %body, label %exit, !llvm.loop !0
exit:
  %po = getelementptr i64, ptr addrspace(1) %out, i64 %t
  store i64 %acc1, ptr addrspace(1) %po
  ret void
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
"""

INSN = re.compile(r"^\s+([a-z_][a-z0-9_]*)\b")


def asm(a, tmp, src, plugin):
    ll = os.path.join(tmp, "k.ll")
    o = os.path.join(tmp, "k.opt.ll")
    s = os.path.join(tmp, "k.s")
    with open(ll, "w") as f:
        f.write(HEAD + src)
    passes = "magicdiv<min-gain=0>,default<O3>" if plugin else "default<O3>"
    cmd = [os.path.join(a.llvm, "opt"), "-S", "-passes=" + passes, ll,
           "-o", o]
    if plugin:
        cmd[1:1] = ["-load-pass-plugin=" + a.plugin]
    subprocess.run(cmd, check=True)
    subprocess.run([os.path.join(a.llvm, "llc"), "-O3",
                    "-mtriple=amdgcn-amd-amdhsa", "-mcpu=" + a.mcpu, o,
                    "-o", s], check=True)
    with open(s) as f:
        return f.read().splitlines()


def body(lines, kern):
    """The instruction and block lines of kern (its label to its
    .Lfunc_end: blocks placed after s_endpgm count too)."""
    out, on = [], False
    for ln in lines:
        if ln.startswith(kern + ":"):
            on = True
            continue
        if on and ln.startswith(".Lfunc_end"):
            break
        if on and (INSN.match(ln) or re.match(r"^\.LBB", ln)):
            out.append(ln)
    return out


def count(lines):
    return sum(1 for ln in lines if INSN.match(ln))


def loop_count(lines):
    """Instructions from the target of the last backward branch to it."""
    seen = {}
    best = None
    for i, ln in enumerate(lines):
        m = re.match(r"^(\.LBB\w+):", ln)
        if m:
            seen[m.group(1)] = i
        m = re.search(r"s_cbranch_\w+\s+(\.LBB\w+)", ln)
        if m and m.group(1) in seen:
            best = (seen[m.group(1)], i)
    if not best:
        return None
    return count(lines[best[0]:best[1] + 1])


def cell(a, tmp, op, kern, plugin):
    """(straight, loop) for division op, kernel kern of the module."""
    r = []
    for shape in (STRAIGHT, LOOP):
        lines = asm(a, tmp, shape.replace("OP", op), plugin)
        base = asm(a, tmp, shape.replace("%q = OP", "%q = add i64 %x, 0"),
                   False)
        b = body(lines, kern)
        k0 = body(base, "kern")
        if not b:
            r.append("-")
            continue
        if shape is STRAIGHT:
            r.append(str(count(b) - count(k0)))
        else:
            lc, l0 = loop_count(b), loop_count(k0)
            r.append("-" if lc is None or l0 is None else str(lc - l0))
    return " / ".join(r)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--llvm", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--mcpu", default="gfx90a")
    a = ap.parse_args()
    a.plugin = os.path.abspath(a.plugin)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [
            ("native (udiv by the parameter)", "udiv i64 %x, %d", "kern", 0),
            ("plugin clone K__magicdiv (other divisors)", "udiv i64 %x, %d",
             "kern__magicdiv", 1),
            ("plugin pow2 tier K__magicdiv_pow2 (powers of two)",
             "udiv i64 %x, %d", "kern__magicdiv_pow2", 1),
            ("const 997", "udiv i64 %x, 997", "kern", 0),
            ("const 1024", "udiv i64 %x, 1024", "kern", 0),
        ]
        print("| form (%s, u64 n / u64 d) | straight / loop |" % a.mcpu)
        print("|---|---|")
        for name, op, kern, plugin in rows:
            print("| %s | %s |" % (name, cell(a, tmp, op, kern, plugin)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
