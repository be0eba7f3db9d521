"""Inductor-style index kernels compiled by Triton (no GPU needed) with and
without magicdiv_triton: what the in-kernel transform does to each.

For every kernel (pointwise permute at XBLOCK 1024 and 128, a reduction
whose loop divides by ks0, the permute with Inductor's int64 indexing) prints one line (PTX counts, divisions
transformed, left native by the model, cache key) and checks: with the
module on, every division left in the LLVM IR is a slow-path original
(!magicdiv.inkernel) or one the model left native with a remark; a kernel
with none transformed has Triton's own PTX; the compile-cache keys differ.
Usage: inductor_kernels.py [--sass OUT.md]  (--sass: issued SASS per thread
on the fast path, with ../shared/tools/issued, for bench/RESULTS.md)."""
import os
import re
import sys
import tempfile

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
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
    ("permute64_x1024", permute64, SIG_P64, {"XBLOCK": 1024}),
    ("permute64_x128", permute64, SIG_P64, {"XBLOCK": 128}),
]
TARGET = GPUTarget("cuda", 90, 32)
NATIVE = re.compile(r"\b(div|rem)\.[su](32|64)\b")


def compile_one(fn, sig, consts):
    src = ASTSource(fn=fn, signature=sig, constexprs=consts)
    return triton.compile(src, target=TARGET)


def main():
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="md-triton-")
    sass_out = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--sass" else None
    off = {name: compile_one(fn, sig, c) for name, fn, sig, c in KERNELS}
    magicdiv_triton.enable(remarks=False)
    on = {name: compile_one(fn, sig, c) for name, fn, sig, c in KERNELS}
    magicdiv_triton.disable()
    again = {name: compile_one(fn, sig, c) for name, fn, sig, c in KERNELS[:1]}
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
    if again["permute_x1024"].hash != off["permute_x1024"].hash:
        print("disable(): the cache key is not Triton's own again")
        bad += 1
    if sass_out:
        write_sass(off, on, sass_out)
    print("triton in-kernel: %s" % ("FAILED" if bad else "ok"))
    return 1 if bad else 0


def _longest(paths, cub, kern, magic, maxback):
    """The longest path (the kernel's loop taken maxback + 1 times at
    most): native, over every path; magicdiv, over those that run the
    fewest native divisions and not the generator's slow path: the fast
    path (a slow path adds the original divisions)."""
    labels, ins = paths.load(cub, kern)
    for stores in range(1, 17):  # Triton's vector stores: count unknown
        res = paths.walk(labels, ins, stores,
                         ["I2F.RP", "I2F.U32.RP", "CALL"], None, maxback)
        if magic and res:  # fewest native divisions: the fast path
            lo = min(r[0] for r in res)
            res = [r for r in res if r[0] == lo]
        if res:
            break
    return max(r[1] for r in res), len(ins)


def write_sass(off, on, out):
    """Issued SASS per thread on the path (the walker of
    ../shared/tools/issued, $MD_ISSUED): straight-line kernels whole, the
    reduction per loop iteration (two iterations minus one)."""
    sys.path.insert(0, os.environ.get("MD_ISSUED", "/work/shared/tools/issued"))
    import paths
    tdir = tempfile.mkdtemp(prefix="md-triton-sass-")
    lines = ["| kernel | native | magicdiv | static native | static magicdiv |",
             "|---|---|---|---|---|"]
    for name, _, _, _ in KERNELS:
        if "64" in name:  # native: 2^24 paths (each site's 32-bit bypass)
            continue
        row = []
        for tag, k in (("off", off[name]), ("on", on[name])):
            cub = os.path.join(tdir, "%s_%s.cubin" % (name, tag))
            open(cub, "wb").write(k.asm["cubin"])
            magic = "md.ik" in k.asm["llir"]
            n0, size = _longest(paths, cub, k.name, magic, 0)
            if "reduce" in name:
                n0 = _longest(paths, cub, k.name, magic, 1)[0] - n0
            row.append((n0, size))
        lines.append("| %s%s | %d | %d | %d | %d |" %
                     (name, " (per iteration)" if "reduce" in name else "",
                      row[0][0], row[1][0], row[0][1], row[1][1]))
    open(out, "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
