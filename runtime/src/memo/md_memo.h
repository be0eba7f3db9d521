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

/* Probe sizes (md_launch_memo.c): 16, 8, 4, 2 and 1 bytes. */
#define MD_PROBE_CLASSES 5

/* A memo record: this thread's last inputs and outcome of one entry.  The
 * fields a repeated launch reads come first (one or two cache lines). */
typedef struct md_memo {
  const void *key;   /* the entry's key, context and generation: the */
  uint64_t ctx;      /* fast path (md_memo_of, md_memo_at) finds the */
  uint64_t gen;      /* record without the cache */
  void *fn;          /* MD_OK: the function to launch */
  void **args;       /* n_params: the original argument pointers in[] was
                        read through; then n_extra (-> val) */
  const unsigned char **paddr; /* n_probe probes of the read set's bytes */
  uint64_t *pin;     /* (md_launch_memo.c): where, and their values (two
                        words for a 16-byte probe; room for 2 * n_in) */
  uint32_t p_size[MD_PROBE_CLASSES]; /* probes of 16, 8, 4, 2 and 1 bytes,
                                        in this order */
  uint32_t n_probe;  /* <= n_in; UINT32_MAX: none made yet */
  uint32_t n_params; /* of the outcome's argument array */
  uint8_t p_one;     /* 16, 8 or 4: every probe has that many bytes; else
                        0 */
  const void *site;  /* MD_API_FRAME_ARGS: the call site (return address) */
  void *const *site_args; /* and argument array args[] was compared with */
  uint8_t orig;      /* the entry always runs the original (status != MD_OK):
                        no inputs to compare */
  uint8_t ok;        /* status == MD_OK */
  uint8_t graphs_orig; /* MAGICDIV_GRAPHS=original when it was stored (an
                          environment change is a new generation) */
  uint8_t any_dims;  /* rs->any_dims != 0 */
  uint8_t lent;      /* args is an md_clone_args' array until its free */
  uint8_t direct;    /* ok, not orig, no dims, no graphs_orig: a launch
                        with the same inputs runs fn with args at once */
  uint64_t dim_val[4];  /* any_dims: the launch dimensions (md_dims_pack) */
  uint64_t dim_mask[4]; /* where the programs use them (rs->dmask) */
  /* the rest: for the general path */
  uint64_t id;       /* the entry's id */
  const md_entry *e; /* the entry (valid while gen is current) */
  const md_readset *rs; /* e->rs; NULL for an `orig` record */
  int status;        /* MD_OK or MD_FALLBACK_* (orig: the entry's) */
  int tier;          /* MD_OK: enum md_tier of fn */
  int bet;           /* md_clone_args.bet of the outcome */
  uint32_t n_in;     /* e->rs->n */
  uint64_t *in;      /* n_in input values, read through args, in the
                        order of rs->r (8-, 4-, 2-, then 1-byte reads) */
  uint32_t n_extra;
  size_t bytes;      /* of this allocation */
  uint64_t *val;     /* n_extra magic parameter values */
} md_memo;

/* Each thread's records, placed by key: a record lives in its key's home
 * slot or the next one (two contexts of one key share them). */
#define MD_MEMO_SLOTS 256 /* a power of two */
typedef struct md_memo_table {
  md_memo *slot[MD_MEMO_SLOTS];
} md_memo_table;

extern _Thread_local md_memo_table *md_memo_tls
#if defined(__GNUC__)
    __attribute__((tls_model("initial-exec")))
#endif
    ;

/* The home slot of a key: every record of the key (one per context, and
 * the MD_CTX_ALL one) lives there or in the next slot, so that one probe
 * finds it before the context is known. */
