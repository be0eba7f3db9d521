#!/usr/bin/env bash
# lent.sh -- everything a lent GPU runs, in one call that ends inside a
# budget.  A GPU is lent to some sessions only, for minutes, so the whole
# evidence comes from one prepared command:
#
#   bash bench/lent.sh [--budget SECONDS] [--phases e2e,realcode,op,torch]
#                      [--dry-run]
#
# with these carried from the build machine (all built here; the command,
# the sizes and the time plan in bench/RESULTS.md "One call on a lent GPU"):
#   bench/out/gpu               bench/gpu/build.sh's bundle
#   bench/out/realcode.tar.xz   bench/realcode/rc_build.sh's bundle
#   bench/out/triton            bench/triton/tc_build.sh (magicdiv-ir)
#
# The phases, in this order (what each is evidence for, and its share of
# the budget; a phase that ends early leaves its time to the next, the last
# gets what is left):
#   e2e       bench/gpu/run.sh --e2e-only: the host integration against the
#             CPU (clones, graphs, the measured choice's slow-clone kernel,
#             descriptors in .const)                                    5 %
#   realcode  bench/realcode/rc_run.sh (RC_BUDGET = its share): ggml's
#             test-backend-ops with clones, HeCBench, llm.c, ggml perf  47 %
#   op        bench/gpu/run.sh --no-e2e --only LENT_ONLY --time-scale
#             LENT_TIME_SCALE (defaults op_u32,op_u64,seed_u32,kernels and
#             0.3): op_u32, op_u64, seed_u32 (16 divisors each), then the
#             index kernels, in every variant, the compile-time constant
#             and nvcc included; what the time does not reach is said so 28 %
#   torch     bench/triton/tc_run.sh: torch.compile(dynamic=True) with
#             and without magicdiv_triton                               20 %
# Results: at most 8 files come back from a device call, so the phases
# write under LENT_WORK (default /tmp/lent-work, emptied first: one folder
# per phase, gpu-e2e, realcode, gpu, torch) and $OUT (default /tmp/lent-out) gets four
# files: lent-run.txt (everything printed), lent.txt (each phase's exit
# status and seconds), tables.md (every phase's table, to copy into
# bench/RESULTS.md) and lent-results.tar.gz (every phase's folder).
# Without a CUDA driver (or with --dry-run) every phase runs its own dry
# check instead (bundles found, host-side checks) and lent.sh exits 3.
# LENT_GPU_BUNDLE / LENT_RC_BUNDLE name other bundles; LENT_FAKE_DRIVER=1
# skips the driver check (test/bench-lent.test, with stub bundles).
# Exit: 0 every phase passed, 1 a phase failed, 2 bad arguments, 3 no GPU.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
t0=$(date +%s)
budget=560
phases=e2e,realcode,op,torch
dry=0
while [ $# -gt 0 ]; do
  case "$1" in
    --budget) budget=${2:-}; shift 2 || break ;;
    --phases) phases=${2:-}; shift 2 || break ;;
    --dry-run) dry=1; shift ;;
    *) echo "lent.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
case "$budget" in '' | *[!0-9]*) echo "lent.sh: --budget wants seconds" >&2; exit 2 ;; esac
for p in ${phases//,/ }; do
  case "$p" in e2e | realcode | op | torch) ;;
    *) echo "lent.sh: unknown phase '$p' (e2e, realcode, op, torch)" >&2; exit 2 ;;
  esac
done
res=${OUT:-/tmp/lent-out}
out=${LENT_WORK:-/tmp/lent-work}
rm -rf "$out"
mkdir -p "$res" "$out" || { echo "lent.sh: cannot create $res or $out" >&2; exit 2; }
gpu_bundle=${LENT_GPU_BUNDLE:-$here/out/gpu}
rc_bundle=${LENT_RC_BUNDLE:-$here/out/realcode.tar.xz}
summary=$out/lent.txt
: >"$summary"

lent_driver() { # is libcuda.so.1 loadable?  (LENT_FAKE_DRIVER=1: the test's yes)
  [ "${LENT_FAKE_DRIVER:-0}" = 1 ] && return 0
  python3 -c 'import ctypes; ctypes.CDLL("libcuda.so.1")' 2>/dev/null
}

lent_share() { # percent -> seconds
  echo $((budget * $1 / 100))
}

