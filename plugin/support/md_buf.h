/*
 * md_buf.h -- a growable byte buffer with little-endian appenders, used to
 * assemble divisor programs and descriptors (md_buf.c); in counting mode it
 * only measures, so a program's size is known before it is materialized.
 */
#ifndef MAGICDIV_MD_BUF_H
#define MAGICDIV_MD_BUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct md_buf {
  uint8_t *p;
  size_t n, cap;
  int oom; /* set when an allocation failed; further appends are dropped */
  int counting; /* appends only count: n grows, p stays NULL */
} md_buf;

void md_buf_init(md_buf *b);
/* A buffer that measures what would be written without storing it. */
void md_buf_init_counting(md_buf *b);
void md_buf_free(md_buf *b);
void md_buf_u8(md_buf *b, uint8_t v);
void md_buf_u16(md_buf *b, uint16_t v);
void md_buf_u32(md_buf *b, uint32_t v);
void md_buf_u64(md_buf *b, uint64_t v);
void md_buf_bytes(md_buf *b, const uint8_t *p, size_t n);
/* Overwrite 2/4 bytes at offset (which must already exist). */
void md_buf_put_u16(md_buf *b, size_t off, uint16_t v);
void md_buf_put_u32(md_buf *b, size_t off, uint32_t v);
/* -1, 0, 1: order by length, then bytes (canonical operand order). */
int md_buf_cmp(const md_buf *a, const md_buf *b);

#endif
