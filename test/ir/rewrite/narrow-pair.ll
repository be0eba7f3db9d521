; The seed paper's pair: 32-bit data divided and reduced by one i64 (size_t)
; divisor.  DivRemPairs leaves one udiv of freeze(zext n) whose quotient feeds
; n - q*d.  The dividend fits 32 bits under its freeze, so the site is
; narrowed like the quotient alone (u32 core, d < 2^32 checked at launch):
; the freeze becomes zext(freeze(trunc X)) for every user (the same value
; when X is not poison, a value below 2^32 when it is), and the remainder
; n - q*d is computed in 32 bits (both are below 2^32).  A frozen dividend
; that does not fit 32 bits keeps the u64 form.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<min-gain=0>,verify' -S %s \
; RUN:   -pass-remarks=magicdiv 2>%t.rem | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=REM < %t.rem

target triple = "nvptx64-nvidia-cuda"

; REM: udiv i64 by launch-invariant divisor #0 -> magic u32 multiply-high, divisor < 2^32 checked at launch
; REM: udiv i64 by launch-invariant divisor #0 -> magic u64 multiply-high

; CHECK-LABEL: define ptx_kernel void @pair__magicdiv(
; CHECK-SAME: i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s)
; CHECK: %md.negd = sub i32 0, %md.d.lo
; CHECK: %md.n.lo32 = trunc i64 %n to i32
; CHECK-NEXT: %md.n.fr32 = freeze i32 %md.n.lo32
; CHECK-NEXT: %md.n.z32 = zext i32 %md.n.fr32 to i64
; CHECK-NOT: freeze i64
; CHECK: call i32 asm
; CHECK: %md.res = zext i32 %md.uq to i64
; CHECK: %md.qd = mul i32 %md.q.lo, %md.negd
; CHECK: %md.r = add i32 %md.qd, %md.n.lo
; CHECK: zext i32 %md.r to i64
; CHECK-NOT: udiv
; CHECK-NOT: mul i64
; CHECK: ret void
define ptx_kernel void @pair(ptr %out, ptr %in, i64 %d) {
  %x = load i32, ptr %in, align 4
  %n = zext i32 %x to i64
  %f = freeze i64 %n
  %q = udiv i64 %f, %d
  %m = mul i64 %q, %d
  %r = sub i64 %f, %m
  store i64 %q, ptr %out, align 8
  %o1 = getelementptr i64, ptr %out, i64 1
  store i64 %r, ptr %o1, align 8
  ret void
}

; CHECK-LABEL: define ptx_kernel void @wide__magicdiv(
; CHECK: freeze i64 %x
; CHECK: call i64 asm
; CHECK: ret void
define ptx_kernel void @wide(ptr %out, ptr %in, i64 %d) {
  %x = load i64, ptr %in, align 8
  %f = freeze i64 %x
  %q = udiv i64 %f, %d
  %m = mul i64 %q, %d
  %r = sub i64 %f, %m
  store i64 %q, ptr %out, align 8
  %o1 = getelementptr i64, ptr %out, i64 1
  store i64 %r, ptr %o1, align 8
  ret void
}
