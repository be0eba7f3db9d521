/*
 * test_desc_util.h -- shared by the descriptor tests (test_desc*.c):
 *
 *   - CHECK: a failing check prints where and why and counts a failure;
 *   - tdb_*: a descriptor builder that hand-assembles descriptors;
 *   - ref_eval / ref_fill: a reference evaluator written independently of
 *     runtime/src/desc/md_desc.c.  md_desc.c works on w-bit words with
 *     bit tricks; the reference computes every op on exact integers
 *     (__int128) and applies each LangRef rule as worded ("poison if the
 *     mathematical result does not fit").  The tests compare the two;
 *   - tr_*: a small deterministic random generator.
 *
 * Everything is static: each test binary includes this once.
 */
#ifndef MD_TEST_DESC_UTIL_H
#define MD_TEST_DESC_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_desc.h"

/* Helpers some test binaries do not use. */
#define TDU_FN static __attribute__((unused))

typedef __int128 tdu_i128;
typedef unsigned __int128 tdu_u128;

/* ---- checks ---- */

static long tdu_failures, tdu_checks;

#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    tdu_checks++;                                                              \
    if (!(cond)) {                                                             \
      if (++tdu_failures <= 40) {                                              \
        fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__,       \
                #cond);                                                        \
        fprintf(stderr, __VA_ARGS__);                                          \
        fputc('\n', stderr);                                                   \
      }                                                                        \
    }                                                                          \
  } while (0)

/* Print the summary line and return the exit status. */
TDU_FN int tdu_report(const char *name) {
  printf("%s: %ld checks, %ld failed\n", name, tdu_checks, tdu_failures);
  return tdu_failures ? 1 : 0;
}

/* ---- random numbers (xorshift64*, fixed seeds: runs are reproducible) ---- */

static uint64_t tr_state = 0x9E3779B97F4A7C15ull;

TDU_FN uint64_t tr_next(void) {
  tr_state ^= tr_state >> 12;
  tr_state ^= tr_state << 25;
  tr_state ^= tr_state >> 27;
  return tr_state * 0x2545F4914F6CDD1Dull;
}

TDU_FN unsigned tr_below(unsigned n) { return (unsigned)(tr_next() % n); }

/* A w-bit value biased to the edges: 0, 1, 2, MIN, MIN+1, MAX, -1, -2,
 * small shift amounts, or uniform bits. */
TDU_FN uint64_t tr_value(int w) {
  uint64_t M = ~0ull >> (64 - w), S = 1ull << (w - 1);
  switch (tr_below(12)) {
  case 0: return 0;
  case 1: return 1 & M;
  case 2: return 2 & M;
  case 3: return S;
  case 4: return (S + 1) & M;
  case 5: return S - 1;
  case 6: return M;
  case 7: return (M - 1) & M;
  case 8: return tr_below(66) & M;
  case 9: return (tr_next() >> tr_below(64)) & M;
  default: return tr_next() & M;
  }
}

/* ---- descriptor builder ---- */

#define TDB_MAX_PARAMS 64
#define TDB_CODE_MAX 1024

typedef struct tdb_div {
  uint8_t kind, flags;
  uint16_t first;
  uint32_t len;
  uint8_t code[TDB_CODE_MAX];
  uint8_t req; /* a requirement program, not a divisor */
} tdb_div;

typedef struct tdb {
  uint32_t n_params, param_size[TDB_MAX_PARAMS];
  uint32_t n_div, n_extra;
  tdb_div div[MD_MAX_DIVISORS];
} tdb;

TDU_FN void tdb_init(tdb *b, uint32_t n_params, const uint32_t *sizes) {
  b->n_div = b->n_extra = 0; /* no memset: the code buffers are large */
  if (n_params > TDB_MAX_PARAMS)
    abort();
  b->n_params = n_params;
  for (uint32_t i = 0; i < n_params; i++)
    b->param_size[i] = sizes[i];
}

