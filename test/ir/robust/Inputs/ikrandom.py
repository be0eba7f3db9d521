"""ikrandom.py -- random kernels for in-kernel magic and the clones:
Triton/Inductor-like index math over the block and thread ids and the
arguments (shl, or disjoint, add/sub nsw, and, or, xor, mul, shifts, select,
smax/smin, i16 round trips, quotients reused; 64-bit index math x * ks),
8-, 16-, 32- and 64-bit divisions by arguments, products of arguments and
the three fields of a constant struct (`__constant__`), half of them in
DivRemPairs' form (dividend and divisor frozen, the remainder n - q*d),
sext'd / zext'd i32 dividends of i64 sites, quotients' quotients, `<4 x
i32>` divisions by a splat and `<4 x i64>` ones of sext'd lanes by a frozen
splat; straight-line, behind an if, in an if/else joined by a PHI, in two
ifs in a row, in a loop (from 0, the thread id or an index; step 128 or
1024; with or without nsw) and in a loop with an if.  With --callee the
body is a noinline device function that the kernel calls with its own
arguments (in-kernel magic once per call; the callee clones).

Two uses, one generator (the same seed gives the same kernel):

  ikrandom.py [--target amdgpu] --opt OPT --llc LLC --plugin SO --options OPTS --seeds A:B DIR
      robustness (test/ir/robust/inkernel-random.test): each NVPTX kernel
      (or retargeted to AMDGPU) through `opt -passes=magicdiv<OPTS>`
      (which stops on a broken module), the verifier and llc -mcpu=sm_90
      (gfx90a).  One line per failure and
      a summary: kernels, how many the transform changed, failures.

  ikrandom.py --diff --opt OPT --clang CLANG --plugin SO --options OPTS
              --seeds A:B [--trials N] DIR
      differential execution on the CPU (test/diff/inkernel-random.test):
      the same kernel as a host module (the kernel marked "magicdiv-kernel",
      the special registers and the constant field read from globals this
      script sets), transformed and not, both compiled with clang -O2 into
      one shared object and called through ctypes as one thread with N
      random launches (block and thread ids, divisors of every magnitude
      and sign, edges).  An interpreter of the generated IR (below) gives
      each output byte's value under LLVM's semantics, or says it is
      poison / a frozen poison (not compared), or that the launch is
      undefined (a division by zero or overflow, a branch on poison: not
      run).  Every defined byte must equal the interpreter's in both
      builds (the untransformed one checks the interpreter).  OPTS may be
      several option sets separated by `|`, used in turn by seed.

Prints one line per failure and a summary: kernels, transformed, launches
compared, failures."""
import argparse
import ctypes
import os
import random
import re
import subprocess
import sys

P, U = "P", "U"  # poison; a frozen poison (some fixed value, unknown)


class UB(Exception):
    """The launch is undefined (or may be, for a frozen poison): not run."""


# ---------------------------------------------------------------- generator
# A kernel is its NVPTX text (lines) and, block by block, one semantic
# record per instruction for the interpreter: (dst, op, operands...).

FIELDS = [("i32", 0), ("i32", 4), ("i64", 8)]  # the constant struct @P


class Kernel:
    def __init__(self):
        self.lines = []
        self.blocks = {}
        self.cur = None
        self.outs = []  # (type, name) in order of definition
        self.n = 0

    def v(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, text, sem=None):
        self.lines.append("  " + text)
        if sem is not None:
            self.cur.append(sem)

    def out(self, ty, name):
        self.outs.append((ty, name))
        self.cur.append((None, "store", ty, name, len(self.outs)))

    def block(self, name):
        self.lines.append(name + ":")
        self.cur = self.blocks.setdefault(name, [])

    def br(self, target):
        self.emit("br label %%%s" % target, (None, "br", target))

    def condbr(self, c, t, f):
        self.emit("br i1 %s, label %%%s, label %%%s" % (c, t, f), (None, "condbr", c, t, f))


