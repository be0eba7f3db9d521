/*
 * md_device_callee.c -- divisions in the functions a kernel calls
 * (md_kstate.h): the call-site tree of md_callee.h decided with the
 * kernel's own site logic, callee clones built next to the kernel's clone,
 * and the remarks for what stays.
 */
#include <llvm-c/Analysis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_kstate.h"
#include "md_omp.h"
#include "md_omp_clone.h"
#include "md_remark.h"

/* ---- called functions (md_callee.h) ----
 * A node's decisions and sites live in the node; while they are decided,
 * built or reported, they are exchanged with the kernel's (k->inv,
 * k->range, k->sites, k->vsites), so md_consider_site, md_rewrite_clone
 * and the remarks work unchanged on either.  Nodes' contexts refer to
 * their parent's by address: the kernel's own context sits in
 * k->plan->kinv while nodes are decided. */

static void md_node_swap(md_kstate *k, md_cnode *n) {
  md_inv inv = k->inv;
  md_range range = k->range;
  md_site *sites = k->sites;
  md_vsite *vsites = k->vsites;
  unsigned ns = k->nsites, cs = k->capsites, nv = k->nvsites,
           cv = k->capvsites;
  k->inv = n->inv;
  n->inv = inv;
  k->range = n->range;
  n->range = range;
  k->sites = n->sites;
  n->sites = sites;
  k->nsites = n->nsites;
  n->nsites = ns;
  k->capsites = n->capsites;
  n->capsites = cs;
  k->vsites = n->vsites;
  n->vsites = vsites;
  k->nvsites = n->nvsites;
  n->nvsites = nv;
  k->capvsites = n->capvsites;
  n->capvsites = cv;
  /* md_bounds' memo and requirements are the kernel's: its rules would
   * read a callee's arguments as values of the kernel, so callee sites
   * get no launch-checked facts. */
  k->in_callee = !k->in_callee;
}

/* " (in device function 'f', called from kernel 'k')" or "... called from
 * 'g' in kernel 'k'", for md_remark_context. */
static void md_node_context(md_kstate *k, const md_cnode *n, char *buf,
                            size_t size) {
  size_t fl = 0, pl = 0;
  const char *fname = LLVMGetValueName2(n->fn, &fl);
  if (n->parent < 0) {
    snprintf(buf, size, " (in device function '%.*s', called from kernel "
             "'%.*s')", (int)fl, fname, (int)k->klen, k->kname);
  } else {
    const char *pname =
        LLVMGetValueName2(k->plan->node[n->parent].fn, &pl);
    snprintf(buf, size, " (in device function '%.*s', called from '%.*s' "
             "in kernel '%.*s')", (int)fl, fname, (int)pl, pname,
             (int)k->klen, k->kname);
  }
}

/* Decide about the divisions of every node's function, each in its
 * node's context; returns the number of sites in called functions. */
unsigned md_consider_callees(md_kstate *k) {
  md_cplan *p = k->plan;
  unsigned i;
  char ctx[512];
  p->kinv = k->inv; /* the nodes' root context, at a fixed address */
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    LLVMBasicBlockRef bb;
    md_node_swap(k, n);
    md_node_context(k, n, ctx, sizeof ctx);
    md_remark_context(ctx);
    for (bb = LLVMGetFirstBasicBlock(n->fn); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef in;
      for (in = LLVMGetFirstInstruction(bb); in;
           in = LLVMGetNextInstruction(in))
        if (md_is_div(in))
          md_consider_site(k, in);
    }
    md_remark_context(NULL);
    md_node_swap(k, n);
  }
  k->inv = p->kinv;
  return md_callee_mark_needed(p);
}

/* Build: the sites and vector sites of the current function (k->sites,
 * k->vsites: instructions of the function `map` was made from) rewritten
 * in its clone.  0, or -1 (a site has no copy; nothing was changed). */
int md_rewrite_clone(md_kstate *k, LLVMValueRef clone,
                     const md_vmap *map, md_magic_vals *mv) {
  unsigned i, n = k->nsites;
  md_site *all = malloc((k->nsites + md_vector_lane_count(k) + 1) *
                        sizeof *all); /* the sites, then the lanes */
  if (!all)
    return -1;
  for (i = 0; i < k->nsites; i++) {
    all[i] = k->sites[i];
    all[i].inst = md_vmap_lookup(map, k->sites[i].inst);
    if (!all[i].inst) {
      free(all);
      return -1;
    }
  }
  if (k->nvsites && !(n = md_split_vector_sites(k, map, all, n))) {
    free(all);
    return -1;
  }
  md_rewrite_sites(clone, all, n, mv);
  free(all);
  return 0;
}

/* Delete the kernel's clone and the called functions' clones (parents
 * before the children they call). */
void md_drop_clones(md_kstate *k, LLVMValueRef clone) {
  unsigned i;
  LLVMDeleteFunction(clone);
  for (i = 0; k->plan && i < k->plan->n; i++)
    if (k->plan->node[i].clone && !k->plan->node[i].shared)
      LLVMDeleteFunction(k->plan->node[i].clone);
  for (i = 0; k->plan && i < k->plan->n; i++)
    k->plan->node[i].clone = NULL;
}

/* Build: a clone of every needed node's function with the magic
 * parameters appended, its sites rewritten, called by the copy of its call
 * in the parent's clone with the parent clone's magic parameters.
 * 0, or -1 with a remark (the caller drops all clones). */
