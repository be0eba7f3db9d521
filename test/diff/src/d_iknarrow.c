/*
 * d_iknarrow.c -- driver of test/diff/inkernel-narrow.test: each kernel of
 * k_iknarrow.ll, transformed, against its reference (ref_, the same IR
 * without the pass) on the same inputs.  Divisors (i64): every one in
 * [1, 4096], the edges of the narrow form's range (2^31 - 1 and 2^31
 * where the fast path ends, 2^32 +- 1), powers of two and their
 * neighbours, the extremes and negatives (the slow path), and log-uniform
 * random ones of both signs.  Dividends: ikn_index every pid with the top
 * bits that make pid << 10 negative and wrap, edge and random pids and
 * thread ids; ikn_loop steps through INT32_MIN; ikn_i16 every i16;
 * (for d <= 512 and every 16th other divisor); ikn_u / ikn_zext /
 * ikn_nneg / ikn_wide the i32 (i64) edges and random values.
 * ikn_index, ikn_chain and ikn_chainloop also at x = INT_MIN by -1 (a quotient of
 * 2^31, which the remainder sites then divide: no 32-bit dividend).
 * Division by 0 traps on the CPU and is not run (its branch keeps the
 * original division).  Prints one PASSED line per kernel or the first
 * difference.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void ikn_index(int64_t *, int32_t, int32_t, int64_t, int64_t);
void ref_index(int64_t *, int32_t, int32_t, int64_t, int64_t);
void ikn_loop(int64_t *, int32_t, int64_t, int32_t, int32_t);
void ref_loop(int64_t *, int32_t, int64_t, int32_t, int32_t);
void ikn_u(int64_t *, const uint32_t *, uint64_t, int32_t);
void ref_u(int64_t *, const uint32_t *, uint64_t, int32_t);
void ikn_nneg(int64_t *, const int32_t *, int64_t, int32_t);
void ref_nneg(int64_t *, const int32_t *, int64_t, int32_t);
void ikn_i16(int64_t *, const int16_t *, int64_t, int32_t);
void ref_i16(int64_t *, const int16_t *, int64_t, int32_t);
void ikn_wide(int64_t *, const int64_t *, int64_t, int32_t);
void ref_wide(int64_t *, const int64_t *, int64_t, int32_t);
void ikn_zext(int64_t *, const uint32_t *, int64_t, int32_t);
void ikn_chain(int64_t *, int32_t, int32_t, const int64_t *, int64_t);
void ref_chain(int64_t *, int32_t, int32_t, const int64_t *, int64_t);
void ikn_chainloop(int64_t *, int32_t, int32_t, int64_t, int64_t, int32_t);
void ref_chainloop(int64_t *, int32_t, int32_t, int64_t, int64_t, int32_t);
void ref_zext(int64_t *, const uint32_t *, int64_t, int32_t);

#define NIN 512
#define ND 8192

static uint64_t nw_state = 0x9e3779b97f4a7c15u;

static uint64_t nw_rand(void) {
  nw_state ^= nw_state << 13;
  nw_state ^= nw_state >> 7;
  nw_state ^= nw_state << 17;
  return nw_state;
}

/* The divisors: 1..4096, edges, random of every magnitude, both signs. */
static unsigned nw_divisors(int64_t *d) {
  static const int64_t edge[] = {
      INT32_MAX - 1, INT32_MAX, (int64_t)INT32_MAX + 1, (int64_t)INT32_MAX + 2,
      (int64_t)UINT32_MAX - 1, UINT32_MAX, (int64_t)UINT32_MAX + 1,
      (int64_t)UINT32_MAX + 2, INT64_MAX, INT64_MAX - 1, INT64_MIN,
      INT64_MIN + 1, -1, -2, -3, -7, -1000, INT32_MIN, (int64_t)INT32_MIN - 1,
      (int64_t)INT32_MIN + 1, -(int64_t)UINT32_MAX - 1, 1000003, 1 << 30,
      (1 << 30) + 1, (1 << 30) - 1, 46341, 65535, 65536, 65537};
  unsigned n = 0, i, k;
  for (i = 1; i <= 4096; i++)
    d[n++] = i;
  for (i = 0; i < sizeof edge / sizeof edge[0]; i++)
    d[n++] = edge[i];
  for (k = 13; k < 63; k++) { /* powers of two and their neighbours */
    d[n++] = (int64_t)1 << k;
    d[n++] = ((int64_t)1 << k) - 1;
    d[n++] = ((int64_t)1 << k) + 1;
    d[n++] = -((int64_t)1 << k);
  }
  while (n < 6000) {
    int64_t v = (int64_t)(nw_rand() >> (1 + nw_rand() % 63));
    if (v)
      d[n++] = nw_rand() & 1 ? -v : v;
  }
  return n;
}

