/*
 * md_launch_flow.c -- the one launch flow (md_launch_flow.h): every launch
 * that its entry point's fast path does not take, CUDA (runtime and driver
 * API), HIP and OpenMP alike.
 *
 *   md_launch_run     MAGICDIV_DISABLE=1: the original.  This thread's
 *                     record of the kernel in the launch's context:
 *                     md_launch_repeat.  Else the kernel's cache entry
 *                     (made on its first launch in the context; none: the
 *                     original) and md_launch_decide.
 *   md_launch_decide  an entry without a clone: the original (remembered
 *                     in an orig record); a capture under
 *                     MAGICDIV_GRAPHS=original: the original; a launch the
 *                     backend cannot take a clone for, or one whose
 *                     argument array is shorter than the descriptor's
 *                     parameters: the original; else the tier
 *                     md_clone_args_make chooses (memo first), launched
 *                     -- or the original where the measured choice says
 *                     so (md_choice.h: trials first, timed) --; a failed
 *                     clone launch: the original.
 *   md_launch_repeat  a record of the kernel: md_memo_repeat decides (the
 *                     original, the record's clone, or md_launch_decide
 *                     with the record's entry).
 *
 * Every MAGICDIV_LOG line of the decision is written here, once each: on
 * the entry's first launch, and for a kernel with a plain tier whenever
 * the tier changes (md_flow_tier_log).  The original always runs exactly as
 * the program asked, and its result is returned.
 */
#include <stdio.h>

#include "magicdiv/md_desc.h"
#include "launch/md_choice.h"
#include "launch/md_launch_flow.h"
#include "memo/md_memo_fast.h"

static int md_launch_orig(const md_call *l) {
  return l->ops->run(l, l->fn, l->args);
}

/* ---- the log lines of the decision ---- */

static const char *md_entry_name(const md_entry *e) {
  return e->name ? e->name : "?";
}

/* e's kernel runs its original (e->status, e->why). */
static void md_log_original(const md_entry *e) {
  md_logf("kernel '%s': original (%s: %s)", md_entry_name(e),
          md_status_str(e->status), e->why);
}

