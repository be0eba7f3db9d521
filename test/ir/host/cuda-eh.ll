; Launches inside a C++ try block are invokes (cudaLaunchKernel is not
; nounwind): they become invokes of md_cuda_launch with the same normal and
; unwind destinations.  Real clang-22 host IR (-O2, recipe of
; cuda-O2.ll) of: one kernel k(int*, int), launched with <<<>>> and with
; cudaLaunchKernel between two calls of may_throw() inside try {} catch (...).
; The inlined stub fills its argument array in an earlier block than the
; invoke (the call configuration is popped by an invoke too), so that launch
; keeps the module's md_cuda_api; the program's own array of its stack slots,
; filled in the invoke's block, gets MD_API_FRAME_ARGS (md_host_frame.c).
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; CHECK-LABEL: define dso_local void @_Z16__device_stub__kPii(
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z16__device_stub__kPii,
; CHECK-LABEL: @_Z3runPii(
; CHECK: %29 = invoke i32 @md_cuda_launch(ptr noundef nonnull @_Z16__device_stub__kPii, i64 %23, i32 %25, i64 %26, i32 %28, ptr noundef nonnull %9, i64 noundef %21, ptr noundef %22, ptr @0, ptr @__magicdiv_cuda_api)
; CHECK-NEXT: to label %30 unwind label %31
; CHECK: %35 = invoke i32 @md_cuda_launch(ptr noundef nonnull @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %12, i64 noundef 0, ptr noundef null, ptr @0, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-NEXT: to label %36 unwind label %39
; CHECK-NOT: @cudaLaunchKernel(

; ModuleID = 'eh.cu'
source_filename = "eh.cu"
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
  %20 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z16__device_stub__kPii, i64 %14, i32 %16, i64 %17, i32 %19, ptr noundef nonnull %9, i64 noundef %12, ptr noundef %13)
  ret void
}

declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr) local_unnamed_addr

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr) local_unnamed_addr

; Function Attrs: mustprogress uwtable
define dso_local noundef range(i32 0, 2) i32 @_Z3runPii(ptr noundef %0, i32 noundef %1) local_unnamed_addr #1 personality ptr @__gxx_personality_v0 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca %struct.dim3, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca i64, align 8
  %8 = alloca ptr, align 8
  %9 = alloca [2 x ptr], align 16
  %10 = alloca ptr, align 8
  %11 = alloca i32, align 4
  %12 = alloca [2 x ptr], align 16
  store ptr %0, ptr %10, align 8, !tbaa !10
  store i32 %1, ptr %11, align 4, !tbaa !6
  invoke void @_Z9may_throwi(i32 noundef %1)
          to label %13 unwind label %31

13:                                               ; preds = %2
  %14 = invoke i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967328, i32 1, i64 noundef 0, ptr noundef null)
          to label %15 unwind label %31

15:                                               ; preds = %13
  %16 = icmp eq i32 %14, 0
  br i1 %16, label %17, label %33

17:                                               ; preds = %15
  store ptr %0, ptr %3, align 8, !tbaa !10
  store i32 %1, ptr %4, align 4, !tbaa !6
  store ptr %3, ptr %9, align 16
  %18 = getelementptr inbounds nuw i8, ptr %9, i64 8
  store ptr %4, ptr %18, align 8
  %19 = invoke i32 @__cudaPopCallConfiguration(ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, ptr nonnull %8)
          to label %20 unwind label %31

20:                                               ; preds = %17
  %21 = load i64, ptr %7, align 8
  %22 = load ptr, ptr %8, align 8
  %23 = load i64, ptr %5, align 8
  %24 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %25 = load i32, ptr %24, align 8
  %26 = load i64, ptr %6, align 8
  %27 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %28 = load i32, ptr %27, align 8
  %29 = invoke noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z16__device_stub__kPii, i64 %23, i32 %25, i64 %26, i32 %28, ptr noundef nonnull %9, i64 noundef %21, ptr noundef %22)
          to label %30 unwind label %31

30:                                               ; preds = %20
  br label %33

31:                                               ; preds = %20, %17, %13, %2
  %32 = landingpad { ptr, i32 }
          catch ptr null
  br label %41

33:                                               ; preds = %30, %15
  store ptr %10, ptr %12, align 16, !tbaa !13
  %34 = getelementptr inbounds nuw i8, ptr %12, i64 8
  store ptr %11, ptr %34, align 8, !tbaa !13
  %35 = invoke i32 @cudaLaunchKernel(ptr noundef nonnull @_Z16__device_stub__kPii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %12, i64 noundef 0, ptr noundef null)
          to label %36 unwind label %39

36:                                               ; preds = %33
  %37 = load i32, ptr %11, align 4, !tbaa !6
  invoke void @_Z9may_throwi(i32 noundef %37)
          to label %38 unwind label %39

38:                                               ; preds = %36
  br label %45

39:                                               ; preds = %36, %33
  %40 = landingpad { ptr, i32 }
          catch ptr null
  br label %41

41:                                               ; preds = %39, %31
  %42 = phi { ptr, i32 } [ %40, %39 ], [ %32, %31 ]
  %43 = extractvalue { ptr, i32 } %42, 0
  %44 = call ptr @__cxa_begin_catch(ptr %43) #5
  call void @__cxa_end_catch()
  br label %45

45:                                               ; preds = %38, %41
  %46 = phi i32 [ 0, %38 ], [ 1, %41 ]
  ret i32 %46
}

declare void @_Z9may_throwi(i32 noundef) local_unnamed_addr #2

declare i32 @__gxx_personality_v0(...)

declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

declare ptr @__cxa_begin_catch(ptr) local_unnamed_addr

declare void @__cxa_end_catch() local_unnamed_addr

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
declare i32 @atexit(ptr) local_unnamed_addr #4

attributes #0 = { mustprogress norecurse uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nofree }
attributes #5 = { nounwind }

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
!13 = !{!12, !12, i64 0}
