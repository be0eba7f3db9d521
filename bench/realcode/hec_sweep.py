#!/usr/bin/env python3
"""hec_sweep.py -- every HeCBench CUDA, HIP or OpenMP program through the plugin:
what it clones, what it leaves alone and why, what it costs to build, and
that it never breaks a compile nor changes a kernel it does not clone.

Per program (src/<name>-cuda, src/<name>-hip or src/<name>-omp of a
HeCBench mirror, at its HEAD) and per source file its Makefile compiles (the
`source =` list; all .cu files where there is none, OpenMP: .cpp),
device-only, twice: without the plugin
(`none`) and with it, its defaults (`plugin`), -Rpass=magicdiv
-Rpass-missed=magicdiv in both.  CUDA: clang-22 -> PTX (sm_90), ptxas -O3 -> cubin, instructions
per kernel from its .text.<kernel> sections; HIP: clang-22 -x hip -> gfx90a
assembly, instructions counted per kernel in the .s; OpenMP: clang-22
-fopenmp --offload-arch=sm_90 --offload-device-only -> PTX, ptxas -c (the
device runtime's functions are linked later: a relocatable object), as
CUDA.  Recorded per file: CPU
seconds of each step (the IR verifier on in both), the remarks (kernels cloned, sites transformed, sites
given in-kernel magic, sites and kernels left alone with the reason, names
and numbers taken out), instructions per kernel, and whether the output is
byte-identical to `none` (it must be where nothing was transformed).

  hec_sweep.py --target cuda|hip|omp --out DIR [--hecbench MIRROR]
               [--plugin SO] [--only REGEX] [--jobs N]
  hec_sweep.py --target cuda|hip|omp --out DIR --report
  hec_sweep.py --target cuda|hip --out DIR --whole [--plugin SO] [--jobs N]
  hec_sweep.py --target cuda|hip --out DIR --host [--plugin SO] [--jobs N]

OUT/<target>/<program>.json is written when a program's builds are done (a
rerun skips it: restartable).  --report prints the tables of bench/RESULTS.md
("Every HeCBench program through the plugin") and the list of programs with
clones (OUT/<target>/CLONED: name, clones, sites), which hecbench_gpu.sh
builds as whole programs beside the index benchmarks.  --whole (after a
report) compiles those programs as a user would, host and device, every
source of their Makefile, and links them (CUDA: cudart; HIP: amdhip64),
without and with the plugin: the host pass on real launch code.  --host
compiles every file the plugin transforms nothing in to an object (host and
device) without and with it: the objects must be byte-identical (the host
pass routes only launches of kernels with a clone).
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "sass"))
sys.path.insert(0, HERE)
from launch_ranges import sections  # noqa: E402  (ELF section sizes)
from build_cost import HECBENCH, INKERNEL, run_cpu  # noqa: E402  (the
#   index benchmarks; an in-kernel site's remark; CPU seconds of a command)

CUDA = "/usr/local/cuda"
FLAGS = {
    "cuda": ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
             "-Wno-unknown-cuda-version", "--cuda-path=" + CUDA,
             "-I" + CUDA + "/include/cccl"],
    "hip": ["-x", "hip", "--offload-device-only", "--offload-arch=gfx90a",
            "--rocm-path=/usr", "--rocm-device-lib-path=/usr/lib/"
            "x86_64-linux-gnu/amdgcn/bitcode", "-mcode-object-version=5",
            "-D__AMDGCN_WAVEFRONT_SIZE=64",
            # (the compilation unit's id is a hash of the command line:
            # fixed, so that both builds may be byte-identical)
            "-cuid=magicdiv-sweep"],
    # OpenMP offload, the device side (omp.h: Debian's liboffload-22 as
    # scripts/setup.sh unpacks it)
    "omp": ["-fopenmp", "--offload-arch=sm_90", "--offload-device-only",
            "-I" + os.environ.get("MAGICDIV_OMP_PREFIX", "/opt/magicdiv-omp")
            + "/include/22"],
}
# Per target: the Makefile's sources the device build compiles, and the
# files taken where the Makefile names none.
SOURCES = {"cuda": (r"cu|cpp|cc|hip", "*.cu"), "hip": (r"cu|cpp|cc|hip", "*.cu"),
           "omp": (r"cpp|cc|c", "*.cpp")}
# (-fverify-intermediate-code: the IR verifier runs after the passes, as in
# an assertions build of clang; a release clang skips it by default)
COMMON = ["-O3", "-std=c++17", "-w", "-fno-color-diagnostics",
          "-fverify-intermediate-code"]
CLONED = re.compile(r"remark: magicdiv: kernel '([^']*)' cloned as")
SITE = re.compile(r"remark: magicdiv: (?:vector )?[su](?:div|rem) i\d+ by "
                  r"launch-invariant divisor")
MISSED = re.compile(r"remark: magicdiv: (.*?) left alone: (.*?)"
                    r" \[-Rpass-missed=magicdiv\]")


def reason(text):
    """A remark's reason without its names and numbers (for counting)."""
    text = re.sub(r"'[^']*'", "'X'", text)
    text = re.sub(r"#\d+", "#N", text)
    return re.sub(r"\d+(\.\d+)?", "N", text)


