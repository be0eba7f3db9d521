; Generic-mode OpenMP regions, first those that the transform must leave alone
; (md_omp_generic.c): each kernel below has the shape OpenMPOpt gives an
; SPMD-ized generic kernel (a team-shared variable stored by thread 0 in a
; guarded block, a team barrier, then __kmpc_parallel_60 with a wrapper
; function) but one thing that keeps the captured divisor unproven, or a
; generic execution mode in which the workers run a wrapper that is not
; clang's (`generic`: not named `<microtask>_wrapper`; generic-mode kernels
; proper: the second part) or an unknown mode.  Only the
; control kernels `ok` and `slot_ok` get a clone; every other one keeps its
; original, with a remark saying why.  The second part (after `slot_writer`)
; is the generic-mode kernels proper: controls `gen_ok`, `sm_ok`, `sm_id`.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s | %FileCheck --check-prefix=IR %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %FileCheck --check-prefix=M1 %s < %t.ll
; RUN: %llc -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -c -arch=sm_90 %t.ptx -o %t.o %}

; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'ok' cloned as 'ok__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'generic_mt' (called from kernel 'generic') left alone: it is a generic-mode parallel region whose wrapper is not clang's wrapper of its function ('<function>_wrapper', internal, void(i16, i32))
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'noenv_mt' (called from kernel 'noenv') left alone: it is a generic-mode parallel region (its workers call it through a wrapper function)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'twice_mt', called from kernel 'twice')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose address escapes (in device function 'escapes_mt', called from kernel 'escapes')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that a parallel region may write or whose address escapes (in device function 'addr_mt', called from kernel 'addr')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that a parallel region may write or whose address escapes (in device function 'other_mt', called from kernel 'other')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded through a pointer argument that the device function writes through or lets escape (in device function 'writes_mt', called from kernel 'writes')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'unguarded_mt', called from kernel 'unguarded')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'nobarrier_mt', called from kernel 'nobarrier')
; A guarded store in a loop: its value is launch-invariant, so every
; iteration stores the same value before its barrier (`loop`); a value that
; changes per iteration is not invariant (gen_loop).
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'loop' cloned as 'loop__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is neither a stack slot nor a team-shared variable of the caller (in device function 'init_mt', called from kernel 'init')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is neither a stack slot nor a team-shared variable of the caller (in device function 'device_mt', called from kernel 'device')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'offset_mt', called from kernel 'offset')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'bypass_mt', called from kernel 'bypass')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'slot_ok' cloned as 'slot_ok__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'slot_twice_mt', called from kernel 'slot_twice')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object whose address escapes (in device function 'slot_escape_mt', called from kernel 'slot_escape')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'slot_after_mt', called from kernel 'slot_after')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'slot_lifetime_mt', called from kernel 'slot_lifetime')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: udiv i32 left alone: divisor is loaded from a captured object that a parallel region may write (in device function 'slot_writer_mt', called from kernel 'slot_writer')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'gen_ok' cloned as 'gen_ok__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'sm_ok' cloned as 'sm_ok__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'sm_id' cloned as 'sm_id__magicdiv': 1 division site(s)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'gen_used_mt' (called from kernel 'gen_used') left alone: its wrapper function is used by more than the parallel call in a kernel with the runtime's state machine
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'sm_form_mt' (called from kernel 'sm_form') left alone: its wrapper function is used in a way not understood (neither the parallel call nor the state machine's compares and direct calls)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'gen_second_mt' (called from kernel 'gen_second') left alone: its wrapper function is used by another parallel call
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'gen_outside_mt' (called from kernel 'gen_outside') left alone: its wrapper function is used outside its kernel
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'gen_full_mt' (called from kernel 'gen_full') left alone: it is a generic-mode parallel region that already passes the 64 captured values the device runtime can pass (no slot is left for a magic value)
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: kernel 'gen_many' left alone: the parallel region 'gen_many_mt' cannot be started with its clone: its 63 captured value(s) and 2 slot(s) of packed magic values would pass the 64 argument slots of the device runtime's invokeMicrotask
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'gen_id_mt' (called from kernel 'gen_id') left alone: its wrapper operand is a state-machine ID in a kernel with the runtime's state machine
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv in device function 'gen_gsm_mt' (called from kernel 'gen_gsm') left alone: it is a generic-mode parallel region whose kernel's state machine is not known
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'gen_nodom_mt', called from kernel 'gen_nodom')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that is not stored exactly once (in device function 'gen_twice_mt', called from kernel 'gen_twice')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is a PHI (differs across control flow) (in device function 'gen_loop_mt', called from kernel 'gen_loop')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object whose store is not known to come before the parallel region (in device function 'gen_worker_mt', called from kernel 'gen_worker')
; CHECK-DAG: remark: <unknown>:0:0: magicdiv: sdiv i32 left alone: divisor is loaded from a captured object that a parallel region may write or whose address escapes (in device function 'gen_writer_mt', called from kernel 'gen_writer')
; IR: define weak_odr protected ptx_kernel void @ok__magicdiv(
; IR: define weak_odr protected ptx_kernel void @loop__magicdiv(
; IR: define weak_odr protected ptx_kernel void @slot_ok__magicdiv(
; IR: define weak_odr protected ptx_kernel void @gen_ok__magicdiv(
; IR: define weak_odr protected ptx_kernel void @sm_ok__magicdiv(
; IR: define weak_odr protected ptx_kernel void @sm_id__magicdiv(
; IR-NOT: __magicdiv(

; The runtime's state machine (gen_ok): the clone's parallel call names the
; new wrapper and passes 2 + 1 slots (m, a, s packed); the wrapper reads them all from the
; sharing space and calls the microtask's clone with &tid, &0 and the slots;
; the clone's environment keeps generic mode and the generic state machine.
; OpenMPOpt's state machine comparing with the wrapper (sm_ok): in the clone
; the compare, the direct call and the parallel call name the new wrapper,
; the fallback stays; the original keeps its own.  With the wrapper's ID and
; no fallback (sm_id): a new ID for the new wrapper.
; M1-DAG: @gen_ok__magicdiv_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1,
; M1-DAG: @sm_ok__magicdiv_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 1,
; M1-DAG: @sm_id_mt_wrapper.magicdiv.0.ID = private constant i8 undef
; M1-LABEL: define weak_odr protected ptx_kernel void @gen_ok(
; M1: call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_ok_mt, ptr @gen_ok_mt_wrapper, ptr %args, i64 2, i32 0)
; M1-LABEL: define weak_odr protected ptx_kernel void @sm_ok(
; M1: icmp eq ptr %worker.work_fn, @sm_ok_mt_wrapper
; M1: call void @sm_ok_mt_wrapper(i16 0, i32 %init)
; M1: call void @__kmpc_parallel_60({{.*}}, ptr @sm_ok_mt, ptr @sm_ok_mt_wrapper, ptr %args, i64 2, i32 0)
; M1-LABEL: define weak_odr protected ptx_kernel void @sm_id(
; M1: call void @sm_id_mt_wrapper(i16 0, i32 %init)
; M1: call void @__kmpc_parallel_60({{.*}}, ptr @sm_id_mt, ptr @sm_id_mt_wrapper.ID, ptr %args, i64 2, i32 0)
; M1-LABEL: define weak_odr protected ptx_kernel void @gen_ok__magicdiv(
; M1: call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_ok_mt.magicdiv.0, ptr @gen_ok_mt_wrapper.magicdiv.0, ptr %{{.*}}, i64 3, i32 0)
; M1-NOT: gen_ok_mt_wrapper{{[,)]}}
; M1-LABEL: define internal void @gen_ok_mt_wrapper.magicdiv.0(i16 zeroext %0, i32 %1)
; M1: [[TID:%[a-z0-9._]+]] = alloca i32, align 4
; M1-NEXT: [[ZERO:%[a-z0-9._]+]] = alloca i32, align 4
; M1-NEXT: [[GA:%[a-z0-9._]+]] = alloca ptr, align 8
; M1-NEXT: store i32 %1, ptr [[TID]], align 4
; M1-NEXT: store i32 0, ptr [[ZERO]], align 4
; M1-NEXT: call void @__kmpc_get_shared_variables(ptr [[GA]])
; M1-NEXT: [[A:%[a-z0-9._]+]] = load ptr, ptr [[GA]], align 8
; M1-NEXT: [[P0:%[a-z0-9._]+]] = getelementptr ptr, ptr [[A]], i64 0
; M1-NEXT: [[S0:%[a-z0-9._]+]] = load ptr, ptr [[P0]], align 8
; M1-NEXT: [[P1:%[a-z0-9._]+]] = getelementptr ptr, ptr [[A]], i64 1
; M1-NEXT: [[S1:%[a-z0-9._]+]] = load ptr, ptr [[P1]], align 8
; M1-NEXT: [[P2:%[a-z0-9._]+]] = getelementptr ptr, ptr [[A]], i64 2
; M1-NEXT: [[S2:%[a-z0-9._]+]] = load ptr, ptr [[P2]], align 8
; M1-NEXT: [[M2:%[a-z0-9._]+]] = ptrtoint ptr [[S2]] to i64
; M1-NEXT: call void @gen_ok_mt.magicdiv.0(ptr [[TID]], ptr [[ZERO]], ptr [[S0]], ptr [[S1]], i64 [[M2]])
; M1-NEXT: ret void
; M1-LABEL: define weak_odr protected ptx_kernel void @sm_ok__magicdiv(
; M1: icmp eq ptr %worker.work_fn, @sm_ok_mt_wrapper.magicdiv.0
; M1: call void @sm_ok_mt_wrapper.magicdiv.0(i16 0, i32 %init)
; M1: call void %worker.work_fn(i16 0, i32 %init)
; M1: call void @__kmpc_parallel_60({{.*}}, ptr @sm_ok_mt.magicdiv.0, ptr @sm_ok_mt_wrapper.magicdiv.0, ptr %{{.*}}, i64 3, i32 0)
; M1-NOT: @sm_ok_mt_wrapper{{[,)]}}
; M1-LABEL: define internal void @sm_ok_mt_wrapper.magicdiv.0(
; M1: call void @sm_ok_mt.magicdiv.0(
; M1-LABEL: define weak_odr protected ptx_kernel void @sm_id__magicdiv(
; M1: call void @sm_id_mt_wrapper.magicdiv.0(i16 0, i32 %init)
; M1: call void @__kmpc_parallel_60({{.*}}, ptr @sm_id_mt.magicdiv.0, ptr @sm_id_mt_wrapper.magicdiv.0.ID, ptr %{{.*}}, i64 3, i32 0)
; M1-NOT: __magicdiv(

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
; execution mode 1, the wrapper not named after the microtask
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
  %i = phi i32 [ 0, %entry ], [ %i1, %join ]
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
  %i1 = add i32 %i, 1
  %again = icmp ult i32 %i1, 4
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

; ---- Parallel regions of OpenMP kernels that stay in generic execution mode
; (ExecMode 1): the workers run the region through its wrapper function,
; found by the runtime's state machine (UseGenericStateMachine = 1) or by
; OpenMPOpt's custom one in the kernel (compares of the work function with
; the wrapper, or with its `.ID`, and direct calls of it).  The kernel clone
; gets a wrapper of its own that calls the microtask's clone with every slot
; (md_omp_generic.c, md_omp_wrap.c).  The state machines below are written
; after OpenMPOpt's buildCustomStateMachine and rewriteDeviceCodeStateMachine
; (llvm/lib/Transforms/IPO/OpenMPOpt.cpp): this LLVM cannot build them
; without a GPU device runtime.  Only gen_ok, sm_ok and sm_id get a clone;
; every other kernel keeps its original, with a remark saying why.
declare void @__kmpc_get_shared_variables(ptr)
declare i32 @__kmpc_get_hardware_num_threads_in_block()
declare i32 @__kmpc_get_warp_size()
declare void @__kmpc_barrier_simple_generic(ptr, i32)
declare i1 @__kmpc_kernel_parallel(ptr)
declare void @__kmpc_kernel_end_parallel()
declare i1 @cond()
@gen_ok_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_ok_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_ok(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_ok_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_ok_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_ok_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_ok_mt, ptr @gen_ok_mt_wrapper, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @gen_ok_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_ok_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_used_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_used_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_used(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_used_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_used_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_used_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @sink(ptr @gen_used_mt_wrapper)
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_used_mt, ptr @gen_used_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_used_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_used_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_second_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_second_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_second(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_second_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_second_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_second_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_second_mt, ptr @gen_second_mt_wrapper, ptr %args, i64 2, i32 0)
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_second_mt, ptr @gen_second_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_second_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_second_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_outside_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_outside_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_outside(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_outside_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_outside_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_outside_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_outside_mt, ptr @gen_outside_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_outside_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_outside_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}

define void @keeps_wrapper() {
  call void @sink(ptr @gen_outside_mt_wrapper)
  ret void
}
@gen_full_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_full_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_full(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [64 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_full_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_full_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_full_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_full_mt, ptr @gen_full_mt_wrapper, ptr %args, i64 64, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_full_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out, ptr %x0, ptr %x1, ptr %x2, ptr %x3, ptr %x4, ptr %x5, ptr %x6, ptr %x7, ptr %x8, ptr %x9, ptr %x10, ptr %x11, ptr %x12, ptr %x13, ptr %x14, ptr %x15, ptr %x16, ptr %x17, ptr %x18, ptr %x19, ptr %x20, ptr %x21, ptr %x22, ptr %x23, ptr %x24, ptr %x25, ptr %x26, ptr %x27, ptr %x28, ptr %x29, ptr %x30, ptr %x31, ptr %x32, ptr %x33, ptr %x34, ptr %x35, ptr %x36, ptr %x37, ptr %x38, ptr %x39, ptr %x40, ptr %x41, ptr %x42, ptr %x43, ptr %x44, ptr %x45, ptr %x46, ptr %x47, ptr %x48, ptr %x49, ptr %x50, ptr %x51, ptr %x52, ptr %x53, ptr %x54, ptr %x55, ptr %x56, ptr %x57, ptr %x58, ptr %x59, ptr %x60, ptr %x61) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_full_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_many_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_many_sh = internal addrspace(3) global [8 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_many(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [63 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_many_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  store i64 %w, ptr addrspace(3) @gen_many_sh, align 8
  store ptr addrspacecast (ptr addrspace(3) @gen_many_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_many_mt, ptr @gen_many_mt_wrapper, ptr %args, i64 63, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_many_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out, ptr %x0, ptr %x1, ptr %x2, ptr %x3, ptr %x4, ptr %x5, ptr %x6, ptr %x7, ptr %x8, ptr %x9, ptr %x10, ptr %x11, ptr %x12, ptr %x13, ptr %x14, ptr %x15, ptr %x16, ptr %x17, ptr %x18, ptr %x19, ptr %x20, ptr %x21, ptr %x22, ptr %x23, ptr %x24, ptr %x25, ptr %x26, ptr %x27, ptr %x28, ptr %x29, ptr %x30, ptr %x31, ptr %x32, ptr %x33, ptr %x34, ptr %x35, ptr %x36, ptr %x37, ptr %x38, ptr %x39, ptr %x40, ptr %x41, ptr %x42, ptr %x43, ptr %x44, ptr %x45, ptr %x46, ptr %x47, ptr %x48, ptr %x49, ptr %x50, ptr %x51, ptr %x52, ptr %x53, ptr %x54, ptr %x55, ptr %x56, ptr %x57, ptr %x58, ptr %x59, ptr %x60) {
  %n = load i64, ptr %out, align 8
  %w = load i64, ptr %wp, align 8
  %q = sdiv i64 %n, %w
  store i64 %q, ptr %out
  ret void
}

define internal void @gen_many_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_id_mt_wrapper.ID = private constant i8 undef
@gen_id_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_id_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_id(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_id_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_id_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_id_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_id_mt, ptr @gen_id_mt_wrapper.ID, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_id_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_id_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_gsm_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 7, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_gsm_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_gsm(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_gsm_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_gsm_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_gsm_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_gsm_mt, ptr @gen_gsm_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_gsm_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_gsm_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_nodom_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_nodom_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_nodom(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_nodom_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %c = call i1 @cond()
  br i1 %c, label %st, label %go2
st:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_nodom_sh, align 4
  br label %go2
go2:
  store ptr addrspacecast (ptr addrspace(3) @gen_nodom_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_nodom_mt, ptr @gen_nodom_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_nodom_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_nodom_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_twice_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_twice_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_twice(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_twice_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_twice_sh, align 4
  store i32 7, ptr addrspace(3) @gen_twice_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_twice_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_twice_mt, ptr @gen_twice_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_twice_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_twice_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_loop_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_loop_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_loop(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_loop_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  br label %loop
loop:
  %i = phi i64 [ 0, %user ], [ %i1, %loop ]
  %wi = add i64 %w, %i
  %w32 = trunc i64 %wi to i32
  store i32 %w32, ptr addrspace(3) @gen_loop_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_loop_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_loop_mt, ptr @gen_loop_mt_wrapper, ptr %args, i64 2, i32 0)
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, 4
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define internal void @gen_loop_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_loop_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_worker_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_worker_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_worker(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_worker_sh, align 4
  %init = call i32 @__kmpc_target_init(ptr @gen_worker_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  store ptr addrspacecast (ptr addrspace(3) @gen_worker_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_worker_mt, ptr @gen_worker_mt_wrapper, ptr %args, i64 2, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_worker_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_worker_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@gen_writer_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@gen_writer_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @gen_writer(ptr %dyn, i64 %w, ptr %out) {
entry:
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @gen_writer_kernel_environment, ptr %dyn)
  %go = icmp eq i32 %init, -1
  br i1 %go, label %user, label %exit
user:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @gen_writer_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @gen_writer_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_writer_mt, ptr @gen_writer_mt_wrapper, ptr %args, i64 2, i32 0)
  %args2 = alloca [1 x ptr], align 8
  store ptr addrspacecast (ptr addrspace(3) @gen_writer_sh to ptr), ptr %args2, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @gen_writer2_mt, ptr @gen_writer2_mt_wrapper, ptr %args2, i64 1, i32 0)
  br label %exit
exit:
  ret void
}

define internal void @gen_writer_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @gen_writer_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}

define internal void @gen_writer2_mt(ptr %gtid, ptr %btid, ptr %wp) {
  store i32 0, ptr %wp
  ret void
}

define internal void @gen_writer2_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@sm_ok_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@sm_ok_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @sm_ok(ptr %dyn, i64 %w, ptr %out) {
entry:
  %worker.work_fn.addr = alloca ptr, align 8
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @sm_ok_kernel_environment, ptr %dyn)
  %thread.is_worker = icmp ne i32 %init, -1
  br i1 %thread.is_worker, label %is_worker_check, label %thread.user_code.check
is_worker_check:
  %block.hw_size = call i32 @__kmpc_get_hardware_num_threads_in_block()
  %warp.size = call i32 @__kmpc_get_warp_size()
  %block.size = sub i32 %block.hw_size, %warp.size
  %thread.is_main_or_worker = icmp slt i32 %init, %block.size
  br i1 %thread.is_main_or_worker, label %worker_state_machine.begin, label %worker_state_machine.finished
worker_state_machine.begin:
  call void @__kmpc_barrier_simple_generic(ptr @id, i32 %init)
  %worker.is_active = call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr)
  %worker.work_fn = load ptr, ptr %worker.work_fn.addr, align 8
  %worker.is_done = icmp eq ptr %worker.work_fn, null
  br i1 %worker.is_done, label %worker_state_machine.finished, label %worker_state_machine.is_active.check
worker_state_machine.finished:
  ret void
worker_state_machine.is_active.check:
  br i1 %worker.is_active, label %worker_state_machine.parallel_region.check, label %worker_state_machine.done.barrier
worker_state_machine.parallel_region.check:
  %worker.check_parallel_region = icmp eq ptr %worker.work_fn, @sm_ok_mt_wrapper
  br i1 %worker.check_parallel_region, label %worker_state_machine.parallel_region.execute, label %worker_state_machine.parallel_region.fallback.execute
worker_state_machine.parallel_region.execute:
  call void @sm_ok_mt_wrapper(i16 0, i32 %init)
  br label %worker_state_machine.parallel_region.end
worker_state_machine.parallel_region.fallback.execute:
  call void %worker.work_fn(i16 0, i32 %init)
  br label %worker_state_machine.parallel_region.end
worker_state_machine.parallel_region.end:
  call void @__kmpc_kernel_end_parallel()
  br label %worker_state_machine.done.barrier
worker_state_machine.done.barrier:
  call void @__kmpc_barrier_simple_generic(ptr @id, i32 %init)
  br label %worker_state_machine.begin
thread.user_code.check:
  %exec_user_code = icmp eq i32 %init, -1
  br i1 %exec_user_code, label %user_code.entry, label %exit
user_code.entry:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @sm_ok_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @sm_ok_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @sm_ok_mt, ptr @sm_ok_mt_wrapper, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @sm_ok_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @sm_ok_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@sm_id_mt_wrapper.ID = private constant i8 undef
@sm_id_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@sm_id_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @sm_id(ptr %dyn, i64 %w, ptr %out) {
entry:
  %worker.work_fn.addr = alloca ptr, align 8
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @sm_id_kernel_environment, ptr %dyn)
  %thread.is_worker = icmp ne i32 %init, -1
  br i1 %thread.is_worker, label %is_worker_check, label %thread.user_code.check
is_worker_check:
  %block.hw_size = call i32 @__kmpc_get_hardware_num_threads_in_block()
  %warp.size = call i32 @__kmpc_get_warp_size()
  %block.size = sub i32 %block.hw_size, %warp.size
  %thread.is_main_or_worker = icmp slt i32 %init, %block.size
  br i1 %thread.is_main_or_worker, label %worker_state_machine.begin, label %worker_state_machine.finished
worker_state_machine.begin:
  call void @__kmpc_barrier_simple_generic(ptr @id, i32 %init)
  %worker.is_active = call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr)
  %worker.work_fn = load ptr, ptr %worker.work_fn.addr, align 8
  %worker.is_done = icmp eq ptr %worker.work_fn, null
  br i1 %worker.is_done, label %worker_state_machine.finished, label %worker_state_machine.is_active.check
worker_state_machine.finished:
  ret void
worker_state_machine.is_active.check:
  br i1 %worker.is_active, label %worker_state_machine.parallel_region.check, label %worker_state_machine.done.barrier
worker_state_machine.parallel_region.check:
  br i1 true, label %worker_state_machine.parallel_region.execute, label %worker_state_machine.parallel_region.fallback.execute
worker_state_machine.parallel_region.execute:
  call void @sm_id_mt_wrapper(i16 0, i32 %init)
  br label %worker_state_machine.parallel_region.end
worker_state_machine.parallel_region.fallback.execute:
  call void %worker.work_fn(i16 0, i32 %init)
  br label %worker_state_machine.parallel_region.end
worker_state_machine.parallel_region.end:
  call void @__kmpc_kernel_end_parallel()
  br label %worker_state_machine.done.barrier
worker_state_machine.done.barrier:
  call void @__kmpc_barrier_simple_generic(ptr @id, i32 %init)
  br label %worker_state_machine.begin
thread.user_code.check:
  %exec_user_code = icmp eq i32 %init, -1
  br i1 %exec_user_code, label %user_code.entry, label %exit
user_code.entry:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @sm_id_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @sm_id_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @sm_id_mt, ptr @sm_id_mt_wrapper.ID, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @sm_id_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @sm_id_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
@sm_form_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 0, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @id, ptr null }
@sm_form_sh = internal addrspace(3) global [4 x i8] poison, align 16

define weak_odr protected ptx_kernel void @sm_form(ptr %dyn, i64 %w, ptr %out) {
entry:
  %worker.work_fn.addr = alloca ptr, align 8
  %args = alloca [2 x ptr], align 8
  %init = call i32 @__kmpc_target_init(ptr @sm_form_kernel_environment, ptr %dyn)
  %thread.is_worker = icmp ne i32 %init, -1
  br i1 %thread.is_worker, label %is_worker_check, label %thread.user_code.check
is_worker_check:
  %block.hw_size = call i32 @__kmpc_get_hardware_num_threads_in_block()
  %warp.size = call i32 @__kmpc_get_warp_size()
  %block.size = sub i32 %block.hw_size, %warp.size
  %thread.is_main_or_worker = icmp slt i32 %init, %block.size
  br i1 %thread.is_main_or_worker, label %worker_state_machine.begin, label %worker_state_machine.finished
worker_state_machine.begin:
  call void @__kmpc_barrier_simple_generic(ptr @id, i32 %init)
  %worker.is_active = call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr)
  %worker.work_fn = load ptr, ptr %worker.work_fn.addr, align 8
  %worker.is_done = icmp eq ptr %worker.work_fn, null
  br i1 %worker.is_done, label %worker_state_machine.finished, label %worker_state_machine.is_active.check
worker_state_machine.finished:
  ret void
worker_state_machine.is_active.check:
  br i1 %worker.is_active, label %worker_state_machine.parallel_region.check, label %worker_state_machine.done.barrier
worker_state_machine.parallel_region.check:
  %worker.check_parallel_region = icmp eq ptr %worker.work_fn, @sm_form_mt_wrapper
  br i1 %worker.check_parallel_region, label %worker_state_machine.parallel_region.execute, label %worker_state_machine.parallel_region.fallback.execute
worker_state_machine.parallel_region.execute:
  call void @sm_form_mt_wrapper(i16 1, i32 %init)
  br label %worker_state_machine.parallel_region.end
worker_state_machine.parallel_region.fallback.execute:
  call void %worker.work_fn(i16 0, i32 %init)
  br label %worker_state_machine.parallel_region.end
worker_state_machine.parallel_region.end:
  call void @__kmpc_kernel_end_parallel()
  br label %worker_state_machine.done.barrier
worker_state_machine.done.barrier:
  call void @__kmpc_barrier_simple_generic(ptr @id, i32 %init)
  br label %worker_state_machine.begin
thread.user_code.check:
  %exec_user_code = icmp eq i32 %init, -1
  br i1 %exec_user_code, label %user_code.entry, label %exit
user_code.entry:
  %w32 = trunc i64 %w to i32
  store i32 %w32, ptr addrspace(3) @sm_form_sh, align 4
  store ptr addrspacecast (ptr addrspace(3) @sm_form_sh to ptr), ptr %args, align 8
  %a1.args = getelementptr inbounds i8, ptr %args, i64 8
  store ptr %out, ptr %a1.args, align 8
  call void @__kmpc_parallel_60(ptr @id, i32 0, i32 1, i32 -1, i32 -1, ptr @sm_form_mt, ptr @sm_form_mt_wrapper, ptr %args, i64 2, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @sm_form_mt(ptr %gtid, ptr %btid, ptr %wp, ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load i32, ptr %wp, align 4
  %q = sdiv i32 %t, %w
  store i32 %q, ptr %out
  ret void
}

define internal void @sm_form_mt_wrapper(i16 zeroext %a, i32 %b) {
  ret void
}