/* Start a new divisor; its magic parameters follow the previous ones. */
TDU_FN void tdb_div_begin(tdb *b, int kind, int flags) {
  if (b->n_div >= MD_MAX_DIVISORS)
    abort();
  tdb_div *d = &b->div[b->n_div++];
  d->kind = (uint8_t)kind;
  d->flags = (uint8_t)flags;
  d->first = (uint16_t)b->n_extra;
  d->len = 0;
  d->req = 0;
  b->n_extra += (uint32_t)md_kind_params(kind, flags);
}

/* Start a requirement program (an i1 that must be 1); it goes into the
 * requirement table, after every divisor entry. */
TDU_FN void tdb_req_begin(tdb *b) {
  if (b->n_div >= MD_MAX_DIVISORS)
    abort();
  tdb_div *d = &b->div[b->n_div++];
  d->kind = d->flags = 0;
  d->first = 0;
  d->len = 0;
  d->req = 1;
}

TDU_FN void tdb_byte(tdb *b, uint64_t v) {
  tdb_div *d = &b->div[b->n_div - 1];
  if (d->len >= TDB_CODE_MAX)
    abort();
  d->code[d->len++] = (uint8_t)v;
}

TDU_FN void tdb_le(tdb *b, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++)
    tdb_byte(b, v >> (8 * i));
}

TDU_FN void tdb_arg(tdb *b, unsigned param, uint32_t off, unsigned size) {
  tdb_byte(b, MD_OP_ARG);
  tdb_le(b, param, 2);
  tdb_le(b, off, 4);
  tdb_byte(b, size);
}

TDU_FN void tdb_const(tdb *b, int w, uint64_t v) {
  tdb_byte(b, MD_OP_CONST);
  tdb_byte(b, (uint64_t)w);
  tdb_le(b, v, 8);
}

TDU_FN void tdb_launch(tdb *b, int which) {
  tdb_byte(b, MD_OP_LAUNCH);
  tdb_byte(b, (uint64_t)which);
}

TDU_FN void tdb_op2(tdb *b, int op, int x, int y) {
  tdb_byte(b, (uint64_t)op);
  tdb_byte(b, (uint64_t)x);
  tdb_byte(b, (uint64_t)y);
}

TDU_FN void tdb_bin(tdb *b, int op, int w, int flags) { tdb_op2(b, op, w, flags); }
TDU_FN void tdb_icmp(tdb *b, int w, int pred) { tdb_op2(b, MD_OP_ICMP, w, pred); }
TDU_FN void tdb_cast(tdb *b, int op, int from, int to) { tdb_op2(b, op, from, to); }

TDU_FN void tdb_select(tdb *b, int w) {
  tdb_byte(b, MD_OP_SELECT);
  tdb_byte(b, (uint64_t)w);
}

TDU_FN void tdb_end(tdb *b) { tdb_byte(b, MD_OP_END); }

/* The requirement md_bounds writes for blockIdx.x * blockDim.x + threadIdx.x
 * >= 0: nctaid.x * ntid.x <= 2^31 in 64 bits (mul nuw), ended. */
TDU_FN void tdb_req_grid_x(tdb *b) {
  tdb_req_begin(b);
  tdb_launch(b, MD_LAUNCH_GRID_X);
  tdb_cast(b, MD_OP_ZEXT, 32, 64);
  tdb_launch(b, MD_LAUNCH_BLOCK_X);
  tdb_cast(b, MD_OP_ZEXT, 32, 64);
  tdb_bin(b, MD_OP_MUL, 64, MD_OF_NUW);
  tdb_const(b, 64, 0x80000000ull);
  tdb_icmp(b, 64, MD_PRED_ULE);
  tdb_end(b);
}

TDU_FN void tdb_put(uint8_t *p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++)
    p[i] = (uint8_t)(v >> (8 * i));
}

