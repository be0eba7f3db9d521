; Host pass on real clang-22 host IR of a CUDA program at -O0 (stubs not
; inlined; the registrations in __cuda_register_globals).  Same source and
; recipe as cuda-O2.ll, with -O0.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2> %t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: env LC_ALL=C sort %t.remarks | %FileCheck %s --check-prefix=REMARK
; RUN: %not grep -E "call .*@cudaLaunchKernel\(ptr[^,]*@_Z[0-9]+__device_stub" %t.ll
; RUN: grep -c "call i32 @md_cuda_launch" %t.ll | %FileCheck %s --check-prefix=COUNT
; COUNT: 8

; CHECK: @__magicdiv_cuda_api = private constant { i32, i32, ptr, ptr } { i32 1, i32 0, ptr @cudaLaunchKernel, ptr @cudaGetFuncBySymbol }
; CHECK-LABEL: define dso_local void @_Z20__device_stub__k_divPiPKiii(
; CHECK: %31 = call i32 @md_cuda_launch(ptr noundef @_Z20__device_stub__k_divPiPKiii, i64 %24, i32 %26, i64 %28, i32 %30, ptr noundef %15, i64 noundef %{{[0-9]+}}, ptr noundef %{{[0-9]+}}, ptr @0, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define dso_local void @_Z22__device_stub__k_shapePi5Shape(
; CHECK: call i32 @md_cuda_launch(ptr noundef @_Z22__device_stub__k_shapePi5Shape, {{.*}}, ptr @1, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define dso_local void @_Z22__device_stub__k_plainPi(
; CHECK: call i32 @md_cuda_launch(ptr noundef @_Z22__device_stub__k_plainPi, {{.*}}, ptr @2, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define dso_local noundef i32 @_Z3runPiS_iiiP11CUstream_st(
; CHECK: call void @_Z20__device_stub__k_divPiPKiii(
; CHECK: %110 = call i32 @md_cuda_launch(ptr noundef @_Z20__device_stub__k_divPiPKiii, {{.*}}, ptr @0, ptr @__magicdiv_cuda_api)
; CHECK: %121 = call i32 @md_cuda_launch(ptr noundef %111, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK: %135 = call i32 @md_cuda_launch(ptr noundef %125, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK: %145 = call i32 @md_cuda_launch_ex(ptr noundef %40, ptr noundef @_Z22__device_stub__k_plainPi, ptr noundef %144, ptr @2, ptr @__magicdiv_cuda_ex_api)
; CHECK-LABEL: define linkonce_odr dso_local void @_Z21__device_stub__k_wideIxEvPT_S0_(
; CHECK: call i32 @md_cuda_launch(ptr noundef @_Z21__device_stub__k_wideIxEvPT_S0_, {{.*}}, ptr @3, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define internal void @__cuda_register_globals(
; CHECK-NOT: md_cuda_launch
; CHECK: declare i32 @md_cuda_launch(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr, ptr)

; REMARK-COUNT-2: remark: {{.*}}magicdiv: cudaLaunchKernel of a kernel pointer not registered in this module routed through md_cuda_launch (its name comes from the driver, CUDA 12.3+; else the original runs)
; REMARK-COUNT-2: remark: {{.*}}magicdiv: launch of '_Z5k_divPiPKiii' routed through md_cuda_launch
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z6k_wideIxEvPT_S0_' routed through md_cuda_launch
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_plainPi' routed through md_cuda_launch
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_plainPi' routed through md_cuda_launch_ex
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_shapePi5Shape' routed through md_cuda_launch
; REMARK-NOT: remark

; ModuleID = 'host.cu'
source_filename = "host.cu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.dim3 = type { i32, i32, i32 }
%struct.Shape = type { i32, i32, i32, i32 }
%struct.cudaLaunchConfig_st = type <{ %struct.dim3, %struct.dim3, i64, ptr, ptr, i32, [4 x i8] }>

$_ZN4dim3C2Ejjj = comdat any

$_Z21__device_stub__k_wideIxEvPT_S0_ = comdat any

@external_kernel = external global ptr, align 8
@0 = private unnamed_addr constant [16 x i8] c"_Z5k_divPiPKiii\00", align 1
@1 = private unnamed_addr constant [19 x i8] c"_Z7k_shapePi5Shape\00", align 1
@2 = private unnamed_addr constant [13 x i8] c"_Z7k_plainPi\00", align 1
@3 = private unnamed_addr constant [20 x i8] c"_Z6k_wideIxEvPT_S0_\00", align 1
@4 = private constant [10 x i8] c"FAKEFATBIN", section ".nv_fatbin", align 8
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1180844977, i32 1, ptr @4, ptr null }, section ".nvFatBinSegment", align 8
@__cuda_gpubin_handle = internal global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__cuda_module_ctor, ptr null }]

; Function Attrs: mustprogress noinline norecurse optnone uwtable
define dso_local void @_Z20__device_stub__k_divPiPKiii(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3) #0 {
  %5 = alloca ptr, align 8
  %6 = alloca ptr, align 8
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  %9 = alloca %struct.dim3, align 8
  %10 = alloca %struct.dim3, align 8
  %11 = alloca i64, align 8
  %12 = alloca ptr, align 8
  %13 = alloca { i64, i32 }, align 8
  %14 = alloca { i64, i32 }, align 8
  store ptr %0, ptr %5, align 8
  store ptr %1, ptr %6, align 8
  store i32 %2, ptr %7, align 4
  store i32 %3, ptr %8, align 4
  %15 = alloca ptr, i64 4, align 16
  %16 = getelementptr ptr, ptr %15, i32 0
  store ptr %5, ptr %16, align 8
  %17 = getelementptr ptr, ptr %15, i32 1
  store ptr %6, ptr %17, align 8
  %18 = getelementptr ptr, ptr %15, i32 2
  store ptr %7, ptr %18, align 8
  %19 = getelementptr ptr, ptr %15, i32 3
  store ptr %8, ptr %19, align 8
  %20 = call i32 @__cudaPopCallConfiguration(ptr %9, ptr %10, ptr %11, ptr %12)
  %21 = load i64, ptr %11, align 8
  %22 = load ptr, ptr %12, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %13, ptr align 8 %9, i64 12, i1 false)
  %23 = getelementptr inbounds nuw { i64, i32 }, ptr %13, i32 0, i32 0
  %24 = load i64, ptr %23, align 8
  %25 = getelementptr inbounds nuw { i64, i32 }, ptr %13, i32 0, i32 1
  %26 = load i32, ptr %25, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %14, ptr align 8 %10, i64 12, i1 false)
  %27 = getelementptr inbounds nuw { i64, i32 }, ptr %14, i32 0, i32 0
  %28 = load i64, ptr %27, align 8
  %29 = getelementptr inbounds nuw { i64, i32 }, ptr %14, i32 0, i32 1
  %30 = load i32, ptr %29, align 8
  %31 = call noundef i32 @cudaLaunchKernel(ptr noundef @_Z20__device_stub__k_divPiPKiii, i64 %24, i32 %26, i64 %28, i32 %30, ptr noundef %15, i64 noundef %21, ptr noundef %22)
  br label %32

32:                                               ; preds = %4
  ret void
}

declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr)

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly nocapture, ptr noalias readonly nocapture, i64, i1 immarg) #1

; Function Attrs: mustprogress noinline norecurse optnone uwtable
define dso_local void @_Z22__device_stub__k_shapePi5Shape(ptr noundef %0, i64 %1, i64 %2) #0 {
  %4 = alloca %struct.Shape, align 4
  %5 = alloca ptr, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca %struct.dim3, align 8
  %8 = alloca i64, align 8
  %9 = alloca ptr, align 8
  %10 = alloca { i64, i32 }, align 8
  %11 = alloca { i64, i32 }, align 8
  %12 = getelementptr inbounds nuw { i64, i64 }, ptr %4, i32 0, i32 0
  store i64 %1, ptr %12, align 4
  %13 = getelementptr inbounds nuw { i64, i64 }, ptr %4, i32 0, i32 1
  store i64 %2, ptr %13, align 4
  store ptr %0, ptr %5, align 8
  %14 = alloca ptr, i64 2, align 16
  %15 = getelementptr ptr, ptr %14, i32 0
  store ptr %5, ptr %15, align 8
  %16 = getelementptr ptr, ptr %14, i32 1
  store ptr %4, ptr %16, align 8
  %17 = call i32 @__cudaPopCallConfiguration(ptr %6, ptr %7, ptr %8, ptr %9)
  %18 = load i64, ptr %8, align 8
  %19 = load ptr, ptr %9, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %10, ptr align 8 %6, i64 12, i1 false)
  %20 = getelementptr inbounds nuw { i64, i32 }, ptr %10, i32 0, i32 0
  %21 = load i64, ptr %20, align 8
  %22 = getelementptr inbounds nuw { i64, i32 }, ptr %10, i32 0, i32 1
  %23 = load i32, ptr %22, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %11, ptr align 8 %7, i64 12, i1 false)
  %24 = getelementptr inbounds nuw { i64, i32 }, ptr %11, i32 0, i32 0
  %25 = load i64, ptr %24, align 8
  %26 = getelementptr inbounds nuw { i64, i32 }, ptr %11, i32 0, i32 1
  %27 = load i32, ptr %26, align 8
  %28 = call noundef i32 @cudaLaunchKernel(ptr noundef @_Z22__device_stub__k_shapePi5Shape, i64 %21, i32 %23, i64 %25, i32 %27, ptr noundef %14, i64 noundef %18, ptr noundef %19)
  br label %29

29:                                               ; preds = %3
  ret void
}

; Function Attrs: mustprogress noinline norecurse optnone uwtable
define dso_local void @_Z22__device_stub__k_plainPi(ptr noundef %0) #0 {
  %2 = alloca ptr, align 8
  %3 = alloca %struct.dim3, align 8
  %4 = alloca %struct.dim3, align 8
  %5 = alloca i64, align 8
  %6 = alloca ptr, align 8
  %7 = alloca { i64, i32 }, align 8
  %8 = alloca { i64, i32 }, align 8
  store ptr %0, ptr %2, align 8
  %9 = alloca ptr, i64 1, align 16
  %10 = getelementptr ptr, ptr %9, i32 0
  store ptr %2, ptr %10, align 8
  %11 = call i32 @__cudaPopCallConfiguration(ptr %3, ptr %4, ptr %5, ptr %6)
  %12 = load i64, ptr %5, align 8
  %13 = load ptr, ptr %6, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %7, ptr align 8 %3, i64 12, i1 false)
  %14 = getelementptr inbounds nuw { i64, i32 }, ptr %7, i32 0, i32 0
  %15 = load i64, ptr %14, align 8
  %16 = getelementptr inbounds nuw { i64, i32 }, ptr %7, i32 0, i32 1
  %17 = load i32, ptr %16, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %8, ptr align 8 %4, i64 12, i1 false)
  %18 = getelementptr inbounds nuw { i64, i32 }, ptr %8, i32 0, i32 0
  %19 = load i64, ptr %18, align 8
  %20 = getelementptr inbounds nuw { i64, i32 }, ptr %8, i32 0, i32 1
  %21 = load i32, ptr %20, align 8
  %22 = call noundef i32 @cudaLaunchKernel(ptr noundef @_Z22__device_stub__k_plainPi, i64 %15, i32 %17, i64 %19, i32 %21, ptr noundef %9, i64 noundef %12, ptr noundef %13)
  br label %23

