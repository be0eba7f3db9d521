#!/usr/bin/env python3
"""rc_hec_args.py -- the run arguments and time limits of HeCBench's index
benchmarks for rc_run.sh: reads DIR/BENCHES of hecbench_gpu.sh (name, then
the Makefile's run arguments), prints "name limit args" lines for the
programs built (DIR/<name>.native and .plugin), and on stderr the others.
With --more: the same of DIR/MORE (the other programs the plugin clones),
limit LIMIT_MORE (8 s) each, without those whose arguments name input files (the
bundle carries no data: a path, a file name, something of the program's
source folder, or a folder with data/ or DVC data), most clones first.

  rc_hec_args.py DIR
  rc_hec_args.py --more DIR SRC      (SRC: the extracted src/ of the build)

On the H200 machine (bench/RESULTS.md, HeCBench section) six programs'
single-threaded CPU references outlasted 10 s with the Makefile's
arguments; they get smaller problems here (the kernels are the same, the
sizes smaller):
  channelShuffle 2 224 224 100 -> 2 64 64 5   (the reference repeats
      `repeat` times over 85 x 672 x W x H elements)
  flip   3 1024 100 -> 3 256 100              (2^30 -> 2^24 elements)
  resize 1920 1080 256 256 512 100 -> ... 64 100  (512 -> 64 channels)
  pool   128 48 224 224 54 54 100 -> 16 48 ...    (batch 128 -> 16)
  stencil3d 512 100 -> 256 100                (512^3 -> 256^3)
concat takes only a repeat count (its sizes are fixed): 30 s instead.
Programs whose plugin build carries clones come first.
"""
import glob
import os
import re
import sys

from rc_same import count

LIMIT = 12
ARGS = {"channelShuffle": "2 64 64 5", "flip": "3 256 100",
        "resize": "1920 1080 256 256 64 100", "pool": "16 48 224 224 54 54 100",
        "stencil3d": "256 100"}
LIMITS = {"concat": 30}

LIMIT_MORE = 8


def needs_files(args, srcdir):
    """Does a program need input files: its argument line names a path, a
    file name or something of its source folder (`data` for
    data.tar.gz.dvc), or that folder holds a data/ folder or DVC data?"""
    if os.path.isdir(os.path.join(srcdir, "data")) or glob.glob(
            os.path.join(srcdir, "*.dvc")):
        return True
    for tok in args.replace('"', " ").split():
        if "/" in tok or re.search(r"[A-Za-z_]\.[A-Za-z]{1,5}$", tok):
            return True
        if re.match(r"^[A-Za-z_][\w.-]*$", tok) and glob.glob(
                os.path.join(srcdir, glob.escape(tok) + "*")):
            return True
    return False


def more(d, src):
    lines = []
    for line in open(os.path.join(d, "MORE")):
        name, _, args = line.strip().partition(" ")
        if not name:
            continue
        if not all(os.access(os.path.join(d, name + v), os.X_OK)
                   for v in (".native", ".plugin")):
            print("HeCBench %s: not built, left out" % name, file=sys.stderr)
        elif needs_files(args, os.path.join(src, "src", name + "-cuda")):
            print("HeCBench %s: its arguments name input files (%s), left out"
                  % (name, args.strip()), file=sys.stderr)
        else:
            lines.append((name, LIMIT_MORE, args.strip()))
    lines.sort(key=lambda x: -count(os.path.join(d, x[0] + ".plugin"))[2])
    for x in lines:
        print(*x)


if sys.argv[1] == "--more":
    more(sys.argv[2], sys.argv[3])
    sys.exit(0)
d = sys.argv[1]
lines = []
for line in open(os.path.join(d, "BENCHES")):
    name, _, args = line.strip().partition(" ")
    if not name:
        continue
    if all(os.access(os.path.join(d, name + v), os.X_OK) for v in (".native", ".plugin")):
        lines.append((name, LIMITS.get(name, LIMIT), ARGS.get(name, args.strip())))
    else:
        print("HeCBench %s: not built, left out" % name, file=sys.stderr)
# the programs with clones first: the runner's time may run out on the others
lines.sort(key=lambda x: count(os.path.join(d, x[0] + ".plugin"))[2] == 0)
for x in lines:
    print(*x)
