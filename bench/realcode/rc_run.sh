#!/usr/bin/env bash
# rc_run.sh -- the GPU side of the real-code bundle (rc_build.sh): ggml's
# test-backend-ops, llm.c's dev/cuda programs and training step, HeCBench's
# index benchmarks, each with the plugin's clones and with its original
# kernels, in one call that ends inside RC_BUDGET seconds (default 540).
#
#   bash bench/realcode/rc_run.sh BUNDLE.tar.xz|DIR
#
# Prints first what the machine has (GPU, driver, the CUDA libraries found
# and where), then checks the bundle (every program and the libraries it
# needs); without a CUDA driver it stops there: "no CUDA driver", exit 3.
# Then, each phase within its share of the budget, every program under a
# time limit (a program that has no time left is "skipped (time)"):
#   1. ggml `test-backend-ops test -b CUDA0` with the clones, its ops in
#      RC_SHARDS (12) processes at once: MUL_MAT, MUL_MAT_ID and
#      FLASH_ATTN_EXT (RC_HEAVY) one each with -j 4, the others dealt
#      round-robin, -j 1 (a MAGICDIV_LOG line falls inside the test line of
#      the op that launched the kernel first); ops that fail are run again
#      with MAGICDIV_DISABLE=1;
#   2. HeCBench's index benchmarks (BENCHES), native build then plugin
#      build, per program;
#   3. llm.c: train_gpt2cu (model d12 from scratch, synthetic tokens in
#      llm.c's format), then each dev/cuda kernel number that launches a
#      clone (CASES), native then plugin, programs in turn;
#   4. HeCBench's other programs with clones (MORE, from hec_sweep.py:
#      most clones first, 8 s each), as in 2: exactness first (their
#      self-checks), times where they print them;
#   5. ggml `perf` of the RC_PERF_OPS (8) ops with the most clones that ran
#      in 1, originals (MAGICDIV_DISABLE=1) then clones, op by op.
# Shares of the budget: 40 % (1), 13 % (2), 20 % (3), 12 % (4), 12 % (5);
# a phase that ends early leaves its time to the next.
# Every run has MAGICDIV_LOG=1.  The table (rc_table.py) goes to stdout and
# $OUT/table.md, its whole output to $OUT/run.txt, every log to
# $OUT/logs.tar.gz (OUT defaults to
# /tmp/rc-out).  RC_FAKE_DRIVER=1 skips the driver check (the test's stub
# bundle).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
t0=$(date +%s)
budget=${RC_BUDGET:-540}
out=${OUT:-/tmp/rc-out}
bundle=${1:?usage: rc_run.sh BUNDLE.tar.xz|DIR}
work=${RC_WORK:-/tmp/rc-work}
logs=$work/logs
rm -rf "$work" && mkdir -p "$logs" "$out"
. "$here/rc_phases.sh"

main() {
  echo "== rc_run.sh: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n), budget ${budget}s"
  if [ -d "$bundle" ]; then rc=$(cd "$bundle" && pwd)
  else
    tar -xJf "$bundle" -C "$work" || { echo "rc_run.sh: cannot extract $bundle"; exit 2; }
    rc=$(dirname "$(ls "$work"/*/MANIFEST 2>/dev/null | head -1)")
  fi
  [ -f "$rc/MANIFEST" ] || { echo "rc_run.sh: $rc/MANIFEST missing: not a bundle"; exit 2; }
  sed 's/^/   /' "$rc/MANIFEST"
  rc_probe >"$logs/probe.txt"  # (not in a pipe: it sets LD_LIBRARY_PATH)
  rc_check_bundle >>"$logs/probe.txt"
  cat "$logs/probe.txt"
  if ! grep -q '^driver: ok' "$logs/probe.txt" && [ "${RC_FAKE_DRIVER:-0}" != 1 ]; then
    echo "no CUDA driver $(grep "^driver:" "$logs/probe.txt" | sed "s/^driver: none //")"
    echo "rc_run.sh: nothing run (exit 3)"
    tar -czf "$out/logs.tar.gz" -C "$work" logs
    exit 3
  fi

  rc_ggml_test "$((budget * 40 / 100))"
  rc_hecbench "$((budget * 53 / 100))"
  rc_llmc "$((budget * 73 / 100))"
  rc_hecbench "$((budget * 85 / 100))" MORE
  rc_ggml_perf "$((budget * 97 / 100))"
  python3 "$here/rc_table.py" "$logs" | tee "$out/table.md"
  tar -czf "$out/logs.tar.gz" -C "$work" logs
  echo "== rc_run.sh: done in $(( $(date +%s) - t0 )) s; logs in $out/logs.tar.gz"
}

# everything it prints also in $OUT/run.txt
main 2>&1 | tee "$out/run.txt"
exit "${PIPESTATUS[0]}"
