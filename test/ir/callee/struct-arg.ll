; A kernel's by-value struct passed on to device functions: by
; pointer to a function that only reads it (readonly, not captured) and by
; value (byval).  The struct stays read-only, so the kernel's own division
; by one of its fields is transformed, and so are the callees' divisions by
; the fields they read (followed through the call to the kernel's
; parameter); an assume's alignment bundle on it is harmless.  A pointer
; argument that is captured, or written through,
; makes the struct "escape": those divisions stay, with the reason.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv 2>%t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Shape = type { i32, i32, i32, i32 }

define i32 @col(ptr readonly nocapture %s, i32 %i) noinline {
  %p = getelementptr inbounds i8, ptr %s, i64 12
  %w = load i32, ptr %p, align 4
  %r = srem i32 %i, %w
  ret i32 %r
}

define i32 @row(ptr byval(%struct.Shape) align 4 %s, i32 %i) noinline {
  %p = getelementptr inbounds i8, ptr %s, i64 8
  %h = load i32, ptr %p, align 4
  %q = sdiv i32 %i, %h
  ret i32 %q
}

; writes its own byval copy first: its division by the copy stays
define i32 @row_w(ptr byval(%struct.Shape) align 4 %s, i32 %i) noinline {
  %p = getelementptr inbounds i8, ptr %s, i64 8
  store i32 7, ptr %p, align 4
  %h = load i32, ptr %p, align 4
  %q = sdiv i32 %i, %h
  ret i32 %q
}

@keep = global ptr null
define i32 @captures(ptr readonly %s, i32 %i) noinline {
  store ptr %s, ptr @keep
  %p = getelementptr inbounds i8, ptr %s, i64 4
  %c = load i32, ptr %p, align 4
  %q = udiv i32 %i, %c
  ret i32 %q
}

define ptx_kernel void @k(ptr %out, ptr byval(%struct.Shape) align 4 %s, i32 %i) {
  call void @llvm.assume(i1 true) [ "align"(ptr %s, i64 4) ]
  %a = call i32 @col(ptr %s, i32 %i)
  %b = call i32 @row(ptr byval(%struct.Shape) align 4 %s, i32 %i)
  %c = call i32 @row_w(ptr byval(%struct.Shape) align 4 %s, i32 %i)
  %pc = getelementptr inbounds i8, ptr %s, i64 4
  %cc = load i32, ptr %pc, align 4
  %d = udiv i32 %i, %cc
  %t1 = add i32 %a, %b
  %t2 = add i32 %t1, %c
  %t3 = add i32 %t2, %d
  store i32 %t3, ptr %out
  ret void
}

define ptx_kernel void @k_escape(ptr %out, ptr byval(%struct.Shape) align 4 %s, i32 %i) {
  %a = call i32 @captures(ptr %s, i32 %i)
  %pc = getelementptr inbounds i8, ptr %s, i64 4
  %cc = load i32, ptr %pc, align 4
  %d = udiv i32 %i, %cc
  %t = add i32 %a, %d
  store i32 %t, ptr %out
  ret void
}

declare void @llvm.assume(i1)

; CHECK-LABEL: define ptx_kernel void @k__magicdiv(
; CHECK: call i32 @col.magicdiv.0(ptr %s, i32 %i,
; CHECK: call i32 @row.magicdiv.0(ptr byval(%struct.Shape) align 4 %s, i32 %i,
; CHECK: call i32 @row_w(ptr byval(%struct.Shape) align 4 %s, i32 %i)
; CHECK-NOT: udiv
; CHECK: ret void
; CHECK-NOT: k_escape__magicdiv

; REMARK-DAG: magicdiv: srem i32 by launch-invariant divisor #{{[0-9]}} -> magic s32 multiply-high{{.*}} (in device function 'col', called from kernel 'k')
; REMARK-DAG: magicdiv: sdiv i32 by launch-invariant divisor #{{[0-9]}} -> magic s32 multiply-high{{.*}} (in device function 'row', called from kernel 'k')
; REMARK-DAG: magicdiv: sdiv i32 left alone: divisor is loaded through a pointer argument that the device function writes through or lets escape (in device function 'row_w', called from kernel 'k')
; REMARK-DAG: magicdiv: udiv i32 by launch-invariant divisor #{{[0-9]}} -> magic u32 multiply-high
; REMARK-DAG: magicdiv: kernel 'k' cloned as 'k__magicdiv': 3 division site(s), 3 distinct divisor(s)
; REMARK-DAG: magicdiv: udiv i32 left alone: divisor is a field of a struct argument that the kernel writes or lets escape
; REMARK-DAG: magicdiv: udiv i32 left alone: divisor is loaded through a pointer argument that the device function writes through or lets escape (in device function 'captures', called from kernel 'k_escape')
