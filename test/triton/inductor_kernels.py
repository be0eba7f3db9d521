"""Inductor-style index kernels compiled by Triton (no GPU needed) with and
without magicdiv_triton: what the in-kernel transform does to each.

For every kernel (pointwise permute at XBLOCK 1024 and 128, a reduction
whose loop divides by ks0 at RBLOCK 1024 and 128, the permute with
Inductor's int64 indexing at XBLOCK 1024 and 128) prints one line (PTX
counts, divisions transformed, left native by the model, cache key) and
checks: with the module on, every division left in the LLVM IR is a
slow-path original (!magicdiv.inkernel) or one the model left native with
a remark; a kernel with none transformed has Triton's own PTX; the
compile-cache keys differ, also between two builds of magicdiv-ir.
Then one line per kernel of SASS (with Triton's own nvdisasm, or
$NVDISASM): what one thread issues on its path (bench/sass/issued.py; the
reduction per loop iteration) and the native division sequences on it
(I2F.U32.RP, each divisor's reciprocal); checks: fewer instructions and
fewer native divisions where transformed, the same where not (the
int64 kernels skipped: their native bypasses make 2^24 paths).  Then the
sign guard (option inkernel-guard) against the signed form: the permute
and the reduction at 1024 once more without it, and without it forced
(inkernel-force); checks: the guard issues the fewest.
Usage: inductor_kernels.py [--sass OUT.md]  (--sass: also the table for
bench/RESULTS.md)."""
import os
import re
import shutil
import sys
import tempfile

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "sass"))
import issued  # noqa: E402
import magicdiv_triton  # noqa: E402


