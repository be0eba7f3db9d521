; Host pass on real clang-22 host IR of a HIP program at -O2: host.cu of
; cuda-O2.ll with hip* names (and hipExtLaunchKernel instead of
; cudaLaunchKernelExC), compiled with
;   clang-22 -x hip --cuda-host-only --offload-arch=gfx90a -O2 -S -emit-llvm
;     -Xclang -fcuda-include-gpubinary -Xclang <10-byte dummy> host.hip
; and the same LLVM 19 touch-ups.  hipExtLaunchKernel goes through
; md_hip_launch_ext with its events and flags unchanged.  The kernel handles are the @_Z... globals
; that __hipRegisterFunction registers.  The embedded binary is a dummy, so
; no kernel has a clone: every launch of a registered kernel still goes
; through md_hip_launch (with a null md_hip_clone: it runs the original and
; MAGICDIV_LOG says why), no clone is registered, the other launches stay.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2> %t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: env LC_ALL=C sort %t.remarks | %FileCheck %s --check-prefix=REMARK
; RUN: %not grep -E "call .*@hipLaunchKernel\(ptr[^,]*@_Z" %t.ll
; RUN: grep -c "call i32 @md_hip_launch" %t.ll | %FileCheck %s --check-prefix=COUNT
; COUNT: 9