23:                                               ; preds = %1
  ret void
}

; Function Attrs: mustprogress noinline optnone uwtable
define dso_local noundef i32 @_Z3runPiS_iiiP11CUstream_st(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3, i32 noundef %4, ptr noundef %5) #2 {
  %7 = alloca ptr, align 8
  %8 = alloca ptr, align 8
  %9 = alloca i32, align 4
  %10 = alloca i32, align 4
  %11 = alloca i32, align 4
  %12 = alloca ptr, align 8
  %13 = alloca %struct.dim3, align 4
  %14 = alloca %struct.dim3, align 4
  %15 = alloca { i64, i32 }, align 4
  %16 = alloca { i64, i32 }, align 4
  %17 = alloca %struct.Shape, align 4
  %18 = alloca %struct.dim3, align 4
  %19 = alloca %struct.dim3, align 4
  %20 = alloca { i64, i32 }, align 4
  %21 = alloca { i64, i32 }, align 4
  %22 = alloca %struct.Shape, align 4
  %23 = alloca %struct.dim3, align 4
  %24 = alloca %struct.dim3, align 4
  %25 = alloca { i64, i32 }, align 4
  %26 = alloca { i64, i32 }, align 4
  %27 = alloca [4 x ptr], align 16
  %28 = alloca %struct.dim3, align 4
  %29 = alloca %struct.dim3, align 4
  %30 = alloca { i64, i32 }, align 4
  %31 = alloca { i64, i32 }, align 4
  %32 = alloca %struct.dim3, align 4
  %33 = alloca %struct.dim3, align 4
  %34 = alloca { i64, i32 }, align 4
  %35 = alloca { i64, i32 }, align 4
  %36 = alloca %struct.dim3, align 4
  %37 = alloca %struct.dim3, align 4
  %38 = alloca { i64, i32 }, align 4
  %39 = alloca { i64, i32 }, align 4
  %40 = alloca %struct.cudaLaunchConfig_st, align 8
  %41 = alloca %struct.dim3, align 4
  %42 = alloca %struct.dim3, align 4
  store ptr %0, ptr %7, align 8
  store ptr %1, ptr %8, align 8
  store i32 %2, ptr %9, align 4
  store i32 %3, ptr %10, align 4
  store i32 %4, ptr %11, align 4
  store ptr %5, ptr %12, align 8
  %43 = load i32, ptr %9, align 4
  %44 = add nsw i32 %43, 255
  %45 = sdiv i32 %44, 256
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %13, i32 noundef %45, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %14, i32 noundef 256, i32 noundef 1, i32 noundef 1)
  %46 = load ptr, ptr %12, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %15, ptr align 4 %13, i64 12, i1 false)
  %47 = getelementptr inbounds nuw { i64, i32 }, ptr %15, i32 0, i32 0
  %48 = load i64, ptr %47, align 4
  %49 = getelementptr inbounds nuw { i64, i32 }, ptr %15, i32 0, i32 1
  %50 = load i32, ptr %49, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %16, ptr align 4 %14, i64 12, i1 false)
  %51 = getelementptr inbounds nuw { i64, i32 }, ptr %16, i32 0, i32 0
  %52 = load i64, ptr %51, align 4
  %53 = getelementptr inbounds nuw { i64, i32 }, ptr %16, i32 0, i32 1
  %54 = load i32, ptr %53, align 4
  %55 = call i32 @__cudaPushCallConfiguration(i64 %48, i32 %50, i64 %52, i32 %54, i64 noundef 0, ptr noundef %46)
  %56 = icmp ne i32 %55, 0
  br i1 %56, label %62, label %57