@triton.jit
def permute(in_ptr, out_ptr, ks0, ks1, xnumel, XBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    x0 = xindex % ks0
    x1 = (xindex // ks0) % ks1
    x2 = xindex // (ks0 * ks1)
    tmp = tl.load(in_ptr + (x1 + ks1 * x0 + ks0 * ks1 * x2), xmask)
    tl.store(out_ptr + xindex, tmp, xmask)


@triton.jit
def reduce_rows(in_ptr, out_ptr, ks0, ks1, xnumel, rnumel,
                XBLOCK: tl.constexpr, RBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rbase = tl.arange(0, RBLOCK)[None, :]
    acc = tl.zeros([XBLOCK, RBLOCK], tl.float32)
    for roffset in range(0, rnumel, RBLOCK):
        rindex = roffset + rbase
        rmask = rindex < rnumel
        r1 = rindex % ks0
        r2 = rindex // ks0
        tmp = tl.load(in_ptr + (r1 + ks1 * r2 + ks0 * ks1 * xindex),
                      rmask & xmask, other=0.0)
        acc += tmp
    tl.store(out_ptr + xindex, tl.sum(acc, 1)[:, None], xmask)


@triton.jit
def permute64(in_ptr, out_ptr, ks0, ks1, xnumel, XBLOCK: tl.constexpr):
    """Inductor's int64 indexing (large tensors): i64 sizes and index."""
    xoffset = tl.program_id(0).to(tl.int64) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK).to(tl.int64)
    xmask = xindex < xnumel
    x0 = xindex % ks0
    x1 = (xindex // ks0) % ks1
    x2 = xindex // (ks0 * ks1)
    tmp = tl.load(in_ptr + (x1 + ks1 * x0 + ks0 * ks1 * x2), xmask)
    tl.store(out_ptr + xindex, tmp, xmask)


SIG_P = {"in_ptr": "*fp32", "out_ptr": "*fp32", "ks0": "i32", "ks1": "i32",
         "xnumel": "i32", "XBLOCK": "constexpr"}
SIG_R = dict(SIG_P, rnumel="i32", RBLOCK="constexpr")
SIG_P64 = dict(SIG_P, ks0="i64", ks1="i64", xnumel="i64")
KERNELS = [
    ("permute_x1024", permute, SIG_P, {"XBLOCK": 1024}),
    ("permute_x128", permute, SIG_P, {"XBLOCK": 128}),
    ("reduce_r1024", reduce_rows, SIG_R, {"XBLOCK": 1, "RBLOCK": 1024}),
    ("reduce_r128", reduce_rows, SIG_R, {"XBLOCK": 1, "RBLOCK": 128}),
    ("permute64_x1024", permute64, SIG_P64, {"XBLOCK": 1024}),
    ("permute64_x128", permute64, SIG_P64, {"XBLOCK": 128}),
]
TARGET = GPUTarget("cuda", 90, 32)
NATIVE = re.compile(r"\b(div|rem)\.[su](32|64)\b")


def compile_one(fn, sig, consts):
    src = ASTSource(fn=fn, signature=sig, constexprs=consts)
    return triton.compile(src, target=TARGET)


def check_ptx(off, on):
    """One line per kernel (PTX, IR, cache key); the number of failures."""
    bad = 0
    for name, _, _, _ in KERNELS:
        a, b = off[name], on[name]
        n_off = len(NATIVE.findall(a.asm["ptx"]))
        n_on = len(NATIVE.findall(b.asm["ptx"]))
        divs = [l for l in b.asm["llir"].splitlines()
                if re.search(r"= (s|u)(div|rem) i(32|64)", l)]
        slow = [l for l in divs if "!magicdiv.inkernel" in l]
        _, rem = magicdiv_triton.transform(a.asm["llir"], remarks=True)
        native = rem.count("left native")
        transformed = "md.ik" in b.asm["llir"]
        print("%s: native div/rem in PTX %d -> %d, %s, %d of %d divisions "
              "transformed (the originals on the slow path), %d native by "
              "the model, cache key %s" %
              (name, n_off, n_on, "transformed" if transformed else "native",
               len(slow), len(divs), native,
               "differs" if a.hash != b.hash else "SAME"))
        if a.hash == b.hash:
            bad += 1
        # every division is transformed or left native with a remark
        if len(slow) + native != len(divs):
            bad += 1
        if transformed and "rcp.rn.f64" not in b.asm["ptx"]:
            bad += 1
        if not transformed and a.asm["ptx"] != b.asm["ptx"]:
            bad += 1
    return bad


def check_key(off, tool):
    """The cache key follows magicdiv-ir's build: the same tool with one
    byte more (another build, same version string) gives another key.
    The number of failures."""
    name, fn, sig, c = KERNELS[1]
    other = os.path.join(tempfile.mkdtemp(prefix="md-triton-ir-"),
                         "magicdiv-ir")
    shutil.copyfile(tool, other)
    with open(other, "ab") as f:
        f.write(b"\0")
    os.chmod(other, 0o755)
    magicdiv_triton.enable(tool=tool, remarks=False)
    k1 = compile_one(fn, sig, c).hash
    magicdiv_triton.enable(tool=other, remarks=False)
    k2 = compile_one(fn, sig, c).hash
    magicdiv_triton.disable()
    k0 = compile_one(fn, sig, c).hash
    ok = len({k0, k1, k2}) == 3 and k0 == off[name].hash
    print("cache key: plain, magicdiv-ir, another magicdiv-ir build: %s; "
          "after disable(): Triton's own %s" %
          ("3 keys" if len({k0, k1, k2}) == 3 else "SAME",
           "again" if k0 == off[name].hash else "NOT again"))
    return 0 if ok else 1


GUARD_KERNELS = ("permute_x1024", "reduce_r1024")


def check_guard(on, nvd):
    """The sign guard against the signed form: the kernels whose signed
    divisions it takes compiled again with no-inkernel-guard (the model
    then leaves the permute's 16 srem native) and with no-inkernel-guard
    and inkernel-force (every site in the signed form); SASS issued per
    thread on the path.  The number of failures: the guard must issue the
    fewest."""
    if not nvd:
        return 0
    tdir = tempfile.mkdtemp(prefix="md-triton-guard-")
    variants = (("no guard", "inkernel-args;no-inkernel-guard"),
                ("no guard forced",
                 "inkernel-args;no-inkernel-guard;inkernel-force"))
    bad = 0
    for name, fn, sig, c in KERNELS:
        if name not in GUARD_KERNELS:
            continue
        counts = []
        for tag, opts in variants:
            magicdiv_triton.enable(options=opts, remarks=False)
            k = compile_one(fn, sig, c)
            magicdiv_triton.disable()
            counts.append(sass_count(name, tag.replace(" ", "_"), k, tdir,
                                     nvd)[0])
        guard = sass_count(name, "guard", on[name], tdir, nvd)[0]
        per = " per iteration" if "reduce" in name else ""
        print("%s: sign guard: SASS issued per thread on the path%s, no "
              "guard %d, no guard forced %d, guard %d" %
              (name, per, counts[0], counts[1], guard))
        bad += 0 if guard < min(counts) else 1
    return bad


def main():
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="md-triton-")
    sass_out = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--sass" else None
    off = {name: compile_one(fn, sig, c) for name, fn, sig, c in KERNELS}
    magicdiv_triton.enable(remarks=False)
    tool = magicdiv_triton._state["tool"]
    on = {name: compile_one(fn, sig, c) for name, fn, sig, c in KERNELS}
    magicdiv_triton.disable()
    bad = check_ptx(off, on) + check_key(off, tool)
    bad += check_sass(off, on, sass_out)
    bad += check_guard(on, _nvdisasm())
    print("triton in-kernel: %s" % ("FAILED" if bad else "ok"))
    return 1 if bad else 0


SIGS = ["I2F.RP", "I2F.U32.RP", "CALL"]


def _longest(cub, kern, magic, maxback, nvd):
    """(instructions, native division reciprocals) on the longest path
    (the kernel's loop taken maxback + 1 times at most): native, over
    every path; magicdiv, over those that run the fewest SIGS -- the
    fast path (a slow path adds the original divisions, the generator's
    reciprocal its CALL)."""
    labels, ins = issued.load(cub, kern, nvd)
    for stores in range(1, 17):  # Triton's vector stores: count unknown
        res = issued.walk(labels, ins, stores, SIGS, maxback)
        if magic and res:
            lo = min(r[0] for r in res)
            res = [r for r in res if r[0] == lo]
        if res:
            break
    n, sig = max((r[1], r[0]) for r in res)
    return n, sig, len(ins)


def _nvdisasm():
    if os.environ.get("NVDISASM"):
        return os.environ["NVDISASM"]
    nvd = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia",
                       "bin", "nvdisasm")
    return nvd if os.access(nvd, os.X_OK) else shutil.which("nvdisasm")


def sass_count(name, tag, k, tdir, nvd):
    """(issued, native divisions, static) of compiled kernel k: the whole
    kernel, the reduction per loop iteration (two minus one)."""
    cub = os.path.join(tdir, "%s_%s.cubin" % (name, tag))
    with open(cub, "wb") as f:
        f.write(k.asm["cubin"])
    magic = "md.ik" in k.asm["llir"]
    n0, sig0, size = _longest(cub, k.name, magic, 0, nvd)
    if "reduce" in name:
        n1, sig1, _ = _longest(cub, k.name, magic, 1, nvd)
        n0, sig0 = n1 - n0, sig1 - sig0
    return n0, sig0, size


def sass_row(name, off, on, tdir, nvd):
    """[(issued, native divisions, static)] for name, off then on."""
    return [sass_count(name, tag, k, tdir, nvd)
            for tag, k in (("off", off[name]), ("on", on[name]))]


def check_sass(off, on, out):
    """Issued SASS per thread on the path, off and on; the number of
    failures.  Unchecked (a note) without nvdisasm."""
    nvd = _nvdisasm()
    if not nvd:
        print("SASS: not counted (no nvdisasm: Triton's own is missing, "
              "set NVDISASM)")
        return 0
    tdir = tempfile.mkdtemp(prefix="md-triton-sass-")
    lines = ["| kernel | native | magicdiv | static native | static magicdiv |",
             "|---|---|---|---|---|"]
    bad = 0
    for name, _, _, _ in KERNELS:
        if name.startswith("permute64"):  # native: 2^24 paths (each site's 32-bit bypass)
            continue
        (a, sa, za), (b, sb, zb) = sass_row(name, off, on, tdir, nvd)
        per = " per iteration" if "reduce" in name else ""
        print("%s: SASS issued per thread on the path%s %d -> %d, native "
              "division reciprocals on it %d -> %d" % (name, per, a, b, sa, sb))
        if "md.ik" in on[name].asm["llir"]:
            bad += 0 if b < a and sb < sa else 1
        else:
            bad += 0 if (a, sa) == (b, sb) else 1
        lines.append("| %s%s | %d | %d | %d | %d |" %
                     (name, per, a, b, za, zb))
    if out:
        with open(out, "w") as f:
            f.write("\n".join(lines) + "\n")
        print("\n".join(lines))
    return bad


if __name__ == "__main__":
    sys.exit(main())
