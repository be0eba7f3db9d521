/*
 * md_launch_common.c -- what every backend's entries and launches share:
 * an entry's outcome (md_entry_fail), its descriptors accepted once
 * (validation, the read set, the plan, the plain tier), the entry of a
 * clone the host pass registered (HIP, OpenMP), and on every launch the
 * tier (ranged clone, plain clone, original) with the chosen clone's
 * argument array (original args + magic args), from the memo or freshly
 * evaluated.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "desc/md_rt_assert.h"
#include "magicdiv/md_desc.h"
#include "desc/md_desc_plan.h"
#include "launch/md_launch_internal.h"
#include "memo/md_memo.h"
#include "desc/md_readset.h"

void md_entry_fail(md_entry *e, int status, const char *fmt, ...) {
  va_list ap;
  e->status = status;
  va_start(ap, fmt);
  vsnprintf(e->why, sizeof e->why, fmt, ap);
  va_end(ap);
}

/* MAGICDIV_LOG=2: e's accepted descriptor (`what`: "" for the ranged
 * tier's, "plain tier " for the plain one's), disassembled. */
static void md_log_desc(const md_entry *e, const char *what,
                        const unsigned char *desc, size_t size) {
  if (!md_env_log_desc())
    return;
  md_logf("kernel '%s': %sdescriptor (%zu bytes):", e->name ? e->name : "?",
          what, size);
  md_desc_dump(desc, size, stderr);
}

int md_entry_set_desc(md_entry *e, const unsigned char *desc, size_t size) {
  int r = desc ? md_desc_validate(desc, size) : MD_ERR_INVALID;
  if (r != MD_OK) {
    md_entry_fail(e, r, "descriptor rejected (%zu bytes)", size);
    return -1;
  }
  e->desc_ref = desc;
  e->desc_size = size;
  e->n_params = md_rd16(desc + MD_H_NPARAMS);
  e->n_extra = md_rd16(desc + MD_H_NEXTRA);
  e->status = MD_OK;
  e->rs = md_readset_make(desc, NULL); /* NULL: every launch evaluates */
  e->plan = md_plan_make(desc);        /* NULL: the interpreter */
  md_log_desc(e, "", desc, size);
  return 0;
}

char *md_launch_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

md_dims md_launch_dims_of(md_dim3 grid, md_dim3 block) {
  md_dims d;
  d.grid[0] = grid.x;
  d.grid[1] = grid.y;
  d.grid[2] = grid.z;
  d.block[0] = block.x;
  d.block[1] = block.y;
  d.block[2] = block.z;
  return d;
}

int md_entry_set_plain(md_entry *e, void *fn, const unsigned char *desc,
                       size_t size) {
  uint32_t np;
  if (!fn || !desc || !e->desc_ref || md_desc_validate(desc, size) != MD_OK)
    return -1;
  np = md_rd16(desc + MD_H_NPARAMS);
  /* the same parameters: count and the size table */
  if (np != e->n_params ||
      memcmp(desc + md_desc_div_table(0), e->desc_ref + md_desc_div_table(0),
             4u * np) != 0)
    return -1;
  e->plain = fn;
  e->plain_desc_ref = desc;
  e->plain_desc_size = size;
  e->plain_n_extra = md_rd16(desc + MD_H_NEXTRA);
  e->plain_plan = md_plan_make(desc);
  /* the memo's read set covers both tiers' programs */
  free(e->rs);
  e->rs = md_readset_make(e->desc_ref, desc);
  md_log_desc(e, "plain tier ", desc, size);
  return 0;
}

void md_log_no_plain(const char *name) {
  md_logf("kernel '%s': %s" MD_PLAIN_SUFFIX " found but its descriptor is "
          "missing or unusable; no plain tier", name, name);
}

void md_entry_registered(md_entry *e, const md_registered *r) {
  if (!(e->name = md_launch_strdup(r->name ? r->name : "?"))) {
    md_entry_fail(e, MD_ERR_INVALID, "out of memory");
    return;
  }
  if (!r->clone || !r->desc) {
    md_entry_fail(e, MD_ERR_NO_CLONE, "no clone in the %s of the host module",
                  r->where);
    return;
  }
  if (r->desc_size > MD_DESC_MAX_BYTES) {
    md_entry_fail(e, MD_ERR_DESC_MALFORMED, "descriptor too large");
    return;
  }
  if (md_entry_set_desc(e, r->desc, (size_t)r->desc_size) != 0)
    return;
  e->clone = (void *)r->clone;
  e->pow2 = (void *)r->pow2;
  if (r->plain && (r->plain_desc_size > MD_DESC_MAX_BYTES ||
                   md_entry_set_plain(e, (void *)r->plain, r->plain_desc,
                                      (size_t)r->plain_desc_size) != 0))
    md_log_no_plain(e->name);
}

