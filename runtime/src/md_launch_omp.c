/*
 * md_launch_omp.c -- launching clones through libomptarget: md_omp_launch,
 * called where the host pass rerouted __tgt_target_kernel (md_launch.h).
 *
 * The kernel's parameters are the dynamic-environment pointer followed by
 * one per TARGET_PARAM argument (the other entries of the argument arrays
 * only map data); a divisor program reads integer parameters, which an
 * OpenMP kernel gets by value (OMP_TGT_MAPTYPE_LITERAL: the value itself is
 * in args->ptrs[i]), and fields of objects passed by reference (a mapped
 * scalar, a firstprivate struct), whose host bytes md_omp_map.c supplies
 * when they are the bytes the device reads at this launch -- else the
 * original runs (MD_FALLBACK_ARG_UNKNOWN).  Any other argument is NULL to
 * the evaluator.  The clone is launched
 * through the program's own __tgt_target_kernel with its own region id and
 * the arguments extended by one literal TARGET_PARAM per magic value; the
 * launch geometry is the offload runtime's choice and no OpenMP descriptor
 * reads it (the plugin refuses such divisors), so the dims given to the
 * evaluator are zero.  On any failure the original launch runs unchanged.
 *
 * Tiers (md_launch_internal.h): a kernel whose md_omp_kernel (version 2)
 * names a plain clone region gets it as its plain tier; md_clone_args_make
 * chooses the ranged clone, else the plain one, else the original, and
 * MAGICDIV_LOG names the tier that ran (md_tier_log) as on CUDA and HIP.
 * The host pass names a clone region only when every device image has that
 * clone, so a clone the image lacks is never launched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_launch_internal.h"
#include "md_omp_map.h"

#define MD_OMP_ARGS_VERSION 3
#define MD_OMP_MAX_ARGS 1024

typedef struct md_omp_make_arg {
  const md_omp_kernel *k;
} md_omp_make_arg;

static void md_omp_make(md_entry *e, void *argp) {
  const md_omp_kernel *k = ((md_omp_make_arg *)argp)->k;
  e->name = md_strdup(k->name ? k->name : "?");
  if (!e->name) {
    e->status = MD_ERR_INVALID;
    snprintf(e->why, sizeof e->why, "out of memory");
    return;
  }
  if (!k->clone_region || !k->desc) {
    e->status = MD_ERR_NO_CLONE;
    snprintf(e->why, sizeof e->why,
             "no clone in the device images of the host module");
    return;
  }
  if (k->desc_size > MD_DESC_MAX_BYTES) {
    e->status = MD_ERR_DESC_MALFORMED;
    snprintf(e->why, sizeof e->why, "descriptor too large");
    return;
  }
  if (md_entry_set_desc(e, k->desc, k->desc_size) != 0)
    return;
  e->clone = (void *)k->clone_region;
  if (k->version >= 2 && k->plain_region &&
      (k->plain_desc_size > MD_DESC_MAX_BYTES ||
       md_entry_set_plain(e, (void *)k->plain_region, k->plain_desc,
                          (size_t)k->plain_desc_size) != 0))
    md_logf("kernel '%s': %s" MD_PLAIN_SUFFIX " descriptor is unusable; no "
            "plain tier", e->name, e->name);
}

/* The extended argument arrays of one clone launch. */
typedef struct md_omp_ext {
  md_omp_kernel_args args;
  void **base_ptrs, **ptrs, **names, **mappers;
  int64_t *sizes, *types;
} md_omp_ext;

static void md_omp_ext_free(md_omp_ext *x) {
  free(x->base_ptrs);
  free(x->ptrs);
  free(x->names);
  free(x->mappers);
  free(x->sizes);
  free(x->types);
}

/* x: a copy of a with the n magic values appended as literals.  MD_OK or
 * MD_ERR_INVALID (out of memory). */
static int md_omp_extend(const md_omp_kernel_args *a, const uint64_t *v,
                         unsigned n, md_omp_ext *x) {
  size_t na = a->num_args, t = na + n, i;
  memset(x, 0, sizeof *x);
  x->args = *a;
  x->base_ptrs = calloc(t, sizeof *x->base_ptrs);
  x->ptrs = calloc(t, sizeof *x->ptrs);
  x->sizes = calloc(t, sizeof *x->sizes);
  x->types = calloc(t, sizeof *x->types);
  if (a->names)
    x->names = calloc(t, sizeof *x->names);
  if (a->mappers)
    x->mappers = calloc(t, sizeof *x->mappers);
  if (!x->base_ptrs || !x->ptrs || !x->sizes || !x->types ||
      (a->names && !x->names) || (a->mappers && !x->mappers))
    return MD_ERR_INVALID;
  for (i = 0; i < na; i++) {
    x->base_ptrs[i] = a->base_ptrs ? a->base_ptrs[i] : NULL;
    x->ptrs[i] = a->ptrs[i];
    x->sizes[i] = a->sizes ? a->sizes[i] : 0;
    x->types[i] = a->types[i];
    if (x->names)
      x->names[i] = a->names[i];
    if (x->mappers)
      x->mappers[i] = a->mappers[i];
  }
  for (i = 0; i < n; i++) {
    x->base_ptrs[na + i] = (void *)(uintptr_t)v[i];
    x->ptrs[na + i] = (void *)(uintptr_t)v[i];
    x->sizes[na + i] = (int64_t)sizeof(uint64_t);
    x->types[na + i] = MD_OMP_MAPTYPE_TARGET_PARAM | MD_OMP_MAPTYPE_LITERAL;
  }
  x->args.num_args = (uint32_t)t;
  x->args.base_ptrs = x->base_ptrs;
  x->args.ptrs = x->ptrs;
  x->args.sizes = x->sizes;
  x->args.types = x->types;
  x->args.names = x->names;
  x->args.mappers = x->mappers;
  return MD_OK;
}

