/*
 * md_range.h -- a small range analysis for dividends (md_range.c).
 *
 * It answers the two questions that pick the cheapest exact form of a
 * division site:
 *   md_range_nonneg: is the value >= 0 as a signed integer on every
 *                    execution where it is not poison?  (sdiv/srem can then
 *                    skip the absolute value and the sign of the dividend)
 *   md_range_fits_unsigned / md_range_fits_signed: does the value fit in
 *                    `bits` bits as an unsigned / signed integer?  (a
 *                    64-bit division of 32-bit values can use the 32-bit
 *                    sequence)
 * Sources of facts: constants, zext/and/lshr/urem/udiv bounds, nsw/nuw/nneg
 * flags, !range metadata and the known ranges of the NVPTX/AMDGPU thread
 * and block index intrinsics, PHIs (inductively), selects, and branch
 * conditions `x >= 0`, `x > c` (c >= -1), `x < y` with y >= 0 on an edge
 * that dominates the use (md_dom.h); and, where the caller tests them at
 * run time, values it takes as >= 0 (md_range.assume).
 * Anything else is "don't know" (the general form is used).
 */
#ifndef MAGICDIV_MD_RANGE_H
#define MAGICDIV_MD_RANGE_H

#include <llvm-c/Core.h>

#include "analysis/md_dom.h"
#include "support/md_map.h"

#define MD_RANGE_MAX_PHIS 16

/* The range analysis of one kernel: answers that depend on a value alone
 * are memoized for the kernel; every query is bounded by a depth cap and
 * a step budget (docs/DESIGN.md), past which the answer is "don't know". */
typedef struct md_range {
  const md_dom *dom;   /* the kernel's dominators (may be NULL: no branch
                          conditions are used) */
  md_map nonneg, fits_u, fits_s; /* answers about a value alone */
  md_map local;        /* non-negativity at the current query's use point */
  unsigned steps;      /* rule applications of the current query */
  int capped;          /* a cap was hit below the current rule */
  LLVMValueRef phis[MD_RANGE_MAX_PHIS]; /* PHIs assumed non-negative */
  int nphis;
  /* Optional (NULL: none): called for a value v >= 0 the rules cannot
   * show; 1 when the caller takes v >= 0 as a fact because it tests it
   * at run time before the use (md_inkernel.c's sign guard); never while
   * a PHI is assumed inductively (phis); a freeze is such a value (no
   * rule sees through it: md_range.c).  With it nothing is memoized (an
   * answer holds under the caller's tests only), and a rule that needs
   * one of two operands tries both without it first. */
  int (*assume)(void *ctx, LLVMValueRef v);
  void *assume_ctx;
  int no_assume;       /* inside such a first try */
} md_range;

void md_range_init(md_range *r, const md_dom *dom);
void md_range_release(md_range *r);

/* `at` is the instruction where the value is used (for dominating branch
 * conditions); may be NULL. */
int md_range_nonneg(md_range *r, LLVMValueRef v, LLVMValueRef at);
int md_range_fits_unsigned(md_range *r, LLVMValueRef v, unsigned bits);
/* Does the value fit in `bits` bits as a signed integer (sext of its low
 * `bits` bits gives it back)? */
int md_range_fits_signed(md_range *r, LLVMValueRef v, unsigned bits);

#endif
