/*
 * md_memo.c -- the memo of the last launch (md_memo.h): per (kernel,
 * context) entry and per thread, the inputs the descriptor read in the
 * last launch (its read set, desc/md_readset.h) and what they gave (status
 * and magic parameter values), so that a launch with the same inputs
 * copies the values instead of evaluating anything.
 *
 * Each thread has its own table of memo records (thread-local, so the hit
 * path takes no lock, makes no atomic access but one load of the cache
 * generation, and cannot see a torn or recycled record).  A record lives
 * in the home slot of its entry's key or the next one and names its entry
 * by id (never reused: a record of a released entry is never matched by
 * md_memo_find) and by key, context and the cache generation the entry
 * was published in: md_memo_at (md_memo_fast.h) finds it from the launch
 * alone, without the cache, and only while that generation is current
 * (md_launch_reset and md_launch_release start a new one).  Memory is
 * bounded: at most MD_MEMO_SLOTS records per thread, each sized by its
 * descriptor; a thread's table is freed when the thread exits (and the
 * calling thread's by md_launch_release).  Only deterministic outcomes
 * are remembered: MD_OK and the MD_FALLBACK_* statuses, and (orig
 * records) an entry that always runs the original.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "desc/md_rt_assert.h"
#include "md_launch_internal.h"
#include "md_memo.h"
#include "md_memo_fast.h"
#include "md_readset.h"

/* ---- comparing a launch with a record ---- */

static void md_memo_rebase(md_memo *m, void *const *args);

/* md_dim3s of md_dims. */
static void md_dims_dim3(const md_dims *dims, md_dim3 *grid, md_dim3 *block) {
  grid->x = dims->grid[0], grid->y = dims->grid[1], grid->z = dims->grid[2];
  block->x = dims->block[0], block->y = dims->block[1];
  block->z = dims->block[2];
}

/* The reads r[0..n) of `size` bytes through args: 1 if each equals its
 * in[] value, else 0 (also for a NULL argument). */
MD_MEMO_INLINE int md_memo_reads_equal(const md_read *r, uint32_t n,
                                       const uint64_t *in, void *const *args,
                                       unsigned size) {
  uint64_t diff = 0;
  for (uint32_t i = 0; i < n; i++) {
    const unsigned char *a = args[r[i].param];
    if (!a)
      return 0;
    diff |= md_load(a + r[i].off, size) ^ in[i];
  }
  return diff == 0;
}

/* md_memo_shape_ok of a record with a shape (out of line: the repeated
 * launch's path keeps its registers). */
int md_memo_shape_of(md_memo *m, md_dim3 grid) {
  if (md_memo_grid_same(m, grid))
    return m->shape != MD_SHAPE_TRIAL;
  if (m->shape == MD_SHAPE_TRIAL || md_grid_shape(grid) != m->shape)
    return 0;
  memcpy(&m->grid_xy, &grid.x, 8);
  m->grid_z = grid.z;
  return 1;
}

/* ---- the per-thread memo table ---- */

_Thread_local md_memo_table *md_memo_tls;
static pthread_key_t md_tls_key;
static pthread_once_t md_tls_once = PTHREAD_ONCE_INIT;
static int md_tls_key_ok;

static void md_memo_table_free(void *p) {
  md_memo_table *t = p;
  if (!t)
    return;
  for (int i = 0; i < MD_MEMO_SLOTS; i++)
    free(t->slot[i]);
  free(t);
}

static void md_tls_init(void) {
  md_tls_key_ok = pthread_key_create(&md_tls_key, md_memo_table_free) == 0;
}

/* Store the values of the reads r[0..n) of `size` bytes in in[]: 0, or
 * -1 for a NULL argument. */
MD_MEMO_INLINE int md_memo_reads_get(const md_read *r, uint32_t n,
                                     uint64_t *in, void *const *args,
                                     unsigned size) {
  for (uint32_t i = 0; i < n; i++) {
    const unsigned char *a = args[r[i].param];
    if (!a)
      return -1;
    in[i] = md_load(a + r[i].off, size);
  }
  return 0;
}

/* The slot of t that holds the record of entry e, or NULL; any_gen: also
 * a record of e's key and context from another generation. */
