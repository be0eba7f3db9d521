/*
 * test_magic.c -- exactness tests of the magic-number generators
 * (runtime/src/desc/md_magic.c) through the reference evaluators of md_magic.h,
 * which are the exact device sequences.
 *
 *   test_magic u32|s32|u64|s64 [--seed S] [--pairs P]
 *   test_magic errors
 *
 * For one width it runs, comparing md_eval_* (and for signed widths also
 * md_eval_*_nonneg when n >= 0) against C's `/` and `%` (r = n - q*d):
 *   1. every divisor 1..2^16 (signed: also -2^16..-1) with the dividends
 *      that sit on the edges of d's residue classes (0, 1, d-1, d, d+1,
 *      k*d-1, k*d, k*d+1, the largest multiple of d, the largest n = d-1
 *      mod d, the maximum, ...; signed: both signs, MIN, MIN+1, -1);
 *   2. libdivide-style divisor edge sets (2^i, 2^i +- 1, 2^i +- 2, all-ones
 *      runs, alternating bit patterns, near max, near 2^(N-1), primes; both
 *      signs) x ~150-250 fixed edge dividends + the relative ones;
 *   3. P random (n, d) pairs (default 10^7) from a fixed, printed seed, d
 *      from a mix of log-uniform, uniform and near-power-of-two draws.
 * The only pair skipped is n = MIN, d = -1 (undefined in C, poison in IR).
 * It stops at the first mismatch, printing n, d, expected and got, and
 * exits 1; otherwise prints one summary line and exits 0.
 *
 * All candidate values travel as N-bit patterns in a uint64_t; each width
 * supplies set_divisor() and check() that reinterpret them.
 */
