#!/usr/bin/env bash
# build.sh -- build the GPU benchmark bundle on a machine WITHOUT a GPU.
#
#   bench/gpu/build.sh [--build BUILD_DIR] [--out DIR] [--quick]
#                      [--llvm DIR | --clang CLANG] [--cuda DIR] [--arch sm_90]
#                      [--plugin MagicDiv.so] [--rtlib DIR] [--options OPTS]
#                      [--nvcc NVCC | --no-nvcc]
#
# BUILD_DIR is a magicdiv CMake build (lib/MagicDiv.so and
# runtime/libmagicdiv_rt.a); default: build-22 beside this checkout.
# --plugin / --rtlib name those two directly.  The clang must be of the
# LLVM the plugin was built for (default /usr/lib/llvm-22/bin/clang).
# Produces in DIR (default bench/out/gpu):
#   mdb_gpu                      host driver (C11; loads libcuda with dlopen,
#                                no CUDA runtime needed on the GPU machine;
#                                libmagicdiv_rt linked statically)
#   <stem>.<arch>.cubin          kernels/<stem>.cu, native + hand variants
#   <stem>.plugin.<arch>.cubin   the same source compiled with
#                                -fpass-plugin=MagicDiv.so (holds the clones)
#   <stem>.nvcc.<arch>.cubin     the same source built by nvcc -O3 (native
#                                and hand variants as CUDA users build them;
#                                where nvcc compiles it; --no-nvcc: none)
#   <stem>[.plugin].ptx          PTX ISA 7.8 of both, a JIT fallback for
#                                drivers that refuse the CUDA 13 cubins
#   desc/<K>__magicdiv_desc.bin  every clone's descriptor (from the PTX), for
#                                the host-side checks of --dry-run
#   MANIFEST                     what was built, with which tools, when
# --quick builds only what the quick lit test needs (permute, opbench, util).
# --options OPTS: the plugin options (MAGICDIV_OPTIONS) for the benchmark
# kernels' plugin variant, e.g. pow2-loops (default: none, the defaults).
# MDB_CFLAGS adds flags to the host driver's compile (e.g. sanitizers).
# Then copy/carry DIR to the GPU machine and run bench/gpu/run.sh there.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="$root/build-22"
out="$root/bench/out/gpu"
llvm=/usr/lib/llvm-22/bin
cuda=${CUDA_PATH:-/usr/local/cuda}
arch=sm_90
quick=0
plugin=
rtdir=
clang=
popts=
nvcc=
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --llvm) llvm=$2; shift 2 ;;
    --clang) clang=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --rtlib) rtdir=$2; shift 2 ;;
    --cuda) cuda=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --quick) quick=1; shift ;;
    --options) popts=$2; shift 2 ;;
    --nvcc) nvcc=$2; shift 2 ;;
    --no-nvcc) nvcc=none; shift ;;
    *) echo "build.sh: unknown argument $1" >&2; exit 64 ;;
  esac
done

[ -n "$plugin" ] || plugin="$build/lib/MagicDiv.so"
[ -n "$rtdir" ] || rtdir="$build/runtime"
[ -n "$clang" ] || clang="$llvm/clang"
rtlib="$rtdir/libmagicdiv_rt.a"
ptxas="$cuda/bin/ptxas"
[ -n "$nvcc" ] || nvcc="$cuda/bin/nvcc"
cc=${CC:-cc}
for f in "$plugin" "$rtlib" "$clang" "$ptxas" "$cuda/include/cuda.h"; do
  [ -e "$f" ] || { echo "build.sh: missing $f" >&2; exit 1; }
done
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")

