/*
 * d_inkernel.c -- driver of k_inkernel.c: every in-kernel kernel against
 * its reference (the same source compiled without the pass, names
 * suffixed _ref), the constant struct written between runs.
 *   8-bit:  every divisor and every dividend (exhaustive);
 *   16-bit: every divisor, 256 dividends each (edges and random);
 *   64-bit: every divisor below 2^16, edges (powers of two and their
 *           neighbours up to 2^63, both sides of 2^31 and 2^32 where the
 *           fast path ends, 2^64 - 1, INT64_MIN, negatives) and
 *           log-uniform random ones, 32 dividends each (the last four
 *           multiples of d near 2^64 (s64: 2^63) and 2^63, and one less);
 *   32-bit: edge divisors (1..4096, powers of two and their neighbours,
 *           the ends of the range, both signs) and log-uniform random ones,
 *           64 dividends each (edges and random); `--full` adds every
 *           divisor below 2^24 and the 2^24 below 2^32 (u32), run outside
 *           the suite.
 *   vectors: <4 x i32> and <2 x i64> by a splat of a constant field (split
 *           into lanes), over the 32- and 64-bit divisors, 32 dividends;
 *   index:  Inductor's index math (dividends of unknown sign, the sign
 *           guard): every pid * 1024 for four divisor pairs, the 32-bit
 *           divisors with edge and random pids, loops whose index
 *           crosses into the negatives (the next index computed after
 *           the divisions, and before);
 * Divisor 0 traps on the CPU and is not run (its branch keeps the original
 * division, test/ir/inkernel); INT_MIN / -1 is undefined and skipped.
 * Prints one PASSED / FAILED line per kernel.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "k_inkernel.h"

struct ik_params ik_P;

#define NN 256
static uint64_t ik_rng = 0x9E3779B97F4A7C15ull;
static uint64_t ik_rand(void) {
  ik_rng ^= ik_rng << 13;
  ik_rng ^= ik_rng >> 7;
  ik_rng ^= ik_rng << 17;
  return ik_rng;
}

/* n dividends of w bits: the edges of both signs, then random ones. */
static unsigned ik_nums(uint64_t *v, unsigned n, unsigned w) {
  uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1, top = 1ull << (w - 1);
  uint64_t e[] = {0, 1, 2, 3, 7, 10, 100, 1000, top - 1, top, top + 1,
                  mask, mask - 1, mask - 2, mask >> 2, (mask >> 2) + 1};
  unsigned i, k = 0;
  for (i = 0; i < sizeof e / sizeof e[0] && k < n; i++)
    v[k++] = e[i] & mask;
  while (k < n)
    v[k++] = (ik_rand() >> (ik_rand() % w)) & mask;
  return k;
}

/* One kernel pair over divisor d: 0 when equal. */
#define IK_RUN(T, WIDTH, SGN)                                                     \
  static int ik_cmp_##T(void (*k)(T *, const T *, T, int),                     \
                        void (*r)(T *, const T *, T, int),                     \
                        void (*kc)(T *, const T *, int),                       \
                        void (*rc)(T *, const T *, int), T *field, T d,        \
                        const T *in, int n) {                                  \
    static T o1[2 * 65536], o2[2 * 65536], in2[65536];                                \
    int i, m = 0;                                                              \
    for (i = 0; i < n; i++) /* skip MIN / -1 */                                \
      if (!(SGN && d == (T)-1 &&                                               \
            ((WIDTH == 32 && (int64_t)in[i] == INT32_MIN) ||                   \
             (WIDTH == 64 && (int64_t)in[i] == INT64_MIN))))                   \
        in2[m++] = in[i];                                                      \
    if (k) {                                                                   \
      k(o1, in2, d, m);                                                        \
      r(o2, in2, d, m);                                                        \
    } else {                                                                   \
      *field = d;                                                              \
      kc(o1, in2, m);                                                          \
      rc(o2, in2, m);                                                          \
    }                                                                          \
    if (memcmp(o1, o2, 2 * (size_t)m * sizeof(T)) == 0)                        \
      return 0;                                                                \
    for (i = 0; i < 2 * m; i++)                                                \
      if (o1[i] != o2[i]) {                                                    \
        printf("mismatch: d=%lld n=%lld %s: got %lld want %lld\n",             \
               (long long)d, (long long)in2[i / 2], i % 2 ? "rem" : "div",     \
               (long long)o1[i], (long long)o2[i]);                            \
        break;                                                                 \
      }                                                                        \
    return 1;                                                                  \
  }
