#!/usr/bin/env bash
# Host cost per __tgt_target_kernel with and without the plugin, on the CPU
# (host offloading through libomptarget's x86_64 plugin):
#   bench/omp/launch_cost.sh BUILD [OMP_PREFIX]
# plain: no plugin; plugin: clone launched through md_omp_launch;
# plugin+disable: MAGICDIV_DISABLE=1 (md_omp_launch straight to the original).
set -euo pipefail
B="$(cd "$1" && pwd)"; O="${2:-/opt/magicdiv-omp}"
S="$(cd "$(dirname "$0")" && pwd)/launch_cost.c"
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
F=(-O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -I"$O/include/22")
L=(-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -L"$O/lib" -Wl,-rpath,"$O/lib")
clang-22 "${F[@]}" -c "$S" -o "$T/plain.o"
clang-22 "${L[@]}" "$T/plain.o" -o "$T/plain"
clang-22 "${F[@]}" -fpass-plugin="$B/lib/MagicDiv.so" -c "$S" -o "$T/md.o"
clang-22 "${L[@]}" "$T/md.o" "$B/runtime/libmagicdiv_rt.a" -ldl -lpthread -o "$T/md"
export OMP_TARGET_OFFLOAD=MANDATORY
echo "plain:          $("$T/plain" "${N:-20000}")"
echo "plugin:         $(MAGICDIV_LOG=1 "$T/md" "${N:-20000}" 2>&1 | tr '\n' ' ')"
echo "plugin+disable: $(MAGICDIV_DISABLE=1 "$T/md" "${N:-20000}")"
