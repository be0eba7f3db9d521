/*
 * md_launch_cache.c -- the launch cache: (kernel key, context id) -> what
 * the first launch of that kernel in that context found (md_entry).
 *
 * Read path (every launch): no lock, no write.  The current table is an
 * atomically published pointer to an open-addressing hash table whose
 * slots are atomically published pointers to immutable entries; a reader
 * loads both with acquire order and probes linearly until it finds its
 * key or an empty slot.
 *
 * Write path (first launch of a kernel in a context): under a mutex, the
 * entry is stored into an empty slot with release order.  When the table
 * would become more than half full a table twice the size is filled with
 * every entry and published instead; a reader still probing the old table
 * either finds its entry there or misses and takes the write path, which
 * looks again under the mutex.  Old tables and entries are never freed
 * while the program may launch (a reader may hold them); they stay on the
 * ownership lists below until md_launch_release.
 *
 * A kernel whose outcome holds in every context (no clone in its module
 * image, md_status_all_contexts) also gets an entry under MD_CTX_ALL, so
 * that its launches find it before asking the driver for the context:
 * that entry can only ever make a launch run its original.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "launch/md_choice.h"
#include "base/md_graph_map.h"
#include "launch/md_launch_internal.h"
#include "memo/md_memo.h"

typedef struct md_table {
  struct md_table *owned_next; /* every table ever made */
  size_t mask;                 /* capacity - 1, capacity a power of two */
  _Atomic(md_entry *) slot[];
} md_table;

#define MD_TABLE_MIN 64

static _Atomic(md_table *) md_current;
static pthread_mutex_t md_mu = PTHREAD_MUTEX_INITIALIZER;
static size_t md_count;         /* entries in md_current (under md_mu) */
static md_table *md_tables;     /* ownership list (under md_mu) */
static md_entry *md_entries;    /* ownership list (under md_mu) */
static _Atomic uint64_t md_next_id = 1; /* md_entry.id; never reused */
_Atomic uint64_t md_cache_generation = 1;

/* A new generation: every entry published so far is no longer current.
 * Under md_mu. */
static void md_cache_next_generation(void) {
  atomic_fetch_add_explicit(&md_cache_generation, 1, memory_order_release);
}

/* Multiplicative (Fibonacci) hashing: the high half of the product spreads
 * pointer bits, which are aligned and clustered, over the index bits. */
static inline size_t md_hash(const void *key, uint64_t ctx) {
  uint64_t x = (uint64_t)(uintptr_t)key ^ (ctx * 0xff51afd7ed558ccdull);
  return (size_t)((x * 0x9E3779B97F4A7C15ull) >> 32);
}

static inline const md_entry *md_table_find(md_table *t, const void *key,
                                     uint64_t ctx) {
  size_t i;
  if (!t)
    return NULL;
  for (i = md_hash(key, ctx) & t->mask;; i = (i + 1) & t->mask) {
    md_entry *e = atomic_load_explicit(&t->slot[i], memory_order_acquire);
    if (!e)
      return NULL;
    if (e->key == key && e->ctx == ctx)
      return e;
  }
}

const md_entry *md_cache_find(const void *key, uint64_t ctx) {
  return md_table_find(atomic_load_explicit(&md_current, memory_order_acquire),
                       key, ctx);
}

/* A zeroed table of `cap` slots on the ownership list.  Under md_mu. */
static md_table *md_table_new(size_t cap) {
  md_table *t = calloc(1, sizeof *t + cap * sizeof t->slot[0]);
  size_t i;
  if (!t)
    return NULL;
  t->mask = cap - 1;
  for (i = 0; i < cap; i++)
    atomic_init(&t->slot[i], NULL);
  t->owned_next = md_tables;
  md_tables = t;
  return t;
}

/* Store e into t (which has an empty slot).  Under md_mu. */
static void md_table_put(md_table *t, md_entry *e) {
  size_t i = md_hash(e->key, e->ctx) & t->mask;
  while (atomic_load_explicit(&t->slot[i], memory_order_relaxed))
    i = (i + 1) & t->mask;
  atomic_store_explicit(&t->slot[i], e, memory_order_release);
}

/* Insert e into the current table, growing it first if it would become
 * more than half full.  0, or -1 when out of memory.  Under md_mu. */
