/*
 * md_diff_vals.c -- value classes for the differential tests (see
 * md_diff_vals.h).  All arithmetic is on uint64_t (wrapping is defined),
 * so building the sets never overflows a signed type.
 */
#include "md_diff_vals.h"

#include <stdlib.h>

#include "md_diff.h"

uint64_t md_rng_next(md_rng *r) {
  /* splitmix64 (Steele, Lea, Flood 2014). */
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t md_rng_log(md_rng *r, int bits) {
  int len = 1 + (int)(md_rng_next(r) % (uint64_t)bits);
  uint64_t v = md_rng_next(r) & md_mask(len);
  return v | (1ull << (len - 1)); /* exactly len bits */
}

uint64_t md_rng_below(md_rng *r, uint64_t n) {
  return n ? md_rng_next(r) % n : md_rng_next(r); /* n = 0 stands for 2^64 */
}

uint64_t md_mask(int bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

int64_t md_sext(uint64_t v, int bits) {
  uint64_t sign = 1ull << (bits - 1);
  v &= md_mask(bits);
  return (int64_t)((v ^ sign) - sign); /* modular u64 -> i64 (GCC/Clang) */
}

size_t md_scaled(size_t n) {
  size_t s = n * md_diff_cfg.scale / 100;
  return s ? s : 1;
}

typedef struct md_set {
  uint64_t *v;
  size_t n, cap;
  uint64_t max;
} md_set;

static void md_put(md_set *s, uint64_t v) {
  if (s->n < s->cap)
    s->v[s->n++] = v;
}

/* Put v if 1 <= v <= max. */
static void md_put_div(md_set *s, uint64_t v) {
  if (v >= 1 && v <= s->max)
    md_put(s, v);
}

static int md_cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

size_t md_vals_divisors(uint64_t *out, size_t cap, int bits, md_rng *r,
                        size_t n_random) {
  md_set s = {out, 0, cap, md_mask(bits)};
  /* every small divisor */
  for (uint64_t d = 1; d <= 256; d++)
    md_put_div(&s, d);
  /* powers of two and their neighbours; odd multiples of powers of two;
   * runs of ones (2^j - 1) << k; powers of ten */
  for (int k = 1; k < 64; k++) {
    uint64_t p = 1ull << k;
    md_put_div(&s, p - 1);
    md_put_div(&s, p);
    md_put_div(&s, p + 1);
    md_put_div(&s, 3 * p);
    md_put_div(&s, 5 * p);
    md_put_div(&s, 7 * p);
    for (int j = 2; j + k <= 64 && j <= 12; j += 5)
      md_put_div(&s, md_mask(j) << k);
  }
  for (uint64_t p = 1000; p && p <= s.max && p < (1ull << 60); p *= 10)
    md_put_div(&s, p);
  /* the extremes and bit patterns */
  static const uint64_t pat[] = {0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull,
                                 0x3333333333333333ull, 0xccccccccccccccccull,
                                 0x0f0f0f0f0f0f0f0full, 0xf0f0f0f0f0f0f0f0ull,
                                 0x8000000100000001ull, 0xfffffffefffffffeull};
  for (size_t i = 0; i < sizeof pat / sizeof pat[0]; i++)
    md_put_div(&s, pat[i] & s.max);
  md_put_div(&s, s.max);
  md_put_div(&s, s.max - 1);
  md_put_div(&s, s.max - 2);
  md_put_div(&s, s.max / 2);
  md_put_div(&s, s.max / 2 + 1);
  md_put_div(&s, s.max / 3);
  md_put_div(&s, s.max / 3 * 2);
  /* factors of 2^32+1 and 2^64+1 (classic magic-number troublemakers) */
  md_put_div(&s, 641);
  md_put_div(&s, 6700417);
  md_put_div(&s, 274177);
  md_put_div(&s, 67280421310721ull);
  /* random: half log-uniform (every magnitude), half uniform */
  for (size_t i = 0; i < n_random; i++) {
    uint64_t v = (i & 1) ? md_rng_next(r) & s.max : md_rng_log(r, bits);
    md_put_div(&s, v);
  }
  qsort(out, s.n, sizeof *out, md_cmp_u64);
  size_t u = 0;
  for (size_t i = 0; i < s.n; i++)
    if (u == 0 || out[u - 1] != out[i])
      out[u++] = out[i];
  return u;
}

size_t md_vals_signed(const uint64_t *mag, size_t n, int bits, int64_t *out,
                      size_t cap) {
  uint64_t half = 1ull << (bits - 1);
  size_t k = 0;
  for (size_t i = 0; i < n && k + 2 <= cap; i++) {
    if (mag[i] < half) {
      out[k++] = (int64_t)mag[i];
      out[k++] = -(int64_t)mag[i];
    } else if (mag[i] == half) {
      out[k++] = md_sext(half, bits); /* INT_MIN */
    }
  }
  return k;
}

/* Multiples and residues of d in [0, top]: the largest multiple M of d,
 * M - 1, and the largest n = d-1 (mod d). */
static void md_put_top(md_set *s, uint64_t d, uint64_t top) {
  uint64_t m = top - top % d;
  md_put(s, m);
  if (m)
    md_put(s, m - 1);
  if (top % d == d - 1)
    md_put(s, top);
  if (m >= d) {
    md_put(s, m - d);
    md_put(s, m - d + (d - 1));
  }
}

size_t md_vals_dividends_u(uint64_t d, int bits, uint64_t *out, size_t cap,
                           md_rng *r, size_t n_random) {
  md_set s = {out, 0, cap, md_mask(bits)};
  uint64_t max = s.max;
  for (uint64_t v = 0; v < 4; v++)
    md_put(&s, v);
  /* around d and 2d */
  for (uint64_t k = 1; k <= 2; k++) {
    if (d > max / k)
      break;
    uint64_t m = k * d;
    md_put(&s, m - 1);
    md_put(&s, m);
    if (m < max)
      md_put(&s, m + 1);
  }
  /* the type's extremes and the 2^k boundaries narrower forms care for */
  md_put(&s, max);
  md_put(&s, max - 1);
  md_put(&s, max - 2);
  static const int edges[] = {7, 8, 15, 16, 31, 32, 63};
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
    if (edges[i] >= bits)
      continue;
    uint64_t p = 1ull << edges[i];
    md_put(&s, p - 1);
    md_put(&s, p);
    md_put(&s, p + 1);
    md_put_top(&s, d, p - 1); /* worst cases below each boundary */
  }
  md_put_top(&s, d, max);
  /* random: near random multiples, uniform, log-uniform */
  for (size_t i = 0; i < n_random; i++) {
    uint64_t v;
    switch (i % 3) {
    case 0: {
      uint64_t q = md_rng_below(r, max / d + 1);
      v = q * d + ((md_rng_next(r) & 1) ? d - 1 : 0);
      if (v < q * d) /* wrapped past max */
        v = q * d;
      break;
    }
    case 1:
      v = md_rng_next(r) & max;
      break;
    default:
      v = md_rng_log(r, bits);
      break;
    }
    md_put(&s, v & max);
  }
  return s.n;
}

size_t md_vals_dividends_s(int64_t d, int bits, int64_t *out, size_t cap,
                           md_rng *r, size_t n_random, int no_min_for_m1) {
  /* Unsigned magnitude classes of |d| over [0, 2^(bits-1)], each put with
   * both signs where representable. */
  uint64_t half = 1ull << (bits - 1), ad;
  uint64_t mags[64];
  md_set s = {mags, 0, sizeof mags / sizeof mags[0], half};
  size_t k = 0;
  int skip_min = no_min_for_m1 && d == -1;
  ad = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
  ad &= md_mask(bits);
  if (ad == 0)
    ad = half; /* d == INT_MIN of a 64-bit type */
  for (uint64_t v = 0; v < 4; v++)
    md_put(&s, v);
  if (ad <= half) {
    md_put(&s, ad - 1);
    md_put(&s, ad);
    if (ad < half)
      md_put(&s, ad + 1);
  }
  if (ad <= half / 2) {
    md_put(&s, 2 * ad - 1);
    md_put(&s, 2 * ad);
    md_put(&s, 2 * ad + 1);
  }
  md_put(&s, half);
  md_put(&s, half - 1);
  md_put(&s, half - 2);
  if (bits > 32) {
    md_put(&s, (1ull << 31) - 1);
    md_put(&s, 1ull << 31);
    md_put(&s, (1ull << 31) + 1);
    md_put(&s, (1ull << 32) - 1);
    md_put(&s, 1ull << 32);
    md_put(&s, (1ull << 32) + 1);
    md_put_top(&s, ad, (1ull << 31) - 1);
  }
  md_put_top(&s, ad, half - 1);
  for (size_t i = 0; i < s.n && k + 2 <= cap; i++) {
    uint64_t v = mags[i];
    if (v < half)
      out[k++] = (int64_t)v; /* +v */
    if (v != 0 && !(v == half && skip_min))
      out[k++] = md_sext(0 - v, bits); /* -v (INT_MIN for v == half) */
  }
  for (size_t i = 0; i < n_random && k < cap; i++) {
    uint64_t v = (i & 1) ? md_rng_next(r) : md_rng_log(r, bits);
    if (md_rng_next(r) & 1)
      v = 0 - v;
    int64_t sv = md_sext(v, bits);
    if (skip_min && sv == md_sext(half, bits))
      continue;
    out[k++] = sv;
  }
  return k;
}

int md_fits_s(int64_t v, int bits) {
  if (bits >= 64)
    return 1;
  int64_t max = (int64_t)((1ull << (bits - 1)) - 1);
  return v >= -max - 1 && v <= max;
}

int64_t md_vals_base_s(md_rng *r, int bits, uint64_t count, int64_t d,
                       unsigned variant) {
  /* lo = MIN + 1, hi = MAX - count + 1: base .. base + count - 1 fits. */
  int64_t max = md_sext(md_mask(bits - 1), bits), lo = -max;
  int64_t hi = max - (int64_t)count + 1, b = 0;
  switch (variant % 6) {
  case 0:
    b = 0;
    break;
  case 1:
    b = -(int64_t)(count / 2);
    break;
  case 2:
    b = hi;
    break;
  case 3:
    b = lo;
    break;
  case 4:
    b = md_sext(md_rng_next(r), bits);
    break;
  default: {
    /* k * d with |k * d| <= max, then back half the count */
    uint64_t ad = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
    uint64_t kmax = ad ? (uint64_t)max / ad : 0;
    int64_t k = (int64_t)md_rng_below(r, kmax + 1);
    if (md_rng_next(r) & 1)
      k = -k;
    b = (int64_t)((uint64_t)k * (uint64_t)d - count / 2);
    break;
  }
  }
  return b < lo ? lo : b > hi ? hi : b;
}

uint64_t md_vals_base_u(md_rng *r, int bits, uint64_t count, uint64_t d,
                        unsigned variant) {
  uint64_t max = md_mask(bits), b;
  switch (variant % 6) {
  case 0:
    b = 0;
    break;
  case 1:
    b = (1ull << (bits - 1)) - count / 2;
    break;
  case 2:
    b = max - count + 1;
    break;
  case 3:
    b = 0 - count / 2; /* wraps through max to 0 */
    break;
  case 4:
    b = md_rng_next(r);
    break;
  default:
    b = md_rng_below(r, max / (d ? d : 1) + 1) * d - count / 2;
    break;
  }
  return b & max;
}
