/*
 * md_map.h -- pointer -> pointer hash map (md_map.c): open addressing,
 * linear probing, power-of-two capacity kept at most half full, no
 * deletion.  Keys are LLVM object pointers (values, blocks, metadata),
 * never NULL.  Used by the cloner's value map and the analyses' memos.
 */
#ifndef MAGICDIV_MD_MAP_H
#define MAGICDIV_MD_MAP_H

#include <stddef.h>

typedef struct md_map {
  const void **keys;
  void **vals;
  size_t cap; /* power of two, or 0 */
  size_t n;
} md_map;

/* A zeroed md_map is empty and valid; md_map_release frees its storage
 * (the struct itself is the caller's). */
void md_map_release(md_map *m);
/* Heap-allocated map (NULL when out of memory) and its destructor. */
md_map *md_map_new(void);
void md_map_free(md_map *m);

/* The value stored for key, or NULL (also for a NULL map or key). */
void *md_map_get(const md_map *m, const void *key);

/* Insert or overwrite.  Returns 0, or -1 when out of memory. */
int md_map_put(md_map *m, const void *key, void *val);

#endif
