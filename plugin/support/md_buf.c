/*
 * md_buf.c -- growable little-endian byte buffer (see md_buf.h).
 */
#include "support/md_buf.h"

#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"

void md_buf_init(md_buf *b) {
  b->p = NULL;
  b->n = b->cap = 0;
  b->oom = 0;
  b->counting = 0;
}

void md_buf_init_counting(md_buf *b) {
  md_buf_init(b);
  b->counting = 1;
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
  if (b->counting) {
    b->n += n;
    return;
  }
  if (n == 0 || !md_buf_reserve(b, n))
    return;
  memcpy(b->p + b->n, p, n);
  b->n += n;
}

void md_buf_u8(md_buf *b, uint8_t v) { md_buf_bytes(b, &v, 1); }

/* Little-endian through md_abi.h's writers, like every descriptor field. */
void md_buf_u16(md_buf *b, uint16_t v) {
  uint8_t t[2];
  md_wr16(t, v);
  md_buf_bytes(b, t, 2);
}

void md_buf_u32(md_buf *b, uint32_t v) {
  uint8_t t[4];
  md_wr32(t, v);
  md_buf_bytes(b, t, 4);
}

void md_buf_u64(md_buf *b, uint64_t v) {
  uint8_t t[8];
  md_wr64(t, v);
  md_buf_bytes(b, t, 8);
}

void md_buf_put_u16(md_buf *b, size_t off, uint16_t v) {
  if (!b->oom && !b->counting && off + 2 <= b->n)
    md_wr16(b->p + off, v);
}

void md_buf_put_u32(md_buf *b, size_t off, uint32_t v) {
  if (!b->oom && !b->counting && off + 4 <= b->n)
    md_wr32(b->p + off, v);
}

int md_buf_cmp(const md_buf *a, const md_buf *b) {
  int c;
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  if (a->n == 0 || !a->p || !b->p) /* empty, or counting buffers */
    return 0;
  c = memcmp(a->p, b->p, a->n);
  return c < 0 ? -1 : c > 0;
}
