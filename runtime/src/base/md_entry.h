/*
 * md_entry.h -- what every floor above base/ knows of a kernel's cache
 * entry and of one launch's clone arguments: the types (md_entry,
 * md_clone_args, the tiers), the cache's generation, the measured
 * choice's decision slots and which statuses are tier fallbacks
 * (md_status_fallback, for the memo and the launch layer), read inline.  The functions that make and use
 * them are the launch layer's (launch/md_launch_internal.h); the memo
 * (memo/) keeps records of them.  Not installed.
 */
#ifndef MAGICDIV_MD_ENTRY_H
#define MAGICDIV_MD_ENTRY_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_launch.h"

/* ---- the cache's entries (launch/md_launch_cache.c) ----
 *
 * One entry per (kernel key, context id): what the first launch found.
 * Entries are immutable once published, so any number of threads may read
 * them without a lock; they are freed only by md_launch_release. */
typedef struct md_entry {
  const void *key;    /* stub / CUfunction / HIP handle */
  uint64_t ctx;       /* CUDA context id; 0 for HIP */
  int status;         /* MD_OK: the clone may run; else why it may not */
  char why[160];      /* detail of a failed lookup (driver call, error) */
  void *clone;        /* CUDA: clone's CUfunction; HIP: its handle */
  unsigned char *desc; /* validated descriptor bytes (owned; CUDA) */
  const unsigned char *desc_ref; /* descriptor used: desc or HIP's bytes */
  size_t desc_size;
  uint32_t n_params;  /* from the descriptor header */
  uint32_t n_extra;
  char *name;         /* kernel name (owned) */
  struct md_entry *owned_next; /* the cache's list of every entry made */
  uint64_t id;        /* unique in the process: the memo's key */
  uint64_t gen;       /* md_cache_generation when it was published */
  struct md_readset *rs; /* what the descriptor reads (owned); NULL: no memo */
  struct md_plan *plan;  /* direct evaluation (owned); NULL: the interpreter */
  /* The plain tier (K__magicdiv_plain), or plain == NULL.  See "Tiers"
   * below. */
  void *plain;                    /* its CUfunction / HIP handle */
  unsigned char *plain_desc;      /* owned copy (CUDA) */
  const unsigned char *plain_desc_ref; /* validated descriptor used */
  size_t plain_desc_size;
  uint32_t plain_n_extra;
  struct md_plan *plain_plan;     /* as plan, for the plain descriptor */
  /* The pow2 tier (K__magicdiv_pow2: K__magicdiv's parameters and
   * descriptor, every u64 site the shift), or NULL.  See "Tiers". */
  void *pow2;
  /* Logging only: what the last launch ran (md_tier_code), so that
   * MAGICDIV_LOG says when a tiered kernel changes tier.  The one field
   * written after publication. */
  atomic_int last_tier;
  /* The measured choice's state (launch/md_choice.c), made by the first
   * launch that times the kernel; NULL before.  Owned. */
  _Atomic(struct md_choice *) choice;
} md_entry;

/* Context key of an entry that holds for every context (md_cache_mark_all). */
#define MD_CTX_ALL UINT64_MAX

/* Bumped (under the cache's lock) by md_launch_reset and
 * md_launch_release: an entry whose gen is not the current value is no
 * longer the cache's (the memo's fast path checks it). */
extern _Atomic uint64_t md_cache_generation;

/* ---- tiers ----
 * A kernel may have two clones: K__magicdiv (ranged: it may bet on launch
 * requirements and 64-bit divisors below 2^32) and K__magicdiv_plain (the
 * same kernel without bets).  A launch runs the ranged clone when its
 * descriptor's checks all pass, else the plain clone when its own pass,
 * else the original: md_clone_args_make decides, for CUDA, HIP and
 * OpenMP.  A kernel may also have K__magicdiv_pow2 (CUDA, HIP): launched
 * instead of the ranged clone when that would run and every u64 divisor
 * is a power of two (md_abi.h md_pow2_tier_holds). */