static md_memo **md_memo_slot_of(md_memo_table *t, const md_entry *e,
                                 int any_gen) {
  size_t h = md_memo_home(e->key);
  for (int k = 0; k < 2; k++, h = (h + 1) & (MD_MEMO_SLOTS - 1)) {
    md_memo *m = t->slot[h];
    if (m && (m->id == e->id ||
              (any_gen && m->key == e->key && m->ctx == e->ctx)))
      return &t->slot[h];
  }
  return NULL;
}

md_memo *md_memo_find(const md_entry *e, void *const *args,
                      const md_dims *dims) {
  md_memo_table *t = md_memo_tls;
  md_memo **sp;
  if (!t || !e->rs || !(sp = md_memo_slot_of(t, e, 0)) || (*sp)->orig)
    return NULL;
  return md_memo_same(*sp, args, dims) ? *sp : NULL;
}

/* Outcomes that are a function of the inputs alone. */
static int md_memo_keeps(int status) {
  return status == MD_OK || status == MD_FALLBACK_DIV_ZERO ||
         status == MD_FALLBACK_UNDEFINED ||
         status == MD_FALLBACK_NOT_POSITIVE ||
         status == MD_FALLBACK_REQUIREMENT || status == MD_FALLBACK_NOT_DIV32;
}

/* This thread's table, made on first use; NULL when out of memory. */
static md_memo_table *md_memo_table_get(void) {
  md_memo_table *t = md_memo_tls;
  if (t)
    return t;
  pthread_once(&md_tls_once, md_tls_init);
  if (!md_tls_key_ok || !(t = calloc(1, sizeof *t)))
    return NULL;
  if (pthread_setspecific(md_tls_key, t) != 0) {
    free(t);
    return NULL;
  }
  return md_memo_tls = t;
}

/* Where e's record goes: its own slot (or that of its key and context in
 * an earlier generation), else an empty one, else one of another
 * generation, else the home slot; never a lent record.  NULL: no slot. */
static md_memo **md_memo_place(md_memo_table *t, const md_entry *e) {
  size_t h = md_memo_home(e->key), h2 = (h + 1) & (MD_MEMO_SLOTS - 1);
  md_memo **sp = md_memo_slot_of(t, e, 1), **a = &t->slot[h],
          **b = &t->slot[h2];
  uint64_t gen =
      atomic_load_explicit(&md_cache_generation, memory_order_relaxed);
  if (sp)
    return (*sp)->lent ? NULL : sp;
  if (!*a || !*b)
    return !*a ? a : b;
  if ((*a)->gen != gen && !(*a)->lent)
    return a;
  if ((*b)->gen != gen && !(*b)->lent)
    return b;
  if (!(*a)->lent)
    return a;
  return (*b)->lent ? NULL : b;
}

/* A record of at least `bytes` in slot sp (its old one if large enough);
 * NULL when out of memory (then the slot is empty). */
static md_memo *md_memo_alloc(md_memo **sp, size_t bytes) {
  md_memo *m = *sp;
  if (m && m->bytes >= bytes)
    return m;
  free(m);
  *sp = m = malloc(bytes);
  if (m) {
    m->bytes = bytes;
    m->n_in = m->n_params = m->n_extra = UINT32_MAX; /* no layout yet */
    m->n_probe = UINT32_MAX;
    m->id = 0;
  }
  return m;
}

/* The fields every record of e has. */
static void md_memo_name(md_memo *m, const md_entry *e) {
  m->key = e->key;
  m->ctx = e->ctx;
  m->gen = e->gen;
  m->e = e;
  m->lent = 0;
  m->graphs_orig = md_env_graphs_original();
}

/* md_memo_values_same of a record whose probes have more than one size
 * or some of 2 or 1 bytes. */
int md_memo_values_mixed(const md_memo *m) {
  const unsigned char *const *a = m->paddr;
  const uint64_t *in = m->pin;
  uint32_t n16 = m->p_size[0], n8 = m->p_size[1], n4 = m->p_size[2];
  uint32_t n2 = m->p_size[3], n1 = m->p_size[4];
  uint64_t d = md_addr_diff16(a, n16, in);
  a += n16, in += 2 * (size_t)n16;
  d |= md_addr_diff(a, n8, in, 8);
  d |= md_addr_diff(a + n8, n4, in + n8, 4);
  d |= md_addr_diff(a + n8 + n4, n2, in + n8 + n4, 2);
  d |= md_addr_diff(a + n8 + n4 + n2, n1, in + n8 + n4 + n2, 1);
  return d == 0;
}

