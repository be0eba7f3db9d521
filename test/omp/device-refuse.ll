; OpenMP parallel regions the transform must leave alone (md_omp.c): the
; microtask's argument is not known to be the stored value, or the region
; is started through a wrapper (generic mode).  Each kernel stays without a
; clone and the module is unchanged apart from remarks.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s | %FileCheck --check-prefix=IR %s

; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'mt_generic' (called from kernel 'generic') left alone: it is a generic-mode parallel region (its workers call it through a wrapper function)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'mt_escapes' (called from kernel 'escapes') left alone: the captured-values array is used in a way not understood
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'mt_variable_slot' (called from kernel 'variable_slot') left alone: the captured-values array is indexed by a variable
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'mt_short' (called from kernel 'arity') left alone: the parallel region's function does not take the captured values the call passes
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is a captured value of the parallel region that is not stored exactly once, before the call and in its block (in device function 'mt_twice', called from kernel 'twice')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is a captured value of the parallel region that is not stored exactly once, before the call and in its block (in device function 'mt_after', called from kernel 'after')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is a captured value of the parallel region that is not stored exactly once, before the call and in its block (in device function 'mt_other_block', called from kernel 'other_block')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'mt_narrow' (called from kernel 'narrow') left alone: a captured value is stored with another size
; An SPMD region whose 64 captured values and the packed magic value would
; pass the 64 slots the device runtime's invokeMicrotask takes is not cloned
; (test/omp/device-slots.ll: the regions that fit).
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'many' left alone: the parallel region 'mt_many' cannot be started with its clone: its 64 captured value(s) and 1 slot(s) of packed magic values would pass the 64 argument slots of the device runtime's invokeMicrotask
; IR-NOT: __magicdiv

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@id = private constant [8 x i8] zeroinitializer

declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare void @sink(ptr)

define internal void @mt_generic(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define internal void @mt_escapes(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define internal void @mt_variable_slot(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define internal void @mt_twice(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define internal void @mt_after(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define internal void @mt_other_block(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}


define internal void @mt_short(ptr %gtid, ptr %btid, i64 %w) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr null
  ret void
}

define internal void @wrapper(i16 %a, i32 %b) {
  ret void
}

define ptx_kernel void @generic(i64 %w, ptr %out) {
  %args = alloca [2 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_generic, ptr @wrapper, ptr %args, i64 2, i32 0)
  ret void
}

define ptx_kernel void @escapes(i64 %w, ptr %out) {
  %args = alloca [2 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @sink(ptr %args)
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_escapes, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

define ptx_kernel void @variable_slot(i64 %w, ptr %out, i64 %k) {
  %args = alloca [2 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  %sk = getelementptr inbounds ptr, ptr %args, i64 %k
  store ptr %wp, ptr %sk
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_variable_slot, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

define ptx_kernel void @arity(i64 %w, ptr %out) {
  %args = alloca [2 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_short, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

; slot 0 written twice: which value the call sees is not one store's
define ptx_kernel void @twice(i64 %w, i64 %v, ptr %out) {
  %args = alloca [2 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  %vp = inttoptr i64 %v to ptr
  store ptr %vp, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_twice, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

; the store comes after the call
define ptx_kernel void @after(i64 %w, ptr %out) {
  %args = alloca [2 x ptr], align 8
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_after, ptr null, ptr %args, i64 2, i32 0)
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  ret void
}

; the store is in another block (it may not run before the call)
define ptx_kernel void @other_block(i64 %w, ptr %out, i1 %c) {
  %args = alloca [2 x ptr], align 8
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  br i1 %c, label %st, label %go
st:
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  br label %go
go:
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_other_block, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

define internal void @mt_narrow(ptr %gtid, ptr %btid, i64 %w, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

; a 4-byte store into a slot: its upper half is not the stored value's
define ptx_kernel void @narrow(i32 %w, ptr %out) {
  %args = alloca [2 x ptr], align 8
  store i32 %w, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_narrow, ptr null, ptr %args, i64 2, i32 0)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define internal void @mt_many(ptr %gtid, ptr %btid, i64 %w, ptr %out, ptr %x0, ptr %x1, ptr %x2, ptr %x3, ptr %x4, ptr %x5, ptr %x6, ptr %x7, ptr %x8, ptr %x9, ptr %x10, ptr %x11, ptr %x12, ptr %x13, ptr %x14, ptr %x15, ptr %x16, ptr %x17, ptr %x18, ptr %x19, ptr %x20, ptr %x21, ptr %x22, ptr %x23, ptr %x24, ptr %x25, ptr %x26, ptr %x27, ptr %x28, ptr %x29, ptr %x30, ptr %x31, ptr %x32, ptr %x33, ptr %x34, ptr %x35, ptr %x36, ptr %x37, ptr %x38, ptr %x39, ptr %x40, ptr %x41, ptr %x42, ptr %x43, ptr %x44, ptr %x45, ptr %x46, ptr %x47, ptr %x48, ptr %x49, ptr %x50, ptr %x51, ptr %x52, ptr %x53, ptr %x54, ptr %x55, ptr %x56, ptr %x57, ptr %x58, ptr %x59, ptr %x60, ptr %x61) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define ptx_kernel void @many(i64 %w, ptr %out) {
  %args = alloca [64 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_many, ptr null, ptr %args, i64 64, i32 0)
  ret void
}
