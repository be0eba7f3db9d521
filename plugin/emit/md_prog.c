/*
 * md_prog.c -- descriptor bytes, written through md_abi.h's definitions
 * (see md_prog.h).  The runtime reads them through the same header.
 */
#include "emit/md_prog.h"

#include "magicdiv/md_abi.h"
#include "support/md_assert.h"

/* One op: the opcode byte and its operands, whose form and count
 * md_abi.h's MD_OP_LIST gives (a mismatch, a writer's bug, marks the buffer
 * failed). */
static void md_prog_op(md_buf *b, int op, int form, const uint8_t *operands,
                       size_t n) {
  MD_ASSERT(md_op_operand_bytes(op) == (int)n);
  MD_ASSERT(md_op_form(op) == form);
  if (md_op_form(op) != form || md_op_operand_bytes(op) != (int)n) {
    b->oom = 1;
    return;
  }
  md_buf_u8(b, (uint8_t)op);
  md_buf_bytes(b, operands, n);
}

void md_prog_arg(md_buf *b, unsigned param, uint32_t offset, unsigned size) {
  uint8_t o[MD_FORM_ARG_BYTES];
  md_wr16(o + MD_ARG_PARAM, param);
  md_wr32(o + MD_ARG_OFFSET, offset);
  o[MD_ARG_SIZE] = (uint8_t)size;
  md_prog_op(b, MD_OP_ARG, MD_FORM_ARG, o, sizeof o);
}

void md_prog_const(md_buf *b, unsigned w, uint64_t value) {
  uint8_t o[MD_FORM_CONST_BYTES];
  o[0] = (uint8_t)w;
  md_wr64(o + 1, w < 64 ? value & ((1ull << w) - 1) : value);
  md_prog_op(b, MD_OP_CONST, MD_FORM_CONST, o, sizeof o);
}

void md_prog_launch(md_buf *b, int which) {
  uint8_t o[MD_FORM_LAUNCH_BYTES] = {(uint8_t)which};
  md_prog_op(b, MD_OP_LAUNCH, MD_FORM_LAUNCH, o, sizeof o);
}

void md_prog_binop(md_buf *b, int op, unsigned w, unsigned flags) {
  uint8_t o[MD_FORM_BINARY_BYTES] = {(uint8_t)w, (uint8_t)flags};
  md_prog_op(b, op, MD_FORM_BINARY, o, sizeof o);
}

void md_prog_icmp(md_buf *b, unsigned w, int pred) {
  uint8_t o[MD_FORM_ICMP_BYTES] = {(uint8_t)w, (uint8_t)pred};
  md_prog_op(b, MD_OP_ICMP, MD_FORM_ICMP, o, sizeof o);
}

void md_prog_select(md_buf *b, unsigned w) {
  uint8_t o[MD_FORM_SELECT_BYTES] = {(uint8_t)w};
  md_prog_op(b, MD_OP_SELECT, MD_FORM_SELECT, o, sizeof o);
}

void md_prog_cast(md_buf *b, int op, unsigned from, unsigned to) {
  uint8_t o[MD_FORM_CAST_BYTES] = {(uint8_t)from, (uint8_t)to};
  md_prog_op(b, op, MD_FORM_CAST, o, sizeof o);
}

/* Is prog a single launch dimension, [LAUNCH] or [LAUNCH, TRUNC] (AMDGPU's
 * 16-bit workgroup sizes)?  1 with *which, or 0. */
int md_prog_is_launch(const md_buf *prog, int *which) {
  const uint8_t *p = prog->p;
  size_t n = prog->n, l = (size_t)md_op_size(MD_OP_LAUNCH);
  if (n < l || p[0] != MD_OP_LAUNCH ||
      (n != l && (n != l + (size_t)md_op_size(MD_OP_TRUNC) ||
                  p[l] != MD_OP_TRUNC)))
    return 0;
  *which = p[1];
  return 1;
}

/* Is prog a single argument read [ARG]?  1 with *param, or 0. */
int md_prog_is_arg(const md_buf *prog, unsigned *param) {
  if (prog->n != (size_t)md_op_size(MD_OP_ARG) || prog->p[0] != MD_OP_ARG)
    return 0;
  *param = md_rd16(prog->p + 1 + MD_ARG_PARAM);
  return 1;
}

int md_prog_desc_build(md_buf *out, const uint32_t *param_sizes, unsigned np,
                       const md_desc_div *divs, unsigned ndivs,
                       unsigned n_extra, const md_buf *reqs, unsigned nreqs) {
  uint8_t h[MD_DESC_HEADER_SIZE] = {MD_DESC_MAGIC0, MD_DESC_MAGIC1,
                                    MD_DESC_MAGIC2, MD_DESC_MAGIC3};
  size_t divtab, reqtab;
  unsigned i;
  md_buf_init(out);
  if (np > MD_MAX_PARAMS || ndivs > MD_MAX_DIVISORS ||
      n_extra > MD_MAX_EXTRA || nreqs > MD_MAX_REQS)
    return -1;
  md_wr16(h + MD_H_VERSION, MD_DESC_VERSION);
  md_wr16(h + MD_H_HEADER_SIZE, MD_DESC_HEADER_SIZE);
  md_wr16(h + MD_H_NPARAMS, np);
  md_wr16(h + MD_H_NDIV, ndivs);
  md_wr16(h + MD_H_NEXTRA, n_extra);
  md_wr16(h + MD_H_NREQ, nreqs);
  md_buf_bytes(out, h, sizeof h); /* total_size patched below */
  for (i = 0; i < np; i++)
    md_buf_u32(out, param_sizes[i]);
  divtab = out->n;
  for (i = 0; i < ndivs; i++) {
    uint8_t e[MD_DIV_ENTRY_SIZE] = {0};
    e[MD_E_KIND] = (uint8_t)divs[i].kind;
    e[MD_E_FLAGS] = (uint8_t)divs[i].flags;
    md_wr16(e + MD_E_FIRST, divs[i].first_extra);
    md_buf_bytes(out, e, sizeof e); /* code_off patched below */
  }
  reqtab = out->n;
  for (i = 0; i < nreqs; i++)
    md_buf_u32(out, 0); /* code_off patched below */
  for (i = 0; i < ndivs + nreqs; i++) {
    const md_buf *prog = i < ndivs ? divs[i].prog : &reqs[i - ndivs];
    size_t entry = i < ndivs ? divtab + (size_t)i * MD_DIV_ENTRY_SIZE + MD_E_CODE
                             : reqtab + (size_t)(i - ndivs) * MD_REQ_ENTRY_SIZE;
    md_buf_put_u32(out, entry, (uint32_t)out->n);
    md_buf_bytes(out, prog->p, prog->n);
    md_buf_u8(out, MD_OP_END);
  }
  md_buf_put_u32(out, MD_H_TOTAL, (uint32_t)out->n);
  if (out->oom || out->n > 0xFFFFFFFFu) {
    md_buf_free(out);
    return -1;
  }
  return 0;
}