def makefile_sources(d, exts=r"cu|cpp|cc|hip", fallback="*.cu"):
    """The source files the program's Makefile compiles (its `source =`
    list, continuation lines joined; those ending in one of exts), or every
    file of the folder matching fallback."""
    mk = os.path.join(d, "Makefile")
    if os.path.exists(mk):
        text = open(mk, errors="replace").read().replace("\\\n", " ")
        m = re.search(r"^source\s*:?=\s*(.*)$", text, re.M)
        if m:
            fs = [f for f in m.group(1).split()
                  if re.search(r"\.(%s)$" % exts, f)]
            fs = [f for f in fs if os.path.exists(os.path.join(d, f))]
            if fs:
                return fs
    return sorted(os.path.basename(f) for f in glob.glob(
        os.path.join(d, fallback)))


def makefile_flags(d):
    """The -I and -D options the Makefile writes out literally (pad-hip
    includes ../pad-cuda's headers, others define sizes)."""
    mk = os.path.join(d, "Makefile")
    if not os.path.exists(mk):
        return []
    text = open(mk, errors="replace").read()
    return [f for f in re.findall(r"(?<!\S)(-[ID]\S+)", text)
            if "$" not in f]


def extract(mirror, dest, target):
    """src/*-<target> (and src/include) of the mirror's HEAD into dest (once
    per target; folders whose files the mirror lacks are extracted file by
    file, skipping those).  dest/.extracted: the commit."""
    stamp = os.path.join(dest, ".extracted-" + target)
    if os.path.exists(stamp):
        return
    os.makedirs(dest, exist_ok=True)
    files = subprocess.run(["git", "--git-dir=" + mirror, "ls-tree", "-r",
                            "--name-only", "HEAD", "src/"], check=True,
                           capture_output=True, text=True).stdout.split()
    dirs = sorted({f.split("/")[1] for f in files
                   if f.split("/")[1].endswith("-" + target)})
    def untar(path):
        """path of the mirror's HEAD into dest; False if git cannot."""
        arc = subprocess.run(["git", "--git-dir=" + mirror, "archive",
                              "HEAD", path], capture_output=True)
        if arc.returncode == 0:
            subprocess.run(["tar", "-x", "-C", dest], input=arc.stdout,
                           check=True)
        return arc.returncode == 0
    for d in dirs + ["include"]:
        if untar("src/" + d):
            continue
        for f in files:  # a blob the mirror lacks (large data): skip it
            if f.startswith("src/" + d + "/") and not f.endswith(
                    (".txt", ".tsv", ".dat", ".bin", ".csv", ".grd")):
                untar(f)
    rev = subprocess.run(["git", "--git-dir=" + mirror, "rev-parse",
                          "--short", "HEAD"], capture_output=True,
                         text=True).stdout.strip()
    for f in (stamp, os.path.join(dest, ".extracted")):
        open(f, "w").write(rev + "\n")


