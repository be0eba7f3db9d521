; Host pass on real clang-22 host IR of a HIP program at -O0 (stubs not
; inlined, registrations in __hip_register_globals).  Same source and recipe
; as hip-O2.ll, with -O0.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %not grep -E "call .*@hipLaunchKernel\(ptr[^,]*@_Z" %t.ll
; RUN: grep -c "call i32 @md_hip_launch" %t.ll | %FileCheck %s --check-prefix=COUNT
; COUNT: 6

; CHECK-LABEL: define dso_local void @_Z20__device_stub__k_divPiPKiii(
; CHECK: %31 = call i32 @md_hip_launch(ptr noundef @_Z5k_divPiPKiii, i64 %24, i32 %26, i64 %28, i32 %30, ptr noundef %15, i64 noundef %21, ptr noundef %22, ptr @0, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK-LABEL: define dso_local void @_Z22__device_stub__k_shapePi5Shape(
; CHECK: call i32 @md_hip_launch(ptr noundef @_Z7k_shapePi5Shape, {{.*}}, ptr @1, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK-LABEL: define dso_local void @_Z22__device_stub__k_plainPi(
; CHECK: call i32 @md_hip_launch(ptr noundef @_Z7k_plainPi, {{.*}}, ptr @2, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)
; CHECK-LABEL: define dso_local noundef i32 @_Z3runPiS_iiiP12ihipStream_t(
; CHECK: %111 = call i32 @md_hip_launch(ptr noundef @_Z5k_divPiPKiii, {{.*}}, ptr @0, ptr @__magicdiv_hip_api, ptr null)
; CHECK: %122 = call i32 @hipLaunchKernel(ptr noundef %112,
; CHECK: %136 = call i32 @hipLaunchKernel(ptr noundef %126,
; CHECK: %146 = call i32 @md_hip_launch_ext(ptr noundef @_Z7k_plainPi, i64 %139, i32 %141, i64 %143, i32 %145, ptr noundef %137, i64 noundef 0, ptr noundef null, ptr noundef null, ptr noundef null, i32 noundef 0, ptr @2, ptr @__magicdiv_hip_ext_api, ptr null)
; CHECK-LABEL: define linkonce_odr dso_local void @_Z21__device_stub__k_wideIxEvPT_S0_(
; CHECK: call i32 @md_hip_launch(ptr noundef @_Z6k_wideIxEvPT_S0_, {{.*}}, ptr @3, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr null)

; ModuleID = 'host.hip'
source_filename = "host.hip"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.dim3 = type { i32, i32, i32 }
%struct.Shape = type { i32, i32, i32, i32 }

$_ZN4dim3C2Ejjj = comdat any

$_Z21__device_stub__k_wideIxEvPT_S0_ = comdat any

$_Z6k_wideIxEvPT_S0_ = comdat any

@_Z5k_divPiPKiii = constant ptr @_Z20__device_stub__k_divPiPKiii, align 8
@_Z7k_shapePi5Shape = constant ptr @_Z22__device_stub__k_shapePi5Shape, align 8
@_Z7k_plainPi = constant ptr @_Z22__device_stub__k_plainPi, align 8
@_Z6k_wideIxEvPT_S0_ = linkonce_odr constant ptr @_Z21__device_stub__k_wideIxEvPT_S0_, comdat, align 8
@external_kernel = external global ptr, align 8
@0 = private unnamed_addr constant [16 x i8] c"_Z5k_divPiPKiii\00", align 1
@1 = private unnamed_addr constant [19 x i8] c"_Z7k_shapePi5Shape\00", align 1
@2 = private unnamed_addr constant [13 x i8] c"_Z7k_plainPi\00", align 1
@3 = private unnamed_addr constant [20 x i8] c"_Z6k_wideIxEvPT_S0_\00", align 1
@4 = private constant [10 x i8] c"FAKEFATBIN", section ".hip_fatbin", align 4096
@__hip_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1212764230, i32 1, ptr @4, ptr null }, section ".hipFatBinSegment", align 8
@__hip_gpubin_handle_3644a84bd3ef71f2 = internal global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__hip_module_ctor, ptr null }]
@__hip_cuid_3644a84bd3ef71f2 = global i8 0
@llvm.compiler.used = appending global [1 x ptr] [ptr @__hip_cuid_3644a84bd3ef71f2], section "llvm.metadata"

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
  %20 = call i32 @__hipPopCallConfiguration(ptr %9, ptr %10, ptr %11, ptr %12)
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
  %31 = call noundef i32 @hipLaunchKernel(ptr noundef @_Z5k_divPiPKiii, i64 %24, i32 %26, i64 %28, i32 %30, ptr noundef %15, i64 noundef %21, ptr noundef %22)
  br label %32

32:                                               ; preds = %4
  ret void
}

declare i32 @__hipPopCallConfiguration(ptr, ptr, ptr, ptr)

declare i32 @hipLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

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
  %17 = call i32 @__hipPopCallConfiguration(ptr %6, ptr %7, ptr %8, ptr %9)
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
  %28 = call noundef i32 @hipLaunchKernel(ptr noundef @_Z7k_shapePi5Shape, i64 %21, i32 %23, i64 %25, i32 %27, ptr noundef %14, i64 noundef %18, ptr noundef %19)
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
  %11 = call i32 @__hipPopCallConfiguration(ptr %3, ptr %4, ptr %5, ptr %6)
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
  %22 = call noundef i32 @hipLaunchKernel(ptr noundef @_Z7k_plainPi, i64 %15, i32 %17, i64 %19, i32 %21, ptr noundef %9, i64 noundef %12, ptr noundef %13)
  br label %23

23:                                               ; preds = %1
  ret void
}

; Function Attrs: mustprogress noinline optnone uwtable
define dso_local noundef i32 @_Z3runPiS_iiiP12ihipStream_t(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3, i32 noundef %4, ptr noundef %5) #2 {
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
  %40 = alloca %struct.dim3, align 4
  %41 = alloca %struct.dim3, align 4
  %42 = alloca { i64, i32 }, align 4
  %43 = alloca { i64, i32 }, align 4
  store ptr %0, ptr %7, align 8
  store ptr %1, ptr %8, align 8
  store i32 %2, ptr %9, align 4
  store i32 %3, ptr %10, align 4
  store i32 %4, ptr %11, align 4
  store ptr %5, ptr %12, align 8
  %44 = load i32, ptr %9, align 4
  %45 = add nsw i32 %44, 255
  %46 = sdiv i32 %45, 256
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %13, i32 noundef %46, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %14, i32 noundef 256, i32 noundef 1, i32 noundef 1)
  %47 = load ptr, ptr %12, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %15, ptr align 4 %13, i64 12, i1 false)
  %48 = getelementptr inbounds nuw { i64, i32 }, ptr %15, i32 0, i32 0
  %49 = load i64, ptr %48, align 4
  %50 = getelementptr inbounds nuw { i64, i32 }, ptr %15, i32 0, i32 1
  %51 = load i32, ptr %50, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %16, ptr align 4 %14, i64 12, i1 false)
  %52 = getelementptr inbounds nuw { i64, i32 }, ptr %16, i32 0, i32 0
  %53 = load i64, ptr %52, align 4
  %54 = getelementptr inbounds nuw { i64, i32 }, ptr %16, i32 0, i32 1
  %55 = load i32, ptr %54, align 4
  %56 = call i32 @__hipPushCallConfiguration(i64 %49, i32 %51, i64 %53, i32 %55, i64 noundef 0, ptr noundef %47)
  %57 = icmp ne i32 %56, 0
  br i1 %57, label %63, label %58

58:                                               ; preds = %6
  %59 = load ptr, ptr %7, align 8
  %60 = load ptr, ptr %8, align 8
  %61 = load i32, ptr %9, align 4
  %62 = load i32, ptr %10, align 4
  call void @_Z20__device_stub__k_divPiPKiii(ptr noundef %59, ptr noundef %60, i32 noundef %61, i32 noundef %62) #5
  br label %63

63:                                               ; preds = %58, %6
  %64 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 0
  %65 = load i32, ptr %9, align 4
  store i32 %65, ptr %64, align 4
  %66 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 1
  store i32 1, ptr %66, align 4
  %67 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 2
  store i32 2, ptr %67, align 4
  %68 = getelementptr inbounds nuw %struct.Shape, ptr %17, i32 0, i32 3
  store i32 3, ptr %68, align 4
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %18, i32 noundef 1, i32 noundef 2, i32 noundef 3)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %19, i32 noundef 4, i32 noundef 5, i32 noundef 6)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %20, ptr align 4 %18, i64 12, i1 false)
  %69 = getelementptr inbounds nuw { i64, i32 }, ptr %20, i32 0, i32 0
  %70 = load i64, ptr %69, align 4
  %71 = getelementptr inbounds nuw { i64, i32 }, ptr %20, i32 0, i32 1
  %72 = load i32, ptr %71, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %21, ptr align 4 %19, i64 12, i1 false)
  %73 = getelementptr inbounds nuw { i64, i32 }, ptr %21, i32 0, i32 0
  %74 = load i64, ptr %73, align 4
  %75 = getelementptr inbounds nuw { i64, i32 }, ptr %21, i32 0, i32 1
  %76 = load i32, ptr %75, align 4
  %77 = call i32 @__hipPushCallConfiguration(i64 %70, i32 %72, i64 %74, i32 %76, i64 noundef 128, ptr noundef null)
  %78 = icmp ne i32 %77, 0
  br i1 %78, label %85, label %79

