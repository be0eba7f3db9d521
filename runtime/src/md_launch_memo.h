/*
 * md_launch_memo.h -- the memo of the last launch (md_launch_memo.c): the
 * read set of a descriptor and each thread's record of the last inputs and
 * outcome per (kernel, context) entry.  Not installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_MEMO_H
#define MAGICDIV_MD_LAUNCH_MEMO_H

#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "md_launch_internal.h"

/* One read of a descriptor program: bytes at args[param] + off. */
typedef struct md_read {
  uint32_t param;
  uint32_t off;
} md_read;

/* Everything a validated descriptor's programs read, each read once: the
 * 8-byte reads first, then the 4-, 2- and 1-byte ones (n_size[0..3]). */
typedef struct md_readset {
  uint32_t n;         /* reads in r */
  uint32_t n_size[4]; /* of 8, 4, 2 and 1 bytes */
  uint32_t dmask[6];  /* ~0u: the programs use md_dims word k (block x y z,
                         grid x y z), else 0 */
  uint32_t any_dims;  /* OR of dmask */
  md_read r[];
} md_readset;

/* The read set of a validated descriptor and, when desc2 is not NULL, of
 * a second one (the plain tier's) too; NULL when out of memory or it
 * reads too much (then the kernel has no memo). */
md_readset *md_readset_make(const unsigned char *desc,
                            const unsigned char *desc2);

/* A memo record: this thread's last inputs and outcome of one entry. */
typedef struct md_memo {
  uint64_t id;       /* the entry's id */
  const void *key;   /* the entry's key, context and generation: the */
  uint64_t ctx;      /* fast path (md_memo_at) finds the record without */
  uint64_t gen;      /* the cache */
  const md_entry *e; /* the entry (valid while gen is current) */
  const md_readset *rs; /* e->rs; NULL for an `orig` record */
  int orig;          /* the entry always runs the original (status != MD_OK):
                        no inputs to compare */
  int status;        /* MD_OK or MD_FALLBACK_* (orig: the entry's) */
  int graphs_orig;   /* MAGICDIV_GRAPHS=original when it was stored (an
                        environment change is a new generation) */
  int lent;          /* args is an md_clone_args' array until its free */
  void *fn;          /* MD_OK: the function to launch */
  int tier;          /* MD_OK: enum md_tier of fn */
  int bet;           /* md_clone_args.bet of the outcome */
  uint32_t n_in;     /* e->rs->n */
  uint32_t n_params; /* of the outcome's argument array */
  uint32_t n_extra;
  uint32_t dims[6];
  size_t bytes;      /* of this allocation */
  uint64_t *in;      /* n_in input values */
  uint64_t *val;     /* n_extra magic parameter values */
  void **args;       /* n_params: the original argument pointers in[] was
                        read through; then n_extra (-> val) */
  const unsigned char **addr; /* n_in: where each in[] value was read */
} md_memo;

/* Each thread's records, placed by (key, context): a record lives in its
 * home slot or the next one. */
#define MD_MEMO_SLOTS 256 /* a power of two */
typedef struct md_memo_table {
  md_memo *slot[MD_MEMO_SLOTS];
} md_memo_table;

extern _Thread_local md_memo_table *md_memo_tls
#if defined(__GNUC__)
    __attribute__((tls_model("initial-exec")))
#endif
    ;

static inline size_t md_memo_home(const void *key, uint64_t ctx) {
  uint64_t x = (uint64_t)(uintptr_t)key ^ (ctx * 0xff51afd7ed558ccdull);
  return (size_t)((x * 0x9E3779B97F4A7C15ull) >> 56) & (MD_MEMO_SLOTS - 1);
}

/* This thread's record of the current entry for (key, ctx), or NULL.  The
 * fast path of a repeated launch: one thread-local load, no cache probe.
 * The record's entry is valid: its generation is the cache's. */
static inline md_memo *md_memo_at(const void *key, uint64_t ctx) {
  md_memo_table *t = md_memo_tls;
  md_memo *m;
  size_t h;
  if (!t)
    return NULL;
  h = md_memo_home(key, ctx);
  m = t->slot[h];
  if (!m || m->key != key || m->ctx != ctx) {
    m = t->slot[(h + 1) & (MD_MEMO_SLOTS - 1)];
    if (!m || m->key != key || m->ctx != ctx)
      return NULL;
  }
  if (m->gen !=
      atomic_load_explicit(&md_cache_generation, memory_order_acquire))
    return NULL;
  return m;
}

/* Inlined where called: the sizes below are constants there. */
#if defined(__GNUC__)
#define MD_MEMO_INLINE static inline __attribute__((always_inline))
#else
#define MD_MEMO_INLINE static inline
#endif

/* The reads r[0..n) of `size` bytes: 1 if each equals its in[] value,
 * else 0 (also for a NULL argument).  Inlined with a constant size. */
MD_MEMO_INLINE int md_reads_equal(const md_read *r, uint32_t n,
                                 const uint64_t *in, void *const *args,
                                 unsigned size) {
  uint64_t diff = 0;
  for (uint32_t i = 0; i < n; i++) {
    const unsigned char *a = args[r[i].param];
    uint64_t v = 0;
    if (!a)
      return 0;
    memcpy(&v, a + r[i].off, size); /* host order, zero-extended */
    diff |= v ^ in[i];
  }
  return diff == 0;
}

/* The value of `size` bytes at p, zero-extended. */
MD_MEMO_INLINE uint64_t md_load(const unsigned char *p, unsigned size) {
  uint64_t v = 0;
  memcpy(&v, p, size); /* host order */
  return v;
}

