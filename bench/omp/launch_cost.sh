#!/usr/bin/env bash
# Host cost per __tgt_target_kernel with and without the plugin, on the CPU
# (host offloading through libomptarget's x86_64 plugin):
#   bench/omp/launch_cost.sh BUILD [OMP_PREFIX]
# plain: no plugin; plugin: clone launched through md_omp_launch;
# plugin+disable: MAGICDIV_DISABLE=1 (md_omp_launch straight to the original).
set -euo pipefail
B="$(cd "$1" && pwd)"; O="${2:-/opt/magicdiv-omp}"
D="$(cd "$(dirname "$0")" && pwd)"
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
. "$D/build_pair.sh"
md_omp_pair "$B" "$O" "$D/launch_cost.c" "$T"
export OMP_TARGET_OFFLOAD=MANDATORY
echo "plain:          $("$T/plain" "${N:-20000}")"
echo "plugin:         $(MAGICDIV_LOG=1 "$T/md" "${N:-20000}" 2>&1 | tr '\n' ' ')"
echo "plugin+disable: $(MAGICDIV_DISABLE=1 "$T/md" "${N:-20000}")"
