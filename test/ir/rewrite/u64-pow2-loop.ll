; Option pow2-loops: the 64-bit core on NVPTX, in a loop and straight-line.
; In a loop the chain branches over its products when the divisor is a
; power of two (m = a = 2^64 - 1, where hi_64(n*m + a) = n:
; MD_U64_PTX_CHAIN_POW2), on a predicate computed from the magic
; parameters; straight-line it is the chain alone (ptxas would predicate so
; short a branch and gain nothing).  Two sites in one loop: the label is
; local to each snippet's braces, and llc and ptxas accept the PTX (the
; .pred operand, the repeated label).  Without the option (the default):
; the chain alone everywhere.  (The signed site without s64-fast32, whose
; 32-bit path replaces the branch: s64-fast32.ll.)
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;pow2-loops;no-s64-fast32>,verify' -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;no-s64-fast32>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=DEFAULT
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: awk '/^.visible .entry loop__magicdiv\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=PTX
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @straight__magicdiv(
; CHECK-NOT: md.pow2
; CHECK-NOT: bra MD_POW2
; CHECK: %md.hi = call i64 asm "{{.*}}mad.lo.cc.u32 md_x0{{.*}}", "=l,l,l,l"(i64 %md.n.fr, i64 %md.d0.m, i64 %md.d0.a)
; CHECK-NOT: bra MD_POW2
; CHECK: ret void
define ptx_kernel void @straight(ptr %out, i64 %n, i64 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %x = add i64 %n, %t64
  %q = udiv i64 %x, %d
  %p = getelementptr i64, ptr %out, i64 %t64
  store i64 %q, ptr %p
  ret void
}

; CHECK-LABEL: define ptx_kernel void @loop__magicdiv(
; CHECK: %md.ma = and i64 %md.d0.m, %md.d0.a
; CHECK-NEXT: %md.pow2 = icmp eq i64 %md.ma, -1
; CHECK-NEXT: %md.hi = call i64 asm "{\0A\09.reg .u32 md_n0, md_n1, md_m0, md_m1, md_a0, md_a1, md_x0, md_x1, md_p0, md_p1, md_y0, md_y1, md_c, md_r2, md_r3;\0A\09mov.b64 {md_r2, md_r3}, $1;\0A\09@$4 bra MD_POW2;\0A\09mov.b64 {md_n0, md_n1}, $1;{{.*}}madc.hi.u32 md_r3, md_n1, md_m1, md_c;\0AMD_POW2:\0A\09mov.b64 $0, {md_r2, md_r3};\0A\09}", "=l,l,l,l,b"(i64 %md.n.fr, i64 %md.d0.m, i64 %md.d0.a, i1 %md.pow2)
; CHECK: %md.uq = lshr i64 %md.hi, %md.d0.s
; The signed site: |n| through the same core, with the branch.
; CHECK: %md.pow2{{[0-9]*}} = icmp eq i64 %md.ma{{[0-9]*}}, -1
; CHECK: call i64 asm "{{.*}}@$4 bra MD_POW2;{{.*}}", "=l,l,l,l,b"
; CHECK: ret void
; PTX: @%p{{[0-9]+}} bra MD_POW2;
; PTX: MD_POW2:
; PTX: @%p{{[0-9]+}} bra MD_POW2;
; PTX: MD_POW2:
; PTX-NOT: {{div|rem}}.{{[su]}}64
; DEFAULT-NOT: md.pow2
; DEFAULT-NOT: bra MD_POW2
; DEFAULT: define ptx_kernel void @loop__magicdiv(
; DEFAULT: call i64 asm "{{.*}}", "=l,l,l,l"(i64 %md.n.fr
; DEFAULT-NOT: bra MD_POW2
define ptx_kernel void @loop(ptr %out, i64 %n, i64 %d, i64 %sd, i32 %iters) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %x = add i64 %n, %t64
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc2, %body ]
  %i64 = zext i32 %i to i64
  %y = xor i64 %x, %i64
  %q = udiv i64 %y, %d
  %q2 = sdiv i64 %y, %sd
  %acc1 = add i64 %acc, %q
  %acc2 = add i64 %acc1, %q2
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %iters
  br i1 %c, label %body, label %exit
exit:
  %p = getelementptr i64, ptr %out, i64 %t64
  store i64 %acc2, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
