; Host pass on real clang-22 host IR of a CUDA program at -O2 (stubs inlined
; into their caller).  Produced by
;   clang-22 -x cuda --cuda-host-only --cuda-gpu-arch=sm_90 -O2 -S -emit-llvm
;     -Xclang -fcuda-include-gpubinary -Xclang <10-byte dummy> host.cu
; (the gpubinary makes clang emit the registrations, as in a real build),
; with `captures(none)` spelled `nocapture` and the lifetime intrinsics
; dropped so that LLVM 19 parses it too.  host.cu has kernels k_div, k_shape
; (a struct by value), k_wide<long long> and k_plain, launched with <<<>>>
; (inlined) and cudaLaunchKernel; plus a launch of an external kernel, one
; through a select of two kernels, and a cudaLaunchKernelExC (routed
; through md_cuda_launch_ex with its config operand unchanged).
;
; Every launch of a registered kernel -- in its stub and inlined into run()
; -- calls md_cuda_launch with the same operands plus the device name and
; the module's md_cuda_api; the launches through a loaded pointer and a
; select go to md_cuda_launch with a null name (the runtime asks the driver
; for it).
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2> %t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: env LC_ALL=C sort %t.remarks | %FileCheck %s --check-prefix=REMARK
; Running it again changes nothing; with no-host nothing changes.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.ll -o %t.again.ll
; RUN: %opt -S %t.ll -o %t.same.ll
; RUN: diff %t.same.ll %t.again.ll
; RUN: %opt -S %s -o %t.plain.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-host>' -S %s -o %t.nohost.ll
; RUN: diff %t.plain.ll %t.nohost.ll

; CHECK-DAG: @__magicdiv_cuda_api = private constant { i32, i32, ptr, ptr } { i32 1, i32 0, ptr @cudaLaunchKernel, ptr @cudaGetFuncBySymbol }
; CHECK-DAG: @__magicdiv_cuda_ex_api = private constant { i32, i32, ptr, ptr } { i32 1, i32 0, ptr @cudaLaunchKernelExC, ptr @cudaGetFuncBySymbol }
; A launch whose argument array is the stub's own stack slots (md_host_frame.c)
; gets a constant of its own with MD_API_FRAME_ARGS and the slot count:
; k_div has 4 parameters, 4 << 16 | 4; k_plain 1.  The program's own
; array in run(), passed to three launches, keeps the module's md_cuda_api.
; CHECK-DAG: @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr, ptr } { i32 1, i32 262148, ptr @cudaLaunchKernel, ptr @cudaGetFuncBySymbol }
; CHECK-DAG: @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr, ptr } { i32 1, i32 65540, ptr @cudaLaunchKernel, ptr @cudaGetFuncBySymbol }

