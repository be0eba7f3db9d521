/*
 * md_launch_omp.c -- launching clones through libomptarget: md_omp_launch,
 * called where the host pass rerouted __tgt_target_kernel (md_call.h).
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
 * MAGICDIV_LOG names the tier that ran (md_flow_tier_log) as on CUDA and HIP.
 * The host pass names a clone region only when every device image has that
 * clone, so a clone the image lacks is never launched.
 *
 * md_omp_launch is the OpenMP backend of the one launch flow
 * (md_launch_flow.h): the original and the clone through the program's
 * __tgt_target_kernel, the cache entry per region id; no capture, no
 * record of the last launch first (md_clone_args_make's memo is).  The
 * measured choice times a launch with the host clock (md_host_clock.h:
 * __tgt_target_kernel returns when the region is done), except a
 * `nowait` one (KernelArgsTy.Flags.NoWait), which it never times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch/md_host_clock.h"
#include "launch/md_launch_flow.h"
#include "launch/md_omp_map.h"

#define MD_OMP_ARGS_VERSION 3
#define MD_OMP_FLAG_NOWAIT 1 /* KernelArgsTy.Flags.NoWait */
#define MD_OMP_MAX_ARGS 1024

static void md_omp_make(md_entry *e, void *argp) {
  const md_omp_kernel *k = argp;
  md_registered r;
  memset(&r, 0, sizeof r);
  r.name = k->name;
  r.where = "device images";
  r.clone = k->clone_region;
  r.desc = k->desc;
  r.desc_size = k->desc_size;
  if (k->version >= 2) {
    r.plain = k->plain_region;
    r.plain_desc = k->plain_desc;
    r.plain_desc_size = k->plain_desc_size;
  }
  md_entry_registered(e, &r);
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

/* An OpenMP launch as the program made it; l.args: the kernel's
 * parameters as the descriptor reads them (status MD_OK). */
typedef struct md_omp_call {
  md_call l;
  void *ident;
  int64_t dev;
  int32_t teams, threads;
  md_omp_kernel_args *args;
  const md_omp_kernel *k;
  int status; /* MD_OK, or why the arguments cannot be read */
  size_t np;  /* the kernel's parameters */
  uint64_t inline_vals[64], *vals;
  void *inline_ptrs[64];
} md_omp_call;

/* The kernel's parameters of launch c: the dynamic-environment pointer
 * (unknown to the evaluator), then one per TARGET_PARAM argument, in order
 * (the others only map data): a literal's value, anything else unknown. */
static void md_omp_params(md_omp_call *c) {
  const md_omp_kernel_args *a = c->args;
  size_t i, p;
  void **ptrs = c->inline_ptrs;
  c->vals = c->inline_vals;
  c->l.args = ptrs;
  if (!a || a->version != MD_OMP_ARGS_VERSION || !a->ptrs || !a->types ||
      a->num_args > MD_OMP_MAX_ARGS) {
    c->status = MD_ERR_INVALID;
    return;
  }
  for (i = 0, c->np = 1; i < a->num_args; i++)
    c->np += (a->types[i] & MD_OMP_MAPTYPE_TARGET_PARAM) != 0;
  if (c->np > 64) {
    c->vals = calloc(c->np, sizeof *c->vals);
    c->l.args = ptrs = calloc(c->np, sizeof *ptrs);
    if (!c->vals || !ptrs) {
      c->status = MD_ERR_INVALID;
      return;
    }
  }
  ptrs[0] = NULL;
  for (i = 0, p = 1; i < a->num_args; i++) {
    int64_t t = a->types[i];
    if (!(t & MD_OMP_MAPTYPE_TARGET_PARAM))
      continue;
    c->vals[p] = (uint64_t)(uintptr_t)a->ptrs[i];
    ptrs[p] = (t & MD_OMP_MAPTYPE_LITERAL) ? (void *)&c->vals[p] : NULL;
    p++;
  }
}

static int md_omp_run(const md_call *l, const void *fn, void **args) {
  const md_omp_call *c = (const md_omp_call *)l;
  (void)args; /* the arguments are the program's offload arguments */
  return c->k->target_kernel(c->ident, c->dev, c->teams, c->threads,
                             (void *)fn, c->args);
}

/* The clone ca->fn with the offload arguments extended by its magic
 * values (those the argument array points to: on a memo hit the array is
 * the memo's and ca->extra is not filled). */
static int md_omp_clone(const md_call *l, const md_entry *e,
                        const md_clone_args *ca, int *r, const char **why) {
  const md_omp_call *c = (const md_omp_call *)l;
  uint64_t mv[MD_MAX_EXTRA];
  size_t nx = ca->tier == MD_TIER_PLAIN ? e->plain_n_extra : e->n_extra, i;
  md_omp_ext x;
  int s;
  (void)why;
  if (nx > MD_MAX_EXTRA)
    return MD_ERR_INVALID;
  for (i = 0; i < nx; i++)
    mv[i] = *(const uint64_t *)ca->args[c->np + i];
  s = md_omp_extend(c->args, mv, (unsigned)nx, &x);
  if (s == MD_OK)
    *r = c->k->target_kernel(c->ident, c->dev, c->teams, c->threads, ca->fn,
                             &x.args);
  md_omp_ext_free(&x);
  return s;
}

static const md_entry *md_omp_entry(md_call *l, int *created) {
  const md_omp_call *c = (const md_omp_call *)l;
  const md_entry *e = md_cache_find(l->fn, 0);
  return e ? e : md_cache_get(l->fn, 0, md_omp_make, (void *)c->k, created);
}

/* The arguments were read, they are the descriptor's parameters, and the
 * arguments passed by reference that a program reads have their host
 * bytes in the argument array when those are the bytes the device reads at
 * this launch (md_omp_map.c); else MD_FALLBACK_ARG_UNKNOWN: the original. */
static int md_omp_check(const md_call *l, const md_entry *e,
                        const char **why) {
  const md_omp_call *c = (const md_omp_call *)l;
  (void)why;
  if (c->status != MD_OK)
    return c->status;
  if (e->n_params != c->np)
    return MD_ERR_PARAM_MISMATCH;
  return md_omp_ref_args(e->desc_ref, e->plain ? e->plain_desc_ref : NULL,
                         c->args, c->dev, l->args, c->np);
}

static const char *md_omp_err(const md_call *l, int r, char *buf,
                              size_t n) {
  (void)l;
  snprintf(buf, n, "libomptarget %d", r);
  return buf;
}

/* The measured choice's clock (launch/md_choice.c): the host's, since
 * __tgt_target_kernel returns when the region is done -- except with
 * `nowait` (Flags.NoWait), whose launch returns before the kernel ends:
 * never timed, like a programmatic dependent launch on CUDA. */
static const md_event_fns *md_omp_timer(const md_call *l, void **stream,
                                        int *may) {
  const md_omp_call *c = (const md_omp_call *)l;
  *stream = NULL;
  *may = !(c->args->flags & MD_OMP_FLAG_NOWAIT);
  return md_host_clock_events();
}

static const md_launch_ops md_omp_ops = {
    md_omp_run,  md_omp_clone,    NULL,       NULL, md_omp_entry,
    md_omp_check, md_omp_err,     md_omp_timer};

int md_omp_launch(void *ident, int64_t device, int32_t num_teams,
                  int32_t thread_limit, void *region,
                  md_omp_kernel_args *args, const md_omp_kernel *k) {
  /* the geometry is the offload runtime's choice: no program reads it */
  const md_dim3 nogrid = {0, 0, 0};
  md_omp_call c;
  int r;
  if (!k || k->version < 1 || k->version > MD_OMP_KERNEL_VERSION ||
      !k->target_kernel)
    return -1; /* no way to launch anything: OFFLOAD_FAIL, host fallback */
  md_call_init(&c.l, &md_omp_ops, region, NULL, nogrid, nogrid);
  c.ident = ident;
  c.dev = device;
  c.teams = num_teams;
  c.threads = thread_limit;
  c.args = args;
  c.k = k;
  c.status = MD_OK;
  c.np = 0;
  md_omp_params(&c);
  if (c.status == MD_OK && args->tripcount) { /* the choice's bucket */
    uint64_t tc = args->tripcount;
    c.l.choice_grid.x = tc > UINT32_MAX ? UINT32_MAX : (uint32_t)tc;
    c.l.choice_grid.y = c.l.choice_grid.z = 1;
    c.l.choice_unit = "iterations";
  }
  r = md_launch_run(&c.l);
  if (c.vals != c.inline_vals)
    free(c.vals);
  if (c.l.args != (void **)c.inline_ptrs)
    free(c.l.args);
  return r;
}