static const int32_t NW_EDGE32[] = {0, 1, -1, 2, -2, 7, -7, INT32_MAX, INT32_MIN,
                                    INT32_MAX - 1, INT32_MIN + 1, 1 << 30,
                                    -(1 << 30), 1 << 21, -(1 << 21)};

static void nw_fill32(int32_t *in, unsigned n) {
  unsigned i, ne = sizeof NW_EDGE32 / sizeof NW_EDGE32[0];
  for (i = 0; i < n; i++)
    in[i] = i < ne ? NW_EDGE32[i] : (int32_t)(nw_rand() >> (32 + nw_rand() % 32));
}

static int nw_diff(const char *k, const int64_t *a, const int64_t *b,
                   unsigned n, int64_t d, long long x) {
  unsigned i;
  if (!memcmp(a, b, n * sizeof *a))
    return 0;
  for (i = 0; a[i] == b[i]; i++)
    ;
  printf("FAILED: %s d=%lld input %lld: word %u got %lld want %lld\n", k,
         (long long)d, x, i, (long long)a[i], (long long)b[i]);
  return 1;
}

/* ikn_index at the edges: x = INT_MIN (pid 2^21, t 0) by ks0 = -1 gives
 * the quotient 2^31, which ks1 then divides: not within 32 bits, so its
 * sites must take the original (the guard tests x >= 0). */
static int nw_index_edges(void) {
  static const int32_t pid[] = {0, 1, 1 << 21, (1 << 21) + 1, (1 << 22) - 1,
                                -1, INT32_MIN >> 10, INT32_MAX};
  static const int32_t t[] = {0, 1, 127, 128};
  static const int64_t ks[] = {1, -1, 2, -2, 3, INT32_MAX, (int64_t)INT32_MAX + 1,
                               INT32_MIN, INT64_MIN, INT64_MAX, 1 << 20};
  int64_t o1[16], o2[16];
  unsigned a, b, c, e, nk = sizeof ks / sizeof ks[0];
  for (a = 0; a < sizeof pid / sizeof pid[0]; a++)
    for (b = 0; b < sizeof t / sizeof t[0]; b++)
      for (c = 0; c < nk; c++)
        for (e = 0; e < nk; e++) {
          ikn_index(o1, pid[a], t[b], ks[c], ks[e]);
          ref_index(o2, pid[a], t[b], ks[c], ks[e]);
          if (nw_diff("ikn_index", o1, o2, 16, ks[c], pid[a]))
            return 1;
          ikn_chain(o1, pid[a], t[b], &ks[c], ks[e]);
          ref_chain(o2, pid[a], t[b], &ks[c], ks[e]);
          if (nw_diff("ikn_chain", o1, o2, 4, ks[e], pid[a]))
            return 1;
          ikn_chainloop(o1, pid[a], t[b], ks[c], ks[e], 4);
          ref_chainloop(o2, pid[a], t[b], ks[c], ks[e], 4);
          if (nw_diff("ikn_chainloop", o1, o2, 5, ks[e], pid[a]))
            return 1;
        }
  return 0;
}

/* ikn_index: pids whose << 10 is negative (the guard fails) and not,
 * across every top-bit pattern, for divisor pairs (ks0, ks1). */
