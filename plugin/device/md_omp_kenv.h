/*
 * md_omp_kenv.h -- the kernel environment of an OpenMP kernel clone
 * (md_omp_kenv.c).
 *
 *  - A kernel clone gets its own `<clone>_kernel_environment` (and
 *    `_dynamic_environment`), which libomptarget loads with each kernel
 *    by name and __kmpc_target_init reads (md_omp_kernel_env), and the
 *    wrappers of its generic-mode parallel regions (md_omp_wrap.h).
 */
#ifndef MAGICDIV_MD_OMP_KENV_H
#define MAGICDIV_MD_OMP_KENV_H

#include <llvm-c/Core.h>

#include "device/md_omp_wrap.h"

/* If kernel is an OpenMP kernel (__kmpc_target_init of its
 * `<kernel>_kernel_environment`), give clone an environment of its own
 * and make its __kmpc_target_init use it, and the wrappers its tagged
 * generic-mode parallel calls need (md_omp_wrappers_make; the clone and
 * they are verified when there are any); *made receives the globals made
 * (two at most, to keep; the kernel environment first, then the dynamic
 * one it names: delete them in this order), *nmade their count, *w the
 * wrappers (md_omp_wrappers_undo undoes them before the clone and its
 * microtask clones are deleted).  0, or -1: the clone cannot run as an
 * OpenMP kernel (nothing was added, w->n == 0). */
int md_omp_kernel_env(LLVMValueRef kernel, LLVMValueRef clone,
                      LLVMValueRef made[2], unsigned *nmade,
                      md_omp_wraps *w);

#endif
