/*
 * md_names.c -- see md_names.h.
 */
#include "support/md_names.h"

#include <stdlib.h>
#include <string.h>

char *md_name_suffix(const char *name, size_t len, const char *suffix) {
  size_t n = strlen(suffix);
  char *s = malloc(len + n + 1);
  if (!s)
    return NULL;
  memcpy(s, name, len);
  memcpy(s + len, suffix, n + 1);
  return s;
}

int md_name_ends_with(const char *name, size_t len, const char *suffix) {
  size_t n = strlen(suffix);
  return len >= n && memcmp(name + len - n, suffix, n) == 0;
}
