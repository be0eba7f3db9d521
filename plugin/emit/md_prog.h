/*
 * md_prog.h -- the plugin's one writer of descriptor bytes (md_prog.c):
 * program ops (md_abi.h's encoding) and whole descriptors.
 *
 * md_invariant.c writes divisor programs with the op writers (the site
 * decision appends the casts of narrowed sites), md_bounds.c writes
 * requirement programs; md_device.c assembles the descriptor with
 * md_prog_desc_build and runs the runtime's own validator
 * (md_desc_validate) on the bytes before it commits a clone.
 */
#ifndef MAGICDIV_MD_PROG_H
#define MAGICDIV_MD_PROG_H

#include <stdint.h>

#include "support/md_buf.h"

/* ---- program ops (each appends one op with its operands) ---- */
void md_prog_arg(md_buf *b, unsigned param, uint32_t offset, unsigned size);
void md_prog_const(md_buf *b, unsigned w, uint64_t value);
void md_prog_launch(md_buf *b, int which); /* enum md_launch, w = 32 */
/* A binary op: an op of form MD_FORM_BINARY in md_abi.h's MD_OP_LIST. */
void md_prog_binop(md_buf *b, int op, unsigned w, unsigned flags);
void md_prog_icmp(md_buf *b, unsigned w, int pred);
void md_prog_select(md_buf *b, unsigned w);
/* MD_OP_ZEXT / MD_OP_SEXT / MD_OP_TRUNC (form MD_FORM_CAST) from `from` to
 * `to` bits. */
void md_prog_cast(md_buf *b, int op, unsigned from, unsigned to);

/* ---- reading programs back ---- */

/* Is prog (ops, no END) a single launch dimension, [LAUNCH] or [LAUNCH,
 * TRUNC]?  1 with *which (enum md_launch), or 0. */
int md_prog_is_launch(const md_buf *prog, int *which);

/* Is prog a single argument read [ARG]?  1 with *param, or 0. */
int md_prog_is_arg(const md_buf *prog, unsigned *param);

/* ---- descriptors ---- */

/* One divisor entry: its program (ops without END), kind, flags and the
 * index of its first magic parameter. */
typedef struct md_desc_div {
  const md_buf *prog;
  int kind, flags;
  unsigned first_extra;
} md_desc_div;

/* Write the descriptor (md_abi.h, version MD_DESC_VERSION) into out:
 * param_sizes[0..np), the divisors, and the requirement programs
 * reqs[0..nreqs) (each yielding an i1).  Returns 0, or -1 when a count
 * does not fit its field or memory ran out (out is then freed). */
int md_prog_desc_build(md_buf *out, const uint32_t *param_sizes, unsigned np,
                       const md_desc_div *divs, unsigned ndivs,
                       unsigned n_extra, const md_buf *reqs, unsigned nreqs);

#endif
