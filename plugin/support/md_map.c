/*
 * md_map.c -- pointer -> pointer hash map (md_map.h).
 */
#include "support/md_map.h"

#include <stdint.h>
#include <stdlib.h>

/* murmur3's 64-bit finalizer: mixes the alignment zeros out of the low
 * bits that the mask keeps. */
static size_t md_ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return (size_t)x;
}

md_map *md_map_new(void) { return calloc(1, sizeof(md_map)); }

void md_map_release(md_map *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->n = 0;
}

void md_map_free(md_map *m) {
  if (!m)
    return;
  md_map_release(m);
  free(m);
}

void *md_map_get(const md_map *m, const void *key) {
  size_t mask, i;
  if (!m || !m->cap || !key)
    return NULL;
  mask = m->cap - 1;
  for (i = md_ptr_hash(key) & mask; m->keys[i]; i = (i + 1) & mask)
    if (m->keys[i] == key)
      return m->vals[i];
  return NULL;
}

static int md_map_grow(md_map *m) {
  size_t ncap = m->cap ? m->cap * 2 : 64, i;
  const void **nk = calloc(ncap, sizeof *nk);
  void **nv = calloc(ncap, sizeof *nv);
  if (!nk || !nv) {
    free(nk);
    free(nv);
    return -1;
  }
  for (i = 0; i < m->cap; i++) {
    size_t j;
    if (!m->keys[i])
      continue;
    for (j = md_ptr_hash(m->keys[i]) & (ncap - 1); nk[j]; j = (j + 1) & (ncap - 1))
      ;
    nk[j] = m->keys[i];
    nv[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = nk;
  m->vals = nv;
  m->cap = ncap;
  return 0;
}

int md_map_put(md_map *m, const void *key, void *val) {
  size_t mask, i;
  if ((m->n + 1) * 2 > m->cap && md_map_grow(m))
    return -1;
  mask = m->cap - 1;
  for (i = md_ptr_hash(key) & mask; m->keys[i]; i = (i + 1) & mask)
    if (m->keys[i] == key) {
      m->vals[i] = val;
      return 0;
    }
  m->keys[i] = key;
  m->vals[i] = val;
  m->n++;
  return 0;
}
