#!/usr/bin/env bash
# rc_build.sh -- build the real-code bundle for rc_run.sh on this machine:
# ggml's test-backend-ops (rc_ggml.sh), llm.c (rc_llmc.sh), HeCBench's index
# benchmarks (hecbench_gpu.sh build), every program built by clang-22 for
# sm_90 with -fpass-plugin alone and (llm.c, HeCBench) without.
#
#   bench/realcode/rc_build.sh [--plugin SO] [--ggml MIRROR] [--llmc MIRROR]
#       [--hecbench MIRROR] [--dest DIR] [--work DIR] [--bundle FILE]
#       [--parts ggml,llmc,hecbench] [--jobs N]
#   Defaults: build-22/lib/MagicDiv.so, the mirrors under /work/.mirror,
#   DIR /work/bundles/realcode, WORK /work/bundles/work, FILE
#   /work/bundles/realcode.tar.xz, all parts, -j2.
#   Restartable: each part skips what it has built (ggml continues its ninja
#   build); run it in the background, niced, e.g.
#     nohup nice -n 10 bench/realcode/rc_build.sh > build.log 2>&1 &
#   A part that fails or is missing leaves the others in the bundle (the
#   runner says what is missing).  The bundle is DIR packed (xz): MANIFEST
#   (commits, compilers, build times, sizes), ggml/, llmc/, hecbench/.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
plugin=$root/build-22/lib/MagicDiv.so
ggml=/work/.mirror/ggml-org+ggml/repo
llmc=/work/.mirror/karpathy+llm.c/repo
hec=/work/.mirror/zjin-lcf+HeCBench/repo
dest=/work/bundles/realcode work=/work/bundles/work
bundle=/work/bundles/realcode.tar.xz parts=ggml,llmc,hecbench jobs=2
while [ $# -gt 0 ]; do
  case "$1" in
    --plugin) plugin=$2 ;; --ggml) ggml=$2 ;; --llmc) llmc=$2 ;;
    --hecbench) hec=$2 ;; --dest) dest=$2 ;; --work) work=$2 ;;
    --bundle) bundle=$2 ;; --parts) parts=$2 ;; --jobs) jobs=$2 ;;
    *) echo "rc_build.sh: unknown argument $1" >&2; exit 64 ;;
  esac
  shift 2
done
[ -f "$plugin" ] || { echo "rc_build.sh: no plugin at $plugin (build build-22 first)" >&2; exit 1; }
plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
mkdir -p "$dest" "$work"
want() { case ",$parts," in *",$1,"*) return 0 ;; esac; return 1; }
timed() { # part command...: run, and record its wall time in WORK/<part>.time
  local s=$(date +%s) rc
  "${@:2}"
  rc=$?
  echo "$1: $(( $(date +%s) - s )) s wall, exit $rc, $(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$work/$1.time"
  return $rc
}

# HeCBench: the 14 index benchmarks; BENCHES: name, time limit (s), args;
# MORE: the same of the other programs with clones (hec_more.txt), without
# those that need input files (MORE.left-out says which).
# Smaller arguments where the Makefile's CPU reference outlasts the limit
# (rc_hec_args.txt says which and why).
if want hecbench && [ ! -f "$dest/hecbench/BENCHES" ]; then
  timed hecbench bash "$here/hecbench_gpu.sh" build --hecbench "$hec" \
    --build "$(dirname "$(dirname "$plugin")")" --out "$dest/hecbench.tmp" \
    --more "$here/hec_more.txt" --keep-src
  python3 "$here/rc_hec_args.py" "$dest/hecbench.tmp" >"$dest/hecbench.tmp/BENCHES.rc" &&
    mv "$dest/hecbench.tmp/BENCHES.rc" "$dest/hecbench.tmp/BENCHES" &&
    python3 "$here/rc_hec_args.py" --more "$dest/hecbench.tmp" "$dest/hecbench.tmp/src" \
      >"$dest/hecbench.tmp/MORE.rc" 2>"$dest/hecbench.tmp/MORE.left-out" &&
    mv "$dest/hecbench.tmp/MORE.rc" "$dest/hecbench.tmp/MORE" &&
    rm -rf "$dest/hecbench.tmp/src" "$dest/hecbench" && mv "$dest/hecbench.tmp" "$dest/hecbench"
fi
if want llmc; then
  timed llmc bash "$here/rc_llmc.sh" "$llmc" "$work/llmc" "$plugin" "$dest/llmc"
fi
if want ggml; then
  if timed ggml bash "$here/rc_ggml.sh" "$ggml" "$work/ggml" "$plugin" "$jobs"; then
    mkdir -p "$dest/ggml"
    cp "$work/ggml/build/bin/test-backend-ops" "$work/ggml/ggml.commit" "$dest/ggml/"
  fi
fi
bash "$here/rc_manifest.sh" "$dest" "$work" "$plugin" "$ggml" "$llmc" "$hec" >"$dest/MANIFEST"
# -9: the programs share cudart_static and the runtime; a 64 MiB window
# finds the copies
XZ_OPT=${XZ_OPT:--9} tar -C "$(dirname "$dest")" -cJf "$bundle.tmp" "$(basename "$dest")" &&
  mv "$bundle.tmp" "$bundle"
echo "bundle: $bundle, $(du -m "$bundle" | cut -f1) MiB (unpacked $(du -sm "$dest" | cut -f1) MiB)"