/* 1 if the values of record m's read set read through args are m's. */
static int md_memo_reads_same(const md_memo *m, void *const *args) {
  const md_read *r = m->rs->r;
  const uint64_t *in = m->in;
  uint32_t n8 = m->rs->n_size[0], n4 = m->rs->n_size[1];
  uint32_t n2 = m->rs->n_size[2], n1 = m->rs->n_size[3];
  return md_memo_reads_equal(r, n8, in, args, 8) &&
         md_memo_reads_equal(r + n8, n4, in + n8, args, 4) &&
         md_memo_reads_equal(r + n8 + n4, n2, in + n8 + n4, args, 2) &&
         md_memo_reads_equal(r + n8 + n4 + n2, n1, in + n8 + n4 + n2, args, 1);
}

/* md_memo_dims_hit for md_dims. */
static int md_memo_dims_same(const md_memo *m, const md_dims *dims) {
  md_dim3 grid, block;
  md_dims_dim3(dims, &grid, &block);
  return md_memo_dims_hit(m, &grid, &block);
}

int md_memo_same(md_memo *m, void *const *args, const md_dims *dims) {
  int pd;
  if (m->n_params && !args)
    return 0;
  pd = md_memo_ptrs_differ(m, args);
  if (!(pd ? md_memo_reads_same(m, args) : md_memo_values_same(m)))
    return 0;
  if (m->any_dims && (!dims || !md_memo_dims_same(m, dims)))
    return 0;
  if (pd && !m->lent)
    md_memo_rebase(m, args);
  return 1;
}


/* ---- probes ----
 *
 * What the repeated launch compares: the bytes of the read set, as loads
 * of 8, 4, 2 or 1 bytes.  Reads that touch or overlap in memory (adjacent
 * parameters in the caller's frame, the fields of one struct) form one
 * run [lo, lo + len); a run is covered by loads that stay inside it:
 * 8-byte loads from lo, the last one ending at the run's end (overlapping
 * its predecessor); a run of 5-7 bytes by two 4-byte loads, one from each
 * end, of 3 bytes by two 2-byte loads; of 4, 2 or 1 bytes by one load.
 * The loads read exactly the run's bytes, so every probe has its recorded
 * value iff every read has its value.  A run of len bytes needs
 * ceil(len / 8) loads (two for 3 and 5-7), never more than the reads it
 * merges (each read is at most 8 bytes, and a run of 3 or 5-7 bytes has
 * at least two reads), so n_in probes always fit. */

typedef struct md_span {
  const unsigned char *lo;
  size_t len;
} md_span;

static int md_span_cmp(const void *a, const void *b) {
  const md_span *x = a, *y = b;
  if (x->lo != y->lo)
    return (uintptr_t)x->lo < (uintptr_t)y->lo ? -1 : 1;
  return x->len < y->len ? -1 : x->len > y->len;
}

/* Append the probes of run s to out at *k if `size` is its size class
 * (16 for 16 bytes and more, 8 for 8 to 15, else the largest of 4, 2, 1
 * not above its length). */
static void md_run_probes(const md_span *s, unsigned size,
                          const unsigned char **out, uint32_t *k) {
  size_t len = s->len, o;
  unsigned cls = len >= 16  ? 16
                 : len >= 8 ? 8
                 : len >= 4 ? 4
                 : len >= 2 ? 2
                            : 1;
  if (cls != size)
    return;
  if (size >= 8) {
    for (o = 0; o + size <= len; o += size)
      out[(*k)++] = s->lo + o;
    if (len % size) /* the last, ending at the run's end */
      out[(*k)++] = s->lo + len - size;
    return;
  }
  out[(*k)++] = s->lo; /* from the start */
  if (len != size)     /* and from the end */
    out[(*k)++] = s->lo + len - size;
}

/* Load the n probes at a of `size` bytes (8 or less) into in. */
MD_MEMO_INLINE void md_memo_probes_load(const unsigned char *const *a,
                                        uint32_t n, uint64_t *in,
                                        unsigned size) {
  for (uint32_t i = 0; i < n; i++)
    in[i] = md_load(a[i], size);
}

/* Read record m's probes again (same addresses, new values): a 16-byte
 * probe's bytes in two words, the others in one. */