mkdir -p "$out/desc"
rm -f "$out"/*.cubin "$out"/*.ptx "$out"/desc/*.bin "$out/mdb_gpu"

stems=(util permute transpose stencil vol2col upsample concat hashprobe opbench)
[ "$quick" = 1 ] && stems=(util permute opbench)

# clang device-only compile without the CUDA headers (mdb_dev.h supplies
# what the kernels need), PTX out.
compile() { # src out.ptx [plugin]
  local extra=() opts=()
  [ $# -gt 2 ] && extra=("-fpass-plugin=$3")
  [ $# -gt 2 ] && [ -n "$popts" ] && opts=("MAGICDIV_OPTIONS=$popts")
  env -u MAGICDIV_OPTIONS -u MAGICDIV_DISABLE ${opts[@]+"${opts[@]}"} \
    "$clang" "${extra[@]}" -x cuda --cuda-device-only -nocudainc -nocudalib \
    --cuda-gpu-arch="$arch" -Wno-unknown-cuda-version -O2 -S \
    -I "$root/bench/include" "$1" -o "$2"
}

# The same PTX declared as ISA 7.8 (CUDA 11.8, the first with sm_90), kept
# only if ptxas accepts it: drivers >= 520 can JIT it.
ptx78() { # in.ptx out.ptx
  sed -E 's/^\.version [0-9]+\.[0-9]+/.version 7.8/' "$1" >"$2"
  if ! "$ptxas" -arch="$arch" "$2" -o /dev/null 2>/dev/null; then
    echo "build.sh: note: $(basename "$1") does not assemble as PTX 7.8; no JIT fallback" >&2
    rm -f "$2"
  fi
}

# nvcc -O3 of the same source (mdb_dev.h's thread-index builtins are
# clang's; nvcc gets them as macros).  A stem nvcc cannot compile is noted.
nvcc_built=()
compile_nvcc() { # stem
  [ "$nvcc" != none ] && [ -x "$nvcc" ] && [ "$1" != util ] || return 0
  if "$nvcc" -O3 -arch="$arch" -cubin -I "$root/bench/include" \
       -I "$root/bench/kernels" \
       '-D__nvvm_read_ptx_sreg_tid_x()=threadIdx.x' \
       '-D__nvvm_read_ptx_sreg_ctaid_x()=blockIdx.x' \
       '-D__nvvm_read_ptx_sreg_ntid_x()=blockDim.x' \
       '-D__nvvm_read_ptx_sreg_nctaid_x()=gridDim.x' \
       "$root/bench/kernels/$1.cu" -o "$out/$1.nvcc.$arch.cubin" \
       >"$out/nvcc.log" 2>&1; then
    nvcc_built+=("$1")
  else
    echo "build.sh: note: nvcc does not compile $1.cu; no nvcc variants for it" >&2
    rm -f "$out/$1.nvcc.$arch.cubin"
  fi
  rm -f "$out/nvcc.log"
}

for s in "${stems[@]}"; do
  src="$root/bench/kernels/$s.cu"
  compile_nvcc "$s"
  compile "$src" "$out/$s.full.ptx"
  "$ptxas" -arch="$arch" -O3 "$out/$s.full.ptx" -o "$out/$s.$arch.cubin"
  ptx78 "$out/$s.full.ptx" "$out/$s.ptx"
  rm -f "$out/$s.full.ptx"
  if [ "$s" != util ]; then
    compile "$src" "$out/$s.plugin.full.ptx" "$plugin"
    "$ptxas" -arch="$arch" -O3 "$out/$s.plugin.full.ptx" -o "$out/$s.plugin.$arch.cubin"
    python3 "$here/descs.py" "$out/$s.plugin.full.ptx" "$out/desc"
    ptx78 "$out/$s.plugin.full.ptx" "$out/$s.plugin.ptx"
    rm -f "$out/$s.plugin.full.ptx"
  fi
done

"$cc" -std=c11 -O2 -Wall -Wextra -Wno-unused-parameter \
  -I "$root/bench/include" -I "$root/bench/kernels" -I "$root/runtime/include" \
  -I "$cuda/include" \
  "$here"/mdb_*.c \
  ${MDB_CFLAGS:-} "$rtlib" -ldl -lm -o "$out/mdb_gpu"

# The end-to-end programs, built the way a user builds one -- clang
# -fpass-plugin for device and host -- so the GPU run also exercises the
# real launch path (host pass -> md_cuda_launch -> clone lookup,
# descriptor, fallbacks) and checks every kernel against the CPU.  Need a
# clang that compiles the CUDA headers (clang 22); skipped otherwise.
#   e2e_cuda      test/e2e/cuda-e2e.cu, the plugin flag alone: the object
#                 carries the runtime (docs/LAUNCH.md section 12)
#   e2e_cuda_lib  the same with no-embed-runtime, linked with
#                 libmagicdiv_rt.a (the library's copy)
#   e2e_graph     test/e2e/cuda-graph-e2e.cu: graph kernel nodes of clones
#                 stay transparent (capture, get/set/add node parameters,
#                 exec update, the llama.cpp pattern), the plugin flag alone
build_e2e() { # name src options link-with-rtlib(0/1)
  local name=$1 src=$2 opts=$3 rt=() log="$out/$1_build.log"
  [ "$4" = 1 ] && rt=("$rtlib")
  if env -u MAGICDIV_OPTIONS ${opts:+MAGICDIV_OPTIONS=$opts} "$clang" -x cuda \
       --cuda-gpu-arch="$arch" --cuda-path="$cuda" -O2 -Wno-unknown-cuda-version \
       -fpass-plugin="$plugin" -I "$root/runtime/include" -I "$root/test/e2e" \
       -c "$src" -o "$out/$name.o" 2>"$log" &&
     "$clang" "$out/$name.o" ${rt[@]+"${rt[@]}"} -L"$cuda/lib64" -lcudart_static -ldl -lrt \
       -lpthread -static-libstdc++ -o "$out/$name" 2>>"$log"; then
    rm -f "$log" "$out/$name.o"
    echo "$name ($(basename "$src")${opts:+, $opts}$([ "$4" = 1 ] && echo ', libmagicdiv_rt.a'))"
  else
    rm -f "$out/$name.o"
    echo "build.sh: note: $name was not built (see $log)" >&2
    echo "not built"
  fi
}
e2e=$(build_e2e e2e_cuda "$root/test/e2e/cuda-e2e.cu" "" 0)
e2e_lib=$(build_e2e e2e_cuda_lib "$root/test/e2e/cuda-e2e.cu" no-embed-runtime 1)
e2e_graph=$(build_e2e e2e_graph "$root/test/e2e/cuda-graph-e2e.cu" "" 0)

glibc=$(objdump -T "$out/mdb_gpu" 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1 || true)
{
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
  echo "git: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$root" diff --quiet 2>/dev/null || echo ' (dirty tree)')"
  echo "arch: $arch  quick: $quick"
  echo "clang: $("$clang" --version | head -1)"
  echo "ptxas: $("$ptxas" --version | tail -1)"
  echo "nvcc -O3: ${nvcc_built[*]:-none}$([ ${#nvcc_built[@]} -gt 0 ] && echo " ($("$nvcc" --version | tail -1))")"
  echo "plugin: $plugin"
  echo "plugin options (kernels): ${popts:-defaults}"
  echo "host driver needs: ${glibc:-?} (libc), libcuda.so.1 at run time"
  echo "e2e: $e2e"
  echo "e2e lib: $e2e_lib"
  echo "e2e graph: $e2e_graph"
  echo "clones:"
  for f in "$out"/*.plugin."$arch".cubin; do
    readelf -sW "$f" | awk '$4 == "FUNC" && $NF ~ /__magicdiv$/ {print "  " $NF}'
  done
} >"$out/MANIFEST"
echo "build.sh: bundle in $out ($(du -sh "$out" | cut -f1)); run: bench/gpu/run.sh"
