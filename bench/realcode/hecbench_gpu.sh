#!/usr/bin/env bash
# hecbench_gpu.sh -- HeCBench's index benchmarks as whole programs on a GPU,
# built with and without the plugin (clang's -fpass-plugin alone: the host
# pass reroutes the launches, the runtime is embedded).  Each program checks
# its own results (PASS / FAIL) and prints its kernel times.
#
#   bench/realcode/hecbench_gpu.sh build [--hecbench REPO] [--build BUILD]
#                                        [--out DIR] [--more FILE]
#       on this machine: extract the 14 benchmarks (the set of
#       build_cost.py) from a HeCBench checkout (default: the fetched
#       mirror), build DIR/<b>.native and DIR/<b>.plugin for sm_90, write
#       DIR/BENCHES (name and run arguments, from each Makefile's run rule)
#       and DIR/MANIFEST.  --more FILE (bench/realcode/hec_more.txt: the
#       other programs the plugin clones, from hec_sweep.py): those too,
#       with their Makefile's literal -I/-D flags, listed in DIR/MORE;
#       --keep-src keeps the extracted sources in DIR/src.
#   bench/realcode/hecbench_gpu.sh run [--out DIR]
#       on the GPU machine (carry DIR): run each program, native then
#       plugin (MAGICDIV_LOG=1: which clone ran), each under a time limit
#       (HEC_LIMIT seconds, default 12; five programs' single-threaded CPU
#       references take longer on an H200 machine's CPU); HEC_ONLY="a b"
#       runs only those.  DIR/results/<b>.<variant>.txt and a summary table
#       on stdout.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mode=${1:-}
shift || true
hec=/work/.mirror/zjin-lcf+HeCBench/repo
build=$root/build-22
out=$root/bench/out/hecbench
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=/usr/lib/llvm-22/bin/clang++
limit=${HEC_LIMIT:-12}
more= keep_src=0
while [ $# -gt 0 ]; do
  case "$1" in
    --hecbench) hec=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --more) more=$(grep -v '^#' "$2" | awk '{ print $1 }' | tr '\n' ' '); shift 2 ;;
    --keep-src) keep_src=1; shift ;;
    *) echo "hecbench_gpu.sh: unknown argument $1" >&2; exit 64 ;;
  esac
done
# (the two whose CPU references are the largest last)
benches="channelShuffle concat flip layout permute resize reverse2D unfold
upsample stencil3d pad convolution3D pool maxpool3d"

# One file of the mirror's HEAD into DEST/PATH (a blob the mirror lacks,
# a large data file: nothing).
extract_file() { # path dest
  mkdir -p "$2/$(dirname "$1")"
  git -C "$hec" show "HEAD:$1" >"$2/$1" 2>/dev/null || rm -f "$2/$1"
}

# A folder of the mirror (src/<b>-cuda); one holding blobs the mirror lacks
# (large data files) is extracted file by file without them.
extract_dir() { # path dest
  local f
  [ -d "$2/$1" ] && return 0
  git -C "$hec" archive HEAD "$1" 2>/dev/null | tar -x -C "$2" 2>/dev/null && return 0
  for f in $(git -C "$hec" ls-tree -r --name-only HEAD "$1"); do
    extract_file "$f" "$2"
  done
}

# What hec_sweep.py reads from a program's Makefile (one reading for the
# sweep and the bundle): its sources (the `source =` list, continuation
# lines joined) or, with --flags, its literal -I and -D flags.
makefile() { # [--flags] dir
  python3 - "$here" "$@" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from hec_sweep import makefile_flags, makefile_sources
if sys.argv[2] == "--flags":
    print(" ".join(makefile_flags(sys.argv[3])))
else:
    print(" ".join(makefile_sources(sys.argv[2], r"cu|cpp|cc|c")))
PY
}