# lent_phase NAME SHARE_END_PERCENT: runs the phase's command until the
# phase's end (t0 + its share's end; the last phase's is t0 + budget), its
# output to $out/NAME.log and here; its exit status and seconds to lent.txt.
lent_phase() {
  local name=$1 end=$((t0 + $(lent_share "$2"))) s rc left cmd
  left=$((end - $(date +%s)))
  if [ "$left" -lt 10 ]; then
    echo "$name: skipped (time)" | tee -a "$summary"
    return 0
  fi
  echo "== lent.sh: phase $name, ${left} s (until +$((end - t0)) s)"
  case "$name" in
    # the host integration: run.sh's end-to-end programs alone
    e2e) cmd=(env OUT="$out/gpu-e2e" bash "$here/gpu/run.sh" --bundle "$gpu_bundle" --e2e-only) ;;
    realcode) cmd=(env OUT="$out/realcode" RC_BUDGET=$((left - 5))
                   bash "$here/realcode/rc_run.sh" "$rc_bundle") ;;
    # mdb_gpu stops starting measurements at 80 % of its time
    op) cmd=(env OUT="$out/gpu" MDB_CAP=$((left - 2)) MDB_DEADLINE=$((left * 8 / 10))
             bash "$here/gpu/run.sh" --bundle "$gpu_bundle" --no-e2e ${dryarg:+"$dryarg"}
             --only "${LENT_ONLY:-op_u32,op_u64,seed_u32,kernels}"
             --time-scale "${LENT_TIME_SCALE:-0.3}") ;;
    torch) cmd=(env OUT="$out" bash "$here/triton/tc_run.sh" --budget $((left - 5))) ;;
  esac
  s=$(date +%s)
  timeout -k 10 "$((left + 5))" "${cmd[@]}" 2>&1 | tee "$out/$name.log"
  rc=${PIPESTATUS[0]}
  echo "$name: exit $rc, $(($(date +%s) - s)) s" | tee -a "$summary"
  [ "$rc" = 0 ] || worst=$rc
  return 0
}

main() {
  echo "== lent.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n), budget ${budget} s, phases $phases"
  command -v nvidia-smi >/dev/null 2>&1 &&
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv 2>&1
  echo "carried: gpu bundle $([ -x "$gpu_bundle/mdb_gpu" ] && echo found || echo MISSING) ($gpu_bundle)," \
    "realcode bundle $([ -e "$rc_bundle" ] && echo found || echo MISSING) ($rc_bundle)," \
    "triton tool $([ -x "$here/out/triton/magicdiv-ir" ] && echo found || echo MISSING)"
  dryarg=
  if [ "$dry" = 1 ] || ! lent_driver; then
    dry=1
    dryarg=--dry-run
    echo "lent.sh: no CUDA driver (libcuda.so.1 not loadable) or --dry-run: each phase's dry check only"
  fi
  worst=0
  local ends=(8 52 80 100) names=(e2e realcode op torch) i
  for i in 0 1 2 3; do
    case ",$phases," in *",${names[i]},"*) ;; *) continue ;; esac
    [ "${names[i]}" = e2e ] && [ "$dry" = 1 ] && continue # run.sh --dry-run: in op
    lent_phase "${names[i]}" "${ends[i]}"
  done
  { for f in "$out/gpu/table.md" "$out/realcode/table.md" "$out/torch/table.md"; do
      [ -f "$f" ] && { echo "### ${f#"$out"/}"; cat "$f"; echo; }
    done; } >"$res/tables.md"
  cp "$summary" "$res/lent.txt"
  tar -czf "$res/lent-results.tar.gz" -C "$out" . &&
    echo "lent.sh: results in $res: lent-run.txt, lent.txt, tables.md, lent-results.tar.gz ($(du -k "$res/lent-results.tar.gz" | cut -f1) KiB)"
  echo "== lent.sh: done in $(($(date +%s) - t0)) s"
  cat "$summary"
  if [ "$dry" = 1 ]; then
    echo "lent.sh: dry run: nothing run on a GPU (exit 3)"
    exit 3
  fi
  [ "$worst" = 0 ] || exit 1
  exit 0
}

main 2>&1 | tee "$res/lent-run.txt"
exit "${PIPESTATUS[0]}"
