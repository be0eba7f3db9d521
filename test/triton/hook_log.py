"""magicdiv_triton's MAGICDIV_TRITON_LOG (one line per kernel through the
hook, from every process) on kernels of inductor_kernels.py compiled by
Triton without a GPU: in this process with enable(); in a child process
turned on only by the environment (MAGICDIV_TRITON=1, python/ on
PYTHONPATH: sitecustomize.py), as Inductor's compile workers are; with
a tool that fails; and nothing logged without the variable.  Prints each
line with its pid replaced by "self" or "child"."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYDIR = os.path.normpath(os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, HERE)
import inductor_kernels as ik  # noqa: E402
import magicdiv_triton  # noqa: E402

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
