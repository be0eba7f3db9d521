#!/usr/bin/env python3
"""isa.py -- machine instructions of OpenMP target regions, native vs clone.

Compiles test/omp/Inputs/shapes.c (the regions of test/omp) as an OpenMP device compile with the plugin
(clang-22 -fopenmp --offload-device-only -O2), then
  sm_90   llc -> PTX -> ptxas -c -O3 -> nvdisasm: SASS instructions of each
          microtask (the function holding the region's loop) and its clone;
  gfx90a  llc: instructions of the same functions.
The division sites sit in the loop body of the microtask; "fn" is the whole
function, "loop" the instructions of the innermost loop's blocks (NVIDIA:
between the back-branch target and the back branch; AMDGPU: the blocks
from the loop header label, `.LBB`, to the backward branch).  On sm_90 a
native 64-bit division is a call of __cuda_sm20_div_{s,u}64 behind a
32-bit fast path; its own size is listed apart.

  isa.py --build BUILD [--nvdisasm PATH]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(os.path.dirname(HERE)), "test", "omp",
                   "Inputs", "shapes.c")


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE)


def sass_funcs(text):
    """{function: [(offset, instruction)]} and {label: offset} from
    nvdisasm output (a label's offset is its next instruction's)."""
    funcs, labels, cur, pend = {}, {}, None, []
    for line in text.splitlines():
        m = re.match(r"\s*\.text\.(\S+):", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r"^(\.L_x_\d+):", line)
        if m:
            pend.append(m.group(1))
            continue
        m = re.search(r"/\*([0-9a-f]{4,})\*/\s*(.*)", line)
        if cur and m:
            off = int(m.group(1), 16)
            for p in pend:
                labels[p] = off
            pend = []
            funcs[cur].append((off, m.group(2)))
    return funcs, labels


def sass_loop(ins, labels):
    """Instructions of the largest backward-branch range (the loop)."""
    best = 0
    for off, text in ins:
        m = re.search(r"BRA\s+`\((\.L_x_\d+)\)", text)
        if m and m.group(1) in labels and labels[m.group(1)] < off:
            best = max(best, (off - labels[m.group(1)]) // 16 + 1)
    return best


def amd_funcs(text):
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z_.$][\w.$]*):\s*(;.*)?$", line)
        if m and not m.group(1).startswith(".L"):
            cur = m.group(1)
            funcs[cur] = []
            continue
        if line.startswith(".Lfunc_end"):
            cur = None
            continue
        if cur is None:
            continue
        if re.match(r"^\.LBB\d+_\d+:|^; %bb\.\d+:", line):
            funcs[cur].append(("label", line.split(":")[0].lstrip("; ")))
        elif re.match(r"^\s+[a-z_][a-z0-9_]*(\s|$)", line) and \
                not line.strip().startswith("."):
            funcs[cur].append(("ins", line.strip()))
    return funcs


def amd_loop(items):
    labels = {}
    n = 0
    best = 0
    for kind, v in items:
        if kind == "label":
            labels[v] = n
        else:
            m = re.match(r"s_cbranch_\w+\s+(\.LBB\d+_\d+)|s_branch\s+(\.LBB\d+_\d+)", v)
            if m:
                tgt = m.group(1) or m.group(2)
                if tgt in labels:
                    best = max(best, n + 1 - labels[tgt])
            n += 1
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--nvdisasm", default="nvdisasm")
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    a = ap.parse_args()
    plugin = os.path.join(os.path.abspath(a.build), "lib", "MagicDiv.so")
    tmp = tempfile.mkdtemp(prefix="md-omp-isa-")
    rows = []
    # NVIDIA
    ll = os.path.join(tmp, "nv.ll")
    run(["clang-22", "-O2", "-fopenmp", "--offload-arch=sm_90",
         "--offload-device-only", "-S", "-emit-llvm", "-fpass-plugin=" + plugin,
         SRC, "-o", ll])
    run(["llc-22", "-O3", "-mcpu=sm_90", ll, "-o", os.path.join(tmp, "nv.ptx")])
    run([a.ptxas, "-c", "-O3", "-arch=sm_90", os.path.join(tmp, "nv.ptx"), "-o",
         os.path.join(tmp, "nv.o")])
    dis = subprocess.run([a.nvdisasm, "-c", os.path.join(tmp, "nv.o")],
                         check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    nv, labels = sass_funcs(dis)
    # AMDGPU
    all_ = os.path.join(tmp, "amd.ll")
    run(["clang-22", "-O2", "-fopenmp", "--offload-arch=gfx90a", "-nogpulib",
         "--offload-device-only", "-S", "-emit-llvm", "-fpass-plugin=" + plugin,
         SRC, "-o", all_])
    run(["llc-22", "-O3", "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", all_,
         "-o", os.path.join(tmp, "amd.s")])
    amd = amd_funcs(open(os.path.join(tmp, "amd.s")).read())
    for region in ("collapse2", "collapse3", "sizet2", "flat"):
        orig = [f for f in nv if re.search(r"_%s_l\d+_omp_outlined_omp_outlined$" % region, f)]
        if not orig:
            continue
        o = orig[0]
        c = o + "_$_magicdiv_$_0"
        calls = sorted(set(re.findall(r"\((__cuda_sm20_\w+)\)",
                                      " ".join(t for _, t in nv[o]))))
        sub = "+".join("%s %d" % (x.replace("__cuda_sm20_", ""), len(nv[x]))
                       for x in calls if x in nv)
        row = [region, len(nv[o]), sub or "-", len(nv.get(c, [])),
               sass_loop(nv[o], labels), sass_loop(nv.get(c, []), labels)]
        co = [f for f in amd if re.search(r"_%s_l\d+_omp_outlined_omp_outlined$" % region, f)]
        if co:
            items_o = amd[co[0]]
            items_c = amd.get(co[0] + ".magicdiv.0", [])
            row += [sum(1 for k, _ in items_o if k == "ins"),
                    sum(1 for k, _ in items_c if k == "ins"),
                    amd_loop(items_o), amd_loop(items_c)]
        rows.append(row)
    print("| region | sm_90 fn native | + called division routine | sm_90 fn clone | "
          "sm_90 loop native | sm_90 loop clone | gfx90a fn native | "
          "gfx90a fn clone | gfx90a loop native | gfx90a loop clone |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")


if __name__ == "__main__":
    sys.exit(main())
