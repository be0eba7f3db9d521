/*
 * md_omp_redirect.h -- the parallel call of an OpenMP clone started with
 * its microtask's clone (md_omp_redirect.c).
 *
 *  - The copy of the __kmpc_parallel_60/51 call in the caller's clone gets
 *    a larger captured-values array, with the magic values in the slots
 *    after the original ones, and starts the microtask's clone
 *    (md_omp_redirect); __kmpc_fork_call/_teams a new call with them
 *    appended.
 *  - In a kernel that stays in generic mode, md_omp_redirect tags the
 *    call and md_omp_kernel_env gives the clone a wrapper of its own for
 *    it (md_omp_wrap.h).
 */
#ifndef MAGICDIV_MD_OMP_REDIRECT_H
#define MAGICDIV_MD_OMP_REDIRECT_H

#include <llvm-c/Core.h>

/* call (a parallel call, md_omp.h, in a clone) starts `microtask` with the
 * n values `extra` appended to its captured values.  0, or -1 (nothing
 * changed). */
int md_omp_redirect(LLVMValueRef call, LLVMValueRef microtask,
                    LLVMValueRef *extra, unsigned n);

/* extra[0..n) converted, before call, to types[0..n) (a microtask's clone
 * has its magic values as i64; a function it calls takes them at their own
 * width, and the other way round). */
void md_omp_fit_args(LLVMValueRef call, LLVMValueRef *extra,
                     const LLVMTypeRef *types, unsigned n);

#endif
