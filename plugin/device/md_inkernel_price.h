/*
 * md_inkernel_price.h -- what in-kernel magic costs and saves, per target:
 * the prices md_inkernel.c's benefit model weighs (md_inkernel_price.c).
 *
 * Instructions one thread issues on its path (predicated-off ones
 * included), from the K-site sweeps of bench/sass/inkernel.py (sm_90,
 * ptxas 13.0 -O3, SASS) and bench/sass/amdinkernel.py (gfx90a, llc -O3,
 * the same kernels; bench/RESULTS.md "In-kernel magic on gfx90a"):
 * native division of K sites costs first + K n, in-kernel magic
 * gen + K c, so a site saves n - c and a divisor pays where
 * first + (weighted savings) >= gen.  Where a measurement spans several
 * kernels the AMDGPU column takes the end that transforms less (the
 * lowest saving, the highest cost).  The host (the CPU tests) uses the
 * NVPTX column.
 *
 * X(field, sm_90, gfx90a, what):
 */
#ifndef MAGICDIV_MD_INKERNEL_PRICE_H
#define MAGICDIV_MD_INKERNEL_PRICE_H

#include <llvm-c/Core.h>

#include "device/md_rewrite.h"
#include "support/md_ir.h"

#define MD_IK_PRICE_LIST(X)                                                    \
  /* 32-bit: the generator with its d != 0 / d > 0 test; what one more     \
   * site saves over native division -- whose reciprocal ptxas computes    \
   * once for all the sites of a divisor, so a native site costs 9 (u32    \
   * /), 13 (s32 /), 11 (s32 %) beyond the first on sm_90 (gfx90a: 14, 20, \
   * 17) -- against 2 (u32), 5 (s32 /), 7 (s32 %) and 3 (s32, dividend >=  \
   * 0) in-kernel on sm_90 (gfx90a: 4.6, 9.6, 11.6, 7.6); under the sign   \
   * guard (Inductor's index: a further native s32 % costs 13, guarded 6   \
   * on sm_90; gfx90a 15.2 against 9.7); what the first native site costs  \
   * more (the shared reciprocal).                                         \
   */                                                                          \
  X(gen, 48, 53, "32-bit generator")                                          \
  X(save_u32, 7, 9, "u32 site")                                               \
  X(save_s32_div, 8, 10, "s32 `/` site")                                      \
  X(save_s32, 4, 5, "s32 `%` site")                                           \
  X(save_s32_nonneg, 8, 5, "s32 site, dividend >= 0")                         \
  X(save_s32_guarded, 7, 5, "s32 site under the sign guard")                  \
  X(first, 9, 6, "the first native 32-bit site's extra")                     \
  /* 64-bit: the generator with its 64-bit step and the domain test; what  \
   * a u64 or s64 site saves against native division on the path where the \
   * dividend is below 2^32 (the 32-bit bypass: about 29 SASS per site on  \
   * sm_90, 30 on gfx90a; its 64-bit path costs 80-95, and then a site     \
   * saves 60-70).  sm_90's s64 sites take the 32-bit path of the s64 form \
   * (MD_S64_FAST32_PTX); gfx90a has none: its s64 site costs 23, and the  \
   * form pays only from 11-15 sites (gfx942: 27-28 a site, from 19; the    \
   * AMDGPU column follows it).  Native sites share nothing on sm_90 (each  \
   * bypass has its own reciprocal); gfx90a's first costs 7-8 more.         \
   */                                                                          \
  X(gen_64, 84, 99, "64-bit generator")                                       \
  X(save_u64, 16, 14, "u64 site")                                             \
  X(save_s64, 16, 5, "s64 site")                                              \
  X(first_64, 0, 2, "the first native 64-bit site's extra")                  \
  /* The narrow form (md_inkernel_narrow.h: a 64-bit division of a        \
   * dividend within 32 bits): the 32-bit generator with the 64-bit domain \
   * test (45-47 on sm_90, 52-59 on gfx90a); what a site saves against     \
   * native 64-bit division on its 32-bit bypass: in the signed form       \
   * (loaded i32: 29 -> 10.5 on sm_90, 30 -> 10.5 on gfx90a), with a       \
   * dividend proven >= 0 (24 -> 8.5; 26 -> 6.5), under the sign guard     \
   * (Inductor's index: 29 -> 7, `/` 30 -> 5; 29 -> 6.6, 31 -> 3.7), and an \
   * unsigned site (29 -> 6; 24 -> 5.8).                                   \
   */                                                                          \
  X(gen_narrow, 47, 59, "narrow generator")                                   \
  X(save_sext, 18, 19, "narrow signed site")                                  \
  X(save_sext_nonneg, 16, 19, "narrow signed site, dividend >= 0")            \
  X(save_sext_guarded, 22, 22, "narrow signed site under the sign guard")     \
  X(save_narrow, 22, 18, "narrow unsigned site")

typedef struct md_ik_prices {
#define MD_IK_PRICE_FIELD(f, nvptx, amdgpu, what) double f;
  MD_IK_PRICE_LIST(MD_IK_PRICE_FIELD)
#undef MD_IK_PRICE_FIELD
} md_ik_prices;

/* The prices for target t (NVPTX's for the host). */
const md_ik_prices *md_inkernel_price_for(md_target t);

/* What division site inst saves in-kernel by its form: narrow mode, width,
 * signedness and nonneg fact nn (1: >= 0 by its form; 2: under the sign
 * guard). */
double md_inkernel_price_site(const md_ik_prices *p, LLVMValueRef inst,
                              md_site_mode mode, unsigned char nn);

#endif
