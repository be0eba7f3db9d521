; AMDGPU -O2 shapes: two adjacent int fields of a byref struct
; loaded as one <2 x i32> and split with extractelement; the SLP
; vectorizer's `srem <2 x i32>` whose lanes divide by such fields, by
; insertelement / shufflevector chains of scalar arguments, by the
; launch geometry loaded as <2 x i16>, and by element-wise arithmetic
; (mul, zext) on such lanes.  Each vector division is split per
; lane in the clone and every lane rewritten; lanes that are not
; launch-invariant leave the whole vector division alone, with a remark.
; (The shapes are those of clang-22 -x hip --offload-arch=gfx90a -O2 on a
; 4-D permute kernel taking struct {int n,c,h,w;} by value.)
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: awk '/^k_fields__magicdiv:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA-CLONE
; RUN: awk '/^k_srem2__magicdiv:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA-CLONE
; RUN: awk '/^k_srem2:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA-ORIG

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.Shape = type { i32, i32, i32, i32 }

; h and w loaded together; the scalar divisions use the extracted lanes.
define amdgpu_kernel void @k_fields(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %i) {
  %p = getelementptr inbounds nuw i8, ptr addrspace(4) %s, i64 8
  %hw = load <2 x i32>, ptr addrspace(4) %p, align 4
  %w = extractelement <2 x i32> %hw, i64 1
  %h = extractelement <2 x i32> %hw, i64 0
  %wf = freeze i32 %w
  %q1 = sdiv i32 %i, %wf
  %r1 = srem i32 %q1, %h
  %wh = mul nsw i32 %h, %w
  %q2 = sdiv i32 %i, %wh
  %a = add i32 %r1, %q2
  store i32 %a, ptr addrspace(1) %out, align 4
  ret void
}

; srem <2 x i32> by the loaded {h, w}; udiv <2 x i32> by {b, a} built from
; scalar arguments and swapped by a shuffle; urem <2 x i16> by the
; workgroup sizes x, y loaded as <2 x i16> from the implicit arguments.
define amdgpu_kernel void @k_srem2(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %a, i32 %b, <2 x i32> %x, <2 x i16> %y) {
  %p = getelementptr inbounds nuw i8, ptr addrspace(4) %s, i64 8
  %hw = load <2 x i32>, ptr addrspace(4) %p, align 4
  %r = srem <2 x i32> %x, %hw
  %ab0 = insertelement <2 x i32> poison, i32 %a, i64 0
  %ab = insertelement <2 x i32> %ab0, i32 %b, i64 1
  %ba = shufflevector <2 x i32> %ab, <2 x i32> poison, <2 x i32> <i32 1, i32 0>
  %q = udiv <2 x i32> %r, %ba
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %pg = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 12
  %g = load <2 x i16>, ptr addrspace(4) %pg, align 4
  %u = urem <2 x i16> %y, %g
  %o1 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 8
  store <2 x i32> %q, ptr addrspace(1) %out, align 4
  store <2 x i16> %u, ptr addrspace(1) %o1, align 4
  ; element-wise arithmetic on lanes: {h*b, w*a}, and a zext of {gx, gy}
  %prod = mul nsw <2 x i32> %hw, %ba
  %pq = sdiv <2 x i32> %x, %prod
  %gz = zext <2 x i16> %g to <2 x i32>
  %gq = udiv <2 x i32> %x, %gz
  %o2 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 16
  %o3 = getelementptr inbounds i8, ptr addrspace(1) %out, i64 24
  store <2 x i32> %pq, ptr addrspace(1) %o2, align 4
  store <2 x i32> %gq, ptr addrspace(1) %o3, align 4
  ret void
}

