/*
 * md_tiers.h -- the plain tier (md_tiers.c): whether a kernel's clone
 * K__magicdiv bets on more than the launch geometry, so that a second
 * clone K__magicdiv_plain without the bets is worth building, and whether
 * the plain clone that was built differs from the first.  md_device.c
 * builds it (the device transform again, launch-ranges off).
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

#endif