57:                                               ; preds = %6
  %58 = load ptr, ptr %7, align 8
  %59 = load ptr, ptr %8, align 8
  %60 = load i32, ptr %9, align 4
  %61 = load i32, ptr %10, align 4
  call void @_Z20__device_stub__k_divPiPKiii(ptr noundef %58, ptr noundef %59, i32 noundef %60, i32 noundef %61) #5
  br label %62

62:                                               ; preds = %57, %6
  %63 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 0
  %64 = load i32, ptr %9, align 4
  store i32 %64, ptr %63, align 4
  %65 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 1
  store i32 1, ptr %65, align 4
  %66 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 2
  store i32 2, ptr %66, align 4
  %67 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 3
  store i32 3, ptr %67, align 4
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %18, i32 noundef 1, i32 noundef 2, i32 noundef 3)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %19, i32 noundef 4, i32 noundef 5, i32 noundef 6)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %20, ptr align 4 %18, i64 12, i1 false)
  %68 = getelementptr inbounds nuw { i64, i32 }, ptr %20, i32 0, i32 0
  %69 = load i64, ptr %68, align 4
  %70 = getelementptr inbounds nuw { i64, i32 }, ptr %20, i32 0, i32 1
  %71 = load i32, ptr %70, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %21, ptr align 4 %19, i64 12, i1 false)
  %72 = getelementptr inbounds nuw { i64, i32 }, ptr %21, i32 0, i32 0
  %73 = load i64, ptr %72, align 4
  %74 = getelementptr inbounds nuw { i64, i32 }, ptr %21, i32 0, i32 1
  %75 = load i32, ptr %74, align 4
  %76 = call i32 @__cudaPushCallConfiguration(i64 %69, i32 %71, i64 %73, i32 %75, i64 noundef 128, ptr noundef null)
  %77 = icmp ne i32 %76, 0
  br i1 %77, label %84, label %78