IK_RUN(uint64_t, 64, 0)
IK_RUN(int64_t, 64, 1)
IK_RUN(uint32_t, 32, 0)
IK_RUN(int32_t, 32, 1)
IK_RUN(uint16_t, 16, 0)
IK_RUN(int16_t, 16, 1)
IK_RUN(uint8_t, 8, 0)
IK_RUN(int8_t, 8, 1)

#define IK_DECL(T, a, c)                                                       \
  void a(T *, const T *, T, int);                                              \
  void a##_ref(T *, const T *, T, int);                                        \
  void c(T *, const T *, int);                                                 \
  void c##_ref(T *, const T *, int);
IK_DECL(uint64_t, ik_arg_u64, ik_c_u64)
IK_DECL(int64_t, ik_arg_s64, ik_c_s64)
IK_DECL(uint32_t, ik_arg_u32, ik_c_u32)
IK_DECL(int32_t, ik_arg_s32, ik_c_s32)
IK_DECL(uint16_t, ik_arg_u16, ik_c_u16)
IK_DECL(int16_t, ik_arg_s16, ik_c_s16)
IK_DECL(uint8_t, ik_arg_u8, ik_c_u8)
IK_DECL(int8_t, ik_arg_s8, ik_c_s8)
void ik_c_v4u32(uint32_t *, const uint32_t *, int);
void ik_c_v4u32_ref(uint32_t *, const uint32_t *, int);
void ik_c_v2s64(int64_t *, const int64_t *, int);
void ik_c_v2s64_ref(int64_t *, const int64_t *, int);
void ik_c_unrolled(int32_t *, const int32_t *);
void ik_c_unrolled_ref(int32_t *, const int32_t *);
void ik_c_once(uint32_t *, const uint32_t *);
void ik_arg_index(int32_t *, int32_t, int32_t, int32_t, int32_t);
void ik_arg_index_ref(int32_t *, int32_t, int32_t, int32_t, int32_t);
void ik_arg_rindex(int32_t *, int32_t, int32_t, int32_t, int32_t);
void ik_arg_rindex_ref(int32_t *, int32_t, int32_t, int32_t, int32_t);
void ik_arg_rnext(int32_t *, int32_t, int32_t, int32_t, int32_t);
void ik_arg_rnext_ref(int32_t *, int32_t, int32_t, int32_t, int32_t);
void ik_c_once_ref(uint32_t *, const uint32_t *);
void ik_c_callee(int32_t *, const int32_t *, int, int);
void ik_c_callee_ref(int32_t *, const int32_t *, int, int);

/* 32-bit divisors: edges of both signs, then log-uniform random ones. */
static unsigned ik_divs32(uint32_t *v, unsigned cap, int full) {
  unsigned k = 0, i;
  uint64_t x;
  for (x = 1; x <= 4096; x++)
    v[k++] = (uint32_t)x;
  for (i = 2; i < 32; i++) {
    v[k++] = (1u << i) - 1;
    v[k++] = (1u << i) + 1;
    v[k++] = 1u << i;
  }
  v[k++] = 0xFFFFFFFFu;
  v[k++] = 0xFFFFFFFEu;
  v[k++] = 0x80000000u;
  v[k++] = 0x7FFFFFFFu;
  for (x = 1; x <= 4096; x++)
    v[k++] = (uint32_t)(0 - x); /* negative as s32 */
  while (k < cap - (full ? (1u << 25) : 0)) {
    uint32_t r = (uint32_t)(ik_rand() >> (32 + ik_rand() % 32));
    if (r)
      v[k++] = r;
  }
  for (x = 0; full && x < (1u << 24); x++) {
    v[k++] = (uint32_t)x + 1;
    v[k++] = 0xFFFFFFFFu - (uint32_t)x;
  }
  return k;
}

