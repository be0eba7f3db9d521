#!/usr/bin/env bash
# tc_build.sh -- put magicdiv-ir where tc_run.sh finds it on the GPU machine:
# bench/out/triton/magicdiv-ir (an ignored path: the GPU call carries
# bench/out/triton), copied from a build and stripped.
#
#   bash bench/triton/tc_build.sh [BUILD_DIR]     (default build-22)
#
# magicdiv-ir must be built with LLVM 22 (Triton 3.6's IR) and linked with
# LLVM's static libraries (MAGICDIV_TOOL_STATIC, the default): it needs no
# LLVM where it runs.  Prints its size, what it links dynamically and its
# version; copies its libz/libzstd into bench/out/triton/lib (used by
# tc_run.sh only where the machine lacks them); exit 1 when it is missing
# or does not run.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build-22}
src=$build/bin/magicdiv-ir
dest=$root/bench/out/triton
[ -x "$src" ] || { echo "tc_build.sh: $src missing: build it (cmake --build $build --target magicdiv-ir)"; exit 1; }
mkdir -p "$dest"
cp "$src" "$dest/magicdiv-ir.tmp"
strip_tool=$(command -v strip || command -v llvm-strip-22 || true)
if [ -n "$strip_tool" ] && "$strip_tool" "$dest/magicdiv-ir.tmp" 2>/dev/null; then
  how="stripped ($strip_tool)"
else
  how="not stripped"
fi
mv "$dest/magicdiv-ir.tmp" "$dest/magicdiv-ir"
chmod 755 "$dest/magicdiv-ir"
echo "magicdiv-ir: $dest/magicdiv-ir, $(stat -c %s "$dest/magicdiv-ir") bytes ($how; built $(stat -c %s "$src") bytes)"
echo "links dynamically: $(ldd "$dest/magicdiv-ir" 2>&1 | awk '{print $1}' | tr '\n' ' ')"
# its shared libraries beside it, for a machine without them (tc_run.sh
# uses them only when the tool does not run as it is)
mkdir -p "$dest/lib"
for lib in $(ldd "$dest/magicdiv-ir" 2>/dev/null | awk '/=> \// {print $3}' | grep -E 'libz\.so|libzstd\.so'); do
  cp -L "$lib" "$dest/lib/" && echo "copied $(basename "$lib") ($(stat -L -c %s "$lib") bytes) to $dest/lib"
done
ver=$("$dest/magicdiv-ir" --version 2>&1) || { echo "tc_build.sh: $dest/magicdiv-ir does not run: $ver"; exit 1; }
echo "version: $ver"
echo "carry: bench/out/triton ($(du -sh "$dest" | cut -f1))"
