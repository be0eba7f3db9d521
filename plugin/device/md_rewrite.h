/*
 * md_rewrite.h -- replace a division in a clone by its magic sequence
 * (md_rewrite.c).  The sequences are exactly the reference evaluators of
 * runtime/include/magicdiv/md_magic.h.
 */
#ifndef MAGICDIV_MD_REWRITE_H
#define MAGICDIV_MD_REWRITE_H

#include <llvm-c/Core.h>

#include "support/md_remark.h"

/* The magic parameters of one divisor, as values in the clone. */
typedef struct md_magic_vals {
  int kind;  /* enum md_kind */
  LLVMValueRef m, a, s, dsgn; /* clone parameters (dsgn NULL if absent) */
  LLVMValueRef f1, f2; /* MD_DF_FAST32 (s64): the 32-bit path's words
                          (md_magic.h MD_S64_FAST32_PTX), else NULL */
  int nvptx;  /* set by md_rewrite_sites: the clone is NVPTX code (inline
                 PTX for the 64-bit core) */
  int host;   /* set by md_rewrite_sites: the clone is CPU code (OpenMP
                 host offload): the 64-bit core as one i128 product */
  int pow2_loops; /* option pow2-loops (md_options.h) */
  int keep_rolled; /* option keep-rolled (md_options.h, md_loopmd.h) */
  int pow2_kernel; /* option pow2-kernel: 1 (NVPTX, where it pays), 2 with
                      pow2-kernel-all (any target, every u64 divisor:
                      tests); md_pow2.h */
  int pow2_tier; /* the clone being built is the pow2 tier: every u64
                    site is the shift (md_pow2.h; md_options.pow2_tier) */
  int shift; /* set by md_rewrite_sites for the site being rewritten: it is
                in md_pow2's copy for powers of two (m = a = 2^64 - 1), so
                hi_64(n*m + a) = n and the quotient is n >> s */
  int in_loop; /* set by md_rewrite_sites for the site being rewritten:
                  pow2-loops and the site is in a loop (NVPTX: the 64-bit
                  core with the branch over the products for powers of two,
                  MD_U64_PTX_CHAIN_POW2) */
} md_magic_vals;

/* How a site is computed. */
typedef enum md_site_mode {
  MD_MODE_NATIVE = 0, /* op width == kind width (32 or 64) */
  MD_MODE_EXTEND = 1, /* i8/i16 op: extend to 32, divide, truncate */
  MD_MODE_NARROW = 2, /* i64 op on values that fit 32 bits: U32 on truncs */
  MD_MODE_SEXT = 3    /* sdiv/srem i64 of values that fit signed 32 bits:
                         S32 core, sign fix-up in 64 bits (INT_MIN / -1
                         is 2^31 there, not UB) */
} md_site_mode;

typedef struct md_site {
  LLVMValueRef inst;   /* the udiv/sdiv/urem/srem (in the clone) */
  int divisor;         /* index into the divisor table */
  md_site_mode mode;
  int nonneg;          /* dividend proven >= 0 (signed sites) */
  int rem32;           /* 64-bit kind: the divisor fits 32 bits (proven, or
                          required at launch by MD_DF_DIV32), so remainders
                          are computed in 32 bits */
} md_site;

/* Rewrite every site (in reverse post-order of the clone's blocks, program
 * order within a block), sharing quotients of equal (dividend, divisor)
 * pairs where the earlier site's block dominates the later one's.  The
 * clone's remarks (md_pow2's decision, the loops kept rolled: option
 * keep-rolled, md_loopmd.h) are held in `held` (md_remark.h; NULL: none)
 * until the caller keeps the clone.  0, or -1 when out of memory (nothing
 * was rewritten). */
int md_rewrite_sites(LLVMValueRef clone, md_site *sites, unsigned n,
                     md_magic_vals *mv, md_remark_queue *held);

#endif
