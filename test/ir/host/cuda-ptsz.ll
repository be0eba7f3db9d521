; CUDA with the per-thread default stream: clang-22 launches through
; cudaLaunchKernel_ptsz (host compile with -fgpu-default-stream=per-thread;
; recipe otherwise as cuda-O2.ll, source: one kernel k(int*, int)
; launched on a stream and on the default stream).  The launches go to
; md_cuda_launch with an md_cuda_api that names cudaLaunchKernel_ptsz and
; carries MD_API_PER_THREAD (1), so the runtime launches the clone on the
; per-thread stream when the program passed stream 0.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; Each launch passes the stub's own stack slots: MD_API_FRAME_ARGS (4) and its
; 2 slots (2 << 16) join MD_API_PER_THREAD in a constant of its own.
; CHECK: @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr, ptr } { i32 1, i32 131077, ptr @cudaLaunchKernel_ptsz, ptr @cudaGetFuncBySymbol }
; CHECK-NOT: call {{.*}}@cudaLaunchKernel_ptsz(
; CHECK-COUNT-3: call i32 @md_cuda_launch(ptr noundef nonnull @_Z16__device_stub__kPii, {{.*}}, ptr @0, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-NOT: call {{.*}}@cudaLaunchKernel_ptsz(

; ModuleID = 'tiny.cu'
source_filename = "tiny.cu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.dim3 = type { i32, i32, i32 }

@0 = private unnamed_addr constant [8 x i8] c"_Z1kPii\00", align 1
@1 = private constant [10 x i8] c"FAKEFATBIN", section ".nv_fatbin", align 8
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1180844977, i32 1, ptr @1, ptr null }, section ".nvFatBinSegment", align 8
@__cuda_gpubin_handle = internal unnamed_addr global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__cuda_module_ctor, ptr null }]

; Function Attrs: mustprogress norecurse uwtable
define dso_local void @_Z16__device_stub__kPii(ptr noundef %0, i32 noundef %1) #0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca %struct.dim3, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca i64, align 8
  %8 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !10
  store i32 %1, ptr %4, align 4, !tbaa !6
  %9 = alloca [2 x ptr], align 16
  store ptr %3, ptr %9, align 16
  %10 = getelementptr inbounds nuw i8, ptr %9, i64 8
  store ptr %4, ptr %10, align 8
  %11 = call i32 @__cudaPopCallConfiguration(ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, ptr nonnull %8)
  %12 = load i64, ptr %7, align 8
  %13 = load ptr, ptr %8, align 8
  %14 = load i64, ptr %5, align 8
  %15 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %16 = load i32, ptr %15, align 8
  %17 = load i64, ptr %6, align 8
  %18 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %19 = load i32, ptr %18, align 8
  %20 = call noundef i32 @cudaLaunchKernel_ptsz(ptr noundef nonnull @_Z16__device_stub__kPii, i64 %14, i32 %16, i64 %17, i32 %19, ptr noundef nonnull %9, i64 noundef %12, ptr noundef %13)
  ret void
}

declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr) local_unnamed_addr

declare i32 @cudaLaunchKernel_ptsz(ptr, i64, i32, i64, i32, ptr, i64, ptr) local_unnamed_addr

; Function Attrs: mustprogress uwtable
define dso_local void @_Z3runPiiP11CUstream_st(ptr noundef %0, i32 noundef %1, ptr noundef %2) local_unnamed_addr #1 {
  %4 = alloca ptr, align 8
  %5 = alloca i32, align 4
  %6 = alloca %struct.dim3, align 8
  %7 = alloca %struct.dim3, align 8
  %8 = alloca i64, align 8
  %9 = alloca ptr, align 8
  %10 = alloca [2 x ptr], align 16
  %11 = alloca ptr, align 8
  %12 = alloca i32, align 4
  %13 = alloca %struct.dim3, align 8
  %14 = alloca %struct.dim3, align 8
  %15 = alloca i64, align 8
  %16 = alloca ptr, align 8
  %17 = alloca [2 x ptr], align 16
  %18 = tail call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967328, i32 1, i64 noundef 0, ptr noundef %2)
  %19 = icmp eq i32 %18, 0
  br i1 %19, label %20, label %32

