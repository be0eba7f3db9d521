#!/usr/bin/env bash
# snapshot.sh -- the plugin's observable behaviour, for "no behaviour change"
# claims of refactor commits.
#
#   scripts/snapshot.sh OUT_DIR [BUILD_DIR]     (BUILD_DIR default build-22)
#
# Writes into OUT_DIR, one file per input:
#   ir.<dir>.<test>.ll / .rem / .yaml  every test/ir/<dir>/*.ll (not Inputs)
#                                      through opt -passes=magicdiv (default options
#                                      and no-launch-ranges): output IR, every
#                                      remark's message (passed, missed, analysis)
#                                      and every remark with its name (YAML,
#                                      -pass-remarks-output)
#   cu.<dir>.<src>.<arch>.ll / .rem / .yaml   bench/kernels/*.cu and demo/*.cu,
#                                      device-only clang -O2 with the plugin
#                                      (sm_90); the .ll holds the descriptor
#                                      bytes (K__magicdiv_desc) and the clones;
#                                      .yaml: -fsave-optimization-record
#   desc.<...>.txt                     md-desc-dump of every descriptor
#
# The tools are the build's LLVM (LLVM_DIR in BUILD_DIR/CMakeCache.txt; the
# environment's MD_SNAPSHOT_LLVM=/path/to/bin overrides).  With
# MD_SNAPSHOT_ONLY=REGEX, only the inputs whose path (relative to the
# checkout: test/ir/host/embed.ll, bench/kernels/stencil.cu) matches the
# extended regex.  Inputs are read by relative path from the checkout's
# root, and every remaining mention of the checkout (DIFile directory:,
# ModuleID, remark locations) is rewritten, the build directory as BUILD,
# the checkout as "." (or nothing before a "/"): two checkouts of the same
# commit give the same snapshot, wherever they are.
#
# Comparing two commits A and B (each built in its own worktree, by the
# same script: copy this file into the older one if its own is older):
#   git worktree add /tmp/a A && git worktree add /tmp/b B
#   for w in /tmp/a /tmp/b; do
#     cmake -S $w -B $w/build-22 -G Ninja -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm \
#       && cmake --build $w/build-22
#   done
#   cp scripts/snapshot.sh /tmp/a/scripts/ && cp scripts/snapshot.sh /tmp/b/scripts/
#   bash /tmp/a/scripts/snapshot.sh /tmp/snap-a /tmp/a/build-22
#   bash /tmp/b/scripts/snapshot.sh /tmp/snap-b /tmp/b/build-22
#   diff -r /tmp/snap-a /tmp/snap-b        (empty = same behaviour)
# (test/snapshot.test: two copies of a few inputs give one snapshot.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: snapshot.sh OUT_DIR [BUILD_DIR]}
build=$(cd "${2:-$root/build-22}" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
plugin=$build/lib/MagicDiv.so
dump=$build/bin/md-desc-dump
llvm=${MD_SNAPSHOT_LLVM:-}
if [ -z "$llvm" ]; then
  cfg=$(sed -n 's/^LLVM_DIR:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
  llvm=/usr/lib/llvm-22/bin
  if [ -n "$cfg" ] && [ -x "$cfg/../../../bin/opt" ]; then
    llvm=$(cd "$cfg/../../../bin" && pwd)
  fi
fi
only=${MD_SNAPSHOT_ONLY:-.}
rm -f "$out"/*
cd "$root"
# A path as a sed pattern (| delimited).
quote() { printf '%s' "$1" | sed 's/[][\\.*^$|/]/\\&/g'; }
qb=$(quote "$build") qr=$(quote "$root")
# The longer first: a build inside the checkout, or a checkout inside the build.
if [ ${#build} -gt ${#root} ]; then
  norm() { sed -i -e "s|$qb|BUILD|g" -e "s|$qr/||g" -e "s|$qr|.|g" "$@"; }
else
  norm() { sed -i -e "s|$qr/||g" -e "s|$qr|.|g" -e "s|$qb|BUILD|g" "$@"; }
fi
rem=(-pass-remarks=magicdiv -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv)
for f in $(find test/ir -name '*.ll' -not -path '*/Inputs/*' | sort | grep -E -- "$only" || true); do
  t=$(echo "${f#test/ir/}" | sed 's|/|.|g; s|\.ll$||')
  for o in "" "no-launch-ranges"; do
    tag=$t${o:+.$o}
    "$llvm/opt" -load-pass-plugin="$plugin" -passes="magicdiv<$o>" "${rem[@]}" \
      -pass-remarks-output="$out/ir.$tag.yaml" -pass-remarks-filter=magicdiv \
      -S "$f" -o "$out/ir.$tag.ll" 2>"$out/ir.$tag.rem" || echo "opt exit $?" >>"$out/ir.$tag.rem"
    norm "$out/ir.$tag.rem" "$out/ir.$tag.ll" "$out/ir.$tag.yaml"
    (cd "$out" && "$dump" "ir.$tag.ll") >"$out/desc.ir.$tag.txt" 2>&1 || true
  done
done
for src in $(ls bench/kernels/*.cu demo/*.cu 2>/dev/null | grep -E -- "$only" || true); do
  s=$(basename "$(dirname "$src")").$(basename "$src" .cu)
  inc=(--cuda-path=/usr/local/cuda)
  case "$src" in bench/*) inc=(-nocudainc -nocudalib -I bench/include) ;; esac
  "$llvm/clang" -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -Wno-unknown-cuda-version \
    "${inc[@]}" -O2 -fpass-plugin="$plugin" -Rpass=magicdiv -Rpass-missed=magicdiv \
    -Rpass-analysis=magicdiv -fsave-optimization-record=yaml \
    -foptimization-record-file="$out/cu.$s.sm_90.yaml" -foptimization-record-passes=magicdiv \
    -S -emit-llvm -o "$out/cu.$s.sm_90.ll" "$src" \
    2>"$out/cu.$s.sm_90.rem" || echo "clang exit $?" >>"$out/cu.$s.sm_90.rem"
  norm "$out/cu.$s.sm_90.rem" "$out/cu.$s.sm_90.ll"
  [ ! -f "$out/cu.$s.sm_90.yaml" ] || norm "$out/cu.$s.sm_90.yaml"
  (cd "$out" && "$dump" "cu.$s.sm_90.ll") >"$out/desc.cu.$s.txt" 2>&1 || true
done
echo "snapshot: $(ls "$out" | wc -l) files in $out"
