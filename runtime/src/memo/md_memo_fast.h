/*
 * md_memo_fast.h -- the memo's records and the repeated launch's compare,
 * inline: private to the memo (md_memo.c, md_memo_fast.c: its out-of-line
 * steps) and to the one fast path of a
 * repeated launch (launch/md_launch_flow.c and the entry points of
 * md_launch_cuda.c and md_launch_hip.c, which inline its first step).
 * Everything else uses md_memo.h.  Not installed.
 *
 * A repeated launch finds this thread's record of its kernel without the
 * cache (md_memo_of, md_memo_at: one thread-local probe), and then
 *   md_memo_everywhere   the kernel runs its original in every context;
 *   md_memo_ready        the record runs its clone on the same inputs (and
 *                        grid shape, md_memo_shape_ok) at
 *                        once (the commonest: md_memo_hit compares them and
 *                        lends the record's argument array);
 *   md_memo_repeat       any record: what the launch does (the original,
 *                        the clone, the entry's path), compared once.
 */
#ifndef MAGICDIV_MD_MEMO_FAST_H
#define MAGICDIV_MD_MEMO_FAST_H

#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "base/md_entry.h"
#include "memo/md_memo.h"

/* Probe sizes (md_memo_fast.c): 16, 8, 4, 2 and 1 bytes. */
#define MD_PROBE_CLASSES 5

/* A memo record: this thread's last inputs and outcome of one entry.  The
 * fields a repeated launch reads come first (one or two cache lines).
 * Read and written only through the functions of this header and
 * md_memo.h. */
struct md_memo {
  const void *key;   /* the entry's key, context and generation: the */
  uint64_t ctx;      /* fast path (md_memo_of, md_memo_at) finds the */
  uint64_t gen;      /* record without the cache */
  void *fn;          /* MD_OK: the function to launch */
  void **args;       /* n_params: the original argument pointers in[] was
                        read through; then n_extra (-> val) */
  const unsigned char **paddr; /* n_probe probes of the read set's bytes */
  uint64_t *pin;     /* (md_memo_fast.c): where, and their values (two
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
  uint8_t direct;    /* ok, not orig, no dims, no graphs_orig, not a
                        trial: a launch with the same inputs (and grid
                        shape) runs fn with args at once */
  uint8_t shape;     /* the measured choice's grid shape (md_grid_shape)
                        the outcome holds for; 0: any; MD_SHAPE_TRIAL:
                        none (undecided, md_memo_mark) */
  uint32_t grid_z;   /* shape != 0: the grid of the last launch the */
  uint64_t grid_xy;  /* record ran (x, y as md_dims_pack packs them): the
                        fast path compares it, not the shape */
  uint64_t dim_val[4];  /* any_dims: the launch dimensions (md_dims_pack) */
  uint64_t dim_mask[4]; /* where the programs use them (rs->dmask) */
  /* the rest: for the general path */
  uint64_t id;       /* the entry's id */
  const md_entry *e; /* the entry (valid while gen is current) */
  const struct md_readset *rs; /* e->rs; NULL for an `orig` record */
  int status;        /* MD_OK or MD_FALLBACK_* (orig: the entry's) */
  int tier;          /* MD_OK: enum md_tier of fn */
  int bet;           /* md_clone_args.bet of the outcome */
  uint32_t n_in;     /* e->rs->n */
  uint64_t *in;      /* n_in input values, read through args, in the
                        order of rs->r (8-, 4-, 2-, then 1-byte reads) */
  uint32_t n_extra;
  size_t bytes;      /* of this allocation */
  uint64_t *val;     /* n_extra magic parameter values */
};

#define MD_SHAPE_TRIAL 0xff /* md_memo.shape of an undecided record */

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

/* md_dim3s of md_dims. */
MD_MEMO_INLINE void md_dims_dim3(const md_dims *dims, md_dim3 *grid,
                              md_dim3 *block) {
  grid->x = dims->grid[0], grid->y = dims->grid[1], grid->z = dims->grid[2];
  block->x = dims->block[0], block->y = dims->block[1];
  block->z = dims->block[2];
}

/* Make record m's probes for the argument pointers args (which its read
 * set reads without a NULL): their addresses and values; read them again
 * (same addresses, new values).  (md_memo_fast.c) */