/* The last four of n 64-bit dividends: the largest multiple of d (d > 0;
 * signed: below 2^63), one less, and the same near half of it: where a
 * magic one too small first errs. */
static void ik_mults(uint64_t *v, unsigned n, uint64_t d, int sgn) {
  uint64_t top = sgn ? ~0ull >> 1 : ~0ull, x;
  if (sgn && d >> 63)
    return; /* d < 0 */
  x = top - top % d;
  v[n - 1] = x;
  v[n - 2] = x - 1;
  x /= 2;
  v[n - 3] = x - x % d;
  v[n - 4] = v[n - 3] - 1;
}

/* 64-bit divisors: every one below 2^16, the edges, then log-uniform
 * random ones (a third of them below 2^32, where the fast path is). */
static unsigned ik_divs64(uint64_t *v, unsigned cap) {
  unsigned k = 0, i;
  uint64_t x;
  for (x = 1; x <= 65536; x++)
    v[k++] = x;
  for (i = 2; i < 64; i++)
    for (x = 0; x < 7; x++)
      v[k++] = (1ull << i) + x - 3;
  v[k++] = ~0ull;
  v[k++] = ~0ull - 1;
  v[k++] = 1ull << 63;
  v[k++] = (1ull << 63) - 1;
  for (x = 1; x <= 4096; x++)
    v[k++] = 0 - x; /* negative as s64 */
  /* the first divisors whose 64-bit step needs its upper correction
   * (docs/MATH.md 11.1) */
  v[k++] = 118838585;
  v[k++] = 131543973;
  v[k++] = 237677170;
  v[k++] = 263087946;
  v[k++] = 469656231;
  while (k < cap) {
    uint64_t r = ik_rand() >> (ik_rand() % (k % 3 ? 64 : 32) + (k % 3 ? 0 : 32));
    if (r)
      v[k++] = r;
  }
  return k;
}

