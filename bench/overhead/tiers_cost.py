#!/usr/bin/env python3
"""tiers_cost.py -- what the plain tier (K__magicdiv_plain, md_tiers.c)
costs at compile time: clones, .text, compile time.

For each CUDA source, three device-only builds with clang -fpass-plugin
(options through MAGICDIV_OPTIONS): tiers (the default), no-tiers, and
no-launch-ranges (one clone per kernel, no bets: the reference).  For each:
  * clones: .entry names in the PTX ending in __magicdiv, and in
    __magicdiv_plain;
  * .text: bytes of all .text.* sections of the ptxas -O3 cubin (original
    kernels included), and of the plain clones alone;
  * compile time: CPU time (user + system of clang and its children) of the
    PTX compile (-S), fastest of --reps runs, the three builds alternating.

  tiers_cost.py --build BUILD [--arch sm_90] [--reps 5] [--extra FILE.cu ...]

The sources are bench/kernels/*.cu, bench/sass/launch_ranges_sites.cu and
each --extra file (compiled with --cuda-path=/usr/local/cuda and its CCCL
headers; e.g. llm.c's train_gpt2_fp32.cu, see bench/RESULTS.md "Tiers").
"""
import argparse
import glob
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "sass"))
from launch_ranges import sections  # noqa: E402  (ELF section sizes)

MODES = (("tiers", ""), ("no-tiers", "no-tiers"),
         ("no-launch-ranges", "no-launch-ranges"))


def compile_cmd(clang, plugin, arch, src, out):
    cmd = [clang, "-fpass-plugin=" + plugin, "-x", "cuda",
           "--cuda-device-only", "--cuda-gpu-arch=" + arch,
           "-Wno-unknown-cuda-version", "-O2", "-S", "-o", out, src]
    if os.path.realpath(src).startswith(os.path.join(ROOT, "bench")):
        cmd[5:5] = ["-nocudainc", "-nocudalib",
                    "-I", os.path.join(ROOT, "bench", "include")]
    else:
        cmd[5:5] = ["--cuda-path=/usr/local/cuda",
                    "-I/usr/local/cuda/include/cccl"]
    return cmd


def cpu_run(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                 before.ru_stime)


def measure(src, a, tmp):
    res = {}
    for tag, opts in MODES:
        res[tag] = {"ms": float("inf")}
    for _ in range(a.reps):
        for tag, opts in MODES:
            env = dict(os.environ)
            env.pop("MAGICDIV_DISABLE", None)
            env["MAGICDIV_OPTIONS"] = opts
            ptx = os.path.join(tmp, os.path.basename(src) + "." + tag + ".ptx")
            t = cpu_run(compile_cmd(a.clang, a.plugin, a.arch, src, ptx), env)
            res[tag]["ms"] = min(res[tag]["ms"], 1000 * t)
            res[tag]["ptx"] = ptx
    for tag, _ in MODES:
        r = res[tag]
        text = open(r["ptx"]).read()
        entries = re.findall(r"\.entry\s+([\w$.]+)", text)
        r["ranged"] = sum(e.endswith("__magicdiv") for e in entries)
        r["plain"] = sum(e.endswith("__magicdiv_plain") for e in entries)
        cub = r["ptx"][:-4] + ".cubin"
        subprocess.run(["ptxas", "-arch=" + a.arch, "-O3", r["ptx"], "-o",
                        cub], check=True)
        secs = sections(cub)
        r["text"] = sum(s for n, s in secs.items() if n.startswith(".text."))
        r["plain_text"] = sum(s for n, s in secs.items()
                              if n.startswith(".text.") and
                              n.endswith("__magicdiv_plain"))
    return res


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--arch", default="sm_90")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--clang", default="/usr/lib/llvm-22/bin/clang")
    p.add_argument("--extra", nargs="*", default=[])
    a = p.parse_args()
    a.plugin = os.path.join(os.path.abspath(a.build), "lib", "MagicDiv.so")
    srcs = sorted(glob.glob(os.path.join(ROOT, "bench", "kernels", "*.cu")))
    srcs.append(os.path.join(ROOT, "bench", "sass", "launch_ranges_sites.cu"))
    srcs += a.extra
    print("| source | clones (no-launch-ranges) | clones no-tiers | clones "
          "tiers (+plain) | .text no-tiers, B | .text tiers, B | of which "
          "plain | .text change | PTX compile no-tiers, ms | tiers, ms | "
          "change | no-launch-ranges, ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    tot = {k: 0.0 for k in ("nt_text", "t_text", "p_text", "nt_ms", "t_ms",
                            "plain", "ranged")}
    with tempfile.TemporaryDirectory() as tmp:
        for src in srcs:
            r = measure(src, a, tmp)
            t, nt, off = r["tiers"], r["no-tiers"], r["no-launch-ranges"]
            print("| %s | %d | %d | %d (+%d) | %d | %d | %d | %+.1f %% | %.0f "
                  "| %.0f | %+.1f %% | %.0f |" % (
                      os.path.basename(src), off["ranged"], nt["ranged"],
                      t["ranged"], t["plain"], nt["text"], t["text"],
                      t["plain_text"],
                      100.0 * (t["text"] - nt["text"]) / max(nt["text"], 1),
                      nt["ms"], t["ms"],
                      100.0 * (t["ms"] - nt["ms"]) / max(nt["ms"], 1e-9),
                      off["ms"]))
            tot["nt_text"] += nt["text"]
            tot["t_text"] += t["text"]
            tot["p_text"] += t["plain_text"]
            tot["nt_ms"] += nt["ms"]
            tot["t_ms"] += t["ms"]
            tot["plain"] += t["plain"]
            tot["ranged"] += t["ranged"]
    print("| all | | | %d (+%d) | %d | %d | %d | %+.1f %% | %.0f | %.0f | "
          "%+.1f %% | |" % (tot["ranged"], tot["plain"], tot["nt_text"],
                            tot["t_text"], tot["p_text"],
                            100.0 * (tot["t_text"] - tot["nt_text"]) /
                            max(tot["nt_text"], 1), tot["nt_ms"], tot["t_ms"],
                            100.0 * (tot["t_ms"] - tot["nt_ms"]) /
                            max(tot["nt_ms"], 1e-9)))


if __name__ == "__main__":
    main()