static int nw_index(const int64_t *d, unsigned nd) {
  int64_t o1[16], o2[16];
  unsigned i, j;
  if (nw_index_edges())
    return 1;
  for (i = 0; i < nd; i += 3)
    for (j = 0; j < 64; j++) {
      int32_t pid = j < 32 ? (int32_t)((uint32_t)j << 17 | (uint32_t)nw_rand() % 7)
                           : (int32_t)nw_rand();
      int32_t t = (int32_t)nw_rand();
      int64_t ks1 = d[(i * 7 + j) % nd];
      ikn_index(o1, pid, t, d[i], ks1);
      ref_index(o2, pid, t, d[i], ks1);
      if (nw_diff("ikn_index", o1, o2, 16, d[i], pid))
        return 1;
      ikn_chain(o1, pid, t, &d[i], ks1);
      ref_chain(o2, pid, t, &d[i], ks1);
      if (nw_diff("ikn_chain", o1, o2, 4, ks1, pid))
        return 1;
      ikn_chainloop(o1, pid, t, d[i], ks1, 4);
      ref_chainloop(o2, pid, t, d[i], ks1, 4);
      if (nw_diff("ikn_chainloop", o1, o2, 5, ks1, pid))
        return 1;
    }
  return 0;
}

/* ikn_loop: 64 iterations stepping by edges and random steps. */
static int nw_loop(const int64_t *d, unsigned nd) {
  static const int32_t step[] = {1, 1024, 1 << 24, 1 << 30, INT32_MAX, -1,
                                 -1024, INT32_MIN, 3 << 28};
  int64_t o1[128], o2[128];
  unsigned i, j;
  for (i = 0; i < nd; i++)
    for (j = 0; j < 12; j++) {
      int32_t s = j < 9 ? step[j] : (int32_t)nw_rand();
      int32_t t = (int32_t)nw_rand();
      ikn_loop(o1, t, d[i], 64, s);
      ref_loop(o2, t, d[i], 64, s);
      if (nw_diff("ikn_loop", o1, o2, 128, d[i], s))
        return 1;
    }
  return 0;
}

/* ikn_u, ikn_nneg, ikn_wide over NIN dividends; ikn_i16 over all i16. */
static int nw_loads(const int64_t *d, unsigned nd) {
  static int32_t in[NIN];
  static int64_t in64[NIN], o1[2 * 65536], o2[2 * 65536];
  static int16_t h[65536];
  unsigned i, j;
  nw_fill32(in, NIN);
  for (j = 0; j < NIN; j++)
    in64[j] = j & 1 ? (int64_t)in[j] : (int64_t)(nw_rand() >> (nw_rand() % 64));
  for (j = 0; j < 65536; j++)
    h[j] = (int16_t)j;
  for (i = 0; i < nd; i++) {
    ikn_u(o1, (const uint32_t *)in, (uint64_t)d[i], NIN);
    ref_u(o2, (const uint32_t *)in, (uint64_t)d[i], NIN);
    if (nw_diff("ikn_u", o1, o2, 2 * NIN, d[i], 0))
      return 1;
    ikn_zext(o1, (const uint32_t *)in, d[i], NIN);
    ref_zext(o2, (const uint32_t *)in, d[i], NIN);
    if (nw_diff("ikn_zext", o1, o2, 2 * NIN, d[i], 0))
      return 1;
    ikn_nneg(o1, in, d[i], NIN);
    ref_nneg(o2, in, d[i], NIN);
    if (nw_diff("ikn_nneg", o1, o2, 2 * NIN, d[i], 0))
      return 1;
    if (d[i] != -1) { /* INT64_MIN / -1 */
      ikn_wide(o1, in64, d[i], NIN);
      ref_wide(o2, in64, d[i], NIN);
      if (nw_diff("ikn_wide", o1, o2, 2 * NIN, d[i], 0))
        return 1;
    }
    if (i < 512 || i % 16 == 0) { /* every i16 */
      ikn_i16(o1, h, d[i], 65536);
      ref_i16(o2, h, d[i], 65536);
      if (nw_diff("ikn_i16", o1, o2, 2 * 65536, d[i], 0))
        return 1;
    }
  }
  return 0;
}

int main(void) {
  static int64_t d[ND];
  unsigned nd = nw_divisors(d);
  if (nw_index(d, nd))
    return 1;
  printf("PASSED: ikn_index, ikn_chain and ikn_chainloop\n");
  if (nw_loop(d, nd))
    return 1;
  printf("PASSED: ikn_loop\n");
  if (nw_loads(d, nd))
    return 1;
  printf("PASSED: ikn_u, ikn_zext, ikn_nneg, ikn_wide and ikn_i16 over %u divisors\n", nd);
  return 0;
}