static void md_memo_reprobe(md_memo *m) {
  const unsigned char *const *a = m->paddr;
  uint64_t *in = m->pin;
  uint32_t n16 = m->p_size[0], n8 = m->p_size[1], n4 = m->p_size[2];
  uint32_t n2 = m->p_size[3];
  for (uint32_t i = 0; i < n16; i++)
    memcpy(in + 2 * (size_t)i, a[i], 16);
  a += n16, in += 2 * (size_t)n16;
  md_memo_probes_load(a, n8, in, 8);
  md_memo_probes_load(a + n8, n4, in + n8, 4);
  md_memo_probes_load(a + n8 + n4, n2, in + n8 + n4, 2);
  md_memo_probes_load(a + n8 + n4 + n2, m->p_size[4], in + n8 + n4 + n2, 1);
}

/* Make record m's probes for the argument pointers args (which the read
 * set reads without a NULL, md_memo_reads_get): their addresses and values. */
static void md_memo_probe(md_memo *m, void *const *args) {
  static const unsigned read_size[4] = {8, 4, 2, 1};
  static const unsigned probe_size[MD_PROBE_CLASSES] = {16, 8, 4, 2, 1};
  const md_readset *rs = m->rs;
  md_span sp[MD_READS_MAX];
  uint32_t i, j, n = rs->n, runs = 0, k = 0, g, at = 0;
  for (g = 0; g < 4; g++) /* the reads, with their sizes */
    for (i = 0; i < rs->n_size[g]; i++, at++) {
      sp[at].lo = (const unsigned char *)args[rs->r[at].param] + rs->r[at].off;
      sp[at].len = read_size[g];
    }
  qsort(sp, n, sizeof sp[0], md_span_cmp);
  for (i = 0; i < n; i++) { /* merge into runs, in place */
    if (runs && sp[i].lo <= sp[runs - 1].lo + sp[runs - 1].len) {
      size_t end = (size_t)(sp[i].lo - sp[runs - 1].lo) + sp[i].len;
      if (end > sp[runs - 1].len)
        sp[runs - 1].len = end;
    } else {
      sp[runs++] = sp[i];
    }
  }
  for (g = 0; g < MD_PROBE_CLASSES; g++) {
    uint32_t k0 = k;
    for (j = 0; j < runs; j++)
      md_run_probes(&sp[j], probe_size[g], m->paddr, &k);
    m->p_size[g] = k - k0;
  }
  m->n_probe = k;
  m->p_one = 0;
  for (g = 0; g < 3; g++)
    if (m->p_size[g] == k)
      m->p_one = (uint8_t)probe_size[g];
  md_memo_reprobe(m);
}

/* Point record m (not lent) at this launch's argument pointers, whose
 * read-set values are m's. */
static void md_memo_rebase(md_memo *m, void *const *args) {
  m->site = NULL;
  if (m->n_params)
    memcpy(m->args, args, m->n_params * sizeof *args);
  md_memo_probe(m, args);
}

/* Record m's outcome holds for launches of grid shape `shape` (0: any;
 * MD_SHAPE_TRIAL: none); grid: the launch's. */
static void md_memo_set_shape(md_memo *m, unsigned shape, md_dim3 grid) {
  MD_RT_ASSERT(shape <= UINT8_MAX);
  m->shape = (uint8_t)shape;
  memcpy(&m->grid_xy, &grid.x, 8);
  m->grid_z = grid.z;
}

/* md_memo_set_shape of a record that runs a clone (not orig; its dims set).
 * One that compares launch dimensions anyway compares the whole grid
 * instead of a shape: the same grid is the same shape, and md_memo_repeat
 * then needs no second compare. */
static void md_memo_set_clone_shape(md_memo *m, unsigned shape,
                                    md_dim3 grid) {
  uint64_t w[4];
  md_dim3 block = {0, 0, 0};
  md_memo_set_shape(m, shape, grid);
  if (!m->any_dims || !shape || shape == MD_SHAPE_TRIAL)
    return;
  md_dims_pack(&grid, &block, w);
  m->dim_val[2] = w[2], m->dim_val[3] = w[3];
  m->dim_mask[2] = m->dim_mask[3] = ~0ull;
  m->shape = 0;
}

/* Record m's outcome (m->ok, any_dims, graphs_orig, dims set) for entry e
 * and a launch of dimensions dims: ca's function, tier and bet; a clone's
 * for the grid's shape where the measured choice kept the clone there,
 * else it waits for the choice (md_memo_mark). */
