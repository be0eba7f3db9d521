; What a parallel region's microtask reads through captured pointers and
; kernel parameters passed by reference (md_omp_capture.c, md_reads.c), in
; an NVPTX SPMD OpenMP module: fields of captured objects at offsets, a
; narrower field of a wider store, a memcpy from a by-reference parameter,
; a store that dominates the call from another block -- transformed; and
; the refusals, each with its remark: bytes only partly written, a memcpy of
; variable length, a memset, a lifetime start after the store, a pointer
; parameter of unknown size (an array section), a by-reference parameter
; that the region writes, a field outside the object.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
; RUN:   -pass-remarks-missed=magicdiv -disable-output %s 2>&1 | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %desc-dump %t.ll | %FileCheck --check-prefix=DESC %s
; RUN: %llc -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.ptx -o %t.o %}

; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'field' cloned as 'field__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'upper' cloned as 'upper__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'copied' cloned as 'copied__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'dominating' cloned as 'dominating__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'mapped' cloned as 'mapped__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded from a captured object whose bytes are written in parts (in device function 'parts_mt', called from kernel 'parts')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded from a captured object that is copied into with a variable length or volatile (in device function 'varlen_mt', called from kernel 'varlen')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded from a captured object whose address escapes (in device function 'memset_mt', called from kernel 'memset')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'late_mt', called from kernel 'late')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded from memory behind a pointer argument (not a by-value struct) (in device function 'section_mt', called from kernel 'section')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded through a pointer argument that the device function writes through or lets escape (in device function 'written_mt', called from kernel 'written')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i64 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'outside_mt', called from kernel 'outside')

; The programs: a field at offset 8 of a team-shared object; the upper
; half of a stored i64 (shift, truncation); offset 8 of the 16-byte object
; behind parameter 1 (its descriptor size), copied into the slot; a map(to:)
; scalar.
; DESC-LABEL: descriptor @field__magicdiv_desc
; DESC-NEXT: 3 params (8 8 8)
; DESC-NEXT: divisor 0: u32 extra 0-2: arg1:i64 trunc.i64.i32
; DESC-LABEL: descriptor @upper__magicdiv_desc
; DESC-NEXT: 3 params (8 8 8)
; DESC-NEXT: divisor 0: u32 extra 0-2: arg1:i64 const.i64.32 lshr.i64 trunc.i64.i32
; DESC-LABEL: descriptor @copied__magicdiv_desc
; DESC-NEXT: 3 params (8 16 8)
; DESC-NEXT: divisor 0: u32 extra 0-2: arg1+8:i64 trunc.i64.i32
; DESC-LABEL: descriptor @mapped__magicdiv_desc
; DESC-NEXT: 3 params (8 4 8)
; DESC-NEXT: divisor 0: u32 extra 0-2: arg1:i32

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@id = private constant [8 x i8] zeroinitializer

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare i32 @__kmpc_get_hardware_thread_id_in_block()
declare void @__kmpc_barrier_simple_spmd(ptr, i32)
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
@field_sh = internal addrspace(3) global [16 x i8] poison, align 16
@field_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @field(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @field_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  store i32 7, ptr addrspace(3) @field_sh, align 16
  store i64 %w, ptr addrspace(3) getelementptr inbounds (i8, ptr addrspace(3) @field_sh, i64 8), align 8
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @field_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @field_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @field_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %wq = getelementptr inbounds i8, ptr %wp, i64 8
  %w = load i64, ptr %wq, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@upper_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @upper(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @upper_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca i64, align 8
  store i64 %w, ptr %obj, align 8
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @upper_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @upper_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %hi = getelementptr inbounds i8, ptr %wp, i64 4
  %w = load i32, ptr %hi, align 4
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}
@copied_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @copied(ptr %dyn, ptr noundef nonnull align 8 dereferenceable(16) %p, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @copied_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca [16 x i8], align 8
  call void @llvm.lifetime.start.p0(i64 -1, ptr %obj)
  call void @llvm.memcpy.p0.p0.i64(ptr %obj, ptr %p, i64 16, i1 false)
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @copied_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @copied_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %wq = getelementptr inbounds i8, ptr %wp, i64 8
  %w = load i64, ptr %wq, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@dominating_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @dominating(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %obj = alloca i64, align 8
  %init = call i32 @__kmpc_target_init(ptr @dominating_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  call void @llvm.lifetime.start.p0(i64 -1, ptr %obj)
  store i64 %w, ptr %obj, align 8
  br label %loop
loop:
  %i = phi i32 [ 0, %user ], [ %i1, %loop ]
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @dominating_mt, ptr null, ptr %args, i64 2, i32 0)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 4
  br i1 %more, label %loop, label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @dominating_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %w = load i64, ptr %wp, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@mapped_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @mapped(ptr %dyn, ptr noundef nonnull align 4 dereferenceable(4) %d, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @mapped_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:

  store ptr %d, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @mapped_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @mapped_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}
@parts_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @parts(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @parts_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca i64, align 8
  %lo = trunc i64 %w to i32
  store i32 %lo, ptr %obj, align 8
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @parts_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @parts_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %w = load i64, ptr %wp, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@varlen_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @varlen(ptr %dyn, ptr noundef nonnull align 8 dereferenceable(16) %p, i64 %n, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @varlen_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca [16 x i8], align 8
  call void @llvm.memcpy.p0.p0.i64(ptr %obj, ptr %p, i64 %n, i1 false)
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @varlen_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @varlen_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %wq = getelementptr inbounds i8, ptr %wp, i64 8
  %w = load i64, ptr %wq, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@memset_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @memset(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @memset_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca i64, align 8
  call void @llvm.memset.p0.i64(ptr %obj, i8 3, i64 8, i1 false)
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @memset_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @memset_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %w = load i64, ptr %wp, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@late_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @late(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @late_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca i64, align 8
  store i64 %w, ptr %obj, align 8
  call void @llvm.lifetime.start.p0(i64 -1, ptr %obj)
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @late_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @late_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %w = load i64, ptr %wp, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@section_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @section(ptr %dyn, ptr noundef %a, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @section_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:

  store ptr %a, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @section_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @section_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %w = load i64, ptr %wp, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}
@written_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @written(ptr %dyn, ptr noundef nonnull align 8 dereferenceable(8) %d, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @written_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:

  store ptr %d, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @written_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @written_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %w = load i64, ptr %wp, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  store i64 1, ptr %wp, align 8
  ret void
}
@outside_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @outside(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @outside_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %obj = alloca [16 x i8], align 8
  store i64 %w, ptr %obj, align 8
  store ptr %obj, ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @outside_mt, ptr null, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @outside_mt(ptr %gtid, ptr %btid, ptr readonly %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %wq = getelementptr inbounds i8, ptr %wp, i64 8
  %w = load i64, ptr %wq, align 8
  %q = udiv i64 %t64, %w
  store i64 %q, ptr %out
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"openmp-device", i32 51}
