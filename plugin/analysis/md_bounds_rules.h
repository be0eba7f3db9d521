/*
 * md_bounds_rules.h -- the rules of md_bounds (md_bounds_rules.c), private
 * to the md_bounds*.c files.
 */
#ifndef MAGICDIV_MD_BOUNDS_RULES_H
#define MAGICDIV_MD_BOUNDS_RULES_H

#include <llvm-c/Core.h>

#include "analysis/md_bounds.h"

/* The bound of v at `at` (NULL: no conditions) as a node, or -1: the
 * structural rules, then dominating conditions.  Answers that used neither
 * a condition nor a PHI hypothesis hold everywhere and are memoized. */
int md_bounds_of(md_bounds *b, LLVMValueRef v, LLVMValueRef at, int depth);

#endif
