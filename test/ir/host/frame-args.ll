; Launch sites whose argument array holds the caller's own stack slots
; (plugin/host/md_host_frame.c) get an md_cuda_api constant of their own
; with MD_API_FRAME_ARGS (4) and the slot count << 16; the runtime's
; repeated launch then compares the site and the array's address instead of
; every pointer.  Every other array keeps the module's constant (flags 0).
; Hand-written from the forms clang emits (-O2: [N x ptr] and i8 GEPs; -O0:
; alloca ptr, N and ptr GEPs).
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

; CHECK-DAG: @__magicdiv_cuda_api = private constant { i32, i32, ptr, ptr } { i32 1, i32 0, ptr @cudaLaunchKernel,
; CHECK-DAG: @[[S3:__magicdiv_cuda_frame_api[.0-9]*]] = private constant { i32, i32, ptr, ptr } { i32 1, i32 196612, ptr @cudaLaunchKernel,
; CHECK-DAG: @[[S2:__magicdiv_cuda_frame_api[.0-9]*]] = private constant { i32, i32, ptr, ptr } { i32 1, i32 131076, ptr @cudaLaunchKernel,
; CHECK-DAG: @[[CO:__magicdiv_cuda_frame_api[.0-9]*]] = private constant { i32, i32, ptr, ptr } { i32 1, i32 131078, ptr @cudaLaunchCooperativeKernel,

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@0 = private unnamed_addr constant [8 x i8] c"_Z1kPii\00", align 1
@1 = private constant [10 x i8] c"FAKEFATBIN", section ".nv_fatbin", align 8
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1180844977, i32 1, ptr @1, ptr null }, section ".nvFatBinSegment", align 8
@__cuda_gpubin_handle = internal unnamed_addr global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__cuda_module_ctor, ptr null }]
@g = global [3 x ptr] zeroinitializer

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchCooperativeKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare void @use(ptr)
declare ptr @malloc(i64)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

define void @_Z16__device_stub__kPii(ptr %0, i32 %1) {
  ret void
}

; the -O2 stub form, with lifetime markers: flagged, 3 slots
; CHECK-LABEL: define void @o2(
; CHECK: call i32 @md_cuda_launch({{.*}}, ptr @0, ptr @[[S3]])
define void @o2(ptr %p, i32 %n, i32 %m) {
  %a = alloca ptr, align 8
  %b = alloca i32, align 4
  %c = alloca i32, align 4
  %args = alloca [3 x ptr], align 16
  call void @llvm.lifetime.start.p0(i64 24, ptr %args)
  store ptr %p, ptr %a
  store i32 %n, ptr %b
  store i32 %m, ptr %c
  store ptr %a, ptr %args
  %s1 = getelementptr inbounds nuw i8, ptr %args, i64 8
  store ptr %b, ptr %s1
  %s2 = getelementptr inbounds nuw i8, ptr %args, i64 16
  store ptr %c, ptr %s2
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %args, i64 0, ptr null)
  call void @llvm.lifetime.end.p0(i64 24, ptr %args)
  ret void
}

; the -O0 form: alloca ptr, i64 2 and ptr GEPs; a cooperative launch
; CHECK-LABEL: define void @o0(
; CHECK: call i32 @md_cuda_launch({{.*}}, ptr @0, ptr @[[S2]])
; CHECK: call i32 @md_cuda_launch({{.*}}, ptr @0, ptr @[[CO]])
define void @o0(ptr %p, i32 %n) {
  %a = alloca ptr, align 8
  %b = alloca i32, align 4
  %args = alloca ptr, i64 2, align 16
  %args2 = alloca ptr, i64 2, align 16
  store ptr %p, ptr %a
  store i32 %n, ptr %b
  %s0 = getelementptr ptr, ptr %args, i32 0
  store ptr %a, ptr %s0
  %s1 = getelementptr ptr, ptr %args, i32 1
  store ptr %b, ptr %s1
  %r = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %args, i64 0, ptr null)
  %t0 = getelementptr [2 x ptr], ptr %args2, i64 0, i64 0
  store ptr %a, ptr %t0
  %t1 = getelementptr [2 x ptr], ptr %args2, i64 0, i64 1
  store ptr %b, ptr %t1
  %r2 = call i32 @cudaLaunchCooperativeKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %args2, i64 0, ptr null)
  ret void
}