enum md_tier {
  MD_TIER_ORIGINAL = 0,
  MD_TIER_RANGED = 1,
  MD_TIER_PLAIN = 2,
  MD_TIER_POW2 = 3 /* K__magicdiv_pow2: where the ranged clone would run and
                      md_pow2_tier_holds (every u64 divisor 2^s) */
};

/* Arguments of one clone launch.  args points at inline storage for the
 * usual case and at a heap array for kernels with very many parameters. */
typedef struct md_clone_args {
  md_extra extra; /* the values, unless args is the memo's (lent) */
  void **args;
  void *inline_args[64];
  struct md_memo *lent; /* args is this thread's memo record's array
                           (memo/md_memo.h) until md_clone_args_free */
  void *fn;  /* MD_OK: the function to launch (e->clone, e->plain or
                e->pow2) */
  int tier;  /* enum md_tier of this launch */
  int bet;   /* MD_OK, or why the ranged clone did not run when a plain
                tier exists (MD_FALLBACK_*) */
} md_clone_args;

/* The measured choice's decisions (launch/md_choice.c), per slot: clone
 * tier (ranged, plain, pow2) x bucket of the grid size (md_grid_shape - 1: 0
 * for an empty grid, else the bit length of the number of blocks). */
#define MD_CHOICE_BUCKETS 65
#define MD_CHOICE_SLOTS (3 * MD_CHOICE_BUCKETS)
enum { MD_UNDECIDED = 0, MD_KEEP_ORIGINAL = 1, MD_KEEP_CLONE = 2,
       MD_KEEP_STATIC = 3 /* no timing possible: the clone */ };

/* The slot of clone tier `tier` and grid shape `shape` (md_grid_shape). */
static inline int md_choice_slot(int tier, unsigned shape) {
  int t = tier == MD_TIER_PLAIN ? 1 : tier == MD_TIER_POW2 ? 2 : 0;
  return t * MD_CHOICE_BUCKETS + (int)shape - 1;
}

/* " (plain tier)", " (pow2 tier)" or "" (ranged): the tier of a slot, for
 * log lines. */
static inline const char *md_choice_slot_tier(int slot) {
  return slot >= 2 * MD_CHOICE_BUCKETS ? " (pow2 tier)"
         : slot >= MD_CHOICE_BUCKETS   ? " (plain tier)"
                                       : "";
}

/* Entry e's decision in `slot` (MD_UNDECIDED while it has no choice): the
 * decision bytes are the first member of its md_choice. */
static inline int md_choice_decided(const md_entry *e, int slot) {
  const atomic_uchar *d = (const atomic_uchar *)atomic_load_explicit(
      &((md_entry *)e)->choice, memory_order_acquire);
  return d ? atomic_load_explicit(&d[slot], memory_order_acquire)
           : MD_UNDECIDED;
}

/* The bucket of a launch's grid size as the measured choice keys its
 * decisions and a memo record keeps it: 1 for an empty grid, else the bit
 * length of the number of blocks plus 1 (2 .. 65). */
static inline unsigned md_grid_shape(md_dim3 g) {
  uint64_t n = (uint64_t)g.x * g.y * g.z;
#if defined(__GNUC__)
  return n ? 65u - (unsigned)__builtin_clzll(n) : 1u;
#else
  unsigned b = 1;
  for (; n; n >>= 1)
    b++;
  return b;
#endif
}

/* 1 if status s is a tier fallback (MD_STATUS_LIST's tier column): a
 * descriptor's evaluation found this launch's inputs outside the clone's
 * domain, so the plain tier is tried (the next launch may run it).  Every
 * MD_FALLBACK_* but MD_FALLBACK_ARG_UNKNOWN, which the launch check
 * returns before any tier is evaluated. */
static inline int md_status_fallback(int s) {
  switch (s) {
#define MD_STATUS_TIER_(name, value, text, tier, all)                          \
  case name:                                                                   \
    return tier;
    MD_STATUS_LIST(MD_STATUS_TIER_)
#undef MD_STATUS_TIER_
  default:
    return 0;
  }
}

#endif /* MAGICDIV_MD_ENTRY_H */
