; 64-bit divisions: every op's clone is free of the native expansion —
; PTX without div/rem.{u,s}64 (and ptxas accepts it), AMDGPU gfx90a without
; the v_rcp-based 64-bit expansion; the originals keep theirs.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: sed -e 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/' \
; RUN:     -e 's/ptx_kernel/amdgpu_kernel/' -e 's/@llvm.nvvm.read.ptx.sreg.tid.x/@llvm.amdgcn.workitem.id.x/' \
; RUN:     %s > %t.amd.in.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.amd.in.ll -o %t.amd.ll
; RUN: %FileCheck %s --check-prefix=AMD-IR < %t.amd.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: awk '/^.visible .entry k__magicdiv\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=PTX-CLONE
; RUN: awk '/^.visible .entry k\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=PTX-ORIG
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.amd.ll -o %t.s
; RUN: awk '/^k__magicdiv:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=AMD-CLONE
; RUN: awk '/^k:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=AMD-ORIG

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out, i64 %d, i64 %sd) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i64, ptr %out, i32 %tid
  %n = load i64, ptr %p
  %q = udiv i64 %n, %d
  %r = urem i64 %n, %d
  %q2 = sdiv i64 %n, %sd
  %r2 = srem i64 %n, %sd
  %a = add i64 %q, %r
  %b = add i64 %a, %q2
  %c = add i64 %b, %r2
  store i64 %c, ptr %p
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; PTX-CLONE-NOT: {{(div|rem)\.[su]64}}
; PTX-CLONE: madc.hi.u32
; PTX-CLONE-NOT: {{(div|rem)\.[su]64}}
; PTX-CLONE: ret;
; PTX-ORIG-DAG: div.u64
; PTX-ORIG-DAG: div.s64
; Off NVPTX the u64 core is the 32-bit limb form in plain IR (md_eval_u64_limbs),
; every step nuw; the remainder is q*(-d) + n.
; AMD-IR-LABEL: define amdgpu_kernel void @k__magicdiv(
; AMD-IR-NOT: i128
; AMD-IR: %md.x.p = mul nuw i64 %md.n0, %md.m0
; AMD-IR: %md.x = add nuw i64 %md.x.p, %md.a0
; AMD-IR: %md.t.p = mul nuw i64 %md.n1, %md.m0
; AMD-IR: %md.y.p = mul nuw i64 %md.n0, %md.m1
; AMD-IR: %md.h.p = mul nuw i64 %md.n1, %md.m1
; AMD-IR: %md.hi = add nuw i64 %md.h.t, %md.y.hi
; AMD-IR: %md.uq = lshr i64 %md.hi, %md.d0.s
; AMD-IR: %md.qd = mul i64 %md.uq, %md.negd
; AMD-IR: %md.r = add i64 %md.qd, %md.n.fr
; AMD-IR-NOT: asm
; AMD-CLONE-NOT: v_rcp
; AMD-CLONE: v_mad_u64_u32
; AMD-CLONE-NOT: v_rcp
; AMD-CLONE: s_endpgm
; AMD-ORIG: v_rcp