; CHECK-DAG: @__magicdiv_hip_api = private constant { i32, i32, ptr } { i32 3, i32 0, ptr @hipLaunchKernel }
; CHECK-DAG: @__magicdiv_hip_ext_api = private constant { i32, i32, ptr } { i32 3, i32 0, ptr @hipExtLaunchKernel }
; As for CUDA (cuda-O2.ll): a stub's array of its own stack slots gets a
; constant with MD_API_FRAME_ARGS and the slot count (k_div: 4 << 16 | 4,
; k_plain: 1 << 16 | 4); run()'s own array keeps @__magicdiv_hip_api.
; CHECK-DAG: @__magicdiv_hip_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr } { i32 3, i32 262148, ptr @hipLaunchKernel }
; CHECK-DAG: @__magicdiv_hip_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr } { i32 3, i32 65540, ptr @hipLaunchKernel }
; CHECK-NOT: magicdiv.handle
; CHECK-LABEL: define dso_local void @_Z20__device_stub__k_divPiPKiii(
; CHECK: %26 = call i32 @md_hip_launch(ptr noundef nonnull @_Z5k_divPiPKiii, i64 %20, i32 %22, i64 %23, i32 %25, ptr noundef nonnull %13, i64 noundef %18, ptr noundef %19, ptr @0, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK-LABEL: define dso_local noundef i32 @_Z3runPiS_iiiP12ihipStream_t(
; CHECK: call i32 @md_hip_launch(ptr noundef nonnull @_Z5k_divPiPKiii, {{.*}}, ptr @0, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK: call i32 @md_hip_launch(ptr noundef nonnull @_Z7k_shapePi5Shape, {{.*}}, ptr @1, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK: call i32 @md_hip_launch(ptr noundef nonnull @_Z6k_wideIxEvPT_S0_, {{.*}}, ptr @3, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK: call i32 @md_hip_launch(ptr noundef nonnull @_Z5k_divPiPKiii, i64 4294967297, {{.*}}, ptr @0, ptr @__magicdiv_hip_api, ptr null)
; CHECK: call i32 @hipLaunchKernel(ptr noundef %{{[0-9]+}},
; CHECK: call i32 @hipLaunchKernel(ptr noundef nonnull %{{[0-9]+}},
; CHECK: call i32 @md_hip_launch_ext(ptr noundef nonnull @_Z7k_plainPi, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null, ptr noundef null, ptr noundef null, i32 noundef 0, ptr @2, ptr @__magicdiv_hip_ext_api, ptr null)
; CHECK-LABEL: define internal void @__hip_module_ctor()
; CHECK-COUNT-4: call i32 @__hipRegisterFunction(
; CHECK-NOT: call i32 @__hipRegisterFunction(
; CHECK: declare i32 @md_hip_launch(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr, ptr, ptr)
; CHECK: declare i32 @md_hip_launch_ext(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef, ptr noundef, ptr noundef, i32 noundef, ptr, ptr, ptr)

; REMARK-COUNT-2: remark: {{.*}}magicdiv: hipLaunchKernel of a kernel that is not registered in this module (or a function pointer): not rerouted
; REMARK-NEXT: remark: {{.*}}magicdiv: host module: 4 kernel registration(s), 9 launch(es) routed through the runtime
; REMARK-NEXT: remark: {{.*}}magicdiv: kernel '_Z5k_divPiPKiii' keeps its original: the embedded GPU binary is not a clang offload bundle
; REMARK-NEXT: remark: {{.*}}magicdiv: kernel '_Z6k_wideIxEvPT_S0_' keeps its original: the embedded GPU binary is not a clang offload bundle
; REMARK-NEXT: remark: {{.*}}magicdiv: kernel '_Z7k_plainPi' keeps its original: the embedded GPU binary is not a clang offload bundle
; REMARK-NEXT: remark: {{.*}}magicdiv: kernel '_Z7k_shapePi5Shape' keeps its original: the embedded GPU binary is not a clang offload bundle
; REMARK-COUNT-3: remark: {{.*}}magicdiv: launch of '_Z5k_divPiPKiii' routed through md_hip_launch (no clone: runs the original)
; REMARK-COUNT-2: remark: {{.*}}magicdiv: launch of '_Z6k_wideIxEvPT_S0_' routed through md_hip_launch (no clone: runs the original)
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_plainPi' routed through md_hip_launch (no clone: runs the original)
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_plainPi' routed through md_hip_launch_ext (no clone: runs the original)
; REMARK-COUNT-2: remark: {{.*}}magicdiv: launch of '_Z7k_shapePi5Shape' routed through md_hip_launch (no clone: runs the original)
; REMARK-NOT: remark

; ModuleID = 'host.hip'
source_filename = "host.hip"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.dim3 = type { i32, i32, i32 }
%struct.Shape = type { i32, i32, i32, i32 }

$_Z21__device_stub__k_wideIxEvPT_S0_ = comdat any

$_Z6k_wideIxEvPT_S0_ = comdat any

@_Z5k_divPiPKiii = constant ptr @_Z20__device_stub__k_divPiPKiii, align 8
@_Z7k_shapePi5Shape = constant ptr @_Z22__device_stub__k_shapePi5Shape, align 8
@_Z7k_plainPi = constant ptr @_Z22__device_stub__k_plainPi, align 8
@_Z6k_wideIxEvPT_S0_ = linkonce_odr constant ptr @_Z21__device_stub__k_wideIxEvPT_S0_, comdat, align 8
@external_kernel = external local_unnamed_addr global ptr, align 8
@0 = private unnamed_addr constant [16 x i8] c"_Z5k_divPiPKiii\00", align 1
@1 = private unnamed_addr constant [19 x i8] c"_Z7k_shapePi5Shape\00", align 1
@2 = private unnamed_addr constant [13 x i8] c"_Z7k_plainPi\00", align 1
@3 = private unnamed_addr constant [20 x i8] c"_Z6k_wideIxEvPT_S0_\00", align 1
@4 = private constant [10 x i8] c"FAKEFATBIN", section ".hip_fatbin", align 4096
@__hip_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1212764230, i32 1, ptr @4, ptr null }, section ".hipFatBinSegment", align 8
@__hip_gpubin_handle_84d1896f37bc633 = internal unnamed_addr global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__hip_module_ctor, ptr null }]
@__hip_cuid_84d1896f37bc633 = global i8 0
@llvm.compiler.used = appending global [1 x ptr] [ptr @__hip_cuid_84d1896f37bc633], section "llvm.metadata"

; Function Attrs: mustprogress norecurse uwtable
define dso_local void @_Z20__device_stub__k_divPiPKiii(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3) #0 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca %struct.dim3, align 8
  %10 = alloca %struct.dim3, align 8
  %11 = alloca i64, align 8
  %12 = alloca ptr, align 8
  store ptr %0, ptr %5, align 8, !tbaa !9
  store ptr %1, ptr %6, align 8, !tbaa !9
  store i32 %2, ptr %7, align 4, !tbaa !5
  store i32 %3, ptr %8, align 4, !tbaa !5
  %13 = alloca [4 x ptr], align 16
  store ptr %5, ptr %13, align 16
  %14 = getelementptr inbounds nuw i8, ptr %13, i64 8
  store ptr %6, ptr %14, align 8
  %15 = getelementptr inbounds nuw i8, ptr %13, i64 16
  store ptr %7, ptr %15, align 16
  %16 = getelementptr inbounds nuw i8, ptr %13, i64 24
  store ptr %8, ptr %16, align 8
  %17 = call i32 @__hipPopCallConfiguration(ptr nonnull %9, ptr nonnull %10, ptr nonnull %11, ptr nonnull %12)
  %18 = load i64, ptr %11, align 8
  %19 = load ptr, ptr %12, align 8
  %20 = load i64, ptr %9, align 8
  %21 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %22 = load i32, ptr %21, align 8
  %23 = load i64, ptr %10, align 8
  %24 = getelementptr inbounds nuw i8, ptr %10, i64 8
  %25 = load i32, ptr %24, align 8
  %26 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z5k_divPiPKiii, i64 %20, i32 %22, i64 %23, i32 %25, ptr noundef nonnull %13, i64 noundef %18, ptr noundef %19)
  ret void
}

declare i32 @__hipPopCallConfiguration(ptr, ptr, ptr, ptr) local_unnamed_addr

declare i32 @hipLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr) local_unnamed_addr

; Function Attrs: mustprogress norecurse uwtable
define dso_local void @_Z22__device_stub__k_shapePi5Shape(ptr noundef %0, i64 %1, i64 %2) #0 {
  %4 = alloca %struct.Shape, align 8
  %5 = alloca ptr, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca %struct.dim3, align 8
  %8 = alloca i64, align 8
  %9 = alloca ptr, align 8
  store i64 %1, ptr %4, align 8
  %10 = getelementptr inbounds nuw i8, ptr %4, i64 8
  store i64 %2, ptr %10, align 8
  store ptr %0, ptr %5, align 8, !tbaa !9
  %11 = alloca [2 x ptr], align 16
  store ptr %5, ptr %11, align 16
  %12 = getelementptr inbounds nuw i8, ptr %11, i64 8
  store ptr %4, ptr %12, align 8
  %13 = call i32 @__hipPopCallConfiguration(ptr nonnull %6, ptr nonnull %7, ptr nonnull %8, ptr nonnull %9)
  %14 = load i64, ptr %8, align 8
  %15 = load ptr, ptr %9, align 8
  %16 = load i64, ptr %6, align 8
  %17 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %18 = load i32, ptr %17, align 8
  %19 = load i64, ptr %7, align 8
  %20 = getelementptr inbounds nuw i8, ptr %7, i64 8
  %21 = load i32, ptr %20, align 8
  %22 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z7k_shapePi5Shape, i64 %16, i32 %18, i64 %19, i32 %21, ptr noundef nonnull %11, i64 noundef %14, ptr noundef %15)
  ret void
}

; Function Attrs: mustprogress norecurse uwtable
define dso_local void @_Z22__device_stub__k_plainPi(ptr noundef %0) #0 {
  %2 = alloca ptr, align 8
  %3 = alloca %struct.dim3, align 8
  %4 = alloca %struct.dim3, align 8
  %5 = alloca i64, align 8
  %6 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !9
  %7 = alloca ptr, align 16
  store ptr %2, ptr %7, align 16
  %8 = call i32 @__hipPopCallConfiguration(ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, ptr nonnull %6)
  %9 = load i64, ptr %5, align 8
  %10 = load ptr, ptr %6, align 8
  %11 = load i64, ptr %3, align 8
  %12 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %13 = load i32, ptr %12, align 8
  %14 = load i64, ptr %4, align 8
  %15 = getelementptr inbounds nuw i8, ptr %4, i64 8
  %16 = load i32, ptr %15, align 8
  %17 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z7k_plainPi, i64 %11, i32 %13, i64 %14, i32 %16, ptr noundef nonnull %7, i64 noundef %9, ptr noundef %10)
  ret void
}