; CHECK-LABEL: define dso_local void @_Z20__device_stub__k_divPiPKiii(
; CHECK: %26 = call i32 @md_cuda_launch(ptr noundef nonnull @_Z20__device_stub__k_divPiPKiii, i64 %20, i32 %22, i64 %23, i32 %25, ptr noundef nonnull %13, i64 noundef %18, ptr noundef %19, ptr @0, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define dso_local void @_Z22__device_stub__k_shapePi5Shape(
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z22__device_stub__k_shapePi5Shape, {{.*}}, ptr @1, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define dso_local void @_Z22__device_stub__k_plainPi(
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z22__device_stub__k_plainPi, {{.*}}, ptr @2, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define dso_local noundef i32 @_Z3runPiS_iiiP11CUstream_st(
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z20__device_stub__k_divPiPKiii, {{.*}}, ptr @0, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z22__device_stub__k_shapePi5Shape, {{.*}}, ptr @1, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z21__device_stub__k_wideIxEvPT_S0_, {{.*}}, ptr @3, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK: %93 = call i32 @md_cuda_launch(ptr noundef nonnull @_Z20__device_stub__k_divPiPKiii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null, ptr @0, ptr @__magicdiv_cuda_api)
; CHECK: %94 = load ptr, ptr @external_kernel
; CHECK-NEXT: %95 = call i32 @md_cuda_launch(ptr noundef %94, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK: %97 = select i1
; CHECK-NEXT: %98 = call i32 @md_cuda_launch(ptr noundef nonnull %97, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK: %102 = call i32 @md_cuda_launch_ex(ptr noundef nonnull %35, ptr noundef nonnull @_Z22__device_stub__k_plainPi, ptr noundef nonnull %34, ptr @2, ptr @__magicdiv_cuda_ex_api)
; CHECK-LABEL: define linkonce_odr dso_local void @_Z21__device_stub__k_wideIxEvPT_S0_(
; CHECK: call i32 @md_cuda_launch(ptr noundef nonnull @_Z21__device_stub__k_wideIxEvPT_S0_, {{.*}}, ptr @3, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
; CHECK-LABEL: define internal void @__cuda_module_ctor()
; CHECK: declare i32 @md_cuda_launch(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr, ptr)
; CHECK: declare i32 @md_cuda_launch_ex(ptr noundef, ptr noundef, ptr noundef, ptr, ptr)
; CHECK: !magicdiv.host = !{}

; No launch of a registered kernel is left behind.
; RUN: %not grep -E "call .*@cudaLaunchKernel\(ptr[^,]*@_Z[0-9]+__device_stub" %t.ll
; RUN: grep -c "call i32 @md_cuda_launch" %t.ll | %FileCheck %s --check-prefix=COUNT
; COUNT: 11

; REMARK-COUNT-2: remark: {{.*}}magicdiv: cudaLaunchKernel of a kernel pointer not registered in this module routed through md_cuda_launch (its name comes from the driver, CUDA 12.3+; else the original runs)
; REMARK-COUNT-3: remark: {{.*}}magicdiv: launch of '_Z5k_divPiPKiii' routed through md_cuda_launch
; REMARK-COUNT-2: remark: {{.*}}magicdiv: launch of '_Z6k_wideIxEvPT_S0_' routed through md_cuda_launch
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_plainPi' routed through md_cuda_launch
; REMARK-NEXT: remark: {{.*}}magicdiv: launch of '_Z7k_plainPi' routed through md_cuda_launch_ex
; REMARK-COUNT-2: remark: {{.*}}magicdiv: launch of '_Z7k_shapePi5Shape' routed through md_cuda_launch
; REMARK-NOT: remark

; ModuleID = 'host.cu'
source_filename = "host.cu"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.dim3 = type { i32, i32, i32 }
%struct.Shape = type { i32, i32, i32, i32 }
%struct.cudaLaunchConfig_st = type <{ %struct.dim3, %struct.dim3, i64, ptr, ptr, i32, [4 x i8] }>

$_Z21__device_stub__k_wideIxEvPT_S0_ = comdat any

@external_kernel = external local_unnamed_addr global ptr, align 8
@0 = private unnamed_addr constant [16 x i8] c"_Z5k_divPiPKiii\00", align 1
@1 = private unnamed_addr constant [19 x i8] c"_Z7k_shapePi5Shape\00", align 1
@2 = private unnamed_addr constant [13 x i8] c"_Z7k_plainPi\00", align 1
@3 = private unnamed_addr constant [20 x i8] c"_Z6k_wideIxEvPT_S0_\00", align 1
@4 = private constant [10 x i8] c"FAKEFATBIN", section ".nv_fatbin", align 8
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1180844977, i32 1, ptr @4, ptr null }, section ".nvFatBinSegment", align 8
@__cuda_gpubin_handle = internal unnamed_addr global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__cuda_module_ctor, ptr null }]

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
  store ptr %0, ptr %5, align 8, !tbaa !10
  store ptr %1, ptr %6, align 8, !tbaa !10
  store i32 %2, ptr %7, align 4, !tbaa !6
  store i32 %3, ptr %8, align 4, !tbaa !6
  %13 = alloca [4 x ptr], align 16
  store ptr %5, ptr %13, align 16
  %14 = getelementptr inbounds nuw i8, ptr %13, i64 8
  store ptr %6, ptr %14, align 8
  %15 = getelementptr inbounds nuw i8, ptr %13, i64 16
  store ptr %7, ptr %15, align 16
  %16 = getelementptr inbounds nuw i8, ptr %13, i64 24
  store ptr %8, ptr %16, align 8
  %17 = call i32 @__cudaPopCallConfiguration(ptr nonnull %9, ptr nonnull %10, ptr nonnull %11, ptr nonnull %12)
  %18 = load i64, ptr %11, align 8
  %19 = load ptr, ptr %12, align 8
  %20 = load i64, ptr %9, align 8
  %21 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %22 = load i32, ptr %21, align 8
  %23 = load i64, ptr %10, align 8
  %24 = getelementptr inbounds nuw i8, ptr %10, i64 8
  %25 = load i32, ptr %24, align 8
  %26 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z20__device_stub__k_divPiPKiii, i64 %20, i32 %22, i64 %23, i32 %25, ptr noundef nonnull %13, i64 noundef %18, ptr noundef %19)
  ret void
}

declare i32 @__cudaPopCallConfiguration(ptr, ptr, ptr, ptr) local_unnamed_addr

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr) local_unnamed_addr

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
  store ptr %0, ptr %5, align 8, !tbaa !10
  %11 = alloca [2 x ptr], align 16
  store ptr %5, ptr %11, align 16
  %12 = getelementptr inbounds nuw i8, ptr %11, i64 8
  store ptr %4, ptr %12, align 8
  %13 = call i32 @__cudaPopCallConfiguration(ptr nonnull %6, ptr nonnull %7, ptr nonnull %8, ptr nonnull %9)
  %14 = load i64, ptr %8, align 8
  %15 = load ptr, ptr %9, align 8
  %16 = load i64, ptr %6, align 8
  %17 = getelementptr inbounds nuw i8, ptr %6, i64 8
  %18 = load i32, ptr %17, align 8
  %19 = load i64, ptr %7, align 8
  %20 = getelementptr inbounds nuw i8, ptr %7, i64 8
  %21 = load i32, ptr %20, align 8
  %22 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z22__device_stub__k_shapePi5Shape, i64 %16, i32 %18, i64 %19, i32 %21, ptr noundef nonnull %11, i64 noundef %14, ptr noundef %15)
  ret void
}

; Function Attrs: mustprogress norecurse uwtable
define dso_local void @_Z22__device_stub__k_plainPi(ptr noundef %0) #0 {
  %2 = alloca ptr, align 8
  %3 = alloca %struct.dim3, align 8
  %4 = alloca %struct.dim3, align 8
  %5 = alloca i64, align 8
  %6 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8, !tbaa !10
  %7 = alloca ptr, align 16
  store ptr %2, ptr %7, align 16
  %8 = call i32 @__cudaPopCallConfiguration(ptr nonnull %3, ptr nonnull %4, ptr nonnull %5, ptr nonnull %6)
  %9 = load i64, ptr %5, align 8
  %10 = load ptr, ptr %6, align 8
  %11 = load i64, ptr %3, align 8
  %12 = getelementptr inbounds nuw i8, ptr %3, i64 8
  %13 = load i32, ptr %12, align 8
  %14 = load i64, ptr %4, align 8
  %15 = getelementptr inbounds nuw i8, ptr %4, i64 8
  %16 = load i32, ptr %15, align 8
  %17 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z22__device_stub__k_plainPi, i64 %11, i32 %13, i64 %14, i32 %16, ptr noundef nonnull %7, i64 noundef %9, ptr noundef %10)
  ret void
}