/* Evaluate the tiers for this launch (no memo): the ranged clone when its
 * descriptor holds (its pow2 tier instead when it has one and every u64
 * divisor's magic is that of a power of two, md_pow2_tier_holds), else
 * the plain clone when it has one and the ranged one failed a check of
 * this launch, else the status of the original. */
static int md_clone_args_decide(const md_entry *e, void **args,
                                const md_dims *dims, md_clone_args *ca) {
  int r = e->plan ? md_plan_fill(e->plan, args, &ca->extra)
                  : md_desc_fill_validated(e->desc_ref, e->desc_size, args,
                                           dims, &ca->extra);
  if (r == MD_OK) {
    int pow2 = e->pow2 && md_pow2_tier_holds(e->desc_ref, ca->extra.value,
                                             e->n_extra);
    ca->fn = pow2 ? e->pow2 : e->clone;
    ca->tier = pow2 ? MD_TIER_POW2 : MD_TIER_RANGED;
    return MD_OK;
  }
  if (!e->plain || !md_status_fallback(r))
    return r;
  ca->bet = r;
  r = e->plain_plan ? md_plan_fill(e->plain_plan, args, &ca->extra)
                    : md_desc_fill_validated(e->plain_desc_ref,
                                             e->plain_desc_size, args, dims,
                                             &ca->extra);
  if (r != MD_OK)
    return r;
  ca->fn = e->plain;
  ca->tier = MD_TIER_PLAIN;
  return MD_OK;
}

int md_clone_args_make(const md_entry *e, void **args, const md_dims *dims,
                       md_clone_args *ca) {
  return md_clone_args_make_memo(e, args, dims, ca, 1);
}

/* ca's own copy of the clone's argument array: args[0..np) and pointers
 * to the nx values in ca->extra.  MD_OK or MD_ERR_INVALID (out of
 * memory). */
static int md_clone_args_copy(void **args, uint32_t np, uint32_t nx,
                              md_clone_args *ca) {
  void **out;
  uint32_t i;
  MD_RT_ASSERT(nx <= MD_MAX_EXTRA); /* validated descriptors' bound */
  ca->extra.n_params = np;
  ca->extra.n_extra = nx;
  if ((size_t)np + nx > sizeof ca->inline_args / sizeof ca->inline_args[0]) {
    ca->args = malloc(((size_t)np + nx) * sizeof *ca->args);
    if (!ca->args) {
      ca->args = ca->inline_args;
      return MD_ERR_INVALID;
    }
  }
  out = ca->args; /* md_build_args without its checks */
  for (i = 0; i < np; i++)
    out[i] = args[i];
  for (i = 0; i < nx; i++)
    out[np + i] = &ca->extra.value[i];
  return MD_OK;
}

/* The memo (memo/md_memo.c) first: a launch whose inputs are those of
 * this thread's last launch of the kernel gets that launch's outcome, and
 * its argument array, without evaluating anything; otherwise the
 * descriptor is evaluated and the outcome remembered. */
int md_clone_args_make_memo(const md_entry *e, void **args,
                            const md_dims *dims, md_clone_args *ca,
                            int find) {
  md_memo *m;
  void **out;
  int r;
  ca->args = ca->inline_args;
  ca->lent = NULL;
  ca->fn = NULL;
  ca->tier = MD_TIER_ORIGINAL;
  ca->bet = MD_OK;
  if (e->n_params && !args)
    return MD_ERR_INVALID;
  m = find ? md_memo_find(e, args, dims) : NULL;
  if (m) {
    r = md_memo_result(m, ca);
  } else {
    r = md_clone_args_decide(e, args, dims, ca);
    m = md_memo_store(e, args, dims, r, ca, &ca->extra);
  }
  if (r != MD_OK)
    return r;
  if (m && (out = md_memo_lend(m))) {
    ca->args = out;
    ca->lent = m;
    return MD_OK;
  }
  if (m) /* lent to another md_clone_args: a copy */
    md_memo_copy(m, &ca->extra);
  return md_clone_args_copy(args, e->n_params,
                            ca->tier == MD_TIER_PLAIN ? e->plain_n_extra
                                                      : e->n_extra,
                            ca);
}

void md_clone_args_free(md_clone_args *ca) {
  if (ca->lent) {
    md_memo_return(ca->lent);
    ca->lent = NULL;
  } else if (ca->args != ca->inline_args) {
    free(ca->args);
  }
  ca->args = ca->inline_args;
}
