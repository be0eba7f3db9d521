#!/usr/bin/env bash
# rc_llmc.sh -- build llm.c's dev/cuda programs and train_gpt2.cu as whole
# programs with clang-22 for sm_90, each twice: without the plugin (.native)
# and with -fpass-plugin alone (.plugin: host pass, embedded runtime).
#
#   bench/realcode/rc_llmc.sh MIRROR WORK PLUGIN DEST
#       MIRROR  llm.c's git repository (its HEAD); WORK a scratch folder;
#       DEST    gets <prog>.native / <prog>.plugin, CASES (per dev/cuda
#               program, the kernel numbers that launch a cloned kernel:
#               rc_llmc_map.py), llmc.commit and same.txt (below).
#   Restartable: a program whose two binaries exist is not rebuilt.
#
# The shim: llm.c is written for nvcc; clang-22 with CUDA 13 stops at
# cudaMemAdvise's CUDA 13 signature, __stcs/__stcg on bf16 pointers,
# isfinite, clock and max/min of mixed types.  Every file is compiled with
# `-include llmc_prelude.h`, the prelude that build_cost.py uses for its
# device-only builds (LLMC_PRELUDE, imported, not copied): <cmath>, <ctime>,
# `using std::isfinite`, generic __stcs/__stcg as plain stores, host
# max/min templates, the CUDA 12 cudaMemAdvise over the CUDA 13 one; and an
# empty <omp.h> (the CPU references of matmul_* run on one thread).
# same.txt: the cubin each .plugin binary carries (its .nv_fatbin) against
# a device-only compile with the prelude (the build-cost configuration):
# identical, or the kernels whose SASS differs (rc_same.py --cubins).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirror=$1 work=$2 plugin=$3 dest=$4
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=${CLANG:-/usr/lib/llvm-22/bin/clang++}
src=$work/src
mkdir -p "$work" "$dest"
if [ ! -e "$work/.extracted" ]; then
  rm -rf "$src" && mkdir -p "$src/inc"
  git --git-dir="$mirror" archive HEAD | tar -x -C "$src" || exit 1
  echo '#pragma once' >"$src/inc/omp.h"
  python3 -c "import sys; sys.path.insert(0, '$here'); import build_cost; \
open('$src/inc/llmc_prelude.h', 'w').write(build_cost.LLMC_PRELUDE)" || exit 1
  touch "$work/.extracted"
fi
git --git-dir="$mirror" rev-parse HEAD >"$dest/llmc.commit"
flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path="$cuda" -O3 -std=c++17 -w
       -Wno-unknown-cuda-version -I"$cuda/include/cccl" -I"$src" -I"$src/dev/cuda"
       -I"$src/inc" -include "$src/inc/llmc_prelude.h")
libs=(-L"$cuda/lib64" -lcublas -lcublasLt -lcudart_static -ldl -lrt -lpthread)

one() { # name source [defines...]: both builds, the PTX check, the cases
  local name=$1 cu=$2 tmp=$work/tmp/$1
  shift 2
  [ -x "$dest/$name.native" ] && [ -x "$dest/$name.plugin" ] && return 0
  rm -rf "$tmp" && mkdir -p "$tmp"
  if [ ! -x "$dest/$name.native" ] && ! env -u MAGICDIV_OPTIONS "$clang" "${flags[@]}" "$@" \
      "$cu" "${libs[@]}" -o "$dest/$name.native" 2>>"$work/build.log"; then
    echo "llm.c $name: native build FAILED (build.log)"; return 0
  fi
  if ! env -u MAGICDIV_OPTIONS "$clang" "${flags[@]}" "$@" -fpass-plugin="$plugin" \
      "$cu" "${libs[@]}" -o "$dest/$name.plugin" 2>>"$work/build.log"; then
    echo "llm.c $name: plugin build FAILED (build.log)"; rm -f "$dest/$name.native"; return 0
  fi
  # the device-only compile with the prelude: the build-cost configuration
  env -u MAGICDIV_OPTIONS "$clang" "${flags[@]}" "$@" --cuda-device-only -c \
    -fpass-plugin="$plugin" "$cu" -o "$tmp/devonly.cubin" 2>>"$work/build.log"
  python3 "$here/rc_same.py" --cubins "$dest/$name.plugin" "$tmp/devonly.cubin" |
    sed "s/^/$name: /" >>"$dest/same.txt"
  [ "$name" != train_gpt2cu ] && python3 "$here/rc_llmc_map.py" "$cu" "$tmp/devonly.cubin" >>"$dest/CASES"
  echo "llm.c $name: built ($(python3 "$here/rc_llmc_map.py" --count "$tmp/devonly.cubin") clones)"
  rm -rf "$tmp"
}

for cu in "$src"/dev/cuda/*.cu; do
  b=$(basename "$cu" .cu)
  [ "$b" = nccl_all_reduce ] && continue  # needs MPI and NCCL
  one "$b" "$cu"
done
one train_gpt2cu "$src/train_gpt2.cu" -DENABLE_BF16
# one line per program in CASES, the last build's
[ -f "$dest/CASES" ] && sort -u -k1,1 "$dest/CASES" -o "$dest/CASES"
[ -f "$dest/same.txt" ] && sort -u "$dest/same.txt" -o "$dest/same.txt"
exit 0