; Function Attrs: mustprogress uwtable
define dso_local noundef i32 @_Z3runPiS_iiiP11CUstream_st(ptr noundef %0, ptr noundef %1, i32 noundef %2, i32 noundef %3, i32 noundef %4, ptr noundef %5) local_unnamed_addr #1 {
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
  %35 = alloca %struct.cudaLaunchConfig_st, align 16
  store ptr %0, ptr %30, align 8, !tbaa !10
  store ptr %1, ptr %31, align 8, !tbaa !10
  store i32 %2, ptr %32, align 4, !tbaa !6
  store i32 %3, ptr %33, align 4, !tbaa !6
  %36 = add nsw i32 %2, 255
  %37 = sdiv i32 %36, 256
  %38 = zext i32 %37 to i64
  %39 = or disjoint i64 %38, 4294967296
  %40 = tail call i32 @__cudaPushCallConfiguration(i64 %39, i32 1, i64 4294967552, i32 1, i64 noundef 0, ptr noundef %5)
  %41 = icmp eq i32 %40, 0
  br i1 %41, label %42, label %56

42:                                               ; preds = %6
  store ptr %0, ptr %21, align 8, !tbaa !10
  store ptr %1, ptr %22, align 8, !tbaa !10
  store i32 %2, ptr %23, align 4, !tbaa !6
  store i32 %3, ptr %24, align 4, !tbaa !6
  store ptr %21, ptr %29, align 16
  %43 = getelementptr inbounds nuw i8, ptr %29, i64 8
  store ptr %22, ptr %43, align 8
  %44 = getelementptr inbounds nuw i8, ptr %29, i64 16
  store ptr %23, ptr %44, align 16
  %45 = getelementptr inbounds nuw i8, ptr %29, i64 24
  store ptr %24, ptr %45, align 8
  %46 = call i32 @__cudaPopCallConfiguration(ptr nonnull %25, ptr nonnull %26, ptr nonnull %27, ptr nonnull %28)
  %47 = load i64, ptr %27, align 8
  %48 = load ptr, ptr %28, align 8
  %49 = load i64, ptr %25, align 8
  %50 = getelementptr inbounds nuw i8, ptr %25, i64 8
  %51 = load i32, ptr %50, align 8
  %52 = load i64, ptr %26, align 8
  %53 = getelementptr inbounds nuw i8, ptr %26, i64 8
  %54 = load i32, ptr %53, align 8
  %55 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z20__device_stub__k_divPiPKiii, i64 %49, i32 %51, i64 %52, i32 %54, ptr noundef nonnull %29, i64 noundef %47, ptr noundef %48)
  br label %56

