/*
 * md_inkernel_gen.h -- the IR the in-kernel transform adds (md_inkernel_gen.c):
 * the u32 / s32 magic generator computed by the kernel itself
 * (docs/MATH.md section 11), and the uniform branch that keeps the
 * original division for a zero divisor.
 */
#ifndef MAGICDIV_MD_INKERNEL_GEN_H
#define MAGICDIV_MD_INKERNEL_GEN_H

#include <llvm-c/Core.h>

#include "support/md_map.h"
#include "device/md_rewrite.h"

/* Metadata kind name on the instructions the transform adds or keeps on
 * the fallback path: no later decision looks at them again. */
#define MD_INKERNEL_MD "magicdiv.inkernel"

/* 1 if inst carries MD_INKERNEL_MD. */
int md_inkernel_marked(LLVMValueRef inst);

/* At b's position, from d (i32 or i64, frozen): the magic of d in *mv (m,
 * a, s; kind MD_KIND_U32 / MD_KIND_U64, or MD_KIND_S32 / MD_KIND_S64
 * without dsgn: the sites' divisor is positive on the fast path; s64 with
 * fast32: also f1, f2 of MD_DF_FAST32), and *ok, the divisors the fast
 * path takes: d != 0 (u32), d > 0 (s32), d in [1, 2^32) (u64), d in
 * [1, 2^31) (s64: its remainders in 32 bits).  With narrow (an i64 d whose
 * sites divide dividends of 32 bits: md_inkernel_narrow.h) the same test
 * on d and the 32-bit magic of trunc d (kind MD_KIND_U32 / MD_KIND_S32).
 * For the others the values are those of d = 1, never used. */
void md_inkernel_gen(LLVMBuilderRef b, LLVMValueRef d, int is_signed,
                     int fast32, int narrow, md_magic_vals *mv,
                     LLVMValueRef *ok);

/* Version the instructions [first, last] of one block (first and last
 * division sites, in that order) on ok:
 *     head: ... br ok, fast, slow
 *     fast: copies of [first, last] (map: original -> copy; the sites'
 *           copies are then rewritten)                        br tail
 *     slow: [first, last] themselves, divisions marked         br tail
 *     tail: a PHI per value of the range used after it; the rest
 * One uniform branch for all the block's sites.  0; -1 (nothing changed)
 * when the block is used other than as a branch target (blockaddress,
 * callbr), the range holds an alloca, a PHI or a terminator, or out of
 * memory (the copies are made before anything changes). */
int md_inkernel_split(LLVMBuilderRef b, LLVMValueRef first, LLVMValueRef last,
                      LLVMValueRef ok, md_map *map);

/* Division site divides by d, its group's one frozen divisor: for a
 * divisor that is not poison the same value; for poison, one choice of
 * each site's freeze (DivRemPairs) or an undefined division.  So do the
 * products site * den beside it (DivRemPairs' remainders n - q*den, which
 * md_emit_rem_fold finds by the site's divisor and computes in 32 bits). */
void md_inkernel_use_divisor(LLVMValueRef site, LLVMValueRef d);

#endif