def amd_kernels(asm):
    """{kernel: instructions} of a gfx90a assembly file (the lines between
    a kernel's label and its .Lfunc_end, directives and labels not
    counted)."""
    out, cur, n = {}, None, 0
    kernels = set(re.findall(r"^\s*\.amdhsa_kernel\s+(\S+)", asm, re.M))
    for line in asm.splitlines():
        s = line.split(";")[0].strip()
        if cur is None:
            if s.endswith(":") and s[:-1] in kernels:
                cur, n = s[:-1], 0
        elif s.startswith(".Lfunc_end"):
            out[cur], cur = n, None
        elif s and not s.startswith((".", "//")) and not s.endswith(":"):
            n += 1
    return out


def clean_env():
    """The environment without the plugin's own variables (its defaults)."""
    env = dict(os.environ)
    for k in ("MAGICDIV_OPTIONS", "MAGICDIV_DISABLE"):
        env.pop(k, None)
    return env


def build(a, d, f, cfg, tmp):
    """One file in one configuration: its measurements (dict)."""
    env = clean_env()
    cmd = [a.clang] + FLAGS[a.target] + COMMON + makefile_flags(d) + [
        "-I.", "-I../include"]
    # -Rpass in both: it turns on clang's location tracking, which OpenMP's
    # code generation writes into its kernels' source-location strings
    cmd += ["-Rpass=magicdiv", "-Rpass-missed=magicdiv"]
    if cfg == "plugin":
        cmd.append("-fpass-plugin=" + a.plugin)
    ptx = a.target in ("cuda", "omp")
    out = tmp + "." + cfg + (".ptx" if ptx else ".s")
    t, rc, err = run_cpu(cmd + ["-S", "-o", out, f], d, env)
    got = {"clang": t}
    if rc:
        got["error"] = "clang exit %d: %s" % (rc, err[-600:])
        return got, None
    if cfg == "plugin":
        got["cloned"] = CLONED.findall(err)
        got["sites"] = len(SITE.findall(err))
        got["inkernel"] = len(INKERNEL.findall(err))
        got["missed"] = [(w.split(" ")[0], reason(r))
                         for w, r in MISSED.findall(err)]
    text = open(out, "rb").read()
    if ptx:  # OpenMP: the device runtime is linked later (-c)
        cubin = tmp + "." + cfg + ".cubin"
        t, rc, err = run_cpu([a.ptxas, "-arch=sm_90", "-O3", out, "-o",
                              cubin] + (["-c"] if a.target == "omp" else []),
                             d, env)
    os.remove(out)
    if ptx:
        got["ptxas"] = t
        if rc:
            got["error"] = "ptxas exit %d: %s" % (rc, err[-600:])
            return got, text
        got["kernels"] = {k[6:]: v // 16 for k, v in sections(cubin).items()
                          if k.startswith(".text.")}
        if a.target == "omp":  # a relocatable object: every device function
            # has a section of its own (the regions' outlined functions,
            # called through the device runtime, are not inlined before
            # the link); the kernels are the PTX's entries
            got["entries"] = sorted(x.decode() for x in set(re.findall(
                rb"\.entry\s+([\w$.]+)", text)))
        os.remove(cubin)
    else:
        got["kernels"] = amd_kernels(text.decode(errors="replace"))
    return got, text


def program(a, name):
    """Both configurations of every source file of one program."""
    d = os.path.join(a.out, "src", "src", name)
    res = {"files": {}}
    tmp = os.path.join(a.out, "tmp", name)
    for f in makefile_sources(d, *SOURCES[a.target]):
        r = {}
        # (a source in a subfolder or another program's folder: one name)
        out = tmp + "." + f.replace("/", "_")
        none, tn = build(a, d, f, "none", out)
        r["none"] = none
        if "error" not in none:
            plug, tp = build(a, d, f, "plugin", out)
            if "error" not in plug:
                plug["same"] = tp == tn
                # the same lines in another order: clang's own output order
                # depends on the command line (convolution1D-hip's
                # __constant__ template instances swap places with -DX=1)
                plug["same_lines"] = tp == tn or sorted(
                    tp.splitlines()) == sorted(tn.splitlines())
            r["plugin"] = plug
        res["files"][f] = r
    return res


LINK = {"cuda": ["-L" + CUDA + "/lib64", "-lcudart", "-ldl", "-lrt",
                  "-lpthread"],
        "hip": ["--hip-link", "--offload-arch=gfx90a", "--rocm-path=/usr",
                "-fuse-ld=lld", "-lamdhip64"]}


