; Launch-checked ranges on AMDGPU: workitem.id < the workgroup size (the
; u16 field md_invariant reads from the implicit arguments), workgroup.id <
; the number of workgroups; blockIdx.x * blockDim.x + threadIdx.x as HIP
; writes it meets the mixed-radix rule.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv 2>%t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %bin/md-desc-dump %t.ll | %FileCheck %s --check-prefix=DESC

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: kernel 'hip_idx' cloned
; DESC-LABEL: descriptor @hip_idx__magicdiv_desc
; DESC: requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x trunc.i32.i16 zext.i16.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
define amdgpu_kernel void @hip_idx(ptr addrspace(1) %out, i32 %d) {
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %gsp = getelementptr i8, ptr addrspace(4) %ia, i64 12
  %gs = load i16, ptr addrspace(4) %gsp, align 4
  %gs32 = zext i16 %gs to i32
  %wi = call i32 @llvm.amdgcn.workitem.id.x()
  %m = mul i32 %wg, %gs32
  %idx = add i32 %m, %wi
  %q = sdiv i32 %idx, %d
  store i32 %q, ptr addrspace(1) %out
  ret void
}

; Negative: the work-item id plus a loaded value.
; REM: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'hip_neg' cloned
define amdgpu_kernel void @hip_neg(ptr addrspace(1) %out, i32 %d) {
  %wi = call i32 @llvm.amdgcn.workitem.id.x()
  %ld = load i32, ptr addrspace(1) %out
  %x = add i32 %wi, %ld
  %q = sdiv i32 %x, %d
  store i32 %q, ptr addrspace(1) %out
  ret void
}
