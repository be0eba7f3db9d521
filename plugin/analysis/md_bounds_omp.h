/*
 * md_bounds_omp.h -- the OpenMP rules of md_bounds (md_bounds_omp.c),
 * private to the md_bounds*.c files: an argument of a microtask bounded as
 * the captured value the kernel passes, and the bounds that the device
 * runtime's static-init calls write.
 */
#ifndef MAGICDIV_MD_BOUNDS_OMP_H
#define MAGICDIV_MD_BOUNDS_OMP_H
#include <llvm-c/Core.h>
#include "analysis/md_bounds.h"
/* md_bounds_of (md_bounds_rules.h), passed in by the rules that call these:
 * the bound of a value at a use point. */
typedef int (*md_bounds_of_fn)(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                               int depth);
/* The bound of argument `arg` of b's function, started by b->call (an
 * analysis made by md_bounds_init_callee): the call's operand bounded at
 * the call in the parent's analysis.  A node, or -1. */
int md_bounds_callee_arg(md_bounds *b, LLVMValueRef arg, md_bounds_of_fn of);
/* The bound of `ld`, a load from a slot of a GPU static-init call
 * (__kmpc_for_static_init_4/8, __kmpc_distribute_static_init_4/8): 2^(w-1)
 * - 1 (the value is >= 0) with the guards the argument needs, or -1 when
 * the rule does not apply (or b->omp_contract is off). */
int md_bounds_omp_load(md_bounds *b, LLVMValueRef ld, int depth,
                       md_bounds_of_fn of);
#endif