void md_memo_probe(md_memo *m, void *const *args);
void md_memo_reprobe(md_memo *m);

/* 1 if record m (shape != 0) last ran with grid `grid`. */
MD_MEMO_INLINE int md_memo_grid_same(const md_memo *m, md_dim3 grid) {
  uint64_t xy;
  memcpy(&xy, &grid.x, 8); /* x, y: adjacent u32 fields */
  return xy == m->grid_xy && grid.z == m->grid_z;
}

/* 1 if record m's outcome holds for a launch of grid `grid`: m has no
 * shape, or the grid is the one it last ran with, or another of its shape
 * (md_grid_shape; then the record keeps this grid). */
int md_memo_shape_of(md_memo *m, md_dim3 grid); /* (md_memo_fast.c) */
MD_MEMO_INLINE int md_memo_shape_ok(md_memo *m, md_dim3 grid) {
  return !m->shape || md_memo_shape_of(m, grid);
}

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
 * md_memo_dims_hit. */
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

/* md_memo_inputs_same through other pointers or with the dimensions
 * (dims may be NULL when the record uses none): 1 if record m (not orig)
 * holds this launch's inputs.  Where the argument pointers are the
 * record's (the usual repeated launch), the values are read where they
 * were read last time; else through args, and the record is pointed at
 * them when it is not lent. */
int md_memo_same(md_memo *m, void *const *args, const md_dims *dims);

/* 1 if record m (e's, just matched or stored for a launch of grid `grid`)
 * holds the measured choice's clone for this grid: the launch needs no
 * choice (md_launch_decide). */
MD_MEMO_INLINE int md_memo_settled(const md_memo *m, md_dim3 grid) {
  return m->ok && m->shape && m->shape != MD_SHAPE_TRIAL &&
         md_memo_grid_same(m, grid);
}

/* 1 if record m is an orig record that holds for a launch of grid `grid`
 * (no shape, or the grid it last ran with): the launch runs the original
 * at once. */
MD_MEMO_INLINE int md_memo_orig_for(const md_memo *m, md_dim3 grid) {
  return m->orig && (!m->shape || md_memo_grid_same(m, grid));
}

/* ---- the fast path ---- */

/* 1 if record m (md_memo_of) says its kernel runs the original in every
 * context (no clone in its module image). */
MD_MEMO_INLINE int md_memo_everywhere(const md_memo *m) {
  return m->ctx == MD_CTX_ALL;
}

/* The context key of record m's entry. */
MD_MEMO_INLINE uint64_t md_memo_ctx(const md_memo *m) { return m->ctx; }

/* Record m's entry (the cache's for its key and context: m is current). */
MD_MEMO_INLINE const md_entry *md_memo_entry(const md_memo *m) {
  return m->e;
}

/* 1 if record m is `direct` and not lent: a launch with its inputs (and
 * grid, md_memo_grid_ok) runs its clone with its argument array at once
 * (md_memo_hit). */
_Static_assert(offsetof(md_memo, direct) == offsetof(md_memo, lent) + 1,
               "md_memo_ready reads lent and direct as two bytes");
MD_MEMO_INLINE int md_memo_ready(const md_memo *m) {
  static const uint8_t want[2] = {0, 1}; /* lent 0, direct 1 */
  uint16_t have, ready;
  memcpy(&have, &m->lent, 2); /* one load, one compare */
  memcpy(&ready, want, 2);
  return have == ready;
}

/* 1 if ready record m, which md_memo_hit matched, holds for a launch of
 * grid `grid`: m has no shape or last ran with this grid (else the
 * entry point returns m and takes md_memo_repeat's path, which compares
 * the grid's shape). */
MD_MEMO_INLINE int md_memo_grid_ok(const md_memo *m, md_dim3 grid) {
  return !m->shape || md_memo_grid_same(m, grid);
}

/* The clone of an MD_OK record. */
MD_MEMO_INLINE void *md_memo_fn(const md_memo *m) { return m->fn; }

/* Record m's argument array: the clone's, with the magic pointers. */
MD_MEMO_INLINE void **md_memo_args(const md_memo *m) { return m->args; }

