; A host module without kernel registrations -- here a library that launches
; kernels registered in another translation unit, through cudaLaunchKernel
; and hipLaunchKernel -- is left exactly as it is, without remarks.
; RUN: %opt -S %s -o %t.plain.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.md.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2> %t.remarks
; RUN: diff %t.plain.ll %t.md.ll
; RUN: %FileCheck %s --allow-empty < %t.remarks
; CHECK-NOT: remark

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@registered_elsewhere = external global i8
@kernel_ptr = external global ptr

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @hipLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

define i32 @launch_direct(ptr %args, ptr %stream) {
  %r = call i32 @cudaLaunchKernel(ptr @registered_elsewhere, i64 4294967297, i32 1, i64 4294967328, i32 1, ptr %args, i64 0, ptr %stream)
  ret i32 %r
}

define i32 @launch_pointer(ptr %args) {
  %f = load ptr, ptr @kernel_ptr
  %r = call i32 @hipLaunchKernel(ptr %f, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %args, i64 0, ptr null)
  ret i32 %r
}