; Function Attrs: mustprogress uwtable
define dso_local noundef i32 @_Z3runPiS_iiiP12ihipStream_t(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3, i32 noundef %4, ptr noundef %5) local_unnamed_addr #1 {
  %7 = alloca ptr, align 8
  %8 = alloca i64, align 8
  %9 = alloca %struct.dim3, align 8
  %10 = alloca %struct.dim3, align 8
  %11 = alloca i64, align 8
  %12 = alloca ptr, align 8
  %13 = alloca [2 x ptr], align 16
  %14 = alloca %struct.Shape, align 8
  %15 = alloca ptr, align 8
  %16 = alloca %struct.dim3, align 8
  %17 = alloca %struct.dim3, align 8
  %18 = alloca i64, align 8
  %19 = alloca ptr, align 8
  %20 = alloca [2 x ptr], align 16
  %21 = alloca ptr, align 8
  %22 = alloca ptr, align 8
  %23 = alloca i32, align 4
  %24 = alloca i32, align 4
  %25 = alloca %struct.dim3, align 8
  %26 = alloca %struct.dim3, align 8
  %27 = alloca i64, align 8
  %28 = alloca ptr, align 8
  %29 = alloca [4 x ptr], align 16
  %30 = alloca ptr, align 8
  %31 = alloca ptr, align 8
  %32 = alloca i32, align 4
  %33 = alloca i32, align 4
  %34 = alloca [4 x ptr], align 16
  store ptr %0, ptr %30, align 8, !tbaa !9
  store ptr %1, ptr %31, align 8, !tbaa !9
  store i32 %2, ptr %32, align 4, !tbaa !5
  store i32 %3, ptr %33, align 4, !tbaa !5
  %35 = add nsw i32 %2, 255
  %36 = sdiv i32 %35, 256
  %37 = zext i32 %36 to i64
  %38 = or disjoint i64 %37, 4294967296
  %39 = tail call i32 @__hipPushCallConfiguration(i64 %38, i32 1, i64 4294967552, i32 1, i64 noundef 0, ptr noundef %5)
  %40 = icmp eq i32 %39, 0
  br i1 %40, label %41, label %55

