; md-desc-dump reads descriptors of kernels whose names LLVM prints quoted
; (@"K<1>__magicdiv_desc": characters outside [-a-zA-Z$._0-9]), the clone's
; and the plain tier's.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %desc-dump %t.ll | %FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; IR: @"k<1>__magicdiv_desc" = {{.*}} c"
; IR: @"k<1>__magicdiv_plain_desc" = {{.*}} c"
; CHECK: descriptor @"k<1>__magicdiv_desc"
; CHECK-NEXT: magicdiv descriptor v2: 3 params (8 4 4), 1 divisors, 3 magic params, 1 requirement
; CHECK: descriptor @"k<1>__magicdiv_plain_desc"
; CHECK-NEXT: magicdiv descriptor v2: 3 params (8 4 4), 1 divisors, {{[0-9]+}} magic params, 0 requirements
define ptx_kernel void @"k<1>"(ptr %out, i32 %n, i32 %pad) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %c, %b
  %idx = add i32 %m, %t
  %p3 = mul i32 %pad, -3
  %pos = add i32 %p3, %idx
  %d = add nsw i32 %pad, %n
  %q = sdiv i32 %pos, %d
  %pq = getelementptr i32, ptr %out, i32 %idx
  store i32 %q, ptr %pq
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