#include "magicdiv/md_magic.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------------------------------------------------------------- rng --- */
/* xoshiro256** seeded by splitmix64: fast, reproducible, good low bits. */
static uint64_t rng_s[4];

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void rng_seed(uint64_t seed) {
  for (int i = 0; i < 4; i++)
    rng_s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(void) {
  uint64_t r = rotl(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
  rng_s[2] ^= rng_s[0];
  rng_s[3] ^= rng_s[1];
  rng_s[1] ^= rng_s[2];
  rng_s[0] ^= rng_s[3];
  rng_s[2] ^= t;
  rng_s[3] = rotl(rng_s[3], 45);
  return r;
}

/* Uniform in [0, hi] (hi < 2^64 - 1 or anything: plain modulo bias is
 * irrelevant for a test). */
static uint64_t rng_upto(uint64_t hi) {
  return hi == UINT64_MAX ? rng_next() : rng_next() % (hi + 1);
}

/* -------------------------------------------------------- width table --- */
typedef struct width {
  const char *name;
  unsigned bits;
  int is_signed;
  /* Generate the magic of divisor pattern d; 0 on success. */
  int (*set_divisor)(uint64_t d);
  /* Compare the evaluators with C for dividend pattern n; 0 if equal. */
  int (*check)(uint64_t n);
} width;

static uint64_t n_checked; /* (n, d) pairs compared */

static int bad_magic(const char *w, int64_t d, uint64_t m, uint64_t a,
                     uint64_t s, unsigned bits) {
  /* Contract of md_magic.h: a in {0, m}, s < N, m != 0, m fits (by type). */
  if ((a != 0 && a != m) || s >= bits || m == 0) {
    printf("FAIL %s: bad magic for d=%" PRId64 ": m=%" PRIu64 " a=%" PRIu64
           " s=%" PRIu64 "\n", w, d, m, a, s);
    return 1;
  }
  return 0;
}

/* --- u32 --- */
static md_u32_magic g_u32;
static uint32_t d_u32;
static int set_u32(uint64_t d) {
  d_u32 = (uint32_t)d;
  if (md_magic_u32(d_u32, &g_u32) != MD_OK) {
    printf("FAIL u32: generator refused d=%" PRIu32 "\n", d_u32);
    return 1;
  }
  return bad_magic("u32", d_u32, g_u32.m, g_u32.a, g_u32.s, 32);
}
static int check_u32(uint64_t nb) {
  uint32_t n = (uint32_t)nb, d = d_u32;
  uint32_t eq = n / d, er = n % d;
  uint32_t q = md_eval_u32(n, &g_u32), r = n - q * d;
  n_checked++;
  if (q == eq && r == er)
    return 0;
  printf("FAIL u32: n=%" PRIu32 " d=%" PRIu32 " expected q=%" PRIu32
         " r=%" PRIu32 " got q=%" PRIu32 " r=%" PRIu32
         " (m=%" PRIu32 " a=%" PRIu32 " s=%" PRIu32 ")\n",
         n, d, eq, er, q, r, g_u32.m, g_u32.a, g_u32.s);
  return 1;
}

/* --- s32 --- */
static md_s32_magic g_s32;
static int32_t d_s32;
static int set_s32(uint64_t d) {
  d_s32 = (int32_t)(uint32_t)d;
  if (md_magic_s32(d_s32, &g_s32) != MD_OK) {
    printf("FAIL s32: generator refused d=%" PRId32 "\n", d_s32);
    return 1;
  }
  if (g_s32.dsgn != (d_s32 < 0 ? -1 : 0)) {
    printf("FAIL s32: d=%" PRId32 " dsgn=%" PRId32 "\n", d_s32, g_s32.dsgn);
    return 1;
  }
  return bad_magic("s32", d_s32, g_s32.m, g_s32.a, g_s32.s, 32);
}
static int check_s32(uint64_t nb) {
  int32_t n = (int32_t)(uint32_t)nb, d = d_s32;
  if (n == INT32_MIN && d == -1)
    return 0; /* undefined in C and poison in IR */
  int32_t eq = n / d, er = n % d;
  int32_t q = md_eval_s32(n, &g_s32);
  int32_t r = (int32_t)((uint32_t)n - (uint32_t)q * (uint32_t)d);
  int32_t qn = n >= 0 ? md_eval_s32_nonneg(n, &g_s32) : eq;
  n_checked++;
  if (q == eq && r == er && qn == eq)
    return 0;
  printf("FAIL s32: n=%" PRId32 " d=%" PRId32 " expected q=%" PRId32
         " r=%" PRId32 " got q=%" PRId32 " r=%" PRId32 " nonneg q=%" PRId32
         " (m=%" PRIu32 " a=%" PRIu32 " s=%" PRIu32 " dsgn=%" PRId32 ")\n",
         n, d, eq, er, q, r, qn, g_s32.m, g_s32.a, g_s32.s, g_s32.dsgn);
  return 1;
}

/* --- u64 --- */
static md_u64_magic g_u64;
static uint64_t d_u64;
static int set_u64(uint64_t d) {
  d_u64 = d;
  if (md_magic_u64(d_u64, &g_u64) != MD_OK) {
    printf("FAIL u64: generator refused d=%" PRIu64 "\n", d_u64);
    return 1;
  }
  return bad_magic("u64", (int64_t)d_u64, g_u64.m, g_u64.a, g_u64.s, 64);
}
static int check_u64(uint64_t n) {
  uint64_t d = d_u64;
  uint64_t eq = n / d, er = n % d;
  uint64_t q = md_eval_u64(n, &g_u64), r = n - q * d;
  /* the device forms: both limb evaluations of hi_64(n*m + a), the
   * remainder as q*(-d) + n, and the 32-bit remainder when d < 2^32 */
  uint64_t ql = md_eval_u64_dev(n, &g_u64);
  uint64_t qp = md_eval_u64_ptx(n, g_u64.m, g_u64.a) >> g_u64.s;
  uint64_t rd = md_eval_u64_rem(n, d, &g_u64);
  uint64_t r32 = d <= 0xffffffffu ? md_eval_u64_rem32(n, (uint32_t)d, &g_u64)
                                  : er;
  n_checked++;
  if (q == eq && r == er && ql == eq && qp == eq && rd == er && r32 == er)
    return 0;
  printf("FAIL u64 device forms: limbs q=%" PRIu64 " ptx q=%" PRIu64
         " rem=%" PRIu64 " rem32=%" PRIu64 "\n", ql, qp, rd, r32);
  printf("FAIL u64: n=%" PRIu64 " d=%" PRIu64 " expected q=%" PRIu64
         " r=%" PRIu64 " got q=%" PRIu64 " r=%" PRIu64
         " (m=%" PRIu64 " a=%" PRIu64 " s=%" PRIu64 ")\n",
         n, d, eq, er, q, r, g_u64.m, g_u64.a, g_u64.s);
  return 1;
}

/* --- s64 --- */
static md_s64_magic g_s64;
static int64_t d_s64;
static int set_s64(uint64_t d) {
  d_s64 = (int64_t)d;
  if (md_magic_s64(d_s64, &g_s64) != MD_OK) {
    printf("FAIL s64: generator refused d=%" PRId64 "\n", d_s64);
    return 1;
  }
  if (g_s64.dsgn != (d_s64 < 0 ? -1 : 0)) {
    printf("FAIL s64: d=%" PRId64 " dsgn=%" PRId64 "\n", d_s64, g_s64.dsgn);
    return 1;
  }
  return bad_magic("s64", d_s64, g_s64.m, g_s64.a, g_s64.s, 64);
}
static int check_s64(uint64_t nb) {
  int64_t n = (int64_t)nb, d = d_s64;
  if (n == INT64_MIN && d == -1)
    return 0;
  int64_t eq = n / d, er = n % d;
  int64_t q = md_eval_s64(n, &g_s64);
  int64_t r = (int64_t)((uint64_t)n - (uint64_t)q * (uint64_t)d);
  int64_t qn = n >= 0 ? md_eval_s64_nonneg(n, &g_s64) : eq;
  /* the device forms: limb core, r = q*(-d) + n, 32-bit remainder when d
   * fits signed 32 bits */
  int64_t qd = md_eval_s64_dev(n, &g_s64);
  int64_t rd = (int64_t)((uint64_t)qd * (0 - (uint64_t)d) + (uint64_t)n);
  int64_t r32 = (d >= INT32_MIN && d <= INT32_MAX)
                    ? md_eval_s64_rem32(n, (int32_t)d, &g_s64)
                    : er;
  n_checked++;
  if (q == eq && r == er && qn == eq && qd == eq && rd == er && r32 == er)
    return 0;
  printf("FAIL s64 device forms: q=%" PRId64 " rem=%" PRId64
         " rem32=%" PRId64 "\n", qd, rd, r32);
  printf("FAIL s64: n=%" PRId64 " d=%" PRId64 " expected q=%" PRId64
         " r=%" PRId64 " got q=%" PRId64 " r=%" PRId64 " nonneg q=%" PRId64
         " (m=%" PRIu64 " a=%" PRIu64 " s=%" PRIu64 " dsgn=%" PRId64 ")\n",
         n, d, eq, er, q, r, qn, g_s64.m, g_s64.a, g_s64.s, g_s64.dsgn);
  return 1;
}

static const width widths[] = {
    {"u32", 32, 0, set_u32, check_u32},
    {"s32", 32, 1, set_s32, check_s32},
    {"u64", 64, 0, set_u64, check_u64},
    {"s64", 64, 1, set_s64, check_s64},
};

/* ------------------------------------------------------- value sets --- */
#define MAXV 1024

static uint64_t mask_of(const width *w) {
  return w->bits == 64 ? UINT64_MAX : (((uint64_t)1 << w->bits) - 1);
}

/* Add v to set[*k] if it is in [0, lim]; values are magnitudes or patterns. */
static void add(uint64_t *set, int *k, uint64_t v, uint64_t lim) {
  if (v <= lim && *k < MAXV)
    set[(*k)++] = v;
}

/*
 * Magnitudes in [0, lim] at the edges of d's residue classes: the dividends
 * where q changes or where the error term of the magic is largest.
 */
static int rel_set(uint64_t d, uint64_t lim, uint64_t *set) {
  int k = 0;
  uint64_t kmax = lim / d, M = kmax * d; /* largest multiple of d <= lim */
  uint64_t ks[] = {1, 2, 3, kmax / 2, kmax - 1, kmax, rng_upto(kmax),
                   rng_upto(kmax)};
  add(set, &k, 0, lim);
  add(set, &k, 1, lim);
  add(set, &k, 2, lim);
  for (unsigned i = 0; i < sizeof ks / sizeof ks[0]; i++) {
    if (ks[i] == 0 || ks[i] > kmax)
      continue;
    uint64_t kd = ks[i] * d; /* <= M <= lim: no wrap */
    add(set, &k, kd - 1, lim);
    add(set, &k, kd, lim);
    if (kd < lim)
      add(set, &k, kd + 1, lim);
    if (kd <= lim - (d - 1))
      add(set, &k, kd + d - 1, lim); /* top of the class k*d .. k*d+d-1 */
  }
  add(set, &k, d - 1, lim);
  add(set, &k, M, lim);
  add(set, &k, M - 1, lim);
  /* largest n = d-1 (mod d) that is <= lim */
  add(set, &k, M <= lim - (d - 1) ? M + d - 1 : M - 1, lim);
  add(set, &k, lim, lim);
  add(set, &k, lim - 1, lim);
  add(set, &k, lim / 2, lim);
  add(set, &k, lim / 2 + 1, lim);
  return k;
}

/* Fixed edge patterns of N bits (libdivide-style numerators). */
static int fixed_set(const width *w, uint64_t *set) {
  uint64_t mask = mask_of(w);
  int k = 0;
  static const uint64_t pat[] = {
      0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull, 0x3333333333333333ull,
      0xCCCCCCCCCCCCCCCCull, 0x0F0F0F0F0F0F0F0Full, 0xF0F0F0F0F0F0F0F0ull,
      0x00FF00FF00FF00FFull, 0xFF00FF00FF00FF00ull, 0x7FFFFFFFFFFFFFFFull,
      0x8000000000000001ull, 0x123456789ABCDEF0ull, 0xFEDCBA9876543210ull};
  for (uint64_t v = 0; v <= 16; v++)
    add(set, &k, v, mask);
  for (unsigned i = 0; i < w->bits; i++) {
    uint64_t p = (uint64_t)1 << i;
    add(set, &k, p, mask);
    add(set, &k, p - 1, mask);
    add(set, &k, p + 1, mask);
    add(set, &k, (mask << i) & mask, mask); /* high ones */
  }
  for (unsigned i = 0; i < sizeof pat / sizeof pat[0]; i++) {
    add(set, &k, pat[i] & mask, mask);
    add(set, &k, (pat[i] >> 1) & mask, mask);
  }
  for (uint64_t j = 0; j < 8; j++) {
    add(set, &k, mask - j, mask);
    add(set, &k, (mask >> 1) - j, mask);       /* near signed max */
    add(set, &k, ((mask >> 1) + 1 + j) & mask, mask); /* near signed min */
  }
  return k;
}

/* libdivide-style divisor edge set (unsigned magnitudes / patterns). */
static int divisor_edge_set(const width *w, uint64_t *set) {
  uint64_t mask = mask_of(w);
  int k = 0;
  static const uint64_t odd[] = {3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 25, 125,
                                 641, 6700417, 274177, 67280421310721ull,
                                 4294967291ull, 4294967279ull,
                                 18446744073709551557ull, 1000000007ull,
                                 0x7FFFFFFFull, 0x80000001ull, 0xFFFFFFFFull};
  for (unsigned i = 0; i < w->bits; i++) {
    uint64_t p = (uint64_t)1 << i;
    for (int j = -2; j <= 2; j++)
      add(set, &k, (p + (uint64_t)(int64_t)j) & mask, mask);
    add(set, &k, mask >> i, mask);          /* low ones */
    add(set, &k, (mask << i) & mask, mask); /* high ones */
    add(set, &k, (0x5555555555555555ull >> i) & mask, mask);
    add(set, &k, (0xAAAAAAAAAAAAAAAAull >> i) & mask, mask);
    add(set, &k, (0x3333333333333333ull >> i) & mask, mask);
    add(set, &k, (0xCCCCCCCCCCCCCCCCull >> i) & mask, mask);
  }
  for (unsigned i = 0; i < sizeof odd / sizeof odd[0]; i++)
    add(set, &k, odd[i] & mask, mask);
  for (uint64_t j = 0; j < 32; j++) {
    add(set, &k, mask - j, mask);
    add(set, &k, (mask >> 1) - j, mask);
    add(set, &k, (mask >> 1) + 1 + j, mask);
  }
  return k;
}

/* ---------------------------------------------------------- drivers --- */
/*
 * Check every relative dividend of divisor pattern d.  Unsigned: magnitudes
 * up to 2^N-1.  Signed: magnitudes of |d| up to 2^(N-1), each with both
 * signs (+2^(N-1) is not representable and is skipped; -2^(N-1) = MIN).
 */
static int check_rel(const width *w, uint64_t d) {
  uint64_t mask = mask_of(w), set[MAXV];
  if (!w->is_signed) {
    int k = rel_set(d, mask, set);
    for (int i = 0; i < k; i++)
      if (w->check(set[i]))
        return 1;
    return 0;
  }
  uint64_t half = (mask >> 1) + 1; /* 2^(N-1) */
  uint64_t ud = (d >> (w->bits - 1)) & 1 ? (0 - d) & mask : d;
  /* Classes below both limits: |n| <= 2^(N-1) (negative) and < (positive). */
  for (uint64_t lim = half - 1; lim <= half; lim++) {
    int k = rel_set(ud, lim, set);
    for (int i = 0; i < k; i++) {
      if (set[i] < half && w->check(set[i]))
        return 1;
      if (w->check((0 - set[i]) & mask))
        return 1;
    }
  }
  return 0;
}

static int check_fixed(const width *w, const uint64_t *fx, int nfx) {
  uint64_t mask = mask_of(w);
  for (int i = 0; i < nfx; i++) {
    if (w->check(fx[i]))
      return 1;
    if (w->is_signed && w->check((0 - fx[i]) & mask))
      return 1;
  }
  return 0;
}

/* Part 1: every divisor 1..2^16 (and -2^16..-1 when signed). */
static int part_small(const width *w, uint64_t *ndiv) {
  uint64_t mask = mask_of(w);
  for (uint64_t v = 1; v <= 65536; v++) {
    for (int neg = 0; neg <= w->is_signed; neg++) {
      uint64_t d = neg ? (0 - v) & mask : v;
      if (w->set_divisor(d) || check_rel(w, d))
        return 1;
      ++*ndiv;
    }
  }
  return 0;
}

/* Part 2: divisor edge set x (fixed + relative) dividends. */
static int part_edges(const width *w, uint64_t *ndiv) {
  uint64_t mask = mask_of(w), ds[MAXV], fx[MAXV];
  int nd = divisor_edge_set(w, ds), nfx = fixed_set(w, fx);
  for (int i = 0; i < nd; i++) {
    for (int neg = 0; neg <= w->is_signed; neg++) {
      uint64_t d = neg ? (0 - ds[i]) & mask : ds[i];
      if (d == 0)
        continue;
      if (w->set_divisor(d) || check_rel(w, d) || check_fixed(w, fx, nfx))
        return 1;
      ++*ndiv;
    }
  }
  return 0;
}

/* A divisor pattern: log-uniform magnitude, uniform pattern, or 2^k + j. */
static uint64_t draw_divisor(const width *w) {
  uint64_t mask = mask_of(w), d;
  unsigned nb = w->bits - (unsigned)w->is_signed; /* magnitude bits */
  switch (rng_next() % 4) {
  case 0:
  case 1: {
    unsigned b = 1 + (unsigned)(rng_next() % nb);
    uint64_t top = (uint64_t)1 << (b - 1);
    d = top | (rng_next() & (top - 1));
    break;
  }
  case 2:
    d = rng_next() & mask;
    break;
  default:
    d = (((uint64_t)1 << (rng_next() % w->bits)) +
         (uint64_t)((int64_t)(rng_next() % 5) - 2)) & mask;
    break;
  }
  if (w->is_signed && (rng_next() & 1))
    d = (0 - d) & mask;
  return d == 0 ? 1 : d;
}

/* A dividend pattern for divisor pattern d. */
static uint64_t draw_dividend(const width *w, uint64_t d) {
  uint64_t mask = mask_of(w), n;
  unsigned nb = w->bits - (unsigned)w->is_signed;
  uint64_t lim = w->is_signed ? mask >> 1 : mask;
  uint64_t ud = w->is_signed && ((d >> (w->bits - 1)) & 1) ? (0 - d) & mask : d;
  switch (rng_next() % 4) {
  case 0:
    return rng_next() & mask; /* uniform pattern: any sign */
  case 1: {
    unsigned b = (unsigned)(rng_next() % (nb + 1));
    n = b == 0 ? 0 : (rng_next() & (((uint64_t)1 << (b - 1)) * 2 - 1));
    break;
  }
  case 2: {
    if (ud > lim) { /* |d| = 2^(N-1): only 0 and +-|d| matter */
      n = rng_next() & 1 ? ud : 0;
      break;
    }
    uint64_t kd = rng_upto(lim / ud) * ud;
    int64_t j = (int64_t)(rng_next() % 3) - 1;
    n = (j < 0 && kd == 0) || (j > 0 && kd == lim) ? kd : kd + (uint64_t)j;
    break;
  }
  default:
    n = lim - (rng_next() % 64);
    break;
  }
  if (w->is_signed && (rng_next() & 1))
    n = (0 - n) & mask;
  return n & mask;
}

/* Part 3: random pairs, a new divisor for every pair. */
static int part_random(const width *w, uint64_t pairs) {
  for (uint64_t i = 0; i < pairs; i++) {
    uint64_t d = draw_divisor(w);
    if (w->set_divisor(d) || w->check(draw_dividend(w, d)))
      return 1;
  }
  return 0;
}

/* -------------------------------------------------------- error paths --- */
static int test_errors(void) {
  md_u32_magic u32 = {7, 7, 7};
  md_s32_magic s32 = {7, 7, 7, 7};
  md_u64_magic u64 = {7, 7, 7};
  md_s64_magic s64 = {7, 7, 7, 7};
  int bad = 0;
#define EXPECT(call, want)                                                     \
  do {                                                                         \
    int got_ = (call);                                                         \
    if (got_ != (want)) {                                                      \
      printf("FAIL errors: %s returned %d, expected %d\n", #call, got_,       \
             (want));                                                          \
      bad = 1;                                                                 \
    }                                                                          \
  } while (0)
  EXPECT(md_magic_u32(0, &u32), MD_ERR_DIV_ZERO);
  EXPECT(md_magic_s32(0, &s32), MD_ERR_DIV_ZERO);
  EXPECT(md_magic_u64(0, &u64), MD_ERR_DIV_ZERO);
  EXPECT(md_magic_s64(0, &s64), MD_ERR_DIV_ZERO);
  EXPECT(md_magic_u32(3, NULL), MD_ERR_INVALID);
  EXPECT(md_magic_s32(-3, NULL), MD_ERR_INVALID);
  EXPECT(md_magic_u64(3, NULL), MD_ERR_INVALID);
  EXPECT(md_magic_s64(-3, NULL), MD_ERR_INVALID);
  EXPECT(md_magic_u32(0, NULL), MD_ERR_INVALID);
  EXPECT(md_magic_s64(0, NULL), MD_ERR_INVALID);
  /* On error the output is left untouched. */
  if (u32.m != 7 || u32.a != 7 || u32.s != 7 || s32.dsgn != 7 ||
      u64.m != 7 || s64.dsgn != 7) {
    printf("FAIL errors: output written on error\n");
    bad = 1;
  }
  /* Documented fixed points: d = 1 and powers of two. */
  EXPECT(md_magic_u32(1, &u32), MD_OK);
  if (u32.m != UINT32_MAX || u32.a != UINT32_MAX || u32.s != 0) {
    printf("FAIL errors: u32 magic of 1 is m=%u a=%u s=%u\n", u32.m, u32.a,
           u32.s);
    bad = 1;
  }
  EXPECT(md_magic_s64(INT64_MIN, &s64), MD_OK);
  if (s64.m != UINT64_MAX || s64.a != UINT64_MAX || s64.s != 63 ||
      s64.dsgn != -1) {
    printf("FAIL errors: s64 magic of INT64_MIN wrong\n");
    bad = 1;
  }
  EXPECT(md_magic_s32(INT32_MIN, &s32), MD_OK);
  if (s32.m != UINT32_MAX || s32.a != UINT32_MAX || s32.s != 31 ||
      s32.dsgn != -1) {
    printf("FAIL errors: s32 magic of INT32_MIN wrong\n");
    bad = 1;
  }
#undef EXPECT
  printf("magic errors: %s (d=0, NULL, untouched output, d=1, MIN)\n",
         bad ? "FAILED" : "ok");
  return bad;
}

/* --------------------------------------------------------------- main --- */
static int usage(void) {
  fprintf(stderr, "usage: test_magic u32|s32|u64|s64 [--seed S] [--pairs P]\n"
                  "       test_magic errors\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  if (strcmp(argv[1], "errors") == 0)
    return test_errors();
  const width *w = NULL;
  for (unsigned i = 0; i < sizeof widths / sizeof widths[0]; i++)
    if (strcmp(argv[1], widths[i].name) == 0)
      w = &widths[i];
  if (w == NULL)
    return usage();
  uint64_t seed = 0x6D61676963646976ull; /* "magicdiv" */
  uint64_t pairs = 10000000;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--seed") == 0)
      seed = strtoull(argv[i + 1], NULL, 0);
    else if (strcmp(argv[i], "--pairs") == 0)
      pairs = strtoull(argv[i + 1], NULL, 0);
    else
      return usage();
  }
  rng_seed(seed);
  printf("magic %s: seed=0x%016" PRIx64 " pairs=%" PRIu64 "\n", w->name, seed,
         pairs);
  fflush(stdout);
  clock_t t0 = clock();
  uint64_t nsmall = 0, nedge = 0;
  int fail = part_small(w, &nsmall) || part_edges(w, &nedge) ||
             part_random(w, pairs);
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  printf("magic %s: %s: %" PRIu64 " small divisors, %" PRIu64
         " edge divisors, %" PRIu64 " random pairs, %" PRIu64
         " checks, %.2f s\n",
         w->name, fail ? "FAILED" : "ok", nsmall, nedge, pairs, n_checked,
         secs);
  return fail;
}
