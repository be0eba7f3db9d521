/*
 * md_inkernel_guard.h -- the sign guard of in-kernel magic
 * (md_inkernel_guard.c; docs/MATH.md 11.2): a signed site whose dividend
 * md_range shows >= 0 only when a few values of index math (or frozen
 * values: a freeze is tested as itself) are gets those values tested at
 * run time, beside its block's divisor tests, and the fast path divides
 * unsigned.
 */
#ifndef MAGICDIV_MD_INKERNEL_GUARD_H
#define MAGICDIV_MD_INKERNEL_GUARD_H

#include <llvm-c/Core.h>

#include "analysis/md_dom.h"
#include "analysis/md_range.h"

/* Values one block's sign guard tests at most (their OR, one test). */
#define MD_GUARD_MAX 16

/* The sign guard of one block: values that its signed sites' dividends
 * need >= 0 (md_range.assume), tested at run time beside the divisors'
 * tests; the fast path then divides unsigned.  Each value dominates the
 * block's first site (anchor), hence the range versioned, or is moved up
 * there (md_guard_test). */
typedef struct md_guard {
  const md_dom *dom;
  LLVMValueRef anchor;
  const LLVMValueRef *known; /* values the caller places before the test
                                itself (nknown; NULL entries allowed) */
  unsigned nknown;
  LLVMValueRef v[MD_GUARD_MAX]; /* each computed before the anchor, or a
                                   pure instruction the caller moves up
                                   there (md_guard_query) */
  unsigned n;
} md_guard;

/* v >= 0 at `at` when gd's values (with those this query adds) are: gr
 * (a range analysis of the kernel used for guarded queries only: its
 * assume hook is set to gd's) takes an i32 or i64 argument (or vector of
 * such elements, every lane), a value of
 * gd->known, or such an instruction of index math (arguments, constants,
 * thread and block ids, PHIs of such; no memory) computed before
 * gd->anchor -- or a freeze, cast or constant lane of a vector in the
 * anchor's block whose operands are (the caller moves it and them up
 * before its test) -- as >= 0 and adds it to gd (at most MD_GUARD_MAX).
 * A freeze is taken as itself, never its operand.  A query that fails
 * adds none.  1 or 0. */
int md_guard_query(md_range *gr, md_guard *gd, LLVMValueRef v,
                   LLVMValueRef at);

/* The guard's condition on gd's values of width w, built at b (before
 * first, the first site of gd's block): (v1 | v2 | ...) >= 0, the sign bit
 * of an OR being the OR of the sign bits -- each value moved up there
 * first where it is not yet (a value md_guard_query took as computable
 * there), frozen unless it is a freeze (the value its uses see), a vector
 * lane by lane; values in tested[] (ntested) left out.  NULL when no value
 * is left. */
LLVMValueRef md_guard_test(LLVMBuilderRef b, LLVMValueRef first,
                           const md_guard *gd, unsigned w,
                           const LLVMValueRef *tested, unsigned ntested);

#endif