static int md_insert(md_entry *e) {
  md_table *t = atomic_load_explicit(&md_current, memory_order_relaxed);
  size_t cap = t ? t->mask + 1 : 0;
  if (2 * (md_count + 1) > cap) {
    size_t ncap = cap ? 2 * cap : MD_TABLE_MIN, i;
    md_table *n = md_table_new(ncap);
    if (!n)
      return -1;
    for (i = 0; i < cap; i++) {
      md_entry *old = atomic_load_explicit(&t->slot[i], memory_order_relaxed);
      if (old)
        md_table_put(n, old);
    }
    atomic_store_explicit(&md_current, n, memory_order_release);
    t = n;
  }
  md_table_put(t, e);
  md_count++;
  return 0;
}

static void md_entry_free(md_entry *e) {
  md_choice_free(atomic_load(&e->choice));
  free(e->rs);
  free(e->plan);
  free(e->plain_plan);
  free(e->desc);
  free(e->plain_desc);
  free(e->name);
  free(e);
}

const md_entry *md_cache_get(const void *key, uint64_t ctx,
                             md_entry_maker make, void *arg, int *created) {
  const md_entry *found;
  md_entry *e;
  *created = 0;
  found = md_cache_find(key, ctx);
  if (found)
    return found;
  e = calloc(1, sizeof *e);
  if (!e)
    return NULL;
  e->key = key;
  e->ctx = ctx;
  e->id = atomic_fetch_add_explicit(&md_next_id, 1, memory_order_relaxed);
  make(e, arg); /* driver calls: outside the lock */
  pthread_mutex_lock(&md_mu);
  found = md_table_find(atomic_load_explicit(&md_current, memory_order_relaxed),
                        key, ctx);
  if (!found) {
    e->gen = atomic_load_explicit(&md_cache_generation, memory_order_relaxed);
    if (md_insert(e) == 0) {
      e->owned_next = md_entries;
      md_entries = e;
      found = e;
      *created = 1;
      e = NULL;
    }
  }
  pthread_mutex_unlock(&md_mu);
  if (e) /* lost the race, or out of memory */
    md_entry_free(e);
  return found;
}

int md_status_all_contexts(int status) {
  switch (status) {
#define MD_STATUS_ALL_(name, value, text, tier, all)                           \
  case name:                                                                   \
    return all;
    MD_STATUS_LIST(MD_STATUS_ALL_)
#undef MD_STATUS_ALL_
  default:
    return 0;
  }
}

/* md_cache_mark_all's maker: a copy of the entry's outcome. */
static void md_copy_outcome(md_entry *e, void *arg) {
  const md_entry *from = arg;
  e->status = from->status;
  memcpy(e->why, from->why, sizeof e->why);
}

void md_cache_mark_all(const md_entry *e) {
  int created;
  md_cache_get(e->key, MD_CTX_ALL, md_copy_outcome, (void *)e, &created);
}

void md_launch_reset(void) {
  md_event_list gone = {0};
  pthread_mutex_lock(&md_mu);
  /* Readers of the old table keep valid memory: it stays on md_tables. */
  atomic_store_explicit(&md_current, NULL, memory_order_release);
  md_count = 0;
  md_cache_next_generation();
  md_choice_drain(md_entries, &gone); /* the measured choice's events */
  pthread_mutex_unlock(&md_mu);
  md_choice_destroy_events(&gone); /* driver calls: without the lock */
  md_graph_map_clear(); /* a new module may reuse a clone's address */
  md_env_reload();
}

void md_launch_release(void) {
  md_event_list gone = {0};
  md_memo_release();
  pthread_mutex_lock(&md_mu);
  atomic_store_explicit(&md_current, NULL, memory_order_release);
  md_count = 0;
  md_cache_next_generation();
  md_choice_drain(md_entries, &gone);
  while (md_tables) {
    md_table *t = md_tables;
    md_tables = t->owned_next;
    free(t);
  }
  while (md_entries) {
    md_entry *e = md_entries;
    md_entries = e->owned_next;
    md_entry_free(e);
  }
  pthread_mutex_unlock(&md_mu);
  md_choice_destroy_events(&gone);
  md_graph_map_release();
}