static inline size_t md_memo_home(const void *key) {
  return (size_t)(((uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull) >> 56) &
         (MD_MEMO_SLOTS - 1);
}

/* 1 if record m is of key in the current generation (its entry is
 * valid). */
static inline int md_memo_current(const md_memo *m, const void *key) {
  return m && m->key == key &&
         m->gen == atomic_load_explicit(&md_cache_generation,
                                        memory_order_acquire);
}

/* This thread's current record of key in its home slot or the next one:
 * the first one (any_ctx) or the one of context ctx; NULL when none. */
static inline md_memo *md_memo_find_key(const void *key, uint64_t ctx,
                                        int any_ctx) {
  md_memo_table *t = md_memo_tls;
  size_t h;
  if (!t)
    return NULL;
  h = md_memo_home(key);
  for (int k = 0; k < 2; k++, h = (h + 1) & (MD_MEMO_SLOTS - 1)) {
    md_memo *m = t->slot[h];
    if (md_memo_current(m, key) && (any_ctx || m->ctx == ctx))
      return m;
  }
  return NULL;
}

/* This thread's first current record of key, of any context, or NULL: the
 * first probe of a repeated launch (an MD_CTX_ALL record needs no
 * context). */
static inline md_memo *md_memo_of(const void *key) {
  return md_memo_find_key(key, 0, 1);
}

/* This thread's record of the current entry for (key, ctx), or NULL. */
static inline md_memo *md_memo_at(const void *key, uint64_t ctx) {
  return md_memo_find_key(key, ctx, 0);
}

/* Inlined where called: the sizes below are constants there. */
#if defined(__GNUC__)
#define MD_MEMO_INLINE static inline __attribute__((always_inline))
#else
#define MD_MEMO_INLINE static inline
#endif

/* The value of `size` bytes at p, zero-extended. */
MD_MEMO_INLINE uint64_t md_load(const unsigned char *p, unsigned size) {
  uint64_t v = 0;
  memcpy(&v, p, size); /* host order */
  return v;
}

#if defined(__GNUC__)
/* Two 64-bit lanes: one SSE2 / NEON register. */
typedef unsigned long long md_v2
    __attribute__((vector_size(2 * sizeof(unsigned long long))));
#endif

/* 1 if the pointers a[0..n) and b[0..n) differ anywhere: four at a time,
 * in two vector registers where the compiler has vector types. */
MD_MEMO_INLINE int md_ptrs_differ(void *const *a, void *const *b, size_t n) {
  void *const *end = a + n;
  uintptr_t x = 0;
#if defined(__GNUC__)
  if (sizeof(void *) == sizeof(unsigned long long) && n >= 4) {
    md_v2 d0 = {0, 0}, d1 = {0, 0}, x0, x1, y0, y1;
    for (; end - a >= 4; a += 4, b += 4) {
      memcpy(&x0, a, sizeof x0);
      memcpy(&y0, b, sizeof y0);
      memcpy(&x1, a + 2, sizeof x1);
      memcpy(&y1, b + 2, sizeof y1);
      d0 |= x0 ^ y0;
      d1 |= x1 ^ y1;
    }
    d0 |= d1;
    x = (uintptr_t)(d0[0] | d0[1]);
  }
#endif
  for (; a < end; a++, b++)
    x |= (uintptr_t)*a ^ (uintptr_t)*b;
  return x != 0;
}

/* 1 if args[0..n_params) are not record m's argument pointers (a NULL
 * args with parameters counts as different): the library's vector
 * compare from 8 pointers, md_ptrs_differ below that. */
MD_MEMO_INLINE int md_memo_ptrs_differ(const md_memo *m, void *const *args) {
  size_t np = m->n_params;
  if (!np)
    return 0;
  if (!args)
    return 1;
  return np >= 8 ? memcmp(m->args, args, np * sizeof *args) != 0
                 : md_ptrs_differ(m->args, args, np);
}

/* The OR of (value of `size` bytes at addr[i]) ^ in[i] over i < n: 0 when
 * every value is unchanged.  Four at a time, into two accumulators. */
MD_MEMO_INLINE uint64_t md_addr_diff(const unsigned char *const *addr,
                                     size_t n, const uint64_t *in,
                                     unsigned size) {
  const unsigned char *const *end = addr + n;
  uint64_t d0 = 0, d1 = 0;
  if (n <= 4) { /* straight-line */
    if (n >= 1)
      d0 = md_load(addr[0], size) ^ in[0];
    if (n >= 2)
      d1 = md_load(addr[1], size) ^ in[1];
    if (n >= 3)
      d0 |= md_load(addr[2], size) ^ in[2];
    if (n == 4)
      d1 |= md_load(addr[3], size) ^ in[3];
    return d0 | d1;
  }
  for (; end - addr >= 4; addr += 4, in += 4) {
    d0 |= (md_load(addr[0], size) ^ in[0]) | (md_load(addr[1], size) ^ in[1]);
    d1 |= (md_load(addr[2], size) ^ in[2]) | (md_load(addr[3], size) ^ in[3]);
  }
  for (; addr < end; addr++, in++)
    d0 |= md_load(*addr, size) ^ *in;
  return d0 | d1;
}

/* md_addr_diff of 16-byte probes, whose values are two words each (in[2i],
 * in[2i + 1]): one vector load and compare each where the compiler has
 * vector types; up to four unrolled, then two at a time. */
MD_MEMO_INLINE uint64_t md_addr_diff16(const unsigned char *const *addr,
                                       size_t n, const uint64_t *in) {
#if defined(__GNUC__)
  md_v2 d0 = {0, 0}, d1 = {0, 0}, x0, y0, x1, y1;
  const unsigned char *const *end = addr + n;
  if (n <= 4) { /* straight-line */
    if (n >= 1) {
      memcpy(&x0, addr[0], sizeof x0);
      memcpy(&y0, in, sizeof y0);
      d0 = x0 ^ y0;
    }
    if (n >= 2) {
      memcpy(&x1, addr[1], sizeof x1);
      memcpy(&y1, in + 2, sizeof y1);
      d1 = x1 ^ y1;
    }
    if (n >= 3) {
      memcpy(&x0, addr[2], sizeof x0);
      memcpy(&y0, in + 4, sizeof y0);
      d0 |= x0 ^ y0;
    }
    if (n == 4) {
      memcpy(&x1, addr[3], sizeof x1);
      memcpy(&y1, in + 6, sizeof y1);
      d1 |= x1 ^ y1;
    }
    d0 |= d1;
    return d0[0] | d0[1];
  }
  for (; end - addr >= 2; addr += 2, in += 4) {
    memcpy(&x0, addr[0], sizeof x0);
    memcpy(&y0, in, sizeof y0);
    memcpy(&x1, addr[1], sizeof x1);
    memcpy(&y1, in + 2, sizeof y1);
    d0 |= x0 ^ y0;
    d1 |= x1 ^ y1;
  }
  if (addr < end) {
    memcpy(&x0, addr[0], sizeof x0);
    memcpy(&y0, in, sizeof y0);
    d0 |= x0 ^ y0;
  }
  d0 |= d1;
  return d0[0] | d0[1];
#else
  uint64_t d = 0;
  for (size_t i = 0; i < n; i++)
    d |= (md_load(addr[i], 8) ^ in[2 * i]) |
         (md_load(addr[i] + 8, 8) ^ in[2 * i + 1]);
  return d;
#endif
}

/* 1 if every probe of record m has its value: every byte of the read set
 * is unchanged where it was read.  One loop where every probe has 16, 8
 * or 4 bytes (the usual case: p_one), else md_memo_values_mixed. */
int md_memo_values_mixed(const md_memo *m);
MD_MEMO_INLINE int md_memo_values_same(const md_memo *m) {
  size_t n = m->n_probe;
  switch (m->p_one) {
  case 16:
    return md_addr_diff16(m->paddr, n, m->pin) == 0;
  case 8:
    return md_addr_diff(m->paddr, n, m->pin, 8) == 0;
  case 4:
    return md_addr_diff(m->paddr, n, m->pin, 4) == 0;
  default:
    return md_memo_values_mixed(m);
  }
}

/* The repeated launch's compare (inline, with no call where the probes
 * have 16, 8 or 4 bytes: the launch path keeps its registers): 1 if
 * record m (not orig) was made with these
 * argument pointers and every value of its read set is unchanged where it
 * was read; 0 if a value differs; -1 if the pointers differ (md_memo_same
 * then compares through them).  site: the return address of a launch
 * whose call site has MD_API_FRAME_ARGS with at least m->n_params slots,
 * else NULL; the pointers are not compared when the record was last
 * matched from this site with this array (m->site, m->site_args), and are
 * remembered so when they match.  The launch dimensions:
 * md_memo_dims_same. */
MD_MEMO_INLINE int md_memo_inputs_same(md_memo *m, void *const *args,
                                       const void *site) {
  if (!site || m->site != site || m->site_args != args) {
    if (md_memo_ptrs_differ(m, args))
      return -1;
    if (site) {
      m->site = site;
      m->site_args = args;
    }
  }
  return md_memo_values_same(m);
}

/* The site of a launch for md_memo_inputs_same, in the runtime's entry
 * point that the host pass's call site calls (md_cuda_launch,
 * md_hip_launch: never inlined, so their return address is the call
 * instruction of the frame that holds the array): that return address
 * where the call site's api has MD_API_FRAME_ARGS with slots for every
 * parameter of record m, else NULL. */
#if defined(__GNUC__)
#define md_frame_site(m, api)                                                  \
  (((api)->flags & MD_API_FRAME_ARGS) &&                                       \
           MD_API_FRAME_SLOTS((api)->flags) >= (m)->n_params                   \
       ? __builtin_return_address(0)                                           \
       : NULL)
#else
#define md_frame_site(m, api) NULL
#endif

/* The launch dimensions as a record keeps them: the bytes of block x and
 * y, block z, the bytes of grid x and y, grid z (how an md_dim3 argument
 * arrives: x and y in one register; values and masks packed alike). */
_Static_assert(offsetof(md_dim3, y) == offsetof(md_dim3, x) + 4 &&
                   sizeof(unsigned int) == 4,
               "md_dims_pack reads an md_dim3's x and y as 8 bytes");
static inline void md_dims_pack(const md_dim3 *grid, const md_dim3 *block,
                                uint64_t w[4]) {
  memcpy(&w[0], &block->x, 8); /* x, y: adjacent u32 fields */
  w[1] = block->z;
  memcpy(&w[2], &grid->x, 8);
  w[3] = grid->z;
}

/* 1 if the launch dimensions (grid, block) agree with record m's where
 * its programs use them (all of them where m->any_dims is 0). */
MD_MEMO_INLINE int md_memo_dims_hit(const md_memo *m, const md_dim3 *grid,
                                    const md_dim3 *block) {
  uint64_t w[4];
  md_dims_pack(grid, block, w);
  return (((w[0] ^ m->dim_val[0]) & m->dim_mask[0]) |
          ((w[1] ^ m->dim_val[1]) & m->dim_mask[1]) |
          ((w[2] ^ m->dim_val[2]) & m->dim_mask[2]) |
          ((w[3] ^ m->dim_val[3]) & m->dim_mask[3])) == 0;
}

/* md_memo_dims_hit for md_dims. */
int md_memo_dims_same(const md_memo *m, const md_dims *dims);

/* 1 if record m (not orig) holds this launch's inputs: every value its
 * entry's read set reads and the launch dimensions it uses (dims may be
 * NULL when it uses none).  Where the argument pointers are the record's
 * (the usual repeated launch), the values are read where they were read
 * last time; else through args, and the record is pointed at them when
 * it is not lent. */
int md_memo_same(md_memo *m, void *const *args, const md_dims *dims);

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