def gen(seed):
    R = random.Random(seed)
    K = Kernel()
    v = K.v
    K.lines.append("define ptx_kernel void @k(%s) {" % PARAMS)
    K.block("entry")
    pid = v(); K.emit("%s = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()" % pid, (pid, "sreg", "ctaid"))
    tid = v(); K.emit("%s = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()" % tid, (tid, "sreg", "tid"))
    pool32 = [pid, tid, "%a", "%b"]

    def bin(code, flag, w, x, y):
        r = v()
        K.emit("%s = %s i%d %s, %s" % (r, (code + " " + flag).strip(), w, x, y), (r, "bin", code, flag, w, x, y))
        return r

    def cast(kind, wf, wt, x, nlanes=0):
        r = v()
        tf, tt = ("<%d x i%d>" % (nlanes, w) if nlanes else "i%d" % w for w in (wf, wt))
        K.emit("%s = %s %s %s to %s" % (r, kind, tf, x, tt), (r, "cast", kind, wf, wt, x))
        return r

    def idx(pool):
        """One step of index math over POOL (Triton's and Inductor's ops)."""
        x = R.choice(pool)
        z = R.choice(pool + ["128", "7"])
        op = R.choice(["shl", "or disjoint", "add nsw", "and", "or", "mul", "add",
                       "sub", "sub nsw", "xor", "lshr", "ashr", "select", "smax",
                       "smin", "i16"])
        code, _, flag = op.partition(" ")
        if op == "shl":
            y = bin("shl", "", 32, x, str(R.choice([1, 5, 10, 31])))
        elif op in ("lshr", "ashr"):
            y = bin(op, "", 32, x, str(R.choice([1, 7, 16, 31])))
        elif op == "and":
            y = bin("and", "", 32, x, str(R.choice([127, 511, 2147483647, -1024])))
        elif op == "select":
            c = v(); y = v(); bound = R.choice(["64", "%n", "%a"])
            K.emit("%s = icmp slt i32 %s, %s" % (c, tid, bound), (c, "icmp", "slt", 32, tid, bound))
            K.emit("%s = select i1 %s, i32 %s, i32 %s" % (y, c, x, z), (y, "select", c, x, z))
        elif op in ("smax", "smin"):
            y = v()
            K.emit("%s = call i32 @llvm.%s.i32(i32 %s, i32 %s)" % (y, op, x, z), (y, "minmax", op, 32, x, z))
        elif op == "i16":
            y = cast(R.choice(["sext", "zext"]), 16, 32, cast("trunc", 32, 16, x))
        else:
            y = bin(code, flag, 32, x, z)
        pool.append(y)
        return y

    def idx64(x):
        """64-bit index math on an extended i32 (Inductor's int64 indexing:
        x * ks, + k, shifts): a dividend that need not fit 32 bits."""
        y = R.choice(["%k0", "%k1", "%k0", "1024", "-1"])
        op = R.choice(["mul", "mul nsw", "add nsw", "add", "shl", "or disjoint", "sub"])
        code, _, flag = op.partition(" ")
        if code == "shl":
            y = str(R.choice([1, 20, 32, 40]))
        return bin(code, flag, 64, x, y)

    def divisor(w):
        """A divisor: an argument, a field of the constant struct, or a
        product of arguments (Inductor's ks0 * ks1); for 8 and 16 bits a
        32-bit one truncated."""
        if w < 32:
            return cast("trunc", 32, w, divisor(32))
        c = R.random()
        if c < 0.25:
            f = R.choice([i for i, (ty, _) in enumerate(FIELDS) if ty == "i%d" % w])
            d = v(); off = FIELDS[f][1]
            addr = "@P" if off == 0 else "getelementptr inbounds (i8, ptr addrspace(4) @P, i64 %d)" % off
            K.emit("%s = load i%d, ptr addrspace(4) %s, align 4" % (d, w, addr), (d, "load", f))
            return d
        args = ["%a", "%b"] if w == 32 else ["%k0", "%k1"]
        if c < 0.35:
            return bin("mul", "", w, args[0], args[1])
        return R.choice(args)

    def site(pool):
        w = R.choice([32, 32, 32, 64, 64, 64, 16, 8])
        x = idx(pool)
        signed = R.random() < 0.7
        op = ("s" if signed else "u") + R.choice(["div", "rem"])
        if w < 32:
            x = cast("trunc", 32, w, x)
        if w == 64:
            x = cast("sext" if signed else R.choice(["zext", "zext nneg"]), 32, 64, x)
            if R.random() < 0.4:
                x = idx64(x)
        ty = "i%d" % w
        d = divisor(w)
        if R.random() < 0.5:
            f = v(); K.emit("%s = freeze %s %s" % (f, ty, x), (f, "freeze", x)); x = f
            df = v(); K.emit("%s = freeze %s %s" % (df, ty, d), (df, "freeze", d)); d = df
            q = v(); K.emit("%s = %sdiv %s %s, %s" % (q, op[0], ty, x, d), (q, "div", op[0] + "div", w, x, d))
            m = bin("mul", "", w, q, d)
            r = bin("sub", "", w, x, m)
            K.out(ty, q); K.out(ty, r)
        else:
            q = v(); K.emit("%s = %s %s %s, %s" % (q, op, ty, x, d), (q, "div", op, w, x, d))
            K.out(ty, q)
        if op.endswith("div") and R.random() < 0.4:  # the quotient's quotient
            op2 = op[0] + R.choice(["div", "rem"])
            d2 = divisor(w)
            q2 = v(); K.emit("%s = %s %s %s, %s" % (q2, op2, ty, q, d2), (q2, "div", op2, w, q, d2))
            K.out(ty, q2)
        if w == 32 and R.random() < 0.3:
            pool.append(q)  # a quotient in later index math

    def vsite(pool):
        xs = [idx(pool) for _ in range(4)]
        vec = "poison"
        for j, x in enumerate(xs):
            nv = v()
            K.emit("%s = insertelement <4 x i32> %s, i32 %s, i64 %d" % (nv, vec, x, j), (nv, "ins", vec, x, j))
            vec = nv
        if R.random() < 0.3:  # <4 x i32> by a splat of an argument
            k = v(); K.emit("%s = insertelement <4 x i32> poison, i32 %%a, i64 0" % k, (k, "ins", "poison", "%a", 0))
            sp = v(); K.emit("%s = shufflevector <4 x i32> %s, <4 x i32> poison, <4 x i32> zeroinitializer" % (sp, k), (sp, "splat", k))
            q = v(); op = R.choice(["udiv", "urem", "sdiv", "srem"])
            K.emit("%s = %s <4 x i32> %s, %s" % (q, op, vec, sp), (q, "div", op, 32, vec, sp))
            K.out("<4 x i32>", q)
            return
        sx = cast("sext", 32, 64, vec, 4)
        k = v(); K.emit("%s = insertelement <4 x i64> poison, i64 %%k0, i64 0" % k, (k, "ins", "poison", "%k0", 0))
        sp = v(); K.emit("%s = shufflevector <4 x i64> %s, <4 x i64> poison, <4 x i32> zeroinitializer" % (sp, k), (sp, "splat", k))
        fx = v(); K.emit("%s = freeze <4 x i64> %s" % (fx, sx), (fx, "freeze", sx))
        fk = v(); K.emit("%s = freeze <4 x i64> %s" % (fk, sp), (fk, "freeze", sp))
        q = v(); K.emit("%s = sdiv <4 x i64> %s, %s" % (q, fx, fk), (q, "div", "sdiv", 64, fx, fk))
        m = v(); K.emit("%s = mul <4 x i64> %s, %s" % (m, q, fk), (m, "bin", "mul", "", 64, q, fk))
        r = v(); K.emit("%s = sub <4 x i64> %s, %s" % (r, fx, m), (r, "bin", "sub", "", 64, fx, m))
        K.out("<4 x i64>", q); K.out("<4 x i64>", r)

    def sites(pool, lo, hi):
        for _ in range(R.randint(lo, hi)):
            if R.random() < 0.5:
                idx(pool)
            if R.random() < 0.15:
                vsite(pool)
            else:
                site(pool)

    def cond(x, bound):
        c = v(); K.emit("%s = icmp slt i32 %s, %s" % (c, x, bound), (c, "icmp", "slt", 32, x, bound))
        return c

    sites(pool32, 1, 4)
    shape = R.choice(["straight", "if", "ifelse", "twoifs", "loop", "loopif"])
    if shape == "straight":
        K.br("exit")
    elif shape == "if":
        K.condbr(cond(tid, "%n"), "b1", "exit")
        K.block("b1"); sites(list(pool32), 1, 4); K.br("exit")
    elif shape == "ifelse":
        K.condbr(cond(tid, "%n"), "bt", "bf")
        K.block("bt"); pt = list(pool32); sites(pt, 1, 3); xt = idx(pt); K.br("join")
        K.block("bf"); pf = list(pool32); sites(pf, 1, 3); xf = idx(pf); K.br("join")
        K.block("join")
        x = v(); K.emit("%s = phi i32 [ %s, %%bt ], [ %s, %%bf ]" % (x, xt, xf), (x, "phi", {"bt": xt, "bf": xf}))
        sites(pool32 + [x], 1, 3); K.br("exit")
    elif shape == "twoifs":
        K.condbr(cond(tid, "%n"), "b1", "m1")
        K.block("b1"); sites(list(pool32), 1, 3); K.br("m1")
        K.block("m1"); c = cond(R.choice(pool32), "%n"); K.condbr(c, "b2", "exit")
        K.block("b2"); sites(list(pool32), 1, 3); K.br("exit")
    else:
        start = R.choice(["0", tid, pool32[-1]])
        step = R.choice(["1024", "128"])
        flag = R.choice(["", "nsw", "nuw nsw"])
        K.br("loop")
        K.block("loop")
        ph = v()
        K.emit("%s = phi i32 [ %s, %%entry ], [ %%pn, %%latch ]" % (ph, start), (ph, "phi", {"entry": start, "latch": "%pn"}))
        body = list(pool32) + [ph]
        sites(body, 1, 3)
        if shape == "loopif":
            K.condbr(cond(R.choice(body), "%n"), "inner", "latch")
            K.block("inner"); sites(list(body), 1, 2); K.br("latch")
        else:
            K.br("latch")
        K.block("latch")
        K.emit("%%pn = add %s i32 %s, %s" % (flag, ph, step), ("%pn", "bin", "add", flag, 32, ph, step))
        K.condbr(cond("%pn", "%n"), "loop", "exit")
    K.block("exit")
    K.emit("ret void", (None, "ret"))
    K.lines.append("}")
    return K


