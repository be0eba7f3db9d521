; 64-bit remainders: r = q*(-d) + n with -d computed once where d is
; defined; the 32-bit form r = ext(lo(q)*lo(-d) + lo(n)) when the divisor
; is proven to fit 32 bits (zext/sext of an i32); and the `sub n, (mul q, d)`
; that DivRemPairs leaves for a remainder next to its quotient gets the same
; forms.  The PTX (inline carry chain included) is assembled by ptxas.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: sed -e 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/' \
; RUN:     -e 's/ptx_kernel/amdgpu_kernel/' %s > %t.amd.in.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %t.amd.in.ll -o %t.amd.ll
; RUN: %FileCheck %s --check-prefix=AMD < %t.amd.ll
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.amd.ll -o %t.s

target triple = "nvptx64-nvidia-cuda"

; size_t % int: the divisor (sext of an i32) is not proven < 2^32, so its
; divisor entry gets MD_DF_DIV32 (kind 3 = U64, flags 0x02: checked at
; launch) and the remainder runs in 32 bits.
; CHECK: @u64_32__magicdiv_desc = {{.*}}c"MDDS{{.*}}\03\00\00\00
; CHECK: @u64_sext__magicdiv_desc = {{.*}}c"MDDS{{.*}}\03\02\00\00

; size_t n / unsigned d and n % d: the remainder in 32 bits, zero-extended.
; CHECK-LABEL: define ptx_kernel void @u64_32__magicdiv(
; CHECK: %md.d.lo = trunc i64 %d64 to i32
; CHECK-NEXT: %md.negd = sub i32 0, %md.d.lo
; CHECK: %md.uq = lshr i64 %md.hi, %md.d0.s
; CHECK: %md.n.lo = trunc i64 %md.n.fr to i32
; CHECK: %md.q.lo = trunc i64 %md.uq to i32
; CHECK: %md.qd = mul i32 %md.q.lo, %md.negd
; CHECK: %md.r = add i32 %md.qd, %md.n.lo
; CHECK: %md.res = zext i32 %md.r to i64
; AMD-LABEL: define amdgpu_kernel void @u64_32__magicdiv(
; AMD: %md.r = add i32 %md.qd, %md.n.lo
define ptx_kernel void @u64_32(ptr %out, i64 %n, i32 %d) {
  %d64 = zext i32 %d to i64
  %q = udiv i64 %n, %d64
  %r = urem i64 %n, %d64
  store i64 %q, ptr %out
  %p = getelementptr i64, ptr %out, i32 1
  store i64 %r, ptr %p
  ret void
}

; int64 n / int d, n % d: the remainder in 32 bits, sign-extended.
; CHECK-LABEL: define ptx_kernel void @s64_32__magicdiv(
; CHECK: %md.r = add i32 %md.qd, %md.n.lo
; CHECK: %md.res = sext i32 %md.r to i64
define ptx_kernel void @s64_32(ptr %out, i64 %n, i32 %d) {
  %d64 = sext i32 %d to i64
  %q = sdiv i64 %n, %d64
  %r = srem i64 %n, %d64
  store i64 %q, ptr %out
  %p = getelementptr i64, ptr %out, i32 1
  store i64 %r, ptr %p
  ret void
}

; DivRemPairs' shape, 64-bit divisor: sub n, (mul q, d) -> q*(-d) + n.
; CHECK-LABEL: define ptx_kernel void @pair64__magicdiv(
; CHECK-NEXT: %md.negd = sub i64 0, %d
; CHECK-NOT: sub i64 %n
; CHECK: %md.qd = mul i64 %md.uq, %md.negd
; CHECK-NEXT: %md.r = add i64 %md.qd, %n
; CHECK-NOT: mul i64 %md.uq, %d
define ptx_kernel void @pair64(ptr %out, i64 %n, i64 %d) {
  %q = udiv i64 %n, %d
  %m = mul i64 %q, %d
  %r = sub i64 %n, %m
  store i64 %q, ptr %out
  %p = getelementptr i64, ptr %out, i32 1
  store i64 %r, ptr %p
  ret void
}

; The same with a divisor proven < 2^32 (and d * q on the left): 32 bits.
; A sub of another value than n keeps the 64-bit form.
; CHECK-LABEL: define ptx_kernel void @pair32__magicdiv(
; CHECK: [[R:%md.r[0-9]*]] = add i32 %md.qd{{[0-9]*}}, %md.n.lo
; CHECK: %md.res = zext i32 [[R]] to i64
; CHECK: %md.qd{{[0-9]*}} = mul i64 %md.uq, %md.negd
; CHECK: add i64 %md.qd{{[0-9]*}}, %x
define ptx_kernel void @pair32(ptr %out, i64 %n, i32 %d, i64 %x) {
  %d64 = zext i32 %d to i64
  %q = udiv i64 %n, %d64
  %m = mul i64 %d64, %q
  %r = sub i64 %n, %m
  %r2 = sub i64 %x, %m
  store i64 %q, ptr %out
  %p = getelementptr i64, ptr %out, i32 1
  store i64 %r, ptr %p
  %p2 = getelementptr i64, ptr %out, i32 2
  store i64 %r2, ptr %p2
  ret void
}

; CHECK-LABEL: define ptx_kernel void @u64_sext__magicdiv(
; CHECK: %md.negd = sub i32 0, %md.d.lo
; CHECK: %md.r = add i32 %md.qd, %md.n.lo
; CHECK: %md.res = zext i32 %md.r to i64
define ptx_kernel void @u64_sext(ptr %out, i64 %n, i32 %d) {
  %d64 = sext i32 %d to i64
  %r = urem i64 %n, %d64
  store i64 %r, ptr %out
  ret void
}
