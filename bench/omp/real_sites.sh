#!/usr/bin/env bash
# Division sites of real OpenMP offload programs (HeCBench's *-omp
# benchmarks), transformed or missed by reason, for sm_90 and gfx90a, with
# two plugin builds (before / after a change):
#   bench/omp/real_sites.sh BEFORE_BUILD AFTER_BUILD HECBENCH_MIRROR [OUT_DIR [OMP_PREFIX]]
# HECBENCH_MIRROR: a git directory of github.com/zjin-lcf/HeCBench (bare
# mirrors work: its sources are extracted with git archive at run time).
# Each program's sources (its Makefile's `source =`, else main.cpp) are
# compiled device-only to IR without the plugin (`clang++-22 -std=c++17 -O2
# -fopenmp --offload-arch=T --offload-device-only -emit-llvm -S`, gfx90a with
# -nogpulib: Debian's LLVM 22 has no OpenMP GPU device runtime to link), and
# each build's plugin runs once on that IR (`opt-22 -passes=magicdiv` with
# -pass-remarks{,-missed,-analysis}=magicdiv) -- what `-fpass-plugin` runs
# at the end of the same pipeline (clang-22 would run it twice on an AMDGPU
# OpenMP module, NOTES.md section 8, repeating the refused kernels'
# remarks); bench/omp/real_sites.py counts the remarks (the rules are in
# its header) and prints the table.
set -euo pipefail
BB="$(cd "$1" && pwd)"; BA="$(cd "$2" && pwd)"; M="$3"
D="$(cd "$(dirname "$0")" && pwd)"
OUT="${4:-$(mktemp -d)}"; mkdir -p "$OUT"
O="${5:-/opt/magicdiv-omp}" # omp.h (scripts/setup.sh unpacks it there)
PROGS="${PROGS:-vol2col unfold pool maxpool3d resize mask permute channelShuffle
  channelSum concat upsample zoom idivide lrn d2q9-bgk groupnorm convolution3D
  depixel moe-sum debayer boxfilter flip bn distort}"
SRC="$OUT/src"; mkdir -p "$SRC"
# (one folder's tree at a time: the mirror lacks some large data blobs)
get() { git --git-dir="$M" archive --prefix="src/$1/" "HEAD:src/$1" | tar -x -C "$SRC"; }
for p in $PROGS; do
  get "$p-omp"
  for dep in $(grep -ho -- '-I\.\./[^ ]*' "$SRC/src/$p-omp/Makefile" | sed 's|-I\.\./||' || true); do
    [ -d "$SRC/src/$dep" ] || get "$dep"
  done
done
for t in sm_90 gfx90a; do
  ex=(); [ "$t" = gfx90a ] && ex=(-nogpulib)
  mkdir -p "$OUT/ll/$t"
  for p in $PROGS; do
    s="$SRC/src/$p-omp"
    inc=$(grep -ho -- '-I\.\./[^ ]*' "$s/Makefile" | sed "s|-I\.\./|-I$SRC/src/|" || true)
    srcs=$(awk '/^source *=/{sub(/^source *= */,""); sub(/\\$/,""); print; exit}' "$s/Makefile")
    [ -n "$srcs" ] || srcs=main.cpp
    for f in $srcs; do
      # shellcheck disable=SC2086
      clang++-22 -std=c++17 -O2 -fopenmp --offload-arch="$t" --offload-device-only \
        "${ex[@]}" -w $inc -I"$s" -I"$O/include/22" -emit-llvm -S "$s/$f" \
        -o "$OUT/ll/$t/$p.${f%.*}.ll" || echo "compile failed: $p $f $t"
    done
  done
done
for which in before after; do
  plugin="$BB/lib/MagicDiv.so"; [ "$which" = after ] && plugin="$BA/lib/MagicDiv.so"
  for t in sm_90 gfx90a; do
    mkdir -p "$OUT/$which/$t"
    for ll in "$OUT/ll/$t"/*.ll; do
      opt-22 -load-pass-plugin="$plugin" -passes=magicdiv -pass-remarks=magicdiv \
        -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv -disable-output \
        "$ll" 2> "$OUT/$which/$t/$(basename "${ll%.ll}").rem" || echo "opt failed: $ll ($which)"
    done
  done
done
python3 "$D/real_sites.py" "$OUT"
