; s64 on NVPTX with the 32-bit path (MD_DF_FAST32, option s64-fast32, on by
; default): the quotient is one PTX snippet, MD_S64_FAST32_PTX, that tests
; n1 < lim and takes a 32-bit multiply-high (m32, a32, s32) or else the
; 64-bit sequence; its words are the two parameters f1 = m32 | a32 << 32,
; f2 = s32 | lim << 32 after the divisor's others.  With dsgn (no
; positive-divisors) the snippet gets lo(dsgn) for the 64-bit path's sign,
; without it 0.  With no-s64-fast32 the 64-bit sequence alone, the
; descriptor without the flag and without the two parameters.  Two sites in
; one function (the snippet's labels are local to its braces): llc and
; ptxas accept the PTX.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges>,verify' -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;no-positive-divisors>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=DSGN
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;no-s64-fast32>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=OFF
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: awk '/^.visible .entry two__magicdiv\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=PTX
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @two__magicdiv(
; CHECK-SAME: i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s, i64 %md.d0.f1, i64 %md.d0.f2)
; CHECK: %md.s.lo = trunc i64 %md.d0.s to i32
; CHECK: %md.m32 = trunc i64 %md.d0.f1 to i32
; CHECK: [[A:%[0-9]+]] = lshr i64 %md.d0.f1, 32
; CHECK: %md.a32 = trunc i64 [[A]] to i32
; CHECK: %md.s32 = trunc i64 %md.d0.f2 to i32
; CHECK: [[L:%[0-9]+]] = lshr i64 %md.d0.f2, 32
; CHECK: %md.lim = trunc i64 [[L]] to i32
; CHECK: %md.q = call i64 asm "{\0A\09.reg .pred md_f;{{.*}}setp.lt.u32 md_f, md_n1, $8;\0A\09@!md_f bra MD_SLOW;\0A\09mul.wide.u32 md_w, md_n0, $5;{{.*}}shr.u32 md_r2, md_x1, $7;{{.*}}bra MD_DONE;\0A\09MD_SLOW:\0A\09shr.s32 md_t, md_n1, 31;{{.*}}shr.u64 md_w, md_w, $4;{{.*}}xor.b32 md_t, md_t, $9;{{.*}}MD_DONE:\0A\09mov.b64 $0, {md_r2, md_r3};\0A\09}", "=l,l,l,l,r,r,r,r,r,r"(i64 %md.n.fr, i64 %md.d0.m, i64 %md.d0.a, i32 %md.s.lo, i32 %md.m32, i32 %md.a32, i32 %md.s32, i32 %md.lim, i32 0)
; CHECK: call i64 asm "{{.*}}MD_SLOW{{.*}}", "=l,l,l,l,r,r,r,r,r,r"(i64 %md.n.fr{{[0-9]+}},
; CHECK-NOT: sdiv
; CHECK: ret void

; DSGN-LABEL: define ptx_kernel void @two__magicdiv(
; DSGN-SAME: i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s, i64 %md.d0.dsgn, i64 %md.d0.f1, i64 %md.d0.f2)
; DSGN: %md.dsgn.lo = trunc i64 %md.d0.dsgn to i32
; DSGN: %md.q = call i64 asm "{{.*}}MD_SLOW{{.*}}"(i64 %md.n.fr, i64 %md.d0.m, i64 %md.d0.a, i32 %md.s.lo, i32 %md.m32, i32 %md.a32, i32 %md.s32, i32 %md.lim, i32 %md.dsgn.lo)

; OFF-LABEL: define ptx_kernel void @two__magicdiv(
; OFF-SAME: i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s)
; OFF-NOT: MD_SLOW
; OFF: %md.abs = call { i64, i32 } asm "{{.*}}shr.s32 $1, md_n1, 31;{{.*}}", "=l,=r,l"(i64 %md.n.fr)
; OFF: %md.nabs = extractvalue { i64, i32 } %md.abs, 0
; OFF: %md.nsgn = extractvalue { i64, i32 } %md.abs, 1
; OFF: %md.hi = call i64 asm "{{.*}}", "=l,l,l,l"(i64 %md.nabs,
; OFF: %md.uq = lshr i64 %md.hi,
; OFF: %md.q = call i64 asm "{{.*}}sub.cc.u32 md_q0, md_q0, $2;{{.*}}", "=l,l,r"(i64 %md.uq, i32 %md.nsgn)
; OFF-NOT: MD_SLOW

; PTX: setp.lt.u32 md_f, md_n1,
; PTX: @!md_f bra MD_SLOW;
; PTX: MD_SLOW:
; PTX: MD_DONE:
; PTX: @!md_f bra MD_SLOW;
; PTX-NOT: {{div|rem}}.s64
define ptx_kernel void @two(ptr %out, ptr %in, i64 %d) {
  %x = load i64, ptr %in, align 8
  %p1 = getelementptr i64, ptr %in, i64 1
  %y = load i64, ptr %p1, align 8
  %q = sdiv i64 %x, %d
  %r = sdiv i64 %y, %d
  store i64 %q, ptr %out, align 8
  %o1 = getelementptr i64, ptr %out, i64 1
  store i64 %r, ptr %o1, align 8
  ret void
}
