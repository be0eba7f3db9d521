/*
 * md_omp_wrap.h -- the wrappers a kernel clone of a generic-mode OpenMP
 * kernel needs (md_omp_wrap.c).
 */
#ifndef MAGICDIV_MD_OMP_WRAP_H
#define MAGICDIV_MD_OMP_WRAP_H

#include <llvm-c/Core.h>

/* ---- The wrapper function a kernel clone of a generic-mode OpenMP kernel
 * needs for each parallel region it starts with a clone of the microtask
 * (why: md_omp_generic.h).
 *
 * md_omp_redirect (md_omp_redirect.h) tags such a parallel call of the clone;
 * md_omp_wrappers_make then gives each tagged call's wrapper W a new one,
 * `<W>.magicdiv.N`, that does what clang's wrapper does at -O0 --
 *
 *   %tid = alloca i32; %zero = alloca i32; %ga = alloca ptr
 *   store i32 %1, %tid; store i32 0, %zero
 *   call void @__kmpc_get_shared_variables(ptr %ga)
 *   call void @microtask.clone(ptr %tid, ptr %zero, slot 0, ..., slot n-1)
 *
 * with every slot the call passes (the original ones and the magic values
 * after them) -- and replaces, in the clone only, every use of W (and of
 * its state-machine ID `W.ID`, then by a new `<W'>.ID`): the parallel
 * call's wrapper operand, the state machine's compares and direct calls.
 */
#define MD_OMP_WRAP_MAX 8 /* wrappers made for one kernel clone */

/* What md_omp_wrappers_make made, to undo. */
typedef struct md_omp_wraps {
  LLVMValueRef old_fn[MD_OMP_WRAP_MAX], new_fn[MD_OMP_WRAP_MAX];
  LLVMValueRef old_id[MD_OMP_WRAP_MAX], new_id[MD_OMP_WRAP_MAX];
  unsigned n;
} md_omp_wraps;

/* Tag call (a parallel call of a clone just started with its microtask's
 * clone, in a generic-mode kernel): its wrapper must be replaced. */
void md_omp_wrapper_tag(LLVMValueRef call);

/* 1 if call (a parallel call in a clone) is in a kernel that stays in
 * generic mode and names a wrapper: the workers run it. */
int md_omp_wrapper_runs(LLVMValueRef call);

/* The tagged parallel calls of clone get wrappers of their own (see
 * above).  0 (w receives what was made; nothing if none was tagged), or
 * -1: a use not understood, too many wrappers, out of memory -- nothing
 * changed. */
int md_omp_wrappers_make(LLVMValueRef clone, md_omp_wraps *w);

/* Undo md_omp_wrappers_make: the clone uses the original wrappers and IDs
 * again, the new ones are deleted. */
void md_omp_wrappers_undo(md_omp_wraps *w);

/* 0 if the wrappers made verify (when there are any), else -1. */
int md_omp_wrappers_verify(const md_omp_wraps *w);

#endif