20:                                               ; preds = %3
  store ptr %0, ptr %11, align 8, !tbaa !10
  store i32 %1, ptr %12, align 4, !tbaa !6
  store ptr %11, ptr %17, align 16
  %21 = getelementptr inbounds nuw i8, ptr %17, i64 8
  store ptr %12, ptr %21, align 8
  %22 = call i32 @__cudaPopCallConfiguration(ptr nonnull %13, ptr nonnull %14, ptr nonnull %15, ptr nonnull %16)
  %23 = load i64, ptr %15, align 8
  %24 = load ptr, ptr %16, align 8
  %25 = load i64, ptr %13, align 8
  %26 = getelementptr inbounds nuw i8, ptr %13, i64 8
  %27 = load i32, ptr %26, align 8
  %28 = load i64, ptr %14, align 8
  %29 = getelementptr inbounds nuw i8, ptr %14, i64 8
  %30 = load i32, ptr %29, align 8
  %31 = call noundef i32 @cudaLaunchKernel_ptsz(ptr noundef nonnull @_Z16__device_stub__kPii, i64 %25, i32 %27, i64 %28, i32 %30, ptr noundef nonnull %17, i64 noundef %23, ptr noundef %24)
  br label %32

32:                                               ; preds = %20, %3
  %33 = call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967328, i32 1, i64 noundef 0, ptr noundef null)
  %34 = icmp eq i32 %33, 0
  br i1 %34, label %35, label %47

35:                                               ; preds = %32
  store ptr %0, ptr %4, align 8, !tbaa !10
  store i32 %1, ptr %5, align 4, !tbaa !6
  store ptr %4, ptr %10, align 16
  %36 = getelementptr inbounds nuw i8, ptr %10, i64 8
  store ptr %5, ptr %36, align 8
  %37 = call i32 @__cudaPopCallConfiguration(ptr nonnull %6, ptr nonnull %7, ptr nonnull %8, ptr nonnull %9)
  %38 = load i64, ptr %8, align 8
  %39 = load ptr, ptr %9, align 8
  %40 = load i64, ptr %6, align 8
  %41 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %42 = load i32, ptr %41, align 8
  %43 = load i64, ptr %7, align 8
  %44 = getelementptr inbounds nuw i8, ptr %7, i64 8
  %45 = load i32, ptr %44, align 8
  %46 = call noundef i32 @cudaLaunchKernel_ptsz(ptr noundef nonnull @_Z16__device_stub__kPii, i64 %40, i32 %42, i64 %43, i32 %45, ptr noundef nonnull %10, i64 noundef %38, ptr noundef %39)
  br label %47

47:                                               ; preds = %35, %32
  ret void
}

declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef) local_unnamed_addr #2

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr) local_unnamed_addr

declare ptr @__cudaRegisterFatBinary(ptr) local_unnamed_addr

define internal void @__cuda_module_ctor() {
  %1 = tail call ptr @__cudaRegisterFatBinary(ptr nonnull @__cuda_fatbin_wrapper)
  store ptr %1, ptr @__cuda_gpubin_handle, align 8
  %2 = tail call i32 @__cudaRegisterFunction(ptr %1, ptr nonnull @_Z16__device_stub__kPii, ptr nonnull @0, ptr nonnull @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  tail call void @__cudaRegisterFatBinaryEnd(ptr %1)
  %3 = tail call i32 @atexit(ptr nonnull @__cuda_module_dtor)
  ret void
}

declare void @__cudaRegisterFatBinaryEnd(ptr) local_unnamed_addr

declare void @__cudaUnregisterFatBinary(ptr) local_unnamed_addr

define internal void @__cuda_module_dtor() {
  %1 = load ptr, ptr @__cuda_gpubin_handle, align 8
  tail call void @__cudaUnregisterFatBinary(ptr %1)
  ret void
}

; Function Attrs: nofree
declare i32 @atexit(ptr) local_unnamed_addr #3

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

attributes #0 = { mustprogress norecurse uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}
!llvm.errno.tbaa = !{!6}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"p1 int", !12, i64 0}
!12 = !{!"any pointer", !8, i64 0}
