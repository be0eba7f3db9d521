/*
 * md_choice.c -- the measured choice between a kernel's clone and its
 * original (md_choice.h; docs/LAUNCH.md, "Measured choice").
 *
 * State: per entry (kernel, context) an md_choice, made by the first
 * launch that can be timed: per slot (clone tier x bucket of the grid
 * size) a decision byte, read without a lock, and while undecided a trial
 * under the choice's mutex: launches so far, samples and minimum per side,
 * the timed launches whose events are not read yet, and a pool of free
 * events (at most 2 MD_CHOICE_INFLIGHT per slot, all made in the
 * entry's context, destroyed when the slot decides, at md_launch_reset
 * and at md_launch_release).  The mutex is never held across a driver
 * call: a launch takes what it needs out of the trial, calls the driver,
 * and puts back what is left.
 *
 * A trial: launch 0 runs the clone and launch 1 the original, untimed
 * (module loading, clocks); from launch 2 on they alternate, each
 * bracketed by two events recorded on the launch's stream (OpenMP: two
 * readings of the host clock, launch/md_host_clock.h).  Every trial
 * launch queries the earlier launches' stop events (cuEventQuery /
 * hipEventQuery: never waits) and takes the elapsed time of those done.
 * Once both sides have MD_CHOICE_SAMPLES, the clone is kept if its
 * minimum is below the original's by more than the margin, else the
 * original.  A slot whose events keep failing, or that has no decision
 * after MD_CHOICE_TRIES launches, keeps the static choice (the clone).
 *
 * Graph kernel nodes the program writes (graph/) are not launches: they
 * follow a slot's decision where it has one (md_choice_node, reading the
 * decision byte only), else get the clone; they never time.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch/md_choice.h"
#include "memo/md_memo.h"

#define MD_CHOICE_TRIES 400 /* trial launches of a slot before giving up */
#define MD_CHOICE_ERRORS 8  /* failed event calls before giving up */
#define MD_POOL (2 * MD_CHOICE_INFLIGHT) /* events of a slot, at most */

enum { MD_SIDE_ORIG = 0, MD_SIDE_CLONE = 1 };

typedef struct md_trial {
  uint32_t launches; /* trial launches so far */
  uint32_t n[2];     /* samples per side */
  float best[2];     /* their minimum, ms */
  uint32_t errors;
  md_timed pend[MD_CHOICE_INFLIGHT]; /* timed, not read yet */
  uint32_t n_pend;
  void *pool[MD_POOL]; /* free events */
  uint32_t n_pool;
  uint32_t n_events; /* made and not destroyed (pool, pending, lent) */
} md_trial;

typedef struct md_choice {
  atomic_uchar decided[MD_CHOICE_SLOTS]; /* first: md_choice_decided */
  atomic_uchar node_logged[MD_CHOICE_SLOTS]; /* md_choice_node's line */
  pthread_mutex_t mu;
  md_event_fns ev; /* the functions its events were made with */
  md_trial *trial[MD_CHOICE_SLOTS]; /* under mu */
} md_choice;
_Static_assert(offsetof(md_choice, decided) == 0,
               "md_choice_decided reads the decisions at the start");

/* ---- the event list (events destroyed without a lock) ---- */

static void md_list_add(md_event_list *l, void *ev, int (*destroy)(void *)) {
  if (!ev)
    return;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 16;
    void **e = realloc(l->ev, cap * sizeof *e);
    int (**d)(void *);
    if (!e)
      return; /* out of memory: the event is left (bounded) */
    l->ev = e;
    if (!(d = realloc(l->destroy, cap * sizeof *d)))
      return;
    l->destroy = d;
    l->cap = cap;
  }
  l->ev[l->n] = ev;
  l->destroy[l->n++] = destroy;
}

void md_choice_destroy_events(md_event_list *l) {
  for (size_t i = 0; i < l->n; i++)
    l->destroy[i](l->ev[i]);
  free(l->ev);
  free(l->destroy);
  memset(l, 0, sizeof *l);
}

/* Move trial tr's events (pool and pending) to l.  Under the mutex. */
static void md_trial_drain(md_trial *tr, const md_event_fns *ev,
                           md_event_list *l) {
  for (uint32_t i = 0; i < tr->n_pool; i++)
    md_list_add(l, tr->pool[i], ev->destroy);
  for (uint32_t i = 0; i < tr->n_pend; i++) {
    md_list_add(l, tr->pend[i].start, ev->destroy);
    md_list_add(l, tr->pend[i].stop, ev->destroy);
  }
  tr->n_events -= tr->n_pool + 2 * tr->n_pend;
  tr->n_pool = tr->n_pend = 0;
}

