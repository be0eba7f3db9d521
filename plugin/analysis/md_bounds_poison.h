/*
 * md_bounds_poison.h -- which values are never poison (md_bounds_poison.c),
 * private to the md_bounds*.c files.
 */
#ifndef MAGICDIV_MD_BOUNDS_POISON_H
#define MAGICDIV_MD_BOUNDS_POISON_H

#include <llvm-c/Core.h>

#include "analysis/md_bounds.h"

/* Is v never poison?  (Then freeze(v) = v.)  Constants, noundef
 * arguments, the geometry intrinsics, and integer ops without
 * poison-generating flags (nsw/nuw/exact/disjoint/nneg, an out-of-range
 * shift) over such values; a division is UB, not poison, for a bad
 * divisor.  A launch-invariant value that may be poison (a flag) is
 * accepted when the caller makes "its program is not poison" a launch
 * condition: its leaf is added to inv[] (at most MD_BOUNDS_NP_INV; *ninv).
 * Anything else (loads, calls, PHIs): "maybe poison". */
#define MD_BOUNDS_NP_INV 4
int md_bounds_not_poison(md_bounds *b, LLVMValueRef v, int depth, int *inv,
                         int *ninv);

/* freeze(phi) = phi when every incoming value is never poison, or was
 * branched on before its edge: 1 (the invariant leaves to check at launch
 * added to inv[] as for md_bounds_not_poison), or 0. */
int md_bounds_phi_not_poison(md_bounds *b, LLVMValueRef phi, int *inv,
                             int *ninv);

#endif
