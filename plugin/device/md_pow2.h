/*
 * md_pow2.h -- powers of two at the shift (md_pow2.c): for a CUDA or HIP kernel
 * whose 64-bit unsigned divisions are a large share of its work, the
 * decision to build the pow2 tier K__magicdiv_pow2 (md_device.c builds it,
 * every such division the shift n >> s; the runtime launches it when every
 * u64 divisor is a power of two); for an OpenMP clone whose u64 divisions
 * in loops are a large share, its body twice behind one launch-uniform
 * branch at its entry on "every such divisor is a power of two" (m = a =
 * 2^64 - 1, the magic the runtime passes for d = 2^s), the second copy
 * dividing by the shift (docs/MATH.md 10.2b).
 */
#ifndef MAGICDIV_MD_POW2_H
#define MAGICDIV_MD_POW2_H

#include <llvm-c/Core.h>

#include "device/md_rewrite.h"
#include "support/md_remark.h"

/* The share of a function's loop-weighted work (percent) that its u64
 * sites (the tier: all of them; the copy: those in loops) must reach: the
 * tier or the copy doubles the code for the backend and ptxas, and pays
 * only where a power-of-two divisor saves that much per thread. */
#define MD_POW2_MIN_SHARE 10.0
/* Per u64 site in a loop: the general sequence costs 12 SASS (sm_90,
 * bench/RESULTS.md), the shift 1 (straight-line: 15 and 3; the loop's
 * figure is used for both). */
#define MD_POW2_SITE_GAIN 11.0

/* Decide and, where it pays (or with `all`: wherever fn has a u64 site,
 * for the CPU differential), duplicate fn's body behind the branch.  On
 * success *out (malloc'd, 2n sites: sites, then their copies) and *shift
 * (malloc'd, one flag per entry of *out: 1 for a copy computed as the
 * shift) are set and 1 is returned; 0 when nothing was done (*out and
 * *shift NULL; also when out of memory or fn cannot be copied).  The
 * Pow2Copy / Pow2NoCopy remark is held in `held` until fn is kept. */
int md_pow2_version(LLVMValueRef fn, const md_site *sites, unsigned n,
                    const md_magic_vals *mv, int all, md_site **out,
                    unsigned char **shift, md_remark_queue *held);

/* Pow2 tier (CUDA and HIP kernels): decide whether kernel clone fn
 * (K__magicdiv; other functions: nothing) is worth a pow2 tier K__magicdiv_pow2 -- its
 * u64 sites, straight-line and in loops, would save at least
 * MD_POW2_MIN_SHARE percent of its loop-weighted work for powers of two
 * (with `all`: any u64 site) -- and mark it for md_pow2_tier_take, or hold
 * the Pow2NoTier remark in `held` until fn is kept.  fn's code is not
 * changed. */
void md_pow2_plan(LLVMValueRef fn, const md_site *sites, unsigned n,
                  const md_magic_vals *mv, int all, md_remark_queue *held);

/* 1 (and *share, percent; -1 with `all`) if md_pow2_plan marked fn for
 * the pow2 tier; the mark is removed.  0 otherwise. */
int md_pow2_tier_take(LLVMValueRef fn, double *share);

/* For the build of the pow2 tier: per site, 1 where it is computed as the
 * shift (a u64 site, md_pow2's copy's rule), else 0; malloc'd, NULL when
 * n = 0 or out of memory. */
unsigned char *md_pow2_tier_shifts(const md_site *sites, unsigned n,
                                   const md_magic_vals *mv);

#endif