void md_choice_drain(md_entry *first, md_event_list *out) {
  for (md_entry *e = first; e; e = e->owned_next) {
    md_choice *ch = atomic_load(&e->choice);
    if (!ch)
      continue;
    pthread_mutex_lock(&ch->mu);
    for (int s = 0; s < MD_CHOICE_SLOTS; s++)
      if (ch->trial[s])
        md_trial_drain(ch->trial[s], &ch->ev, out);
    pthread_mutex_unlock(&ch->mu);
  }
}

void md_choice_free(md_choice *ch) {
  if (!ch)
    return;
  for (int s = 0; s < MD_CHOICE_SLOTS; s++)
    free(ch->trial[s]);
  pthread_mutex_destroy(&ch->mu);
  free(ch);
}

/* ---- picking ---- */

/* Entry e's choice, made with event functions ev when it has none; NULL
 * when out of memory. */
static md_choice *md_choice_of(const md_entry *e, const md_event_fns *ev) {
  _Atomic(md_choice *) *at = &((md_entry *)e)->choice;
  md_choice *ch = atomic_load_explicit(at, memory_order_acquire), *none = NULL;
  if (ch)
    return ch;
  if (!(ch = calloc(1, sizeof *ch)))
    return NULL;
  if (pthread_mutex_init(&ch->mu, NULL) != 0) {
    free(ch);
    return NULL;
  }
  ch->ev = *ev;
  for (int s = 0; s < MD_CHOICE_SLOTS; s++) {
    atomic_init(&ch->decided[s], MD_UNDECIDED);
    atomic_init(&ch->node_logged[s], 0);
  }
  if (atomic_compare_exchange_strong(at, &none, ch))
    return ch;
  md_choice_free(ch); /* another launch made it first */
  return none;
}

/* pk for a slot decided d (a record of the shape keeps it). */
static void md_pick_decided(md_pick *pk, int d) {
  pk->original = d == MD_KEEP_ORIGINAL;
  pk->mark = pk->original ? MD_MARK_ORIGINAL : MD_MARK_CLONE;
}

/* The events of a timed launch of trial tr: from its pool, else reserved
 * to be made (md_choice_begin).  0 when none may be had (then untimed).
 * Under the mutex. */
static int md_trial_events(md_trial *tr, md_pick *pk) {
  void **ev[2] = {&pk->now.start, &pk->now.stop};
  uint32_t need = 0;
  for (int i = 0; i < 2; i++)
    if (tr->n_pool)
      *ev[i] = tr->pool[--tr->n_pool];
    else
      need++;
  if (tr->n_events + need > MD_POOL) { /* bounded: untimed */
    for (int i = 0; i < 2; i++)
      if (*ev[i])
        tr->pool[tr->n_pool++] = *ev[i];
    pk->now.start = pk->now.stop = NULL;
    return 0;
  }
  tr->n_events += need;
  pk->timed = 1;
  return 1;
}

/* One launch of trial slot pk->slot of choice ch: its side, its events,
 * the pending launches it reads.  Returns 0, or -1 when the slot is
 * decided already (pk then says so) or no trial can be made. */
static int md_trial_step(md_choice *ch, md_pick *pk) {
  md_trial *tr;
  uint32_t k;
  int d;
  pthread_mutex_lock(&ch->mu);
  if ((d = atomic_load(&ch->decided[pk->slot])) != MD_UNDECIDED ||
      (!(tr = ch->trial[pk->slot]) &&
       !(tr = ch->trial[pk->slot] = calloc(1, sizeof *tr)))) {
    pthread_mutex_unlock(&ch->mu);
    if (d)
      md_pick_decided(pk, d);
    return -1;
  }
  k = tr->launches++;
  pk->now.side = k == 0 ? MD_SIDE_CLONE
                 : k == 1 ? MD_SIDE_ORIG
                          : (k % 2 == 0 ? MD_SIDE_CLONE : MD_SIDE_ORIG);
  if (k >= 2)
    md_trial_events(tr, pk);
  memcpy(pk->got, tr->pend, tr->n_pend * sizeof tr->pend[0]);
  pk->n_got = (int)tr->n_pend;
  tr->n_pend = 0;
  pthread_mutex_unlock(&ch->mu);
  pk->ch = ch;
  pk->original = pk->now.side == MD_SIDE_ORIG;
  return 0;
}

