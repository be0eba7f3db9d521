#!/usr/bin/env bash
# Build magicdiv and run every test, for LLVM 22 and LLVM 19.
#
#   scripts/test.sh                 set-up (idempotent), build, test, summary
#   MAGICDIV_SKIP_SETUP=1 ...       skip scripts/setup.sh
#   MAGICDIV_LLVM_VERSIONS="22" ... only these LLVM versions
#
# The builds have the test hooks and the internal checks compiled in
# (-DMAGICDIV_TEST_HOOKS=ON -DMAGICDIV_ASSERTS=ON, docs/DESIGN.md).
#
# Ends with one line "N passed, M failed" (M includes unexpected passes and
# build failures); exits non-zero if anything failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if [ "${MAGICDIV_SKIP_SETUP:-0}" != 1 ]; then
  bash scripts/setup.sh || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }
fi

versions=${MAGICDIV_LLVM_VERSIONS:-"22 19"}
jobs=${MAGICDIV_JOBS:-$(nproc)}
passed=0
failed=0
for v in $versions; do
  bdir="build-$v"
  echo "=== LLVM $v: configure + build ($bdir) ==="
  if ! cmake -S . -B "$bdir" -G Ninja -DLLVM_DIR=/usr/lib/llvm-$v/lib/cmake/llvm \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAGICDIV_TEST_HOOKS=ON -DMAGICDIV_ASSERTS=ON \
        >"$bdir.configure.log" 2>&1; then
    cat "$bdir.configure.log"; echo "LLVM $v: configure FAILED"; failed=$((failed + 1)); continue
  fi
  if ! cmake --build "$bdir" -j "$jobs" >"$bdir.build.log" 2>&1; then
    tail -50 "$bdir.build.log"; echo "LLVM $v: build FAILED"; failed=$((failed + 1)); continue
  fi
  echo "=== LLVM $v: tests ==="
  lit=/usr/lib/llvm-$v/bin/lit
  [ -x "$lit" ] || lit=/usr/lib/llvm-22/bin/lit
  [ -x "$lit" ] || lit=$(command -v lit)
  out="$bdir/lit.out"
  "$lit" -sv -j "$jobs" "$bdir/test" 2>&1 | tee "$out" | grep -E "^(FAIL|XPASS|UNRESOLVED|TIMEOUT|PASS|UNSUPPORTED):|Failed Tests|^\*\*\*\*" | grep -v "^PASS:" || true
  count() { sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$out" | tail -1; }
  p=$(count Passed)
  ex=$(count "Expectedly Failed")
  u=$(count Unsupported)
  f=0
  for k in Failed "Unexpectedly Passed" Unresolved "Timed Out"; do
    n=$(count "$k")
    f=$((f + ${n:-0}))
  done
  if [ -z "$p" ] && [ "$f" = 0 ]; then
    echo "LLVM $v: lit produced no result"; failed=$((failed + 1)); continue
  fi
  echo "LLVM $v: ${p:-0} passed, $f failed, ${u:-0} unsupported, ${ex:-0} expectedly failed"
  passed=$((passed + ${p:-0} + ${ex:-0}))
  failed=$((failed + f))
done
echo "${passed} passed, ${failed} failed"
[ "$failed" = 0 ]
