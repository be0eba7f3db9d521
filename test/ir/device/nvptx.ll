; The core device transform on an NVPTX module with clang-22-style kernels
; (ptx_kernel calling convention): which divisions are rewritten, the
; clone's signature, the descriptor, and that the original is untouched.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -o %t.ll 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=GLOBAL < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; Running the pass twice changes nothing more (no second clone).
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,magicdiv,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=TWICE

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

; 4-D permute: divisors are struct fields and their products.
; CHECK-LABEL: define ptx_kernel void @permute(
; CHECK: sdiv i32 %idx, %w.f
; CHECK: srem i32 %q1, %h
; CHECK: sdiv i32 %idx, %hw
; CHECK: ret void
define ptx_kernel void @permute(ptr %out, ptr %in, ptr byval(%struct.Shape) align 4 %s, i32 %total) {
entry:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %bid, %bdim
  %idx = add i32 %m, %tid
  %in.range = icmp slt i32 %idx, %total
  br i1 %in.range, label %body, label %exit
body:
  %pw = getelementptr inbounds i8, ptr %s, i64 12
  %w = load i32, ptr %pw, align 4
  %w.f = freeze i32 %w
  %q1 = sdiv i32 %idx, %w.f
  %ph = getelementptr inbounds i8, ptr %s, i64 8
  %h = load i32, ptr %ph, align 4
  %r2 = srem i32 %q1, %h
  %hw = mul nsw i32 %h, %w
  %q3 = sdiv i32 %idx, %hw
  %a = add i32 %r2, %q3
  %p = getelementptr inbounds i32, ptr %out, i32 %idx
  store i32 %a, ptr %p, align 4
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define ptx_kernel void @mixed(
; CHECK: udiv i32 %n, %dd
define ptx_kernel void @mixed(ptr %out, ptr %mem, i32 %n, i32 %d, i32 %pad) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gdim = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  ; sum of arguments
  %dd = add i32 %d, %pad
  %q0 = udiv i32 %n, %dd
  ; launch geometry
  %q1 = urem i32 %tid, %bdim
  %g = mul i32 %gdim, %bdim
  %q2 = udiv i32 %n, %g
  ; loaded from global memory: not invariant
  %dm = load i32, ptr %mem, align 4
  %q3 = udiv i32 %n, %dm
  ; thread-dependent: not invariant
  %q4 = udiv i32 %n, %tid
  ; constant: LLVM's business
  %q5 = udiv i32 %n, 7
  ; derived quotient (C/4) as divisor
  %c4 = udiv i32 %d, 4
  %q6 = udiv i32 %n, %c4
  %s0 = add i32 %q0, %q1
  %s1 = add i32 %s0, %q2
  %s2 = add i32 %s1, %q3
  %s3 = add i32 %s2, %q4
  %s4 = add i32 %s3, %q5
  %s5 = add i32 %s4, %q6
  %p = getelementptr inbounds i32, ptr %out, i32 %tid
  store i32 %s5, ptr %p, align 4
  ret void
}

; No qualifying division: no clone.
define ptx_kernel void @noclone(ptr %out, ptr %mem, i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %dm = load i32, ptr %mem, align 4
  %q = udiv i32 %n, %dm
  %q2 = sdiv i32 %n, %tid
  %q3 = urem i32 %n, 10
  %s = add i32 %q, %q2
  %s2 = add i32 %s, %q3
  store i32 %s2, ptr %out, align 4
  ret void
}

; Not a kernel: ignored.
define void @helper(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

; The clone of permute: original parameters, then 3 magic parameters per
; distinct divisor (s32 with a positive divisor: m, a, s).
; CHECK-LABEL: define ptx_kernel void @permute__magicdiv(ptr %out, ptr %in, ptr byval(%struct.Shape) align 4 %s, i32 %total, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s, i32 %md.d2.m, i32 %md.d2.a, i32 %md.d2.s)
; CHECK-NOT: {{sdiv|srem|udiv|urem}} i32
; CHECK: call i32 asm "{{.*}}mul.wide.u32 md_w, $1, $2;{{.*}}", "=r,r,r,r"
; CHECK: lshr i32 %md.hi, %md.d{{[0-9]}}.s
; CHECK-NOT: {{sdiv|srem|udiv|urem}} i32
; CHECK: ret void

; CHECK-LABEL: define ptx_kernel void @mixed__magicdiv(ptr %out, ptr %mem, i32 %n, i32 %d, i32 %pad, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s, i32 %md.d2.m, i32 %md.d2.a, i32 %md.d2.s, i32 %md.d3.m, i32 %md.d3.a, i32 %md.d3.s)
; CHECK: udiv i32 %n, %dm
; CHECK: udiv i32 %n, %tid
; CHECK: udiv i32 %n, 7
; CHECK: %c4 = udiv i32 %d, 4
; CHECK-NOT: udiv
; CHECK: ret void

; GLOBAL-NOT: @noclone__magicdiv
; GLOBAL-NOT: @helper__magicdiv
; GLOBAL-DAG: @permute__magicdiv_desc = addrspace(4) constant [{{[0-9]+}} x i8] c"MDDS\02\00\14\00
; GLOBAL-DAG: @mixed__magicdiv_desc = addrspace(4) constant
; GLOBAL-DAG: @llvm.used = appending global [4 x ptr]
; GLOBAL-NOT: @noclone__magicdiv
; GLOBAL-NOT: @helper__magicdiv

; REMARK-DAG: magicdiv: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch
; REMARK-DAG: magicdiv: udiv i32 left alone: divisor is loaded from memory behind a pointer argument
; REMARK-DAG: magicdiv: udiv i32 left alone: divisor depends on the thread or block index
; REMARK-DAG: magicdiv: udiv i32 by a compile-time constant left to LLVM
; REMARK-DAG: magicdiv: urem i32 by launch-invariant divisor #1 -> magic u32 multiply-high
; REMARK-DAG: magicdiv: kernel 'permute' cloned as 'permute__magicdiv': 3 division site(s), 3 distinct divisor(s), 9 magic parameter(s)
; REMARK-DAG: magicdiv: kernel 'mixed' cloned as 'mixed__magicdiv': 4 division site(s), 4 distinct divisor(s), 12 magic parameter(s)

; TWICE-COUNT-1: define ptx_kernel void @permute__magicdiv(
; TWICE-NOT: @permute__magicdiv__magicdiv

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
