/*
 * md_desc_plan.c -- the direct evaluation of the commonest descriptor:
 * no requirement, and every divisor a parameter (or a field of one) read
 * as it is -- a program of one MD_OP_ARG and MD_OP_END.  Its plan, made
 * once when the descriptor is accepted, lists per divisor the bytes to
 * read and the kind; a launch with new inputs then reads each divisor,
 * checks it and runs its generator (md_magic_core.h), with no interpreter
 * and no walk of the descriptor.  The outcome is md_desc_fill_validated's
 * for the same descriptor (the same checks in the same order, the same
 * generators): test/unit/launch-memo.test compares them launch by launch.
 */
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "desc/md_desc_plan.h"
#include "desc/md_magic_core.h"

typedef struct md_plan_div {
  uint32_t off;   /* byte offset in the parameter */
  uint16_t param; /* parameter index */
  uint16_t first; /* first magic parameter (md_extra.value index) */
  uint8_t size;   /* bytes read: 1, 2, 4 or 8 */
  uint8_t kind;   /* MD_KIND_* */
  uint8_t flags;  /* MD_DF_* */
} md_plan_div;

struct md_plan {
  uint32_t n_params, n_extra, n_div;
  int all_u32; /* every divisor MD_KIND_U32 without flags: only d == 0 is
                  outside its domain */
  md_plan_div div[];
};

md_plan *md_plan_make(const unsigned char *d) {
  uint32_t np = md_rd16(d + MD_H_NPARAMS), nd = md_rd16(d + MD_H_NDIV), i;
  const unsigned char *e = d + md_desc_div_table(np);
  md_plan *p;
  if (md_rd16(d + MD_H_NREQ) != 0)
    return NULL;
  for (i = 0; i < nd; i++, e += MD_DIV_ENTRY_SIZE) {
    const unsigned char *c = d + md_rd32(e + MD_E_CODE);
    if (c[0] != MD_OP_ARG || c[1 + md_op_operand_bytes(MD_OP_ARG)] != MD_OP_END)
      return NULL;
  }
  p = malloc(sizeof *p + nd * sizeof p->div[0]);
  if (!p)
    return NULL;
  p->n_params = np;
  p->n_extra = md_rd16(d + MD_H_NEXTRA);
  p->n_div = nd;
  p->all_u32 = 1;
  e = d + md_desc_div_table(np);
  for (i = 0; i < nd; i++, e += MD_DIV_ENTRY_SIZE) {
    const unsigned char *o = d + md_rd32(e + MD_E_CODE) + 1; /* operands */
    p->div[i].param = (uint16_t)md_rd16(o + MD_ARG_PARAM);
    p->div[i].off = md_rd32(o + MD_ARG_OFFSET);
    p->div[i].size = o[MD_ARG_SIZE];
    p->div[i].kind = e[MD_E_KIND];
    p->div[i].flags = e[MD_E_FLAGS];
    p->div[i].first = (uint16_t)md_rd16(e + MD_E_FIRST);
    if (p->div[i].kind != MD_KIND_U32 || p->div[i].flags != 0)
      p->all_u32 = 0;
  }
  return p;
}

/* The divisor value: `size` bytes at a, zero-extended (host order, like
 * md_desc.c's MD_OP_ARG). */
static inline uint64_t md_plan_read(const unsigned char *a, unsigned size) {
  switch (size) {
  case 1: return a[0];
  case 2: { uint16_t t; memcpy(&t, a, 2); return t; }
  case 4: { uint32_t t; memcpy(&t, a, 4); return t; }
  default: { uint64_t t; memcpy(&t, a, 8); return t; }
  }
}

/* md_plan_fill of an all_u32 plan: md_magic_check is d != 0 and
 * md_magic_store md_u32_of (a u32 read is 4 bytes). */
static int md_plan_fill_u32(const md_plan *p, void *const *args,
                            md_extra *out) {
  for (uint32_t i = 0; i < p->n_div; i++) {
    const md_plan_div *v = &p->div[i];
    const unsigned char *a = args[v->param];
    uint32_t x;
    md_u32_magic g;
    uint64_t *dst = &out->value[v->first];
    if (a == NULL)
      return MD_ERR_INVALID;
    memcpy(&x, a + v->off, 4);
    if (x == 0)
      return MD_FALLBACK_DIV_ZERO;
    g = md_u32_of(x);
    dst[0] = g.m, dst[1] = g.a, dst[2] = g.s;
  }
  return MD_OK;
}

int md_plan_fill(const md_plan *p, void *const *args, md_extra *out) {
  if (args == NULL && p->n_params > 0)
    return MD_ERR_INVALID;
  out->n_params = p->n_params;
  out->n_extra = p->n_extra;
  if (p->all_u32)
    return md_plan_fill_u32(p, args, out);
  for (uint32_t i = 0; i < p->n_div; i++) {
    const md_plan_div *v = &p->div[i];
    const unsigned char *a = args[v->param];
    uint64_t x;
    int st;
    if (a == NULL)
      return MD_ERR_INVALID;
    x = md_plan_read(a + v->off, v->size);
    st = md_magic_check(v->kind, v->flags, x);
    if (st != MD_OK)
      return st;
    md_magic_store(v->kind, v->flags, x, &out->value[v->first]);
  }
  return MD_OK;
}
