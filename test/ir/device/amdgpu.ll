; AMDGPU: amdgpu_kernel calling convention, a by-value struct passed byref
; in the constant address space, and the launch geometry read from the
; implicit-argument pointer (code object v5) and the dispatch packet.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; The clone compiles without the 32-bit division expansion, the original keeps it.
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: awk '/^k__magicdiv:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA-CLONE
; RUN: awk '/^k:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA-ORIG

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.Shape = type { i32, i32, i32, i32 }

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %n) {
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %pbs = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 12
  %bs16 = load i16, ptr addrspace(4) %pbs, align 4
  %bs = zext i16 %bs16 to i32
  %nb = load i32, ptr addrspace(4) %ia, align 4
  %base = mul i32 %wg, %bs
  %i = add i32 %base, %tid
  ; blockDim.x and gridDim.x
  %q0 = udiv i32 %i, %bs
  %r1 = urem i32 %i, %nb
  ; a struct field
  %pw = getelementptr inbounds i8, ptr addrspace(4) %s, i64 12
  %w = load i32, ptr addrspace(4) %pw, align 4
  %q2 = sdiv i32 %i, %w
  ; the dispatch packet's grid size (work-items) over the workgroup size
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %pgs = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 12
  %gs = load i32, ptr addrspace(4) %pgs, align 4
  %pws = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 4
  %ws16 = load i16, ptr addrspace(4) %pws, align 4
  %ws = zext i16 %ws16 to i32
  %ng = udiv i32 %gs, %ws
  %q3 = urem i32 %n, %ng
  %a = add i32 %q0, %r1
  %b = add i32 %a, %q2
  %c = add i32 %b, %q3
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %c, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()

; CHECK: @k__magicdiv_desc = addrspace(1) constant
; CHECK: define amdgpu_kernel void @k(
; CHECK: udiv i32 %i, %bs
; CHECK: define amdgpu_kernel void @k__magicdiv(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %n, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s, i32 %md.d2.m, i32 %md.d2.a, i32 %md.d2.s, i32 %md.d3.m, i32 %md.d3.a, i32 %md.d3.s)
; gs / ws is itself a division by a launch-invariant divisor (ws, the same
; expression as bs: one shared divisor entry); it is rewritten too.
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; Off NVPTX the 32-bit core is plain IR (md_eval_u32): no inline asm.
; CHECK-NOT: asm
; CHECK: %md.nm = mul nuw i64 %md.n.wide, %md.m.wide
; CHECK: %md.nma = add nuw i64 %md.nm, %md.a.wide
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: ret void

; REMARK: magicdiv: kernel 'k' cloned as 'k__magicdiv': 5 division site(s), 4 distinct divisor(s), 12 magic parameter(s)

; ISA-CLONE-NOT: v_rcp_iflag_f32
; ISA-CLONE: s_endpgm
; ISA-ORIG: v_rcp_iflag_f32
