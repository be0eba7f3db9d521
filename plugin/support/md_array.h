/*
 * md_array.h -- the plugin's one growable array (md_array.c): an array of
 * `elem`-byte elements, its count kept by the caller, its capacity doubled
 * from `first` when full.  A leaf.
 */
#ifndef MAGICDIV_MD_ARRAY_H
#define MAGICDIV_MD_ARRAY_H

#include <stddef.h>

/* Room for element index n of arr (capacity *cap elements of elem bytes):
 * returns the array to use from now on -- arr itself, or a larger copy with
 * *cap updated -- or NULL when out of memory (arr and *cap unchanged and
 * still valid).  Usage:
 *     T *na = md_array_room(a, n, &cap, sizeof *na, 16);
 *     if (!na) return -1;
 *     a = na; a[n++] = x;
 */
void *md_array_room(void *arr, size_t n, size_t *cap, size_t elem,
                    size_t first);

#endif
