; Equal divisor expressions share one set of magic parameters (commuted
; operands included); div and rem of the same (x, d) share one quotient.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @k__magicdiv(ptr %out, i32 %x, i32 %h, i32 %w, i32 %y, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s)
; One quotient for x / (h*w), x % (h*w) and x / (w*h) in the next block
; (same divisor entry #0; entry dominates next); one for y / (h*w); #1 is
; the signed use of the same expression.
; CHECK: %md.uq = lshr i32 %md.hi, %md.d0.s
; CHECK-NOT: call i32 asm
; CHECK: %md.qd = mul i32 %md.uq, %hw
; CHECK: %md.r = sub i32 %md.n.fr, %md.qd
; CHECK: next:
; CHECK-NEXT: %wh = mul nsw i32 %w, %h
; CHECK-NEXT: %[[FR:md.n.fr[0-9]+]] = freeze i32 %y
; CHECK-NEXT: %md.hi{{[0-9]+}} = call i32 asm {{.*}}(i32 %[[FR]], i32 %md.d0.m, i32 %md.d0.a)
; CHECK: lshr i32 {{.*}}, %md.d0.s
; CHECK: lshr i32 {{.*}}, %md.d1.s
; CHECK: %t = add i32 %md.uq, %md.uq
; CHECK: ret void
define ptx_kernel void @k(ptr %out, i32 %x, i32 %h, i32 %w, i32 %y) {
entry:
  %hw = mul nsw i32 %h, %w
  %q = udiv i32 %x, %hw
  %r = urem i32 %x, %hw
  %s = add i32 %q, %r
  store i32 %s, ptr %out, align 4
  br label %next
next:
  %wh = mul nsw i32 %w, %h
  %q2 = udiv i32 %x, %wh
  %q3 = udiv i32 %y, %hw
  %q4 = sdiv i32 %y, %hw
  %t = add i32 %q2, %q3
  %t2 = add i32 %t, %q4
  store i32 %t2, ptr %out, align 4
  ret void
}