79:                                               ; preds = %63
  %80 = load ptr, ptr %7, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %22, ptr align 4 %17, i64 16, i1 false)
  %81 = getelementptr inbounds nuw { i64, i64 }, ptr %22, i32 0, i32 0
  %82 = load i64, ptr %81, align 4
  %83 = getelementptr inbounds nuw { i64, i64 }, ptr %22, i32 0, i32 1
  %84 = load i64, ptr %83, align 4
  call void @_Z22__device_stub__k_shapePi5Shape(ptr noundef %80, i64 %82, i64 %84) #5
  br label %85

85:                                               ; preds = %79, %63
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %23, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %24, i32 noundef 32, i32 noundef 1, i32 noundef 1)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %25, ptr align 4 %23, i64 12, i1 false)
  %86 = getelementptr inbounds nuw { i64, i32 }, ptr %25, i32 0, i32 0
  %87 = load i64, ptr %86, align 4
  %88 = getelementptr inbounds nuw { i64, i32 }, ptr %25, i32 0, i32 1
  %89 = load i32, ptr %88, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %26, ptr align 4 %24, i64 12, i1 false)
  %90 = getelementptr inbounds nuw { i64, i32 }, ptr %26, i32 0, i32 0
  %91 = load i64, ptr %90, align 4
  %92 = getelementptr inbounds nuw { i64, i32 }, ptr %26, i32 0, i32 1
  %93 = load i32, ptr %92, align 4
  %94 = call i32 @__hipPushCallConfiguration(i64 %87, i32 %89, i64 %91, i32 %93, i64 noundef 0, ptr noundef null)
  %95 = icmp ne i32 %94, 0
  br i1 %95, label %98, label %96