78:                                               ; preds = %62
  %79 = load ptr, ptr %7, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %22, ptr align 4 %17, i64 16, i1 false)
  %80 = getelementptr inbounds nuw { i64, i64 }, ptr %22, i32 0, i32 0
  %81 = load i64, ptr %80, align 4
  %82 = getelementptr inbounds nuw { i64, i64 }, ptr %22, i32 0, i32 1
  %83 = load i64, ptr %82, align 4
  call void @_Z22__device_stub__k_shapePi5Shape(ptr noundef %79, i64 %81, i64 %83) #5
  br label %84

84:                                               ; preds = %78, %62
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %23, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %24, i32 noundef 32, i32 noundef 1, i32 noundef 1)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %25, ptr align 4 %23, i64 12, i1 false)
  %85 = getelementptr inbounds nuw { i64, i32 }, ptr %25, i32 0, i32 0
  %86 = load i64, ptr %85, align 4
  %87 = getelementptr inbounds nuw { i64, i32 }, ptr %25, i32 0, i32 1
  %88 = load i32, ptr %87, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %26, ptr align 4 %24, i64 12, i1 false)
  %89 = getelementptr inbounds nuw { i64, i32 }, ptr %26, i32 0, i32 0
  %90 = load i64, ptr %89, align 4
  %91 = getelementptr inbounds nuw { i64, i32 }, ptr %26, i32 0, i32 1
  %92 = load i32, ptr %91, align 4
  %93 = call i32 @__cudaPushCallConfiguration(i64 %86, i32 %88, i64 %90, i32 %92, i64 noundef 0, ptr noundef null)
  %94 = icmp ne i32 %93, 0
  br i1 %94, label %97, label %95