/* The launch of the tier md_clone_args_make chooses (ranged or plain
 * clone; logged as md_tier_log does, `created`: the entry's first launch),
 * or a status why this launch runs the original. */
static int md_omp_clone_launch(const md_entry *e, int created, void *ident,
                               int64_t dev, int32_t teams, int32_t threads,
                               md_omp_kernel_args *a,
                               md_omp_target_kernel_fn launch, int *r) {
  uint64_t inline_vals[64];
  void *inline_ptrs[64];
  uint64_t *vals = inline_vals;
  void **ptrs = inline_ptrs;
  md_clone_args ca;
  md_dims dims;
  md_omp_ext x;
  size_t np = 0, i, p;
  int s;
  memset(&ca, 0, sizeof ca);
  memset(&dims, 0, sizeof dims);
  if (a->version != MD_OMP_ARGS_VERSION || !a->ptrs || !a->types ||
      a->num_args > MD_OMP_MAX_ARGS) {
    s = MD_ERR_INVALID;
    goto done;
  }
  /* the kernel's parameters: the dynamic-environment pointer, then one
   * per TARGET_PARAM argument, in order (the others only map data) */
  for (i = 0, np = 1; i < a->num_args; i++)
    np += (a->types[i] & MD_OMP_MAPTYPE_TARGET_PARAM) != 0;
  if (e->n_params != np) {
    s = MD_ERR_PARAM_MISMATCH;
    goto done;
  }
  if (np > 64) {
    vals = calloc(np, sizeof *vals);
    ptrs = calloc(np, sizeof *ptrs);
    if (!vals || !ptrs) {
      s = MD_ERR_INVALID;
      goto done;
    }
  }
  ptrs[0] = NULL;
  for (i = 0, p = 1; i < a->num_args; i++) {
    int64_t t = a->types[i];
    if (!(t & MD_OMP_MAPTYPE_TARGET_PARAM))
      continue;
    vals[p] = (uint64_t)(uintptr_t)a->ptrs[i];
    ptrs[p] = (t & MD_OMP_MAPTYPE_LITERAL) ? (void *)&vals[p] : NULL;
    p++;
  }
  /* arguments passed by reference: their host bytes when they are what
   * the device reads at this launch (md_omp_map.c) */
  s = md_omp_ref_args(e->desc_ref, e->plain ? e->plain_desc_ref : NULL, a,
                      dev, ptrs, np);
  if (s != MD_OK)
    goto done;
  s = md_clone_args_make(e, ptrs, &dims, &ca);
  if (s == MD_OK) {
    /* the magic values are those the argument array points to: on a memo
     * hit the array is the memo's and ca.extra is not filled */
    uint64_t mv[MD_MAX_EXTRA];
    size_t nx = ca.tier == MD_TIER_PLAIN ? e->plain_n_extra : e->n_extra;
    for (i = 0; i < nx && i < MD_MAX_EXTRA; i++)
      mv[i] = *(const uint64_t *)ca.args[np + i];
    memset(&x, 0, sizeof x);
    s = nx <= MD_MAX_EXTRA ? md_omp_extend(a, mv, (unsigned)nx, &x)
                           : MD_ERR_INVALID;
    if (s == MD_OK)
      *r = launch(ident, dev, teams, threads, ca.fn, &x.args);
    md_omp_ext_free(&x);
  }
  md_clone_args_free(&ca);
done:
  /* (a status before the arguments were read is no check of a tier: the
   * log reads no argument then) */
  if (s != MD_OK || *r == 0)
    md_tier_log(e, created, &ca, s, ptrs, &dims);
  if (vals != inline_vals)
    free(vals);
  if (ptrs != inline_ptrs)
    free(ptrs);
  return s;
}

int md_omp_launch(void *ident, int64_t device, int32_t num_teams,
                  int32_t thread_limit, void *region,
                  md_omp_kernel_args *args, const md_omp_kernel *k) {
  const md_entry *e;
  int created = 0, s, r = 0;
  if (!k || k->version < 1 || k->version > MD_OMP_KERNEL_VERSION ||
      !k->target_kernel)
    return -1; /* no way to launch anything: OFFLOAD_FAIL, host fallback */
  if (md_env_disabled()) {
    md_log_disabled_once();
    return k->target_kernel(ident, device, num_teams, thread_limit, region,
                            args);
  }
  e = md_cache_find(region, 0);
  if (!e) {
    md_omp_make_arg a = {k};
    e = md_cache_get(region, 0, md_omp_make, &a, &created);
  }
  if (!e || e->status != MD_OK) {
    if (e && created)
      md_logf("kernel '%s': original (%s: %s)", e->name,
              md_status_str(e->status), e->why);
    return k->target_kernel(ident, device, num_teams, thread_limit, region,
                            args);
  }
  s = md_omp_clone_launch(e, created, ident, device, num_teams,
                          thread_limit, args, k->target_kernel, &r);
  if (s != MD_OK)
    return k->target_kernel(ident, device, num_teams, thread_limit, region,
                            args);
  if (r != 0) {
    if (created)
      md_logf("kernel '%s': clone launch failed (libomptarget %d); original "
              "launched", e->name, r);
    return k->target_kernel(ident, device, num_teams, thread_limit, region,
                            args);
  }
  return 0;
}
