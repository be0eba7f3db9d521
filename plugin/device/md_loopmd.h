/*
 * md_loopmd.h -- keep a clone's loops as ptxas shaped the original's
 * (md_loopmd.c).
 *
 * On NVPTX a native 64-bit division (udiv/sdiv/urem/srem i64 by a value)
 * becomes a subroutine call in SASS (__cuda_sm20_div_s64 and kin).  In the
 * original, ptxas leaves loops that come after such calls rolled (HeCBench
 * unfold: its four fold loops); in the clone the calls are gone and ptxas
 * unrolls the same loops 4x, which costs static code, registers and, for
 * the short trip counts of index kernels, issued instructions (the
 * unrolled loop's remainder handling).  So the loops of a clone that a
 * replaced 64-bit site can reach (the site in the loop or before it) get
 * `llvm.loop.unroll.disable`, which the NVPTX backend prints as
 * `.pragma "nounroll";` -- merged into the loop's own `!llvm.loop`
 * (its other properties kept); a loop that already has an unroll property
 * is left as it is.  Option keep-rolled (on; measured in bench/RESULTS.md
 * "Keeping the original's loops rolled").
 */
#ifndef MAGICDIV_MD_LOOPMD_H
#define MAGICDIV_MD_LOOPMD_H

#include <llvm-c/Core.h>

#include "analysis/md_dom.h"
#include "device/md_rewrite.h"
#include "support/md_remark.h"

/* Before the n sites of clone fn (dominator tree d) are rewritten: mark
 * the loops that one of its 64-bit sites reaches.  Returns the number of
 * loops marked, or -1 when out of memory (the loops marked so far stay
 * marked: either way the clone computes the same). */
int md_loopmd_keep_rolled(LLVMValueRef fn, const md_dom *d,
                          const md_site *sites, unsigned n);

/* The analysis remark `KeptRolled` of clone fn when marked > 0 loops were
 * marked, held in `held` (md_remark.h): emitted once the clone is kept
 * (md_device.c's commit), not for a clone that is dropped after its sites
 * were rewritten. */
void md_loopmd_hold(md_remark_queue *held, LLVMValueRef fn, int marked);

#endif