; Not flagged: a slot holds the caller's pointer (not its stack slot); a
; slot never stored; stores in another block; a store after the call; the
; array passed elsewhere too; a variable index; the array in a global, on
; the heap, or a dynamic alloca; a slot holding a dynamic alloca; the array
; passed to two launches.
; CHECK-LABEL: define void @refused(
; CHECK-COUNT-11: call i32 @md_cuda_launch({{.*}}, ptr @0, ptr @__magicdiv_cuda_api)
; CHECK-NOT: frame_api
; CHECK: ret void
define void @refused(ptr %p, i32 %n, i64 %i, i1 %c) {
entry:
  %a = alloca ptr, align 8
  %b = alloca i32, align 4
  %x1 = alloca [2 x ptr]
  %x2 = alloca [2 x ptr]
  %x3 = alloca [2 x ptr]
  %x4 = alloca [2 x ptr]
  %x5 = alloca [2 x ptr]
  %x6 = alloca [2 x ptr]
  %x10 = alloca [2 x ptr]
  %x11 = alloca [2 x ptr]
  store ptr %p, ptr %a
  store i32 %n, ptr %b
  ; the caller's own pointer in slot 0
  store ptr %p, ptr %x1
  %x1s = getelementptr inbounds i8, ptr %x1, i64 8
  store ptr %b, ptr %x1s
  %r1 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x1, i64 0, ptr null)
  ; slot 1 never stored
  store ptr %a, ptr %x2
  %r2 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x2, i64 0, ptr null)
  ; stored in the entry block, launched in the next one
  store ptr %a, ptr %x3
  %x3s = getelementptr inbounds i8, ptr %x3, i64 8
  store ptr %b, ptr %x3s
  br label %next
next:
  %r3 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x3, i64 0, ptr null)
  ; a store after the call
  store ptr %a, ptr %x4
  %x4s = getelementptr inbounds i8, ptr %x4, i64 8
  store ptr %b, ptr %x4s
  %r4 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x4, i64 0, ptr null)
  store ptr %b, ptr %x4
  ; passed to another function too
  store ptr %a, ptr %x5
  %x5s = getelementptr inbounds i8, ptr %x5, i64 8
  store ptr %b, ptr %x5s
  call void @use(ptr %x5)
  %r5 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x5, i64 0, ptr null)
  ; a variable index
  store ptr %a, ptr %x6
  %x6s = getelementptr inbounds ptr, ptr %x6, i64 %i
  store ptr %b, ptr %x6s
  %r6 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x6, i64 0, ptr null)
  ; a global array
  store ptr %a, ptr @g
  store ptr %b, ptr getelementptr inbounds (i8, ptr @g, i64 8)
  %r7 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr @g, i64 0, ptr null)
  ; a heap array
  %h = call ptr @malloc(i64 16)
  store ptr %a, ptr %h
  %hs = getelementptr inbounds i8, ptr %h, i64 8
  store ptr %b, ptr %hs
  %r8 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %h, i64 0, ptr null)
  ; a dynamic alloca (not in the entry block)
  %d = alloca [2 x ptr]
  store ptr %a, ptr %d
  %ds = getelementptr inbounds i8, ptr %d, i64 8
  store ptr %b, ptr %ds
  %r9 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %d, i64 0, ptr null)
  ; a slot holding a dynamic alloca
  %dyn = alloca i32
  store ptr %a, ptr %x10
  %x10s = getelementptr inbounds i8, ptr %x10, i64 8
  store ptr %dyn, ptr %x10s
  %r10 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x10, i64 0, ptr null)
  ; one array, two launches
  store ptr %a, ptr %x11
  %x11s = getelementptr inbounds i8, ptr %x11, i64 8
  store ptr %b, ptr %x11s
  %r11 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x11, i64 0, ptr null)
  %r12 = call i32 @cudaLaunchKernel(ptr @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr %x11, i64 0, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare ptr @__cudaRegisterFatBinary(ptr)
declare void @__cudaRegisterFatBinaryEnd(ptr)

define internal void @__cuda_module_ctor() {
  %1 = tail call ptr @__cudaRegisterFatBinary(ptr nonnull @__cuda_fatbin_wrapper)
  store ptr %1, ptr @__cuda_gpubin_handle, align 8
  %2 = tail call i32 @__cudaRegisterFunction(ptr %1, ptr nonnull @_Z16__device_stub__kPii, ptr nonnull @0, ptr nonnull @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  tail call void @__cudaRegisterFatBinaryEnd(ptr %1)
  ret void
}