def compile_cmd(a, d, f, cfg):
    """The command that compiles one source file of a program to an object
    as its Makefile would (host and device; C files as C, CUDA's .cpp as
    host C++), with the plugin in configuration `plugin`."""
    lang = {"c": "c"}.get(f.rsplit(".", 1)[1], a.target)
    if a.target == "cuda" and f.endswith((".cpp", ".cc")):
        lang = "c++"
    flags = FLAGS[a.target] if lang == a.target else []
    flags = [x for x in flags if x not in (
        "--cuda-device-only", "--offload-device-only")]
    cmd = [a.clang, "-x", lang] + flags[2:] + [
        "-O3", "-w", "-fno-color-diagnostics"] + (
        ["-std=c++17"] if lang != "c" else []) + \
        makefile_flags(d) + ["-I.", "-I../include"]
    if cfg == "plugin" and lang == a.target:
        cmd.append("-fpass-plugin=" + a.plugin)
    return cmd


def to_object(a, d, f, cfg, obj, env):
    """Compile f of program folder d to obj (compile_cmd); "" or the end of
    clang's error output."""
    _, rc, e = run_cpu(compile_cmd(a, d, f, cfg) + ["-c", f, "-o", obj], d,
                       env)
    return e[-400:] if rc else ""


def whole(a, name):
    """The program as a whole (host and device, every source of its
    Makefile, linked), without and with the plugin: {cfg: error or ""}."""
    d = os.path.join(a.out, "src", "src", name)
    tmp = os.path.join(a.out, "tmp", name + ".whole")
    env = clean_env()
    got = {}
    for cfg in ("none", "plugin"):
        objs, err = [], ""
        for f in makefile_sources(d, r"cu|cpp|cc|hip|c"):
            objs.append("%s.%s.%s.o" % (tmp, cfg, f.replace("/", "_")))
            e = to_object(a, d, f, cfg, objs[-1], env)
            if e:
                err = "compile %s: %s" % (f, e)
                break
        if not err:
            _, rc, e = run_cpu([a.clang] + objs + ["-o", tmp + "." + cfg] +
                               LINK[a.target], d, env)
            if rc:
                err = "link: " + e[-400:]
        for o in objs + [tmp + "." + cfg]:
            if os.path.exists(o):
                os.remove(o)
        got[cfg] = err
    return got


def host_objects(a, name, files):
    """--host: each file the plugin transforms nothing in, compiled to an
    object (host and device) without and with the plugin: {file: "same",
    "differs", "irreproducible" (two builds without it differ too), "fails
    without the plugin: ..." or "BROKEN: ..."}."""
    d = os.path.join(a.out, "src", "src", name)
    tmp = os.path.join(a.out, "tmp", name + ".host")
    env = clean_env()
    got = {}
    for f, r in files.items():
        p = r.get("plugin", {})
        if "error" in p or "cloned" not in p or p["cloned"] or p["inkernel"]:
            continue
        objs, errs = [], []
        for cfg in ("none", "plugin"):
            objs.append("%s.%s.%s.o" % (tmp, cfg, f.replace("/", "_")))
            errs.append(to_object(a, d, f, cfg, objs[-1], env)[-300:])
        if errs[0]:
            got[f] = "fails without the plugin: " + errs[0]
        elif errs[1]:
            got[f] = "BROKEN: " + errs[1]
        elif open(objs[0], "rb").read() == open(objs[1], "rb").read():
            got[f] = "same"
        else:  # a compile that is not reproducible (__TIME__, temp names)?
            objs.append(objs[0] + ".again")
            to_object(a, d, f, "none", objs[2], env)
            got[f] = "differs" if open(objs[0], "rb").read() == open(
                objs[2], "rb").read() else "irreproducible"
        for o in objs:
            if os.path.exists(o):
                os.remove(o)
    return got


def each(a, names, work, label):
    """work(name) for each name, a.jobs at a time; each result written to
    OUT/<target>/<name>.json as soon as it is done (whole, or not at all)."""
    def one(name):
        got = work(name)
        path = os.path.join(a.out, a.target, name + ".json")
        json.dump(got, open(path + ".part", "w"))
        os.replace(path + ".part", path)
        return name
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for n, name in enumerate(ex.map(one, names)):
            print("%s%d/%d %s" % (label, n + 1, len(names), name), flush=True)