def store_size(ty):
    return {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "<4 x i32>": 16, "<4 x i64>": 32}[ty]


DECLS = ["declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
         "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
         "declare i32 @llvm.smax.i32(i32, i32)",
         "declare i32 @llvm.smin.i32(i32, i32)"]


PARAMS = ("ptr addrspace(1) %out, i32 %a, i32 %b, i64 %k0, i64 %k1, i32 %n")


def text(K, callee=False):
    """The NVPTX module: each output stored right after its definition at
    `getelementptr TYPE, %out, i32 k` (k counts the stores from 1).  With
    CALLEE the body is a noinline device function @k.body that the kernel
    @k calls with its own arguments (the same launch semantics)."""
    body = []
    where = {q: (ty, k + 1) for k, (ty, q) in enumerate(K.outs)}
    for line in K.lines:
        body.append(line)
        nm = line.strip().split(" = ")[0]
        if nm in where:
            ty, k = where[nm]
            body.append("  %%st%d = getelementptr %s, ptr addrspace(1) %%out, i32 %d" % (k, ty, k))
            body.append("  store %s %s, ptr addrspace(1) %%st%d" % (ty, nm, k))
    hdr = ['target triple = "nvptx64-nvidia-cuda"'] + DECLS + [
        "@P = addrspace(4) externally_initialized global { i32, i32, i64 } zeroinitializer, align 8", ""]
    if callee:
        body[0] = body[0].replace("define ptx_kernel void @k(", "define internal void @k.body(")
        body[0] = body[0].replace(") {", ") #0 {")
        names = ", ".join(p.strip() for p in PARAMS.split(","))
        body += ["", "define ptx_kernel void @k(%s) {" % PARAMS,
                 "  call void @k.body(%s)" % names, "  ret void", "}",
                 "attributes #0 = { noinline }"]
    return "\n".join(hdr + body) + "\n"