96:                                               ; preds = %85
  %97 = load ptr, ptr %7, align 8
  call void @_Z21__device_stub__k_wideIxEvPT_S0_(ptr noundef %97, i64 noundef 7) #5
  br label %98

98:                                               ; preds = %96, %85
  store ptr %7, ptr %27, align 8
  %99 = getelementptr inbounds ptr, ptr %27, i64 1
  store ptr %8, ptr %99, align 8
  %100 = getelementptr inbounds ptr, ptr %27, i64 2
  store ptr %9, ptr %100, align 8
  %101 = getelementptr inbounds ptr, ptr %27, i64 3
  store ptr %10, ptr %101, align 8
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %28, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %29, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %102 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %30, ptr align 4 %28, i64 12, i1 false)
  %103 = getelementptr inbounds nuw { i64, i32 }, ptr %30, i32 0, i32 0
  %104 = load i64, ptr %103, align 4
  %105 = getelementptr inbounds nuw { i64, i32 }, ptr %30, i32 0, i32 1
  %106 = load i32, ptr %105, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %31, ptr align 4 %29, i64 12, i1 false)
  %107 = getelementptr inbounds nuw { i64, i32 }, ptr %31, i32 0, i32 0
  %108 = load i64, ptr %107, align 4
  %109 = getelementptr inbounds nuw { i64, i32 }, ptr %31, i32 0, i32 1
  %110 = load i32, ptr %109, align 4
  %111 = call i32 @hipLaunchKernel(ptr noundef @_Z5k_divPiPKiii, i64 %104, i32 %106, i64 %108, i32 %110, ptr noundef %102, i64 noundef 0, ptr noundef null)
  %112 = load ptr, ptr @external_kernel, align 8
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %32, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %33, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %113 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %34, ptr align 4 %32, i64 12, i1 false)
  %114 = getelementptr inbounds nuw { i64, i32 }, ptr %34, i32 0, i32 0
  %115 = load i64, ptr %114, align 4
  %116 = getelementptr inbounds nuw { i64, i32 }, ptr %34, i32 0, i32 1
  %117 = load i32, ptr %116, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %35, ptr align 4 %33, i64 12, i1 false)
  %118 = getelementptr inbounds nuw { i64, i32 }, ptr %35, i32 0, i32 0
  %119 = load i64, ptr %118, align 4
  %120 = getelementptr inbounds nuw { i64, i32 }, ptr %35, i32 0, i32 1
  %121 = load i32, ptr %120, align 4
  %122 = call i32 @hipLaunchKernel(ptr noundef %112, i64 %115, i32 %117, i64 %119, i32 %121, ptr noundef %113, i64 noundef 0, ptr noundef null)
  %123 = load i32, ptr %11, align 4
  %124 = icmp ne i32 %123, 0
  %125 = zext i1 %124 to i64
  %126 = select i1 %124, ptr @_Z5k_divPiPKiii, ptr @_Z7k_plainPi
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %36, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %37, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %127 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %38, ptr align 4 %36, i64 12, i1 false)
  %128 = getelementptr inbounds nuw { i64, i32 }, ptr %38, i32 0, i32 0
  %129 = load i64, ptr %128, align 4
  %130 = getelementptr inbounds nuw { i64, i32 }, ptr %38, i32 0, i32 1
  %131 = load i32, ptr %130, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %39, ptr align 4 %37, i64 12, i1 false)
  %132 = getelementptr inbounds nuw { i64, i32 }, ptr %39, i32 0, i32 0
  %133 = load i64, ptr %132, align 4
  %134 = getelementptr inbounds nuw { i64, i32 }, ptr %39, i32 0, i32 1
  %135 = load i32, ptr %134, align 4
  %136 = call i32 @hipLaunchKernel(ptr noundef %126, i64 %129, i32 %131, i64 %133, i32 %135, ptr noundef %127, i64 noundef 0, ptr noundef null)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %40, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  call void @_ZN4dim3C2Ejjj(ptr noundef nonnull align 4 dereferenceable(12) %41, i32 noundef 1, i32 noundef 1, i32 noundef 1)
  %137 = getelementptr inbounds [4 x ptr], ptr %27, i64 0, i64 0
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %42, ptr align 4 %40, i64 12, i1 false)
  %138 = getelementptr inbounds nuw { i64, i32 }, ptr %42, i32 0, i32 0
  %139 = load i64, ptr %138, align 4
  %140 = getelementptr inbounds nuw { i64, i32 }, ptr %42, i32 0, i32 1
  %141 = load i32, ptr %140, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %43, ptr align 4 %41, i64 12, i1 false)
  %142 = getelementptr inbounds nuw { i64, i32 }, ptr %43, i32 0, i32 0
  %143 = load i64, ptr %142, align 4
  %144 = getelementptr inbounds nuw { i64, i32 }, ptr %43, i32 0, i32 1
  %145 = load i32, ptr %144, align 4
  %146 = call i32 @hipExtLaunchKernel(ptr noundef @_Z7k_plainPi, i64 %139, i32 %141, i64 %143, i32 %145, ptr noundef %137, i64 noundef 0, ptr noundef null, ptr noundef null, ptr noundef null, i32 noundef 0)
  %147 = call i32 @hipGetLastError()
  ret i32 %147
}