def join(a, names, key, work):
    """work(name, record) as the record's `key` for each name whose
    OUT/<target>/<name>.json has none yet (--whole, --host)."""
    def one(name):
        got = json.load(open(os.path.join(a.out, a.target, name + ".json")))
        if key not in got:
            got[key] = work(name, got)
        return got
    each(a, names, one, key + " ")


def measure_whole(a):
    """--whole: the programs with clones (OUT/<target>/CLONED) as whole
    programs."""
    join(a, [line.split()[0] + "-" + a.target for line in
             open(os.path.join(a.out, a.target, "CLONED"))], "whole",
         lambda name, got: whole(a, name))


def measure_host(a):
    """--host: the objects of the files nothing was transformed in, every
    program (--only: those it matches)."""
    names = [os.path.basename(p)[:-5] for p in sorted(glob.glob(
        os.path.join(a.out, a.target, "*.json")))]
    if a.only:
        names = [n for n in names if re.search(a.only, n)]
    join(a, names, "host", lambda name, got: host_objects(a, name,
                                                          got["files"]))


def measure(a):
    extract(a.hecbench, os.path.join(a.out, "src"), a.target)
    names = sorted(os.path.basename(p) for p in glob.glob(
        os.path.join(a.out, "src", "src", "*-" + a.target)))
    if a.only:
        names = [n for n in names if re.search(a.only, n)]
    os.makedirs(os.path.join(a.out, "tmp"), exist_ok=True)
    os.makedirs(os.path.join(a.out, a.target), exist_ok=True)
    todo = [n for n in names if not os.path.exists(
        os.path.join(a.out, a.target, n + ".json"))]
    each(a, todo, lambda name: program(a, name), "")


def load(a):
    out = {}
    for p in sorted(glob.glob(os.path.join(a.out, a.target, "*.json"))):
        out[os.path.basename(p)[:-5]] = json.load(open(p))
    return out


def clone_sizes(rows):
    """(originals, clones): instructions of the cloned kernels and of their
    clones (K__magicdiv) in the plugin's builds of rows."""
    o = c = 0
    for r in rows:
        k = r["plugin"]["kernels"]
        for name in r["plugin"]["cloned"]:
            if name in k and name + "__magicdiv" in k:
                o += k[name]
                c += k[name + "__magicdiv"]
    return o, c


def cpu_s(rows, c):
    """CPU seconds (clang, and ptxas for CUDA) of configuration c's builds
    of rows."""
    return sum(r[c]["clang"] + r[c].get("ptxas", 0) for r in rows)


def instructions(rows, c):
    """Instructions of every kernel of configuration c's builds of rows."""
    return sum(sum(r[c]["kernels"].values()) for r in rows)


def pct(x, y):
    return 100.0 * (x - y) / y if y else 0.0


