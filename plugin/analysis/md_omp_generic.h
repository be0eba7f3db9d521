/*
 * md_omp_generic.h -- OpenMP parallel regions started with a wrapper
 * function, and captured values that reach the microtask by reference
 * (md_omp_generic.c; the parallel calls themselves are md_omp.h's).
 *
 * A parallel region of a kernel that clang compiles in generic mode is
 * started as
 *
 *   call void @__kmpc_parallel_60(..., ptr @microtask, ptr @wrapper,
 *                                 ptr %args, i64 nargs, ...)
 *
 * The device runtime calls the wrapper (through the workers' state
 * machine) only when the kernel runs in generic mode; in SPMD mode -- the
 * execution mode of the kernel environment has the SPMD bit, as for the
 * kernels OpenMPOpt turns into SPMD ones ("generic-SPMD", mode 3) -- every
 * thread calls the microtask itself with the captured-values array, and
 * the wrapper is never called.  So such a call is a call of its microtask
 * when it is in a kernel whose environment says SPMD -- or, in a kernel
 * that stays in generic mode (1), when md_omp_generic.h allows it (the kernel
 * clone then gets a wrapper of its own, md_omp_wrap.h).
 *
 * The values such a region's microtask reads through captured pointers:
 * md_omp_capture.h (it uses md_omp_spmd_store_first and
 * md_omp_mode1_store_first for the order of the stores).
 */
#ifndef MAGICDIV_MD_OMP_GENERIC_H
#define MAGICDIV_MD_OMP_GENERIC_H

#include <llvm-c/Core.h>


/* The call of __kmpc_target_init in f, or NULL. */
LLVMValueRef md_omp_target_init(LLVMValueRef f);

/* The fields of a kernel environment's configuration (md_omp_config_field)
 * and the execution mode of a kernel that stays generic. */
#define MD_OMP_CFG_GENERIC_SM 0 /* UseGenericStateMachine */
#define MD_OMP_CFG_EXEC_MODE 2  /* ExecMode */
#define MD_OMP_EXEC_GENERIC 1   /* OMP_TGT_EXEC_MODE_GENERIC */

/* The i8 field i of the configuration of kernel f's environment (read
 * from its __kmpc_target_init), or -1 if not known. */
int md_omp_config_field(LLVMValueRef f, unsigned i);

/* NULL if the parallel call (a __kmpc_parallel_60/51 with a wrapper
 * function) is in a kernel that runs in SPMD mode, so that the wrapper is
 * never called, or in a generic-mode kernel where md_omp_mode1_refusal
 * (md_omp_generic.h) allows it; else why it is left alone. */
const char *md_omp_wrapper_refusal(LLVMValueRef call);

/* The __kmpc_parallel_60/51 call whose wrapper operand is f -- one for
 * which f is clang's wrapper of its microtask (md_omp_wrapper_is_clangs)
 * if there is one -- or NULL if f is no such wrapper function. */
LLVMValueRef md_omp_wrapper_call(LLVMValueRef f);

/* md_omp_refusal (md_omp.h), and for a call with a wrapper function
 * md_omp_wrapper_refusal: NULL if the parallel call can be treated as a
 * call of its microtask, else why not. */
const char *md_omp_region_refusal(LLVMValueRef call);

/* 1 if store `st` of an SPMD kernel to a team-shared object comes before
 * instruction `use` (a parallel call, or a load) of the same kernel in
 * every thread: it is made by thread 0 in a block guarded by "hardware
 * thread id == 0" (as OpenMPOpt guards the sequential code of an SPMD
 * kernel), which continues at a team barrier that dominates `use`.  In a
 * loop too: the caller checks that the stored value is launch-invariant
 * (every execution stores the same value). */
int md_omp_spmd_store_first(LLVMValueRef st, LLVMValueRef use);

/* ---- Kernels that stay in generic execution mode (ExecMode 1), where the
 * workers run the region through its wrapper function.
 *
 * In such a kernel the main thread alone runs the kernel's code after
 * __kmpc_target_init returned -1 (offload/DeviceRTL/src/Kernel.cpp,
 * __kmpc_target_init: -1 only for the initial thread in generic mode).  At
 * __kmpc_parallel_60/51 it copies args[0..nargs) into the sharing space
 * (__kmpc_begin_sharing_variables), sets the team's work function to the
 * wrapper operand and releases the workers, which call wrapper(0, tid)
 * (Parallelism.cpp); clang's wrapper (`<microtask>_wrapper`,
 * CGOpenMPRuntimeGPU::createParallelDataSharingWrapper) reads the array
 * with __kmpc_get_shared_variables and calls the microtask with &tid, &0
 * and the slots -- as invokeMicrotask calls the microtask directly in the
 * serialized cases.  The workers find the work function through the
 * runtime's state machine (UseGenericStateMachine = 1: an indirect call)
 * or OpenMPOpt's custom one in the kernel (buildCustomStateMachine: the
 * work function compared with the known wrappers, or with their `.ID`
 * globals after rewriteDeviceCodeStateMachine, and the wrapper called
 * directly).  A kernel clone that starts the microtask's clone with more
 * slots therefore needs a wrapper of its own, in the parallel call and in
 * every compare and direct call of that state machine (md_omp_wrap.h).
 */

/* The wrapper function that the wrapper operand `op` of a parallel call
 * names: the function itself, or W for the state-machine ID `W.ID` (a
 * private constant i8 global); *id receives the ID or NULL.  NULL if
 * neither. */
LLVMValueRef md_omp_wrapper_of(LLVMValueRef op, LLVMValueRef *id);

/* 1 if the parallel call's wrapper operand names clang's data-sharing
 * wrapper of its microtask (`<microtask>_wrapper`, internal, void(i16,
 * i32)): running it is running the microtask on the sharing space. */
int md_omp_wrapper_is_clangs(LLVMValueRef call);

/* NULL if the parallel call, in a kernel whose execution mode is generic
 * (1), can be started with a clone of its microtask under a wrapper of the
 * clone's own: the wrapper is clang's, and every use of it (and of its ID)
 * is this call or a compare or direct call in the kernel's state machine;
 * else why not. */
const char *md_omp_mode1_refusal(LLVMValueRef call);

/* 1 if store `st` of a generic-mode kernel runs on the main thread only
 * (dominated by the `__kmpc_target_init == -1` edge), before instruction
 * `use` (a parallel call, or a load) of the same kernel (it dominates it).
 * In a loop too, as md_omp_spmd_store_first. */
int md_omp_mode1_store_first(LLVMValueRef st, LLVMValueRef use);

#endif
