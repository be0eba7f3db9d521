/*
 * md_inkernel_guard.h -- the sign guard of in-kernel magic
 * (md_inkernel_guard.c; docs/MATH.md 11.2): a signed site whose dividend
 * md_range shows >= 0 only when a few values of index math are gets those
 * values tested at run time, beside its block's divisor tests, and the
 * fast path divides unsigned.
 */
#ifndef MAGICDIV_MD_INKERNEL_GUARD_H
#define MAGICDIV_MD_INKERNEL_GUARD_H

#include <llvm-c/Core.h>

#include "analysis/md_dom.h"
#include "analysis/md_range.h"

/* Values one block's sign guard tests at most (their OR, one test). */
#define MD_GUARD_MAX 8

/* The sign guard of one block: values that its signed 32-bit sites'
 * dividends need >= 0 (md_range.assume), tested at run time beside the
 * divisors' tests; the fast path then divides unsigned.  Each value
 * dominates the block's first site (anchor), hence the range versioned. */
typedef struct md_guard {
  const md_dom *dom;
  LLVMValueRef anchor;
  LLVMValueRef v[MD_GUARD_MAX];
  unsigned n;
} md_guard;

/* v >= 0 at `at` when gd's values (with those this query adds) are: gr
 * (a range analysis of the kernel used for guarded queries only: its
 * assume hook is set to gd's) takes an i32 or i64 argument, or such an
 * instruction of index math (arguments, constants, thread and block ids,
 * PHIs of such; no memory) computed before gd->anchor, as >= 0 and adds
 * it to gd (at most MD_GUARD_MAX).  A query that fails adds none.  1 or
 * 0. */
int md_guard_query(md_range *gr, md_guard *gd, LLVMValueRef v,
                   LLVMValueRef at);

#endif
