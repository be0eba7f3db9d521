; Generic-mode OpenMP regions that the transform must leave alone
; (md_omp_generic.c): each kernel below has the shape OpenMPOpt gives an
; SPMD-ized generic kernel (a team-shared variable stored by thread 0 in a
; guarded block, a team barrier, then __kmpc_parallel_60 with a wrapper
; function) but one thing that keeps the captured divisor unproven, or a
; generic execution mode in which the workers run the wrapper.  Only the
; control kernels `ok` and `slot_ok` get a clone; every other one keeps its
; original, with a remark saying why.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s | %FileCheck --check-prefix=IR %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s | %opt -passes=verify -disable-output

; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'ok' cloned as 'ok__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'generic_mt' (called from kernel 'generic') left alone: it is a generic-mode parallel region (its workers call it through a wrapper function)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'noenv_mt' (called from kernel 'noenv') left alone: it is a generic-mode parallel region (its workers call it through a wrapper function)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'twice_mt', called from kernel 'twice')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose address escapes (in device function 'escapes_mt', called from kernel 'escapes')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that a parallel region may write or whose address escapes (in device function 'addr_mt', called from kernel 'addr')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that a parallel region may write or whose address escapes (in device function 'other_mt', called from kernel 'other')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded through a pointer argument that the device function writes through or lets escape (in device function 'writes_mt', called from kernel 'writes')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'unguarded_mt', called from kernel 'unguarded')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'nobarrier_mt', called from kernel 'nobarrier')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'loop_mt', called from kernel 'loop')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is neither a stack slot nor a team-shared variable of the caller (in device function 'init_mt', called from kernel 'init')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is neither a stack slot nor a team-shared variable of the caller (in device function 'device_mt', called from kernel 'device')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object at an offset (in device function 'offset_mt', called from kernel 'offset')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'bypass_mt', called from kernel 'bypass')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'slot_ok' cloned as 'slot_ok__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'slot_twice_mt', called from kernel 'slot_twice')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object whose address escapes (in device function 'slot_escape_mt', called from kernel 'slot_escape')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'slot_after_mt', called from kernel 'slot_after')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'slot_lifetime_mt', called from kernel 'slot_lifetime')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object that a parallel region may write (in device function 'slot_writer_mt', called from kernel 'slot_writer')
; IR: define weak_odr protected ptx_kernel void @ok__magicdiv(
; IR: define weak_odr protected ptx_kernel void @slot_ok__magicdiv(
; IR-NOT: __magicdiv(

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }

@id = private constant [8 x i8] zeroinitializer
@dev = internal addrspace(1) global [4 x i8] poison, align 4

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare i32 @__kmpc_get_hardware_thread_id_in_block()
declare void @__kmpc_barrier_simple_spmd(ptr, i32)
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare void @sink(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
@ok_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@ok_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @ok(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @ok_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @ok_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @ok_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @ok_mt, ptr @ok_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @ok_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @ok_wrapper(i16 %a, i32 %b) {
  ret void
}
@generic_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@generic_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @generic(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @generic_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @generic_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @generic_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @generic_mt, ptr @generic_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @generic_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @generic_wrapper(i16 %a, i32 %b) {
  ret void
}
@noenv_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @noenv(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = add i32 -1, 0
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @noenv_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @noenv_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @noenv_mt, ptr @noenv_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @noenv_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @noenv_wrapper(i16 %a, i32 %b) {
  ret void
}
@twice_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@twice_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @twice(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @twice_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @twice_sh, align 4
  store i32 0, ptr addrspace(3) @twice_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @twice_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @twice_mt, ptr @twice_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @twice_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @twice_wrapper(i16 %a, i32 %b) {
  ret void
}
@escapes_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@escapes_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @escapes(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @escapes_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @escapes_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @escapes_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @sink(ptr addrspacecast (ptr addrspace(3) @escapes_sh to ptr))
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @escapes_mt, ptr @escapes_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @escapes_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @escapes_wrapper(i16 %a, i32 %b) {
  ret void
}
@addr_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@addr_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @addr(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @addr_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @addr_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @addr_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  %keep = alloca ptr, align 8
  store ptr addrspacecast (ptr addrspace(3) @addr_sh to ptr), ptr %keep, align 8
  %kept = load ptr, ptr %keep, align 8
  call void @sink(ptr %kept)
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @addr_mt, ptr @addr_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @addr_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @addr_wrapper(i16 %a, i32 %b) {
  ret void
}
@other_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@other_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @other(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @other_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @other_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @other_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  %args2 = alloca [1 x ptr], align 8
  store ptr addrspacecast (ptr addrspace(3) @other_sh to ptr), ptr %args2, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @other_writer, ptr null, ptr %args2, i64 1, i32 0)
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @other_mt, ptr @other_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @other_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @other_wrapper(i16 %a, i32 %b) {
  ret void
}

define internal void @other_writer(ptr %gtid, ptr %btid, ptr %wp) {
  store i32 0, ptr %wp, align 4
  ret void
}
@writes_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@writes_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @writes(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @writes_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @writes_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @writes_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @writes_mt, ptr @writes_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @writes_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  store i32 1, ptr %wp, align 4
  ret void
}

define internal void @writes_wrapper(i16 %a, i32 %b) {
  ret void
}
@unguarded_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@unguarded_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @unguarded(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @unguarded_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 1
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @unguarded_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @unguarded_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @unguarded_mt, ptr @unguarded_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @unguarded_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @unguarded_wrapper(i16 %a, i32 %b) {
  ret void
}
@nobarrier_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@nobarrier_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @nobarrier(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @nobarrier_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @nobarrier_sh, align 4
  br label %join
join:
  store ptr addrspacecast (ptr addrspace(3) @nobarrier_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @nobarrier_mt, ptr @nobarrier_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @nobarrier_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @nobarrier_wrapper(i16 %a, i32 %b) {
  ret void
}
@loop_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@loop_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @loop(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @loop_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @loop_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @loop_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @loop_mt, ptr @loop_wrapper, ptr %args, i64 2, i32 0)
  %again = icmp eq i32 %tid, 7
  br i1 %again, label %user, label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @loop_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @loop_wrapper(i16 %a, i32 %b) {
  ret void
}
@init_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@init_sh = internal addrspace(3) global [4 x i8] zeroinitializer, align 16

define weak_odr protected ptx_kernel void @init(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @init_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @init_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @init_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @init_mt, ptr @init_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @init_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @init_wrapper(i16 %a, i32 %b) {
  ret void
}
@device_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }

define weak_odr protected ptx_kernel void @device(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @device_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(1) @dev, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(1) @dev to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @device_mt, ptr @device_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @device_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @device_wrapper(i16 %a, i32 %b) {
  ret void
}
@offset_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@offset_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @offset(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @offset_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @offset_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
  store ptr addrspacecast (ptr addrspace(3) @offset_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @offset_mt, ptr @offset_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @offset_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %wq = getelementptr inbounds i8, ptr %wp, i64 4
  %w = load i32, ptr %wq, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @offset_wrapper(i16 %a, i32 %b) {
  ret void
}

; join is also reached around the guard: thread 0 may not have stored
@bypass_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 3, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@bypass_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @bypass(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @bypass_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %skip
skip:
  br label %join
user:
  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %guarded, label %join
guarded:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @bypass_sh, align 4
  br label %join
join:
  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 0)
  store ptr addrspacecast (ptr addrspace(3) @bypass_sh to ptr), ptr %args, align 8
  %a1 = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @bypass_mt, ptr @bypass_wrapper, ptr %args, i64 2, i32 0)
  br label %done
done:
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @bypass_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @bypass_wrapper(i16 %a, i32 %b) {
  ret void
}

; Captured stack slots (the form of CPU device code: __kmpc_fork_call passes
; the address of the caller's slot; the rule is the same on every target):
; one store before the call, read only, is the value (slot_ok, a load of
; its low 32 bits); anything else keeps the original.
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr)

define weak_odr protected ptx_kernel void @slot_ok(i64 %w, ptr %out) {
entry:
  %slot = alloca i64, align 8
  store i64 %w, ptr %slot, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 2, ptr @slot_ok_mt, ptr %slot, ptr %out)
  ret void
}

define internal void @slot_ok_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 8
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define weak_odr protected ptx_kernel void @slot_twice(i64 %w, ptr %out) {
entry:
  %slot = alloca i64, align 8
  store i64 %w, ptr %slot, align 8
  store i64 3, ptr %slot, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 2, ptr @slot_twice_mt, ptr %slot, ptr %out)
  ret void
}

define internal void @slot_twice_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 8
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define weak_odr protected ptx_kernel void @slot_escape(i64 %w, ptr %out) {
entry:
  %slot = alloca i64, align 8
  store i64 %w, ptr %slot, align 8
  call void @sink(ptr %slot)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 2, ptr @slot_escape_mt, ptr %slot, ptr %out)
  ret void
}

define internal void @slot_escape_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 8
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define weak_odr protected ptx_kernel void @slot_after(i64 %w, ptr %out) {
entry:
  %slot = alloca i64, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 2, ptr @slot_after_mt, ptr %slot, ptr %out)
  store i64 %w, ptr %slot, align 8
  ret void
}

define internal void @slot_after_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 8
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define weak_odr protected ptx_kernel void @slot_lifetime(i64 %w, ptr %out) {
entry:
  %slot = alloca i64, align 8
  store i64 %w, ptr %slot, align 8
  br label %next
next:
  call void @llvm.lifetime.start.p0(i64 8, ptr %slot)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 2, ptr @slot_lifetime_mt, ptr %slot, ptr %out)
  ret void
}

define internal void @slot_lifetime_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 8
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define weak_odr protected ptx_kernel void @slot_writer(i64 %w, ptr %out) {
entry:
  %slot = alloca i64, align 8
  store i64 %w, ptr %slot, align 8
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 2, ptr @slot_writer_mt, ptr %slot, ptr %out)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @id, i32 1, ptr @other_writer, ptr %slot)
  ret void
}

define internal void @slot_writer_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 8
  %q = udiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}
