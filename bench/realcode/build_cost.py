#!/usr/bin/env python3
"""build_cost.py -- what the plugin costs at build time on real CUDA code, and
what it gives: ggml's CUDA backend (top-level files, template instances),
llm.c, HeCBench's index benchmarks.

Per source file, device-only for sm_90, three configurations built one after
the other (the order rotates from file to file, so machine load hits all of
them alike):
  none   clang without the plugin;
  today  the plugin as before the benefit model: MAGICDIV_OPTIONS=
         "min-gain=0;tiers-wide" (every kernel with a site cloned, a plain
         tier for every bet on an argument);
  model  the plugin with its defaults (benefit model, tiers per kind of bet).
For each: CPU seconds (user + system) of clang (source -> PTX) and of
ptxas -arch=sm_90 -O3 (PTX -> cubin), clones (K__magicdiv) and plain tiers
(K__magicdiv_plain) in the cubin, and instructions per kernel (each
.text.<kernel> section's size / 16, NOPs of the padding included) --
originals, clones and the whole cubin.

--configs none,main,model --main-plugin SO: the new forms against another
plugin (main's, its defaults): `main` that plugin, `model` this one, both
with -Rpass=magicdiv, whose InKernel remarks (one per site given in-kernel
magic, `i64` or narrower) are counted; the cubins' pow2 tiers
(K__magicdiv_pow2) are counted from their sections.  --report then prints
per set and per file what changed (forms_report).

Results go to OUT/<set>/<file>.json, one file per source, written when its
three builds are done: a rerun skips what is there (restartable; run subsets
with --only).  `--report` prints the tables of bench/RESULTS.md "Build cost
at real scale" from what OUT holds; files whose model build drops a clone
that `today` makes are compiled once more (untimed) with -Rpass-missed to
record each dropped kernel's estimate (OUT/<set>/<file>.drops).

  build_cost.py --plugin build-22/lib/MagicDiv.so --out DIR \\
      --ggml /work/.mirror/ggml-org+ggml/repo \\
      --llmc /work/.mirror/karpathy+llm.c/repo \\
      --hecbench /work/.mirror/zjin-lcf+HeCBench/repo \\
      [--sets ggml-top,ggml-inst,llmc,hecbench] [--only REGEX] [--all-instances]
  build_cost.py --out DIR --report [--plugin ...] [mirrors as above]

The sources are extracted from the mirrors (bare git repositories) into
OUT/src at their HEAD; llm.c (and HeCBench's permute, which includes llm.c's
dev/cuda/common.h) is compiled with a prelude (written into OUT)
that stands in for what clang-22 with CUDA 13's headers lacks (__stcs,
__stcg, max/min of mixed types, the CUDA 12 cudaMemAdvise) -- host-side or
store-hint shims that leave the kernels' index arithmetic as written.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "sass"))
from launch_ranges import sections  # noqa: E402  (ELF section sizes)

CONFIGS = (("none", None), ("today", "min-gain=0;tiers-wide"),
           ("model", ""))
# --configs none,main,model: the new forms against main's plugin
# (--main-plugin, its defaults); both plugin builds print -Rpass=magicdiv
# so that in-kernel sites are counted (INKERNEL)
CONFIG_OPTS = dict(CONFIGS + (("main", ""),))
INKERNEL = re.compile(r"remark: magicdiv: \w+ i(\d+) by a divisor .*the magic "
                      r"computed in the (?:kernel|device function)")
CUDA = "/usr/local/cuda"
COMMON = ["-x", "cuda", "--cuda-device-only", "-O3", "-std=c++17",
          "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
          "--cuda-path=" + CUDA, "-I" + CUDA + "/include/cccl", "-w"]
# ggml's index kernels (the list): files whose clones must keep
# their SASS reduction
INDEX_FILES = ("cpy", "concat", "im2col", "unary", "softmax", "conv2d")
# The template instances measured by default (every instance takes 0.5-5
# minutes for the three builds on 2 cores; --all-instances for the 121):
# flash attention (mma, tile, vec), mul_mat_f and mul_mat_q, several of each.
INST_SUBSET = (
    "fattn-mma-f16-instance-ncols1_4-ncols2_4",
    "fattn-mma-f16-instance-ncols1_16-ncols2_1",
    "fattn-mma-f16-instance-ncols1_64-ncols2_1",
    "fattn-tile-instance-dkq64-dv64", "fattn-tile-instance-dkq128-dv128",
    "fattn-tile-instance-dkq256-dv256", "fattn-vec-instance-f16-f16",
    "fattn-vec-instance-q4_0-q4_0", "mmf-instance-ncols_1",
    "mmf-instance-ncols_8", "mmq-instance-q4_0", "mmq-instance-q4_k",
    "mmq-instance-iq2_xs")
HECBENCH = ("channelShuffle", "concat", "flip", "layout", "maxpool3d",
            "permute", "pool", "resize", "reverse2D", "unfold", "upsample",
            "stencil3d", "pad", "convolution3D")
LLMC_PRELUDE = r"""
#include <cmath>
#include <ctime>
#include <cuda_runtime.h>
using std::isfinite;
template <class T> __device__ __forceinline__ void __stcs(T *p, T v) { *p = v; }
template <class T> __device__ __forceinline__ void __stcg(T *p, T v) { *p = v; }
template <class A, class B> static inline auto max(A a, B b)
    -> decltype(a > b ? a : b) { return a > b ? a : b; }
