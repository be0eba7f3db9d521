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
 * when it is in a kernel whose environment says SPMD.
 *
 * Captured scalars of such regions (and of every region of a CPU device
 * module, started by __kmpc_fork_call) are passed by reference: the
 * microtask gets a pointer to an object of the caller -- a stack slot, or
 * a team-shared global that OpenMPOpt made of a globalized variable -- and
 * loads the value.  md_omp_captured_value says which value such a load
 * reads, when it can be proven: the object is written by exactly one
 * store, which comes before the parallel call in every thread, and is
 * only read everywhere else.
 */
#ifndef MAGICDIV_MD_OMP_GENERIC_H
#define MAGICDIV_MD_OMP_GENERIC_H

#include <llvm-c/Core.h>

/* The call of __kmpc_target_init in f, or NULL. */
LLVMValueRef md_omp_target_init(LLVMValueRef f);

/* NULL if the parallel call (a __kmpc_parallel_60/51 with a wrapper
 * function) is in a kernel that runs in SPMD mode, so that the wrapper is
 * never called; else why it is left alone. */
const char *md_omp_wrapper_refusal(LLVMValueRef call);

/* 1 if f is the wrapper function of a __kmpc_parallel_60/51 call. */
int md_omp_is_wrapper(LLVMValueRef f);

/* md_omp_refusal (md_omp.h), and for a call with a wrapper function
 * md_omp_wrapper_refusal: NULL if the parallel call can be treated as a
 * call of its microtask, else why not. */
const char *md_omp_region_refusal(LLVMValueRef call);

/* The value that a load at byte `off` of `obj` (the object whose address
 * the parallel call `call` passes to its microtask; address-space casts
 * allowed) reads in the microtask: the value of the object's only store,
 * or NULL with *why saying why it is not known. */
LLVMValueRef md_omp_captured_value(LLVMValueRef call, LLVMValueRef obj,
                                   long long off, const char **why);

#endif
