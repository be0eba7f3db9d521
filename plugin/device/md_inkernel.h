/*
 * md_inkernel.h -- in-kernel magic (md_inkernel.c): a kernel that divides
 * by a value the host cannot see at launch (a `__constant__` field), or
 * whose launches the host does not route (Triton kernels: option
 * inkernel-args), computes the magic numbers itself, once per thread, and
 * divides by multiply-high from then on; so does a device function the
 * kernels call, once per call.  The code is rewritten in place: no clone,
 * no new parameter, no host change.
 */
#ifndef MAGICDIV_MD_INKERNEL_H
#define MAGICDIV_MD_INKERNEL_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "analysis/md_kernels.h"
#include "support/md_options.h"

/* Transform fn's eligible 32-bit (and 8/16-bit; with option
 * inkernel-64, 64-bit; with inkernel-vector, the lanes of vector divisions
 * by a splat of such a divisor) divisions in place:
 * those whose divisor reads constant memory (md_hoist.h), and with
 * inkernel-args every divisor md_hoist accepts.  A divisor whose sites
 * save less than the generator costs (each weighted by 8^(loop depth), as
 * the benefit model does; plus the first native site's extra; prices per
 * target in md_inkernel_price.h) stays native.  Remarks for both.  With
 * inkernel-guard a signed 32-bit site whose dividend is >= 0 when a few
 * values of index math are gets them tested beside the divisor and the
 * unsigned form (docs/MATH.md 11.2).  fn is a kernel (is_kernel), or a
 * device function a kernel calls: then its magic is computed once per
 * call (a divisor read from constant memory, or with inkernel-args
 * computed from its own arguments, is the same throughout one call), and
 * the model weighs its sites per call.  1 if fn changed. */
int md_inkernel_run(LLVMValueRef fn, int is_kernel, md_target t,
                    const md_options *o, LLVMTargetDataRef td);

#endif
