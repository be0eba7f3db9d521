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

int md_clone_args_make(const md_entry *e, void **args, const md_dims *dims,
                       md_clone_args *ca) {
  size_t n = (size_t)e->n_params + e->n_extra;
  int r;
  ca->args = ca->inline_args;
  ca->fn = NULL;
  ca->tier = MD_TIER_ORIGINAL;
  ca->bet = MD_OK;
  if (e->n_params && !args)
    return MD_ERR_INVALID;
  r = md_desc_fill_validated(e->desc_ref, e->desc_size, args, dims,
                             &ca->extra);
  if (r == MD_OK) {
    ca->fn = e->clone;
    ca->tier = MD_TIER_RANGED;
  } else {
    /* A bet of the ranged clone (or one of its divisors) failed: the plain
     * tier, checked on its own, or the original. */
    if (!e->plain || !md_is_fallback(r))
      return r;
    ca->bet = r;
    r = md_desc_fill_validated(e->plain_desc_ref, e->plain_desc_size, args,
                               dims, &ca->extra);
    if (r != MD_OK)
      return r;
    ca->fn = e->plain;
    ca->tier = MD_TIER_PLAIN;
    n = (size_t)e->n_params + e->plain_n_extra;
  }
  if (n > sizeof ca->inline_args / sizeof ca->inline_args[0]) {
    ca->args = malloc(n * sizeof *ca->args);
    if (!ca->args) {
      ca->args = ca->inline_args;
      return MD_ERR_INVALID;
    }
  }
  return md_build_args(&ca->extra, args, ca->args, n);
}

void md_clone_args_free(md_clone_args *ca) {
  if (ca->args != ca->inline_args)
    free(ca->args);
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
