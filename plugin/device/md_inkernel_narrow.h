/*
 * md_inkernel_narrow.h -- the 32-bit form of a 64-bit in-kernel site
 * (md_inkernel_narrow.c; docs/MATH.md 11.3).  PyTorch Inductor passes every
 * size as i64 and indexes in i32, so its sites read
 *     sdiv i64 (sext i32 x), ks        (and srem; lanes of <N x i64>)
 * For d in [1, 2^31) such a site equals sext(sdiv i32 x, trunc d); an
 * unsigned site of a dividend below 2^32 by d in [1, 2^32) equals
 * zext(udiv i32 ..., trunc d).  The group's fast path tests d in that
 * range (the 64-bit test the s64 / u64 in-kernel forms already make) and
 * divides with the 32-bit magic (MD_MODE_SEXT / MD_MODE_NARROW sites of
 * md_rewrite.h); other divisors run the original division.
 */
#ifndef MAGICDIV_MD_INKERNEL_NARROW_H
#define MAGICDIV_MD_INKERNEL_NARROW_H

#include <llvm-c/Core.h>

#include "analysis/md_range.h"
#include "device/md_rewrite.h"
#include "support/md_map.h"

/* What md_narrow_of found about a 64-bit site's dividend. */
typedef struct md_narrow {
  md_site_mode mode; /* MD_MODE_SEXT (signed site: the dividend fits signed
                        32 bits, or is a zext of 32 bits, below 2^32 and
                        nonneg: the unsigned form), MD_MODE_NARROW
                        (unsigned: below 2^32), or MD_MODE_NATIVE: neither
                        shown */
  int nonneg;        /* the dividend is >= 0 by its form (a zext) */
  int small;         /* ... and in (-2^31, 2^31) by its form (a sext of
                        < 32 bits, a zext of <= 31 bits or nneg) */
  LLVMValueRef need; /* a quotient q = n sdiv d1 of such an n (Inductor's
                        (x // ks0) % ks1): q fits only where n (sext(x),
                        or its freeze) is >= 0, which the caller proves or
                        tests (the sign guard, on n as the site sees it
                        once refined); else NULL */
} md_narrow;

/* The narrow form of scalar 64-bit division site inst (operand 0 not
 * rewritten yet): its dividend, seen through one freeze (of the value or
 * of the vector a lane is extracted from), a sext / zext of <= 32 bits
 * (a lane: an element of such a vector), a value r shows fits, or
 * (signed, not frozen) the quotient of such a dividend by any divisor:
 * |q| <= |n| < 2^31 where n > -2^31 (small, or the need >= 0).  Pure:
 * nothing changes (md_narrow_refine does, for the sites that pay). */
void md_narrow_of(md_range *r, LLVMValueRef inst, md_narrow *nw);

/* Make site inst's truncation exact also where its dividend is a freeze:
 * freeze(X), X fitting 32 bits whenever it is not poison (md_narrow_of),
 * is replaced everywhere by ext(trunc X') (the extension X is, else sext
 * for MD_MODE_SEXT, zext for MD_MODE_NARROW; a vector freeze lane-wise),
 * X' X's index math rebuilt over frozen roots (md_freeze_rebuild, map;
 * trunc(ext(y)) taken as y): X itself when X is not poison, and one value
 * freeze(X) may take when it is -- so every use sees the same value, the
 * site and a remainder n - q*d beside it, and the sign guard tests the
 * roots (docs/MATH.md 11.2).  Idempotent (the freeze is gone after);
 * nothing to do for a dividend without freeze.  A quotient dividend
 * (md_narrow.need's case): its own dividend's freeze the same way.  (Where
 * X' cannot be built, md_freeze_rebuild's NULL: freeze(trunc X).) */
void md_narrow_refine(LLVMBuilderRef b, LLVMValueRef inst, md_site_mode mode,
                      md_map *map);

#endif
