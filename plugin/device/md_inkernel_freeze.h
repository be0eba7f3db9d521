/*
 * md_inkernel_freeze.h -- a frozen dividend rebuilt over frozen roots
 * (md_inkernel_freeze.c; docs/MATH.md 11.2): the sign guard tests a frozen
 * value as itself, so each element's `freeze(x_j)` of Inductor's index
 * math would be one more value to test; pushed down to the roots of x_j's
 * index math (the loop's PHI, an argument), the elements share them.
 */
#ifndef MAGICDIV_MD_INKERNEL_FREEZE_H
#define MAGICDIV_MD_INKERNEL_FREEZE_H

#include <llvm-c/Core.h>

#include "support/md_map.h"

/* v's index math rebuilt so that it is never poison: each instruction of
 * it that is an add, sub, mul, and, or, xor, shift by a constant below
 * the width, sext, zext or insertelement at a constant lane is copied
 * (right after itself) without its poison-generating flags (nsw, nuw,
 * exact, disjoint, nneg) over its operands rebuilt, or kept where nothing
 * in it changes; anything else (a PHI, a load, an argument without
 * noundef, a call, an undefined lane) is a root, frozen once (after its
 * definition: the first non-PHI of its block, or the function's entry)
 * -- at most 8 deep (a vector's chain of lanes counts no level) and 256
 * values, the rest roots too (fn: v's function).  The result equals v wherever v
 * is not poison, and is one value `freeze(v)` may take where it is: so it
 * may replace a `freeze(v)` everywhere.  map (orig -> rebuilt) is shared
 * by the calls of one kernel: a root is frozen once, a value rebuilt once.
 * NULL where a root has no point after it (a terminator's value); what
 * was built then is left unused. */
LLVMValueRef md_freeze_rebuild(LLVMBuilderRef b, LLVMValueRef fn,
                               LLVMValueRef v, md_map *map);

/* Replace freeze fr everywhere by md_freeze_rebuild of its operand and
 * erase it.  0, or -1 (md_freeze_rebuild's NULL: fr left as it was). */
int md_freeze_push(LLVMBuilderRef b, LLVMValueRef fr, md_map *map);

#endif