/* The values at addr[0..n) of `size` bytes: 1 if each equals its in[]
 * value.  Four at a time (loop overhead is most of a one-value step). */
MD_MEMO_INLINE int md_addr_equal(const unsigned char *const *addr, uint32_t n,
                                const uint64_t *in, unsigned size) {
  uint64_t d0 = 0, d1 = 0;
  uint32_t i = 0;
  for (; i + 4 <= n; i += 4) {
    d0 |= (md_load(addr[i], size) ^ in[i]) |
          (md_load(addr[i + 1], size) ^ in[i + 1]);
    d1 |= (md_load(addr[i + 2], size) ^ in[i + 2]) |
          (md_load(addr[i + 3], size) ^ in[i + 3]);
    if (d0 | d1) /* new inputs: stop at the first four that differ */
      return 0;
  }
  for (; i < n; i++)
    d0 |= md_load(addr[i], size) ^ in[i];
  return (d0 | d1) == 0;
}

static inline void md_dims_words(const md_dims *dims, uint32_t w[6]) {
  w[0] = dims->block[0], w[1] = dims->block[1], w[2] = dims->block[2];
  w[3] = dims->grid[0], w[4] = dims->grid[1], w[5] = dims->grid[2];
}

/* Point record m (not lent) at this launch's argument pointers, whose
 * read-set values are m's (md_launch_memo.c). */
void md_memo_rebase(md_memo *m, const md_readset *rs, void *const *args);

/* 1 if record m (not orig) holds this launch's inputs: every value of
 * the read set rs and the launch dimensions it uses (dims may be NULL when
 * it uses none).  Where the argument pointers are the record's (the usual
 * repeated launch), the values are read where they were read last time;
 * else through args, and the record is pointed at them when it is not
 * lent. */
static inline int md_memo_same(md_memo *m, const md_readset *rs,
                               void *const *args, const md_dims *dims) {
  const uint64_t *in = m->in;
  uint32_t n8 = rs->n_size[0], n4 = rs->n_size[1], n2 = rs->n_size[2];
  uint32_t n1 = rs->n_size[3], np = m->n_params;
  int pd = 0;
  if (np && !args)
    return 0;
  if (np > 8) { /* the library's vector compare */
    pd = memcmp(m->args, args, np * sizeof *args) != 0;
  } else {
    uintptr_t x = 0;
    for (uint32_t i = 0; i < np; i++)
      x |= (uintptr_t)m->args[i] ^ (uintptr_t)args[i];
    pd = x != 0;
  }
  if (pd == 0) { /* each group only where it has reads */
    const unsigned char *const *a = m->addr;
    if ((n8 && !md_addr_equal(a, n8, in, 8)) ||
        (n4 && !md_addr_equal(a + n8, n4, in + n8, 4)) ||
        (n2 && !md_addr_equal(a + n8 + n4, n2, in + n8 + n4, 2)) ||
        (n1 && !md_addr_equal(a + n8 + n4 + n2, n1, in + n8 + n4 + n2, 1)))
      return 0;
  } else {
    const md_read *r = rs->r;
    if (!md_reads_equal(r, n8, in, args, 8) ||
        !md_reads_equal(r + n8, n4, in + n8, args, 4) ||
        !md_reads_equal(r + n8 + n4, n2, in + n8 + n4, args, 2) ||
        !md_reads_equal(r + n8 + n4 + n2, n1, in + n8 + n4 + n2, args, 1))
      return 0;
  }
  if (rs->any_dims) {
    uint32_t w[6], dd = 0;
    if (!dims)
      return 0;
    md_dims_words(dims, w);
    for (int i = 0; i < 6; i++)
      dd |= (w[i] ^ m->dims[i]) & rs->dmask[i];
    if (dd)
      return 0;
  }
  if (pd != 0 && !m->lent)
    md_memo_rebase(m, rs, args);
  return 1;
}

/* This thread's record of entry e if its inputs are this launch's, else
 * NULL. */
md_memo *md_memo_find(const md_entry *e, void *const *args,
                      const md_dims *dims);
/* Remember this launch's inputs and outcome (status; MD_OK: the function
 * ca->fn with its tier and bet, the values ex->value and the argument
 * layout ex->n_params + ex->n_extra) as this thread's record of e.  The
 * record, or NULL when it is not kept. */
md_memo *md_memo_store(const md_entry *e, void *const *args,
                       const md_dims *dims, int status,
                       const md_clone_args *ca, const md_extra *ex);
/* Remember that entry e (status != MD_OK) runs the original: an orig
 * record, which md_memo_at finds for every later launch -- of e's key and
 * context, or under MD_CTX_ALL where the cache has that entry for e's
 * key.  Best effort. */
void md_memo_store_orig(const md_entry *e);

/* The clone's argument array of an MD_OK record that md_memo_same (or
 * md_memo_store) matched with this launch's args, lent until
 * md_memo_return (same thread); NULL while it is lent already (then it
 * was not pointed at this launch's args: the caller copies). */
static inline void **md_memo_lend(md_memo *m) {
  if (m->lent)
    return NULL;
  m->lent = 1;
  return m->args;
}
static inline void md_memo_return(md_memo *m) { m->lent = 0; }
/* Copy an MD_OK record's values to out->value. */
static inline void md_memo_copy(const md_memo *m, md_extra *out) {
  memcpy(out->value, m->val, m->n_extra * sizeof out->value[0]);
}

/* Free the calling thread's memo (md_launch_release). */
void md_memo_release(void);

#endif /* MAGICDIV_MD_LAUNCH_MEMO_H */
