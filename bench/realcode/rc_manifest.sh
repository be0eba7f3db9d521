#!/usr/bin/env bash
# rc_manifest.sh -- the MANIFEST of the real-code bundle (rc_build.sh):
# what was built from which commits by which compilers, how long each part
# took here, and what the bundle holds.
#   rc_manifest.sh DEST WORK PLUGIN GGML LLMC HECBENCH
set -uo pipefail
dest=$1 work=$2 plugin=$3 ggml=$4 llmc=$5 hec=$6
root=$(cd "$(dirname "$0")/../.." && pwd)
rev() { git --git-dir="$1" rev-parse HEAD 2>/dev/null || echo "?"; }
echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n) ($(nproc) cpus)"
echo "magicdiv: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- plugin runtime || echo ' (plugin/runtime modified)'); plugin $plugin"
echo "clang: $(/usr/lib/llvm-22/bin/clang++ --version | head -1); CUDA $(/usr/local/cuda/bin/ptxas --version | tail -1)"
echo "ggml: $(rev "$ggml")"
echo "llm.c: $(rev "$llmc")"
echo "HeCBench: $(rev "$hec")"
for p in hecbench llmc ggml; do
  [ -f "$work/$p.time" ] && echo "build $(tail -1 "$work/$p.time")"
done
echo "ggml test-backend-ops: $([ -x "$dest/ggml/test-backend-ops" ] && du -h "$dest/ggml/test-backend-ops" | cut -f1 || echo 'not built')"
echo "llm.c programs: $(ls "$dest"/llmc/*.plugin 2>/dev/null | wc -l) (each .native and .plugin)"
echo "HeCBench programs: $(ls "$dest"/hecbench/*.plugin 2>/dev/null | wc -l) (each .native and .plugin)"
for f in "$dest"/ggml/test-backend-ops "$dest"/llmc/*.plugin "$dest"/hecbench/*.plugin; do
  [ -x "$f" ] && echo "clones: ${f#$dest/}: $(python3 "$(dirname "$0")/rc_same.py" --count "$f")"
done
[ -f "$dest/llmc/same.txt" ] && echo "llm.c: the cubin of $(grep -c byte-identical "$dest/llmc/same.txt") of $(wc -l <"$dest/llmc/same.txt") .plugin programs byte-identical to the device-only prelude build (llmc/same.txt)"