static void md_memo_set_outcome(md_memo *m, const md_entry *e,
                                const md_clone_args *ca, const md_dims *dims) {
  m->shape = 0;
  if (m->ok && md_env_choice() == MD_CHOICE_MEASURED) {
    md_dim3 g = {dims ? dims->grid[0] : 0, dims ? dims->grid[1] : 0,
                 dims ? dims->grid[2] : 0};
    unsigned shape = md_grid_shape(g);
    int d = dims ? md_choice_decided(e, md_choice_slot(ca->tier, shape))
                 : MD_UNDECIDED;
    md_memo_set_clone_shape(m, d == MD_KEEP_CLONE || d == MD_KEEP_STATIC
                                   ? shape
                                   : MD_SHAPE_TRIAL,
                            g);
  }
  m->direct = m->ok && !m->any_dims && !m->graphs_orig &&
              m->shape != MD_SHAPE_TRIAL;
  m->fn = ca->fn;
  m->tier = ca->tier;
  m->bet = ca->bet;
}

md_memo *md_memo_store(const md_entry *e, void *const *args,
                       const md_dims *dims, int status,
                       const md_clone_args *ca, const md_extra *ex) {
  const md_readset *rs = e->rs;
  md_memo_table *t;
  md_memo **sp, *m;
  uint32_t i, np = ex->n_params, nx = status == MD_OK ? ex->n_extra : 0;
  size_t bytes;
  int same_probes;
  if (!rs || !md_memo_keeps(status) || (rs->any_dims && !dims) ||
      (np && !args) || md_env_disabled())
    return NULL;
  if (!(t = md_memo_table_get()) || !(sp = md_memo_place(t, e)))
    return NULL;
  bytes = sizeof *m + (3 * (size_t)rs->n + nx) * sizeof(uint64_t) +
          ((size_t)np + nx + rs->n) * sizeof(void *);
  if (!(m = md_memo_alloc(sp, bytes)))
    return NULL;
  /* the same entry and argument pointers as the record's: same probes */
  same_probes = m->id == e->id && m->n_in == rs->n && m->n_params == np &&
                m->n_extra == nx && m->n_probe <= m->n_in &&
                !md_memo_ptrs_differ(m, args);
  m->id = 0; /* no record until the inputs are complete */
  m->key = NULL;
  m->site = NULL;
  if (m->n_in != rs->n || m->n_params != np || m->n_extra != nx) {
    m->n_in = rs->n;
    m->n_params = np;
    m->n_extra = nx;
    m->in = (uint64_t *)(m + 1);
    m->val = m->in + rs->n;
    m->pin = m->val + nx;
    m->args = (void **)(m->pin + 2 * (size_t)rs->n);
    m->paddr = (const unsigned char **)(m->args + np + nx);
    for (i = 0; i < nx; i++)
      m->args[np + i] = &m->val[i];
  }
  {
    const md_read *r = rs->r;
    uint64_t *in = m->in;
    uint32_t n8 = rs->n_size[0], n4 = rs->n_size[1], n2 = rs->n_size[2];
    uint32_t n1 = rs->n_size[3], k = n8 + n4 + n2;
    if (md_memo_reads_get(r, n8, in, args, 8) ||
        md_memo_reads_get(r + n8, n4, in + n8, args, 4) ||
        md_memo_reads_get(r + n8 + n4, n2, in + n8 + n4, args, 2) ||
        md_memo_reads_get(r + k, n1, in + k, args, 1)) {
      m->n_probe = UINT32_MAX;
      return NULL;
    }
  }
  if (np)
    memcpy(m->args, args, np * sizeof *args);
  m->rs = rs;
  if (same_probes)
    md_memo_reprobe(m);
  else
    md_memo_probe(m, args);
  md_memo_name(m, e);
  m->id = e->id;
  m->orig = 0;
  m->ok = status == MD_OK;
  m->status = status;
  m->any_dims = rs->any_dims != 0;
  memset(m->dim_val, 0, sizeof m->dim_val);
  memset(m->dim_mask, 0, sizeof m->dim_mask);
  if (rs->any_dims) {
    md_dim3 grid, block, gm, bm;
    md_dims_dim3(dims, &grid, &block);
    gm.x = rs->dmask[3], gm.y = rs->dmask[4], gm.z = rs->dmask[5];
    bm.x = rs->dmask[0], bm.y = rs->dmask[1], bm.z = rs->dmask[2];
    md_dims_pack(&grid, &block, m->dim_val);
    md_dims_pack(&gm, &bm, m->dim_mask);
  }
  md_memo_set_outcome(m, e, ca, dims);
  memcpy(m->val, ex->value, nx * sizeof ex->value[0]);
  return m;
}