def amdgpu_text(K, callee=False):
    """The same kernel for AMDGPU (workgroup / workitem ids, amdgpu_kernel;
    address spaces 1 and 4 mean the same there)."""
    t = text(K, callee).replace('target triple = "nvptx64-nvidia-cuda"', 'target triple = "amdgcn-amd-amdhsa"')
    t = t.replace("llvm.nvvm.read.ptx.sreg.ctaid.x", "llvm.amdgcn.workgroup.id.x")
    t = t.replace("llvm.nvvm.read.ptx.sreg.tid.x", "llvm.amdgcn.workitem.id.x")
    return t.replace("define ptx_kernel", "define amdgpu_kernel")


def host_text(K, name, callee=False):
    """The same kernel for the CPU, named NAME: no triple (the host's), no
    address spaces, the kernel marked "magicdiv-kernel" (the plugin's
    any-target mode), @P an external constant the script defines."""
    t = text(K, callee).replace("@k.body(", "@%s.body(" % name)
    t = t.replace('target triple = "nvptx64-nvidia-cuda"\n', "")
    t = t.replace("@P = addrspace(4) externally_initialized global { i32, i32, i64 } zeroinitializer, align 8",
                  "@P = external constant { i32, i32, i64 }, align 8")
    t = t.replace(" addrspace(1)", "").replace(" addrspace(4)", "")
    t = t.replace("define ptx_kernel void @k(", "define void @%s(" % name)
    t += ('@.str = private unnamed_addr constant [16 x i8] c"magicdiv-kernel\\00", section "llvm.metadata"\n'
          '@.file = private unnamed_addr constant [5 x i8] c"k.ll\\00", section "llvm.metadata"\n'
          "@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] "
          "[{ ptr, ptr, ptr, i32, ptr } { ptr @%s, ptr @.str, ptr @.file, i32 1, ptr null }], "
          'section "llvm.metadata"\n' % name)
    return t


# -------------------------------------------------------------- interpreter
# Scalars are unsigned bit patterns (int), P or U; vectors tuples of them;
# i1 values True / False / P / U.

def sgn(x, w):
    return x - (1 << w) if x >> (w - 1) else x


def taint(*xs):
    return P if P in xs else U if U in xs else None


def lanes(f, *xs):
    """f applied lane by lane when any operand is a vector."""
    if any(isinstance(x, tuple) for x in xs):
        n = max(len(x) for x in xs if isinstance(x, tuple))
        return tuple(f(*[x[i] if isinstance(x, tuple) else x for x in xs]) for i in range(n))
    return f(*xs)


