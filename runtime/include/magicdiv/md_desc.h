/*
 * md_desc.h -- inspection helpers of the descriptor evaluator
 * (runtime/src/desc/md_desc.c), for tests and diagnostics.
 *
 * The launch path only needs md_desc_validate / md_desc_fill /
 * md_desc_fill_validated / md_build_args (magicdiv.h).  What is here exposes
 * the step before the magic numbers: the raw value of one divisor program,
 * so that the evaluator's IR semantics can be tested on their own.
 */
#ifndef MAGICDIV_MD_DESC_H
#define MAGICDIV_MD_DESC_H

#include <stdio.h>

#include "magicdiv.h"

#ifdef __cplusplus
extern "C" {
#endif
/* What the header declares is libmagicdiv_rt's interface: exported, with
 * the library built -fvisibility=hidden (its internals are not). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* Validate `desc`, then evaluate the program of divisor `index` with the
 * launch's arguments and dimensions.  MD_OK: *value is the divisor value,
 * zero-extended from md_kind_width(kind) bits, before any zero / positive
 * check.  MD_FALLBACK_UNDEFINED: the evaluation is poison or undefined in
 * LLVM IR.  MD_ERR_INVALID: NULL pointers, a NULL args[i] that the program
 * reads, or index >= n_divisors.  Or a validation error. */
int md_desc_eval(const void *desc, size_t size, unsigned index,
                 void *const *args, const md_dims *dims, uint64_t *value);

/* Validate `desc`, then check its launch requirements in table order with
 * the launch's arguments and dimensions: the index of the first one that
 * does not hold (false, poison or undefined), or -1 when all hold (or on
 * a validation error or bad input).  Says which bet failed (MAGICDIV_LOG). */
int md_desc_failed_requirement(const void *desc, size_t size,
                               void *const *args, const md_dims *dims);

/* Write a text disassembly of `desc` to f: a header line, one line per
 * divisor ("divisor I: KIND [positive] [div32] extra A-B: OPS") and one per
 * requirement ("requirement I: OPS"), OPS in postfix order.  An invalid
 * descriptor gets one line saying why.  Returns md_desc_validate's
 * status (or MD_ERR_INVALID for a NULL f). */
int md_desc_dump(const void *desc, size_t size, FILE *f);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_DESC_H */
