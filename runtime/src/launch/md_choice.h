/*
 * md_choice.h -- the measured choice between a kernel's clone and its
 * original (md_choice.c; the policy and its reasons: docs/LAUNCH.md,
 * "Measured choice"): per entry (kernel, context), clone tier and bucket
 * of the grid size, the first launches alternate clone and original, each
 * timed by two events on the launch's own stream and read without
 * waiting at later launches, until each side has MD_CHOICE_SAMPLES; then
 * the faster is kept, the original unless the clone is faster by more
 * than the margin.  The flow (md_launch_flow.c) asks md_choice_pick which
 * to launch, brackets the launch with md_choice_begin / md_choice_end,
 * and md_choice_end tells this thread's memo record what the choice was
 * (md_memo_mark), so that later launches take today's paths.  Not
 * installed.
 */
#ifndef MAGICDIV_MD_CHOICE_H
#define MAGICDIV_MD_CHOICE_H

#include "launch/md_launch_flow.h"

/* Timed launches per side before a decision; the statistic is the
 * minimum (robust to other work on the device: interference only adds). */
#define MD_CHOICE_SAMPLES 5
/* The clone is kept only if its minimum is below the original's by more
 * than MD_CHOICE_MARGIN of the original's and by more than
 * MD_CHOICE_FLOOR_MS (the event timer's resolution, about 0.5 us). */
#define MD_CHOICE_MARGIN 0.03
#define MD_CHOICE_FLOOR_MS 0.0005

/* A timed launch: its two events and which side ran (0 the original, 1
 * the clone). */
typedef struct md_timed {
  void *start, *stop;
  int side;
} md_timed;

/* Timed launches of one (tier, bucket) whose events are not read yet, at
 * most (the slot's events: at most twice as many). */
#define MD_CHOICE_INFLIGHT 9

/* What one launch of a kernel with a clone does (md_choice_pick), and
 * what it took from the trial to hand back (md_choice_end). */
typedef struct md_pick {
  int original;  /* 1: launch the original, 0: the clone */
  int mark;      /* md_memo_mark's how for this thread's record */
  unsigned shape; /* the record's shape (md_grid_shape) */
  md_dim3 grid;   /* the launch's (md_call.choice_grid) */
  const char *unit; /* md_call.choice_unit */
  struct md_memo *rec; /* this thread's record of the entry, when the
                          caller knows it (the clone arguments' lent
                          one), else NULL */
  /* a trial launch */
  struct md_choice *ch; /* NULL: not a trial */
  int slot;
  const md_event_fns *ev;
  void *stream;
  int timed;    /* this launch is timed: now's events (NULL: to make) */
  md_timed now;
  md_timed got[MD_CHOICE_INFLIGHT]; /* earlier ones to read */
  int n_got;
  uint32_t errors; /* failed event calls */
} md_pick;

/* Which of entry e's clone (tier, this launch's clone tier) and original
 * launch l runs, and for a trial launch the events it times.  A slot
 * decided already costs no driver call. */
void md_choice_pick(const md_call *l, const md_entry *e, int tier,
                    md_pick *pk);
/* Before the launch: its start event. */
void md_choice_begin(md_pick *pk);
/* After the launch (ok: it was launched): its stop event, the events of
 * earlier launches read, the decision when both sides have their samples
 * (logged once), this thread's record of e told (md_memo_mark). */
void md_choice_end(const md_entry *e, md_pick *pk, int ok);

/* 1 when every tier entry e has (ranged clone, plain, pow2) has its slot
 * for launches of grid `grid` decided "original kept": such a launch runs
 * the original whichever tier its arguments would pick, so the flow need
 * not compute the clone's arguments (md_launch_decide).  Reads decision
 * bytes only (made only under MAGICDIV_CHOICE=measured). */
static inline int md_choice_kept_original(const md_entry *e, md_dim3 grid) {
  unsigned shape;
  if (!atomic_load_explicit(&((md_entry *)e)->choice, memory_order_acquire))
    return 0;
  shape = md_grid_shape(grid);
#define MD_KEPT_ORIG(tier)                                                     \
  (md_choice_decided(e, md_choice_slot(tier, shape)) == MD_KEEP_ORIGINAL)
  return (e->clone || e->plain || e->pow2) &&
         (!e->clone || MD_KEPT_ORIG(MD_TIER_RANGED)) &&
         (!e->plain || MD_KEPT_ORIG(MD_TIER_PLAIN)) &&
         (!e->pow2 || MD_KEPT_ORIG(MD_TIER_POW2));
#undef MD_KEPT_ORIG
}

/* Whether a graph kernel node written with entry e's clone tier `tier`
 * (md_clone_args_make's) and grid `grid` gets the original: 1 where
 * MAGICDIV_CHOICE=original or the slot decided "original kept", 0 (the
 * clone) where it decided "clone kept", has no decision yet or none is
 * possible, or MAGICDIV_CHOICE=clone.  Never times, never starts or
 * advances a trial, takes no lock, calls no driver; MAGICDIV_LOG prints
 * once per slot that nodes follow its decision. */
int md_choice_node(const md_entry *e, int tier, md_dim3 grid);

/* Events held by the choices of the entries on the list from `first`
 * (md_entry.owned_next), taken out of them (under the cache's lock), and
 * destroyed afterwards without any lock: md_launch_reset and
 * md_launch_release. */
typedef struct md_event_list {
  void **ev;
  int (**destroy)(void *);
  size_t n, cap;
} md_event_list;
void md_choice_drain(md_entry *first, md_event_list *out);
void md_choice_destroy_events(md_event_list *list);
/* Free a choice whose events were drained (md_entry_free). */
void md_choice_free(struct md_choice *ch);

#endif /* MAGICDIV_MD_CHOICE_H */
