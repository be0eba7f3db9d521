; Regression tests for defects found by probing: each of these
; was accepted silently or transformed wrongly before.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv -o %t.ll 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; 1. A GEP whose constant offset overflows int64 (2^60 * 16 + 4): the offset
; was computed with a signed overflow (undefined in C) and came out as 4.
; Now refused.
; CHECK-NOT: define ptx_kernel void @gep_huge__magicdiv
; REMARK-DAG: remark: {{.*}}magicdiv: udiv i32 left alone: divisor is loaded through a non-constant address
define ptx_kernel void @gep_huge(ptr %out, ptr byval(%struct.Shape) align 4 %s, i32 %n) {
  %p = getelementptr %struct.Shape, ptr %s, i64 1152921504606846976, i32 1
  %d = load i32, ptr %p, align 4
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

; 2. The descriptor's name is taken: the clone used to be made anyway and
; its descriptor silently renamed (the runtime looks up the exact name).
; CHECK-NOT: define ptx_kernel void @desc_taken__magicdiv
; CHECK: @desc_taken__magicdiv_desc = global i32 0
; CHECK-NOT: @desc_taken__magicdiv_desc1
; REMARK-DAG: remark: {{.*}}magicdiv: kernel 'desc_taken' left alone: 'desc_taken__magicdiv_desc', the name of its descriptor, already exists
@desc_taken__magicdiv_desc = global i32 0
define ptx_kernel void @desc_taken(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

; 3. Silent skips: a kernel with the reserved suffix, and a kernel whose
; clone name is already a function.
; CHECK-NOT: define ptx_kernel void @user__magicdiv__magicdiv
; REMARK-DAG: remark: {{.*}}magicdiv: kernel 'user__magicdiv' left alone: its name ends in the reserved suffix '__magicdiv'
define ptx_kernel void @user__magicdiv(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}
; REMARK-DAG: remark: {{.*}}magicdiv: kernel 'taken' left alone: 'taken__magicdiv' already exists
define ptx_kernel void @taken(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}
define void @taken__magicdiv() {
  ret void
}

; 4. A division in a noinline device function used to be reported as "no
; division by a launch-invariant divisor".  With a launch-invariant divisor
; it is now transformed through a callee clone; otherwise its
; remark names the function.
; REMARK-DAG: remark: {{.*}}magicdiv: udiv i32 by launch-invariant divisor #0 -> magic u32 multiply-high (in device function 'helper', called from kernel 'calls')
; REMARK-DAG: remark: {{.*}}magicdiv: udiv i32 left alone: divisor is loaded from memory{{.*}}'helper_mem'
; CHECK: define internal i32 @helper.magicdiv.0(
define internal i32 @helper(i32 %a, i32 %b) noinline {
  %q = udiv i32 %a, %b
  ret i32 %q
}
define ptx_kernel void @calls(ptr %out, i32 %n, i32 %d) {
  %q = call i32 @helper(i32 %n, i32 %d)
  store i32 %q, ptr %out, align 4
  ret void
}
define internal i32 @helper_mem(i32 %a, ptr %p) noinline {
  %b = load i32, ptr %p, align 4
  %q = udiv i32 %a, %b
  ret i32 %q
}
define ptx_kernel void @calls_mem(ptr %out, i32 %n, ptr %p) {
  %q = call i32 @helper_mem(i32 %n, ptr %p)
  store i32 %q, ptr %out, align 4
  ret void
}