95:                                               ; preds = %84
  %96 = load ptr, ptr %7, align 8
  call void @_Z21__device_stub__k_wideIxEvPT_S0_(ptr noundef %96, i64 noundef 7) #5
  br label %97

97:                                               ; preds = %95, %84
  store ptr %7, ptr %27, align 8
  %98 = getelementptr inbounds ptr, ptr %27, i64 1
  store ptr %8, ptr %98, align 8
  %99 = getelementptr inbounds ptr, ptr %27, i64 2
  store ptr %9, ptr %99, align 8
  %100 = getelementptr inbounds ptr, ptr %27, i64 3
  store ptr %10, ptr %100, align 8
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %28, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %29, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %101 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %30, ptr align 4 %28, i64 12, i1 false)
  %102 = getelementptr inbounds nuw { i64, i32 }, ptr %30, i32 0, i32 0
  %103 = load i64, ptr %102, align 4
  %104 = getelementptr inbounds nuw { i64, i32 }, ptr %30, i32 0, i32 1
  %105 = load i32, ptr %104, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %31, ptr align 4 %29, i64 12, i1 false)
  %106 = getelementptr inbounds nuw { i64, i32 }, ptr %31, i32 0, i32 0
  %107 = load i64, ptr %106, align 4
  %108 = getelementptr inbounds nuw { i64, i32 }, ptr %31, i32 0, i32 1
  %109 = load i32, ptr %108, align 4
  %110 = call i32 @cudaLaunchKernel(ptr noundef @_Z20__device_stub__k_divPiPKiii, i64 %103, i32 %105, i64 %107, i32 %109, ptr noundef %101, i64 noundef 0, ptr noundef null)
  %111 = load ptr, ptr @external_kernel, align 8
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %32, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %33, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %112 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %34, ptr align 4 %32, i64 12, i1 false)
  %113 = getelementptr inbounds nuw { i64, i32 }, ptr %34, i32 0, i32 0
  %114 = load i64, ptr %113, align 4
  %115 = getelementptr inbounds nuw { i64, i32 }, ptr %34, i32 0, i32 1
  %116 = load i32, ptr %115, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %35, ptr align 4 %33, i64 12, i1 false)
  %117 = getelementptr inbounds nuw { i64, i32 }, ptr %35, i32 0, i32 0
  %118 = load i64, ptr %117, align 4
  %119 = getelementptr inbounds nuw { i64, i32 }, ptr %35, i32 0, i32 1
  %120 = load i32, ptr %119, align 4
  %121 = call i32 @cudaLaunchKernel(ptr noundef %111, i64 %114, i32 %116, i64 %118, i32 %120, ptr noundef %112, i64 noundef 0, ptr noundef null)
  %122 = load i32, ptr %11, align 4
  %123 = icmp ne i32 %122, 0
  %124 = zext i1 %123 to i64
  %125 = select i1 %123, ptr @_Z20__device_stub__k_divPiPKiii, ptr @_Z22__device_stub__k_plainPi
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %36, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %37, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %126 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %38, ptr align 4 %36, i64 12, i1 false)
  %127 = getelementptr inbounds nuw { i64, i32 }, ptr %38, i32 0, i32 0
  %128 = load i64, ptr %127, align 4
  %129 = getelementptr inbounds nuw { i64, i32 }, ptr %38, i32 0, i32 1
  %130 = load i32, ptr %129, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %39, ptr align 4 %37, i64 12, i1 false)
  %131 = getelementptr inbounds nuw { i64, i32 }, ptr %39, i32 0, i32 0
  %132 = load i64, ptr %131, align 4
  %133 = getelementptr inbounds nuw { i64, i32 }, ptr %39, i32 0, i32 1
  %134 = load i32, ptr %133, align 4
  %135 = call i32 @cudaLaunchKernel(ptr noundef %125, i64 %128, i32 %130, i64 %132, i32 %134, ptr noundef %126, i64 noundef 0, ptr noundef null)
  %136 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 0
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %136, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %137 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 1
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %137, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %138 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 2
  store i64 0, ptr %138, align 8
  %139 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 3
  store ptr null, ptr %139, align 8
  %140 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 4
  store ptr null, ptr %140, align 8
  %141 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 5
  store i32 0, ptr %141, align 8
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %41, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %142 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %142, ptr align 4 %41, i64 12, i1 false)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %42, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %143 = getelementptr inbounds nuw %struct.cudaLaunchConfig_st, ptr %40, i32 0, i32 1
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %143, ptr align 4 %42, i64 12, i1 false)
  %144 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  %145 = call i32 @cudaLaunchKernelExC(ptr noundef %40, ptr noundef @_Z22__device_stub__k_plainPi, ptr noundef %144)
  %146 = call i32 @cudaGetLastError()
  ret i32 %146
}

declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef) #3

; Function Attrs: mustprogress noinline nounwind optnone uwtable
define linkonce_odr dso_local void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %0, i32 noundef %1, i32 noundef %2, i32 noundef %3) unnamed_addr #4 comdat align 2 {
  %5 = alloca ptr, align 8
  %6 = alloca i32, align 4
  %7 = alloca i32, align 4
  %8 = alloca i32, align 4
  store ptr %0, ptr %5, align 8
  store i32 %1, ptr %6, align 4
  store i32 %2, ptr %7, align 4
  store i32 %3, ptr %8, align 4
  %9 = load ptr, ptr %5, align 8
  %10 = getelementptr inbounds nuw %struct.dim3, ptr %9, i32 0, i32 0
  %11 = load i32, ptr %6, align 4
  store i32 %11, ptr %10, align 4
  %12 = getelementptr inbounds nuw %struct.dim3, ptr %9, i32 0, i32 1
  %13 = load i32, ptr %7, align 4
  store i32 %13, ptr %12, align 4
  %14 = getelementptr inbounds nuw %struct.dim3, ptr %9, i32 0, i32 2
  %15 = load i32, ptr %8, align 4
  store i32 %15, ptr %14, align 4
  ret void
}

; Function Attrs: mustprogress noinline norecurse optnone uwtable
define linkonce_odr dso_local void @_Z21__device_stub__k_wideIxEvPT_S0_(ptr noundef %0, i64 noundef %1) #0 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  %5 = alloca %struct.dim3, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca i64, align 8
  %8 = alloca ptr, align 8
  %9 = alloca { i64, i32 }, align 8
  %10 = alloca { i64, i32 }, align 8
  store ptr %0, ptr %3, align 8
  store i64 %1, ptr %4, align 8
  %11 = alloca ptr, i64 2, align 16
  %12 = getelementptr ptr, ptr %11, i32 0
  store ptr %3, ptr %12, align 8
  %13 = getelementptr ptr, ptr %11, i32 1
  store ptr %4, ptr %13, align 8
  %14 = call i32 @__cudaPopCallConfiguration(ptr %5, ptr %6, ptr %7, ptr %8)
  %15 = load i64, ptr %7, align 8
  %16 = load ptr, ptr %8, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %9, ptr align 8 %5, i64 12, i1 false)
  %17 = getelementptr inbounds nuw { i64, i32 }, ptr %9, i32 0, i32 0
  %18 = load i64, ptr %17, align 8
  %19 = getelementptr inbounds nuw { i64, i32 }, ptr %9, i32 0, i32 1
  %20 = load i32, ptr %19, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %10, ptr align 8 %6, i64 12, i1 false)
  %21 = getelementptr inbounds nuw { i64, i32 }, ptr %10, i32 0, i32 0
  %22 = load i64, ptr %21, align 8
  %23 = getelementptr inbounds nuw { i64, i32 }, ptr %10, i32 0, i32 1
  %24 = load i32, ptr %23, align 8
  %25 = call noundef i32 @cudaLaunchKernel(ptr noundef @_Z21__device_stub__k_wideIxEvPT_S0_, i64 %18, i32 %20, i64 %22, i32 %24, ptr noundef %11, i64 noundef %15, ptr noundef %16)
  br label %26

