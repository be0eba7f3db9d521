/*
 * md_device_callee.c -- divisions in the functions a kernel calls
 * (md_device_callee.h): the call-site tree of md_callee.h decided with the
 * kernel's own site logic (md_site.h) in each node's context, callee
 * clones built next to the kernel's clone, and their remarks.
 */
#include "device/md_device_callee.h"

#include <llvm-c/Analysis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/md_omp.h"
#include "device/md_omp_pack.h"
#include "device/md_omp_redirect.h"
#include "support/md_remark.h"
#include "device/md_site.h"

/* " (in device function 'f', called from kernel 'k')" or "... called from
 * 'g' in kernel 'k'": the remark suffix of a node's sites, malloc'd with
 * the whole names (NULL when out of memory: the remarks go without it). */
static char *md_node_context(const md_cplan *p, const md_cnode *n,
                             LLVMValueRef kernel) {
  size_t fl = 0, pl = 0, kl = 0, size;
  const char *fname = LLVMGetValueName2(n->fn, &fl);
  const char *kname = LLVMGetValueName2(kernel, &kl);
  const char *pname =
      n->parent < 0 ? NULL : LLVMGetValueName2(p->node[n->parent].fn, &pl);
  char *buf;
  size = fl + pl + kl + 96;
  if (!(buf = malloc(size)))
    return NULL;
  if (!pname)
    snprintf(buf, size,
             " (in device function '%.*s', called from kernel "
             "'%.*s')",
             (int)fl, fname, (int)kl, kname);
  else
    snprintf(buf, size,
             " (in device function '%.*s', called from '%.*s' "
             "in kernel '%.*s')",
             (int)fl, fname, (int)pl, pname, (int)kl, kname);
  return buf;
}

unsigned md_callee_decide(md_kdec *d, md_cplan *p, LLVMValueRef kernel) {
  unsigned i;
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    free(n->ctx.where);
    n->ctx.where = md_node_context(p, n, kernel);
    md_site_decide_function(d, &n->ctx);
  }
  return md_callee_mark_needed(p);
}

void md_callee_drop(md_cplan *p, LLVMValueRef kclone,
                    md_remark_queue *held) {
  unsigned i;
  md_remark_drop(held, kclone);
  LLVMDeleteFunction(kclone);
  for (i = 0; p && i < p->n; i++)
    if (p->node[i].clone && !p->node[i].shared) {
      md_remark_drop(held, p->node[i].clone);
      LLVMDeleteFunction(p->node[i].clone);
    }
  for (i = 0; p && i < p->n; i++)
    p->node[i].clone = NULL;
}

/* Magic value j (0..3: m, a, s, dsgn) of one divisor. */
static LLVMValueRef md_mv_value(const md_magic_vals *v, int j) {
  return j == 0 ? v->m : j == 1 ? v->a : j == 2 ? v->s : v->dsgn;
}

/* The magic values of the divisors node n uses (here or below), in
 * divisor order: their types (from all[], the kernel clone's) and their
 * values in the parent's clone pclone -- its magic parameters, or, for the
 * clone of a parallel region's microtask (parent_omp), its unpacked values
 * (md_omp_pack.h) -- NULL without one, used = the parent's.  Returns
 * their number. */
static unsigned md_node_extra(const md_kdec *d, const md_cnode *n,
                              LLVMValueRef pclone, uint64_t pused,
                              int parent_omp, const LLVMTypeRef *all,
                              LLVMTypeRef *types, LLVMValueRef *extra) {
  md_magic_vals pmv[MD_MAX_DIVISORS];
  unsigned pnp = pclone ? LLVMCountParams(pclone) -
                              md_kdec_used_offset(d, pused, d->ndivs)
                        : 0;
  unsigned dv, j, nx = 0;
  if (pclone && parent_omp)
    md_omp_unpack(pclone, d, pused, pmv);
  for (dv = 0; dv < d->ndivs; dv++)
    if (n->used >> dv & 1)
      for (j = 0;
           j < (unsigned)md_kind_params(d->divs[dv].kind, d->divs[dv].flags);
           j++) {
        types[nx] = all[d->divs[dv].first_extra + j];
        extra[nx++] =
            !pclone ? NULL
            : parent_omp
                ? md_mv_value(&pmv[dv], (int)j)
                : LLVMGetParam(pclone,
                               pnp + md_kdec_used_offset(d, pused, dv) + j);
      }
  return nx;
}

