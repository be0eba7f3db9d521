/*
 * md_tiers.h -- the plain tier (md_tiers.c): whether a kernel's clone
 * K__magicdiv bets on more than the launch geometry, so that a second
 * clone K__magicdiv_plain without the bets is worth building, and whether
 * the plain clone that was built differs from the first.  md_device.c
 * builds it (the device transform again, launch-ranges off).  Also the
 * pow2 tier's check: kept only beside a clone of the same parameters and
 * descriptor.
 */
#ifndef MAGICDIV_MD_TIERS_H
#define MAGICDIV_MD_TIERS_H

#include <llvm-c/Core.h>

#include "support/md_options.h"

/* 1 if kernel (just cloned as K__magicdiv) should also get a plain clone:
 * the options allow it and its descriptor bets on the sign of a value that
 * reads an argument (or, with tiers-wide, that a 64-bit one fits 32 bits).
 * 0 otherwise, with an analysis remark when the clone has requirements. */
int md_tiers_wanted(LLVMModuleRef m, const md_options *o, LLVMValueRef kernel);

/* After the plain clone was built (made = 1) or not: the remark that says
 * what happened.  1 when the plain clone is the same code as the first:
 * *pc and *pd are then the plain clone and its descriptor, to delete. */
int md_tiers_settle(LLVMModuleRef m, LLVMValueRef kernel, int made,
                    LLVMValueRef *pc, LLVMValueRef *pd);

/* The pow2 tier's descriptor while it is built: md_device.c builds the
 * tier as a clone like the others, then md_tiers_pow2_settle checks that
 * this descriptor is K__magicdiv's and deletes it (the tier has none of
 * its own, md_abi.h MD_POW2_SUFFIX). */
#define MD_POW2_DESC_SUFFIX "__magicdiv_pow2_desc"

/* After the pow2 tier K__magicdiv_pow2 was built (made = 1) or not, for a
 * kernel whose clone's u64 sites save `share` percent for powers of two:
 * the tier is kept only when it has exactly K__magicdiv's function type
 * and descriptor bytes and differs from it in code; the remark says what
 * happened.  *pd: the tier's descriptor, to delete (NULL if none); *pc:
 * the tier, to delete (NULL when kept or none). */
void md_tiers_pow2_settle(LLVMModuleRef m, LLVMValueRef kernel, int made,
                          double share, LLVMValueRef *pc, LLVMValueRef *pd);

#endif
