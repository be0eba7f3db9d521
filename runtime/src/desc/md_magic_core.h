/*
 * md_magic_core.h -- the magic-number generators proper, for d >= 1 (and
 * d != 0 for the signed ones), as static inline functions: md_magic.c
 * wraps them with their argument checks, and the descriptor evaluator
 * (md_desc.c) calls them directly for divisors it has checked already.
 * The derivation of every step is in md_magic.c.  Not installed.
 */
#ifndef MAGICDIV_MD_MAGIC_CORE_H
#define MAGICDIV_MD_MAGIC_CORE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_magic.h"
#include "magicdiv/magicdiv.h"

/* floor(log2 d) for d >= 1.  A clz where the compiler has one and the type
 * widths match (guarded), else a 6-step binary search. */
static unsigned md_log2_u64(uint64_t d) {
#if (defined(__GNUC__) || defined(__clang__)) && ULLONG_MAX == UINT64_MAX
  return 63u - (unsigned)__builtin_clzll((unsigned long long)d);
#else
  unsigned p = 0;
  for (unsigned w = 32; w != 0; w >>= 1) /* 6 steps, not one per bit */
    if (d >> w) {
      d >>= w;
      p += w;
    }
  return p;
#endif
}

static unsigned md_log2_u32(uint32_t d) {
#if (defined(__GNUC__) || defined(__clang__)) && UINT_MAX == UINT32_MAX
  return 31u - (unsigned)__builtin_clz((unsigned)d);
#else
  return md_log2_u64(d);
#endif
}

/*
 * Step (3) of md_magic.c, shared by both widths (for N = 32 all values fit in 64
 * bits).  Given d, p, m0 = floor((D-1)/d) and e_dn = D - m0*d in [1, d],
 * choose the round-up method (m0+1, a = 0) when its error e_up = d - e_dn
 * is in [1, 2^p], else the round-down method (m0, a = m0), which then has
 * e_dn <= 2^p.  p <= 63, so 1 << p is defined.
 */
static inline void md_pick_method(uint64_t d, unsigned p, uint64_t m0,
                                  uint64_t e_dn, uint64_t *m, uint64_t *a) {
  uint64_t e_up = d - e_dn;
  /* Without a branch: which method a divisor takes is as good as random,
   * and a mispredicted branch costs more than the generator. */
  uint64_t up = (uint64_t)((e_up != 0) & (e_up <= ((uint64_t)1 << p)));
  *m = m0 + up;       /* round-up: ceil(D/d) < 2^N, see (3) */
  *a = m0 & (up - 1); /* round-down: a = m = floor((D-1)/d) < 2^N */
}

/*
 * floor((2^(N+p) - 1) / d) and the remainder, for 2^p <= d: the dividend's
 * high N bits are 2^p - 1 < d, so the quotient fits N bits and one
 * hardware 2N/N-bit divide (x86-64: divl, divq) is exact.  Elsewhere the C
 * division (for N = 64 on 128-bit operands; the quotient fits 64 bits).
 */
static inline uint32_t md_div_u32(unsigned p, uint32_t d, uint32_t *rem) {
#if defined(__GNUC__) && defined(__x86_64__)
  uint32_t q, r;
  __asm__("divl %[d]"
          : "=a"(q), "=d"(r)
          : [d] "rm"(d), "a"(0xFFFFFFFFu), "d"((1u << p) - 1u)
          : "cc");
  *rem = r;
  return q;
#else
  uint64_t dm1 = ((uint64_t)1 << (32 + p)) - 1; /* shift <= 63 */
  uint64_t q = dm1 / d;
  *rem = (uint32_t)(dm1 - q * d);
  return (uint32_t)q;
#endif
}

static inline uint64_t md_div_u64(unsigned p, uint64_t d, uint64_t *rem) {
#if defined(__GNUC__) && defined(__x86_64__)
  uint64_t q, r;
  __asm__("divq %[d]"
          : "=a"(q), "=d"(r)
          : [d] "rm"(d), "a"(~0ull), "d"(((uint64_t)1 << p) - 1u)
          : "cc");
  *rem = r;
  return q;
#else
  unsigned __int128 dm1 = ((unsigned __int128)1 << (64 + p)) - 1; /* <= 127 */
  uint64_t q = (uint64_t)(dm1 / d);
  *rem = (uint64_t)(dm1 - (unsigned __int128)q * d);
  return q;
#endif
}

/* The unsigned generators proper, for d >= 1: one clz, one hardware
 * divide, the method choice. */
static inline md_u32_magic md_u32_of(uint32_t d) {
  unsigned p = md_log2_u32(d); /* 0..31 */
  uint32_t rem;
  uint64_t m0 = md_div_u32(p, d, &rem); /* floor((D-1)/d) < 2^32, see (3) */
  uint64_t e_dn = (uint64_t)rem + 1;    /* (D-1) mod d + 1 */
  uint64_t m, a;
  md_pick_method(d, p, m0, e_dn, &m, &a);
  md_u32_magic g = {(uint32_t)m, (uint32_t)a, p};
  return g;
}

