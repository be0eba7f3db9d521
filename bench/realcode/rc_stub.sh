#!/usr/bin/env bash
# rc_stub.sh -- a stub real-code bundle for the runner's test: the layout of
# rc_build.sh's bundle, every program a shell script that prints what the
# real one prints (test lines, perf lines, block-size times, training
# steps, PASS) and, unless MAGICDIV_DISABLE=1, a MAGICDIV_LOG line as the
# embedded runtime writes it.  Packs DIR/stub.tar.xz.
#   bench/realcode/rc_stub.sh DIR
set -euo pipefail
d=$1/realcode
rm -rf "$d" && mkdir -p "$d/ggml" "$d/llmc" "$d/hecbench"
echo "built: stub bundle (rc_stub.sh)" >"$d/MANIFEST"
stub() { # path body: an executable shell script
  printf '#!/bin/sh\n%s\n' "$2" >"$d/$1" && chmod +x "$d/$1"
}
# the runtime's line for a kernel whose clone ran
md='[ "${MAGICDIV_DISABLE:-0}" = 1 ] || echo "magicdiv: kernel '"'"'$1'"'"': clone $1__magicdiv used" >&2'
stub ggml/test-backend-ops 'say() { '"$md"'; }
case "$1" in
  --list-ops) printf "GGML operations:\n  CPY\n  CONCAT\n  ADD\n  MUL_MAT\n\nTotal: 4 operations\n" ;;
  test) echo "Backend 1/2: CUDA0"
        case "$5" in *CPY*) printf "  CPY(type_src=f32,ne=[4,3,2,1]): "; say cpy_f32_f16; echo OK ;; esac
        case "$5" in *CONCAT*) printf "  CONCAT(dim=1): "; say concat_f32; echo OK; printf "  CONCAT(dim=2): OK\n" ;; esac
        case "$5" in *ADD*) printf "  ADD(type=f32): OK\n" ;; esac
        case "$5" in MUL_MAT) [ "$7" = 4 ] && printf "  MUL_MAT(type_a=q4_0): OK\n" ;; esac
        echo "  1/1 tests passed"; echo "  Backend CUDA0: OK" ;;
  perf) t=10.0; [ "$5" = CPY ] && t=14.0; [ "${MAGICDIV_DISABLE:-0}" = 1 ] && t=12.5
        printf "  %s(dim=1):     1000 runs - %8.2f us/run - 1 GB/s\n" "$5" "$t"; say "k_$5"
        # the runtime'"'"'s measured choice keeps the original of the slower clone
        [ "$5" = CPY ] && [ "${MAGICDIV_DISABLE:-0}" != 1 ] && echo "magicdiv: kernel '"'"'k_CPY'"'"': measured choice for 64-127 blocks: clone 14.00 us, original 12.50 us (minimum of 8 and 8 timed launches): original kept" >&2 ;;
esac'
echo "permute 1" >"$d/llmc/CASES"
for v in native plugin; do
  f=4; [ $v = plugin ] && f=0  # plugin: faster
  stub "llmc/permute.$v" 'say() { '"$md"'; }; say permute_kernel
echo "All results match. Starting benchmarks."
echo "block_size   32 | time 0.2000 ms | bandwidth 1.00 GB/s"
echo "block_size   64 | time 0.1'$f'00 ms | bandwidth 1.00 GB/s"'
  stub "llmc/train_gpt2cu.$v" 'say() { '"$md"'; }; say encoder_forward_kernel3
for s in 1 2 3; do echo "step    $s/3 | loss 10.98$s (+0.00z)| norm 1.0 | 40.00 ms"; done
echo "total average iteration time: 4'$f'.000000 ms"'
  stub "hecbench/upsample.$v" 'say() { '"$md"'; }; say upsample_kernel
[ "'$v'" = plugin ] && echo "magicdiv: kernel '"'"'upsample_kernel'"'"': measured choice for 256-511 blocks: clone 5.00 us, original 45.00 us (minimum of 8 and 8 timed launches): clone kept" >&2
echo "Average kernel execution time (block 128): 0.0'$f'5 ms"
echo PASS'
  stub "hecbench/idivide.$v" 'say() { '"$md"'; }; say idivide_kernel
echo "Average kernel execution time: 0.0'$f'8 (ms)"
echo PASS'
done
echo "upsample 12 1 2" >"$d/hecbench/BENCHES"
echo "idivide 8 100" >"$d/hecbench/MORE"
tar -C "$1" -cJf "$1/stub.tar.xz" realcode
