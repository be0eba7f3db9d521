; Which sequence each site gets: widths, signedness, proven ranges, options.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-positive-divisors>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=ANYSIGN
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-wide;no-signed>,verify' -S %s \
; RUN:   -pass-remarks-missed=magicdiv 2>&1 >/dev/null | %FileCheck %s --check-prefix=OFF

target triple = "nvptx64-nvidia-cuda"

; Signed division, dividend of unknown sign: abs, unsigned core, sign fix.
; CHECK-LABEL: define ptx_kernel void @s32_any__magicdiv(
; CHECK-SAME: i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s)
; CHECK: %md.n.fr = freeze i32 %n
; CHECK: %md.nsgn = ashr i32 %md.n.fr, 31
; CHECK: %md.nx = xor i32 %md.n.fr, %md.nsgn
; CHECK: %md.nabs = sub i32 %md.nx, %md.nsgn
; On NVPTX hi_32(n*m + a) is inline PTX (MD_U32_PTX): mul.wide.u32 plus the
; zero-extended addend, the PTX the IR form would give, without a `mul i64`
; per site for straight-line strength reduction; the IR form off NVPTX:
; device/amdgpu.ll.
; CHECK: %md.hi = call i32 asm "{\0A\09.reg .u64 md_w, md_a;\0A\09mul.wide.u32 md_w, $1, $2;\0A\09cvt.u64.u32 md_a, $3;\0A\09add.s64 md_w, md_w, md_a;\0A\09mov.b64 {_, $0}, md_w;\0A\09}", "=r,r,r,r"(i32 %md.nabs, i32 %md.d0.m, i32 %md.d0.a)
; CHECK: %md.uq = lshr i32 %md.hi, %md.d0.s
; CHECK: %md.qneg = icmp slt i32 %md.n.fr, 0
; CHECK: %md.nq = sub i32 0, %md.uq
; CHECK: %md.q = select i1 %md.qneg, i32 %md.nq, i32 %md.uq
; ANYSIGN-LABEL: define ptx_kernel void @s32_any__magicdiv(
; ANYSIGN-SAME: i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d0.dsgn)
; ANYSIGN: %md.nd = xor i32 %md.n.fr, %md.d0.dsgn
; ANYSIGN: %md.qneg = icmp slt i32 %md.nd, 0
; ANYSIGN: %md.q = select i1 %md.qneg, i32 %md.nq, i32 %md.uq
define ptx_kernel void @s32_any(ptr %out, i32 %n, i32 %d) {
  %q = sdiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

; Dividend proven >= 0 (thread index, nsw arithmetic): the unsigned core alone.
; CHECK-LABEL: define ptx_kernel void @s32_nonneg__magicdiv(
; CHECK-NOT: ashr
; CHECK: %md.uq = lshr i32 %md.hi, %md.d0.s
; CHECK-NEXT: %md.qd = mul i32 %md.uq, %d
; CHECK-NEXT: %md.r = sub i32 %md.n.fr, %md.qd
; ANYSIGN-LABEL: define ptx_kernel void @s32_nonneg__magicdiv(
; ANYSIGN-NOT: ashr
; ANYSIGN: %md.qneg = icmp slt i32 %md.d0.dsgn, 0
; ANYSIGN: %md.q = select i1 %md.qneg, i32 %md.nq, i32 %md.uq
define ptx_kernel void @s32_nonneg(ptr %out, i32 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %m = mul nsw i32 %ctaid, 1024
  %x = add nsw i32 %m, %tid
  %r = srem i32 %x, %d
  store i32 %r, ptr %out, align 4
  ret void
}

; Guarded by a dominating `x >= 0` test.
; CHECK-LABEL: define ptx_kernel void @s32_guarded__magicdiv(
; CHECK: pos:
; CHECK-NOT: ashr
; CHECK: %md.uq = lshr
; CHECK: ret void
define ptx_kernel void @s32_guarded(ptr %out, i32 %x, i32 %d) {
  %c = icmp sgt i32 %x, -1
  br i1 %c, label %pos, label %done
pos:
  %q = sdiv i32 %x, %d
  store i32 %q, ptr %out, align 4
  br label %done
done:
  ret void
}

; i8 / i16: extended to 32 bits, divided, truncated.
; CHECK-LABEL: define ptx_kernel void @narrow_types__magicdiv(
; A quotient needs only the dividend extended; the divisor is not touched.
; CHECK: %md.n.ext = zext i16 %a to i32
; CHECK-NOT: zext i16 %b
; CHECK: %md.res = trunc i32 %md.uq to i16
; CHECK: %md.n.ext{{[0-9]+}} = sext i8 %c to i32
; CHECK: trunc i32 %md.q to i8
define ptx_kernel void @narrow_types(ptr %out, i16 %a, i16 %b, i8 %c, i8 %e) {
  %q = udiv i16 %a, %b
  store i16 %q, ptr %out, align 2
  %q2 = sdiv i8 %c, %e
  %p = getelementptr i8, ptr %out, i64 2
  store i8 %q2, ptr %p, align 1
  ret void
}

; 64-bit division of values that fit in 32 bits: the 32-bit sequence.
; CHECK-LABEL: define ptx_kernel void @mixed64__magicdiv(
; CHECK-SAME: i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s)
; CHECK: %md.n.narrow = trunc i64 %n64 to i32
; CHECK-NOT: trunc i64 %d64
; CHECK: %md.hi = call i32 asm
; CHECK: %md.res = zext i32 %md.uq to i64
define ptx_kernel void @mixed64(ptr %out, i32 %n, i32 %d) {
  %n64 = zext i32 %n to i64
  %d64 = zext i32 %d to i64
  %q = sdiv i64 %n64, %d64
  store i64 %q, ptr %out, align 8
  ret void
}

; Full 64-bit on NVPTX: hi_64(n*m + a) as one inline-PTX carry chain on
; 32-bit limbs (no side effects, so it can be CSE'd), then the shift.
; CHECK-LABEL: define ptx_kernel void @u64__magicdiv(
; CHECK-SAME: i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s)
; CHECK-NOT: i128
; CHECK: %md.hi = call i64 asm "{{.*}}mad.lo.cc.u32 md_x0, md_n0, md_m0, md_a0;{{.*}}madc.hi.u32 md_r3, md_n1, md_m1, md_c;{{.*}}", "=l,l,l,l"(i64 %md.n.fr, i64 %md.d0.m, i64 %md.d0.a)
; CHECK: %md.uq = lshr i64 %md.hi, %md.d0.s
define ptx_kernel void @u64(ptr %out, i64 %n, i64 %d) {
  %q = udiv i64 %n, %d
  store i64 %q, ptr %out, align 8
  ret void
}

; s64 remainder on NVPTX: -d once at the top; the quotient in one PTX
; snippet with the 32-bit path (MD_S64_FAST32_PTX: n1 < lim -> 32-bit
; multiply-high, else |n|, the u64 core, the conditional negate), its words
; from the parameters f1, f2; r = q*(-d) + n.  The form without the 32-bit
; path (option no-s64-fast32): s64-fast32.ll.
; CHECK-LABEL: define ptx_kernel void @s64__magicdiv(
; CHECK-SAME: i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s, i64 %md.d0.f1, i64 %md.d0.f2)
; CHECK-NEXT: %md.negd = sub i64 0, %d
; CHECK: %md.n.fr = freeze i64 %n
; CHECK: %md.q = call i64 asm "{{.*}}setp.lt.u32 md_f, md_n1, $8;{{.*}}", "=l,l,l,l,r,r,r,r,r,r"(i64 %md.n.fr, i64 %md.d0.m, i64 %md.d0.a, i32 %md.s.lo, i32 %md.m32, i32 %md.a32, i32 %md.s32, i32 %md.lim, i32 0)
; CHECK: %md.qd = mul i64 %md.q, %md.negd
; CHECK: %md.r = add i64 %md.qd, %md.n.fr
define ptx_kernel void @s64(ptr %out, i64 %n, i64 %d) {
  %r = srem i64 %n, %d
  store i64 %r, ptr %out, align 8
  ret void
}

; Unsupported width: left alone (no clone).
; CHECK-NOT: @i24__magicdiv(
define ptx_kernel void @i24(ptr %out, i24 %n, i24 %d) {
  %q = udiv i24 %n, %d
  store i24 %q, ptr %out, align 4
  ret void
}

; OFF-DAG: magicdiv: sdiv i32 left alone: signed division disabled (no-signed)
; OFF-DAG: magicdiv: udiv i64 left alone: 64-bit division disabled (no-wide)
; OFF-DAG: magicdiv: udiv i24 left alone: unsupported width

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; sdiv/srem i64 of sign-extended 32-bit values: the s32 core, with the sign
; fix-up in 64 bits (INT_MIN / -1 = 2^31 is defined in i64).
; CHECK-LABEL: define ptx_kernel void @sext64__magicdiv(
; CHECK-SAME: i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s)
; CHECK: %md.n.narrow = trunc i64 %n64 to i32
; CHECK: %[[FR:md.n.fr[0-9]*]] = freeze i32 %md.n.narrow
; CHECK: %md.nsgn = ashr i32 %[[FR]], 31
; CHECK: %md.qneg = icmp slt i32 %[[FR]], 0
; CHECK: %md.uq.ext = zext i32 %md.uq to i64
; CHECK: %md.nq = sub i64 0, %md.uq.ext
; CHECK: %md.q = select i1 %md.qneg, i64 %md.nq, i64 %md.uq.ext
; CHECK: %md.q.narrow = trunc i64 %md.q to i32
; CHECK: %md.r = sub i32 %[[FR]], %md.qd
; CHECK: %md.res = sext i32 %md.r to i64
define ptx_kernel void @sext64(ptr %out, i32 %n, i32 %d) {
  %n64 = sext i32 %n to i64
  %d64 = sext i32 %d to i64
  %q = sdiv i64 %n64, %d64
  store i64 %q, ptr %out, align 8
  %r = srem i64 %n64, %d64
  %p = getelementptr i64, ptr %out, i64 1
  store i64 %r, ptr %p, align 8
  ret void
}