/* Make record m of entry e an orig record: every launch of e's key in e's
 * context (of grid shape `shape`, 0: any) runs the original. */
static void md_memo_set_orig(md_memo *m, const md_entry *e, unsigned shape,
                             md_dim3 grid) {
  md_memo_name(m, e);
  md_memo_set_shape(m, shape, grid);
  m->id = e->id;
  m->rs = NULL;
  m->orig = 1;
  m->ok = 0;
  m->status = e->status;
  m->any_dims = 0;
  m->direct = 0;
  m->fn = NULL;
  m->tier = MD_TIER_ORIGINAL;
  m->bet = MD_OK;
  m->site = NULL;
  m->n_in = m->n_params = m->n_extra = m->n_probe = 0;
  m->in = m->val = m->pin = NULL;
  m->args = NULL;
  m->paddr = NULL;
  memset(m->p_size, 0, sizeof m->p_size);
  m->p_one = 0;
  memset(m->dim_val, 0, sizeof m->dim_val);
  memset(m->dim_mask, 0, sizeof m->dim_mask);
}

void md_memo_store_orig(const md_entry *e) {
  md_memo_table *t;
  md_memo **sp, *m;
  if (e->status == MD_OK || !(t = md_memo_table_get()) ||
      !(sp = md_memo_place(t, e)) || !(m = md_memo_alloc(sp, sizeof *m)))
    return;
  md_memo_set_orig(m, e, 0, (md_dim3){0, 0, 0});
}

/* Record m (e's, not orig, not lent) is marked `how` (TRIAL or CLONE). */
static void md_memo_mark_in(md_memo *m, int how, unsigned shape,
                            md_dim3 grid) {
  md_memo_set_clone_shape(m, how == MD_MARK_TRIAL ? MD_SHAPE_TRIAL : shape,
                          grid);
  m->direct = m->ok && !m->any_dims && !m->graphs_orig &&
              m->shape != MD_SHAPE_TRIAL;
}

/* md_memo_mark without a record in hand, or to an orig record. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void md_memo_mark_find(const md_entry *e, int how, unsigned shape,
                              md_dim3 grid) {
  md_memo_table *t = md_memo_tls;
  md_memo **sp, *m;
  if (how == MD_MARK_ORIGINAL) { /* (made when there is none) */
    if ((t = md_memo_table_get()) && (sp = md_memo_place(t, e)) &&
        (m = md_memo_alloc(sp, sizeof *m)))
      md_memo_set_orig(m, e, shape, grid);
    return;
  }
  if (how == MD_MARK_NONE || !t || !(sp = md_memo_slot_of(t, e, 0)) ||
      (m = *sp)->orig || m->lent)
    return;
  md_memo_mark_in(m, how, shape, grid);
}

void md_memo_mark(const md_entry *e, md_memo *rec, int how, unsigned shape,
                  md_dim3 grid) {
  if (rec && how != MD_MARK_ORIGINAL && how != MD_MARK_NONE &&
      rec->id == e->id && !rec->orig && !rec->lent)
    md_memo_mark_in(rec, how, shape, grid); /* (the commonest) */
  else
    md_memo_mark_find(e, how, shape, grid);
}

int md_memo_result(const md_memo *m, md_clone_args *ca) {
  ca->fn = m->fn;
  ca->tier = m->tier;
  ca->bet = m->bet;
  return m->status;
}

void **md_memo_lend(md_memo *m) {
  return m->lent ? NULL : md_memo_take(m);
}

void md_memo_return(md_memo *m) { md_memo_end(m); }

void md_memo_copy(const md_memo *m, md_extra *out) {
  memcpy(out->value, m->val, m->n_extra * sizeof out->value[0]);
}

void md_memo_release(void) {
  md_memo_table *t = md_memo_tls;
  if (!t)
    return;
  md_memo_tls = NULL;
  pthread_setspecific(md_tls_key, NULL);
  md_memo_table_free(t);
}
