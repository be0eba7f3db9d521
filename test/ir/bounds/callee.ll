; Sites in callee clones get no launch-checked facts (md_bounds' memo and
; requirements belong to the kernel: its rules would read the callee's
; arguments as kernel values); the kernel's own site does.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   -pass-remarks=magicdiv -o /dev/null 2>&1 | %FileCheck %s
; CHECK-DAG: remark: {{.*}}magicdiv: sdiv i32 by launch-invariant divisor #{{[0-9]+}} -> magic {{.*}} checked at launch (in device function 'f', called from kernel 'k'){{$}}
; CHECK-DAG: remark: {{.*}}magicdiv: sdiv i32 by launch-invariant divisor #{{[0-9]+}} -> magic s32 multiply-high, divisor > 0 checked at launch, dividend in [0, nctaid.x*ntid.x) checked at launch{{$}}
; CHECK-NOT: dividend in {{.*}}(in device function

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define internal i32 @f(i32 %idx, i32 %d) noinline {
  %q = sdiv i32 %idx, %d
  ret i32 %q
}

define ptx_kernel void @k(ptr %out, i32 %d) {
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %bdim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %bid, %bdim
  %idx = add i32 %m, %tid
  %q1 = call i32 @f(i32 %idx, i32 %d)
  %q2 = sdiv i32 %idx, %d
  %s = add i32 %q1, %q2
  store i32 %s, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