/* Record m's argument array, lent to this launch until md_memo_end (a
 * launch from inside it, which finds m lent, makes a copy).  m is MD_OK
 * and not lent. */
MD_MEMO_INLINE void **md_memo_take(md_memo *m) {
  m->lent = 1;
  return m->args;
}

/* The launch that md_memo_take lent record m's array to is over. */
MD_MEMO_INLINE void md_memo_end(md_memo *m) { m->lent = 0; }

/* The return address of the runtime's entry point that the host pass's
 * call site calls (md_cuda_launch, md_hip_launch: never inlined, so it is
 * the call instruction of the frame that holds the array), for
 * md_memo_hit; NULL where the compiler cannot tell. */
#if defined(__GNUC__)
#define MD_RETURN_ADDRESS() __builtin_return_address(0)
#else
#define MD_RETURN_ADDRESS() NULL
#endif

/* The fast path's compare of a ready record m (md_memo_ready) with a
 * launch through a call site with MD_API_* `flags` (ret: MD_RETURN_ADDRESS
 * of the entry point): 1 on a hit, with the record taken (md_memo_take:
 * its array is md_memo_args(m) until md_memo_end); else 0 when only
 * values differ (the entry's path need not compare them again), -1 when
 * the pointers do.  A site with MD_API_FRAME_ARGS compares its return
 * address and the array's address instead of the pointers after one full
 * compare (md_memo_inputs_same); one whose array has fewer slots than m's
 * parameters is not compared at all (reading them would read past it). */
MD_MEMO_INLINE int md_memo_hit(md_memo *m, void *const *args, uint32_t flags,
                               const void *ret) {
  const void *site = NULL;
  int same;
  if (flags & MD_API_FRAME_ARGS) {
    if (MD_API_FRAME_SLOTS(flags) < m->n_params)
      return -1; /* an array shorter than the record's parameters: not
                    read here (the entry's path refuses the launch) */
    site = ret;
  }
  same = md_memo_inputs_same(m, args, site);
  if (same == 1)
    md_memo_take(m);
  return same;
}

/* What a repeated launch does with this thread's current record m of its
 * kernel and context (md_memo_repeat). */
typedef enum md_repeat {
  MD_REPEAT_CLONE,    /* the record's clone with md_memo_take's array */
  MD_REPEAT_CAPTURE,  /* the same, unless the launch's stream is being
                         captured (the record was made under
                         MAGICDIV_GRAPHS=original): then the original */
  MD_REPEAT_ORIGINAL, /* the original, at once */
  MD_REPEAT_FRESH,    /* the entry's path; the values differ: no second
                         compare */
  MD_REPEAT_ENTRY     /* the entry's path, comparing again (other argument
                         pointers: through them; a lent record: a copy) */
} md_repeat;

/* The decision of a repeated launch (args, grid, block) with record m of
 * its kernel in its context: its inputs compared once, the launch
 * dimensions as packed words under the record's mask.  slots: how many
 * pointers args holds where the call site says (MD_API_FRAME_ARGS), else
 * 0; fewer than m's parameters are not read (the entry's path refuses the
 * launch). */
MD_MEMO_INLINE md_repeat md_memo_repeat(md_memo *m, void *const *args,
                                        uint32_t slots, const md_dim3 *grid,
                                        const md_dim3 *block) {
  if ((slots && slots < m->n_params) || !md_memo_shape_ok(m, *grid))
    return MD_REPEAT_ENTRY; /* (another grid shape, or a trial: the
                               measured choice decides) */
  if (!m->orig) {
    int same = md_memo_inputs_same(m, args, NULL);
    if (same < 0)
      return MD_REPEAT_ENTRY;
    if (!same || (m->any_dims && !md_memo_dims_hit(m, grid, block)))
      return MD_REPEAT_FRESH;
  }
  if (!m->ok) /* the original here, or the same inputs fell back */
    return MD_REPEAT_ORIGINAL;
  if (m->lent)
    return MD_REPEAT_ENTRY;
  return m->graphs_orig ? MD_REPEAT_CAPTURE : MD_REPEAT_CLONE;
}

#endif /* MAGICDIV_MD_MEMO_FAST_H */
