#!/usr/bin/env bash
# stress-run.sh -- crash-freedom of the magicdiv pass on random modules
# (used by test/ir/robust/stress-*.test).
#
#   stress-run.sh TARGET OUTDIR SEED[:SIZE]...
#   env: STRESS OPT LLC PLUGIN (tools of one LLVM version), PTXAS (optional)
#
# For each seed: llvm-stress makes a module (SIZE instructions, default
# 300); its function is marked as a kernel for TARGET:
#   x86     the "magicdiv-kernel" attribute (odd seeds) or a C-style
#           annotate("magicdiv-kernel") in @llvm.global.annotations (even)
#   nvptx   the ptx_kernel calling convention (odd) or an
#           !nvvm.annotations "kernel" entry (even, clang-19 style)
#   amdgcn  the amdgpu_kernel calling convention (allocas moved to
#           addrspace(5), as AMDGPU requires)
# Then the pass runs with its default options, with no-verify (the pass's
# own verify-and-drop safety net off, so a bad clone cannot hide) and with
# no-positive-divisors, each followed by the verifier; every clone must
# come with its descriptor; and the transformed module must compile with
# llc for TARGET (and ptxas for nvptx) whenever the original module does.
# Prints one line per seed and "total clones N"; exits 1 on any failure.
set -uo pipefail
target=$1 out=$2
shift 2
mkdir -p "$out"
fail=0 total=0

case $target in
x86) triple=x86_64-unknown-linux-gnu llc_args=(-O2) ;;
nvptx) triple=nvptx64-nvidia-cuda llc_args=(-mtriple=nvptx64-nvidia-cuda -mcpu=sm_90) ;;
amdgcn) triple=amdgcn-amd-amdhsa llc_args=(-mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a) ;;
*) echo "unknown target $target" >&2; exit 2 ;;
esac

# mark SEED < llvm-stress output > kernel module
mark() {
  local s=$1 fn="autogen_SD$1"
  echo "target triple = \"$triple\""
  case $target/$((s % 2)) in
  x86/1)
    sed "s/^define void @$fn(\(.*\)) {\$/define void @$fn(\1) \"magicdiv-kernel\" {/" ;;
  x86/0)
    cat
    echo "@.md.kernel = private unnamed_addr constant [16 x i8] c\"magicdiv-kernel\\00\", section \"llvm.metadata\""
    echo "@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @$fn, ptr @.md.kernel, ptr null, i32 0, ptr null }], section \"llvm.metadata\"" ;;
  nvptx/1)
    sed "s/^define void @$fn(/define ptx_kernel void @$fn(/" ;;
  nvptx/0)
    cat
    echo '!nvvm.annotations = !{!0}'
    echo "!0 = !{ptr @$fn, !\"kernel\", i32 1}" ;;
  amdgcn/*)
    sed -e "s/^define void @$fn(/define amdgpu_kernel void @$fn(/" \
        -e 's/^\(  %A[0-9]*\) = alloca \(.*\)$/\1.p5 = alloca \2, addrspace(5)\n\1 = addrspacecast ptr addrspace(5) \1.p5 to ptr/' ;;
  esac
}

for arg in "$@"; do
  seed=${arg%%:*} size=300
  [ "$arg" != "$seed" ] && size=${arg#*:}
  base=$out/$target-$seed-$size
  if ! "$STRESS" -seed="$seed" -size="$size" | mark "$seed" > "$base.ll"; then
    echo "seed $seed: FAIL: could not generate the module"; fail=1; continue
  fi
  clones=-1 status=ok
  for opts in "magicdiv" "magicdiv<no-verify>" "magicdiv<no-positive-divisors>"; do
    if ! "$OPT" -load-pass-plugin="$PLUGIN" -passes="$opts,verify" -S \
         "$base.ll" -o "$base.out.ll" 2> "$base.err"; then
      echo "seed $seed size $size: FAIL: opt -passes='$opts,verify':"
      head -20 "$base.err"
      status=FAIL; continue
    fi
    n=$(grep -c '^define .*__magicdiv(' "$base.out.ll")
    d=$(grep -c '^@[^ ]*__magicdiv_desc = ' "$base.out.ll")
    if [ "$n" != "$d" ]; then
      echo "seed $seed: FAIL: $opts made $n clones but $d descriptors"
      status=FAIL
    fi
    [ "$clones" = -1 ] && clones=$n
  done
  # code generation of the default result, where the original compiles
  llc_note=""
  "$OPT" -load-pass-plugin="$PLUGIN" -passes=magicdiv -S "$base.ll" \
    -o "$base.out.ll" 2>/dev/null
  if "$LLC" "${llc_args[@]}" "$base.ll" -o "$base.orig.s" 2>/dev/null; then
    if ! "$LLC" "${llc_args[@]}" "$base.out.ll" -o "$base.s" 2> "$base.err"; then
      echo "seed $seed: FAIL: llc of the transformed module:"; head -20 "$base.err"
      status=FAIL
    elif [ "$target" = nvptx ] && [ -n "${PTXAS:-}" ]; then
      if "$PTXAS" -arch=sm_90 "$base.orig.s" -o "$base.orig.cubin" 2>/dev/null; then
        if ! "$PTXAS" -arch=sm_90 "$base.s" -o "$base.cubin" 2> "$base.err"; then
          echo "seed $seed: FAIL: ptxas of the transformed module:"; head -20 "$base.err"
          status=FAIL
        fi
      else
        llc_note=" (ptxas rejects the original)"
      fi
    fi
  else
    llc_note=" (llc rejects the original: not compiled)"
  fi
  [ "$status" = ok ] || fail=1
  [ "$clones" -gt 0 ] 2>/dev/null && total=$((total + clones))
  echo "seed $seed size $size: $status, $clones clone(s)$llc_note"
done
echo "total clones $total"
exit $fail
