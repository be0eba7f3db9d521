/*
 * md_desc_dump_ll.c -- the md-desc-dump test tool: disassemble the
 * magicdiv descriptors of a textual LLVM module (the output of `opt -S`).
 *
 *   md-desc-dump FILE.ll      (or - for stdin)
 *
 * For each global `@NAME__magicdiv_desc = ... c"..."` (and the plain
 * tier's `@NAME__magicdiv_plain_desc`) it prints
 * "descriptor @NAME__magicdiv_desc" and then the runtime's own disassembly
 * (md_desc_dump, runtime/include/magicdiv/md_desc.h), so FileCheck tests
 * can check descriptor programs op by op.  Exit status 1 if a descriptor
 * is invalid or none is found.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_desc.h"

static int md_hex(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Unescape the LLVM string literal starting after `c"` at s; returns the
 * byte count, or -1. */
static long md_unescape(const char *s, unsigned char *out, size_t cap) {
  size_t n = 0;
  while (*s && *s != '"') {
    int c = (unsigned char)*s++;
    if (c == '\\' && *s == '\\') { /* LLVM writes a backslash as \\ */
      s++;
    } else if (c == '\\') {
      int h = md_hex(s[0]), l = h >= 0 ? md_hex(s[1]) : -1;
      if (h < 0 || l < 0)
        return -1;
      c = h * 16 + l;
      s += 2;
    }
    if (n == cap)
      return -1;
    out[n++] = (unsigned char)c;
  }
  return *s == '"' ? (long)n : -1;
}

int main(int argc, char **argv) {
  FILE *f;
  char *line = NULL;
  size_t cap = 0;
  int found = 0, bad = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: md-desc-dump FILE.ll\n");
    return 2;
  }
  f = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  while (getline(&line, &cap, f) > 0) {
    /* the clone's and the plain tier's, each with a plain or a quoted name
     * (@K__magicdiv_desc, @"K<1>__magicdiv_desc") */
    static const char *const suffixes[] = {
        "__magicdiv_desc = ", "__magicdiv_desc\" = ",
        "__magicdiv_plain_desc = ", "__magicdiv_plain_desc\" = "};
    const char *suffix = NULL, *at = NULL, *c;
    unsigned char *bytes;
    long n;
    unsigned k;
    for (k = 0; line[0] == '@' && !at && k < 4; k++)
      if ((at = strstr(line, suffixes[k])))
        suffix = suffixes[k];
    if (!at || !(c = strstr(at, " c\"")))
      continue;
    bytes = malloc(strlen(c) + 1);
    if (!bytes)
      return 2;
    n = md_unescape(c + 3, bytes, strlen(c) + 1);
    printf("descriptor %.*s\n", (int)(at - line + strlen(suffix) - 3), line);
    if (n < 0) {
      printf("unreadable string literal\n");
      bad = 1;
    } else if (md_desc_dump(bytes, (size_t)n, stdout) != MD_OK) {
      bad = 1;
    }
    free(bytes);
    found++;
  }
  free(line);
  if (f != stdin)
    fclose(f);
  if (!found)
    fprintf(stderr, "md-desc-dump: no descriptor in %s\n", argv[1]);
  return bad || !found;
}
