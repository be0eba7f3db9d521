#!/usr/bin/env python3
"""rc_hec_args.py -- the run arguments and time limits of HeCBench's index
benchmarks for rc_run.sh: reads DIR/BENCHES of hecbench_gpu.sh (name, then
the Makefile's run arguments), prints "name limit args" lines for the
programs built (DIR/<name>.native and .plugin), and on stderr the others.

  rc_hec_args.py DIR

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
import os
import sys

from rc_same import count

LIMIT = 12
ARGS = {"channelShuffle": "2 64 64 5", "flip": "3 256 100",
        "resize": "1920 1080 256 256 64 100", "pool": "16 48 224 224 54 54 100",
        "stencil3d": "256 100"}
LIMITS = {"concat": 30}

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