26:                                               ; preds = %2
  ret void
}

declare i32 @cudaLaunchKernelExC(ptr noundef, ptr noundef, ptr noundef) #3

declare i32 @cudaGetLastError() #3

define internal void @__cuda_register_globals(ptr %0) {
  %2 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z20__device_stub__k_divPiPKiii, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z22__device_stub__k_shapePi5Shape, ptr @1, ptr @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %4 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z22__device_stub__k_plainPi, ptr @2, ptr @2, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %5 = call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z21__device_stub__k_wideIxEvPT_S0_, ptr @3, ptr @3, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)

declare void @__cudaRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)

declare void @__cudaRegisterManagedVar(ptr, ptr, ptr, ptr, i64, i32)

declare void @__cudaRegisterSurface(ptr, ptr, ptr, ptr, i32, i32)

declare void @__cudaRegisterTexture(ptr, ptr, ptr, ptr, i32, i32, i32)

declare ptr @__cudaRegisterFatBinary(ptr)

define internal void @__cuda_module_ctor() {
  %1 = call ptr @__cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
  store ptr %1, ptr @__cuda_gpubin_handle, align 8
  call void @__cuda_register_globals(ptr %1)
  call void @__cudaRegisterFatBinaryEnd(ptr %1)
  %2 = call i32 @atexit(ptr @__cuda_module_dtor)
  ret void
}

declare void @__cudaRegisterFatBinaryEnd(ptr)

declare void @__cudaUnregisterFatBinary(ptr)

define internal void @__cuda_module_dtor() {
  %1 = load ptr, ptr @__cuda_gpubin_handle, align 8
  call void @__cudaUnregisterFatBinary(ptr %1)
  ret void
}

declare i32 @atexit(ptr)

attributes #0 = { mustprogress noinline norecurse optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress noinline optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "uniform-work-group-size"="true" }

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5}
!llvm.ident = !{!6}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
