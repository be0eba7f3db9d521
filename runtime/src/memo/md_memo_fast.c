/*
 * md_memo_fast.c -- the out-of-line steps of the compare of a launch with
 * a memo record (md_memo_fast.h): the grid shape, the mixed-size probes,
 * the whole compare (md_memo_same) and the probes themselves, made and
 * read again (md_memo_probe, md_memo_reprobe; also when md_memo.c stores
 * a record).  md_memo_fast.h's inline steps call them; they call nothing
 * of md_memo.c.
 */
#include <stdlib.h>
#include <string.h>

#include "base/md_entry.h"
#include "desc/md_readset.h"
#include "memo/md_memo_fast.h"

/* ---- comparing a launch with a record ---- */

static void md_memo_rebase(md_memo *m, void *const *args);

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
MD_MEMO_INLINE void md_memo_probes_load(const unsigned char *const *a, uint32_t n,
                                   uint64_t *in, unsigned size) {
  for (uint32_t i = 0; i < n; i++)
    in[i] = md_load(a[i], size);
}

/* Read record m's probes again (same addresses, new values): a 16-byte
 * probe's bytes in two words, the others in one. */
void md_memo_reprobe(md_memo *m) {
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
void md_memo_probe(md_memo *m, void *const *args) {
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
