; Host pass on modules of the new offload driver / -fgpu-rdc: no
; __cudaRegisterFunction / __hipRegisterFunction calls, kernels known only
; from their offload entries (clang 20+ "llvm_offload_entries" format
; {i64, i16 version, i16 kind, i32 flags, ptr addr, ptr name, i64 size,
; i64 data, ptr aux}; kind 2 CUDA, 4 HIP; clang 17-19 format
; {ptr, ptr, i64, i32, i32} in "cuda_offloading_entries").  Kernel entries
; (size 0, flags 0) route their launches; variables (size > 0), managed
; variables (flags 1) and OpenMP entries (kind 1) are not kernels: launches
; of those addresses are routed as unregistered pointers (null name).  A HIP
; kernel without embedded device code keeps its original, with a remark.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2> %t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: env LC_ALL=C sort %t.remarks | %FileCheck %s --check-prefix=REMARK

; CHECK: @__magicdiv_cuda_api = private constant { i32, i32, ptr, ptr } { i32 1, i32 0, ptr @cudaLaunchKernel, ptr @cudaGetFuncBySymbol }
; CHECK-LABEL: define void @launch_cuda(
; CHECK: call i32 @md_cuda_launch(ptr @stub_k, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null, ptr @name_k, ptr @__magicdiv_cuda_api)
; CHECK: call i32 @md_cuda_launch(ptr @stub_old, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null, ptr @name_old, ptr @__magicdiv_cuda_api)
; CHECK: call i32 @md_cuda_launch(ptr @var, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK: call i32 @md_cuda_launch(ptr @managed, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK: call i32 @md_cuda_launch(ptr @omp_fn, {{.*}}, ptr null, ptr @__magicdiv_cuda_api)
; CHECK-LABEL: define void @launch_hip(
; CHECK: call i32 @md_hip_launch(ptr @hip_k, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null, ptr @name_hip, ptr @__magicdiv_hip_api, ptr null)
; CHECK: !magicdiv.host = !{}

; REMARK-COUNT-3: magicdiv: cudaLaunchKernel of a kernel pointer not registered in this module routed through md_cuda_launch
; REMARK: magicdiv: host module: 3 kernel registration(s), 6 launch(es) routed through the runtime
; REMARK: magicdiv: kernel 'hip_k' keeps its original: the device code is not embedded in the host module (-fgpu-rdc device objects are linked later)
; REMARK: magicdiv: launch of 'hip_k' routed through md_hip_launch (no clone: runs the original)
; REMARK: magicdiv: launch of 'k' routed through md_cuda_launch
; REMARK: magicdiv: launch of 'old' routed through md_cuda_launch

target triple = "x86_64-unknown-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }
%struct.__tgt_offload_entry.old = type { ptr, ptr, i64, i32, i32 }

@name_k = internal unnamed_addr constant [2 x i8] c"k\00", section ".llvm.rodata.offloading"
@name_var = internal unnamed_addr constant [4 x i8] c"var\00", section ".llvm.rodata.offloading"
@name_managed = internal unnamed_addr constant [8 x i8] c"managed\00", section ".llvm.rodata.offloading"
@name_omp = internal unnamed_addr constant [4 x i8] c"omp\00", section ".llvm.rodata.offloading"
@name_hip = internal unnamed_addr constant [6 x i8] c"hip_k\00", section ".llvm.rodata.offloading"
@name_old = internal unnamed_addr constant [4 x i8] c"old\00"
@var = global i32 0
@managed = global ptr null
@hip_k = constant ptr @hip_stub

@.offloading.entry.k = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @stub_k, ptr @name_k, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.var = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 0, ptr @var, ptr @name_var, i64 4, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.managed = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 2, i32 1, ptr @managed, ptr @name_managed, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.omp = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 1, i32 0, ptr @omp_fn, ptr @name_omp, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.offloading.entry.hip = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 4, i32 0, ptr @hip_k, ptr @name_hip, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@.omp_offloading.entry.old = weak constant %struct.__tgt_offload_entry.old { ptr @stub_old, ptr @name_old, i64 0, i32 0, i32 0 }, section "cuda_offloading_entries", align 1

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @hipLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

define void @stub_k() {
  ret void
}
define void @stub_old() {
  ret void
}
define void @omp_fn() {
  ret void
}
define void @hip_stub() {
  ret void
}

define void @launch_cuda(ptr %args) {
  %1 = call i32 @cudaLaunchKernel(ptr @stub_k, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  %2 = call i32 @cudaLaunchKernel(ptr @stub_old, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  %3 = call i32 @cudaLaunchKernel(ptr @var, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  %4 = call i32 @cudaLaunchKernel(ptr @managed, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  %5 = call i32 @cudaLaunchKernel(ptr @omp_fn, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

define void @launch_hip(ptr %args) {
  %1 = call i32 @hipLaunchKernel(ptr @hip_k, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  ret void
}
