; Dominators (md_dom.c) instead of unique-predecessor chains: a quotient
; computed before a diamond serves a remainder after it, and a branch
; condition before a diamond still proves the dividend non-negative after
; it.  Negative twins: a quotient in one arm of the diamond does not serve
; the join, and a condition on one arm only proves nothing at the join.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   -pass-remarks=magicdiv -o %t.ll 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @share_across_diamond__magicdiv(
; CHECK: %md.hi = call i32 asm
; CHECK-NOT: %md.hi{{[0-9]+}} = call i32 asm
; CHECK: ret void
define ptx_kernel void @share_across_diamond(ptr %out, i32 %n, i32 %d, i1 %c) {
entry:
  %q = udiv i32 %n, %d
  br i1 %c, label %a, label %b
a:
  store i32 1, ptr %out, align 4
  br label %join
b:
  store i32 2, ptr %out, align 4
  br label %join
join:
  %r = urem i32 %n, %d
  %s = add i32 %q, %r
  store i32 %s, ptr %out, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @no_share_from_arm__magicdiv(
; CHECK: %md.hi = call i32 asm
; CHECK: %md.hi{{[0-9]+}} = call i32 asm
; CHECK: ret void
define ptx_kernel void @no_share_from_arm(ptr %out, i32 %n, i32 %d, i1 %c) {
entry:
  br i1 %c, label %a, label %join
a:
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  br label %join
join:
  %r = urem i32 %n, %d
  store i32 %r, ptr %out, align 4
  ret void
}

; REMARK-DAG: remark: {{.*}}magicdiv: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, dividend >= 0, divisor > 0 checked at launch
define ptx_kernel void @cond_before_diamond(ptr %out, i32 %x, i32 %d, i1 %c) {
entry:
  %pos = icmp sge i32 %x, 0
  br i1 %pos, label %top, label %exit
top:
  br i1 %c, label %a, label %b
a:
  store i32 1, ptr %out, align 4
  br label %join
b:
  store i32 2, ptr %out, align 4
  br label %join
join:
  %q = sdiv i32 %x, %d
  store i32 %q, ptr %out, align 4
  br label %exit
exit:
  ret void
}

; The condition holds on one arm only: no fact at the join.
; REMARK-DAG: remark: {{.*}}magicdiv: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
define ptx_kernel void @cond_on_arm(ptr %out, i32 %x, i32 %d, i1 %c) {
entry:
  br i1 %c, label %check, label %join
check:
  %pos = icmp sge i32 %x, 0
  br i1 %pos, label %join, label %exit
join:
  %q = sdiv i32 %x, %d
  store i32 %q, ptr %out, align 4
  br label %exit
exit:
  ret void
}
