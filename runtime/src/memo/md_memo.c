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
 * are remembered: MD_OK and the tier fallbacks (md_memo_keeps), and (orig
 * records) an entry that always runs the original.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/md_entry.h"
#include "base/md_launch_env.h"
#include "memo/md_memo.h"
#include "memo/md_memo_fast.h"
#include "desc/md_readset.h"
#include "desc/md_rt_assert.h"

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

/* Outcomes that are a function of the inputs alone: MD_OK and the tier
 * fallbacks (MD_STATUS_LIST's tier column: what the descriptor's
 * evaluation finds). */
static int md_memo_keeps(int status) {
  return status == MD_OK || md_status_fallback(status);
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
