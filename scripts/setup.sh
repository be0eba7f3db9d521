#!/usr/bin/env bash
# Install everything magicdiv needs on a fresh Debian bookworm machine.
# Idempotent: packages already present are skipped by apt; safe to re-run.
#
#   scripts/setup.sh            LLVM 22 + LLVM 19 + HIP + build tools + lit
#
# CUDA 13 is expected at /usr/local/cuda (it is not a Debian package);
# without it the CUDA-only tests are skipped, not failed.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

PKGS=(
  cmake ninja-build pkg-config python3 python3-pip
  llvm-22-dev llvm-22-tools clang-22 clang-tools-22 lld-22 libclang-rt-22-dev
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

if [ ! -x /usr/local/cuda/bin/ptxas ]; then
  echo "setup: note: /usr/local/cuda/bin/ptxas not found; CUDA tests will be skipped" >&2
fi
echo "setup: done"