declare i32 @__hipPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef) #3

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
  %14 = call i32 @__hipPopCallConfiguration(ptr %5, ptr %6, ptr %7, ptr %8)
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
  %25 = call noundef i32 @hipLaunchKernel(ptr noundef @_Z6k_wideIxEvPT_S0_, i64 %18, i32 %20, i64 %22, i32 %24, ptr noundef %11, i64 noundef %15, ptr noundef %16)
  br label %26

26:                                               ; preds = %2
  ret void
}

declare i32 @hipExtLaunchKernel(ptr noundef, i64, i32, i64, i32, ptr noundef, i64 noundef, ptr noundef, ptr noundef, ptr noundef, i32 noundef) #3

declare i32 @hipGetLastError() #3

define internal void @__hip_register_globals(ptr %0) {
  %2 = call i32 @__hipRegisterFunction(ptr %0, ptr @_Z5k_divPiPKiii, ptr @0, ptr @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = call i32 @__hipRegisterFunction(ptr %0, ptr @_Z7k_shapePi5Shape, ptr @1, ptr @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %4 = call i32 @__hipRegisterFunction(ptr %0, ptr @_Z7k_plainPi, ptr @2, ptr @2, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %5 = call i32 @__hipRegisterFunction(ptr %0, ptr @_Z6k_wideIxEvPT_S0_, ptr @3, ptr @3, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  ret void
}

declare i32 @__hipRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)

declare void @__hipRegisterVar(ptr, ptr, ptr, ptr, i32, i64, i32, i32)

declare void @__hipRegisterManagedVar(ptr, ptr, ptr, ptr, i64, i32)

declare void @__hipRegisterSurface(ptr, ptr, ptr, ptr, i32, i32)

declare void @__hipRegisterTexture(ptr, ptr, ptr, ptr, i32, i32, i32)

declare ptr @__hipRegisterFatBinary(ptr)

define internal void @__hip_module_ctor() {
  %1 = load ptr, ptr @__hip_gpubin_handle_3644a84bd3ef71f2, align 8
  %2 = icmp eq ptr %1, null
  br i1 %2, label %3, label %5

3:                                                ; preds = %0
  %4 = call ptr @__hipRegisterFatBinary(ptr @__hip_fatbin_wrapper)
  store ptr %4, ptr @__hip_gpubin_handle_3644a84bd3ef71f2, align 8
  br label %5

5:                                                ; preds = %3, %0
  %6 = load ptr, ptr @__hip_gpubin_handle_3644a84bd3ef71f2, align 8
  call void @__hip_register_globals(ptr %6)
  %7 = call i32 @atexit(ptr @__hip_module_dtor)
  ret void
}

declare void @__hipUnregisterFatBinary(ptr)

define internal void @__hip_module_dtor() {
  %1 = load ptr, ptr @__hip_gpubin_handle_3644a84bd3ef71f2, align 8
  %2 = icmp ne ptr %1, null
  br i1 %2, label %3, label %4

3:                                                ; preds = %0
  call void @__hipUnregisterFatBinary(ptr %1)
  store ptr null, ptr @__hip_gpubin_handle_3644a84bd3ef71f2, align 8
  br label %4

4:                                                ; preds = %3, %0
  ret void
}

declare i32 @atexit(ptr)

attributes #0 = { mustprogress noinline norecurse optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "uniform-work-group-size"="true" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { mustprogress noinline optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "uniform-work-group-size"="true" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