static void md_pick_undecided(const md_call *l, const md_entry *e,
                              md_choice *ch, md_pick *pk);

void md_choice_pick(const md_call *l, const md_entry *e, int tier,
                    md_pick *pk) {
  md_choice *ch;
  int policy = md_env_choice(), d;
  pk->ch = NULL;
  pk->now.start = pk->now.stop = NULL;
  pk->original = pk->timed = pk->n_got = 0;
  pk->errors = 0;
  pk->shape = 0;
  pk->grid = l->choice_grid;
  pk->unit = l->choice_unit;
  pk->mark = MD_MARK_NONE;
  pk->rec = NULL;
  if (policy == MD_CHOICE_CLONE)
    return; /* today's static choice, records as they are */
  if (policy == MD_CHOICE_ORIGINAL) {
    pk->original = 1;
    pk->mark = MD_MARK_ORIGINAL;
    return;
  }
  pk->mark = MD_MARK_CLONE; /* no timing: the static choice */
  pk->shape = md_grid_shape(l->choice_grid);
  pk->slot = md_choice_slot(tier, pk->shape);
  ch = atomic_load_explicit(&((md_entry *)e)->choice, memory_order_acquire);
  if ((d = md_choice_decided(e, pk->slot)) != MD_UNDECIDED) {
    md_pick_decided(pk, d); /* (the commonest: no timer asked) */
    return;
  }
  md_pick_undecided(l, e, ch, pk);
}

/* md_choice_pick of a slot not decided yet (ch: the entry's choice, or
 * NULL when it has none yet). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void md_pick_undecided(const md_call *l, const md_entry *e,
                              md_choice *ch, md_pick *pk) {
  const md_event_fns *ev = NULL;
  int may = 1;
  if (l->ops->timer)
    ev = l->ops->timer(l, &pk->stream, &may);
  if (!ev || (!ch && !(ch = md_choice_of(e, ev)))) {
    pk->shape = 0; /* cannot be timed: any grid */
    return;
  }
  pk->ev = &ch->ev;
  if (!may) /* programmatic dependent launch: never timed */
    return;
  pk->mark = MD_MARK_TRIAL;
  if (l->ops->capturing && l->ops->capturing(l))
    return; /* in a capture: the clone, decided later */
  md_trial_step(ch, pk);
}

void md_choice_begin(md_pick *pk) {
  const md_event_fns *ev = pk->ev;
  if (!pk->timed)
    return;
  if ((!pk->now.start && ev->create(&pk->now.start, 0) != 0) ||
      (!pk->now.stop && ev->create(&pk->now.stop, 0) != 0) ||
      ev->record(pk->now.start, pk->stream) != 0) {
    pk->timed = 0; /* not timed; its events go back */
    pk->errors++;
  }
}

/* ---- reading events, deciding ---- */

/* What md_choice_end collects outside the lock. */
typedef struct md_done {
  float ms[MD_CHOICE_INFLIGHT];
  int side[MD_CHOICE_INFLIGHT];
  int n;                    /* samples read */
  void *free[MD_POOL];      /* events to reuse */
  int n_free;
  md_event_list gone;       /* events to destroy */
} md_done;

/* Read the stop events of pk's earlier timed launches (never waiting):
 * a finished one gives a sample and its events back, one still running
 * stays in pk->got, a failed one is an error and its events go. */
static void md_choice_read(md_pick *pk, md_done *dn) {
  const md_event_fns *ev = pk->ev;
  int kept = 0;
  for (int i = 0; i < pk->n_got; i++) {
    md_timed *t = &pk->got[i];
    float ms = 0;
    int q = ev->query(t->stop);
    if (q == MD_EVENT_NOT_READY) {
      pk->got[kept++] = *t;
      continue;
    }
    if (q == 0 && ev->elapsed(&ms, t->start, t->stop) == 0 && ms >= 0) {
      dn->ms[dn->n] = ms;
      dn->side[dn->n++] = t->side;
      dn->free[dn->n_free++] = t->start;
      dn->free[dn->n_free++] = t->stop;
    } else {
      pk->errors++;
      md_list_add(&dn->gone, t->start, ev->destroy);
      md_list_add(&dn->gone, t->stop, ev->destroy);
    }
  }
  pk->n_got = kept;
}