def binop(code, flag, w, a, b):
    t = taint(a, b)
    if t:
        return t
    mask = (1 << w) - 1
    if code in ("shl", "lshr", "ashr"):
        if b >= w:
            return P
        return (a << b) & mask if code == "shl" else a >> b if code == "lshr" else (sgn(a, w) >> b) & mask
    if code == "and":
        return a & b
    if code == "xor":
        return a ^ b
    if code == "or":
        return P if "disjoint" in flag and a & b else a | b
    if code == "mul":
        s, u = sgn(a, w) * sgn(b, w), a * b
    elif code == "sub":
        s, u = sgn(a, w) - sgn(b, w), a - b
    else:
        assert code == "add", code
        s, u = sgn(a, w) + sgn(b, w), a + b
    if "nsw" in flag and not -(1 << (w - 1)) <= s < (1 << (w - 1)):
        return P
    if "nuw" in flag and not 0 <= u <= mask:
        return P
    return u & mask


def castop(kind, wf, wt, a):
    if a in (P, U):
        return a
    if kind == "trunc":
        return a & ((1 << wt) - 1)
    if kind == "sext":
        return sgn(a, wf) & ((1 << wt) - 1)
    if kind == "zext nneg" and a >> (wf - 1):
        return P
    return a


def divop(op, w, a, b):
    if b in (P, U) or b == 0:
        raise UB("%s by %s" % (op, b))
    minus1 = (1 << w) - 1
    if op[0] == "s" and b == minus1 and (a in (P, U) or a == 1 << (w - 1)):
        raise UB("%s overflow" % op)
    if a == P:
        # Defined in LLVM IR (the result is poison), but the x86 backend
        # divides by what the dividend's facts allow and traps where they
        # do not hold: a poison `add nsw` of non-negatives taken as
        # non-negative, idiv with the high word cleared, overflows; a
        # poison `zext nneg` taken as below 2^31, `udiv i64` done as divl
        # by the divisor's low word (0 for 2^63).
        raise UB("%s of poison (x86 may trap)" % op)
    if a in (P, U):
        return a
    if op[0] == "u":
        return a // b if op == "udiv" else a % b
    sa, sb = sgn(a, w), sgn(b, w)
    q = abs(sa) // abs(sb) * (1 if (sa < 0) == (sb < 0) else -1)
    return (q if op == "sdiv" else sa - q * sb) & ((1 << w) - 1)


def cmpop(pred, w, a, b):
    t = taint(a, b)
    if t:
        return t
    if pred == "slt":
        return sgn(a, w) < sgn(b, w)
    raise AssertionError(pred)


def minmax(kind, w, a, b):
    t = taint(a, b)
    if t:
        return t
    key = (lambda x: sgn(x, w)) if kind[0] == "s" else (lambda x: x)
    return (max if kind.endswith("max") else min)(a, b, key=key)


def run(K, inputs, memsize):
    """The output bytes after one launch: a value or None (not defined).
    Raises UB where the launch is (or may be) undefined."""
    env = {"%a": inputs["a"] & 0xffffffff, "%b": inputs["b"] & 0xffffffff,
           "%k0": inputs["k0"] & (2**64 - 1), "%k1": inputs["k1"] & (2**64 - 1),
           "%n": inputs["n"] & 0xffffffff, "poison": (P,) * 4}
    mem = [0xAB] * memsize

    def val(x, w=32):
        return env[x] if x in env else int(x) & ((1 << w) - 1)

    def store(ty, x, k):
        size = store_size(ty)
        xs = x if isinstance(x, tuple) else (x,)
        lw = size // len(xs)
        for j, e in enumerate(xs):
            for i in range(lw):
                mem[k * size + j * lw + i] = None if e in (P, U) else (e >> (8 * i)) & 255

    bb, prev = "entry", None
    for _ in range(400):
        for s in K.blocks[bb]:
            dst, op = s[0], s[1]
            if op == "sreg":
                env[dst] = inputs[s[2]]
            elif op == "bin":
                env[dst] = lanes(lambda a, b: binop(s[2], s[3], s[4], a, b), val(s[5], s[4]), val(s[6], s[4]))
            elif op == "cast":
                env[dst] = lanes(lambda a: castop(s[2], s[3], s[4], a), val(s[5]))
            elif op == "freeze":
                env[dst] = lanes(lambda a: U if a == P else a, val(s[2]))
            elif op == "div":
                env[dst] = lanes(lambda a, b: divop(s[2], s[3], a, b), val(s[4]), val(s[5]))
            elif op == "icmp":
                env[dst] = cmpop(s[2], s[3], val(s[4]), val(s[5]))
            elif op == "select":
                c = env[s[2]]
                env[dst] = c if c in (P, U) else val(s[3]) if c else val(s[4])
            elif op == "minmax":
                env[dst] = minmax(s[2], s[3], val(s[4]), val(s[5]))
            elif op == "ins":
                vec = list(val(s[2]))
                vec[s[4]] = val(s[3])
                env[dst] = tuple(vec)
            elif op == "splat":
                env[dst] = (val(s[2])[0],) * len(val(s[2]))
            elif op == "phi":
                env[dst] = val(s[2][prev])
            elif op == "load":
                ty, _ = FIELDS[s[2]]
                env[dst] = inputs["P"][s[2]] & ((1 << int(ty[1:])) - 1)
            elif op == "store":
                store(s[2], val(s[3]), s[4])
            elif op == "ret":
                return mem
            elif op == "br":
                prev, bb = bb, s[2]
                break
            elif op == "condbr":
                c = env[s[2]]
                if c in (P, U):
                    raise UB("branch on %s" % c)
                prev, bb = bb, s[3] if c else s[4]
                break
            else:
                raise AssertionError(op)
    raise UB("too many blocks for the interpreter")