/* Lay the descriptor out into out[0..cap); returns its size. */
TDU_FN size_t tdb_finish(const tdb *b, uint8_t *out, size_t cap) {
  uint32_t n_req = 0, n_real;
  for (uint32_t i = 0; i < b->n_div; i++)
    n_req += b->div[i].req;
  n_real = b->n_div - n_req;
  size_t divtab = MD_DESC_HEADER_SIZE + 4 * b->n_params;
  size_t reqtab = divtab + MD_DIV_ENTRY_SIZE * (size_t)n_real;
  size_t code = reqtab + 4 * (size_t)n_req;
  size_t total = code;
  for (uint32_t i = 0; i < b->n_div; i++)
    total += b->div[i].len;
  if (total > cap)
    abort();
  memset(out, 0, total);
  out[0] = MD_DESC_MAGIC0, out[1] = MD_DESC_MAGIC1;
  out[2] = MD_DESC_MAGIC2, out[3] = MD_DESC_MAGIC3;
  tdb_put(out + 4, MD_DESC_VERSION, 2);
  tdb_put(out + 6, MD_DESC_HEADER_SIZE, 2);
  tdb_put(out + 8, total, 4);
  tdb_put(out + 12, b->n_params, 2);
  tdb_put(out + 14, n_real, 2);
  tdb_put(out + 16, b->n_extra, 2);
  tdb_put(out + 18, n_req, 2);
  for (uint32_t i = 0; i < b->n_params; i++)
    tdb_put(out + MD_DESC_HEADER_SIZE + 4 * i, b->param_size[i], 4);
  size_t at = code;
  uint32_t ndone = 0, rdone = 0;
  for (uint32_t i = 0; i < b->n_div; i++) {
    if (b->div[i].req) {
      tdb_put(out + reqtab + 4 * rdone++, at, 4);
    } else {
      uint8_t *e = out + divtab + MD_DIV_ENTRY_SIZE * ndone++;
      e[0] = b->div[i].kind;
      e[1] = b->div[i].flags;
      tdb_put(e + 2, b->div[i].first, 2);
      tdb_put(e + 4, at, 4);
    }
    memcpy(out + at, b->div[i].code, b->div[i].len);
    at += b->div[i].len;
  }
  return total;
}

/* ---- reference evaluator ---- */

