/*
 * md_pow2.h -- powers of two at the shift (md_pow2.c): a clone whose
 * 64-bit unsigned divisions in loops are a large share of its work gets
 * its body twice, behind one launch-uniform branch at its entry on
 * "every such divisor is a power of two" (m = a = 2^64 - 1, the magic the
 * runtime passes for d = 2^s); in the second copy those divisions are the
 * shift n >> s (docs/MATH.md 10.2b).
 */
#ifndef MAGICDIV_MD_POW2_H
#define MAGICDIV_MD_POW2_H

#include <llvm-c/Core.h>

#include "device/md_rewrite.h"

/* The share of a function's loop-weighted work (percent) that its u64
 * sites in loops must reach for the second copy: the copy doubles the
 * function's code for the backend and ptxas, and pays only where a
 * power-of-two divisor saves that much per thread. */
#define MD_POW2_MIN_SHARE 10.0
/* Per u64 site in a loop: the general sequence costs 12 SASS (sm_90,
 * bench/RESULTS.md), the shift 1. */
#define MD_POW2_SITE_GAIN 11.0

/* Decide and, where it pays (or with `all`: wherever fn has a u64 site,
 * for the CPU differential), duplicate fn's body behind the branch.  On
 * success *out (malloc'd, 2n sites: sites, then their copies) and *shift
 * (malloc'd, one flag per entry of *out: 1 for a copy computed as the
 * shift) are set and 1 is returned; 0 when nothing was done (*out and
 * *shift NULL; also when out of memory or fn cannot be copied). */
int md_pow2_version(LLVMValueRef fn, const md_site *sites, unsigned n,
                    const md_magic_vals *mv, int all, md_site **out,
                    unsigned char **shift);

/* The Pow2Copy / Pow2NoCopy remark md_pow2_version decided on clone fn,
 * emitted now that fn is kept (nothing if there is none); called where a
 * clone is committed, beside md_loopmd_remark. */
void md_pow2_remark(LLVMValueRef fn);

#endif
