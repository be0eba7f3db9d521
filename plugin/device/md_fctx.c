/*
 * md_fctx.c -- the analysis context of one function and its decided sites
 * (md_fctx.h).
 */
#include "device/md_fctx.h"

#include <stdlib.h>
#include <string.h>

#include "support/md_array.h"
#include "analysis/md_omp.h"

int md_fctx_init_kernel(md_fctx *f, LLVMValueRef kernel, LLVMTargetDataRef td,
                        md_target t) {
  int st;
  memset(f, 0, sizeof *f);
  f->fn = kernel;
  st = md_dom_build(&f->dom, kernel);
  md_inv_init(&f->inv, kernel, td, t);
  md_range_init(&f->range, &f->dom);
  md_bounds_init(&f->own_bounds, &f->inv, &f->dom, &f->range, t);
  f->bounds = &f->own_bounds;
  return st;
}

int md_fctx_init_callee(md_fctx *f, LLVMValueRef callee, md_fctx *parent,
                        LLVMValueRef call) {
  int st;
  memset(f, 0, sizeof *f);
  f->fn = callee;
  st = md_dom_build(&f->dom, callee);
  md_inv_init_callee(&f->inv, callee, &parent->inv, call);
  md_range_init(&f->range, &f->dom);
  /* an OpenMP microtask, started once by the call: bounds of its own whose
   * arguments are the call's operands in the parent's bounds */
  if (parent->bounds && md_omp_microtask(call) == callee) {
    md_bounds_init_callee(&f->own_bounds, &f->inv, &f->dom, &f->range,
                          parent->bounds, call);
    f->bounds = &f->own_bounds;
  }
  return st;
}

void md_fctx_release(md_fctx *f) {
  free(f->vsites);
  if (f->bounds)
    md_bounds_release(f->bounds);
  free(f->sites);
  md_range_release(&f->range);
  md_inv_release(&f->inv);
  md_dom_release(&f->dom);
  free(f->where);
  memset(f, 0, sizeof *f);
}

int md_fctx_add_site(md_fctx *f, const md_site *s) {
  md_site *ns =
      md_array_room(f->sites, f->nsites, &f->capsites, sizeof *ns, 16);
  if (!ns)
    return -1;
  f->sites = ns;
  f->sites[f->nsites++] = *s;
  return 0;
}

int md_fctx_add_vsite(md_fctx *f, const md_vsite *vs) {
  md_vsite *nv =
      md_array_room(f->vsites, f->nvsites, &f->capvsites, sizeof *nv, 4);
  if (!nv)
    return -1;
  f->vsites = nv;
  f->vsites[f->nvsites++] = *vs;
  return 0;
}

uint64_t md_fctx_divisors_used(const md_fctx *f) {
  uint64_t used = 0;
  unsigned j, l;
  for (j = 0; j < f->nsites; j++)
    used |= 1ull << f->sites[j].divisor;
  for (j = 0; j < f->nvsites; j++)
    for (l = 0; l < f->vsites[j].lanes; l++)
      used |= 1ull << f->vsites[j].divisor[l];
  return used;
}

static unsigned md_lane_count(const md_fctx *f) {
  unsigned i, n = 0;
  for (i = 0; i < f->nvsites; i++)
    n += f->vsites[i].lanes;
  return n;
}

/* Split the vector sites in the clone (map: original -> clone) and append
 * their lanes to sites[n..); returns the new count, or 0 with nothing
 * split when a vector site has no copy. */
static unsigned md_split_vector_sites(const md_fctx *f, const md_vmap *map,
                                      md_site *sites, unsigned n) {
  unsigned i, l;
  LLVMValueRef lane[MD_VEC_MAX_LANES];
  for (i = 0; i < f->nvsites; i++)
    if (!md_vmap_lookup(map, f->vsites[i].inst))
      return 0;
  for (i = 0; i < f->nvsites; i++) {
    const md_vsite *vs = &f->vsites[i];
    md_vec_split(md_vmap_lookup(map, vs->inst), lane);
    for (l = 0; l < vs->lanes; l++) {
      sites[n].inst = lane[l];
      sites[n].divisor = vs->divisor[l];
      sites[n].mode = (md_site_mode)vs->mode;
      sites[n].nonneg = 0;
      sites[n].rem32 = 0;
      n++;
    }
  }
  return n;
}

int md_fctx_rewrite(const md_fctx *f, LLVMValueRef clone, const md_vmap *map,
                    md_magic_vals *mv, md_remark_queue *held) {
  unsigned i, n = f->nsites;
  int rc;
  md_site *all = malloc((f->nsites + md_lane_count(f) + 1) *
                        sizeof *all); /* the sites, then the lanes */
  if (!all)
    return -1;
  for (i = 0; i < f->nsites; i++) {
    all[i] = f->sites[i];
    all[i].inst = md_vmap_lookup(map, f->sites[i].inst);
    if (!all[i].inst) {
      free(all);
      return -1;
    }
  }
  if (f->nvsites && !(n = md_split_vector_sites(f, map, all, n))) {
    free(all);
    return -1;
  }
  rc = md_rewrite_sites(clone, all, n, mv, held);
  free(all);
  return rc;
}