# ------------------------------------------------------------- differential

E32 = [0, 1, 2, 3, 5, 7, 10, 128, 1000, 65535, 65537, 2**31 - 1, 2**30,
       -1, -2, -3, -7, -128, -2**31, -2**31 + 1]
E64 = [1, 2, 3, 7, 1000, 2**31 - 1, 2**31, 2**31 + 1, 2**32 - 1, 2**32,
       2**32 + 1, 2**62, 2**63 - 1, -1, -2, -7, -2**31, -2**31 - 1, -2**63, 0]
IDS = [0, 1, 2, 3, 1000, 2**21 - 1, 2**21, 2**22 + 7, 2**31 - 2]


def pick(R, edges, w):
    c = R.random()
    if c < 0.35:
        return R.choice(edges)
    x = R.getrandbits(R.randint(1, w - 1))
    return -x if R.random() < 0.3 else x


def launches(R, count):
    for _ in range(count):
        yield {"ctaid": R.choice(IDS) if R.random() < 0.4 else R.randrange(2**31 - 1),
               "tid": R.choice([0, 1, 127, 128, 1023]) if R.random() < 0.3 else R.randrange(1024),
               "a": pick(R, E32, 32), "b": pick(R, E32, 32),
               "P": (pick(R, E32, 32), pick(R, E32, 32), pick(R, E64, 64)),
               "k0": pick(R, E64, 64), "k1": pick(R, E64, 64),
               "n": R.choice([-5, 0, 1, 100, 1024, 1025, 2048, 3000, 5000, 2**31 - 1]),
               "grid": R.choice([1, 2, 1000, 2**20, 2**31 - 1]), "block": R.choice([1, 64, 128, 256, 1024])}


HELPER = """int ikr_ctaid, ikr_tid, ikr_nctaid, ikr_ntid;
struct { int c0, c1; long long c2; } P;
int ikr_sreg_ctaid_x(void) { return ikr_ctaid; }
int ikr_sreg_tid_x(void) { return ikr_tid; }
int ikr_sreg_nctaid_x(void) { return ikr_nctaid; }
int ikr_sreg_ntid_x(void) { return ikr_ntid; }
"""


class Dims(ctypes.Structure):  # md_dims (magicdiv.h)
    _fields_ = [("grid", ctypes.c_uint32 * 3), ("block", ctypes.c_uint32 * 3)]


class Extra(ctypes.Structure):  # md_extra, value[] at least MD_MAX_EXTRA long
    _fields_ = [("n_params", ctypes.c_uint32), ("n_extra", ctypes.c_uint32),
                ("value", ctypes.c_uint64 * 512)]


CTYPE = {"ptr": ctypes.c_void_p, "i32": ctypes.c_int32, "i64": ctypes.c_int64}


def clone_params(out_ll, name):
    """The IR parameter types of NAME in OUT_LL, or None when there is none."""
    m = re.search(r"define [^@]*@%s\(([^)]*)\)" % re.escape(name), open(out_ll).read())
    return [p.split()[0] for p in m.group(1).split(", ")] if m else None


