/*
 * md_launch_internal.h -- what the launch layer's files share: the lookup
 * cache (md_launch_cache.c), the environment switches and the log
 * (md_launch_env.c), the CUDA driver table (md_launch_driver.c), and the
 * entries and clone arguments (md_launch_common.c).  The launch flow
 * itself is md_launch_flow.h.  Not installed.
 *
 * Error convention (docs/DESIGN.md, "Error convention (the runtime's)"):
 * why a kernel runs its original is recorded once, in its entry, by
 * md_entry_fail (a status and a detail); a launch's own fallbacks are
 * MD_* statuses; the flow prints both, once.
 */
#ifndef MAGICDIV_MD_LAUNCH_INTERNAL_H
#define MAGICDIV_MD_LAUNCH_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_launch.h"

/* ---- cache (md_launch_cache.c) ----
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

/* The entry for (key, ctx), or NULL.  Lock-free. */
const md_entry *md_cache_find(const void *key, uint64_t ctx);

/* Slow path: the entry for (key, ctx), made by make(e, arg) on a zeroed
 * entry with e->key and e->ctx set if there is none yet.  make runs
 * without the cache's lock (it calls the driver); when two threads race,
 * one entry is published and the other freed.  *created is 1 for the
 * caller whose entry was published.  NULL only when out of memory. */
typedef void (*md_entry_maker)(md_entry *e, void *arg);
const md_entry *md_cache_get(const void *key, uint64_t ctx,
                             md_entry_maker make, void *arg, int *created);

/* 1 if e's status is the same in every context of the kernel's module
 * image: no clone or descriptor in it, a descriptor rejected, parameters
 * that do not match.  (Driver errors and out of memory are not.) */
int md_status_all_contexts(int status);
/* Record that the kernel `key` runs its original in every context, with
 * e's status and detail (an entry under MD_CTX_ALL).  Best effort. */
void md_cache_mark_all(const md_entry *e);

/* ---- environment and logging (md_launch_env.c) ---- */
int md_env_disabled(void); /* MAGICDIV_DISABLE=1 */
int md_env_log(void);      /* MAGICDIV_LOG=1 or 2 */
int md_env_log_desc(void); /* MAGICDIV_LOG=2: also print each descriptor */
int md_env_graphs_original(void); /* MAGICDIV_GRAPHS=original */
/* MAGICDIV_CHOICE: which of a kernel's clone and original runs. */
enum { MD_CHOICE_MEASURED = 0, MD_CHOICE_CLONE = 1, MD_CHOICE_ORIGINAL = 2 };
int md_env_choice_read(void);
/* The environment's bits (md_launch_env.c; 0: not read yet), of which
 * MAGICDIV_CHOICE's two, read inline on the launch's path. */
extern atomic_int md_env_bits;
#define MD_ENV_CHOICE_CLONE 0x20
#define MD_ENV_CHOICE_ORIG 0x40
static inline int md_env_choice(void) {
  int b = atomic_load_explicit(&md_env_bits, memory_order_relaxed);
  if (!b)
    return md_env_choice_read();
  return (b & MD_ENV_CHOICE_CLONE)  ? MD_CHOICE_CLONE
         : (b & MD_ENV_CHOICE_ORIG) ? MD_CHOICE_ORIGINAL
                                    : MD_CHOICE_MEASURED;
}
void md_env_reload(void);
/* One line on stderr, prefixed "magicdiv: ", only when logging is on. */
void md_logf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Log "disabled" once per process (per md_launch_reset). */
void md_log_disabled_once(void);

/* ---- CUDA driver (md_launch_driver.c) ---- */
/* The installed table, loading libcuda.so.1 on first use; NULL when no
 * driver is available (why: md_cuda_driver_why()). */
const md_cuda_driver *md_cuda_driver_get(void);
const char *md_cuda_driver_why(void);
/* The table md_cuda_driver_get returns, once it is known (NULL before):
 * what a repeated launch reads instead of calling it. */
extern _Atomic(const md_cuda_driver *) md_cuda_driver_known;
static inline const md_cuda_driver *md_cuda_driver_fast(void) {
  const md_cuda_driver *d =
      atomic_load_explicit(&md_cuda_driver_known, memory_order_acquire);
  return d ? d : md_cuda_driver_get();
}
/* The event functions the measured choice times launches with (launch/
 * md_choice.c): CUDA's driver entries or HIP's, one shape (int results:
 * 0 success, 600 not ready yet, for both). */
typedef struct md_event_fns {
  int (*create)(void **ev, unsigned int flags);
  int (*record)(void *ev, void *stream);
  int (*query)(void *ev);
  int (*elapsed)(float *ms, void *start, void *stop);
  int (*destroy)(void *ev);
} md_event_fns;
#define MD_EVENT_NOT_READY 600
/* Driver table d's events (NULL: it lacks one of the five). */
const md_event_fns *md_cuda_events(const md_cuda_driver *d);

/* "CUDA_ERROR_NOT_FOUND" or "error 500". buf: at least 32 bytes. */
const char *md_cu_err_name(const md_cuda_driver *d, md_CUresult r, char *buf,
                           size_t n);