/* e has a clone, but this launch runs the original, because of `why`. */
static void md_log_not_run(const md_entry *e, const char *why) {
  md_logf("kernel '%s': clone found; this launch runs the original (%s)",
          md_entry_name(e), why);
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

/* The line of a launch that ran the original with a fallback status of
 * both tiers: why the ranged one did not run, and the plain one's. */
static void md_log_both_tiers(const md_entry *e, int status, void **args,
                              const md_dims *dims) {
  const char *name = md_entry_name(e);
  md_extra ex;
  char why[64], both[384];
  int bet = md_desc_fill_validated(e->desc_ref, e->desc_size, args, dims,
                                   &ex);
  md_bet_why(e, bet, args, dims, why, sizeof why);
  snprintf(both, sizeof both,
           "%s" MD_CLONE_SUFFIX ": %s; %s" MD_PLAIN_SUFFIX ": %s", name, why,
           name, md_status_str(status));
  md_log_not_run(e, both);
}

void md_flow_tier_log(const md_entry *e, int created, const md_clone_args *ca,
                      int status, void **args, const md_dims *dims) {
  const char *name = md_entry_name(e);
  int tier = status == MD_OK ? ca->tier : MD_TIER_ORIGINAL;
  int code = (tier | status << 4) + 1, last;
  char why[64];
  if (!md_env_log())
    return;
  last = atomic_exchange(&((md_entry *)e)->last_tier, code);
  if (!created && ((!e->plain && !e->pow2) || last == code))
    return;
  if (tier == MD_TIER_RANGED) {
    md_logf("kernel '%s': clone %s" MD_CLONE_SUFFIX " used", name, name);
  } else if (tier == MD_TIER_POW2) {
    md_logf("kernel '%s': pow2 tier %s" MD_POW2_SUFFIX " used (every u64 "
            "divisor a power of two)", name, name);
  } else if (tier == MD_TIER_PLAIN) {
    md_bet_why(e, ca->bet, args, dims, why, sizeof why);
    md_logf("kernel '%s': plain clone %s" MD_PLAIN_SUFFIX " used (%s"
            MD_CLONE_SUFFIX ": %s)", name, name, name, why);
  } else if (e->plain && md_status_fallback(status)) {
    md_log_both_tiers(e, status, args, dims); /* both tiers were checked */
  } else {
    md_log_not_run(e, md_status_str(status));
  }
}

/* ---- the decision ---- */

/* A launch that runs the original although e has a clone, because of
 * status s (or why): its log line, then the original. */
static int md_launch_not_run(const md_call *l, const md_entry *e,
                             int created, int s, const char *why,
                             const md_clone_args *ca, const md_dims *dims) {
  if (why) {
    if (created)
      md_log_not_run(e, why);
  } else {
    md_flow_tier_log(e, created, ca, s, l->args, dims);
  }
  return md_launch_orig(l);
}

/* MD_OK when this launch can take a clone of e: its argument array has
 * the descriptor's parameters (where the call site says how many it has:
 * a clone record that declares more would make the runtime read past the
 * program's array) and the backend can launch it. */
static int md_launch_check(const md_call *l, const md_entry *e,
                           const char **why) {
  *why = NULL;
  if (l->slots && l->slots < e->n_params)
    return MD_ERR_PARAM_MISMATCH;
  return l->ops->check ? l->ops->check(l, e, why) : MD_OK;
}

/* Launch clone ca->fn (see md_launch_ops.clone). */
static int md_launch_clone(const md_call *l, const md_entry *e,
                           const md_clone_args *ca, int *r,
                           const char **why) {
  *why = NULL;
  if (l->ops->clone)
    return l->ops->clone(l, e, ca, r, why);
  *r = l->ops->run(l, ca->fn, ca->args);
  return MD_OK;
}

/* The clone launch of ca returned r != 0: the original. */
static int md_launch_failed(const md_call *l, const md_entry *e,
                            int created, int r) {
  char buf[32];
  if (created)
    md_logf("kernel '%s': clone launch failed (%s); original launched",
            md_entry_name(e), l->ops->err(l, r, buf, sizeof buf));
  return md_launch_orig(l);
}

/* e runs the original in this launch's context: remembered in this
 * thread's orig record -- under MD_CTX_ALL where the cache has that entry
 * for e's key, one record for every context -- then the original. */
static int md_launch_entry_original(const md_call *l, const md_entry *e,
                                    int created) {
  const md_entry *all;
  if (created)
    md_log_original(e);
  if (e->ctx != MD_CTX_ALL && md_status_all_contexts(e->status) &&
      (all = md_cache_find(e->key, MD_CTX_ALL)))
    e = all;
  md_memo_store_orig(e);
  return md_launch_orig(l);
}

/* The original where the measured choice picked it (pk) for a launch
 * whose clone could run: timed when a trial times it. */
static int md_launch_picked_original(const md_call *l, const md_entry *e,
                                     int created, md_pick *pk) {
  int r;
  /* (the kernel's first launch says what it ran: other threads may have
   * started or ended its trial before it got here) */
  if (created)
    md_log_not_run(e, md_env_choice() == MD_CHOICE_ORIGINAL
                          ? "MAGICDIV_CHOICE=original"
                      : pk->ch ? "a launch of the measured choice's trial"
                               : "the measured choice kept it");
  md_choice_begin(pk);
  r = md_launch_orig(l);
  md_choice_end(e, pk, r == 0);
  return r;
}

/* Launch clone ca (the measured choice's pick pk; NULL: the record says
 * the choice was made) for l with entry e: timed when a trial times it; a
 * failed launch runs the original. */
#if defined(__GNUC__)
__attribute__((always_inline)) /* one call site: no frame of its own */
#endif
static inline int md_launch_picked_clone(const md_call *l, const md_entry *e,
                                  int created, md_pick *pk,
                                  md_clone_args *ca, const md_dims *dims) {
  const char *why;
  int s, r = 0;
  if (pk)
    md_choice_begin(pk);
  s = md_launch_clone(l, e, ca, &r, &why);
  md_clone_args_free(ca); /* (before md_choice_end: the record is free) */
  if (pk)
    md_choice_end(e, pk, s == MD_OK && r == 0);
  if (s != MD_OK)
    return md_launch_not_run(l, e, created, s, why, ca, dims);
  if (r != 0)
    return md_launch_failed(l, e, created, r);
  md_flow_tier_log(e, created, ca, MD_OK, l->args, dims);
  return r;
}

int md_launch_decide(md_call *l, const md_entry *e, int created) {
  const char *why;
  md_clone_args ca;
  md_dims dims;
  md_pick pk, *pkp = NULL;
  int s;
  if (e->status != MD_OK)
    return md_launch_entry_original(l, e, created);
  if (md_env_graphs_original() && l->ops->capturing &&
      l->ops->capturing(l))
    return md_launch_orig(l); /* MAGICDIV_GRAPHS=original */
  if (md_choice_kept_original(e, l->choice_grid)) { /* in every tier */
    if (created)
      md_log_not_run(e, "the measured choice kept it");
    return md_launch_orig(l);
  }
  dims = md_launch_dims_of(l->grid, l->block);
  ca.tier = MD_TIER_ORIGINAL;
  if ((s = md_launch_check(l, e, &why)) != MD_OK)
    return md_launch_not_run(l, e, created, s, why, &ca, &dims);
  s = md_clone_args_make_memo(e, l->args, &dims, &ca, l->find);
  if (s != MD_OK) {
    md_clone_args_free(&ca);
    return md_launch_not_run(l, e, created, s, NULL, &ca, &dims);
  }
  if (!ca.lent || /* else: clone */
      !md_memo_settled(ca.lent, l->choice_grid)) {
    md_choice_pick(l, e, ca.tier, &pk);
    pk.rec = ca.lent;
    if (pk.original) {
      md_clone_args_free(&ca);
      return md_launch_picked_original(l, e, created, &pk);
    }
    pkp = &pk;
  }
  return md_launch_picked_clone(l, e, created, pkp, &ca, &dims);
}

int md_launch_repeat(md_call *l, md_memo *m) {
  const md_entry *e = md_memo_entry(m);
  md_clone_args ca;
  const char *why;
  int s, r = 0;
  switch (md_memo_repeat(m, l->args, l->slots, &l->grid, &l->block)) {
  case MD_REPEAT_ORIGINAL:
    return md_launch_orig(l);
  case MD_REPEAT_FRESH:
    l->find = 0; /* compared: it differs */
    return md_launch_decide(l, e, 0);
  case MD_REPEAT_ENTRY:
    return md_launch_decide(l, e, 0);
  case MD_REPEAT_CAPTURE:
    if (l->ops->capturing && l->ops->capturing(l))
      return md_launch_orig(l); /* MAGICDIV_GRAPHS=original */
    break;
  case MD_REPEAT_CLONE:
    break;
  }
  if (md_launch_check(l, e, &why) != MD_OK)
    return md_launch_decide(l, e, 0); /* it says why, runs the original */
  ca.args = md_memo_take(m);
  md_memo_result(m, &ca);
  s = md_launch_clone(l, e, &ca, &r, &why);
  md_memo_end(m);
  if (s != MD_OK || r != 0)
    return md_launch_orig(l); /* (logged on the entry's first launch) */
  return r;
}

int md_launch_run(md_call *l) {
  const md_entry *e;
  md_memo *m;
  int created = 0;
  if (md_env_disabled()) {
    md_log_disabled_once();
    return md_launch_orig(l);
  }
  if (l->ops->record && (m = l->ops->record(l)))
    return md_launch_repeat(l, m);
  if (!(e = l->ops->entry(l, &created)))
    return md_launch_orig(l);
  return md_launch_decide(l, e, created);
}