static inline md_u64_magic md_u64_of(uint64_t d) {
  unsigned p = md_log2_u64(d); /* 0..63 */
  uint64_t rem;
  uint64_t m0 = md_div_u64(p, d, &rem); /* floor((D-1)/d) < 2^64, see (3) */
  uint64_t e_dn = rem + 1;              /* (D-1) mod d + 1 <= d */
  uint64_t m, a;
  md_pick_method(d, p, m0, e_dn, &m, &a);
  md_u64_magic g = {m, a, p};
  return g;
}


/* Signed: the unsigned magic of |d|, see (5) in md_magic.c.  |d| =
 * (d ^ sg) - sg with sg = 0 or all-ones, in unsigned arithmetic: no
 * overflow for INT_MIN (|INT_MIN| = 2^(N-1)) and no branch on the sign,
 * which a mix of divisor signs would mispredict.  d != 0. */
static inline md_s32_magic md_s32_of(int32_t d) {
  uint32_t sg = 0u - (uint32_t)(d < 0);
  md_u32_magic u = md_u32_of(((uint32_t)d ^ sg) - sg);
  md_s32_magic g = {u.m, u.a, u.s, d < 0 ? -1 : 0};
  return g;
}

static inline md_s64_magic md_s64_of(int64_t d) {
  uint64_t sg = 0u - (uint64_t)(d < 0);
  md_u64_magic u = md_u64_of(((uint64_t)d ^ sg) - sg);
  md_s64_magic g = {u.m, u.a, u.s, d < 0 ? -1 : 0};
  return g;
}

/* The 32-bit path's words of an s64 divisor d != 0 (MD_DF_FAST32,
 * md_magic.h MD_S64_FAST32_PTX): f[0] = m32 | a32 << 32, f[1] = s32 |
 * lim << 32.  0 < d < 2^32: the u32 magic of d, lim = 1.  d >= 2^32: m32 =
 * a32 = s32 = 0 (q = 0 for every n < 2^32 <= d), lim = 1.  d < 0: all 0,
 * lim = 0 (the test n1 < lim fails: the 64-bit path). */
static inline void md_fast32_of(int64_t d, uint64_t *f) {
  f[0] = f[1] = 0;
  if (d <= 0)
    return;
  f[1] = 1ull << 32;
  if ((uint64_t)d >> 32 == 0) {
    md_u32_magic g = md_u32_of((uint32_t)d);
    f[0] = (uint64_t)g.m | (uint64_t)g.a << 32;
    f[1] |= g.s;
  }
}

/* ---- a divisor value of a descriptor (md_abi.h kinds and flags) ---- */

/* MD_OK if divisor value v (zero-extended from its read) is in the domain
 * of its kind and flags, else the fallback status. */
static inline int md_magic_check(int kind, int flags, uint64_t v) {
  if (v == 0)
    return MD_FALLBACK_DIV_ZERO;
  /* Positive signed kinds: v <= 0 as a signed value, i.e. (v != 0 here)
   * its sign bit is set. */
  if ((flags & MD_DF_POSITIVE) && (v >> (md_kind_width(kind) - 1)) != 0)
    return MD_FALLBACK_NOT_POSITIVE;
  /* MD_DF_DIV32 (64-bit kinds): U64 needs v < 2^32, S64 needs v to be the
   * sign extension of its low 32 bits. */
  if ((flags & MD_DF_DIV32) &&
      (kind == MD_KIND_U64 ? (v >> 32) != 0
                           : (uint64_t)(int64_t)(int32_t)(uint32_t)v != v))
    return MD_FALLBACK_NOT_DIV32;
  return MD_OK;
}

/* Store the magic of divisor value v (md_magic_check passed) of `kind` at
 * dst[0...]: (m, a, s[, dsgn]) as in md_abi.h, each zero-extended from its
 * width. */
static inline void md_magic_store(int kind, int flags, uint64_t v,
                                  uint64_t *dst) {
  switch (kind) {
  case MD_KIND_U32: {
    md_u32_magic g = md_u32_of((uint32_t)v);
    dst[0] = g.m, dst[1] = g.a, dst[2] = g.s;
    return;
  }
  case MD_KIND_S32: {
    /* the 32-bit value's sign, without an out-of-range conversion */
    int64_t sv = (int64_t)((uint64_t)(uint32_t)v ^ 0x80000000u) - 0x80000000;
    md_s32_magic g = md_s32_of((int32_t)sv);
    dst[0] = g.m, dst[1] = g.a, dst[2] = g.s;
    if (!(flags & MD_DF_POSITIVE))
      dst[3] = (uint32_t)g.dsgn;
    return;
  }
  case MD_KIND_U64: {
    md_u64_magic g = md_u64_of(v);
    dst[0] = g.m, dst[1] = g.a, dst[2] = g.s;
    return;
  }
  default: { /* MD_KIND_S64 */
    md_s64_magic g = md_s64_of((int64_t)v);
    dst[0] = g.m, dst[1] = g.a, dst[2] = g.s;
    if (!(flags & MD_DF_POSITIVE))
      dst[3] = (uint64_t)g.dsgn;
    if (flags & MD_DF_FAST32)
      md_fast32_of((int64_t)v, dst + md_kind_params(kind, flags) - 2);
    return;
  }
  }
}

#endif /* MAGICDIV_MD_MAGIC_CORE_H */