/* Node n's own clone (magic parameters types[0..nx)), its sites rewritten
 * (its remarks held in `held`); 0, or -1 with a remark at kernel. */
static int md_node_clone(const md_kdec *d, md_cnode *n, LLVMValueRef pcall,
                         LLVMTypeRef *types, unsigned nx,
                         LLVMValueRef kernel, md_remark_queue *held) {
  md_magic_vals mv[MD_MAX_DIVISORS];
  size_t kl = 0, fl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  const char *fname = LLVMGetValueName2(n->fn, &fl);
  char *name = md_callee_clone_name(n->fn);
  const char *why = pcall ? "out of memory" : "no copy of the call";
  n->clone = pcall && name
                 ? md_clone_function(n->fn, name, types, nx, &n->map, &why)
                 : NULL;
  free(name);
  if (!n->clone) {
    md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(CloneFailed),
               "magicdiv: kernel '%.*s' left alone: device function "
               "'%.*s' it calls cannot be cloned (%s)",
               (int)kl, kname, (int)fl, fname, why);
    return -1;
  }
  LLVMSetLinkage(n->clone, LLVMInternalLinkage);
  LLVMSetVisibility(n->clone, LLVMDefaultVisibility);
  LLVMSetDLLStorageClass(n->clone, LLVMDefaultStorageClass);
  if (md_omp_microtask(n->call))
    md_omp_unpack(n->clone, d, n->used, mv);
  else
    md_kdec_magic_params(d, n->clone, n->used, mv);
  if (md_fctx_rewrite(&n->ctx, n->clone, n->map, mv, held) < 0) {
    md_remark(MD_REMARK_MISSED, kernel, MD_RN(InternalError),
              "magicdiv: internal error: a division has no copy in the "
              "clone of a called function; the clones were dropped");
    return -1;
  }
  return 0;
}

/* The copy pcall of n's call in the parent's clone calls n's clone with
 * the magic values extra[0..nx) (converted to types[]): a plain call gets
 * them as arguments, an OpenMP parallel call in its captured values.  0,
 * or -1 (nothing changed). */
static int md_node_redirect(const md_cnode *n, LLVMValueRef pcall,
                            LLVMValueRef *extra, LLVMTypeRef *types,
                            unsigned nx) {
  md_omp_fit_args(pcall, extra, types, nx);
  if (md_omp_microtask(n->call))
    return md_omp_redirect(pcall, n->clone, extra, nx);
  return md_callee_redirect(pcall, n->clone, extra, nx);
}

/* The remark of a kernel left alone because the copy pcall of n's call
 * cannot call n's clone with nx magic values (slots, for a microtask). */
static void md_redirect_failed(LLVMValueRef kernel, const md_cnode *n,
                               LLVMValueRef pcall, unsigned nx) {
  size_t kl = 0, fl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  const char *fname = LLVMGetValueName2(n->fn, &fl);
  unsigned na = pcall ? md_omp_nslots(pcall) : 0;
  if (md_omp_call_kind(pcall) == MD_OMP_PAR && na + nx > MD_OMP_MAX_SLOTS)
    md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(CloneFailed),
               "magicdiv: kernel '%.*s' left alone: the parallel region "
               "'%.*s' cannot be started with its clone: its %u captured "
               "value(s) and %u slot(s) of packed magic values would pass "
               "the %d argument slots of the device runtime's "
               "invokeMicrotask",
               (int)kl, kname, (int)fl, fname, na, nx, MD_OMP_MAX_SLOTS);
  else if (md_omp_microtask(n->call))
    md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(CloneFailed),
               "magicdiv: kernel '%.*s' left alone: the parallel region "
               "'%.*s' cannot be started with its clone (its captured-values "
               "array is not understood)",
               (int)kl, kname, (int)fl, fname);
  else
    md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(OutOfMemory),
               "magicdiv: kernel '%.*s' left alone: out of memory while "
               "redirecting a call to the clone of '%.*s'",
               (int)kl, kname, (int)fl, fname);
}