; Left alone: a lane divides by the thread index; a lane of a vector add;
; a lane out of the struct; an undefined shuffle lane.
define amdgpu_kernel void @k_stay(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.Shape) align 4 %s, i32 %a, <2 x i32> %x) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %v0 = insertelement <2 x i32> poison, i32 %a, i64 0
  %v = insertelement <2 x i32> %v0, i32 %tid, i64 1
  %r1 = srem <2 x i32> %x, %v
  %sum = add <2 x i32> %v0, %v0
  %r2 = urem <2 x i32> %x, %sum
  %p = getelementptr inbounds nuw i8, ptr addrspace(4) %s, i64 12
  %past = load <2 x i32>, ptr addrspace(4) %p, align 4
  %r3 = udiv <2 x i32> %x, %past
  %un = shufflevector <2 x i32> %v0, <2 x i32> poison, <2 x i32> <i32 0, i32 poison>
  %r4 = sdiv <2 x i32> %x, %un
  %t1 = add <2 x i32> %r1, %r2
  %t2 = add <2 x i32> %t1, %r3
  %t3 = add <2 x i32> %t2, %r4
  store <2 x i32> %t3, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

; CHECK-LABEL: define amdgpu_kernel void @k_fields(
; CHECK: sdiv i32 %i, %wf
; CHECK-LABEL: define amdgpu_kernel void @k_srem2(
; CHECK: srem <2 x i32> %x, %hw
; CHECK: udiv <2 x i32> %r, %ba
; CHECK: urem <2 x i16> %y, %g
; CHECK-LABEL: define amdgpu_kernel void @k_stay(
; CHECK-LABEL: define amdgpu_kernel void @k_fields__magicdiv(
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: ret void
; CHECK-LABEL: define amdgpu_kernel void @k_srem2__magicdiv(
; CHECK-SAME: i32 %md.d7.s)
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: %md.lanes{{[0-9]*}} = insertelement <2 x i32>
; CHECK-NOT: {{udiv|urem|sdiv|srem}}
; CHECK: ret void
; CHECK-NOT: k_stay__magicdiv

; REMARK: magicdiv: kernel 'k_fields' cloned as 'k_fields__magicdiv': 3 division site(s), 3 distinct divisor(s)
; REMARK-DAG: magicdiv: vector srem <2 x i32> split into 2 lanes by launch-invariant divisors #0, #1 -> magic s32 multiply-high
; REMARK-DAG: magicdiv: vector udiv <2 x i32> split into 2 lanes by launch-invariant divisors #2, #3 -> magic u32 multiply-high
; REMARK-DAG: magicdiv: vector urem <2 x i16> split into 2 lanes by launch-invariant divisors #4, #5 -> magic u32 multiply-high, extended to 32 bits
; REMARK-DAG: magicdiv: vector sdiv <2 x i32> split into 2 lanes by launch-invariant divisors #6, #7 -> magic s32 multiply-high
; the zext'd workgroup sizes are the urem <2 x i16>'s divisors (extended):
; the same entries
; REMARK-DAG: magicdiv: vector udiv <2 x i32> split into 2 lanes by launch-invariant divisors #4, #5 -> magic u32 multiply-high{{$}}
; REMARK: magicdiv: kernel 'k_srem2' cloned as 'k_srem2__magicdiv': 5 division site(s), 8 distinct divisor(s), 24 magic parameter(s)
; REMARK-DAG: magicdiv: vector srem <2 x i32> left alone: lane 1: divisor depends on the thread or block index
; REMARK-DAG: magicdiv: vector urem <2 x i32> left alone: lane 1: divisor is an undefined or non-integer lane of a constant vector
; REMARK-DAG: magicdiv: vector udiv <2 x i32> left alone: lane 1: divisor is loaded outside its struct argument
; REMARK-DAG: magicdiv: vector sdiv <2 x i32> left alone: lane 1: divisor is an undefined lane of a shuffle

; ISA-CLONE-NOT: v_rcp_iflag_f32
; ISA-CLONE: s_endpgm
; ISA-ORIG: v_rcp_iflag_f32
