/*
 * md_array.c -- md_array_room (md_array.h).
 */
#include "support/md_array.h"

#include <stdint.h>
#include <stdlib.h>

void *md_array_room(void *arr, size_t n, size_t *cap, size_t elem,
                    size_t first) {
  size_t ncap = *cap ? *cap : (first ? first : 1);
  void *na;
  if (n < *cap)
    return arr;
  while (ncap <= n) {
    if (ncap > SIZE_MAX / 2)
      return NULL;
    ncap *= 2;
  }
  if (ncap > SIZE_MAX / elem)
    return NULL;
  na = realloc(arr, ncap * elem);
  if (!na)
    return NULL;
  *cap = ncap;
  return na;
}