/* This launch's own events (ok: it was launched): pending when its stop
 * event is recorded, else back to be reused. */
static void md_choice_stop(md_pick *pk, int ok, md_done *dn) {
  if (!pk->timed)
    return;
  if (ok && pk->ev->record(pk->now.stop, pk->stream) == 0) {
    pk->got[pk->n_got++] = pk->now; /* room: the slot's events bound it */
    return;
  }
  if (ok)
    pk->errors++;
  dn->free[dn->n_free++] = pk->now.start;
  dn->free[dn->n_free++] = pk->now.stop;
}

/* The decision of trial tr, or MD_UNDECIDED. */
static int md_trial_verdict(const md_trial *tr) {
  double o = tr->best[MD_SIDE_ORIG], c = tr->best[MD_SIDE_CLONE], m;
  if (tr->errors > MD_CHOICE_ERRORS)
    return MD_KEEP_STATIC;
  if (tr->n[0] < MD_CHOICE_SAMPLES || tr->n[1] < MD_CHOICE_SAMPLES)
    return tr->launches >= MD_CHOICE_TRIES ? MD_KEEP_STATIC : MD_UNDECIDED;
  m = o * MD_CHOICE_MARGIN;
  if (m < MD_CHOICE_FLOOR_MS)
    m = MD_CHOICE_FLOOR_MS;
  return c + m < o ? MD_KEEP_CLONE : MD_KEEP_ORIGINAL;
}

/* Put pk's collected results into trial tr (each side keeps its first
 * MD_CHOICE_SAMPLES times: with threads launching at once, one put may
 * bring a side more than it lacks); the slot's decision, with tr freed
 * and its events to destroy when it decides.  Under the mutex. */
static int md_trial_put(md_choice *ch, md_trial *tr, md_pick *pk,
                        md_done *dn, md_trial *copy) {
  int d;
  for (int i = 0; i < dn->n; i++) {
    int s = dn->side[i];
    if (tr->n[s] >= MD_CHOICE_SAMPLES)
      continue;
    if (!tr->n[s]++ || dn->ms[i] < tr->best[s])
      tr->best[s] = dn->ms[i];
  }
  tr->errors += pk->errors;
  if (pk->timed) /* reserved events that could not be made */
    tr->n_events -= (pk->now.start == NULL) + (pk->now.stop == NULL);
  for (int i = 0; i < pk->n_got; i++)
    tr->pend[tr->n_pend++] = pk->got[i]; /* room: as for got */
  for (int i = 0; i < dn->n_free; i++)
    if (dn->free[i] && tr->n_pool < MD_POOL) {
      tr->pool[tr->n_pool++] = dn->free[i];
    } else if (dn->free[i]) {
      md_list_add(&dn->gone, dn->free[i], ch->ev.destroy);
      tr->n_events--;
    }
  if ((d = md_trial_verdict(tr)) != MD_UNDECIDED) {
    md_trial_drain(tr, &ch->ev, &dn->gone);
    *copy = *tr;
    free(tr);
    ch->trial[pk->slot] = NULL;
    atomic_store_explicit(&ch->decided[pk->slot], (unsigned char)d,
                          memory_order_release);
  }
  return d;
}

/* Every event pk and dn hold, to dn->gone (the slot decided meanwhile). */
static void md_choice_drop(md_pick *pk, md_done *dn) {
  for (int i = 0; i < pk->n_got; i++) {
    md_list_add(&dn->gone, pk->got[i].start, pk->ev->destroy);
    md_list_add(&dn->gone, pk->got[i].stop, pk->ev->destroy);
  }
  for (int i = 0; i < dn->n_free; i++)
    md_list_add(&dn->gone, dn->free[i], pk->ev->destroy);
}

/* The numbers of blocks of grid shape `shape` (md_grid_shape): lo-hi. */
static void md_shape_range(unsigned shape, unsigned long long *lo,
                           unsigned long long *hi) {
  unsigned b = shape - 1;
  *lo = b ? 1ull << (b - 1) : 0;
  *hi = b ? *lo + (*lo - 1) : 0;
}

/* "for 2-3 blocks" of grid shape `shape` (md_grid_shape) in unit
 * `unit`, in buf; "for every launch" for the empty grid (OpenMP without a
 * loop's trip count: one slot per tier). */