56:                                               ; preds = %42, %6
  %57 = call i32 @__cudaPushCallConfiguration(i64 8589934593, i32 3, i64 21474836484, i32 6, i64 noundef 128, ptr noundef null)
  %58 = icmp eq i32 %57, 0
  br i1 %58, label %59, label %74

59:                                               ; preds = %56
  %60 = zext i32 %2 to i64
  %61 = or disjoint i64 %60, 4294967296
  store i64 %61, ptr %14, align 8
  %62 = getelementptr inbounds nuw i8, ptr %14, i64 8
  store i64 12884901890, ptr %62, align 8
  store ptr %0, ptr %15, align 8, !tbaa !10
  store ptr %15, ptr %20, align 16
  %63 = getelementptr inbounds nuw i8, ptr %20, i64 8
  store ptr %14, ptr %63, align 8
  %64 = call i32 @__cudaPopCallConfiguration(ptr nonnull %16, ptr nonnull %17, ptr nonnull %18, ptr nonnull %19)
  %65 = load i64, ptr %18, align 8
  %66 = load ptr, ptr %19, align 8
  %67 = load i64, ptr %16, align 8
  %68 = getelementptr inbounds nuw i8, ptr %16, i64 8
  %69 = load i32, ptr %68, align 8
  %70 = load i64, ptr %17, align 8
  %71 = getelementptr inbounds nuw i8, ptr %17, i64 8
  %72 = load i32, ptr %71, align 8
  %73 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z22__device_stub__k_shapePi5Shape, i64 %67, i32 %69, i64 %70, i32 %72, ptr noundef nonnull %20, i64 noundef %65, ptr noundef %66)
  br label %74

74:                                               ; preds = %59, %56
  %75 = call i32 @__cudaPushCallConfiguration(i64 4294967297, i32 1, i64 4294967328, i32 1, i64 noundef 0, ptr noundef null)
  %76 = icmp eq i32 %75, 0
  br i1 %76, label %77, label %89

77:                                               ; preds = %74
  store ptr %0, ptr %7, align 8, !tbaa !13
  store i64 7, ptr %8, align 8, !tbaa !15
  store ptr %7, ptr %13, align 16
  %78 = getelementptr inbounds nuw i8, ptr %13, i64 8
  store ptr %8, ptr %78, align 8
  %79 = call i32 @__cudaPopCallConfiguration(ptr nonnull %9, ptr nonnull %10, ptr nonnull %11, ptr nonnull %12)
  %80 = load i64, ptr %11, align 8
  %81 = load ptr, ptr %12, align 8
  %82 = load i64, ptr %9, align 8
  %83 = getelementptr inbounds nuw i8, ptr %9, i64 8
  %84 = load i32, ptr %83, align 8
  %85 = load i64, ptr %10, align 8
  %86 = getelementptr inbounds nuw i8, ptr %10, i64 8
  %87 = load i32, ptr %86, align 8
  %88 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z21__device_stub__k_wideIxEvPT_S0_, i64 %82, i32 %84, i64 %85, i32 %87, ptr noundef nonnull %13, i64 noundef %80, ptr noundef %81)
  br label %89

