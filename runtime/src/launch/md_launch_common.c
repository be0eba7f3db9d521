/*
 * md_launch_common.c -- per-launch work shared by the CUDA and HIP paths:
 * accept a descriptor once (validation), and on every launch choose the
 * tier (ranged clone, plain clone, original) and turn the original argument
 * array into the chosen clone's (original args + magic args).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_desc.h"
#include "md_launch_internal.h"
#include "md_memo.h"

int md_entry_set_desc(md_entry *e, const unsigned char *desc, size_t size) {
  int r = desc ? md_desc_validate(desc, size) : MD_ERR_INVALID;
  if (r != MD_OK) {
    e->status = r;
    snprintf(e->why, sizeof e->why, "descriptor rejected (%zu bytes)", size);
    return -1;
  }
  e->desc_ref = desc;
  e->desc_size = size;
  e->n_params = md_rd16(desc + MD_H_NPARAMS);
  e->n_extra = md_rd16(desc + MD_H_NEXTRA);
  e->status = MD_OK;
  e->rs = md_readset_make(desc, NULL); /* NULL: every launch evaluates */
  e->plan = md_plan_make(desc);        /* NULL: the interpreter */
  if (md_env_log_desc()) { /* MAGICDIV_LOG=2: the descriptor, disassembled */
    md_logf("kernel '%s': descriptor (%zu bytes):", e->name ? e->name : "?",
            size);
    md_desc_dump(desc, size, stderr);
  }
  return 0;
}

char *md_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

md_dims md_dims_of(md_dim3 grid, md_dim3 block) {
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
  if (md_env_log_desc()) {
    md_logf("kernel '%s': plain tier descriptor (%zu bytes):",
            e->name ? e->name : "?", size);
    md_desc_dump(desc, size, stderr);
  }
  return 0;
}

static int md_is_fallback(int s) {
  return s == MD_FALLBACK_DIV_ZERO || s == MD_FALLBACK_UNDEFINED ||
         s == MD_FALLBACK_NOT_POSITIVE || s == MD_FALLBACK_REQUIREMENT ||
         s == MD_FALLBACK_NOT_DIV32;
}


/* The memo (md_launch_memo.c) first: a launch whose inputs are those of
 * this thread's last launch of the kernel gets that launch's outcome, and
 * its argument array, without evaluating anything; otherwise the
 * descriptor is evaluated and the outcome remembered. */
/* Evaluate the tiers for this launch (no memo): the ranged clone when its
 * descriptor holds, else the plain clone when it has one and the ranged
 * one failed a check of this launch, else the status of the original. */
static int md_clone_args_decide(const md_entry *e, void **args,
                                const md_dims *dims, md_clone_args *ca) {
  int r = e->plan ? md_plan_fill(e->plan, args, &ca->extra)
                  : md_desc_fill_validated(e->desc_ref, e->desc_size, args,
                                           dims, &ca->extra);
  if (r == MD_OK) {
    ca->fn = e->clone;
    ca->tier = MD_TIER_RANGED;
    return MD_OK;
  }
  if (!e->plain || !md_is_fallback(r))
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

int md_clone_args_make_memo(const md_entry *e, void **args,
                            const md_dims *dims, md_clone_args *ca,
                            int find) {
  uint32_t np = e->n_params, nx = e->n_extra, i;
  md_memo *m;
  void **out;
  int r;
  ca->args = ca->inline_args;
  ca->lent = NULL;
  ca->fn = NULL;
  ca->tier = MD_TIER_ORIGINAL;
  ca->bet = MD_OK;
  if (np && !args)
    return MD_ERR_INVALID;
  m = find ? md_memo_find(e, args, dims) : NULL;
  if (m) {
    r = m->status;
    ca->fn = m->fn;
    ca->tier = m->tier;
    ca->bet = m->bet;
  } else {
    r = md_clone_args_decide(e, args, dims, ca);
    m = md_memo_store(e, args, dims, r, ca, &ca->extra);
  }
  if (r != MD_OK)
    return r;
  if (ca->tier == MD_TIER_PLAIN)
    nx = e->plain_n_extra;
  if (m && (out = md_memo_lend(m))) {
    ca->args = out;
    ca->lent = m;
    return MD_OK;
  }
  if (m) /* lent to another md_clone_args: a copy */
    md_memo_copy(m, &ca->extra);
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

void md_clone_args_free(md_clone_args *ca) {
  if (ca->lent) {
    md_memo_return(ca->lent);
    ca->lent = NULL;
  } else if (ca->args != ca->inline_args) {
    free(ca->args);
  }
  ca->args = ca->inline_args;
}

/* Why the ranged clone did not run: "requirement 2 fails", or a status. */
static void md_bet_why(const md_entry *e, int bet, void **args,
                       const md_dims *dims, char *buf, size_t n) {
  int req = bet == MD_FALLBACK_REQUIREMENT
                ? md_desc_failed_requirement(e->desc_ref, e->desc_size, args,
                                             dims)
                : -1;
  if (req >= 0)
    snprintf(buf, n, "requirement %d fails", req);
  else
    snprintf(buf, n, "%s", md_status_str(bet));
}

void md_tier_log(const md_entry *e, int created, const md_clone_args *ca,
                 int status, void **args, const md_dims *dims) {
  const char *name = e->name ? e->name : "?";
  int tier = status == MD_OK ? ca->tier : MD_TIER_ORIGINAL;
  int code = (tier | status << 4) + 1, last;
  char why[64];
  if (!md_env_log())
    return;
  last = atomic_exchange(&((md_entry *)e)->last_tier, code);
  if (!created && (!e->plain || last == code))
    return;
  if (tier == MD_TIER_RANGED) {
    md_logf("kernel '%s': clone %s" MD_CLONE_SUFFIX " used", name, name);
  } else if (tier == MD_TIER_PLAIN) {
    md_bet_why(e, ca->bet, args, dims, why, sizeof why);
    md_logf("kernel '%s': plain clone %s" MD_PLAIN_SUFFIX " used (%s"
            MD_CLONE_SUFFIX ": %s)", name, name, name, why);
  } else if (e->plain && md_is_fallback(status)) {
    /* both tiers were checked; say why the ranged one did not run */
    md_extra ex;
    int bet = md_desc_fill_validated(e->desc_ref, e->desc_size, args, dims,
                                     &ex);
    md_bet_why(e, bet, args, dims, why, sizeof why);
    md_logf("kernel '%s': clone found; this launch runs the original (%s"
            MD_CLONE_SUFFIX ": %s; %s" MD_PLAIN_SUFFIX ": %s)", name, name,
            why, name, md_status_str(status));
  } else {
    md_logf("kernel '%s': clone found; this launch runs the original (%s)",
            name, md_status_str(status));
  }
}
