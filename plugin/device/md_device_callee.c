/*
 * md_device_callee.c -- divisions in the functions a kernel calls
 * (md_device_callee.h): the call-site tree of md_callee.h decided with the
 * kernel's own site logic (md_site.h) in each node's context, callee
 * clones built next to the kernel's clone, and their remarks.
 */
#include "md_device_callee.h"

#include <llvm-c/Analysis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_omp.h"
#include "md_omp_clone.h"
#include "md_remark.h"
#include "md_site.h"

/* " (in device function 'f', called from kernel 'k')" or "... called from
 * 'g' in kernel 'k'", for md_remark_context. */
static void md_node_context(const md_cplan *p, const md_cnode *n,
                            LLVMValueRef kernel, char *buf, size_t size) {
  size_t fl = 0, pl = 0, kl = 0;
  const char *fname = LLVMGetValueName2(n->fn, &fl);
  const char *kname = LLVMGetValueName2(kernel, &kl);
  if (n->parent < 0) {
    snprintf(buf, size, " (in device function '%.*s', called from kernel "
             "'%.*s')", (int)fl, fname, (int)kl, kname);
  } else {
    const char *pname = LLVMGetValueName2(p->node[n->parent].fn, &pl);
    snprintf(buf, size, " (in device function '%.*s', called from '%.*s' "
             "in kernel '%.*s')", (int)fl, fname, (int)pl, pname,
             (int)kl, kname);
  }
}

unsigned md_callee_decide(md_kdec *d, md_cplan *p, LLVMValueRef kernel) {
  unsigned i;
  char ctx[512];
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    md_node_context(p, n, kernel, ctx, sizeof ctx);
    md_remark_context(ctx);
    md_site_decide_function(d, &n->ctx);
    md_remark_context(NULL);
  }
  return md_callee_mark_needed(p);
}

void md_callee_drop(md_cplan *p, LLVMValueRef kclone) {
  unsigned i;
  LLVMDeleteFunction(kclone);
  for (i = 0; p && i < p->n; i++)
    if (p->node[i].clone && !p->node[i].shared)
      LLVMDeleteFunction(p->node[i].clone);
  for (i = 0; p && i < p->n; i++)
    p->node[i].clone = NULL;
}

int md_callee_build(const md_kdec *d, md_cplan *p, LLVMValueRef kernel,
                    LLVMValueRef kclone, const md_vmap *kmap) {
  LLVMTypeRef all[MD_MAX_EXTRA], types[MD_MAX_EXTRA];
  LLVMValueRef extra[MD_MAX_EXTRA];
  md_magic_vals mv[MD_MAX_DIVISORS];
  unsigned i, j, dv, nx;
  size_t kl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  md_kdec_extra_types(d, LLVMGetModuleContext(LLVMGetGlobalParent(kernel)),
                      all);
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    LLVMValueRef pclone = n->parent < 0 ? kclone : p->node[n->parent].clone;
    const md_vmap *pmap = n->parent < 0 ? kmap : p->node[n->parent].map;
    uint64_t pused = n->parent < 0 ? MD_ALL_DIVISORS : p->node[n->parent].used;
    unsigned pnp = pclone ? LLVMCountParams(pclone) -
                                md_kdec_used_offset(d, pused, d->ndivs)
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
    for (dv = 0, nx = 0; dv < d->ndivs; dv++)
      if (n->used >> dv & 1)
        for (j = 0; j < (unsigned)md_kind_params(d->divs[dv].kind,
                                                 d->divs[dv].flags); j++) {
          /* a microtask gets every argument pointer-sized (md_omp.h) */
          types[nx] = omp ? LLVMInt64TypeInContext(LLVMGetModuleContext(
                                LLVMGetGlobalParent(kernel)))
                          : all[d->divs[dv].first_extra + j];
          extra[nx++] = pclone ? LLVMGetParam(pclone, pnp +
                                              md_kdec_used_offset(d, pused, dv) + j)
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
      md_remarkf(MD_REMARK_MISSED, kernel, "CloneFailed",
                 "magicdiv: kernel '%.*s' left alone: device function "
                 "'%.*s' it calls cannot be cloned (%s)",
                 (int)kl, kname, (int)fl, fname,
                 pcall ? md_clone_refusal_reason() : "no copy of the call");
      return -1;
    }
    LLVMSetLinkage(n->clone, LLVMInternalLinkage);
    LLVMSetVisibility(n->clone, LLVMDefaultVisibility);
    LLVMSetDLLStorageClass(n->clone, LLVMDefaultStorageClass);
    md_kdec_magic_params(d, n->clone, n->used, mv);
    if (omp)
      md_omp_narrow_params(n->clone, mv, d->ndivs);
    bad = md_fctx_rewrite(&n->ctx, n->clone, n->map, mv);
    if (bad) {
      md_remark(MD_REMARK_MISSED, kernel, "InternalError",
                "magicdiv: internal error: a division has no copy in the "
                "clone of a called function; the clones were dropped");
      return -1;
    }
  redirect:
    md_omp_fit_args(pcall, extra, types, nx);
    if (!omp)
      md_callee_redirect(pcall, n->clone, extra, nx);
    else if (md_omp_redirect(pcall, n->clone, extra, nx)) {
      md_remarkf(MD_REMARK_MISSED, kernel, "CloneFailed",
                 "magicdiv: kernel '%.*s' left alone: the parallel region "
                 "'%.*s' cannot be started with its clone",
                 (int)kl, kname, (int)fl, fname);
      return -1;
    }
  }
  for (i = 0; i < p->n; i++)
    if (p->node[i].clone && !p->node[i].shared && d->o->verify &&
        LLVMVerifyFunction(p->node[i].clone, LLVMReturnStatusAction)) {
      md_remark(MD_REMARK_MISSED, kernel, "InternalError",
                "magicdiv: internal error: the clone of a called function "
                "failed verification; the clones were dropped; please report "
                "this kernel");
      return -1;
    }
  return 0;
}

void md_callee_remarks(const md_kdec *d, const md_cplan *p,
                       LLVMValueRef kernel) {
  unsigned i;
  char ctx[512];
  size_t kl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  for (i = 0; p && i < p->n; i++) {
    const md_cnode *n = &p->node[i];
    size_t fl = 0, cl = 0;
    const char *fname = LLVMGetValueName2(n->fn, &fl), *cname;
    if (!n->clone)
      continue;
    cname = LLVMGetValueName2(n->clone, &cl);
    md_node_context(p, n, kernel, ctx, sizeof ctx);
    md_remark_context(ctx);
    md_site_remarks(d, &n->ctx);
    md_remark_context(NULL);
    md_remarkf(MD_REMARK_PASSED, n->call, "ClonedCallee",
               "magicdiv: device function '%.*s' %s '%.*s' for this "
               "call (kernel '%.*s'): %u division site(s)",
               (int)fl, fname, n->shared ? "calls its clone" : "cloned as",
               (int)cl, cname, (int)kl, kname,
               n->ctx.nsites + n->ctx.nvsites);
  }
}
