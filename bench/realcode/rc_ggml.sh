#!/usr/bin/env bash
# rc_ggml.sh -- build ggml's test-backend-ops with its CUDA backend compiled
# by clang-22 (CMake's CUDA compiler) for sm_90 with -fpass-plugin alone (the
# embedded runtime: nothing of magicdiv is linked).  One binary serves both
# sides of the comparison: MAGICDIV_DISABLE=1 runs its original kernels.
#
#   bench/realcode/rc_ggml.sh MIRROR WORK PLUGIN [JOBS]
#       MIRROR  ggml's git repository (bare is fine; its HEAD is built)
#       WORK    work folder: WORK/src (the extracted tree), WORK/build
#       PLUGIN  MagicDiv.so
#   Restartable: the tree is extracted and CMake configured once (stamps);
#   a rerun continues the ninja build where it stopped.  Prints the
#   binary's path last.  WORK/ggml.commit holds the commit built.
#
# What ggml's CMake needs for clang (CMake 3.25, CUDA 13):
#  * CMAKE_CUDA_FLAGS must name the architecture (--cuda-gpu-arch=sm_90),
#    else CMake's compiler identification fails; --cuda-path and
#    -Wno-unknown-cuda-version (clang-22 knows CUDA up to 12.x) and CUDA 13's
#    include/cccl (thrust, cub) likewise;
#  * src/ggml-cuda/CMakeLists.txt hands nvcc-only options to any CUDA
#    compiler: -use_fast_math -extended-lambda -compress-mode=...
#    -Xcompiler -Wno-pedantic.  The line that adds them is replaced by one
#    that adds -Wno-pedantic (sed below; the build fails if the line is not
#    found).  Without -use_fast_math the kernels keep IEEE division and
#    denormals (clang's -ffast-math would also assume finite values, which
#    ggml's -INFINITY masks break); integer division is not affected.
set -euo pipefail
mirror=$1 work=$2 plugin=$3 jobs=${4:-2}
cuda=${CUDA_PATH:-/usr/local/cuda}
llvm=${LLVM_BIN:-/usr/lib/llvm-22/bin}
src=$work/src build=$work/build
mkdir -p "$work"

if [ ! -e "$work/.extracted" ]; then
  rm -rf "$src" && mkdir -p "$src"
  git --git-dir="$mirror" archive HEAD | tar -x -C "$src"
  git --git-dir="$mirror" rev-parse HEAD >"$work/ggml.commit"
  cm=$src/src/ggml-cuda/CMakeLists.txt
  pat='target_compile_options(ggml-cuda PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:${CUDA_FLAGS}>")'
  grep -qF "$pat" "$cm" || { echo "rc_ggml.sh: $cm: the CUDA_FLAGS line is not there" >&2; exit 1; }
  python3 - "$cm" "$pat" <<'EOF'
import sys
p, pat = sys.argv[1], sys.argv[2]
t = open(p).read()
new = ('# clang as the CUDA compiler: nvcc-only CUDA_FLAGS dropped (rc_ggml.sh)\n'
       '    target_compile_options(ggml-cuda PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:-Wno-pedantic>")')
open(p, "w").write(t.replace(pat, new))
EOF
  touch "$work/.extracted"
fi

if [ ! -e "$build/.configured" ]; then
  rm -rf "$build"
  # the plugin's options come from its defaults, never from the caller's
  env -u MAGICDIV_OPTIONS -u MAGICDIV_DISABLE cmake -S "$src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$llvm/clang" -DCMAKE_CXX_COMPILER="$llvm/clang++" \
    -DCMAKE_CUDA_COMPILER="$llvm/clang++" -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DCMAKE_CUDA_FLAGS="--cuda-gpu-arch=sm_90 --cuda-path=$cuda -Wno-unknown-cuda-version -I$cuda/include/cccl -fpass-plugin=$plugin" \
    -DCUDAToolkit_ROOT="$cuda" \
    -DGGML_CUDA=ON -DGGML_NATIVE=OFF -DGGML_CPU_ALL_VARIANTS=OFF \
    -DGGML_BACKEND_DL=OFF -DBUILD_SHARED_LIBS=OFF -DGGML_OPENMP=OFF \
    -DGGML_CUDA_FA_ALL_QUANTS=OFF -DGGML_CUDA_NCCL=OFF -DGGML_BUILD_TESTS=ON \
    -DGGML_BUILD_EXAMPLES=OFF >"$work/configure.log" 2>&1 ||
    { tail -30 "$work/configure.log" >&2; exit 1; }
  touch "$build/.configured"
fi

env -u MAGICDIV_OPTIONS -u MAGICDIV_DISABLE \
  cmake --build "$build" --target test-backend-ops -j "$jobs"
ls "$build/bin/test-backend-ops"
