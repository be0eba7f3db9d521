/*
 * mdb_hand.c -- constructors and C emulation of the hand-written dividers
 * (see mdb_hand.h).  Written here from the published formulas; no code is
 * taken from CUTLASS or PyTorch.
 */
#include "mdb_hand.h"

#include "magicdiv/md_magic.h"

int mdb_uni32_make(uint32_t d, mdb_uni32 *out) {
  md_u32_magic g;
  if (md_magic_u32(d, &g) != MD_OK)
    return -1;
  out->m = g.m;
  out->a = g.a;
  out->s = g.s;
  out->d = d;
  return 0;
}

int mdb_uni64_make(uint64_t d, mdb_uni64 *out) {
  md_u64_magic g;
  if (md_magic_u64(d, &g) != MD_OK)
    return -1;
  out->m = g.m;
  out->a = g.a;
  out->s = g.s;
  out->d = d;
  return 0;
}

static int ceil_log2_u32(uint32_t d) {
  int l = 0;
  while (l < 32 && ((uint64_t)1 << l) < d)
    l++;
  return l;
}

/* CUTLASS FastDivmod: p = 31 + ceil(log2 d), m = ceil(2^p / d), s = p - 32;
 * d = 1 is handled on the device by a select (m = s = 0 here).  With
 * 2^(p-1) < d*2^31 <= 2^p the error of m/2^p is below 2^-31 relative, which
 * makes umulhi(n, m) >> s exact for n < 2^31. */
int mdb_cut32_make(uint32_t d, mdb_cut32 *out) {
  if (d == 0 || d >= 0x80000000u)
    return -1;
  out->d = d;
  if (d == 1) {
    out->m = 0;
    out->s = 0;
    return 0;
  }
  unsigned p = 31u + (unsigned)ceil_log2_u32(d);
  out->m = (uint32_t)((((uint64_t)1 << p) + d - 1) / d);
  out->s = p - 32u;
  return 0;
}

/* CUTLASS FastDivmodU64: s = floor(log2 d); powers of two are a pure shift
 * (m = 0).  Otherwise m = floor(2^s (2^64 + 1) / d) and the increment
 * r = 1 when floor(2^(64+s) / d) == m (round-down method, the dividend
 * incremented by one; wraps at n = 2^64 - 1, as in the original). */
int mdb_cut64_make(uint64_t d, mdb_cut64 *out) {
  if (d == 0)
    return -1;
  unsigned s = 0;
  for (uint64_t x = d; x >>= 1;)
    s++;
  out->d = d;
  out->s = s;
  out->r = 0;
  if ((d & (d - 1)) == 0) {
    out->m = 0;
    return 0;
  }
  unsigned __int128 pot = (unsigned __int128)1 << s;
  uint64_t m_lo = (uint64_t)((pot << 64) / d);
  out->m = (uint64_t)(((pot << 64) + pot) / d);
  out->r = m_lo == out->m ? 1u : 0u;
  return 0;
}

/* PyTorch IntDivider: s = ceil(log2 d), m = floor(2^32 (2^s - d) / d) + 1
 * (fits 32 bits for d < 2^31); q = (umulhi(n, m) + n) >> s. */
int mdb_pyt32_make(uint32_t d, mdb_pyt32 *out) {
  if (d == 0 || d >= 0x80000000u)
    return -1;
  unsigned s = (unsigned)ceil_log2_u32(d);
  uint64_t m = ((((uint64_t)1 << 32) * ((((uint64_t)1) << s) - d)) / d) + 1;
  if (m > 0xffffffffu)
    return -1;
  out->d = d;
  out->m = (uint32_t)m;
  out->s = s;
  return 0;
}

uint32_t mdb_uni32_div(const mdb_uni32 *u, uint32_t n) {
  return (uint32_t)(((uint64_t)n * u->m + u->a) >> 32) >> u->s;
}
uint64_t mdb_uni64_div(const mdb_uni64 *u, uint64_t n) {
  return (uint64_t)(((unsigned __int128)n * u->m + u->a) >> 64) >> u->s;
}
uint32_t mdb_cut32_div(const mdb_cut32 *c, uint32_t n) {
  return c->d != 1 ? (uint32_t)(((uint64_t)n * c->m) >> 32) >> c->s : n;
}
uint64_t mdb_cut64_div(const mdb_cut64 *c, uint64_t n) {
  uint64_t x = n;
  if (c->m)
    x = (uint64_t)(((unsigned __int128)(n + c->r) * c->m) >> 64);
  return x >> c->s;
}
uint32_t mdb_pyt32_div(const mdb_pyt32 *p, uint32_t n) {
  uint32_t t = (uint32_t)(((uint64_t)n * p->m) >> 32);
  return (t + n) >> p->s;
}

static uint64_t mdb_rng(uint64_t *st) {
  uint64_t z = (*st += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

long mdb_hand_check32(uint32_t d, int samples) {
  mdb_uni32 u = {0};
  mdb_cut32 c = {0};
  mdb_pyt32 p = {0};
  long bad = 0;
  int have_u = mdb_uni32_make(d, &u) == 0;
  int have_c = mdb_cut32_make(d, &c) == 0;
  int have_p = mdb_pyt32_make(d, &p) == 0;
  uint64_t st = d;
  for (int i = 0; i < samples + 8; i++) {
    uint32_t n;
    switch (i) { /* edges: 0, d-1, d, 2^31-1, 2^32-1, multiples of d */
    case 0: n = 0; break;
    case 1: n = d - 1; break;
    case 2: n = d; break;
    case 3: n = 0x7fffffffu; break;
    case 4: n = 0xffffffffu; break;
    case 5: n = (0x7fffffffu / d) * d; break;
    case 6: n = (0x7fffffffu / d) * d - 1; break;
    case 7: n = (0xffffffffu / d) * d - 1; break;
    default: n = (uint32_t)mdb_rng(&st); break;
    }
    uint32_t q = n / d;
    if (have_u && mdb_uni32_div(&u, n) != q)
      bad++;
    if (n < 0x80000000u) {
      if (have_c && mdb_cut32_div(&c, n) != q)
        bad++;
      if (have_p && mdb_pyt32_div(&p, n) != q)
        bad++;
    }
  }
  return have_u ? bad : bad + 1;
}

long mdb_hand_check64(uint64_t d, int samples) {
  mdb_uni64 u = {0};
  mdb_cut64 c = {0};
  long bad = 0;
  int have_u = mdb_uni64_make(d, &u) == 0;
  int have_c = mdb_cut64_make(d, &c) == 0;
  uint64_t st = d;
  for (int i = 0; i < samples + 6; i++) {
    uint64_t n;
    switch (i) {
    case 0: n = 0; break;
    case 1: n = d - 1; break;
    case 2: n = d; break;
    case 3: n = UINT64_MAX - 1; break;
    case 4: n = (UINT64_MAX / d) * d; break;
    case 5: n = (UINT64_MAX / d) * d - 1; break;
    default: n = mdb_rng(&st); break;
    }
    uint64_t q = n / d;
    if (have_u && mdb_uni64_div(&u, n) != q)
      bad++;
    if (have_c && n != UINT64_MAX && mdb_cut64_div(&c, n) != q)
      bad++;
  }
  return have_u ? bad : bad + 1;
}