TDU_FN uint64_t ref_le(const uint8_t *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Exact signed value of a w-bit pattern. */
TDU_FN tdu_i128 ref_s(uint64_t v, int w) {
  tdu_i128 x = (tdu_i128)v;
  if ((v >> (w - 1)) & 1)
    x -= (tdu_i128)1 << w;
  return x;
}

TDU_FN int ref_fits_u(tdu_i128 x, int w) {
  return x >= 0 && x < ((tdu_i128)1 << w);
}

TDU_FN int ref_fits_s(tdu_i128 x, int w) {
  tdu_i128 h = (tdu_i128)1 << (w - 1);
  return x >= -h && x < h;
}

/* x modulo 2^w, as a w-bit pattern. */
TDU_FN uint64_t ref_wrap(tdu_i128 x, int w) {
  tdu_u128 m = ((tdu_u128)1 << w) - 1;
  return (uint64_t)((tdu_u128)x & m);
}

typedef struct ref_val {
  uint64_t v;
  int w, poison;
} ref_val;

enum { REF_OK, REF_POISON, REF_UB };

/* One binary op on exact values; *r gets the pattern. */
TDU_FN int ref_binop(int op, int w, int fl, ref_val a, ref_val b, uint64_t *r) {
  tdu_i128 ua = a.v, ub = b.v, sa = ref_s(a.v, w), sb = ref_s(b.v, w);
  int bad = 0;
  *r = 0;
  switch (op) {
  case MD_OP_ADD:
    *r = ref_wrap(ua + ub, w);
    bad = ((fl & MD_OF_NUW) && !ref_fits_u(ua + ub, w)) ||
          ((fl & MD_OF_NSW) && !ref_fits_s(sa + sb, w));
    break;
  case MD_OP_SUB:
    *r = ref_wrap(ua - ub, w);
    bad = ((fl & MD_OF_NUW) && !ref_fits_u(ua - ub, w)) ||
          ((fl & MD_OF_NSW) && !ref_fits_s(sa - sb, w));
    break;
  case MD_OP_MUL: {
    tdu_u128 up = (tdu_u128)a.v * b.v; /* < 2^128 */
    *r = (uint64_t)(up & (((tdu_u128)1 << w) - 1));
    bad = ((fl & MD_OF_NUW) && (up >> w) != 0) ||
          ((fl & MD_OF_NSW) && !ref_fits_s(sa * sb, w));
    break;
  }
  case MD_OP_SHL: {
    if (b.v >= (uint64_t)w)
      return REF_POISON;
    tdu_u128 up = (tdu_u128)a.v << b.v;         /* a * 2^k < 2^127 */
    tdu_i128 sp = sa * ((tdu_i128)1 << b.v);   /* |.| <= 2^126 */
    *r = ref_wrap((tdu_i128)up, w);
    bad = ((fl & MD_OF_NUW) && (up >> w) != 0) ||
          ((fl & MD_OF_NSW) && !ref_fits_s(sp, w));
    break;
  }
  case MD_OP_LSHR:
  case MD_OP_ASHR: {
    if (b.v >= (uint64_t)w)
      return REF_POISON;
    tdu_i128 p = (tdu_i128)1 << b.v, x = op == MD_OP_LSHR ? ua : sa;
    tdu_i128 rem = x % p;
    if (rem < 0)
      rem += p; /* floor division: x = q*p + rem, 0 <= rem < p */
    *r = ref_wrap((x - rem) / p, w);
    bad = (fl & MD_OF_EXACT) && rem != 0;
    break;
  }
  case MD_OP_AND: *r = a.v & b.v; break;
  case MD_OP_OR:
    *r = a.v | b.v;
    bad = (fl & MD_OF_DISJOINT) && (a.v & b.v);
    break;
  case MD_OP_XOR: *r = a.v ^ b.v; break;
  case MD_OP_UDIV:
  case MD_OP_UREM:
    if (b.poison || ub == 0)
      return REF_UB;
    *r = (uint64_t)(op == MD_OP_UDIV ? ua / ub : ua % ub);
    bad = op == MD_OP_UDIV && (fl & MD_OF_EXACT) && ua % ub != 0;
    break;
  case MD_OP_SDIV:
  case MD_OP_SREM:
    /* UB: zero or poison divisor, or a quotient that does not fit (which
     * a poison dividend could produce whenever the divisor is -1). */
    if (b.poison || sb == 0 || !ref_fits_s(sa / sb, w) ||
        (a.poison && sb == -1))
      return REF_UB;
    *r = ref_wrap(op == MD_OP_SDIV ? sa / sb : sa % sb, w);
    bad = op == MD_OP_SDIV && (fl & MD_OF_EXACT) && sa % sb != 0;
    break;
  case MD_OP_SMIN: *r = sa < sb ? a.v : b.v; break;
  case MD_OP_SMAX: *r = sa > sb ? a.v : b.v; break;
  case MD_OP_UMIN: *r = ua < ub ? a.v : b.v; break;
  case MD_OP_UMAX: *r = ua > ub ? a.v : b.v; break;
  default: abort();
  }
  return (a.poison || b.poison || bad) ? REF_POISON : REF_OK;
}

TDU_FN int ref_icmp(int pred, int w, uint64_t a, uint64_t b) {
  tdu_i128 sa = ref_s(a, w), sb = ref_s(b, w);
  switch (pred) {
  case MD_PRED_EQ: return a == b;
  case MD_PRED_NE: return a != b;
  case MD_PRED_UGT: return a > b;
  case MD_PRED_UGE: return a >= b;
  case MD_PRED_ULT: return a < b;
  case MD_PRED_ULE: return a <= b;
  case MD_PRED_SGT: return sa > sb;
  case MD_PRED_SGE: return sa >= sb;
  case MD_PRED_SLT: return sa < sb;
  case MD_PRED_SLE: return sa <= sb;
  default: abort();
  }
}

/* Evaluate divisor idx of a descriptor that md_desc_validate accepted.
 * MD_OK, MD_FALLBACK_UNDEFINED or MD_ERR_INVALID. */
/* Evaluate the program at byte offset pc. */
TDU_FN int ref_eval_at(const uint8_t *d, uint64_t pc, void *const *args,
                       const md_dims *dims, uint64_t *out) {
  const uint8_t *p = d + pc;
  ref_val st[64];
  int sp = 0;
  for (;;) {
    int op = *p++;
    if (op == MD_OP_END) {
      if (st[0].poison)
        return MD_FALLBACK_UNDEFINED;
      *out = st[0].v;
      return MD_OK;
    }
    if (op == MD_OP_ARG) {
      unsigned param = (unsigned)ref_le(p, 2), size = p[6];
      uint32_t off = (uint32_t)ref_le(p + 2, 4);
      p += 7;
      if (args == NULL || args[param] == NULL)
        return MD_ERR_INVALID;
      uint64_t v = 0;
      memcpy(&v, (const uint8_t *)args[param] + off, size); /* LE host */
      st[sp++] = (ref_val){v, 8 * (int)size, 0};
    } else if (op == MD_OP_CONST) {
      int w = p[0];
      st[sp++] = (ref_val){ref_wrap((tdu_i128)ref_le(p + 1, 8), w), w, 0};
      p += 9;
    } else if (op == MD_OP_LAUNCH) {
      int which = *p++;
      if (dims == NULL)
        return MD_ERR_INVALID;
      uint64_t v = which <= 2   ? dims->block[which]
                   : which <= 5 ? dims->grid[which - 3]
                                : (uint64_t)dims->grid[which - 6] *
                                      dims->block[which - 6];
      if (v > 0xFFFFFFFFu)
        return MD_FALLBACK_UNDEFINED;
      st[sp++] = (ref_val){v, 32, 0};
    } else if (op == MD_OP_ICMP) {
      int w = p[0], pred = p[1];
      p += 2;
      ref_val b = st[--sp], a = st[--sp];
      st[sp++] = (ref_val){(uint64_t)ref_icmp(pred, w, a.v, b.v), 1,
                           a.poison || b.poison};
    } else if (op == MD_OP_SELECT) {
      int w = *p++;
      ref_val f = st[--sp], t = st[--sp], c = st[--sp];
      ref_val r = c.v ? t : f;
      r.poison = c.poison || r.poison;
      r.w = w;
      st[sp++] = r;
    } else if (op == MD_OP_ZEXT || op == MD_OP_SEXT || op == MD_OP_TRUNC) {
      int from = p[0], to = p[1];
      p += 2;
      ref_val *a = &st[sp - 1];
      if (op == MD_OP_SEXT)
        a->v = ref_wrap(ref_s(a->v, from), to);
      else if (op == MD_OP_TRUNC)
        a->v = ref_wrap((tdu_i128)a->v, to);
      a->w = to;
    } else {
      int w = p[0], fl = p[1];
      p += 2;
      ref_val b = st[--sp], a = st[--sp];
      uint64_t r;
      int k = ref_binop(op, w, fl, a, b, &r);
      if (k == REF_UB)
        return MD_FALLBACK_UNDEFINED;
      st[sp++] = (ref_val){r, w, k == REF_POISON};
    }
  }
}

/* The magic of divisor value v (a pattern of the kind's width) from
 * md_magic_*: q = {m, a, s, d < 0}. */
TDU_FN int ref_magic(int kind, uint64_t v, uint64_t q[4]) {
  md_u32_magic u32;
  md_s32_magic s32;
  md_u64_magic u64;
  md_s64_magic s64;
  int st = MD_ERR_INVALID;
  if (kind == MD_KIND_U32 && (st = md_magic_u32((uint32_t)v, &u32)) == 0)
    q[0] = u32.m, q[1] = u32.a, q[2] = u32.s, q[3] = 0;
  if (kind == MD_KIND_S32 &&
      (st = md_magic_s32((int32_t)ref_s(v, 32), &s32)) == 0)
    q[0] = s32.m, q[1] = s32.a, q[2] = s32.s, q[3] = s32.dsgn < 0;
  if (kind == MD_KIND_U64 && (st = md_magic_u64(v, &u64)) == 0)
    q[0] = u64.m, q[1] = u64.a, q[2] = u64.s, q[3] = 0;
  if (kind == MD_KIND_S64 &&
      (st = md_magic_s64((int64_t)ref_s(v, 64), &s64)) == 0)
    q[0] = s64.m, q[1] = s64.a, q[2] = s64.s, q[3] = s64.dsgn < 0;
  return st;
}

/* Evaluate divisor idx. */
TDU_FN int ref_eval(const uint8_t *d, unsigned idx, void *const *args,
                    const md_dims *dims, uint64_t *out) {
  unsigned n_params = (unsigned)ref_le(d + 12, 2);
  const uint8_t *e = d + 20 + 4 * n_params + 8 * idx;
  return ref_eval_at(d, ref_le(e + 4, 4), args, dims, out);
}

/* What md_desc_fill must produce, from ref_eval and md_magic_*: the first
 * divisor (in table order) that is not OK decides the status. */
TDU_FN int ref_fill(const uint8_t *d, void *const *args, const md_dims *dims,
                    md_extra *out) {
  unsigned n_params = (unsigned)ref_le(d + 12, 2);
  unsigned n_div = (unsigned)ref_le(d + 14, 2);
  if (args == NULL && n_params > 0)
    return MD_ERR_INVALID;
  out->n_params = n_params;
  out->n_extra = (uint32_t)ref_le(d + 16, 2);
  /* Requirements first (version 2): each must be 1, not poison, not UB. */
  unsigned n_req = (unsigned)ref_le(d + 18, 2);
  for (unsigned i = 0; i < n_req; i++) {
    uint64_t v;
    int st = ref_eval_at(d, ref_le(d + 20 + 4 * n_params + 8 * n_div + 4 * i, 4),
                         args, dims, &v);
    if (st == MD_ERR_INVALID)
      return st;
    if (st != MD_OK || v != 1)
      return MD_FALLBACK_REQUIREMENT;
  }
  for (unsigned i = 0; i < n_div; i++) {
    const uint8_t *e = d + 20 + 4 * n_params + 8 * i;
    int kind = e[0], pos = e[1] & MD_DF_POSITIVE;
    uint64_t *dst = &out->value[ref_le(e + 2, 2)];
    uint64_t v;
    int st = ref_eval(d, i, args, dims, &v);
    if (st != MD_OK)
      return st;
    if (v == 0)
      return MD_FALLBACK_DIV_ZERO;
    int w = md_kind_width(kind);
    if (pos && ref_s(v, w) <= 0)
      return MD_FALLBACK_NOT_POSITIVE;
    if ((e[1] & MD_DF_DIV32) &&
        (kind == MD_KIND_U64 ? v > 0xffffffffull
                             : ref_s(v, w) < INT32_MIN || ref_s(v, w) > INT32_MAX))
      return MD_FALLBACK_NOT_DIV32;
    uint64_t q[4];
    if ((st = ref_magic(kind, v, q)) != MD_OK)
      return st;
    dst[0] = q[0], dst[1] = q[1], dst[2] = q[2];
    if (md_kind_params(kind, e[1]) == 4) /* dsgn: -1 zero-extended */
      dst[3] = q[3] ? ~0ull >> (64 - w) : 0;
  }
  return MD_OK;
}

#endif /* MD_TEST_DESC_UTIL_H */