41:                                               ; preds = %6
  store ptr %0, ptr %21, align 8, !tbaa !9
  store ptr %1, ptr %22, align 8, !tbaa !9
  store i32 %2, ptr %23, align 4, !tbaa !5
  store i32 %3, ptr %24, align 4, !tbaa !5
  store ptr %21, ptr %29, align 16
  %42 = getelementptr inbounds nuw i8, ptr %29, i64 8
  store ptr %22, ptr %42, align 8
  %43 = getelementptr inbounds nuw i8, ptr %29, i64 16
  store ptr %23, ptr %43, align 16
  %44 = getelementptr inbounds nuw i8, ptr %29, i64 24
  store ptr %24, ptr %44, align 8
  %45 = call i32 @__hipPopCallConfiguration(ptr nonnull %25, ptr nonnull %26, ptr nonnull %27, ptr nonnull %28)
  %46 = load i64, ptr %27, align 8
  %47 = load ptr, ptr %28, align 8
  %48 = load i64, ptr %25, align 8
  %49 = getelementptr inbounds nuw i8, ptr %25, i64 8
  %50 = load i32, ptr %49, align 8
  %51 = load i64, ptr %26, align 8
  %52 = getelementptr inbounds nuw i8, ptr %26, i64 8
  %53 = load i32, ptr %52, align 8
  %54 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z5k_divPiPKiii, i64 %48, i32 %50, i64 %51, i32 %53, ptr noundef nonnull %29, i64 noundef %46, ptr noundef %47)
  br label %55