/* The clones made verify (when verification is on): 0, or -1 with a
 * remark at kernel. */
static int md_callee_verify(const md_kdec *d, const md_cplan *p,
                            LLVMValueRef kernel) {
  unsigned i;
  for (i = 0; i < p->n; i++)
    if (p->node[i].clone && !p->node[i].shared && d->o->verify &&
        LLVMVerifyFunction(p->node[i].clone, LLVMReturnStatusAction)) {
      md_remark(MD_REMARK_MISSED, kernel, MD_RN(InternalError),
                "magicdiv: internal error: the clone of a called function "
                "failed verification; the clones were dropped; please report "
                "this kernel");
      return -1;
    }
  return 0;
}

int md_callee_build(const md_kdec *d, md_cplan *p, LLVMValueRef kernel,
                    LLVMValueRef kclone, const md_vmap *kmap,
                    md_remark_queue *held) {
  LLVMTypeRef all[MD_MAX_EXTRA], types[MD_MAX_EXTRA];
  LLVMValueRef extra[MD_MAX_EXTRA];
  unsigned i, nx;
  md_kdec_extra_types(d, LLVMGetModuleContext(LLVMGetGlobalParent(kernel)),
                      all);
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    LLVMValueRef pclone = n->parent < 0 ? kclone : p->node[n->parent].clone;
    const md_vmap *pmap = n->parent < 0 ? kmap : p->node[n->parent].map;
    uint64_t pused = n->parent < 0 ? MD_ALL_DIVISORS : p->node[n->parent].used;
    LLVMValueRef pcall;
    int same;
    if (!n->needed)
      continue;
    nx = md_node_extra(d, n, pclone, pused,
                       n->parent >= 0 &&
                           md_omp_microtask(p->node[n->parent].call) != NULL,
                       all, types, extra);
    pcall = pclone ? md_vmap_lookup(pmap, n->call) : NULL;
    if (md_omp_microtask(n->call)) /* packed, md_omp_pack.h */
      nx = pcall ? md_omp_pack(pcall, d, n->used, extra, types)
                 : md_omp_packed_slots(d, n->used);
    if (pcall && (same = md_callee_same_as(p, i)) >= 0) {
      /* the same clone serves: same function, same decisions */
      n->clone = p->node[same].clone;
      n->shared = 1;
    } else if (md_node_clone(d, n, pcall, types, nx, kernel, held)) {
      return -1;
    }
    if (md_node_redirect(n, pcall, extra, types, nx)) {
      md_redirect_failed(kernel, n, pcall, nx);
      return -1;
    }
  }
  return md_callee_verify(d, p, kernel);
}

void md_callee_kept_remarks(const md_cplan *p, md_remark_queue *held) {
  unsigned i;
  for (i = 0; p && i < p->n; i++)
    if (p->node[i].clone && !p->node[i].shared)
      md_remark_flush(held, p->node[i].clone);
}

void md_callee_remarks(const md_kdec *d, const md_cplan *p,
                       LLVMValueRef kernel) {
  unsigned i;
  size_t kl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  for (i = 0; p && i < p->n; i++) {
    const md_cnode *n = &p->node[i];
    size_t fl = 0, cl = 0;
    const char *fname = LLVMGetValueName2(n->fn, &fl), *cname;
    if (!n->clone)
      continue;
    cname = LLVMGetValueName2(n->clone, &cl);
    md_site_remarks(d, &n->ctx);
    md_remarkf(MD_REMARK_PASSED, n->call, MD_RN(ClonedCallee),
               "magicdiv: device function '%.*s' %s '%.*s' for this "
               "call (kernel '%.*s'): %u division site(s)",
               (int)fl, fname, n->shared ? "calls its clone" : "cloned as",
               (int)cl, cname, (int)kl, kname, n->ctx.nsites + n->ctx.nvsites);
  }
}
