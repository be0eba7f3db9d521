#!/usr/bin/env bash
# Real OpenMP offload programs (HeCBench's *-omp benchmarks) end to end on
# the CPU (host offloading through libomptarget's x86_64 plugin), with
# small inputs: each is built with and without the plugin, run with
# OMP_TARGET_OFFLOAD=MANDATORY, and its output -- lines about time left out
# -- compared; MAGICDIV_LOG=1 says which kernels ran their clones and
# which got a measured choice (docs/LAUNCH.md section 13: a region launched
# at least 13 times, timed by the host clock) and what it kept.
#   bench/omp/real_e2e.sh BUILD HECBENCH_MIRROR [OUT_DIR [OMP_PREFIX]]
set -euo pipefail
B="$(cd "$1" && pwd)"; M="$2"
OUT="${3:-$(mktemp -d)}"; mkdir -p "$OUT"
O="${4:-/opt/magicdiv-omp}"
# program and its arguments (small: the CPU runs every team; lrn's fixed
# sizes do not fit the build machine's memory, upsample crashes with small
# ones without the plugin too)
RUNS=(
  "unfold 100000 3" "pool 1 4 32 32 16 16 1" "maxpool3d 64 64 8 1"
  "resize 64 48 16 16 8 1" "mask 32 32 32 1" "permute 2 1"
  "channelShuffle 2 32 32 1" "channelSum 32 32 1" "concat 1"
  "zoom 1 3 64 64 1" "groupnorm 2 8 4 4 4 1" "convolution3D 2 1 2 8 8 3 1"
  "depixel 64 64 1" "moe-sum 16 64 1" "vol2col 1" "debayer 64 64 1")
SRC="$OUT/src"; mkdir -p "$SRC"
get() { git --git-dir="$M" archive --prefix="src/$1/" "HEAD:src/$1" | tar -x -C "$SRC"; }
F=(-std=c++17 -O2 -w -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I"$O/include/22")
L=(-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -L"$O/lib" -Wl,-rpath,"$O/lib")
same=0; differ=0; clones=0; kept_clone=0; kept_orig=0
for r in "${RUNS[@]}"; do
  p=${r%% *}; args=${r#* }
  [ -d "$SRC/src/$p-omp" ] || get "$p-omp"
  s="$SRC/src/$p-omp"
  for dep in $(grep -ho -- '-I\.\./[^ ]*' "$s/Makefile" | sed 's|-I\.\./||' || true); do
    [ -d "$SRC/src/$dep" ] || get "$dep"
  done
  inc=$(grep -ho -- '-I\.\./[^ ]*' "$s/Makefile" | sed "s|-I\.\./|-I$SRC/src/|" || true)
  srcs=$(awk '/^source *=/{sub(/^source *= */,""); sub(/\\$/,""); print; exit}' "$s/Makefile")
  [ -n "$srcs" ] || srcs=main.cpp
  plain=(); md=()
  for f in $srcs; do
    # shellcheck disable=SC2086
    clang++-22 "${F[@]}" $inc -I"$s" -c "$s/$f" -o "$OUT/$p.${f%.*}.o"
    # shellcheck disable=SC2086
    clang++-22 "${F[@]}" $inc -I"$s" -fpass-plugin="$B/lib/MagicDiv.so" -c "$s/$f" \
      -o "$OUT/$p.${f%.*}.md.o"
    plain+=("$OUT/$p.${f%.*}.o"); md+=("$OUT/$p.${f%.*}.md.o")
  done
  clang++-22 "${L[@]}" "${plain[@]}" -o "$OUT/$p.plain"
  clang++-22 "${L[@]}" "${md[@]}" "$B/runtime/libmagicdiv_rt.a" -ldl -lpthread -o "$OUT/$p.md"
  # shellcheck disable=SC2086
  rp=0; (cd "$s" && OMP_TARGET_OFFLOAD=MANDATORY "$OUT/$p.plain" $args) > "$OUT/$p.plain.raw" \
    2>/dev/null || rp=$?
  # shellcheck disable=SC2086
  (cd "$s" && OMP_TARGET_OFFLOAD=MANDATORY "$OUT/$p.plain" $args) > "$OUT/$p.plain2.raw" \
    2>/dev/null || true
  # shellcheck disable=SC2086
  rm=0; (cd "$s" && OMP_TARGET_OFFLOAD=MANDATORY MAGICDIV_LOG=1 "$OUT/$p.md" $args) \
    > "$OUT/$p.md.raw" 2> "$OUT/$p.log" || rm=$?
  for k in plain plain2 md; do
    grep -viE 'time|second|throughput|speedup|bandwidth' "$OUT/$p.$k.raw" > "$OUT/$p.$k.out" || true
  done
  n=$(grep -c '__magicdiv used' "$OUT/$p.log" || true)
  kc=$(grep -c 'measured choice.*: clone kept' "$OUT/$p.log" || true)
  ko=$(grep -c 'measured choice.*: original kept' "$OUT/$p.log" || true)
  if [ "$rp" != 0 ]; then
    echo "$p: the build without the plugin fails (exit $rp): not counted"; continue
  fi
  if ! cmp -s "$OUT/$p.plain.out" "$OUT/$p.plain2.out"; then
    echo "$p: two runs without the plugin differ (not deterministic here): not counted"
    continue
  fi
  clones=$((clones + n)); kept_clone=$((kept_clone + kc)); kept_orig=$((kept_orig + ko))
  if [ "$rm" = 0 ] && cmp -s "$OUT/$p.plain.out" "$OUT/$p.md.out"; then
    same=$((same + 1))
    echo "$p: same output, $n kernel(s) ran their clone; measured choice: $kc clone kept, $ko original kept"
  else
    differ=$((differ + 1)); echo "$p: OUTPUT DIFFERS (exit $rm)"
  fi
done
echo "programs: $same same output, $differ differing; $clones kernels ran their clones;" \
  "measured choice: $kept_clone clone kept, $kept_orig original kept"