55:                                               ; preds = %41, %6
  %56 = call i32 @__hipPushCallConfiguration(i64 8589934593, i32 3, i64 21474836484, i32 6, i64 noundef 128, ptr noundef null)
  %57 = icmp eq i32 %56, 0
  br i1 %57, label %58, label %73

58:                                               ; preds = %55
  %59 = zext i32 %2 to i64
  %60 = or disjoint i64 %59, 4294967296
  store i64 %60, ptr %14, align 8
  %61 = getelementptr inbounds nuw i8, ptr %14, i64 8
  store i64 12884901890, ptr %61, align 8
  store ptr %0, ptr %15, align 8, !tbaa !9
  store ptr %15, ptr %20, align 16
  %62 = getelementptr inbounds nuw i8, ptr %20, i64 8
  store ptr %14, ptr %62, align 8
  %63 = call i32 @__hipPopCallConfiguration(ptr nonnull %16, ptr nonnull %17, ptr nonnull %18, ptr nonnull %19)
  %64 = load i64, ptr %18, align 8
  %65 = load ptr, ptr %19, align 8
  %66 = load i64, ptr %16, align 8
  %67 = getelementptr inbounds nuw i8, ptr %16, i64 8
  %68 = load i32, ptr %67, align 8
  %69 = load i64, ptr %17, align 8
  %70 = getelementptr inbounds nuw i8, ptr %17, i64 8
  %71 = load i32, ptr %70, align 8
  %72 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z7k_shapePi5Shape, i64 %66, i32 %68, i64 %69, i32 %71, ptr noundef nonnull %20, i64 noundef %64, ptr noundef %65)
  br label %73

73:                                               ; preds = %58, %55
  %74 = call i32 @__hipPushCallConfiguration(i64 4294967297, i32 1, i64 4294967328, i32 1, i64 noundef 0, ptr noundef null)
  %75 = icmp eq i32 %74, 0
  br i1 %75, label %76, label %88

76:                                               ; preds = %73
  store ptr %0, ptr %7, align 8, !tbaa !12
  store i64 7, ptr %8, align 8, !tbaa !14
  store ptr %7, ptr %13, align 16
  %77 = getelementptr inbounds nuw i8, ptr %13, i64 8
  store ptr %8, ptr %77, align 8
  %78 = call i32 @__hipPopCallConfiguration(ptr nonnull %9, ptr nonnull %10, ptr nonnull %11, ptr nonnull %12)
  %79 = load i64, ptr %11, align 8
  %80 = load ptr, ptr %12, align 8
  %81 = load i64, ptr %9, align 8
  %82 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %83 = load i32, ptr %82, align 8
  %84 = load i64, ptr %10, align 8
  %85 = getelementptr inbounds nuw i8, ptr %10, i64 8
  %86 = load i32, ptr %85, align 8
  %87 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z6k_wideIxEvPT_S0_, i64 %81, i32 %83, i64 %84, i32 %86, ptr noundef nonnull %13, i64 noundef %79, ptr noundef %80)
  br label %88

88:                                               ; preds = %76, %73
  store ptr %30, ptr %34, align 16, !tbaa !16
  %89 = getelementptr inbounds nuw i8, ptr %34, i64 8
  store ptr %31, ptr %89, align 8, !tbaa !16
  %90 = getelementptr inbounds nuw i8, ptr %34, i64 16
  store ptr %32, ptr %90, align 16, !tbaa !16
  %91 = getelementptr inbounds nuw i8, ptr %34, i64 24
  store ptr %33, ptr %91, align 8, !tbaa !16
  %92 = call i32 @hipLaunchKernel(ptr noundef nonnull @_Z5k_divPiPKiii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null)
  %93 = load ptr, ptr @external_kernel, align 8, !tbaa !16
  %94 = call i32 @hipLaunchKernel(ptr noundef %93, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null)
  %95 = icmp eq i32 %4, 0
  %96 = select i1 %95, ptr @_Z7k_plainPi, ptr @_Z5k_divPiPKiii
  %97 = call i32 @hipLaunchKernel(ptr noundef nonnull %96, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null)
  %98 = call i32 @hipExtLaunchKernel(ptr noundef nonnull @_Z7k_plainPi, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null, ptr noundef null, ptr noundef null, i32 noundef 0)
  %99 = call i32 @hipGetLastError()
  ret i32 %99
}