# One program, native and plugin: its run line into LIST (BENCHES or MORE);
# EXTRA: more compile flags (the extra programs get their Makefile's literal
# -I and -D flags, as hec_sweep.py built them).
build_one() { # name list extra-flags...
  local b=$1 list=$2 d=$src/src/$1-cuda mk cus flags v
  shift 2
  mk=$d/Makefile
  # the run rule's arguments: the line after "run:", after $(program)
  printf '%s %s\n' "$b" "$(grep -A1 '^run:' "$mk" | tail -1 | sed 's/.*(program)//')" \
    >>"$out/$list"
  cus=$(makefile "$d")
  flags=(--cuda-gpu-arch=sm_90 --cuda-path="$cuda" -O3 -std=c++17 -w
         -Wno-unknown-cuda-version -I"$cuda/include/cccl" -I"$d" -I"$d/../qkv-cuda" "$@")
  # permute includes llm.c's dev/cuda/common.h (as qkv-cuda/common.h): the
  # prelude of llm.c's builds (build_cost.py's LLMC_PRELUDE: host-side
  # shims, `using std::isfinite` the one it needs)
  [ "$b" = permute ] && flags+=(-include "$out/llmc_prelude.h")
  for v in native plugin; do
    local extra=() objs=() f
    [ $v = plugin ] && extra=(-fpass-plugin="$build/lib/MagicDiv.so")
    for f in $cus; do
      local o=$out/$b.$v.${f//\//_}.o fl=("${flags[@]}" "${extra[@]}") lang=cuda
      case $f in *.cpp|*.cc) lang=c++ ;; *.c) lang=c fl=(-O3 -w -I"$d" "$@") ;; esac
      # (in the program's folder: its Makefile's -I../x are relative to it)
      if ! (cd "$d" && env -u MAGICDIV_OPTIONS "$clang" -x $lang "${fl[@]}" \
              -c "$f" -o "$o") 2>>"$out/build.log"; then
        echo "$b $v: compile of $f FAILED (build.log)"; continue 2
      fi
      objs+=("$o")
    done
    if "$clang" "${objs[@]}" -L"$cuda/lib64" -lcudart_static -ldl -lrt -lpthread \
         -static-libstdc++ -o "$out/$b.$v" 2>>"$out/build.log"; then
      echo "$b $v: built"
    else
      echo "$b $v: link FAILED (build.log)"
    fi
    rm -f "${objs[@]}"
  done
}

do_build() {
  local src=$out/src b
  rm -rf "$out" && mkdir -p "$src"
  extract_file src/qkv-cuda/common.h "$src"
  python3 -c "import sys; sys.path.insert(0, '$here'); import build_cost
open('$out/llmc_prelude.h', 'w').write(build_cost.LLMC_PRELUDE)" || return 1
  for b in $benches $more; do extract_dir "src/$b-cuda" "$src"; done
  # the folders the extra programs' Makefiles include (-I../mis-cuda)
  for b in $more; do
    for f in $(makefile --flags "$src/src/$b-cuda"); do
      case $f in -I../*) extract_dir "src/${f#-I../}" "$src" ;; esac
    done
  done
  : >"$out/BENCHES"
  for b in $benches; do build_one "$b" BENCHES; done
  [ -n "$more" ] && : >"$out/MORE"
  for b in $more; do
    # shellcheck disable=SC2046
    build_one "$b" MORE $(makefile --flags "$src/src/$b-cuda")
  done
  [ "$keep_src" = 1 ] || rm -rf "$src"
  {
    echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n)"
    echo "magicdiv: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo ' (dirty tree)')"
    echo "HeCBench: $(git -C "$hec" rev-parse --short HEAD)"
    echo "clang: $("$clang" --version | head -1)"
  } >"$out/MANIFEST"
}

# The kernel-time lines a program prints (HeCBench's wording varies).
times_of() { # file (absent: nothing)
  [ -f "$1" ] || return 0
  grep -iE 'time|ms|us\b' "$1" | grep -viE 'magicdiv|device|memcpy|transfer' |
    head -4 | tr '\n' ';' | sed 's/;$//'
}

do_run() {
  mkdir -p "$out/results"
  echo "| benchmark | args | native: result | plugin: result | clones used | native: times | plugin: times |"
  echo "|---|---|---|---|---|---|---|"
  while read -r b args; do
    local v r=() n
    case " ${HEC_ONLY:-$b} " in *" $b "*) ;; *) continue ;; esac
    for v in native plugin; do
      local f=$out/results/$b.$v.txt
      if [ ! -x "$out/$b.$v" ]; then r+=("not built"); continue; fi
      ( cd "$out" && MAGICDIV_LOG=1 timeout "$limit" "./$b.$v" $args ) >"$f" 2>&1
      local rc=$?
      if [ $rc = 124 ]; then r+=("timeout ${limit}s")
      elif grep -q 'FAIL' "$f"; then r+=("FAIL (rc $rc)")
      elif grep -q 'PASS' "$f"; then r+=("PASS")
      else r+=("rc $rc"); fi
    done
    n=$(grep -c 'clone .* used' "$out/results/$b.plugin.txt" 2>/dev/null)
    echo "| $b | $args | ${r[0]} | ${r[1]} | ${n:-0} | $(times_of "$out/results/$b.native.txt") | $(times_of "$out/results/$b.plugin.txt") |"
  done <"$out/BENCHES"
}

mkdir -p "$out" && out=$(cd "$out" && pwd)  # (compiles run in the programs' folders)
case "$mode" in
  build) do_build ;;
  run) do_run ;;
  *) echo "usage: hecbench_gpu.sh build|run [options]" >&2; exit 64 ;;
esac