int md_build_callee_clones(md_kstate *k, LLVMValueRef kclone,
                           const md_vmap *kmap) {
  LLVMTypeRef all[MD_MAX_EXTRA], types[MD_MAX_EXTRA];
  LLVMValueRef extra[MD_MAX_EXTRA];
  md_magic_vals mv[MD_MAX_DIVISORS];
  md_cplan *p = k->plan;
  unsigned i, j, d, nx;
  md_extra_types(k, all);
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    LLVMValueRef pclone = n->parent < 0 ? kclone : p->node[n->parent].clone;
    const md_vmap *pmap = n->parent < 0 ? kmap : p->node[n->parent].map;
    uint64_t pused = n->parent < 0 ? MD_ALL_DIVISORS : p->node[n->parent].used;
    unsigned pnp = pclone ? LLVMCountParams(pclone) -
                                md_used_offset(k, pused, k->ndivs)
                          : 0;
    LLVMValueRef pcall;
    char *name;
    int bad;
    size_t fl = 0;
    const char *fname = LLVMGetValueName2(n->fn, &fl);
    int same, omp = md_omp_microtask(n->call) != NULL;
    if (!n->needed)
      continue;
    /* the magic parameters of the divisors used here or below */
    for (d = 0, nx = 0; d < k->ndivs; d++)
      if (n->used >> d & 1)
        for (j = 0; j < (unsigned)md_kind_params(k->divs[d].kind,
                                                 k->divs[d].flags); j++) {
          /* a microtask gets every argument pointer-sized (md_omp.h) */
          types[nx] = omp ? LLVMInt64TypeInContext(LLVMGetModuleContext(k->m))
                          : all[k->divs[d].first_extra + j];
          extra[nx++] = pclone ? LLVMGetParam(pclone, pnp +
                                              md_used_offset(k, pused, d) + j)
                               : NULL;
        }
    pcall = pclone ? md_vmap_lookup(pmap, n->call) : NULL;
    if (pcall && (same = md_callee_same_as(p, i)) >= 0) {
      /* the same clone serves: same function, same decisions */
      n->clone = p->node[same].clone;
      n->shared = 1;
      goto redirect;
    }
    name = md_callee_clone_name(n->fn);
    n->clone = pcall && name ? md_clone_function(n->fn, name, types, nx,
                                                 &n->map)
                             : NULL;
    free(name);
    if (!n->clone) {
      md_remarkf(MD_REMARK_MISSED, k->kernel, "CloneFailed",
                 "magicdiv: kernel '%.*s' left alone: device function "
                 "'%.*s' it calls cannot be cloned (%s)",
                 (int)k->klen, k->kname, (int)fl, fname,
                 pcall ? md_clone_refusal_reason() : "no copy of the call");
      return -1;
    }
    LLVMSetLinkage(n->clone, LLVMInternalLinkage);
    LLVMSetVisibility(n->clone, LLVMDefaultVisibility);
    LLVMSetDLLStorageClass(n->clone, LLVMDefaultStorageClass);
    md_magic_params(k, n->clone, n->used, mv);
    if (omp)
      md_omp_narrow_params(n->clone, mv, k->ndivs);
    md_node_swap(k, n);
    bad = md_rewrite_clone(k, n->clone, n->map, mv);
    md_node_swap(k, n);
    if (bad) {
      md_remark(MD_REMARK_MISSED, k->kernel, "InternalError",
                "magicdiv: internal error: a division has no copy in the "
                "clone of a called function; the clones were dropped");
      return -1;
    }
  redirect:
    md_omp_fit_args(pcall, extra, types, nx);
    if (!omp)
      md_callee_redirect(pcall, n->clone, extra, nx);
    else if (md_omp_redirect(pcall, n->clone, extra, nx)) {
      md_remarkf(MD_REMARK_MISSED, k->kernel, "CloneFailed",
                 "magicdiv: kernel '%.*s' left alone: the parallel region "
                 "'%.*s' cannot be started with its clone",
                 (int)k->klen, k->kname, (int)fl, fname);
      return -1;
    }
  }
  for (i = 0; i < p->n; i++)
    if (p->node[i].clone && !p->node[i].shared && k->o->verify &&
        LLVMVerifyFunction(p->node[i].clone, LLVMReturnStatusAction)) {
      md_remark(MD_REMARK_MISSED, k->kernel, "InternalError",
                "magicdiv: internal error: the clone of a called function "
                "failed verification; the clones were dropped; please report "
                "this kernel");
      return -1;
    }
  return 0;
}

/* Commit: the remarks of the called functions' sites and clones. */
void md_callee_remarks(md_kstate *k) {
  unsigned i, j;
  char ctx[512];
  for (i = 0; k->plan && i < k->plan->n; i++) {
    md_cnode *n = &k->plan->node[i];
    size_t fl = 0, cl = 0;
    const char *fname = LLVMGetValueName2(n->fn, &fl), *cname;
    if (!n->clone)
      continue;
    cname = LLVMGetValueName2(n->clone, &cl);
    md_node_swap(k, n);
    md_node_context(k, n, ctx, sizeof ctx);
    md_remark_context(ctx);
    for (j = 0; j < k->nsites; j++)
      md_site_remark(k, &k->sites[j]);
    md_vector_remarks(k);
    md_remark_context(NULL);
    md_remarkf(MD_REMARK_PASSED, n->call, "ClonedCallee",
               "magicdiv: device function '%.*s' %s '%.*s' for this "
               "call (kernel '%.*s'): %u division site(s)",
               (int)fl, fname, n->shared ? "calls its clone" : "cloned as",
               (int)cl, cname, (int)k->klen, k->kname,
               k->nsites + k->nvsites);
    md_node_swap(k, n);
  }
}

/* ---- end of called functions ---- */
