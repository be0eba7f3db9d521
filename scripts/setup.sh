#!/usr/bin/env bash
# Install everything magicdiv needs on a fresh Debian bookworm machine.
# Idempotent: packages already present are skipped by apt; safe to re-run.
#
#   scripts/setup.sh            LLVM 22 + LLVM 19 + HIP + build tools + lit
#                               (+ Triton and nvdisasm wheels under /tmp)
#
# CUDA 13 is expected at /usr/local/cuda (it is not a Debian package);
# without it the CUDA-only tests are skipped, not failed.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PKGS=(
  cmake ninja-build pkg-config python3 python3-pip
  llvm-22-dev llvm-22-tools clang-22 clang-tools-22 lld-22 libclang-rt-22-dev
  flang-22
  llvm-19-dev llvm-19-tools clang-19 lld-19
  libamdhip64-dev rocm-device-libs
  libffi-dev
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi

# lit: prefer LLVM's own copy (shipped with llvm-N-tools), fall back to PyPI.
if [ ! -x /usr/lib/llvm-22/bin/lit ] && ! python3 -c "import lit" 2>/dev/null; then
  echo "setup: installing lit from PyPI"
  python3 -m pip install -q lit || echo "setup: warning: lit not installed" >&2
fi

# OpenMP offload (test/omp): Debian's liboffload-22 (libomptarget with its
# host x86_64 plugin), the libomp it needs (libomp5-19) and the OpenMP
# headers of clang-22 (libomp-22-dev), plus LLVM 19's device bitcode
# (libomp-19-dev: libomptarget-nvptx-sm_*.bc, -amdgpu-gfx*.bc).  On bookworm
# installing any of them REMOVES libomp5-14 / libomp-14-dev / libomp-dev
# (libomp5-19 conflicts with libomp5-14), so they are not installed: the .deb
# files are unpacked into a private prefix that nothing else uses, and the
# OpenMP tests point clang at it (MAGICDIV_OMP_PREFIX, default below).
OMP_PREFIX="${MAGICDIV_OMP_PREFIX:-/opt/magicdiv-omp}"
OMP_DEBS=(liboffload-22 libomp5-19 libomp-22-dev libomp-19-dev)
if [ ! -e "$OMP_PREFIX/lib/libomptarget.so" ]; then
  echo "setup: unpacking ${OMP_DEBS[*]} into $OMP_PREFIX (not installed: see setup.sh)"
  omp_tmp="$(mktemp -d)"
  if (cd "$omp_tmp" && { apt-get download "${OMP_DEBS[@]}" >/dev/null 2>&1 ||
        { $SUDO apt-get update -qq && apt-get download "${OMP_DEBS[@]}" >/dev/null; }; }); then
    $SUDO mkdir -p "$OMP_PREFIX/root" "$OMP_PREFIX/lib" "$OMP_PREFIX/include"
    for d in "$omp_tmp"/*.deb; do $SUDO dpkg-deb -x "$d" "$OMP_PREFIX/root"; done
    r="$OMP_PREFIX/root/usr/lib"
    # one flat directory: the links inside the packages point at /usr
    $SUDO ln -sf "$r/llvm-19/lib/libomp.so.5" "$OMP_PREFIX/lib/libomp.so.5"
    $SUDO ln -sf libomp.so.5 "$OMP_PREFIX/lib/libomp.so"
    $SUDO ln -sf "$r/llvm-22/lib/libomptarget.so.22.1" "$OMP_PREFIX/lib/libomptarget.so.22.1"
    $SUDO ln -sf "$r/llvm-22/lib/libLLVMOffload.so.22.1" "$OMP_PREFIX/lib/libLLVMOffload.so.22.1"
    $SUDO ln -sf libomptarget.so.22.1 "$OMP_PREFIX/lib/libomptarget.so"
    $SUDO ln -sfn "$r/llvm-22/lib/clang/22/include" "$OMP_PREFIX/include/22"
    $SUDO ln -sfn "$r/llvm-19/lib" "$OMP_PREFIX/lib19"
  else
    echo "setup: warning: could not download ${OMP_DEBS[*]}; OpenMP offload tests will be unsupported" >&2
  fi
  rm -rf "$omp_tmp"
fi

if [ ! -x /usr/local/cuda/bin/ptxas ]; then
  echo "setup: note: /usr/local/cuda/bin/ptxas not found; CUDA tests will be skipped" >&2
fi
# nvdisasm for the SASS counts of bench/sass (chain.py, opforms.py, ...
# look in /tmp/nvd): NVIDIA's PyPI wheel, since the CUDA toolkit found here
# has ptxas but no nvdisasm.  Only the benchmarks need it: a failure warns.
if ! ls /tmp/nvd/nvidia/*/bin/nvdisasm >/dev/null 2>&1; then
  python3 -m pip install -q --root-user-action=ignore --target /tmp/nvd \
      nvidia-cuda-nvdisasm ||
    echo "setup: warning: nvdisasm not installed; bench/sass needs it" >&2
fi
# Triton for test/triton (python/magicdiv_triton on Inductor-style kernels;
# Triton compiles for sm_90 without a GPU, with its own ptxas and nvdisasm):
# the pinned wheel from PyPI (188 MB, 642 MB installed) into its own
# directory, which test/lit.cfg.py puts on PYTHONPATH (MAGICDIV_TRITON_PYTHONPATH,
# default below).  Only those tests need it: a failure warns.
TRITON_VERSION=3.6.0
TRITON_DIR="${MAGICDIV_TRITON_PYTHONPATH:-/tmp/magicdiv-triton}"
if [ ! -d "$TRITON_DIR/triton-$TRITON_VERSION.dist-info" ]; then
  echo "setup: installing triton==$TRITON_VERSION into $TRITON_DIR"
  python3 -m pip install -q --root-user-action=ignore --no-deps --upgrade \
      --target "$TRITON_DIR" "triton==$TRITON_VERSION" ||
    echo "setup: warning: triton not installed; test/triton will be unsupported" >&2
fi
echo "setup: done"
