#!/usr/bin/env bash
# tc_run.sh -- the GPU call for torch.compile with and without
# magicdiv_triton: tc_run.py's programs, within a budget of seconds.
#
#   bash bench/triton/tc_run.sh [--budget SECONDS] [--programs a,b]
#       [--device cuda|cpu]
#
# Prints first what the machine has (Python, torch, Triton, the GPU and
# its driver, magicdiv-ir: $MAGICDIV_IR, else bench/out/triton/magicdiv-ir
# as bench/triton/tc_build.sh puts it, else build-22/bin, build/bin; its
# version and size).  Without CUDA (torch or Triton missing, or
# torch.cuda.is_available() false) it stops there: "nothing run", exit 3.
# Then tc_run.py (budget default 150 s, counted from this script's start:
# a program with no time left is "skipped (time)"), which writes
# $OUT/torch/ (OUT defaults to /tmp/tc-out): table.md, results.csv,
# results.json, run.txt (all this prints), logs/ (each side's output,
# the hook's log); caches and outputs go to TC_WORK (default
# /tmp/tc-work, not under $OUT: hundreds of MB).  Exit 0 ok; 1 a program
# failed or outputs differ (or magicdiv-ir missing where CUDA is there);
# 2 bad arguments; 3 no CUDA.
# --device cpu: the development mode (CPU torch; Inductor emits C++, no
# Triton and no magicdiv: timings there mean nothing).  TC_PYTHON names
# the Python (default python3).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
py=${TC_PYTHON:-python3}
budget=150 device=cuda programs=""
usage() { echo "usage: tc_run.sh [--budget SECONDS] [--programs a,b] [--device cuda|cpu]"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) budget=${2:-} ; shift ;;
    --programs) programs=${2:-} ; shift ;;
    --device) device=${2:-} ; shift ;;
    -h|--help) usage; awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0"; exit 0 ;;
    *) echo "tc_run.sh: unknown argument '$1'"; usage; exit 2 ;;
  esac
  shift
done
case "$budget" in ''|*[!0-9]*) echo "tc_run.sh: --budget needs whole seconds, not '$budget'"; usage; exit 2 ;; esac
case "$device" in cuda|cpu) ;; *) echo "tc_run.sh: --device is cuda or cpu, not '$device'"; usage; exit 2 ;; esac
t0=$(date +%s)
out=${OUT:-/tmp/tc-out}/torch
mkdir -p "$out/logs" || exit 2

find_tool() {
  local c
  for c in "${MAGICDIV_IR:-}" "$root/bench/out/triton/magicdiv-ir" \
           "$root/build-22/bin/magicdiv-ir" "$root/build/bin/magicdiv-ir"; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}

# The tool runs as it is, or with the libraries tc_build.sh put beside it
# (a wrapper in $out); prints the path to use.
usable_tool() {
  local t=$1 w=$out/bin/magicdiv-ir
  if "$t" --version >/dev/null 2>&1; then echo "$t"; return 0; fi
  [ -d "$(dirname "$t")/lib" ] || return 1
  mkdir -p "$out/bin"
  printf '#!/bin/sh\nLD_LIBRARY_PATH="%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "%s" "$@"\n' \
    "$(cd "$(dirname "$t")/lib" && pwd)" "$t" > "$w"
  chmod 755 "$w"
  "$w" --version >/dev/null 2>&1 && { echo "$w"; return 0; }
  return 1
}

probe_python() {
  timeout 90 "$py" - <<'PY' 2>&1
import sys
print("python: %s" % sys.version.split()[0])
try:
    import torch
    print("torch: %s (CUDA %s)" % (torch.__version__, torch.version.cuda))
except Exception as e:
    print("torch: MISSING (%s)" % e); sys.exit(0)
try:
    import triton
    print("triton: %s" % triton.__version__)
except Exception as e:
    print("triton: MISSING (%s)" % e)
if torch.cuda.is_available():
    n = torch.cuda.device_count()
    print("cuda: available, %d device(s): %s, sm_%d%d" % ((n, torch.cuda.get_device_name(0))
          + torch.cuda.get_device_capability(0)))
else:
    print("cuda: none (torch.cuda.is_available() is False)")
PY
}

main() {
  echo "== tc_run.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n), budget ${budget}s, device $device"
  echo "== machine"
  if command -v nvidia-smi >/dev/null 2>&1; then
    echo "nvidia-smi: $(timeout 20 nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | head -2 | tr '\n' ' ')"
  else
    echo "nvidia-smi: none"
  fi
  echo "cpus: $(nproc), glibc: $(ldd --version 2>&1 | head -1 | awk '{print $NF}'), cc (Triton builds its launcher with it): $( (cc --version 2>/dev/null || echo none) | head -1)"
  probe=$(probe_python) || probe="$probe
python: probe failed or timed out (90 s)"
  echo "$probe"
  local tool="" use=""
  if tool=$(find_tool); then
    echo "magicdiv-ir: $tool, $(stat -L -c %s "$tool") bytes"
    if use=$(usable_tool "$tool"); then
      echo "magicdiv-ir: runs: $("$use" --version 2>&1)$([ "$use" != "$tool" ] && echo " (with the libraries beside it: $use)")"
    else
      echo "magicdiv-ir: does NOT run here: $("$tool" --version 2>&1 | head -2 | tr '\n' ' ')"
    fi
  else
    echo "magicdiv-ir: MISSING (set MAGICDIV_IR, or run bench/triton/tc_build.sh and carry bench/out/triton)"
  fi
  local why=""
  grep -q '^torch: MISSING' <<<"$probe" && why="torch missing"
  grep -q '^triton: MISSING' <<<"$probe" && [ "$device" = cuda ] && why="${why:+$why, }triton missing"
  grep -q '^python: probe failed' <<<"$probe" && why="${why:+$why, }the probe failed"
  if [ "$device" = cuda ] && ! grep -q '^cuda: available' <<<"$probe"; then
    why="${why:+$why, }no CUDA"
  fi
  if [ -n "$why" ]; then
    echo "no CUDA to run on ($why)"
    echo "tc_run.sh: nothing run (exit 3)"
    return 3
  fi
  if [ "$device" = cuda ] && [ -z "$use" ]; then
    echo "tc_run.sh: nothing run: magicdiv-ir missing or not runnable (exit 1)"
    return 1
  fi
  echo "== programs (tc_run.py, $(( budget - ($(date +%s) - t0) )) s left)"
  MAGICDIV_IR=$use "$py" "$here/tc_run.py" --out "$out" --budget "$budget" --t0 "$t0" \
    --device "$device" ${programs:+--programs "$programs"} ${use:+--tool "$use"}
  local rc=$?
  echo "== tc_run.sh: done in $(( $(date +%s) - t0 )) s, exit $rc; $out: table.md results.csv results.json run.txt logs/"
  return $rc
}

main 2>&1 | tee "$out/run.txt"
exit "${PIPESTATUS[0]}"
