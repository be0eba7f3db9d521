/*
 * md_asm_query.c -- the query md_bridge.cpp sets (md_asm_query.h).
 */
#include "support/md_asm_query.h"

#include <stddef.h>

static md_asm_query md_query;

void md_asm_query_set(md_asm_query q) { md_query = q; }

int md_asm_query_can(const char *triple) {
  return md_query ? md_query(triple ? triple : "") : 1;
}