static const char *md_shape_text(unsigned shape, const char *unit, char *buf,
                                 size_t n) {
  unsigned long long lo, hi;
  if (shape <= 1)
    return "for every launch";
  md_shape_range(shape, &lo, &hi);
  snprintf(buf, n, "for %llu-%llu %s", lo, hi, unit);
  return buf;
}

/* MAGICDIV_LOG: the decision d of e's slot pk->slot, trial tr's numbers. */
static void md_choice_log(const md_entry *e, const md_pick *pk, int d,
                          const md_trial *tr) {
  char buf[64];
  const char *name = e->name ? e->name : "?";
  const char *tier = md_choice_slot_tier(pk->slot);
  const char *shape = md_shape_text(pk->shape, pk->unit, buf, sizeof buf);
  if (d == MD_KEEP_STATIC) {
    md_logf("kernel '%s': measured choice %s%s: no "
            "timing (%u event errors, %u launches); clone kept (static)",
            name, shape, tier, tr->errors, tr->launches);
    return;
  }
  md_logf("kernel '%s': measured choice %s%s: clone "
          "%.2f us, original %.2f us (minimum of %u and %u timed "
          "launches%s): %s kept",
          name, shape, tier, 1000.0 * tr->best[MD_SIDE_CLONE],
          1000.0 * tr->best[MD_SIDE_ORIG], tr->n[MD_SIDE_CLONE],
          tr->n[MD_SIDE_ORIG], pk->ev->host_clock ? ", host clock" : "",
          d == MD_KEEP_CLONE ? "clone" : "original");
}

/* The memo mark of decision d, or of an undecided trial. */
static int md_mark_of(int d) {
  return d == MD_UNDECIDED       ? MD_MARK_TRIAL
         : d == MD_KEEP_ORIGINAL ? MD_MARK_ORIGINAL
                                 : MD_MARK_CLONE;
}

/* md_choice_end of a trial launch. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void md_choice_end_trial(const md_entry *e, md_pick *pk, int ok) {
  md_choice *ch = pk->ch;
  md_trial *tr, copy;
  md_done dn;
  int d = MD_UNDECIDED, mine = 0;
  memset(&dn, 0, sizeof dn);
  md_choice_read(pk, &dn);
  md_choice_stop(pk, ok, &dn);
  pthread_mutex_lock(&ch->mu);
  tr = ch->trial[pk->slot];
  if ((d = atomic_load(&ch->decided[pk->slot])) != MD_UNDECIDED || !tr)
    md_choice_drop(pk, &dn);
  else if ((d = md_trial_put(ch, tr, pk, &dn, &copy)) != MD_UNDECIDED)
    mine = 1;
  pthread_mutex_unlock(&ch->mu);
  md_choice_destroy_events(&dn.gone);
  if (mine)
    md_choice_log(e, pk, d, &copy);
  md_memo_mark(e, pk->rec, md_mark_of(d), pk->shape, pk->grid);
}

void md_choice_end(const md_entry *e, md_pick *pk, int ok) {
  if (pk->ch)
    md_choice_end_trial(e, pk, ok);
  else
    md_memo_mark(e, pk->rec, pk->mark, pk->shape, pk->grid);
}

/* ---- graph kernel nodes ---- */

int md_choice_node(const md_entry *e, int tier, md_dim3 grid) {
  const md_choice *ch;
  unsigned shape;
  int policy = md_env_choice(), slot, d;
  if (policy != MD_CHOICE_MEASURED)
    return policy == MD_CHOICE_ORIGINAL;
  shape = md_grid_shape(grid);
  slot = md_choice_slot(tier, shape);
  ch = atomic_load_explicit(&((md_entry *)e)->choice, memory_order_acquire);
  d = ch ? atomic_load_explicit(&ch->decided[slot], memory_order_acquire)
         : MD_UNDECIDED;
  if (d != MD_KEEP_ORIGINAL && d != MD_KEEP_CLONE)
    return 0; /* undecided, or no timing: the clone, as before */
  if (md_env_log() &&
      !atomic_exchange(&((md_choice *)ch)->node_logged[slot], 1)) {
    unsigned long long lo, hi;
    md_shape_range(shape, &lo, &hi);
    md_logf("kernel '%s': graph nodes for %llu-%llu blocks%s follow the "
            "measured choice: %s",
            e->name ? e->name : "?", lo, hi,
            md_choice_slot_tier(slot),
            d == MD_KEEP_CLONE ? "clone" : "original");
  }
  return d == MD_KEEP_ORIGINAL;
}
