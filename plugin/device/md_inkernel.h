/*
 * md_inkernel.h -- in-kernel magic (md_inkernel.c): a kernel that divides
 * by a value the host cannot see at launch (a `__constant__` field), or
 * whose launches the host does not route (Triton kernels: option
 * inkernel-args), computes the magic numbers itself, once per thread, and
 * divides by multiply-high from then on.  The kernel is rewritten in
 * place: no clone, no new parameter, no host change.
 */
#ifndef MAGICDIV_MD_INKERNEL_H
#define MAGICDIV_MD_INKERNEL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "analysis/md_kernels.h"
#include "support/md_options.h"

/* SASS instructions one thread issues (sm_90, measured by
 * bench/sass/inkernel.py; bench/RESULTS.md "In-kernel magic"): the
 * generator (with its d != 0 / d > 0 test); what one more site saves over
 * native division -- whose reciprocal ptxas computes once for all the
 * sites of a divisor, so a native site costs 9 (u32 /), 13 (s32 /), 11
 * (s32 %) beyond the first -- against 2 (u32), 5 (s32 /), 7 (s32 %) and 3
 * (s32, dividend >= 0) in-kernel; and what the first native site costs
 * more (the shared reciprocal). */
#define MD_INKERNEL_GEN_COST 48.0
#define MD_INKERNEL_SAVE_U32 7.0
#define MD_INKERNEL_SAVE_S32_DIV 8.0
#define MD_INKERNEL_SAVE_S32 4.0
#define MD_INKERNEL_SAVE_S32_NONNEG 8.0
/* ... and with a dividend >= 0 under its block's sign guard: the
 * unsigned form's saving less the guard's share (bench/sass/inkernel.py's
 * index table: a further native s32 % of Inductor's index costs 13, in
 * the signed form 9, guarded 6; the permute of test/triton 379 -> 315). */
#define MD_INKERNEL_SAVE_S32_GUARDED 7.0
#define MD_INKERNEL_FIRST 9.0
/* The same for 64-bit divisions (bench/sass/inkernel.py, the 64-bit
 * table): the generator with its 64-bit step and the domain test; what a
 * u64 or s64 site saves against native division on the path where the
 * dividend is below 2^32 (NVPTX's 32-bit bypass, about 29 SASS per site;
 * its 64-bit path costs 80-95, and then a site saves 60-70); native sites
 * share nothing (each bypass has its own reciprocal). */
#define MD_INKERNEL_GEN_COST_64 84.0
#define MD_INKERNEL_SAVE_U64 16.0
#define MD_INKERNEL_SAVE_S64 16.0
#define MD_INKERNEL_FIRST_64 0.0
/* The narrow form (md_inkernel_narrow.h: a 64-bit division of a dividend
 * within 32 bits; bench/sass/inkernel.py's narrow table): the 32-bit
 * generator with the 64-bit domain test (45-47); what a site saves against
 * native 64-bit division on its 32-bit bypass (24-30 per site): in the
 * signed form (loaded i32: 29 -> 10.5), with a dividend proven >= 0 (24 ->
 * 8.5), under the sign guard (Inductor's index: 29 -> 7, `/` 30 -> 5), and
 * an unsigned site (29 -> 6). */
#define MD_INKERNEL_GEN_COST_NARROW 47.0
#define MD_INKERNEL_SAVE_SEXT 18.0
#define MD_INKERNEL_SAVE_SEXT_NONNEG 16.0
#define MD_INKERNEL_SAVE_SEXT_GUARDED 22.0
#define MD_INKERNEL_SAVE_NARROW 22.0

/* Transform kernel's eligible 32-bit (and 8/16-bit; with option
 * inkernel-64, 64-bit; with inkernel-vector, the lanes of vector divisions
 * by a splat of such a divisor) divisions in place:
 * those whose divisor reads constant memory (md_hoist.h), and with
 * inkernel-args every divisor md_hoist accepts.  A divisor whose sites
 * save less than the generator costs (each weighted by 8^(loop depth), as
 * the benefit model does; plus MD_INKERNEL_FIRST) stays native.  Remarks for both.  With
 * inkernel-guard a signed 32-bit site whose dividend is >= 0 when a few
 * values of index math are gets them tested beside the divisor and the
 * unsigned form (docs/MATH.md 11.2).  1 if the kernel changed. */
int md_inkernel_kernel(LLVMValueRef kernel, md_target t, const md_options *o,
                       LLVMTargetDataRef td);

#endif
