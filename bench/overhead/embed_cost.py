#!/usr/bin/env python3
"""embed_cost.py -- what the embedded runtime costs (docs/LAUNCH.md section 12).

A host module that calls the runtime carries it as module-level assembly
(plugin/host/md_host_embed.c).  This measures, on this machine:

  * per-object compile time: CPU time (user + system of clang and its
    children) of `clang -c` with the plugin, embedding on (the default) and
    off (MAGICDIV_OPTIONS=no-embed-runtime), in alternating pairs; the
    median of the pairwise differences with their quartiles (on a loaded
    machine the spread of a large compile hides a few ms), and both
    medians;
  * object size (text + data + bss, and the file) with and without;
  * the linked executable (CUDA): embedded runtime and nothing linked,
    vs no-embed-runtime + the static libmagicdiv_rt.a, vs no plugin at all;
    and the static runtime's own size (its members' text + data + bss);
  * the alternatives measured for the design: compiling the runtime's
    bitcode in every object (llc -O2 of the whole runtime, and of only what
    md_cuda_launch reaches), against assembling the embedded text alone
    (llvm-mc);
  * the host cost per launch (md_bench_host_cost --launch, bench/overhead/
    md_launch_cost.c) through the carried copy (the bench compiled with
    -fpass-plugin: it calls the runtime, so it carries it; -Os code behind
    a trampoline) against the library (the build's md_bench_host_cost,
    linked with libmagicdiv_rt.a), three alternating runs each.

  embed_cost.py --build BUILD [--pairs N] [--launch-iters N]
                [--cuda /usr/local/cuda] [--omp /opt/magicdiv-omp]

Prints a markdown report (the tables of bench/RESULTS.md, "Embedded
runtime").  Cases whose toolchain is missing (CUDA, HIP, OpenMP) are
skipped with a note.
"""
import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LLVM = "/usr/lib/llvm-22/bin"
HIP_FLAGS = ["-x", "hip", "--offload-arch=gfx90a", "--rocm-path=/usr",
             "--rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
             "-mcode-object-version=5", "-D__AMDGCN_WAVEFRONT_SIZE=64"]

# A host file whose only work is one call of the runtime: the absolute cost
# on the smallest object.
TINY_C = """#include "magicdiv/magicdiv.h"
#include <stdio.h>
int main(void) { puts(md_status_str(0)); return 0; }
"""


