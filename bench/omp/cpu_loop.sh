#!/usr/bin/env bash
# The CPU device code's 64-bit division in a collapse(2) loop, native vs
# clone, through libomptarget's x86_64 host plugin:
#   bench/omp/cpu_loop.sh BUILD [OMP_PREFIX]     (N, M: the bounds)
set -euo pipefail
B="$(cd "$1" && pwd)"; O="${2:-/opt/magicdiv-omp}"
S="$(cd "$(dirname "$0")" && pwd)/cpu_loop.c"
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
F=(-O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I"$O/include/22")
L=(-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -L"$O/lib" -Wl,-rpath,"$O/lib")
clang-22 "${F[@]}" -c "$S" -o "$T/plain.o"
clang-22 "${L[@]}" "$T/plain.o" -o "$T/plain"
clang-22 "${F[@]}" -fpass-plugin="$B/lib/MagicDiv.so" -c "$S" -o "$T/md.o"
clang-22 "${L[@]}" "$T/md.o" "$B/runtime/libmagicdiv_rt.a" -ldl -lpthread -o "$T/md"
export OMP_TARGET_OFFLOAD=MANDATORY
for r in 1 2 3; do
  echo "native: $("$T/plain" "${N:-20000}" "${M:-13001}")  clone: $("$T/md" "${N:-20000}" "${M:-13001}")"
done
