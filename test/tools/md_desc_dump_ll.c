/*
 * md_desc_dump_ll.c -- `md-desc-dump FILE.ll`: print every magicdiv
 * descriptor defined in a textual LLVM module (the output of opt -S or
 * clang -S -emit-llvm) as md_desc_dump's disassembly, each preceded by
 * "@NAME:".  For FileCheck tests of descriptor programs.
 *
 * A descriptor is a global whose name ends in __magicdiv_desc (or, in host
 * modules, .magicdiv.desc) with a c"..." initializer; \XX escapes are
 * decoded, every other character stands for itself.  Exit status 0 if
 * every descriptor found is valid, 1 otherwise (2: usage or I/O error).
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Decode the c"..." string starting at s (just after the quote) into out;
 * returns its length. */
static size_t md_unescape(const char *s, unsigned char *out) {
  size_t n = 0;
  while (*s && *s != '"') {
    if (s[0] == '\\' && md_hex(s[1]) >= 0 && md_hex(s[2]) >= 0) {
      out[n++] = (unsigned char)(md_hex(s[1]) * 16 + md_hex(s[2]));
      s += 3;
    } else {
      out[n++] = (unsigned char)*s++;
    }
  }
  return n;
}

int main(int argc, char **argv) {
  FILE *f;
  char *line = NULL;
  size_t cap = 0;
  int bad = 0, found = 0;
  if (argc != 2) {
    fprintf(stderr, "usage: md-desc-dump FILE.ll\n");
    return 2;
  }
  f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  while (getline(&line, &cap, f) > 0) {
    const char *at, *eq, *str;
    unsigned char *bytes;
    size_t n;
    if (line[0] != '@' || !(eq = strstr(line, " = ")))
      continue;
    at = strstr(line, "__magicdiv_desc");
    if (!at || at > eq)
      at = strstr(line, ".magicdiv.desc");
    if (!at || at > eq || !(str = strstr(eq, "c\"")))
      continue;
    bytes = malloc(strlen(str));
    if (!bytes)
      return 2;
    n = md_unescape(str + 2, bytes);
    printf("%.*s:\n", (int)(eq - line), line);
    if (md_desc_dump(bytes, n, stdout) != MD_OK)
      bad = 1;
    free(bytes);
    found++;
  }
  free(line);
  fclose(f);
  if (!found)
    printf("no magicdiv descriptor\n");
  return bad;
}