class Clones:
    """The clones the pass made of k (k__magicdiv, k__magicdiv_plain) and
    what the runtime does at a launch: md_desc_fill on the clone's
    descriptor, then on the plain clone's; the first that says MD_OK runs
    with its magic parameters, else the original."""

    def __init__(self, lib, rt, out_ll):
        self.tiers = []
        for name in ("k__magicdiv", "k__magicdiv_plain"):
            types = clone_params(out_ll, name)
            if types is None:
                continue
            f = getattr(lib, name)
            f.argtypes = [CTYPE[t] for t in types]
            f.restype = None
            desc = ctypes.addressof(ctypes.c_uint8.in_dll(lib, name + "_desc"))
            size = ctypes.c_uint32.from_address(desc + 8).value
            self.tiers.append((name, f, types, desc, size))
        self.rt = rt

    def pick(self, args, inp):
        """(name, function, argument values) of what runs, or None (the
        original)."""
        vals = [ctypes.c_void_p(0), ctypes.c_int32(args[0]), ctypes.c_int32(args[1]),
                ctypes.c_int64(args[2]), ctypes.c_int64(args[3]), ctypes.c_int32(args[4])]
        ptrs = (ctypes.c_void_p * 6)(*[ctypes.addressof(v) for v in vals])
        dims = Dims((max(inp["grid"], inp["ctaid"] + 1), 1, 1), (max(inp["block"], inp["tid"] + 1), 1, 1))
        for name, f, types, desc, size in self.tiers:
            ex = Extra()
            if self.rt.md_desc_fill(ctypes.c_void_p(desc), ctypes.c_size_t(size), ptrs,
                                    ctypes.byref(dims), ctypes.byref(ex)) != 0:
                continue
            assert ex.n_params == 6 and 6 + ex.n_extra == len(types), (name, ex.n_params, ex.n_extra)
            extra = [ex.value[i] & (0xffffffff if t == "i32" else 2**64 - 1) for i, t in enumerate(types[6:])]
            extra = [ctypes.c_int32(x).value if t == "i32" else ctypes.c_int64(x).value
                     for x, t in zip(extra, types[6:])]
            return name, f, list(args) + extra, dims
        return None


def sh(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode, r.stderr.strip()


def call_all(K, so, rt, todo, report):
    """In the child: every launch of TODO that the interpreter defines, in
    both builds of SO and in the clone the runtime RT picks; REPORT(line)
    before each call (the parent names the launch a trap stopped) and the
    outcome last: launches compared, clone launches, error."""
    lib = ctypes.CDLL(os.path.abspath(so))
    clones = Clones(lib, ctypes.CDLL(rt), so[:-3] + ".out.ll") if rt else None
    sig = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_int64,
           ctypes.c_int64, ctypes.c_int32]
    fns = (("k", lib.k), ("ref", lib.ref))
    for _, f in fns:
        f.argtypes = sig
    g = {n: ctypes.c_int32.in_dll(lib, n) for n in ("ikr_ctaid", "ikr_tid", "ikr_nctaid", "ikr_ntid")}

    class Fields(ctypes.Structure):
        _fields_ = [("c0", ctypes.c_int32), ("c1", ctypes.c_int32), ("c2", ctypes.c_int64)]
    fields = Fields.in_dll(lib, "P")
    memsize = 32 * (len(K.outs) + 2)
    i32 = lambda x: ctypes.c_int32(x & 0xffffffff).value
    i64 = lambda x: ctypes.c_int64(x & (2**64 - 1)).value
    compared = ncl = 0
    what = {"k": "transformed", "ref": "reference (the interpreter is wrong)"}
    for j, inp in enumerate(todo):
        try:
            want = run(K, inp, memsize)
        except UB:
            continue
        g["ikr_ctaid"].value, g["ikr_tid"].value = inp["ctaid"], inp["tid"]
        fields.c0, fields.c1, fields.c2 = i32(inp["P"][0]), i32(inp["P"][1]), i64(inp["P"][2])
        args = (i32(inp["a"]), i32(inp["b"]), i64(inp["k0"]), i64(inp["k1"]), i32(inp["n"]))
        calls = [(nm, f, args) for nm, f in fns]
        tier = clones.pick(args, inp) if clones else None
        if tier:
            name, f, cargs, dims = tier
            g["ikr_nctaid"].value, g["ikr_ntid"].value = dims.grid[0], dims.block[0]
            calls.append((name, f, cargs))
            what[name] = "%s (grid %d, block %d)" % (name, dims.grid[0], dims.block[0])
            ncl += 1
        got = {}
        for nm, f, fa in calls:
            report("call %d %s" % (j, nm))
            buf = ctypes.create_string_buffer(b"\xab" * memsize, memsize)
            f(buf, *fa)
            got[nm] = buf.raw
        for nm, _, _ in calls:
            bad = [i for i in range(memsize) if want[i] is not None and got[nm][i] != want[i]]
            if bad:
                report("done %d %d %s differs at byte %d: %s" % (compared, ncl, what[nm], bad[0], inp))
                return
        compared += 1
    report("done %d %d" % (compared, ncl))


def execute(K, so, rt, todo):
    """call_all in a child process: a trap (a division by zero or overflow
    the original does not have) is a failure naming its launch, not the
    end of this script.  Returns (error or None, launches compared, clone
    launches)."""
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(rd)
        out = os.fdopen(wr, "w", buffering=1)
        try:
            call_all(K, so, rt, todo, lambda line: out.write(line + "\n"))
        finally:
            os._exit(0)
    os.close(wr)
    lines = os.fdopen(rd).read().splitlines()
    _, status = os.waitpid(pid, 0)
    last = lines[-1] if lines else ""
    if last.startswith("done "):
        n, ncl, why = (last[5:] + " ").split(" ", 2)
        return why.strip() or None, int(n), int(ncl)
    if last.startswith("call "):
        j, nm = last[5:].split()
        return ("%s stopped by signal %d at %s" % ({"k": "transformed", "ref": "reference"}.get(nm, nm),
                                                   os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0,
                                                   todo[int(j)]), 0, 0)
    return "the child stopped before its first launch (status %d): %s" % (status, last), 0, 0


