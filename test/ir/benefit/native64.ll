; The benefit model's price of a native 64-bit division (md_benefit.c): a
; udiv/sdiv/urem/srem i64 by a value runs NVPTX's (and AMDGPU's)
; BypassSlowDivision, a 32-bit division when both operands are below 2^32,
; which index values are: it is priced at that path, issued instructions on
; sm_90 (29 straight-line; in a loop u64 27, s64 28: bench/RESULTS.md
; "Native 64-bit division at the path real values take"), not at the full
; 64-bit routine (u64 100 / 71, s64 115 / 86), unless an operand is known
; to exceed 32 bits (a shift left by 32 or more, an `or` with such a
; constant, a constant): then the full routine.
; Work per kernel (cost 1 each: the tid call, zext, two GEPs, load, store,
; ret) 7 + the site; in the loop: 8 + the site.  An s64 site takes the
; form with the 32-bit path (s64-fast32): 14 where the dividend fits 32
; bits, 38 on its 64-bit path (a dividend known to exceed 32 bits).
;   s64:      (29 - 14) / (7 + 29)        = 41.67 %  (before: 115, 74.59 %)
;   u64:      (29 - 15) / (7 + 29)        = 38.89 %
;   u64_loop: (27 - 12) / (8 + 27)        = 42.86 %  (the loop's share)
;   s64_wide: (115 - 38) / (7 + 2 + 115)  = 62.10 %  (shl: 2)
;   u64_or:   (100 - 15) / (7 + 2 + 100)  = 77.98 %
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv' -disable-output %s \
; RUN:   -pass-remarks-analysis=magicdiv 2>&1 | %FileCheck %s

; CHECK-DAG: kernel 's64': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving 41.67 %)
; CHECK-DAG: kernel 'u64': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving 38.89 %)
; CHECK-DAG: kernel 'u64_loop': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving 42.86 %)
; CHECK-DAG: kernel 's64_wide': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving 62.10 %)
; CHECK-DAG: kernel 'u64_or': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving 77.98 %)

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @s64(ptr %out, ptr %in, i64 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %pi = getelementptr i64, ptr %in, i64 %t64
  %n = load i64, ptr %pi
  %q = sdiv i64 %n, %d
  %po = getelementptr i64, ptr %out, i64 %t64
  store i64 %q, ptr %po
  ret void
}

define ptx_kernel void @s64_wide(ptr %out, ptr %in, i64 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %pi = getelementptr i64, ptr %in, i64 %t64
  %n = load i64, ptr %pi
  %w = shl i64 %n, 32
  %q = sdiv i64 %w, %d
  %po = getelementptr i64, ptr %out, i64 %t64
  store i64 %q, ptr %po
  ret void
}

define ptx_kernel void @u64(ptr %out, ptr %in, i64 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %pi = getelementptr i64, ptr %in, i64 %t64
  %n = load i64, ptr %pi
  %q = udiv i64 %n, %d
  %po = getelementptr i64, ptr %out, i64 %t64
  store i64 %q, ptr %po
  ret void
}

define ptx_kernel void @u64_or(ptr %out, ptr %in, i64 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %pi = getelementptr i64, ptr %in, i64 %t64
  %n = load i64, ptr %pi
  %w = or i64 %n, 4294967296
  %q = udiv i64 %w, %d
  %po = getelementptr i64, ptr %out, i64 %t64
  store i64 %q, ptr %po
  ret void
}

define ptx_kernel void @u64_loop(ptr %out, ptr %in, i64 %d, i32 %iters) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i64 = zext i32 %i to i64
  %pi = getelementptr i64, ptr %in, i64 %i64
  %n = load i64, ptr %pi
  %q = udiv i64 %n, %d
  %po = getelementptr i64, ptr %out, i64 %i64
  store i64 %q, ptr %po
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %iters
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
