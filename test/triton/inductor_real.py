"""Inductor's real kernels (test/triton/Inputs/inductor_real/, PyTorch
2.11's generated Triton source for bench/triton/tc_programs.py) compiled
by Triton for sm_90 without a GPU, the way Inductor compiles them
(its signature: i64 sizes `ks*`, i32 numels and index; its compile
attributes; its heuristic launch config without autotuning; debug on,
as assert_indirect_indexing makes it), once plain and once with
magicdiv_triton on.  Kernels whose IR divides by constants only (or
not at all: Triton's LLVM folded them) are dropped.

One line per kernel: divisions in the IR (off), transformed, left native
by the model, native div/rem in the PTX off -> on, then the reasons the
module's remarks give for the native ones; and SASS one thread issues on
its path off -> on (bench/sass/issued.py, Triton's own nvdisasm): the
path a thread runs at realistic sizes -- native 64-bit divisions on
their 32-bit bypass (no CALL), magicdiv's fast path (the fewest slow-path
markers) -- and the native division sequences on it (I2F.U32.RP).
Checks here: every division transformed or left native with a remark;
a kernel with none transformed has Triton's own PTX and path.  Whether
the path issues fewer, equal or MORE instructions is printed per kernel
and pinned by test/triton/inductor-real.test.
Usage: inductor_real.py [--table OUT.md]"""
import glob
import importlib.util
import os
import re
import sys
import tempfile

import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "Inputs", "inductor_real")
sys.path.insert(0, FIX)
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "sass"))
sys.path.insert(0, HERE)
import issued  # noqa: E402
import magicdiv_triton  # noqa: E402
from inductor_kernels import _nvdisasm  # noqa: E402

TARGET = GPUTarget("cuda", 90, 32)
NATIVE = re.compile(r"\b(div|rem)\.[su](32|64)\b")
DIVREM = re.compile(r"= [su](?:div|rem) (?:<(\d+) x )?i(?:32|64)>? [^,]+, (.*)")


