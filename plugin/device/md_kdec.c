/*
 * md_kdec.c -- a kernel's shared decisions: divisor table, merged launch
 * requirements, fact texts, magic parameters (md_kdec.h).
 */
#include "device/md_kdec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/md_assert.h"

void md_kdec_init(md_kdec *d, const md_options *o) {
  memset(d, 0, sizeof *d);
  d->o = o;
  md_bounds_req_init(&d->req);
}

void md_kdec_release(md_kdec *d) {
  unsigned i;
  size_t j;
  for (i = 0; i < d->ndivs; i++)
    md_buf_free(&d->divs[i].prog);
  for (j = 0; j < d->facts.cap; j++)
    if (d->facts.keys[j])
      free(d->facts.vals[j]);
  md_map_release(&d->facts);
}

int md_kdec_divisor(md_kdec *d, md_buf *prog, int kind, int flags) {
  unsigned i;
  /* The 32-bit path's two parameters only while they fit (the sites then
   * use the 64-bit sequence alone: md_rewrite.c sees no f1). */
  if ((flags & MD_DF_FAST32) &&
      d->n_extra + (unsigned)md_kind_params(kind, flags) > MD_MAX_EXTRA)
    flags &= ~MD_DF_FAST32;
  for (i = 0; i < d->ndivs; i++)
    if (d->divs[i].kind == kind && d->divs[i].flags == flags &&
        md_buf_cmp(&d->divs[i].prog, prog) == 0)
      return (int)i;
  if (d->ndivs == MD_MAX_DIVISORS)
    return -1;
  d->divs[d->ndivs].prog = *prog;
  md_buf_init(prog); /* ownership moved */
  d->divs[d->ndivs].kind = kind;
  d->divs[d->ndivs].flags = flags;
  d->divs[d->ndivs].first_extra = d->n_extra;
  d->n_extra += (unsigned)md_kind_params(kind, flags);
  return (int)d->ndivs++;
}

int md_kdec_req_prepare(md_kdec *d, md_bounds *b, const md_bounds_req *r,
                        md_bounds_req *merged) {
  *merged = d->req;
  return md_bounds_merge(b, merged, r);
}

int md_kdec_req_commit(md_kdec *d, LLVMValueRef inst,
                       const md_bounds_req *merged, const char *fact) {
  char *t = malloc(strlen(fact) + 1);
  char *old = md_map_get(&d->facts, inst); /* each site is decided once */
  if (!t)
    return -1;
  strcpy(t, fact);
  if (md_map_put(&d->facts, inst, t)) {
    free(t);
    return -1;
  }
  free(old);
  d->req = *merged;
  return 0;
}

const char *md_kdec_fact(const md_kdec *d, LLVMValueRef inst) {
  return md_map_get(&d->facts, inst);
}

void md_kdec_extra_types(const md_kdec *d, LLVMContextRef ctx,
                         LLVMTypeRef *types) {
  unsigned i;
  for (i = 0; i < d->ndivs; i++) {
    int j, n = md_kind_params(d->divs[i].kind, d->divs[i].flags);
    LLVMTypeRef t =
        LLVMIntTypeInContext(ctx, (unsigned)md_kind_width(d->divs[i].kind));
    MD_ASSERT(d->divs[i].first_extra + (unsigned)n <= d->n_extra);
    for (j = 0; j < n; j++)
      types[d->divs[i].first_extra + (unsigned)j] = t;
  }
}

unsigned md_kdec_used_offset(const md_kdec *d, uint64_t used, unsigned div) {
  unsigned i, off = 0;
  for (i = 0; i < div && i < d->ndivs; i++)
    if (used >> i & 1)
      off += (unsigned)md_kind_params(d->divs[i].kind, d->divs[i].flags);
  return off;
}

void md_kdec_magic_params(const md_kdec *d, LLVMValueRef clone, uint64_t used,
                          md_magic_vals *mv) {
  static const char *pn[6] = {"m", "a", "s", "dsgn", "f1", "f2"};
  unsigned np = LLVMCountParams(clone) - md_kdec_used_offset(d, used, d->ndivs);
  unsigned i;
  MD_ASSERT(LLVMCountParams(clone) >= md_kdec_used_offset(d, used, d->ndivs));
  for (i = 0; i < d->ndivs; i++) {
    unsigned base = np + md_kdec_used_offset(d, used, i);
    int j, n = md_kind_params(d->divs[i].kind, d->divs[i].flags);
    char nm[32];
    memset(&mv[i], 0, sizeof mv[i]);
    if (!(used >> i & 1))
      continue; /* no site of this clone uses it */
    mv[i].kind = d->divs[i].kind;
    mv[i].pow2_loops = d->o && d->o->pow2_loops;
    mv[i].pow2_kernel = !d->o                   ? 0
                        : d->o->pow2_kernel_all ? 2
                                                : d->o->pow2_kernel;
    mv[i].keep_rolled = d->o && d->o->keep_rolled;
    mv[i].pow2_tier = d->o && d->o->pow2_tier;
    mv[i].m = LLVMGetParam(clone, base);
    mv[i].a = LLVMGetParam(clone, base + 1);
    mv[i].s = LLVMGetParam(clone, base + 2);
    mv[i].dsgn = (d->divs[i].flags & MD_DF_POSITIVE) == 0 && n > 3
                     ? LLVMGetParam(clone, base + 3)
                     : NULL;
    if (d->divs[i].flags & MD_DF_FAST32) {
      mv[i].f1 = LLVMGetParam(clone, base + (unsigned)n - 2);
      mv[i].f2 = LLVMGetParam(clone, base + (unsigned)n - 1);
    }
    for (j = 0; j < n; j++) {
      int k = j + (j >= 3 && !mv[i].dsgn ? 1 : 0);
      int len = snprintf(nm, sizeof nm, "md.d%u.%s", i, pn[k]);
      LLVMSetValueName2(LLVMGetParam(clone, base + (unsigned)j), nm,
                        (size_t)len);
    }
  }
}
