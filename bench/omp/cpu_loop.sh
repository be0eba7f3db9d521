#!/usr/bin/env bash
# The CPU device code's 64-bit division in a collapse(2) loop, native vs
# clone, through libomptarget's x86_64 host plugin:
#   bench/omp/cpu_loop.sh BUILD [OMP_PREFIX]     (N, M: the bounds)
set -euo pipefail
B="$(cd "$1" && pwd)"; O="${2:-/opt/magicdiv-omp}"
D="$(cd "$(dirname "$0")" && pwd)"
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
. "$D/build_pair.sh"
md_omp_pair "$B" "$O" "$D/cpu_loop.c" "$T"
export OMP_TARGET_OFFLOAD=MANDATORY
for r in 1 2 3; do
  echo "native: $("$T/plain" "${N:-20000}" "${M:-13001}")  clone: $("$T/md" "${N:-20000}" "${M:-13001}")"
done
