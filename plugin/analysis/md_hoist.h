/*
 * md_hoist.h -- divisors the kernel itself can compute early (md_hoist.c):
 * values that are the same wherever the kernel computes them, so that a
 * copy computed once, at a point that dominates every use, equals each of
 * them.
 *
 * Such a value is built only from
 *   - integer arguments (a kernel's, or a device function's: fixed within
 *     one call) and integer constants;
 *   - loads at a constant, in-bounds address of a global that no thread
 *     writes: one in the constant address space (NVPTX / AMDGPU address
 *     space 4: CUDA and HIP `__constant__`), or a `constant` global; not
 *     volatile, not atomic;
 *   - the launch geometry (NVPTX ntid / nctaid special registers);
 *   - zext sext trunc, add sub mul shl lshr ashr and or xor, icmp, select,
 *     freeze, llvm.{s,u}{min,max} of such values (no division: a copy must not trap
 *     where the original did not run).
 * Unlike md_invariant.h it writes no program for the host: the kernel
 * recomputes the value, so loads from memory are fine.  Loads at a
 * constant address of a global are always safe to execute earlier.
 */
#ifndef MAGICDIV_MD_HOIST_H
#define MAGICDIV_MD_HOIST_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "analysis/md_kernels.h"
#include "support/md_map.h"

#define MD_HOIST_MAX_DEPTH 16 /* operator height of one value */

typedef struct md_hoist {
  LLVMValueRef fn;
  LLVMTargetDataRef td;
  md_target target;
  md_map copies;    /* value -> its copy, during one md_hoist_copy */
  const char *why;  /* why the last md_hoist_check failed (static) */
} md_hoist;

void md_hoist_init(md_hoist *h, LLVMValueRef fn, LLVMTargetDataRef td,
                   md_target t);
void md_hoist_release(md_hoist *h);

/* 1 if v qualifies (above); *reads (may be NULL) is set when v reads
 * memory (then the host cannot compute it at launch).  0 with h->why. */
int md_hoist_check(md_hoist *h, LLVMValueRef v, int *reads);

/* A copy of v (which passed md_hoist_check) computed with builder b,
 * positioned where the copy belongs; arguments and constants are
 * themselves.  Within one call a value shared by several operands is
 * copied once.  NULL when out of memory (what was built stays unused). */
LLVMValueRef md_hoist_copy(md_hoist *h, LLVMBuilderRef b, LLVMValueRef v);

#endif
