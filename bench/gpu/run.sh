#!/usr/bin/env bash
# run.sh -- run the GPU benchmark on a machine with an NVIDIA GPU.  Builds
# nothing: everything comes from the bundle bench/gpu/build.sh made on a
# build machine (default bench/out/gpu; carry that folder along).  Needs
# only the NVIDIA driver (libcuda.so.1); no CUDA toolkit, nothing installed.
#
#   bench/gpu/run.sh [--bundle DIR] [--quick] [--dry-run] [--e2e-only |
#                    --no-e2e] [mdb_gpu options]
#
#   --quick     small sizes, 3 divisors: a ~30 s smoke test
#   --dry-run   host-side checks only (descriptors, hand magic, bundle); no
#               GPU work; reports why CUDA is unavailable, exits 0 if the
#               host-side checks pass
#   --e2e-only  the end-to-end programs only (no mdb_gpu)
#   --no-e2e    mdb_gpu only
#   other options go to mdb_gpu (--only S1,S2, --seed N, --reps N,
#   --deadline S, --time-scale F)
# MDB_CAP (seconds, default 420) caps mdb_gpu's run, MDB_DEADLINE (default
# 340) is when it stops starting new measurements.
#
# Results: $OUT if set, else <bundle>/results-<date>: log.txt (everything
# printed), results.csv (every case x variant), table.md, device.txt,
# MANIFEST (how the bundle was built), e2e.txt, e2e-lib.txt,
# e2e-graph.txt.  Run time: <= 50 s for each end-to-end program, <= 70 s
# for the graph program (run twice), then mdb_gpu capped at 420 s;
# its timing phase stops starting new measurements after 340 s.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bundle=${MDB_BUNDLE:-$here/../out/gpu}
args=()
e2e_only=0
no_e2e=0
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle=$2; shift 2 ;;
    --e2e-only) e2e_only=1; shift ;;
    --no-e2e) no_e2e=1; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
if [ ! -x "$bundle/mdb_gpu" ]; then
  echo "run.sh: no bundle at $bundle (expected $bundle/mdb_gpu)." >&2
  echo "run.sh: build it on a build machine: bench/gpu/build.sh --build <magicdiv build dir>," >&2
  echo "run.sh: then carry bench/out/gpu to this machine." >&2
  exit 1
fi
out=${OUT:-$bundle/results-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out" || { echo "run.sh: cannot create $out" >&2; exit 1; }
cp "$bundle/MANIFEST" "$out/" 2>/dev/null
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "host: $(uname -a)"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.sm,power.limit,temperature.gpu --format=csv 2>&1
  else
    echo "nvidia-smi: not found"
  fi
} >"$out/device.txt" 2>&1
echo "run.sh: bundle $bundle, results in $out"
cat "$out/device.txt"
to=()
command -v timeout >/dev/null 2>&1 && to=(timeout -k 10 "${MDB_CAP:-420}")
# First the host-integration programs (if the bundle has them): every
# kernel's original and clone against the CPU, launched through the runtime
# the way a user's program launches them -- e2e_cuda with the runtime its
# object carries (the plugin flag alone), e2e_cuda_lib with libmagicdiv_rt.a.
# Their logs go to e2e.txt and e2e-lib.txt.
e2e_rc=0
dry=0
for a in ${args[@]+"${args[@]}"}; do [ "$a" = --dry-run ] && dry=1; done
run_e2e() { # program log label
  [ "$dry" = 0 ] && [ "$no_e2e" = 0 ] && [ -x "$bundle/$1" ] || return 0
  local to=() rc
  command -v timeout >/dev/null 2>&1 && to=(timeout -k 5 45)
  MAGICDIV_LOG=1 ${to[@]+"${to[@]}"} "$bundle/$1" >"$out/$2" 2>&1
  rc=$?
  tail -n 5 "$out/$2"
  if [ "$rc" = 0 ]; then
    echo "run.sh: $3: PASSED"
  else
    echo "run.sh: $3: FAILED (exit $rc; see $2)"
    [ "$e2e_rc" = 0 ] && e2e_rc=$rc
  fi
}
# e2e_cuda's measured choice: its kernel whose clone is not faster (k_slow)
# must keep the original after the trials (docs/LAUNCH.md section 13).
check_choice() { # log
  [ "$dry" = 0 ] && [ "$no_e2e" = 0 ] && [ -f "$out/$1" ] || return 0
  if grep -q "kernel '_Z6k_slowPxPKxixi': measured choice for .*: original kept" "$out/$1"; then
    echo "run.sh: measured choice ($1): k_slow keeps its original: PASSED"
  else
    echo "run.sh: measured choice ($1): no 'original kept' line for k_slow: FAILED"
    [ "$e2e_rc" = 0 ] && e2e_rc=1
  fi
  grep "measured choice" "$out/$1" || true
}
run_e2e e2e_cuda e2e.txt "e2e (host pass + the carried runtime's launch path)"
check_choice e2e.txt
run_e2e e2e_cuda_lib e2e-lib.txt "e2e (host pass + libmagicdiv_rt.a's launch path)"
check_choice e2e-lib.txt
# The graph program, as it comes and with MAGICDIV_GRAPHS=original; its log
# goes to e2e-graph.txt.
if [ "$dry" = 0 ] && [ "$no_e2e" = 0 ] && [ -x "$bundle/e2e_graph" ]; then
  g_to=()
  command -v timeout >/dev/null 2>&1 && g_to=(timeout -k 5 30)
  { MAGICDIV_LOG=1 ${g_to[@]+"${g_to[@]}"} "$bundle/e2e_graph" &&
    echo "== MAGICDIV_GRAPHS=original" &&
    MAGICDIV_GRAPHS=original ${g_to[@]+"${g_to[@]}"} "$bundle/e2e_graph"; } >"$out/e2e-graph.txt" 2>&1
  g_rc=$?
  tail -n 3 "$out/e2e-graph.txt"
  if [ "$g_rc" = 0 ]; then
    echo "run.sh: e2e graphs (graph kernel nodes of clones): PASSED"
  else
    echo "run.sh: e2e graphs (graph kernel nodes of clones): FAILED (exit $g_rc; see e2e-graph.txt)"
    [ "$e2e_rc" = 0 ] && e2e_rc=$g_rc
  fi
fi
if [ "$e2e_only" = 1 ]; then
  echo "run.sh: --e2e-only: mdb_gpu not run"
  exit "$e2e_rc"
fi
${to[@]+"${to[@]}"} "$bundle/mdb_gpu" --bundle "$bundle" --out "$out" \
  --deadline "${MDB_DEADLINE:-340}" ${args[@]+"${args[@]}"}
rc=$?
[ "$rc" = 124 ] && echo "run.sh: mdb_gpu hit the ${MDB_CAP:-420} s cap; partial results in $out"
[ "$rc" = 0 ] && [ "$e2e_rc" != 0 ] && rc=$e2e_rc
exit "$rc"