#define IK_SWEEP(T, W, a, c, fld, nd, dv, nn)                                  \
  do {                                                                         \
    unsigned i, j, bad = 0;                                                    \
    static uint64_t raw[65536];                                                \
    static T in[65536];                                                        \
    for (i = 0; i < (nd) && bad < 3; i++) {                                    \
      T d = (T)(dv);                                                           \
      if (d == 0)                                                              \
        continue;                                                              \
      if ((uint64_t)(nn) >> ((W) - 1) == 2) /* nn = 2^W: every n */           \
        for (j = 0; j < (nn); j++)                                             \
          in[j] = (T)j;                                                        \
      else {                                                                   \
        ik_nums(raw, (nn), W);                                                 \
        if ((W) == 64)                                                         \
          ik_mults(raw, (nn), (uint64_t)d, (T)(1ull << ((W)-1)) < (T)1);       \
        for (j = 0; j < (nn); j++)                                             \
          in[j] = (T)raw[j];                                                   \
      }                                                                        \
      bad += ik_cmp_##T(a, a##_ref, NULL, NULL, NULL, d, in, (int)(nn));       \
      bad += ik_cmp_##T(NULL, NULL, c, c##_ref, &ik_P.fld, d, in, (int)(nn));  \
    }                                                                          \
    printf("%s: %s and %s over %u divisors\n", bad ? "FAILED" : "PASSED", #a, \
           #c, (unsigned)(nd));                                                \
    fails += bad != 0;                                                         \
  } while (0)

/* The vector kernels (lanes of one divisor) over the 64- and 32-bit
 * divisors: 0 when equal to the reference. */
static uint32_t ik_dv[(1u << 25) + 400000];
static uint64_t ik_dv64[150000];
static int ik_vectors(unsigned nd64, unsigned nd) {
  static uint64_t raw[32];
  uint32_t u[32], o1[64], o2[64];
  int64_t sv[32], p1[64], p2[64];
  unsigned i, j;
  for (i = 0; i < nd64 + nd; i++) {
    ik_nums(raw, 32, 64);
    for (j = 0; j < 32; j++) {
      u[j] = (uint32_t)raw[j];
      sv[j] = (int64_t)raw[j] == INT64_MIN ? 0 : (int64_t)raw[j];
    }
    ik_P.u32 = i < nd ? ik_dv[i] : 7;
    ik_P.s64 = i < nd64 ? (int64_t)ik_dv64[i] : 7;
    if (ik_P.s64 == 0 || ik_P.u32 == 0)
      continue;
    ik_c_v4u32(o1, u, 8);
    ik_c_v4u32_ref(o2, u, 8);
    ik_c_v2s64(p1, sv, 16);
    ik_c_v2s64_ref(p2, sv, 16);
    if (memcmp(o1, o2, sizeof o1) || memcmp(p1, p2, sizeof p1)) {
      printf("FAILED: vector kernels, d=%u / %lld\n", ik_P.u32,
             (long long)ik_P.s64);
      return 1;
    }
  }
  return 0;
}

/* One run of ik_arg_index against its reference: 0 when equal or not
 * defined (a divisor 0, or -1 where a dividend is INT_MIN). */
static int ik_index1(int32_t pid, int32_t t, int32_t ks0, int32_t ks1) {
  int32_t o1[32], o2[32];
  int32_t ks01 = (int32_t)((uint32_t)ks0 * (uint32_t)ks1);
  if (!ks0 || !ks1 || !ks01 ||
      ((ks0 == -1 || ks1 == -1 || ks01 == -1) &&
       ((uint32_t)pid << 10) == 0x80000000u))
    return 0;
  ik_arg_index(o1, pid, t, ks0, ks1);
  ik_arg_index_ref(o2, pid, t, ks0, ks1);
  if (!memcmp(o1, o2, sizeof o1))
    return 0;
  printf("FAILED: ik_arg_index, pid=%d t=%d ks0=%d ks1=%d\n", pid, t, ks0, ks1);
  return 1;
}

/* Inductor's index kernels (the sign guard): ik_arg_index over every
 * pid * 1024 (both signs, INT_MIN) for a few divisor pairs, and over the
 * 32-bit divisors with edge and random pids; ik_arg_rindex with steps
 * that cross into the negatives (and INT_MIN) in the loop.  0 when equal. */
static int ik_index(const uint32_t *dv, unsigned nd) {
  static const int32_t pair[][2] = {{7, 3}, {1000, 1}, {3, 65535}, {-7, 5}};
  static const uint32_t pid[] = {0, 1, 2, (1u << 21) - 1, 1u << 21,
                                 (1u << 21) + 1, (1u << 22) - 1, 3u << 20};
  int32_t o1[192], o2[192];
  uint32_t p, i;
  for (i = 0; i < 4; i++)
    for (p = 0; p < (1u << 22); p += i < 2 ? 1 : 7)
      if (ik_index1((int32_t)p, (int32_t)ik_rand(), pair[i][0], pair[i][1]))
        return 1;
  for (i = 0; i < 4 * nd && i < 400000; i++)
    if (ik_index1((int32_t)(i % 3 ? (uint32_t)ik_rand() : pid[i % 8]),
                  (int32_t)ik_rand(), (int32_t)dv[i % nd],
                  (int32_t)dv[(7 * i + 3) % nd]))
      return 1;
  for (i = 0; i < 20000; i++) {
    int32_t d = (int32_t)dv[i % nd], t = (int32_t)ik_rand();
    int32_t step = i % 4 == 0   ? 1 << 30
                   : i % 4 == 1 ? INT32_MAX - (int32_t)(i % 5)
                                : (int32_t)(ik_rand() >> (i % 31));
    if (d == 0 || d == -1)
      continue;
    ik_arg_rindex(o1, t, d, 64, step);
    ik_arg_rindex_ref(o2, t, d, 64, step);
    if (memcmp(o1, o2, 128 * sizeof o1[0])) {
      printf("FAILED: ik_arg_rindex, t=%d d=%d step=%d\n", t, d, step);
      return 1;
    }
    ik_arg_rnext(o1, t, d, 64, step);
    ik_arg_rnext_ref(o2, t, d, 64, step);
    if (memcmp(o1, o2, sizeof o1)) {
      printf("FAILED: ik_arg_rnext, t=%d d=%d step=%d\n", t, d, step);
      return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  int full = argc > 1 && strcmp(argv[1], "--full") == 0, fails = 0;
  unsigned nd = ik_divs32(ik_dv, full ? (1u << 25) + 300000 : 150000, full);
  int32_t in8[8] = {INT32_MIN + 1, -7, 12345678, INT32_MAX, 0, 1, -1, 99},
          o1[16], o2[16], in24[24], c1[49], c2[49];
  uint32_t u1, u2, un = 0xFFFFFFFFu;
  IK_SWEEP(uint8_t, 8, ik_arg_u8, ik_c_u8, u8, 256, i, 256);
  IK_SWEEP(int8_t, 8, ik_arg_s8, ik_c_s8, s8, 256, i, 256);
  IK_SWEEP(uint16_t, 16, ik_arg_u16, ik_c_u16, u16, 65536, i, 256);
  IK_SWEEP(int16_t, 16, ik_arg_s16, ik_c_s16, s16, 65536, i, 256);
  unsigned nd64 = ik_divs64(ik_dv64, 150000);
  IK_SWEEP(uint64_t, 64, ik_arg_u64, ik_c_u64, u64, nd64, ik_dv64[i], 32);
  IK_SWEEP(int64_t, 64, ik_arg_s64, ik_c_s64, s64, nd64, ik_dv64[i], 32);
  IK_SWEEP(uint32_t, 32, ik_arg_u32, ik_c_u32, u32, nd, ik_dv[i], 64);
  IK_SWEEP(int32_t, 32, ik_arg_s32, ik_c_s32, s32, nd, ik_dv[i], 64);
  for (unsigned i = 0; i < 10000; i++) { /* straight-line and once */
    ik_P.s32 = (int32_t)ik_dv[i % nd];
    ik_P.u32 = ik_dv[i % nd];
    if (ik_P.s32 == 0 || ik_P.s32 == -1)
      continue;
    ik_c_unrolled(o1, in8);
    ik_c_unrolled_ref(o2, in8);
    ik_c_once(&u1, &un);
    ik_c_once_ref(&u2, &un);
    for (unsigned j = 0; j < 24; j++)
      in24[j] = j < 8 ? in8[j] : (int32_t)ik_rand();
    ik_c_callee(c1, in24, 3, 8);
    ik_c_callee_ref(c2, in24, 3, 8);
    if (memcmp(o1, o2, sizeof o1) || u1 != u2 || memcmp(c1, c2, sizeof c1)) {
      printf("FAILED: ik_c_unrolled / ik_c_once / ik_c_callee, d=%d\n",
             ik_P.s32);
      return 1;
    }
  }
  printf("PASSED: ik_c_unrolled, ik_c_once and ik_c_callee\n");
  if (ik_vectors(nd64, nd))
    return 1;
  printf("PASSED: ik_c_v4u32 and ik_c_v2s64\n");
  if (ik_index(ik_dv, nd))
    return 1;
  printf("PASSED: ik_arg_index, ik_arg_rindex and ik_arg_rnext\n");
  printf(fails ? "in-kernel: %d FAILED\n" : "in-kernel: all PASSED\n", fails);
  return fails != 0;
}