89:                                               ; preds = %77, %74
  store ptr %30, ptr %34, align 16, !tbaa !17
  %90 = getelementptr inbounds nuw i8, ptr %34, i64 8
  store ptr %31, ptr %90, align 8, !tbaa !17
  %91 = getelementptr inbounds nuw i8, ptr %34, i64 16
  store ptr %32, ptr %91, align 16, !tbaa !17
  %92 = getelementptr inbounds nuw i8, ptr %34, i64 24
  store ptr %33, ptr %92, align 8, !tbaa !17
  %93 = call i32 @cudaLaunchKernel(ptr noundef nonnull @_Z20__device_stub__k_divPiPKiii, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null)
  %94 = load ptr, ptr @external_kernel, align 8, !tbaa !17
  %95 = call i32 @cudaLaunchKernel(ptr noundef %94, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null)
  %96 = icmp eq i32 %4, 0
  %97 = select i1 %96, ptr @_Z22__device_stub__k_plainPi, ptr @_Z20__device_stub__k_divPiPKiii
  %98 = call i32 @cudaLaunchKernel(ptr noundef nonnull %97, i64 4294967297, i32 1, i64 4294967297, i32 1, ptr noundef nonnull %34, i64 noundef 0, ptr noundef null)
  %99 = getelementptr inbounds nuw i8, ptr %35, i64 16
  %100 = getelementptr inbounds nuw i8, ptr %35, i64 20
  %101 = getelementptr inbounds nuw i8, ptr %35, i64 24
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 8 dereferenceable(28) %101, i8 0, i64 28, i1 false)
  store <4 x i32> splat (i32 1), ptr %35, align 16, !tbaa !6
  store i32 1, ptr %99, align 16, !tbaa !6
  store i32 1, ptr %100, align 4, !tbaa !6
  %102 = call i32 @cudaLaunchKernelExC(ptr noundef nonnull %35, ptr noundef nonnull @_Z22__device_stub__k_plainPi, ptr noundef nonnull %34)
  %103 = call i32 @cudaGetLastError()
  ret i32 %103
}

declare i32 @__cudaPushCallConfiguration(i64, i32, i64, i32, i64 noundef, ptr noundef) local_unnamed_addr #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

; Function Attrs: mustprogress norecurse uwtable
define linkonce_odr dso_local void @_Z21__device_stub__k_wideIxEvPT_S0_(ptr noundef %0, i64 noundef %1) #0 comdat {
  %3 = alloca ptr, align 8
  %4 = alloca i64, align 8
  %5 = alloca %struct.dim3, align 8
  %6 = alloca %struct.dim3, align 8
  %7 = alloca i64, align 8
  %8 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8, !tbaa !13
  store i64 %1, ptr %4, align 8, !tbaa !15
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
  %20 = call noundef i32 @cudaLaunchKernel(ptr noundef nonnull @_Z21__device_stub__k_wideIxEvPT_S0_, i64 %14, i32 %16, i64 %17, i32 %19, ptr noundef nonnull %9, i64 noundef %12, ptr noundef %13)
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)

declare i32 @cudaLaunchKernelExC(ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr #2

declare i32 @cudaGetLastError() local_unnamed_addr #2

declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr) local_unnamed_addr

declare ptr @__cudaRegisterFatBinary(ptr) local_unnamed_addr

define internal void @__cuda_module_ctor() {
  %1 = tail call ptr @__cudaRegisterFatBinary(ptr nonnull @__cuda_fatbin_wrapper)
  store ptr %1, ptr @__cuda_gpubin_handle, align 8
  %2 = tail call i32 @__cudaRegisterFunction(ptr %1, ptr nonnull @_Z20__device_stub__k_divPiPKiii, ptr nonnull @0, ptr nonnull @0, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %3 = tail call i32 @__cudaRegisterFunction(ptr %1, ptr nonnull @_Z22__device_stub__k_shapePi5Shape, ptr nonnull @1, ptr nonnull @1, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %4 = tail call i32 @__cudaRegisterFunction(ptr %1, ptr nonnull @_Z22__device_stub__k_plainPi, ptr nonnull @2, ptr nonnull @2, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %5 = tail call i32 @__cudaRegisterFunction(ptr %1, ptr nonnull @_Z21__device_stub__k_wideIxEvPT_S0_, ptr nonnull @3, ptr nonnull @3, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  tail call void @__cudaRegisterFatBinaryEnd(ptr %1)
  %6 = tail call i32 @atexit(ptr nonnull @__cuda_module_dtor)
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

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly nocapture, i8, i64, i1 immarg) #5

attributes #0 = { mustprogress norecurse uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nofree }
attributes #5 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #6 = { nounwind }

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
!13 = !{!14, !14, i64 0}
!14 = !{!"p1 long long", !12, i64 0}
!15 = !{!16, !16, i64 0}
!16 = !{!"long long", !8, i64 0}
!17 = !{!12, !12, i64 0}
