/*
 * md_range.h -- a small range analysis for dividends (md_range.c).
 *
 * It answers the two questions that pick the cheapest exact form of a
 * division site:
 *   md_known_nonneg: is the value >= 0 as a signed integer on every
 *                    execution where it is not poison?  (sdiv/srem can then
 *                    skip the absolute value and the sign of the dividend)
 *   md_fits_unsigned / md_fits_signed: does the value fit in `bits` bits
 *                    as an unsigned / signed integer?  (a 64-bit division
 *                    of 32-bit values can use the 32-bit sequence)
 * Sources of facts: constants, zext/and/lshr/urem/udiv bounds, nsw/nuw/nneg
 * flags, !range metadata and the known ranges of the NVPTX/AMDGPU thread
 * and block index intrinsics, PHIs (inductively), selects, and dominating
 * branch conditions `x >= 0`, `x > c` (c >= -1), `x < y` with y >= 0.
 * Anything else is "don't know" (the general form is used).
 */
#ifndef MAGICDIV_MD_RANGE_H
#define MAGICDIV_MD_RANGE_H

#include <llvm-c/Core.h>

/* `at` is the instruction where the value is used (for dominating branch
 * conditions); may be NULL. */
int md_known_nonneg(LLVMValueRef v, LLVMValueRef at);
int md_fits_unsigned(LLVMValueRef v, unsigned bits);
/* Does the value fit in `bits` bits as a signed integer (sext of its low
 * `bits` bits gives it back)? */
int md_fits_signed(LLVMValueRef v, unsigned bits);

/* The unique predecessor of bb, or NULL.  A block reached from bb by
 * following unique predecessors dominates bb. */
LLVMBasicBlockRef md_single_pred(LLVMBasicBlockRef bb);

#endif
