#!/usr/bin/env bash
# snapshot.sh -- the plugin's observable behaviour, for "no behaviour change"
# claims of refactor commits.
#
#   scripts/snapshot.sh OUT_DIR [BUILD_DIR]     (BUILD_DIR default build-22)
#
# Writes into OUT_DIR, one file per input:
#   ir.<dir>.<test>.ll / .rem          every test/ir/<dir>/*.ll (not Inputs)
#                                      through opt -passes=magicdiv (default options
#                                      and no-launch-ranges): output IR and
#                                      every remark (passed, missed, analysis)
#   cu.<dir>.<src>.<arch>.ll / .rem         bench/kernels/*.cu and demo/*.cu,
#                                      device-only clang -O2 with the plugin
#                                      (sm_90); the .ll holds the descriptor
#                                      bytes (K__magicdiv_desc) and the clones
#   desc.<...>.txt                     md-desc-dump of every descriptor
# Compare two snapshots with `diff -r A B` (empty = same behaviour).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: snapshot.sh OUT_DIR [BUILD_DIR]}
build=${2:-$root/build-22}
plugin=$build/lib/MagicDiv.so
dump=$build/bin/md-desc-dump
llvm=/usr/lib/llvm-22/bin
mkdir -p "$out"
rm -f "$out"/*
rem=(-pass-remarks=magicdiv -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv)
for f in $(cd "$root/test/ir" && find . -name '*.ll' -not -path '*/Inputs/*' | sort); do
  t=$(echo "${f#./}" | sed 's|/|.|g; s|\.ll$||')
  f=$root/test/ir/${f#./}
  for o in "" "no-launch-ranges"; do
    tag=$t${o:+.$o}
    "$llvm/opt" -load-pass-plugin="$plugin" -passes="magicdiv<$o>" "${rem[@]}" \
      -S "$f" -o "$out/ir.$tag.ll" 2>"$out/ir.$tag.rem" || echo "opt exit $?" >>"$out/ir.$tag.rem"
    sed -i "s|$root/||g" "$out/ir.$tag.rem" "$out/ir.$tag.ll"
    (cd "$out" && "$dump" "ir.$tag.ll") >"$out/desc.ir.$tag.txt" 2>&1 || true
  done
done
for src in "$root"/bench/kernels/*.cu "$root"/demo/*.cu; do
  s=$(basename "$(dirname "$src")").$(basename "$src" .cu)
  inc=(--cuda-path=/usr/local/cuda)
  case "$src" in */bench/*) inc=(-nocudainc -nocudalib -I "$root/bench/include") ;; esac
  "$llvm/clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version \
    "${inc[@]}" -O2 -fpass-plugin="$plugin" -Rpass=magicdiv -Rpass-missed=magicdiv \
    -Rpass-analysis=magicdiv -S -emit-llvm -o "$out/cu.$s.sm_90.ll" "$src" \
    2>"$out/cu.$s.sm_90.rem" || echo "clang exit $?" >>"$out/cu.$s.sm_90.rem"
  sed -i "s|$root/||g" "$out/cu.$s.sm_90.rem" "$out/cu.$s.sm_90.ll"
  (cd "$out" && "$dump" "cu.$s.sm_90.ll") >"$out/desc.cu.$s.txt" 2>&1 || true
done
echo "snapshot: $(ls "$out" | wc -l) files in $out"
