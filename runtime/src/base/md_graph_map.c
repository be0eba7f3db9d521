/*
 * md_graph_map.c -- the map from a clone function back to its original,
 * so that a graph kernel node that runs a clone reads back as the
 * original (md_graph_cuda.c, md_graph_hip.c).  An open-addressing hash
 * table keyed by the clone's CUfunction / HIP handle, one row per clone
 * (bounded by the kernels the process loaded), under one lock: it is
 * written once per (kernel, context) and read only by graph calls.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/md_graph_map.h"

typedef struct md_graph_row {
  const void *clone; /* NULL: free */
  const void *orig_rt;
  const void *orig_drv;
} md_graph_row;

static pthread_mutex_t md_gmu = PTHREAD_MUTEX_INITIALIZER;
static md_graph_row *md_rows;
static size_t md_cap, md_used; /* md_cap: 0 or a power of two */

static size_t md_slot(const void *p, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 20) & (cap - 1);
}

static md_graph_row *md_probe(md_graph_row *rows, size_t cap,
                              const void *clone) {
  size_t i = md_slot(clone, cap);
  while (rows[i].clone && rows[i].clone != clone)
    i = (i + 1) & (cap - 1);
  return &rows[i];
}

/* Room for one more row (load at most one half); 0 on success. */
static int md_grow(void) {
  size_t cap = md_cap ? 2 * md_cap : 64, i;
  md_graph_row *rows;
  if (2 * (md_used + 1) <= md_cap)
    return 0;
  rows = calloc(cap, sizeof *rows);
  if (!rows)
    return -1;
  for (i = 0; i < md_cap; i++)
    if (md_rows[i].clone)
      *md_probe(rows, cap, md_rows[i].clone) = md_rows[i];
  free(md_rows);
  md_rows = rows;
  md_cap = cap;
  return 0;
}

void md_graph_note(const void *clone, const void *orig_rt,
                   const void *orig_drv) {
  md_graph_row *r;
  if (!clone)
    return;
  pthread_mutex_lock(&md_gmu);
  if (md_grow() == 0) {
    r = md_probe(md_rows, md_cap, clone);
    if (!r->clone) {
      r->clone = clone;
      md_used++;
    }
    /* the same clone seen from the runtime and the driver path: keep both */
    if (orig_rt)
      r->orig_rt = orig_rt;
    if (orig_drv)
      r->orig_drv = orig_drv;
  }
  pthread_mutex_unlock(&md_gmu);
}

int md_graph_original(const void *clone, const void **orig_rt,
                      const void **orig_drv) {
  int found = 0;
  if (!clone)
    return 0;
  pthread_mutex_lock(&md_gmu);
  if (md_cap) {
    md_graph_row *r = md_probe(md_rows, md_cap, clone);
    if (r->clone) {
      *orig_rt = r->orig_rt;
      *orig_drv = r->orig_drv;
      found = 1;
    }
  }
  pthread_mutex_unlock(&md_gmu);
  return found;
}

void md_graph_map_clear(void) {
  pthread_mutex_lock(&md_gmu);
  if (md_rows)
    memset(md_rows, 0, md_cap * sizeof *md_rows);
  md_used = 0;
  pthread_mutex_unlock(&md_gmu);
}

void md_graph_map_release(void) {
  pthread_mutex_lock(&md_gmu);
  free(md_rows);
  md_rows = NULL;
  md_cap = md_used = 0;
  pthread_mutex_unlock(&md_gmu);
}
