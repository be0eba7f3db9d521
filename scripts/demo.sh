#!/usr/bin/env bash
# The magicdiv demo: build the plugin and runtime (LLVM 22), compile
# demo/permute.cu with `clang-22 -fpass-plugin`, show the remarks of the
# device and host compiles and the clone in the PTX, then link and run it
# (without a GPU it reports the CUDA error and exits 0).
#
#   scripts/demo.sh            (set-up included; MAGICDIV_SKIP_SETUP=1 skips it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ "${MAGICDIV_SKIP_SETUP:-0}" = 1 ] || bash scripts/setup.sh
cmake -S . -B build-22 -G Ninja -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >/dev/null
cmake --build build-22 >/dev/null
plugin=$root/build-22/lib/MagicDiv.so
out=$root/build-22/demo
mkdir -p "$out"
cuda=/usr/local/cuda
flags=(-x cuda --cuda-gpu-arch=sm_90 --cuda-path=$cuda -O2 -Wno-unknown-cuda-version
       -fpass-plugin=$plugin)

echo "== device compile: remarks (-Rpass=magicdiv -Rpass-missed=magicdiv) =="
clang-22 "${flags[@]}" --cuda-device-only -Rpass=magicdiv -Rpass-missed=magicdiv \
  -S demo/permute.cu -o "$out/permute.ptx"
echo
echo "== each kernel, original vs clone (PTX, and SASS from ptxas -arch=sm_90) =="
sass_count() { # cubin kernel -> instructions (.text section bytes / 16, padding included)
  local hex
  hex=$(readelf -SW "$1" 2>/dev/null | sed 's/^ *\[ *[0-9]*\] *//' |
        awk -v s=".text.$2" '$1 == s { print $5; exit }')
  [ -n "$hex" ] && echo $((16#$hex / 16)) || echo "?"
}
have_ptxas=0
if [ -x $cuda/bin/ptxas ] && $cuda/bin/ptxas -arch=sm_90 "$out/permute.ptx" -o "$out/permute.cubin"; then
  have_ptxas=1
fi
for k in _Z7permutePfPKf5Shapei _Z5probePjPKjji; do
  for v in "$k" "${k}__magicdiv"; do
    body=$(awk -v k="$v" '$0 ~ "^.visible .entry "k"\\(" {on=1} on && /^}/ {on=0} on' "$out/permute.ptx" | grep -vE "^\s*(\.param|//|\.reg)")
    sass="-"
    [ $have_ptxas = 1 ] && sass=$(sass_count "$out/permute.cubin" "$v")
    printf '  %-34s PTX div/rem: %d  mul.wide.u32: %d  PTX: %3d  SASS: %s\n' "$v" \
      "$(grep -cE "\s(div|rem)\.[su]" <<<"$body")" "$(grep -c "mul.wide.u32" <<<"$body")" \
      "$(grep -cE "^\s+[a-z]" <<<"$body")" "$sass"
  done
done
echo "  (one PTX div/rem expands to ~20 SASS instructions; SASS counts are .text sizes / 16, padding included)"
echo
echo "== full compile (device + host): the host side routes the launches =="
clang-22 "${flags[@]}" -Rpass=magicdiv -c demo/permute.cu -o "$out/permute.o" 2>&1 \
  | grep -E "remark: magicdiv: launch" || true
echo
echo "== link and run =="
clang-22 "$out/permute.o" -o "$out/permute" -L"$root/build-22/runtime" -lmagicdiv_rt \
  -L$cuda/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++ \
  -Wl,-rpath,"$root/build-22/runtime"
MAGICDIV_LOG=1 "$out/permute"