/* ---- entries (md_launch_common.c) ---- */

/* Sanity bound of a descriptor: the format's own limits (MD_MAX_PARAMS
 * sizes, MD_MAX_DIVISORS entries and their programs) stay far below it. */
#define MD_DESC_MAX_BYTES (1u << 20)

/* The entry says: its kernel runs the original, because of `status`
 * (detail: fmt, ...; MAGICDIV_LOG prints it on the first launch). */
void md_entry_fail(md_entry *e, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

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

/* Set e->desc_ref/desc_size to `desc` and validate it, filling status,
 * n_params and n_extra (and the read set and plan).  0, or -1 with e
 * failed (md_entry_fail). */
int md_entry_set_desc(md_entry *e, const unsigned char *desc, size_t size);

/* ---- tiers ----
 * A kernel may have two clones: K__magicdiv (ranged: it may bet on launch
 * requirements and 64-bit divisors below 2^32) and K__magicdiv_plain (the
 * same kernel without bets).  A launch runs the ranged clone when its
 * descriptor's checks all pass, else the plain clone when its own pass,
 * else the original: md_clone_args_make decides, for CUDA, HIP and
 * OpenMP. */
enum md_tier { MD_TIER_ORIGINAL = 0, MD_TIER_RANGED = 1, MD_TIER_PLAIN = 2 };

/* Accept K__magicdiv_plain (fn, descriptor bytes) for entry e, whose
 * ranged descriptor is set: the descriptor must validate and describe the
 * same parameters.  0, or -1 with e unchanged (no plain tier). */
int md_entry_set_plain(md_entry *e, void *fn, const unsigned char *desc,
                       size_t size);

/* The MAGICDIV_LOG line of a kernel whose plain tier K__magicdiv_plain
 * was found but cannot be used (its descriptor missing or unusable). */
void md_log_no_plain(const char *name);

/* A clone the host pass found at compile time and registered (HIP,
 * OpenMP): its handle (region id) and descriptor, and the plain tier's
 * (plain NULL: none), as the launch passes them. */
typedef struct md_registered {
  const char *name;  /* the kernel's device name, or NULL */
  const void *clone; /* NULL: no clone */
  const unsigned char *desc;
  uint64_t desc_size;
  const void *plain;
  const unsigned char *plain_desc;
  uint64_t plain_desc_size;
  const char *where; /* where the host pass looked: "code objects" */
} md_registered;

/* Fill entry e from the host pass's record r: the name, the validated
 * descriptor, the plain tier; or why the kernel runs its original. */
void md_entry_registered(md_entry *e, const md_registered *r);

/* Arguments of one clone launch.  args points at inline storage for the
 * usual case and at a heap array for kernels with very many parameters. */
typedef struct md_clone_args {
  md_extra extra; /* the values, unless args is the memo's (lent) */
  void **args;
  void *inline_args[64];
  struct md_memo *lent; /* args is this thread's memo record's array
                           (memo/md_memo.h) until md_clone_args_free */
  void *fn;  /* MD_OK: the function to launch (e->clone or e->plain) */
  int tier;  /* enum md_tier of this launch */
  int bet;   /* MD_OK, or why the ranged clone did not run when a plain
                tier exists (MD_FALLBACK_*) */
} md_clone_args;

/* Fill ca for entry e (status MD_OK) and this launch's original args and
 * dims.  MD_OK: ca->args is the clone's argument array; otherwise the
 * launch must run the original (why: md_status_str).  Always call
 * md_clone_args_free afterwards, in the same thread. */
int md_clone_args_make(const md_entry *e, void **args, const md_dims *dims,
                       md_clone_args *ca);
/* The same; find = 0 when the caller has just compared this thread's memo
 * record of e with this launch and it differs (no second compare). */
int md_clone_args_make_memo(const md_entry *e, void **args,
                            const md_dims *dims, md_clone_args *ca, int find);
void md_clone_args_free(md_clone_args *ca);

/* strdup (not in C11); NULL when out of memory. */
char *md_launch_strdup(const char *s);

/* md_dims from dim3s. */
md_dims md_launch_dims_of(md_dim3 grid, md_dim3 block);

/* The measured choice's decisions (launch/md_choice.c), per slot: clone
 * tier (ranged, plain) x bucket of the grid size (md_grid_shape - 1: 0
 * for an empty grid, else the bit length of the number of blocks). */
#define MD_CHOICE_BUCKETS 65
#define MD_CHOICE_SLOTS (2 * MD_CHOICE_BUCKETS)
enum { MD_UNDECIDED = 0, MD_KEEP_ORIGINAL = 1, MD_KEEP_CLONE = 2,
       MD_KEEP_STATIC = 3 /* no timing possible: the clone */ };

/* The slot of clone tier `tier` and grid shape `shape` (md_grid_shape). */
static inline int md_choice_slot(int tier, unsigned shape) {
  return (tier == MD_TIER_PLAIN) * MD_CHOICE_BUCKETS + (int)shape - 1;
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

#endif /* MAGICDIV_MD_LAUNCH_INTERNAL_H */