def diff_one(a, seed, opts, d):
    K = gen(seed)
    base = os.path.join(d, "k%d" % seed)
    open(base + ".ref.ll", "w").write(host_text(K, "ref", a.callee))
    open(base + ".ll", "w").write(host_text(K, "k", a.callee))
    rc, err = sh([a.opt, "-load-pass-plugin=" + a.plugin, "-passes=magicdiv<%s>" % opts,
                  "-S", base + ".ll", "-o", base + ".out.ll"])
    if rc:
        return "opt: " + err[:300], 0, 0, 0
    ren = re.compile(r"@llvm\.nvvm\.read\.ptx\.sreg\.([a-z]+)\.x")
    for f in (base + ".out.ll", base + ".ref.ll"):
        t = ren.sub(r"@ikr_sreg_\1_x", open(f).read())
        open(f, "w").write(t)
    open(base + ".c", "w").write(HELPER)
    so = base + ".so"
    rc, err = sh([a.clang, "-O2", "-shared", "-fPIC", "-Wno-override-module",
                  base + ".out.ll", base + ".ref.ll", base + ".c", "-o", so])
    if rc:
        return "clang: " + err[:300], 0, 0, 0
    t = open(base + ".out.ll").read()
    changed = "md.ik" in t or "@k__magicdiv(" in t
    R = random.Random(seed * 7919 + 1)
    todo = list(launches(R, a.trials))
    err, compared, ncl = execute(K, so, a.rt, todo)
    if err:
        return err + " (options %s)" % opts, changed, compared, ncl
    for ext in (".ll", ".ref.ll", ".out.ll", ".c", ".so"):
        os.remove(base + ext)
    return None, changed, compared, ncl


def robust_one(a, seed, opts, d):
    """opt (stops on a broken module), the verifier, llc for the target."""
    K = gen(seed)
    src = os.path.join(d, "k%d.ll" % seed)
    out = os.path.join(d, "k%d.out.ll" % seed)
    amd = a.target == "amdgpu"
    open(src, "w").write(amdgpu_text(K, a.callee) if amd else text(K, a.callee))
    llc = [a.llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a"] if amd else [a.llc, "-mcpu=sm_90"]
    steps = [[a.opt, "-load-pass-plugin=" + a.plugin, "-passes=magicdiv<%s>" % opts,
              "-S", src, "-o", out],
             [a.opt, "-passes=verify", "-disable-output", out],
             llc + ["-O3", out, "-o", os.devnull]]
    for cmd in steps:
        rc, err = sh(cmd)
        if rc != 0:
            return "%s: %s (options %s)" % (os.path.basename(cmd[0]), err[:300], opts), 0, 0, 0
    changed = "md.ik" in open(out).read()
    os.remove(out)
    os.remove(src)
    return None, changed, 0, 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--opt", required=True)
    ap.add_argument("--llc")
    ap.add_argument("--clang")
    ap.add_argument("--rt", help="libmagicdiv_rt.so: run the clones too (--diff)")
    ap.add_argument("--target", choices=["nvptx", "amdgpu"], default="nvptx")
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--options", required=True)
    ap.add_argument("--seeds", required=True)
    ap.add_argument("--diff", action="store_true")
    ap.add_argument("--callee", action="store_true",
                    help="the body in a noinline device function the kernel calls")
    ap.add_argument("--trials", type=int, default=300)
    ap.add_argument("dir")
    a = ap.parse_args()
    if not (a.clang if a.diff else a.llc):
        ap.error("--diff needs --clang, the robustness mode --llc")
    lo, hi = (int(x) for x in a.seeds.split(":"))
    os.makedirs(a.dir, exist_ok=True)
    changed = fails = total = clones = 0
    optsets = a.options.split("|")
    for s in range(lo, hi):
        one = diff_one if a.diff else robust_one
        err, ch, n, ncl = one(a, s, optsets[s % len(optsets)], a.dir)
        changed += ch
        total += n
        clones += ncl
        if err:
            fails += 1
            print("FAIL seed %d: %s" % (s, err))
    if a.diff:
        print("kernels %d, transformed %d, launches compared %d, clone launches %d, failures %d"
              % (hi - lo, changed, total, clones, fails))
    else:
        print("kernels %d, transformed %d, failures %d" % (hi - lo, changed, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
