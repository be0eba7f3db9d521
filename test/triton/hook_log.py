"""magicdiv_triton's MAGICDIV_TRITON_LOG (one line per kernel through the
hook, from every process) on kernels of inductor_kernels.py compiled by
Triton without a GPU: in this process with enable(); in a child process
turned on only by the environment (MAGICDIV_TRITON=1, python/ on
PYTHONPATH: sitecustomize.py), as Inductor's compile workers are; with
a tool that fails; and nothing logged without the variable.  And a
kernel whose IR magicdiv-ir's LLVM writes in words Triton's LLVM reads
otherwise (pool_erf) compiles with the module on; and where the
transformed kernel fails a later stage (here: the renaming undone), it
compiles from Triton's own IR ("fallback").  Prints each
line with its pid replaced by "self" or "child"."""
import contextlib
import io
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.normpath(os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)
import inductor_kernels as ik  # noqa: E402
import magicdiv_triton  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
from triton.language.extra import libdevice  # noqa: E402


@triton.jit
def pool_erf(in_ptr, out_ptr, ks0, ks1, xnumel, XBLOCK: tl.constexpr):
    """As Inductor's pooling and GELU kernels: index math by ks0, a clamp
    (llvm.smin: magicdiv-ir's LLVM gives it an attribute Triton's LLVM
    does not parse) and libdevice's erf (llvm.nvvm.ex2.approx.ftz.f, which
    magicdiv-ir's parser renames)."""
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)
    xmask = xindex < xnumel
    x0 = xindex % ks0
    x1 = tl.minimum(xindex // ks0, ks1 - 1)
    v = tl.load(in_ptr + (x1 * ks0 + x0), xmask)
    tl.store(out_ptr + xindex, libdevice.erf(v), xmask)

CHILD = """
import os, sys
sys.path.insert(0, %r)
import inductor_kernels as ik, magicdiv_triton
assert magicdiv_triton.enabled(), "sitecustomize did not enable magicdiv"
ik.compile_one(ik.permute, ik.SIG_P, {"XBLOCK": 128})
print(os.getpid())
"""


def lines(log, child_pid=None):
    if not os.path.exists(log):
        return []
    out = []
    with open(log) as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            who = ("self" if int(p[0]) == os.getpid() else
                   "child" if str(child_pid) == p[0] else "pid " + p[0])
            p[5] = "MS" if float(p[5]) >= 0 else "?"
            out.append(" ".join([who] + p[1:]))
    return out


def main():
    tmp = tempfile.mkdtemp(prefix="md-hooklog-")
    os.environ["TRITON_CACHE_DIR"] = os.path.join(tmp, "cache")
    log = os.path.join(tmp, "hook.log")
    magicdiv_triton.enable(remarks=False)
    ik.compile_one(ik.permute, ik.SIG_P, {"XBLOCK": 256})  # no log: unset
    os.environ["MAGICDIV_TRITON_LOG"] = log
    ik.compile_one(ik.permute, ik.SIG_P, {"XBLOCK": 1024})
    ik.compile_one(ik.reduce_rows, ik.SIG_R, {"XBLOCK": 1, "RBLOCK": 128})
    k = ik.compile_one(pool_erf, ik.SIG_P, {"XBLOCK": 1024})
    print("pool_erf: transformed %s, PTX calls to llvm.* functions: %d, "
          "smin/erf in PTX: %s" % (
              "md.ik" in k.asm["llir"], k.asm["ptx"].count(".func  (.param .b32 func_retval0) llvm."),
              "min.s32" in k.asm["ptx"] and "ex2.approx.ftz.f32" in k.asm["ptx"]))
    # the renamed intrinsic left as magicdiv-ir wrote it: ptxas fails on
    # the transformed kernel, which compiles again from Triton's own IR
    fix = magicdiv_triton._for_reader
    magicdiv_triton._for_reader = lambda text, orig: text.replace(
        " nocreateundeforpoison", "")
    with contextlib.redirect_stdout(io.StringIO()):  # Triton's reproducer
        k = ik.compile_one(pool_erf, ik.SIG_P, {"XBLOCK": 2048})
    magicdiv_triton._for_reader = fix
    print("pool_erf without the renaming: a cubin %s" % bool(k.asm.get("cubin")))
    tool = magicdiv_triton._state["tool"]
    magicdiv_triton._state["tool"] = "/bin/false"
    ik.compile_one(ik.permute, ik.SIG_P, {"XBLOCK": 512})
    magicdiv_triton._state["tool"] = tool
    magicdiv_triton.disable()
    env = dict(os.environ, MAGICDIV_TRITON="1", MAGICDIV_IR=tool,
               TRITON_CACHE_DIR=os.path.join(tmp, "cache-child"),
               PYTHONPATH=os.pathsep.join([PYDIR, os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-c", CHILD % HERE], env=env,
                       capture_output=True, text=True, timeout=600)
    if r.returncode:
        print("child failed: %s" % r.stderr[-2000:])
        return 1
    for line in lines(log, int(r.stdout.split()[-1])):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
