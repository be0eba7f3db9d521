/*
 * md_omp_capture.h -- what a parallel region's microtask reads through a
 * pointer to an object of its caller (md_omp_capture.c).
 *
 * Captured scalars of generic-mode regions (and of every region of a CPU
 * device module, started by __kmpc_fork_call) are passed by reference: the
 * microtask gets a pointer to an object of the caller -- a stack slot, or a
 * team-shared global that OpenMPOpt made of a globalized variable -- and
 * loads the value.  md_omp_captured_value says which value such a load
 * reads, when it can be proven: the object is written by exactly one
 * store, which comes before the parallel call in every thread (in a
 * generic-mode kernel: the main thread's, md_omp_mode1_store_first), and
 * is only read everywhere else.
 */
#ifndef MAGICDIV_MD_OMP_CAPTURE_H
#define MAGICDIV_MD_OMP_CAPTURE_H

#include <llvm-c/Core.h>

/* The value that a load at byte `off` of `obj` (the object whose address
 * the parallel call `call` passes to its microtask; address-space casts
 * allowed) reads in the microtask: the value of the object's only store,
 * or NULL with *why saying why it is not known. */
LLVMValueRef md_omp_captured_value(LLVMValueRef call, LLVMValueRef obj,
                                   long long off, const char **why);

#endif
