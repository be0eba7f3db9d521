/*
 * md_omp_clone.h -- what a clone needs in OpenMP device code
 * (md_omp_clone.c; the analysis side is md_omp.h).
 *
 *  - The clone of a parallel region's microtask takes its magic values as
 *    pointer-sized (i64) arguments, as the device runtime passes every
 *    captured value; md_omp_narrow_params gives the clone's sites the
 *    values at their own width.
 *  - The copy of the __kmpc_parallel_60/51 call in the caller's clone gets
 *    a larger captured-values array, with the magic values in the slots
 *    after the original ones, and starts the microtask's clone
 *    (md_omp_redirect).
 *  - A kernel clone gets its own `<clone>_kernel_environment` (and
 *    `_dynamic_environment`), which libomptarget loads with each kernel
 *    by name and __kmpc_target_init reads (md_omp_kernel_env).
 */
#ifndef MAGICDIV_MD_OMP_CLONE_H
#define MAGICDIV_MD_OMP_CLONE_H

#include <llvm-c/Core.h>

#include "md_rewrite.h"

/* mv[0..n): every 64-bit magic parameter of a divisor narrower than 64
 * bits replaced by its truncation (in the clone's entry block). */
void md_omp_narrow_params(LLVMValueRef clone, md_magic_vals *mv,
                          unsigned n);

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

/* If kernel is an OpenMP kernel (__kmpc_target_init of its
 * `<kernel>_kernel_environment`), give clone an environment of its own
 * and make its __kmpc_target_init use it; *made receives the globals made
 * (two at most, to keep), *nmade their count.  0, or -1: the clone
 * cannot run as an OpenMP kernel (nothing was added). */
int md_omp_kernel_env(LLVMValueRef kernel, LLVMValueRef clone,
                      LLVMValueRef made[2], unsigned *nmade);

#endif