declare i32 @__hipPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

; Function Attrs: mustprogress norecurse uwtable
define linkonce_odr dso_local void @_Z21__device_stub__k_wideIxEvPT_S0_(ptr noundef %0, i64 noundef %1) #0 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  %5 = alloca %struct.dim3, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca i64, align 8
  %8 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !12
  store i64 %1, ptr %4, align 8, !tbaa !14
  %9 = alloca [2 x ptr], align 16
  store ptr %3, ptr %9, align 16
  %10 = getelementptr inbounds nuw i8, ptr %9, i64 8
  store ptr %4, ptr %10, align 8
  %11 = call i32 @__hipPopCallConfiguration(ptr nonnull %5, ptr nonnull %6, ptr nonnull %7, ptr nonnull %8)
  %12 = load i64, ptr %7, align 8
  %13 = load ptr, ptr %8, align 8
  %14 = load i64, ptr %5, align 8
  %15 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %16 = load i32, ptr %15, align 8
  %17 = load i64, ptr %6, align 8
  %18 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %19 = load i32, ptr %18, align 8
  %20 = call noundef i32 @hipLaunchKernel(ptr noundef nonnull @_Z6k_wideIxEvPT_S0_, i64 %14, i32 %16, i64 %17, i32 %19, ptr noundef nonnull %9, i64 noundef %12, ptr noundef %13)
  ret void
}

declare i32 @hipExtLaunchKernel(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef, ptr noundef, ptr noundef, i32 noundef) local_unnamed_addr #2

declare i32 @hipGetLastError() local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

declare i32 @__hipRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr) local_unnamed_addr

declare ptr @__hipRegisterFatBinary(ptr) local_unnamed_addr

define internal void @__hip_module_ctor() {
  %1 = load ptr, ptr @__hip_gpubin_handle_84d1896f37bc633, align 8
  %2 = icmp eq ptr %1, null
  br i1 %2, label %3, label %5

3:                                                ; preds = %0
  %4 = tail call ptr @__hipRegisterFatBinary(ptr nonnull @__hip_fatbin_wrapper)
  store ptr %4, ptr @__hip_gpubin_handle_84d1896f37bc633, align 8
  br label %5

5:                                                ; preds = %3, %0
  %6 = phi ptr [ %4, %3 ], [ %1, %0 ]
  %7 = tail call i32 @__hipRegisterFunction(ptr %6, ptr nonnull @_Z5k_divPiPKiii, ptr nonnull @0, ptr nonnull @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %8 = tail call i32 @__hipRegisterFunction(ptr %6, ptr nonnull @_Z7k_shapePi5Shape, ptr nonnull @1, ptr nonnull @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %9 = tail call i32 @__hipRegisterFunction(ptr %6, ptr nonnull @_Z7k_plainPi, ptr nonnull @2, ptr nonnull @2, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %10 = tail call i32 @__hipRegisterFunction(ptr %6, ptr nonnull @_Z6k_wideIxEvPT_S0_, ptr nonnull @3, ptr nonnull @3, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %11 = tail call i32 @atexit(ptr nonnull @__hip_module_dtor)
  ret void
}

declare void @__hipUnregisterFatBinary(ptr) local_unnamed_addr

define internal void @__hip_module_dtor() {
  %1 = load ptr, ptr @__hip_gpubin_handle_84d1896f37bc633, align 8
  %2 = icmp eq ptr %1, null
  br i1 %2, label %4, label %3

3:                                                ; preds = %0
  tail call void @__hipUnregisterFatBinary(ptr nonnull %1)
  store ptr null, ptr @__hip_gpubin_handle_84d1896f37bc633, align 8
  br label %4

4:                                                ; preds = %3, %0
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

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"p1 int", !11, i64 0}
!11 = !{!"any pointer", !7, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"p1 long long", !11, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"long long", !7, i64 0}
!16 = !{!11, !11, i64 0}
