#!/usr/bin/env python3
"""Developer tool (needs PyTorch; not run by lit): writes the fixtures of
test/triton/Inputs/inductor_real/ from Inductor's generated code.

Inductor's real Triton source is had without a GPU: with
torch._inductor.config.cpu_backend = "triton" (and Triton's backend hash
faked, compile_threads 1) a CPU torch.compile(dynamic=True) writes the
same kernels, before it fails to run them.

  inductor_real_extract.py --generate DIR   each program of
      bench/triton/tc_programs.py that way on its first "cuda" shape, in
      its own process, TORCHINDUCTOR_CACHE_DIR=DIR/<program>
  inductor_real_extract.py DIR              the fixtures from DIR

For every kernel with `//` or `%`: the @triton.jit function as Inductor
wrote it (triton_helpers imported from the shim beside the fixtures), its
signature and compile attributes (triton_meta), and the launch config
Inductor's own heuristics choose without autotuning
(triton_heuristics.pointwise / reduction / persistent_reduction with
return_configs, autotune_pointwise off, for an sm_90 device).  A fixture
whose kernel divides only by constants is written too; the runner drops
those whose IR has no division."""
import glob
import os
import re
import sys

import torch
from torch._inductor.runtime import triton_heuristics
from torch._inductor.runtime.hints import (  # noqa: F401 (eval)
    AutotuneHint, DeviceProperties, ReductionHint, TileHint)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Inputs", "inductor_real")
PROGRAMS = "permute reduce block avgpool gather cat maxpool embedding convnet"
PAT = re.compile(r"(\w+) = async_compile\.triton\('(\w+)', '''(.*?)''', "
                 r"device_str='cpu'\)", re.S)
H100 = DeviceProperties(type="cuda", index=0, multi_processor_count=132,
                        cc=90, major=9, regs_per_multiprocessor=65536,
                        max_threads_per_multi_processor=2048,
                        max_threads_per_block=1024, warp_size=32)


def _decorator(src):
    """(kind, the decorator's call text) of an Inductor kernel source."""
    m = re.search(r"@triton_heuristics\.(\w+)\((.*?)\n\)\n@triton\.jit", src,
                  re.S)
    return m.group(1), m.group(2)


def _config(kind, args):
    """Inductor's launch config for the kernel, as its heuristics choose it
    without autotuning: (kwargs, num_warps, num_stages, how many configs
    the autotuned list has)."""
    ns = dict(globals(), __file__="kernel.py")
    ns["triton_heuristics"] = triton_heuristics
    call = "dict(%s)" % args
    kw = eval(call, ns)
    kw["triton_meta"]["device"] = H100
    kw["inductor_meta"] = dict(kw["inductor_meta"], autotune_pointwise=False)
    fn = getattr(triton_heuristics, kind)
    cfgs = fn(return_configs=True, **kw)
    auto = fn(return_configs=True, **dict(
        kw, inductor_meta=dict(kw["inductor_meta"], autotune_pointwise=True)))
    c = cfgs[0]
    return dict(c.kwargs), c.num_warps, c.num_stages, len(auto), kw


def _divides(body):
    code = "\n".join(l.split("#")[0] for l in body.splitlines()[1:])
    return "//" in code or re.search(r"[^%]%[^%]", code) is not None


def write_fixture(prog, name, src):
    kind, args = _decorator(src)
    kwargs, warps, stages, n_auto, kw = _config(kind, args)
    body = src[src.index("@triton.jit"):].rstrip() + "\n"
    meta = kw["triton_meta"]
    hdr = [
        "# Inductor's Triton kernel %s, as PyTorch %s wrote it" % (name, torch.__version__),
        "# (torch.compile(dynamic=True), cpu_backend=\"triton\": the GPU codegen,",
        "# no GPU) for bench/triton/tc_programs.py %r on its first \"cuda\" shape." % prog,
        "# The kernel body is Inductor's, unchanged; written by",
        "# test/triton/inductor_real_extract.py.  SIGNATURE and ATTRS are",
        "# Inductor's triton_meta (its 'signature', 'configs'[0]); CONFIG is the one",
        "# triton_heuristics.%s chooses without autotuning for an sm_90 device" % kind,
        "# (size_hints %s; %d config(s) when autotuning)." % (kw["size_hints"], n_auto),
        "import triton",
        "import triton.language as tl",
        "",
        "import inductor_real_helpers as triton_helpers  # noqa: F401",
        "",
        "PROGRAM = %r" % prog,
        "KIND = %r" % kind,
        "SIZE_HINTS = %r" % (kw["size_hints"],),
        "SIGNATURE = %r" % (meta["signature"],),
        "ATTRS = %r" % (meta["configs"][0],),
        "CONFIG = %r" % (dict(kwargs, num_warps=warps, num_stages=stages),),
        "",
        "",
    ]
    path = os.path.join(OUT, "%s__%s.py" % (prog, name))
    with open(path, "w") as f:
        f.write("\n".join(hdr) + body)
    print(prog, name, kind, kw["size_hints"], dict(kwargs, num_warps=warps),
          "autotune list", n_auto)


def generate_one(prog):
    """Inductor's code for one program (this process: the cache dir set)."""
    import torch._inductor.config as ic
    import torch.utils._triton as ut
    ic.cpu_backend = "triton"
    ic.compile_threads = 1
    ut.triton_hash_with_backend = lambda: "fakehash"
    sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "triton"))
    import tc_programs
    fn, build, _ = tc_programs.get(prog, "cpu")
    shape = [p[3]["cuda"] for p in tc_programs.PROGRAMS if p[0] == prog][0][0]
    f = torch.compile(fn, dynamic=True)
    try:
        with torch.no_grad():
            f(*build(shape, "cpu"))
    except Exception as e:  # no CPU driver for Triton: the code is written
        print(prog, "ran no further:", str(e).splitlines()[0][:120])


def generate(gen):
    import subprocess
    for prog in PROGRAMS.split():
        env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=os.path.join(gen, prog))
        subprocess.run([sys.executable, os.path.abspath(__file__), "--one",
                        prog], env=env, check=False)


def main():
    if sys.argv[1] == "--one":
        return generate_one(sys.argv[2])
    if sys.argv[1] == "--generate":
        return generate(sys.argv[2])
    gen = sys.argv[1]
    os.makedirs(OUT, exist_ok=True)
    for prog in PROGRAMS.split():
        seen = set()
        for f in sorted(glob.glob(os.path.join(gen, prog, "**", "*.py"),
                                  recursive=True)):
            for _, name, src in PAT.findall(open(f).read()):
                if name in seen:
                    continue
                seen.add(name)
                if _divides(src[src.index("@triton.jit"):]):
                    write_fixture(prog, name, src)


if __name__ == "__main__":
    main()