template <class A, class B> static inline auto min(A a, B b)
    -> decltype(a < b ? a : b) { return a < b ? a : b; }
static inline cudaError_t cudaMemAdvise(const void *p, size_t n,
                                        cudaMemoryAdvise a, int dev) {
  cudaMemLocation l; l.type = cudaMemLocationTypeDevice; l.id = dev;
  return cudaMemAdvise(p, n, a, l);
}
"""


def extract(mirror, paths, dest):
    """Extract paths of the mirror's HEAD into dest (once)."""
    stamp = os.path.join(dest, ".extracted")
    if os.path.exists(stamp):
        return
    os.makedirs(dest, exist_ok=True)
    arc = subprocess.run(["git", "--git-dir=" + mirror, "archive", "HEAD"] +
                         paths, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", dest], input=arc, check=True)
    rev = subprocess.run(["git", "--git-dir=" + mirror, "rev-parse",
                          "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip()
    open(stamp, "w").write(rev + "\n")


def sources(a):
    """[(set, key, cwd, source, extra flags)] of every selected file."""
    out, srcroot = [], os.path.join(a.out, "src")
    sets = a.sets.split(",")
    pre = os.path.join(a.out, "llmc_prelude.h")
    os.makedirs(a.out, exist_ok=True)
    open(pre, "w").write(LLMC_PRELUDE)
    if a.ggml and {"ggml-top", "ggml-inst"} & set(sets):
        g = os.path.join(srcroot, "ggml")
        extract(a.ggml, ["src", "include"], g)
        flags = ["-Iinclude", "-Isrc", "-Isrc/ggml-cuda", "-DGGML_USE_CUDA",
                 "-DGGML_CUDA_USE_GRAPHS"]
        if "ggml-top" in sets:
            for f in sorted(glob.glob(g + "/src/ggml-cuda/*.cu")):
                out.append(("ggml-top", os.path.basename(f)[:-3], g, f, flags))
        if "ggml-inst" in sets:
            fs = sorted(glob.glob(g + "/src/ggml-cuda/template-instances/*.cu"))
            if not a.all_instances:
                fs = [f for f in fs if os.path.basename(f)[:-3] in INST_SUBSET]
            for f in fs:
                out.append(("ggml-inst", os.path.basename(f)[:-3], g, f, flags))
    if a.llmc and "llmc" in sets:
        d = os.path.join(srcroot, "llmc")
        extract(a.llmc, ["."], d)
        inc = os.path.join(a.out, "llmc_include")  # an empty <omp.h>
        os.makedirs(inc, exist_ok=True)
        open(os.path.join(inc, "omp.h"), "w").write("#pragma once\n")
        flags = ["-I.", "-Idev/cuda", "-I" + inc, "-include", pre]
        fs = [d + "/train_gpt2.cu", d + "/train_gpt2_fp32.cu"] + \
            sorted(glob.glob(d + "/dev/cuda/*.cu"))
        for f in fs:
            if not f.endswith("nccl_all_reduce.cu"):  # needs MPI
                key = os.path.relpath(f, d)[:-3].replace("/", "_")
                out.append(("llmc", key, d, f, flags))
    if a.hecbench and "hecbench" in sets:
        d = os.path.join(srcroot, "hecbench")
        # (permute includes ../qkv-cuda/common.h)
        extract(a.hecbench, ["src/%s-cuda" % b for b in HECBENCH] +
                ["src/qkv-cuda/common.h"], d)
        for b in HECBENCH:
            f = d + "/src/%s-cuda/%s" % (b, "kernel.cu" if b == "pad"
                                         else "main.cu")
            # permute's common.h is llm.c's: it needs the same prelude
            out.append(("hecbench", b, os.path.dirname(f), f,
                        ["-I.", "-I../qkv-cuda"] +
                        (["-include", pre] if b == "permute" else [])))
    if a.only:
        out = [s for s in out if re.search(a.only, s[0] + "/" + s[1])]
    return out


def run_cpu(cmd, cwd, env):
    """Run cmd; (CPU seconds of it and its children, returncode, stderr)."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, p.returncode, err.decode(errors="replace")


def build(a, src, cfg, opts, tmp):
    """One configuration of one file: its measurements (dict)."""
    _, _, cwd, f, flags = src
    env = dict(os.environ)
    env.pop("MAGICDIV_OPTIONS", None)
    env.pop("MAGICDIV_DISABLE", None)
    cmd = [a.clang] + COMMON + flags
    if opts is not None:
        cmd.append("-fpass-plugin=" + os.path.abspath(
            a.main_plugin if cfg == "main" else a.plugin))
        env["MAGICDIV_OPTIONS"] = opts
        if "main" in a.configs:
            cmd.append("-Rpass=magicdiv")
    ptx, cubin = tmp + "." + cfg + ".ptx", tmp + "." + cfg + ".cubin"
    cmd += ["-S", "-o", ptx, f]
    t_clang, rc, err = run_cpu(cmd, cwd, env)
    t_err = err
    if rc:
        return {"error": "clang exit %d: %s" % (rc, err[-400:])}
    t_ptxas, rc, err = run_cpu([a.ptxas, "-arch=sm_90", "-O3", ptx, "-o",
                                cubin], cwd, env)
    if rc:
        return {"error": "ptxas exit %d: %s" % (rc, err[-400:])}
    text = {k[6:]: v // 16 for k, v in sections(cubin).items()
            if k.startswith(".text.")}
    os.remove(ptx)
    os.remove(cubin)
    got = {"clang": t_clang, "ptxas": t_ptxas, "text": text}
    if opts is not None and "main" in a.configs:
        ik = [int(m.group(1)) for m in INKERNEL.finditer(t_err)]
        got["inkernel"] = {"64": ik.count(64), "all": len(ik)}
    return got


def measure(a):
    todo = sources(a)
    tmpdir = os.path.join(a.out, "tmp")
    os.makedirs(tmpdir, exist_ok=True)
    for n, src in enumerate(todo):
        res = os.path.join(a.out, src[0], src[1] + ".json")
        if os.path.exists(res):
            continue
        os.makedirs(os.path.dirname(res), exist_ok=True)
        cfgs = tuple((c, CONFIG_OPTS[c]) for c in a.configs)
        r = n % len(cfgs)  # rotate the order
        order = cfgs[r:] + cfgs[:r]
        got = {"file": os.path.relpath(src[3], os.path.join(a.out, "src"))}
        t0 = time.time()
        for cfg, opts in order:
            got[cfg] = build(a, src, cfg, opts, os.path.join(tmpdir, src[1]))
        json.dump(got, open(res + ".part", "w"))
        os.replace(res + ".part", res)
        print("%s/%s: %.0f s wall" % (src[0], src[1], time.time() - t0),
              flush=True)


def clones(text):
    """{kernel: (original, clone, plain or 0)} instructions of the cloned
    kernels of one build."""
    out = {}
    for k, v in text.items():
        if k.endswith("__magicdiv") and k[:-10] in text:
            out[k[:-10]] = (text[k[:-10]], v,
                            text.get(k + "_plain", 0))
    return out


MINGAIN = re.compile(r"kernel '([^']*)' left alone: estimated saving "
                     r"([0-9.]+) % of the kernel's work \((\d+) division "
                     r"site\(s\), (\d+) in a loop; ([0-9.]+) % of the busiest "
                     r"loop with one; ([0-9.]+) % of its code")


def drops(a, src, today, model):
    """The kernels `today` clones and `model` does not, with the model's
    estimate: [(kernel, work %, sites, in loop, loop %, code %)] (from an untimed
    build with -Rpass-missed, cached in OUT/<set>/<key>.drops)."""
    gone = sorted(set(clones(today)) - set(clones(model)))
    if not gone:
        return []
    path = os.path.join(a.out, src[0], src[1] + ".drops")
    if not os.path.exists(path):
        _, _, cwd, f, flags = src
        env = dict(os.environ)
        env.pop("MAGICDIV_OPTIONS", None)
        cmd = [a.clang] + COMMON + flags + [
            "-fpass-plugin=" + os.path.abspath(a.plugin),
            "-Rpass-missed=magicdiv", "-S", "-o", os.devnull, f]
        err = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                             text=True).stderr
        est = {m.group(1): m.groups()[1:] for m in MINGAIN.finditer(err)}
        json.dump(est, open(path, "w"))
    est = json.load(open(path))
    return [(k,) + tuple(est.get(k, ("?",) * 5)) for k in gone]


def load(a):
    """{set: [(src, result)]} of what OUT holds, in source order."""
    out = {}
    for src in sources(a):
        res = os.path.join(a.out, src[0], src[1] + ".json")
        if os.path.exists(res):
            out.setdefault(src[0], []).append((src, json.load(open(res))))
    return out


def ratio(x, y):
    return "%.2fx" % (x / y) if y else "-"


def set_table(data):
    """The per-set table: CPU, clones, cubin size, SASS of cloned kernels."""
    print("| set | files | clang CPU s: none / today / model | ptxas CPU s "
          "| clang + ptxas vs none: today / model | clones (plain tiers): "
          "today / model | cubin instructions: none / today / model | SASS "
          "of cloned kernels, originals -> clones: today / model |")
    print("|---|---|---|---|---|---|---|---|")
    for name, rows in data.items():
        ok = [r for _, r in rows if all("error" not in r[c] for c, _ in
                                        CONFIGS)]
        s = {c: {"clang": sum(r[c]["clang"] for r in ok),
                 "ptxas": sum(r[c]["ptxas"] for r in ok),
                 "text": sum(sum(r[c]["text"].values()) for r in ok)}
             for c, _ in CONFIGS}
        cl = {c: [clones(r[c]["text"]) for r in ok] for c in ("today",
                                                             "model")}
        def cnt(c):
            return "%d (%d)" % (sum(len(x) for x in cl[c]),
                                sum(1 for x in cl[c] for v in x.values()
                                    if v[2]))
        def sass(c):
            o = sum(v[0] for x in cl[c] for v in x.values())
            k = sum(v[1] for x in cl[c] for v in x.values())
            return "%d -> %d (%+.1f %%)" % (o, k, 100.0 * (k - o) / o) \
                if o else "-"
        tot = {c: s[c]["clang"] + s[c]["ptxas"] for c in s}
        print("| %s | %d%s | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f | %s / "
              "%s | %s / %s | %d / %d / %d (%s / %s) | %s / %s |" % (
                  name, len(ok), "" if len(ok) == len(rows) else
                  " (+%d failed)" % (len(rows) - len(ok)),
                  s["none"]["clang"], s["today"]["clang"],
                  s["model"]["clang"], s["none"]["ptxas"],
                  s["today"]["ptxas"], s["model"]["ptxas"],
                  ratio(tot["today"], tot["none"]),
                  ratio(tot["model"], tot["none"]), cnt("today"),
                  cnt("model"), s["none"]["text"], s["today"]["text"],
                  s["model"]["text"], ratio(s["today"]["text"],
                                            s["none"]["text"]),
                  ratio(s["model"]["text"], s["none"]["text"]), sass("today"),
                  sass("model")))


def index_table(data):
    """ggml's index kernels: the SASS their clones save, today and model."""
    rows = {s[1]: r for s, r in data.get("ggml-top", [])}
    print("\n| ggml file | clones today / model | SASS saved by the clones: "
          "today / model | model / today |")
    print("|---|---|---|---|")
    tt = tm = 0
    for f in INDEX_FILES:
        r = rows.get(f)
        if not r or "error" in r["today"] or "error" in r["model"]:
            continue
        ct, cm = clones(r["today"]["text"]), clones(r["model"]["text"])
        st = sum(v[0] - v[1] for v in ct.values())
        sm = sum(v[0] - v[1] for v in cm.values())
        tt += st
        tm += sm
        print("| %s | %d / %d | %d / %d | %s |" % (f, len(ct), len(cm), st,
                                                  sm, "%.0f %%" % (100.0 * sm / st) if st else "-"))
    if tt:
        print("| all six | | %d / %d | %.0f %% |" % (tt, tm, 100.0 * tm / tt))


def drop_table(a, data, sets):
    """Every clone the model drops (sets), with its estimate."""
    print("\n| set | file | kernel | estimated saving: of its work / busiest "
          "loop / code | sites (in a loop) | SASS original -> today's clone |")
    print("|---|---|---|---|---|---|")
    for name in sets:
        for src, r in data.get(name, []):
            if "error" in r["today"] or "error" in r["model"]:
                continue
            ct = clones(r["today"]["text"])
            for k, work, sites, loop, lshare, code in drops(
                    a, src, r["today"]["text"], r["model"]["text"]):
                print("| %s | %s | `%s` | %s %% / %s %% / %s %% | %s (%s) | "
                      "%d -> %d |" % (name, src[1],
                                      k if len(k) < 90 else k[:87] + "...",
                                      work, lshare, code, sites, loop,
                                      ct[k][0], ct[k][1]))


def family(k):
    """The identifier of a mangled kernel name (_ZL18flash_attn_ext_f16I...
    -> flash_attn_ext_f16)."""
    m = re.match(r"_ZL?(\d+)", k)
    return k[m.end():m.end() + int(m.group(1))] if m else k


def drop_families(a, data, sets):
    """The clones the model drops, per set and kernel family: how many, and
    the range of their estimates."""
    print("\n| set | kernel family | clones dropped | estimated saving of "
          "the work (busiest loop; code) | files |")
    print("|---|---|---|---|---|")
    for name in sets:
        fam = {}
        for src, r in data.get(name, []):
            if "error" in r["today"] or "error" in r["model"]:
                continue
            for k, work, _, _, lshare, code in drops(
                    a, src, r["today"]["text"], r["model"]["text"]):
                f = fam.setdefault(family(k), [0, [], [], set(), []])
                f[0] += 1
                if work != "?":
                    f[1].append(float(work))
                    f[2].append(float(lshare))
                    f[4].append(float(code))
                f[3].add(src[1])
        for k in sorted(fam, key=lambda x: -fam[x][0]):
            n, w, l, files, c = fam[k]
            rng = lambda v: ("%.2f" % v[0] if min(v) == max(v) else
                             "%.2f-%.2f" % (min(v), max(v))) if v else "?"
            print("| %s | `%s` | %d | %s %% (%s %%; %s %%) | %d |" % (
                name, k, n, rng(w), rng(l), rng(c), len(files)))


def report(a):
    data = load(a)
    set_table(data)
    index_table(data)
    drop_families(a, data, [s for s in ("ggml-top", "ggml-inst")
                            if s in data])
    drop_table(a, data, [s for s in ("llmc", "hecbench") if s in data])
    for name, rows in data.items():
        for src, r in rows:
            for c, _ in CONFIGS:
                if "error" in r[c]:
                    print("\nfailed: %s/%s %s: %s" % (name, src[1], c,
                                                     r[c]["error"][:200]))


def tiers(text):
    """(clones, plain tiers, pow2 tiers) in one build's cubin."""
    return tuple(sum(1 for k in text if k.endswith(suf))
                 for suf in ("__magicdiv", "__magicdiv_plain",
                             "__magicdiv_pow2"))


def forms_rows(data):
    """{set: [(key, {cfg: result})]} of the files all of whose builds
    succeeded (configs none, main, model)."""
    return {n: [(s[1], r) for s, r in rows
                if all("error" not in r[c] for c in ("none", "main", "model"))]
            for n, rows in data.items()}


def forms_set_table(rows):
    """Per set: CPU, tiers, in-kernel sites, cubin size; main vs model."""
    print("| set | files | clang CPU s: none / main / new | ptxas CPU s: "
          "none / main / new | clang + ptxas vs none: main / new (new vs "
          "main) | clones, plain, pow2 tiers: main / new | in-kernel sites "
          "(64-bit): main / new | cubin instructions: none / main / new |")
    print("|---|---|---|---|---|---|---|---|")
    for name, ok in rows.items():
        rs = [r for _, r in ok]
        def tot(c, k):
            return sum(r[c][k] for r in rs)
        def tr(c):
            return "%d, %d, %d" % tuple(sum(tiers(r[c]["text"])[i]
                                            for r in rs) for i in range(3))
        def ik(c):
            return "%d (%d)" % (sum(r[c]["inkernel"]["all"] for r in rs),
                                sum(r[c]["inkernel"]["64"] for r in rs))
        cpu = {c: tot(c, "clang") + tot(c, "ptxas")
               for c in ("none", "main", "model")}
        txt = {c: sum(sum(r[c]["text"].values()) for r in rs)
               for c in ("none", "main", "model")}
        print("| %s | %d | %.1f / %.1f / %.1f | %.1f / %.1f / %.1f | %s / %s "
              "(%s) | %s / %s | %s / %s | %d / %d / %d (new vs main %s) |" % (
                  name, len(rs), tot("none", "clang"), tot("main", "clang"),
                  tot("model", "clang"), tot("none", "ptxas"),
                  tot("main", "ptxas"), tot("model", "ptxas"),
                  ratio(cpu["main"], cpu["none"]),
                  ratio(cpu["model"], cpu["none"]),
                  ratio(cpu["model"], cpu["main"]), tr("main"), tr("model"),
                  ik("main"), ik("model"), txt["none"], txt["main"],
                  txt["model"], ratio(txt["model"], txt["main"])))


def forms_file_table(rows):
    """The files where the new forms changed something: pow2 tiers,
    in-kernel sites, clones or cubin size."""
    print("\n| set | file | pow2 tiers | in-kernel sites main -> new "
          "(64-bit) | clones main -> new | clang + ptxas CPU s: none / "
          "main / new | cubin instructions: main -> new | SASS of pow2 "
          "tiers vs their clones |")
    print("|---|---|---|---|---|---|---|---|")
    for name, ok in rows.items():
        for key, r in ok:
            m, n = r["main"], r["model"]
            tm, tn = tiers(m["text"]), tiers(n["text"])
            im, inn = m["inkernel"], n["inkernel"]
            sm, sn = sum(m["text"].values()), sum(n["text"].values())
            if tm == tn and im == inn and sm == sn:
                continue
            p2 = [k for k in n["text"] if k.endswith("__magicdiv_pow2")]
            po = sum(n["text"][k] for k in p2)
            pc = sum(n["text"].get(k[:-5], 0) for k in p2)
            print("| %s | %s | %d | %d (%d) -> %d (%d) | %d -> %d | %.1f / "
                  "%.1f / %.1f | %d -> %d (%+d) | %s |" % (
                      name, key, tn[2], im["all"], im["64"], inn["all"],
                      inn["64"], tm[0], tn[0],
                      r["none"]["clang"] + r["none"]["ptxas"],
                      m["clang"] + m["ptxas"], n["clang"] + n["ptxas"], sm,
                      sn, sn - sm, "%d vs %d" % (po, pc) if p2 else "-"))


def forms_report(a):
    """The tables of the new forms against main's plugin."""
    data = load(a)
    rows = forms_rows(data)
    forms_set_table(rows)
    forms_file_table(rows)
    for name, rs in data.items():
        for src, r in rs:
            for c in a.configs:
                if "error" in r[c]:
                    print("\nfailed: %s/%s %s: %s" % (name, src[1], c,
                                                     r[c]["error"][:200]))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--plugin", default=os.path.join(ROOT, "build-22", "lib",
                                                    "MagicDiv.so"))
    p.add_argument("--out", required=True)
    p.add_argument("--ggml")
    p.add_argument("--llmc")
    p.add_argument("--hecbench")
    p.add_argument("--sets", default="ggml-top,ggml-inst,llmc,hecbench")
    p.add_argument("--only", help="regex on SET/FILE")
    p.add_argument("--all-instances", action="store_true",
                   help="every template instance (default: INST_SUBSET)")
    p.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    p.add_argument("--ptxas", default=CUDA + "/bin/ptxas")
    p.add_argument("--report", action="store_true")
    p.add_argument("--configs", default="none,today,model",
                   help="none,main,model: the new forms against --main-plugin")
    p.add_argument("--main-plugin", help="main's plugin (config main)")
    a = p.parse_args()
    a.configs = a.configs.split(",")
    a.out = os.path.abspath(a.out)
    if a.report and "main" in a.configs:
        forms_report(a)
    elif a.report:
        report(a)
    else:
        measure(a)


if __name__ == "__main__":
    main()