def load_fixtures():
    """[(short name, module)] of every fixture, sorted."""
    out = []
    for path in sorted(glob.glob(os.path.join(FIX, "*__*.py"))):
        base = os.path.basename(path)[:-3]
        spec = importlib.util.spec_from_file_location("ir_" + base, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        prog, kname = base.split("__", 1)
        short = "%s/%s" % (prog, kname.replace("triton_", ""))
        out.append((short, kname, mod))
    return out


def compile_fixture(kname, mod):
    """The kernel compiled as Inductor's CachingAutotuner compiles it."""
    cfg = dict(mod.CONFIG)
    warps, stages = cfg.pop("num_warps"), cfg.pop("num_stages")
    src = ASTSource(fn=getattr(mod, kname), signature=dict(mod.SIGNATURE),
                    constexprs=cfg, attrs=mod.ATTRS)
    return triton.compile(src, target=TARGET, options={
        "num_warps": warps, "num_stages": stages, "debug": True,
        "sanitize_overflow": False, "enable_fp_fusion": True})


CONST = re.compile(r"(-?[0-9]|splat \(|<i)")
REASON = re.compile(r"left native: ([^(]*)")
CALLS, RECIPS = ["CALL"], ["I2F.U32.RP", "I2F.U64.RP", "I2F.RP"]


def divisions(k, tool):
    """(divisions in the IR by a runtime value, by a constant, transformed,
    left native by the model, {reason: count})."""
    ir = k.asm["llir"]
    n = const = 0
    for m in DIVREM.finditer(ir):  # a vector division: one per lane
        lanes = int(m.group(1) or 1)
        if CONST.match(m.group(2)):
            const += lanes
        else:
            n += lanes
    _, rem = magicdiv_triton.transform(ir, tool=tool, remarks=True)
    rl = [l for l in rem.splitlines() if "magicdiv:" in l]
    done = sum(" the magic computed in the " in l for l in rl)
    why = {}
    for l in rl:
        m = REASON.search(l)
        if m:
            r = m.group(1).strip().rstrip(",;:")
            why[r] = why.get(r, 0) + 1
    return n, const, done, len(rl) - done, why


def path_count(k, tag, tdir, nvd, per_iter=False):
    """(issued, native division reciprocals, static) on the path a thread
    runs: the fewest CALLs (native 64-bit divisions on their 32-bit
    bypass, no assert, no generator slow path), then the fewest division
    reciprocals (magicdiv's fast path), then the longest."""
    cub = os.path.join(tdir, "%s_%s.cubin" % (k.name, tag))
    with open(cub, "wb") as f:
        f.write(k.asm["cubin"])
    labels, ins = issued.load(cub, k.name, nvd)
    for stores in range(1, 17):  # Triton's vector stores: count unknown
        if per_iter:
            r1 = issued.best(labels, ins, stores, [CALLS, RECIPS], 1, 1, False)
            r2 = issued.best(labels, ins, stores, [CALLS, RECIPS], 2, 2, False)
            if r1 and r2:
                return r2[1] - r1[1], r2[0][1] - r1[0][1], len(ins)
            continue
        res = issued.best(labels, ins, stores, [CALLS, RECIPS], longest=False)
        if res:
            (_, r), n = res
            return n, r, len(ins)
    raise RuntimeError("%s: no path with 1..16 stores" % k.name)
def row(short, off, on, tool, tdir, nvd, per_iter):
    """(line, table row, failures) of one kernel."""
    n, const, done, native, why = divisions(off, tool)
    if not n:
        return None, None, 0  # divides by constants only
    p0 = len(NATIVE.findall(off.asm["ptx"]))
    p1 = len(NATIVE.findall(on.asm["ptx"]))
    transformed = "md.ik" in on.asm["llir"]
    bad = 0 if done + native == n else 1
    if not transformed and off.asm["ptx"] != on.asm["ptx"]:
        bad += 1
    reasons = "; ".join("%d %s" % (c, r) for r, c in sorted(why.items()))
    line = ("%s: divisions %d (+%d by constants), transformed %d, native by "
            "the model %d, native div/rem in PTX %d -> %d" %
            (short, n, const, done, native, p0, p1))
    sass = ""
    if nvd:
        a, ra, za = path_count(off, "off", tdir, nvd, per_iter)
        b, rb, zb = path_count(on, "on", tdir, nvd, per_iter)
        if not transformed:  # Triton's own kernel: the same path
            bad += 0 if (a, ra) == (b, rb) else 1
        line += ("; issued on the path%s %d -> %d (%s), division reciprocals "
                 "on it %d -> %d" % (" per iteration" if per_iter else "",
                                     a, b, "fewer" if b < a else
                                     "equal" if a == b else "MORE", ra, rb))
        sass = " %d | %d | %d -> %d | %d -> %d |" % (a, b, ra, rb, za, zb)
    tab = "| %s | %d (+%d const) | %d | %d | %d -> %d |%s %s |" % (
        short, n, const, done, native, p0, p1, sass, reasons or "-")
    return line, tab, bad


HEAD = ("| kernel | divisions (IR) | transformed | native (model) | PTX div/rem "
        "off -> on | issued off | issued on | reciprocals on the path | "
        "static SASS | why native |\n|---|---|---|---|---|---|---|---|---|---|")


def main():
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="md-triton-real-")
    out = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--table" else None
    fx = load_fixtures()
    off = {s: compile_fixture(kn, m) for s, kn, m in fx}
    magicdiv_triton.enable(remarks=False)
    tool = magicdiv_triton._state["tool"]
    on = {s: compile_fixture(kn, m) for s, kn, m in fx}
    magicdiv_triton.disable()
    nvd = _nvdisasm()
    if not nvd:
        print("SASS: not counted (no nvdisasm: Triton's own is missing, set "
              "NVDISASM)")
    tdir = tempfile.mkdtemp(prefix="md-triton-real-sass-")
    bad, rows = 0, [HEAD]
    for s, _, mod in fx:
        line, tab, b = row(s, off[s], on[s], tool, tdir, nvd,
                           mod.KIND == "reduction")
        if not line:
            continue
        print(line)
        rows.append(tab)
        bad += b
    if out:
        with open(out, "w") as f:
            f.write("\n".join(rows) + "\n")
    print("inductor real kernels: %s" % ("FAILED" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
