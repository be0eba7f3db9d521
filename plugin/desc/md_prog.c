/*
 * md_prog.c -- descriptor bytes, written through md_abi.h's definitions
 * (see md_prog.h).  The runtime reads them through the same header.
 */
#include "md_prog.h"

#include "magicdiv/md_abi.h"

void md_prog_arg(md_buf *b, unsigned param, uint32_t offset, unsigned size) {
  uint8_t o[7];
  md_buf_u8(b, MD_OP_ARG);
  md_wr16(o + MD_ARG_PARAM, param);
  md_wr32(o + MD_ARG_OFFSET, offset);
  o[MD_ARG_SIZE] = (uint8_t)size;
  md_buf_bytes(b, o, sizeof o);
}

void md_prog_const(md_buf *b, unsigned w, uint64_t value) {
  md_buf_u8(b, MD_OP_CONST);
  md_buf_u8(b, (uint8_t)w);
  md_buf_u64(b, w < 64 ? value & ((1ull << w) - 1) : value);
}

void md_prog_launch(md_buf *b, int which) {
  md_buf_u8(b, MD_OP_LAUNCH);
  md_buf_u8(b, (uint8_t)which);
}

void md_prog_binop(md_buf *b, int op, unsigned w, unsigned flags) {
  md_buf_u8(b, (uint8_t)op);
  md_buf_u8(b, (uint8_t)w);
  md_buf_u8(b, (uint8_t)flags);
}

void md_prog_icmp(md_buf *b, unsigned w, int pred) {
  md_buf_u8(b, MD_OP_ICMP);
  md_buf_u8(b, (uint8_t)w);
  md_buf_u8(b, (uint8_t)pred);
}

void md_prog_select(md_buf *b, unsigned w) {
  md_buf_u8(b, MD_OP_SELECT);
  md_buf_u8(b, (uint8_t)w);
}

void md_prog_cast(md_buf *b, int op, unsigned from, unsigned to) {
  md_buf_u8(b, (uint8_t)op);
  md_buf_u8(b, (uint8_t)from);
  md_buf_u8(b, (uint8_t)to);
}

int md_desc_build(md_buf *out, const uint32_t *param_sizes, unsigned np,
                  const md_desc_div *divs, unsigned ndivs, unsigned n_extra,
                  const md_buf *reqs, unsigned nreqs) {
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
