; Interprocedural clones on AMDGPU: a device function dividing
; by its argument -- a field of the kernel's byref struct at the call --
; and by the workgroup size read in the callee from the implicit
; arguments; a linkonce_odr (template) function; a vector division in a
; callee; a weak function, which stays.
; The clones are internal, take the magic parameters of the divisors they
; use (passed by the kernel's clone), and compile without the 32-bit
; division expansion.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: awk '/^f.magicdiv.0:/,/s_setpc_b64/' %t.s | %FileCheck %s --check-prefix=ISA-CLONE
; RUN: awk '/^f:/,/s_setpc_b64/' %t.s | %FileCheck %s --check-prefix=ISA-ORIG

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.Shape = type { i32, i32, i32, i32 }

define hidden i32 @f(i32 %x, i32 %d) #0 {
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %pbs = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 12
  %bs16 = load i16, ptr addrspace(4) %pbs, align 4
  %bs = zext i16 %bs16 to i32
  %q = udiv i32 %x, %d
  %r = urem i32 %x, %bs
  %s = add i32 %q, %r
  ret i32 %s
}

define linkonce_odr hidden i32 @g(i32 %x, i32 %d) #0 {
  %q = sdiv i32 %x, %d
  ret i32 %q
}

; a vector division in a callee, its lanes' divisors the callee's arguments
; (lane 1 divides by the same field as @f: one shared divisor entry)
define hidden <2 x i32> @vf(<2 x i32> %x, i32 %a, i32 %b) #0 {
  %v0 = insertelement <2 x i32> poison, i32 %a, i64 0
  %v = insertelement <2 x i32> %v0, i32 %b, i64 1
  %r = urem <2 x i32> %x, %v
  ret <2 x i32> %r
}

define weak hidden i32 @h(i32 %x, i32 %d) #0 {
  %q = sdiv i32 %x, %d
  ret i32 %q
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %n) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pw = getelementptr inbounds i8, ptr addrspace(4) %s, i64 12
  %w = load i32, ptr addrspace(4) %pw, align 4
  %a = call i32 @f(i32 %i, i32 %w)
  %b = call i32 @g(i32 %i, i32 %n)
  %c = call i32 @h(i32 %i, i32 %n)
  %t = add i32 %a, %b
  %u = add i32 %t, %c
  store i32 %u, ptr addrspace(1) %out, align 4
  %xv0 = insertelement <2 x i32> poison, i32 %i, i64 0
  %xv = insertelement <2 x i32> %xv0, i32 %u, i64 1
  %vr = call <2 x i32> @vf(<2 x i32> %xv, i32 %n, i32 %w)
  %o2 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 8
  store <2 x i32> %vr, ptr addrspace(1) %o2, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

attributes #0 = { noinline }

; CHECK-LABEL: define hidden i32 @f(i32 %x, i32 %d)
; CHECK: udiv i32 %x, %d
; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: call i32 @f(i32 %i, i32 %w)
; CHECK-LABEL: define amdgpu_kernel void @k__magicdiv(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %n, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s, i32 %md.d2.m, i32 %md.d2.a, i32 %md.d2.s, i32 %md.d3.m, i32 %md.d3.a, i32 %md.d3.s)
; Each clone takes the magic parameters of the divisors it uses.
; CHECK: %a = call i32 @f.magicdiv.0(i32 %i, i32 %w, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s)
; CHECK: %b = call i32 @g.magicdiv.0(i32 %i, i32 %n, i32 %md.d2.m, i32 %md.d2.a, i32 %md.d2.s)
; CHECK: %c = call i32 @h(i32 %i, i32 %n)
; CHECK: %vr = call <2 x i32> @vf.magicdiv.0(<2 x i32> %xv, i32 %n, i32 %w, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d3.m, i32 %md.d3.a, i32 %md.d3.s)
; CHECK-LABEL: define internal i32 @f.magicdiv.0(i32 %x, i32 %d, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s, i32 %md.d1.m, i32 %md.d1.a, i32 %md.d1.s)
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: ret i32
; CHECK-LABEL: define internal i32 @g.magicdiv.0(
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: ret i32
; CHECK-LABEL: define internal <2 x i32> @vf.magicdiv.0(
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: ret <2 x i32>

; REMARK-DAG: magicdiv: udiv i32 by launch-invariant divisor #0 -> magic u32 multiply-high (in device function 'f', called from kernel 'k')
; REMARK-DAG: magicdiv: urem i32 by launch-invariant divisor #1 -> magic u32 multiply-high (in device function 'f', called from kernel 'k')
; REMARK-DAG: magicdiv: sdiv i32 by launch-invariant divisor #2 -> magic s32 multiply-high, divisor > 0 checked at launch (in device function 'g', called from kernel 'k')
; REMARK-DAG: magicdiv: sdiv in device function 'h' (called from kernel 'k') left alone: its definition may be replaced at link time
; REMARK-DAG: magicdiv: kernel 'k' cloned as 'k__magicdiv': 4 division site(s), 4 distinct divisor(s), 12 magic parameter(s)
; REMARK-DAG: magicdiv: vector urem <2 x i32> split into 2 lanes by launch-invariant divisors #3, #0 -> magic u32 multiply-high (in device function 'vf', called from kernel 'k')

; ISA-CLONE-NOT: v_rcp_iflag_f32
; ISA-CLONE: s_setpc_b64
; ISA-ORIG: v_rcp_iflag_f32