def cpu_run(cmd, env=None):
    """CPU seconds (user + sys) of cmd and its children; raises on failure."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def env_with(options):
    env = dict(os.environ)
    env.pop("MAGICDIV_OPTIONS", None)
    if options:
        env["MAGICDIV_OPTIONS"] = options
    return env


def size_of(path):
    """(text + data + bss, file bytes) of an object or executable."""
    out = subprocess.run(["size", path], check=True, capture_output=True,
                         text=True).stdout.strip().split("\n")
    total = sum(int(l.split()[3]) for l in out[1:])
    return total, os.path.getsize(path)


def compile_pairs(compile_cmd, obj, pairs):
    """Alternate embed on / off; returns (median on, median off, median of
    the pairwise differences) in ms and the two object sizes."""
    on, off, diff = [], [], []
    for i in range(pairs + 1):
        t_on = cpu_run(compile_cmd + ["-o", obj + ".on.o"], env_with(""))
        t_off = cpu_run(compile_cmd + ["-o", obj + ".off.o"],
                        env_with("no-embed-runtime"))
        if i == 0:
            continue  # warm-up pair (page cache)
        on.append(t_on)
        off.append(t_off)
        diff.append(t_on - t_off)
    ms = lambda xs: 1000.0 * statistics.median(xs)
    q = statistics.quantiles(diff, n=4)
    return (ms(on), ms(off), (ms(diff), 1000 * q[0], 1000 * q[2]),
            size_of(obj + ".on.o"), size_of(obj + ".off.o"))


def cases(args, work):
    plugin = os.path.join(args.build, "lib", "MagicDiv.so")
    inc = os.path.join(ROOT, "runtime", "include")
    clang = os.path.join(LLVM, "clang")
    tiny = os.path.join(work, "tiny.c")
    with open(tiny, "w") as f:
        f.write(TINY_C)
    out = [("C file with one runtime call (tiny.c)",
            [clang, "-O2", "-fpass-plugin=" + plugin, "-I" + inc, "-c", tiny])]
    if os.path.exists(os.path.join(args.cuda, "bin", "ptxas")):
        app = os.path.join(ROOT, "test", "install", "Inputs", "app.cu")
        cu = [clang, "-x", "cuda", "--cuda-gpu-arch=sm_90",
              "--cuda-path=" + args.cuda, "-Wno-unknown-cuda-version", "-O2",
              "-fpass-plugin=" + plugin, "-c", app]
        out.append(("CUDA, the README's app.cu (device + host compile)", cu))
    if os.path.exists("/usr/include/hip/hip_runtime.h"):
        hip = os.path.join(ROOT, "examples", "cmake-hip", "permute.hip")
        out.append(("HIP, examples/cmake-hip/permute.hip (gfx90a + host)",
                    [clang] + HIP_FLAGS + ["-O2", "-fpass-plugin=" + plugin,
                                           "-c", hip]))
    omp_c = os.path.join(ROOT, "test", "omp", "Inputs", "app.c")
    if os.path.exists(os.path.join(args.omp, "include", "22", "omp.h")):
        out.append(("OpenMP offload, test/omp/Inputs/app.c (x86_64 target)",
                    [clang, "-O2", "-fopenmp",
                     "-fopenmp-targets=x86_64-pc-linux-gnu",
                     "-I" + os.path.join(args.omp, "include", "22"),
                     "-fpass-plugin=" + plugin, "-c", omp_c]))
    return out


def compile_table(args, work):
    rows = ["| object | CPU ms, embedded | CPU ms, no-embed-runtime | "
            "difference, median of pairs [quartiles] | object text+data+bss "
            "(file) embedded | no-embed-runtime |", "|---|---:|---:|---:|---:|---:|"]
    for i, (name, cmd) in enumerate(cases(args, work)):
        on, off, d, s_on, s_off = compile_pairs(cmd, os.path.join(work, "o%d" % i),
                                                args.pairs)
        rows.append("| %s | %.0f | %.0f | **%+.1f** [%+.0f, %+.0f] | %d (%d) | "
                    "%d (%d) |" % (name, on, off, d[0], d[1], d[2], s_on[0],
                                   s_on[1], s_off[0], s_off[1]))
    return rows


def archive_size(lib):
    out = subprocess.run(["size", "-t", lib], check=True, capture_output=True,
                         text=True).stdout.strip().split("\n")
    return int(out[-1].split()[3]), os.path.getsize(lib)


def link_table(args, work):
    """The CUDA app linked three ways; None without CUDA."""
    if not os.path.exists(os.path.join(args.cuda, "bin", "ptxas")):
        return None
    plugin = os.path.join(args.build, "lib", "MagicDiv.so")
    rtlib = os.path.join(args.build, "runtime")
    app = os.path.join(ROOT, "test", "install", "Inputs", "app.cu")
    clang = os.path.join(LLVM, "clang")
    cu = [clang, "-x", "cuda", "--cuda-gpu-arch=sm_90", "--cuda-path=" + args.cuda,
          "-Wno-unknown-cuda-version", "-O2", "-c", app]
    link = ["-L" + os.path.join(args.cuda, "lib64"), "-lcudart_static", "-ldl",
            "-lrt", "-lpthread", "-lstdc++"]
    exe = {}
    for name, opts, flags, libs in [
            ("embedded", "", ["-fpass-plugin=" + plugin], []),
            ("static", "no-embed-runtime", ["-fpass-plugin=" + plugin],
             ["-L" + rtlib, "-l:libmagicdiv_rt.a"]),
            ("none", "", [], [])]:
        obj = os.path.join(work, "app_%s.o" % name)
        subprocess.run(cu + flags + ["-o", obj], env=env_with(opts), check=True,
                       stderr=subprocess.DEVNULL)
        exe[name] = os.path.join(work, "app_" + name)
        subprocess.run([clang, obj, "-o", exe[name]] + libs + link, check=True)
    lib = archive_size(os.path.join(rtlib, "libmagicdiv_rt.a"))
    s = {k: size_of(v) for k, v in exe.items()}
    return ["| executable (the README's app.cu) | text+data+bss | over no runtime |",
            "|---|---:|---:|",
            "| no plugin, no runtime | %d | — |" % s["none"][0],
            "| plugin, no-embed-runtime, `-l:libmagicdiv_rt.a` | %d | %+d |" %
            (s["static"][0], s["static"][0] - s["none"][0]),
            "| plugin, embedded runtime, nothing linked | %d | **%+d** |" %
            (s["embedded"][0], s["embedded"][0] - s["none"][0]),
            "",
            "Static runtime `libmagicdiv_rt.a`: %d bytes text+data+bss in its "
            "members (%d bytes of file, with debug info)." % lib]


def embedded_text(build, parts):
    """The assembly text of the given parts, from md_embed_rt.c (the C
    string literals of md_embed_rt_text<part>)."""
    src = open(os.path.join(build, "plugin", "md_embed_rt.c")).read()
    out = []
    for p in parts:
        m = re.search(r"md_embed_rt_text%d\[\] =\n(.*?)\n    \"\";" % p, src, re.S)
        body = "".join(l.strip()[1:-1] for l in m.group(1).split("\n"))
        body = body.replace("\\?", "?")
        out.append(body.encode("latin-1").decode("unicode_escape"))
    return "".join(out)


def alt_table(args, work):
    """llc of the runtime's bitcode (the design not taken) vs llvm-mc of the
    embedded text."""
    bcs = sorted(os.path.join(args.build, "plugin", "embed", f)
                 for f in os.listdir(os.path.join(args.build, "plugin", "embed"))
                 if f.endswith(".bc"))
    rt = os.path.join(work, "rt.bc")
    subprocess.run([os.path.join(LLVM, "llvm-link")] + bcs + ["-o", rt], check=True)
    closure = os.path.join(work, "closure.bc")
    subprocess.run([os.path.join(LLVM, "opt"), "-passes=internalize,globaldce",
                    "-internalize-public-api-list=md_cuda_launch", rt,
                    "-o", closure], check=True)
    # the embedded text of a CUDA object (common + CUDA parts), from the
    # plugin's generated table
    emb = os.path.join(work, "emb.s")
    with open(emb, "w") as f:
        f.write(embedded_text(args.build, [0, 1]))
    lines = open(emb).read().count("\n")
    rows = ["| per object, if the object carried the runtime as ... | CPU ms |",
            "|---|---:|"]
    for name, cmd in [
            ("bitcode of the whole runtime: `llc -O2 -filetype=obj`",
             [os.path.join(LLVM, "llc"), "-O2", "-filetype=obj",
              "-relocation-model=pic", rt, "-o", rt + ".o"]),
            ("bitcode of what md_cuda_launch reaches: `llc -O2 -filetype=obj`",
             [os.path.join(LLVM, "llc"), "-O2", "-filetype=obj",
              "-relocation-model=pic", closure, "-o", closure + ".o"]),
            ("the embedded assembly text, common + CUDA parts (%d lines): "
             "`llvm-mc -filetype=obj`" % lines,
             [os.path.join(LLVM, "llvm-mc"), "-filetype=obj", emb,
              "-o", emb + ".o"])]:
        times = [cpu_run(cmd) for _ in range(max(3, args.pairs // 3))]
        rows.append("| %s | %.0f |" % (name, 1000 * statistics.median(times)))
    rows.append("| (process start of llvm-mc alone: `llvm-mc -filetype=obj "
                "/dev/null`) | %.0f |" % (1000 * statistics.median(
                    [cpu_run([os.path.join(LLVM, "llvm-mc"), "-filetype=obj",
                              "/dev/null", "-o", os.path.join(work, "null.o")])
                     for _ in range(5)])))
    return rows


LAUNCH_ROWS = ["noclone", "div1", "div4", "div16", "stub16", "range1",
               "hip-div16"]


def launch_rows(exe, iters):
    """{row: min ns} of one `exe --launch` run."""
    out = subprocess.run([exe, "--launch", "--iters", str(iters)], check=True,
                         capture_output=True, text=True).stdout
    rows = {}
    for line in out.split("\n"):
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 3 and cells[0] in LAUNCH_ROWS:
            rows[cells[0]] = float(cells[1])
    return rows


def launch_table(args, work):
    lib = os.path.join(args.build, "bin", "md_bench_host_cost")
    emb = os.path.join(work, "md_bench_host_cost.embedded")
    src = os.path.join(ROOT, "bench", "overhead")
    subprocess.run([os.path.join(LLVM, "clang"), "-O2",
                    "-fpass-plugin=" + os.path.join(args.build, "lib", "MagicDiv.so"),
                    "-I" + os.path.join(ROOT, "runtime", "include"),
                    os.path.join(src, "md_host_cost.c"),
                    os.path.join(src, "md_launch_cost.c"), "-o", emb],
                   check=True, stderr=subprocess.DEVNULL)
    runs = {"lib": [], "emb": []}
    for _ in range(3):
        runs["lib"].append(launch_rows(lib, args.launch_iters))
        runs["emb"].append(launch_rows(emb, args.launch_iters))
    rows = ["| row (ns per launch, fastest batch; median of 3 runs) | "
            "libmagicdiv_rt.a (gcc -O2) | carried copy (clang -Os, trampoline) |",
            "|---|---:|---:|"]
    for r in LAUNCH_ROWS:
        med = lambda k: statistics.median(x[r] for x in runs[k] if r in x)
        rows.append("| %s | %.1f | %.1f |" % (r, med("lib"), med("emb")))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--pairs", type=int, default=15)
    ap.add_argument("--cuda", default="/usr/local/cuda")
    ap.add_argument("--launch-iters", type=int, default=3000000)
    ap.add_argument("--omp", default=os.environ.get("MAGICDIV_OMP_PREFIX",
                                                    "/opt/magicdiv-omp"))
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    work = tempfile.mkdtemp(prefix="md_embed_cost.")
    try:
        print("Per-object compile time and object size (%d alternating pairs "
              "after a warm-up pair):\n" % args.pairs)
        print("\n".join(compile_table(args, work)))
        lt = link_table(args, work)
        if lt:
            print("\nLinked image (one copy of the runtime):\n")
            print("\n".join(lt))
        print("\nThe alternatives (runtime bitcode compiled per object vs the "
              "embedded text assembled):\n")
        print("\n".join(alt_table(args, work)))
        print("\nHost cost per launch, on a no-op driver (bench/overhead/"
              "md_launch_cost.c):\n")
        print("\n".join(launch_table(args, work)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
