"""ikrandom.py -- random kernels for the in-kernel transform's robustness
(test/ir/robust/inkernel-random.test): Triton/Inductor-like index math
(ids, arguments, shl / or disjoint / add nsw / and / mul ...), 32- and
64-bit divisions by kernel arguments, half of them in DivRemPairs' form
(dividend and divisor frozen, the remainder n - q*d), sext'd i32 dividends
of i64 sites and quotients' quotients, `<4 x i64>` divisions of sext'd
lanes by a frozen splat, divisors read from constant memory (a
`__constant__` field); in one block, with a second block
behind a branch, or in a loop whose index steps by 1024.  Each kernel runs
through `opt -passes=magicdiv<OPTIONS>` (which stops on a broken module),
the verifier and llc -mcpu=sm_90.

  ikrandom.py --opt OPT --llc LLC --plugin SO --options OPTS --seeds A:B DIR

Prints one line per failure and a summary: kernels, how many the
transform changed (md.ik in the output), failures."""
import argparse
import os
import random
import subprocess
import sys

def gen(seed):
    R = random.Random(seed)
    L = []
    n = [0]
    def v():
        n[0] += 1
        return "%%v%d" % n[0]
    args = "ptr addrspace(1) %out, i32 %a, i32 %b, i64 %k0, i64 %k1, i32 %n"
    L.append("define ptx_kernel void @k(%s) {" % args)
    L.append("entry:")
    pid = v(); L.append("  %s = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()" % pid)
    tid = v(); L.append("  %s = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()" % tid)
    pool32 = [pid, tid, "%a", "%b"]
    pool64 = ["%k0", "%k1"]
    outs = []
    def idx(pool):
        x = R.choice(pool)
        op = R.choice(["shl", "or disjoint", "add nsw", "and", "or", "mul", "add"])
        y = v()
        if op == "shl":
            L.append("  %s = shl i32 %s, %d" % (y, x, R.choice([1, 5, 10, 31])))
        elif op == "and":
            L.append("  %s = and i32 %s, %d" % (y, x, R.choice([127, 511, 2147483647])))
        else:
            L.append("  %s = %s i32 %s, %s" % (y, op, x, R.choice(pool + ["128", "7"])))
        pool.append(y)
        return y
    def site(pool):
        w64 = R.random() < 0.5
        x = idx(pool)
        signed = R.random() < 0.7
        opd = R.choice(["div", "rem"])
        op = ("s" if signed else "u") + opd
        if w64:
            e = v(); L.append("  %s = %s i32 %s to i64" % (e, "sext" if signed else "zext", x))
            d = R.choice(["%k0", "%k1"]); ty = "i64"; x = e
        else:
            d = R.choice(["%a", "%b"]); ty = "i32"
        if R.random() < 0.5:
            f = v(); L.append("  %s = freeze %s %s" % (f, ty, x)); x = f
            df = v(); L.append("  %s = freeze %s %s" % (df, ty, d)); d = df
            q = v(); L.append("  %s = %sdiv %s %s, %s" % (q, op[0], ty, x, d))
            m = v(); L.append("  %s = mul %s %s, %s" % (m, ty, q, d))
            r = v(); L.append("  %s = sub %s %s, %s" % (r, ty, x, m))
            outs.append((ty, q)); outs.append((ty, r))
            if w64 and signed and R.random() < 0.5:
                q2 = v(); L.append("  %s = srem i64 %s, %s" % (q2, q, R.choice(["%k0", "%k1"])))
                outs.append((ty, q2))
        else:
            q = v(); L.append("  %s = %s %s %s, %s" % (q, op, ty, x, d))
            outs.append((ty, q))
    def vsite(pool):
        xs = [idx(pool) for _ in range(4)]
        vec = "poison"
        for j, x in enumerate(xs):
            nv = v(); L.append("  %s = insertelement <4 x i32> %s, i32 %s, i64 %d" % (nv, vec, x, j)); vec = nv
        sx = v(); L.append("  %s = sext <4 x i32> %s to <4 x i64>" % (sx, vec))
        k = v(); L.append("  %s = insertelement <4 x i64> poison, i64 %%k0, i64 0" % k)
        sp = v(); L.append("  %s = shufflevector <4 x i64> %s, <4 x i64> poison, <4 x i32> zeroinitializer" % (sp, k))
        fx = v(); L.append("  %s = freeze <4 x i64> %s" % (fx, sx))
        fk = v(); L.append("  %s = freeze <4 x i64> %s" % (fk, sp))
        q = v(); L.append("  %s = sdiv <4 x i64> %s, %s" % (q, fx, fk))
        m = v(); L.append("  %s = mul <4 x i64> %s, %s" % (m, q, fk))
        r = v(); L.append("  %s = sub <4 x i64> %s, %s" % (r, fx, m))
        outs.append(("<4 x i64>", q)); outs.append(("<4 x i64>", r))
    def csite(pool):
        x = idx(pool)
        d = v(); L.append("  %s = load i32, ptr addrspace(4) @P, align 4" % d)
        q = v(); L.append("  %s = %s i32 %s, %s" % (q, R.choice(["sdiv", "srem", "udiv", "urem"]), x, d))
        outs.append(("i32", q))
    def any_site(pool):
        c = R.random()
        if c < 0.15: vsite(pool)
        elif c < 0.3: csite(pool)
        else: site(pool)
    for _ in range(R.randint(1, 4)):
        if R.random() < 0.6: idx(pool32)
        any_site(pool32)
    shape = R.choice(["straight", "if", "loop"])
    if shape == "if":
        c = v(); L.append("  %s = icmp slt i32 %s, %%n" % (c, tid))
        L.append("  br i1 %s, label %%b1, label %%exit" % c)
        L.append("b1:")
        p2 = list(pool32)
        for _ in range(R.randint(1, 4)):
            any_site(p2)
        L.append("  br label %exit")
    elif shape == "loop":
        L.append("  br label %loop")
        L.append("loop:")
        ph = v(); nx = "%pn"
        L.append("  %s = phi i32 [ 0, %%entry ], [ %s, %%loop ]" % (ph, nx))
        p2 = list(pool32) + [ph]
        for _ in range(R.randint(1, 4)):
            any_site(p2)
        L.append("  %%pn = add %s i32 %s, 1024" % (R.choice(["", "nsw", "nuw nsw"]), ph))
        c = v(); L.append("  %s = icmp slt i32 %%pn, %%n" % c)
        L.append("  br i1 %s, label %%loop, label %%exit" % c)
    else:
        L.append("  br label %exit")
    L.append("exit:")
    L.append("  ret void")
    L.append("}")
    # stores: put outputs before branches is complex; instead store at the def site via volatile? simpler: insert stores right after defs
    body = []
    outset = {q for _, q in outs}
    k = 0
    for line in L:
        body.append(line)
        s = line.strip()
        if s.startswith("%") and s.split(" = ")[0] in outset:
            nm = s.split(" = ")[0]
            ty = [t for t, q in outs if q == nm][0]
            k += 1
            body.append("  %%st%d = getelementptr %s, ptr addrspace(1) %%out, i32 %d" % (k, ty, k))
            body.append("  store %s %s, ptr addrspace(1) %%st%d" % (ty, nm, k))
    hdr = ['target triple = "nvptx64-nvidia-cuda"',
           "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
           "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
           "@P = addrspace(4) externally_initialized global i32 0, align 4", ""]
    return "\n".join(hdr + body) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--llc", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--options", required=True)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("dir")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split(":"))
    os.makedirs(a.dir, exist_ok=True)
    changed = fails = 0
    for s in range(lo, hi):
        src = os.path.join(a.dir, "k%d.ll" % s)
        out = os.path.join(a.dir, "k%d.out.ll" % s)
        open(src, "w").write(gen(s))
        steps = [[a.opt, "-load-pass-plugin=" + a.plugin,
                  "-passes=magicdiv<%s>" % a.options, "-S", src, "-o", out],
                 [a.opt, "-passes=verify", "-disable-output", out],
                 [a.llc, "-mcpu=sm_90", "-O3", out, "-o", os.devnull]]
        for cmd in steps:
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                fails += 1
                print("FAIL seed %d: %s: %s" % (s, os.path.basename(cmd[0]),
                                               r.stderr.strip()[:300]))
                break
        else:
            changed += "md.ik" in open(out).read()
            os.remove(out)
            os.remove(src)
    print("kernels %d, transformed %d, failures %d" % (hi - lo, changed, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
