/*
 * md_buf.c -- growable little-endian byte buffer (see md_buf.h).
 */
#include "md_buf.h"

#include <stdlib.h>
#include <string.h>

void md_buf_init(md_buf *b) {
  b->p = NULL;
  b->n = b->cap = 0;
  b->oom = 0;
}

void md_buf_free(md_buf *b) {
  free(b->p);
  md_buf_init(b);
}

static int md_buf_reserve(md_buf *b, size_t extra) {
  size_t want;
  uint8_t *np;
  if (b->oom)
    return 0;
  if (b->n + extra <= b->cap)
    return 1;
  want = b->cap ? 2 * b->cap : 64;
  while (want < b->n + extra)
    want *= 2;
  np = realloc(b->p, want);
  if (!np) {
    b->oom = 1;
    return 0;
  }
  b->p = np;
  b->cap = want;
  return 1;
}

void md_buf_bytes(md_buf *b, const uint8_t *p, size_t n) {
  if (n == 0 || !md_buf_reserve(b, n))
    return;
  memcpy(b->p + b->n, p, n);
  b->n += n;
}

void md_buf_u8(md_buf *b, uint8_t v) { md_buf_bytes(b, &v, 1); }

void md_buf_u16(md_buf *b, uint16_t v) {
  uint8_t t[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
  md_buf_bytes(b, t, 2);
}

void md_buf_u32(md_buf *b, uint32_t v) {
  md_buf_u16(b, (uint16_t)v);
  md_buf_u16(b, (uint16_t)(v >> 16));
}

void md_buf_u64(md_buf *b, uint64_t v) {
  md_buf_u32(b, (uint32_t)v);
  md_buf_u32(b, (uint32_t)(v >> 32));
}

void md_buf_put_u16(md_buf *b, size_t off, uint16_t v) {
  if (b->oom || off + 2 > b->n)
    return;
  b->p[off] = (uint8_t)v;
  b->p[off + 1] = (uint8_t)(v >> 8);
}

void md_buf_put_u32(md_buf *b, size_t off, uint32_t v) {
  md_buf_put_u16(b, off, (uint16_t)v);
  md_buf_put_u16(b, off + 2, (uint16_t)(v >> 16));
}

int md_buf_cmp(const md_buf *a, const md_buf *b) {
  int c;
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  if (a->n == 0)
    return 0;
  c = memcmp(a->p, b->p, a->n);
  return c < 0 ? -1 : c > 0;
}