def report(a):
    data = load(a)
    files = [(n, f, r) for n, p in data.items() for f, r in p["files"].items()]
    base_ok = [(n, f, r) for n, f, r in files if "error" not in r["none"]]
    broken = [(n, f, r) for n, f, r in base_ok if "error" in r["plugin"]]
    ok = [(n, f, r) for n, f, r in base_ok if "error" not in r["plugin"]]
    cl = [(n, f, r) for n, f, r in ok if r["plugin"]["cloned"]]
    untouched_changed = [(n, f, r["plugin"].get("same_lines"))
                         for n, f, r in ok if not r["plugin"]["same"]
                         and not r["plugin"]["cloned"]
                         and not r["plugin"]["inkernel"]]
    progs = {n for n, _, _ in cl}
    cpu = {c: cpu_s([r for _, _, r in ok], c) for c in ("none", "plugin")}
    cpu_cl = {c: cpu_s([r for _, _, r in cl], c) for c in ("none", "plugin")}
    ker = sum(len(r["none"].get("entries", r["none"]["kernels"]))
              for _, _, r in ok)
    ncl = sum(len(r["plugin"]["cloned"]) for _, _, r in ok)
    sites = sum(r["plugin"]["sites"] for _, _, r in ok)
    iks = sum(r["plugin"]["inkernel"] for _, _, r in ok)

    def txt(rows, c):
        return instructions([r for _, _, r in rows], c)
    print("| target | programs (files) | compile with clang-22: fails without "
          "the plugin / breaks with it | kernels (cloned) in programs | "
          "sites transformed (in-kernel) | output unchanged where nothing was "
          "transformed | CPU s none -> plugin: all / files with clones | "
          "instructions none -> plugin, files with clones | cloned kernels' "
          "instructions: originals -> clones |")
    print("|---|---|---|---|---|---|---|---|---|")
    # (OpenMP: a kernel's code is mostly in its region's function, a
    # section of its own, which is not the kernel's: no clones column)
    oc = clone_sizes(r for _, _, r in cl)
    occ = "%d -> %d (%+.1f %%)" % (oc[0], oc[1], pct(oc[1], oc[0])) \
        if a.target != "omp" else "-"
    untouched = [r for _, _, r in ok
                 if not r["plugin"]["cloned"] and not r["plugin"]["inkernel"]]
    print("| %s | %d (%d) | %d / %d | %d (%d, in %d programs) | %d (%d) | %d "
          "of %d | %.0f -> %.0f (%+.1f %%) / %.0f -> %.0f (%+.1f %%) | "
          "%d -> %d (%+.1f %%) | %s |" % (
              a.target, len(data), len(files), len(files) - len(base_ok),
              len(broken), ker, ncl, len(progs), sites, iks,
              sum(1 for r in untouched if r["plugin"]["same"]),
              len(untouched), cpu["none"], cpu["plugin"],
              pct(cpu["plugin"], cpu["none"]), cpu_cl["none"],
              cpu_cl["plugin"], pct(cpu_cl["plugin"], cpu_cl["none"]),
              txt(cl, "none"), txt(cl, "plugin"),
              pct(txt(cl, "plugin"), txt(cl, "none")), occ))
    for n, f, lines in untouched_changed:
        print("\n%s without a transform: %s/%s" % (
            "REORDERED (the same lines; clang orders them by its command "
            "line)" if lines else "CHANGED", n, f))
    for n, f, r in broken:
        print("\nBROKEN by the plugin: %s/%s: %s" % (n, f,
                                                    r["plugin"]["error"]))
    why = {}
    for _, _, r in ok:
        for what, rs in r["plugin"]["missed"]:
            k = (what if what == "kernel" else "site", rs)
            why[k] = why.get(k, 0) + 1
    print("\n| left alone | why (names and numbers taken out) | count |")
    print("|---|---|---|")
    for (what, rs), c in sorted(why.items(), key=lambda x: -x[1])[:a.top]:
        print("| %s | %s | %d |" % (what, rs[:150].replace("|", "/"), c))
    if a.programs:
        print("\n| program | kernels cloned / all | sites | CPU s none -> "
              "plugin | instructions none -> plugin | cloned kernels: "
              "originals -> clones | whole program |")
        print("|---|---|---|---|---|---|---|")
        for n in sorted(progs):
            rs = [r for m, _, r in ok if m == n]
            cpu_n, cpu_p = cpu_s(rs, "none"), cpu_s(rs, "plugin")
            tn, tp = instructions(rs, "none"), instructions(rs, "plugin")
            w = data[n].get("whole")
            o, c = clone_sizes(rs)
            print("| %s | %d / %d | %d | %.1f -> %.1f | %d -> %d (%+.0f %%) | "
                  "%d -> %d | %s |" % (
                      n, sum(len(r["plugin"]["cloned"]) for r in rs),
                      sum(len(r["none"]["kernels"]) for r in rs),
                      sum(r["plugin"]["sites"] for r in rs), cpu_n, cpu_p, tn,
                      tp, pct(tp, tn), o, c,
                            "-" if w is None else "builds" if not any(
                                w.values()) else "fails without the plugin"
                            if w["none"] else "BROKEN"))
    lines = []
    for n in sorted(progs):
        rs = [r for m, _, r in cl if m == n]
        lines.append("%s %d %d" % (n[:-len(a.target) - 1],
                                   sum(len(r["plugin"]["cloned"]) for r in rs),
                                   sum(r["plugin"]["sites"] for r in rs)))
    open(os.path.join(a.out, a.target, "CLONED"), "w").write(
        "".join(x + "\n" for x in lines))
    print("\nprograms with clones (%s/CLONED): %d" % (a.target, len(lines)))
    h = [(n, f, v) for n, p in data.items() for f, v in
         p.get("host", {}).items()]
    if h:
        same = sum(1 for x in h if x[2] == "same")
        fails = sum(1 for x in h if x[2].startswith("fails"))
        irr = sum(1 for x in h if x[2] == "irreproducible")
        print("\nobjects (host and device) of the files the plugin transforms "
              "nothing in: %d of %d byte-identical with and without it (%d "
              "fail to compile without it; %d differ between two builds "
              "without it)" % (same, len(h) - fails - irr, fails, irr))
        for n, f, v in h:
            if v == "differs" or v.startswith("BROKEN"):
                print("HOST %s: %s/%s %s" % (v.split(":")[0], n, f, v[6:][:300]))
    w = {n: p["whole"] for n, p in data.items() if "whole" in p}
    if w:
        print("\nwhole programs (host and device, linked): %d; built without "
              "the plugin %d, with it %d" % (
                  len(w), sum(1 for x in w.values() if not x["none"]),
                  sum(1 for x in w.values() if not x["plugin"])))
        for n, x in sorted(w.items()):
            if x["plugin"] and not x["none"]:
                print("WHOLE BROKEN by the plugin: %s: %s" % (n, x["plugin"]))
            elif x["none"]:
                print("whole, fails without the plugin: %s: %s" % (
                    n, x["none"].strip().splitlines()[-1][:160]
                    if x["none"].strip() else "?"))
    if a.more_list:
        keep = [line for line in lines
                if line.split()[0] not in HECBENCH and
                not any(w.get(line.split()[0] + "-" + a.target,
                              {"none": "not built whole"}).values())]
        open(a.more_list, "w").write(
            "# The HeCBench %s programs (commit %s) the plugin clones, but the "
            "index benchmarks,\n# that build whole with and without it: name, "
            "clones, sites.\n# Written by hec_sweep.py --report --more-list "
            "(bench/RESULTS.md, \"Every HeCBench\n# program through the "
            "plugin\"); hecbench_gpu.sh --more builds them.\n" % (
                a.target, open(os.path.join(a.out, "src", ".extracted"))
                .read().strip()) + "".join(x + "\n" for x in keep))
        print("%s: %d programs" % (a.more_list, len(keep)))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--target", choices=("cuda", "hip", "omp"), required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--hecbench", default="/work/.mirror/zjin-lcf+HeCBench/repo")
    p.add_argument("--plugin", default=os.path.join(ROOT, "build-22", "lib",
                                                    "MagicDiv.so"))
    p.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang++")
    p.add_argument("--ptxas", default=CUDA + "/bin/ptxas")
    p.add_argument("--only", help="regex on the program's folder name")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--top", type=int, default=25,
                   help="reasons listed in the report")
    p.add_argument("--report", action="store_true")
    p.add_argument("--programs", action="store_true",
                   help="--report: a row per program with clones")
    p.add_argument("--more-list", help="--report: write the programs with "
                   "clones that build whole, but the index benchmarks, here")
    p.add_argument("--host", action="store_true",
                   help="compare the objects (host and device) of the files "
                   "the plugin transforms nothing in")
    p.add_argument("--whole", action="store_true",
                   help="build the programs of OUT/<target>/CLONED whole")
    a = p.parse_args()
    a.out = os.path.abspath(a.out)
    a.plugin = os.path.abspath(a.plugin)
    if not a.report and not os.path.exists(a.plugin):
        sys.exit("hec_sweep.py: no plugin at %s" % a.plugin)
    if a.target == "omp" and (a.whole or a.host):
        sys.exit("hec_sweep.py: --whole and --host are for cuda and hip "
                 "(OpenMP's real programs: bench/omp/real_e2e.sh)")
    if a.report:
        report(a)
    elif a.whole:
        measure_whole(a)
    elif a.host:
        measure_host(a)
    else:
        measure(a)


if __name__ == "__main__":
    main()
