; A clone dropped after its sites were rewritten gets no `KeptRolled` and
; no `Pow2Copy` remark (both are held in the run's remark queue,
; md_remark.h, flushed at the commit, md_device.c, and dropped with a
; clone deleted before it; no mark reaches the output): kernel
; `dropped` has a 64-bit remainder in a loop (keep-rolled marks the loop
; while its sites are rewritten), then its parallel region cannot be
; started with its clone (64 captured values and a slot of packed magic
; values pass invokeMicrotask's 64 slots, as in test/omp/device-refuse.ll),
; so its clone is dropped.  The control `kept` is the same kernel without
; the region: cloned, with the remark.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0>,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv 2>%t.rem
; RUN: %FileCheck %s < %t.rem
; RUN: %FileCheck %s --check-prefix=DROP < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll

; CHECK: magicdiv: kernel 'dropped' left alone: the parallel region 'mt_many' cannot be started with its clone
; CHECK: magicdiv: clone 'kept__magicdiv': 1 loop(s) kept rolled
; DROP-NOT: clone 'dropped__magicdiv': {{.*}}kept rolled
; DROP-NOT: clone 'dropped__magicdiv': body copied for powers of two
; DROP: magicdiv: kernel 'kept' cloned
; IR: define ptx_kernel void @kept__magicdiv(
; IR-NOT: @dropped__magicdiv
; IR-NOT: magicdiv-pow2-remark

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@id = private constant [8 x i8] zeroinitializer

declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define internal void @mt_many(ptr %gtid, ptr %btid, i64 %w, ptr %out, ptr %x0, ptr %x1, ptr %x2, ptr %x3, ptr %x4, ptr %x5, ptr %x6, ptr %x7, ptr %x8, ptr %x9, ptr %x10, ptr %x11, ptr %x12, ptr %x13, ptr %x14, ptr %x15, ptr %x16, ptr %x17, ptr %x18, ptr %x19, ptr %x20, ptr %x21, ptr %x22, ptr %x23, ptr %x24, ptr %x25, ptr %x26, ptr %x27, ptr %x28, ptr %x29, ptr %x30, ptr %x31, ptr %x32, ptr %x33, ptr %x34, ptr %x35, ptr %x36, ptr %x37, ptr %x38, ptr %x39, ptr %x40, ptr %x41, ptr %x42, ptr %x43, ptr %x44, ptr %x45, ptr %x46, ptr %x47, ptr %x48, ptr %x49, ptr %x50, ptr %x51, ptr %x52, ptr %x53, ptr %x54, ptr %x55, ptr %x56, ptr %x57, ptr %x58, ptr %x59, ptr %x60, ptr %x61) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w32 = trunc i64 %w to i32
  %q = sdiv i32 %t, %w32
  store i32 %q, ptr %out
  ret void
}

define ptx_kernel void @dropped(ptr %out, i64 %n, i64 %d, i64 %w) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %r = urem i64 %k, %d
  %o = getelementptr i64, ptr %out, i64 %k
  store i64 %r, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  %args = alloca [64 x ptr], align 8
  %wp = inttoptr i64 %w to ptr
  store ptr %wp, ptr %args
  %s1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %s1
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mt_many, ptr null, ptr %args, i64 64, i32 0)
  ret void
}

define ptx_kernel void @kept(ptr %out, i64 %n, i64 %d) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %r = urem i64 %k, %d
  %o = getelementptr i64, ptr %out, i64 %k
  store i64 %r, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}
