/*
 * d_ikfreeze.c -- driver of test/diff/inkernel-freeze.test: each kernel of
 * k_ikfreeze.ll, transformed, against its reference (_ref, the same IR
 * without the pass) on the same inputs.  Divisors: edges (1, 2, 3, 7,
 * 2^31 - 1, 2^31, 2^32 +- 1, the extremes, their negatives for the signed
 * kernel: the slow path) and random ones of every magnitude; dividends:
 * the i32 edges and random values.  Prints one PASSED line per kernel or
 * the first difference.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void ik_fz_v8s64(int64_t *, const int32_t *, int64_t, int);
void ref_v8s64(int64_t *, const int32_t *, int64_t, int);
void ik_fz_v4u32(uint32_t *, const uint32_t *, uint32_t, int);
void ref_v4u32(uint32_t *, const uint32_t *, uint32_t, int);

#define NV 8 /* vectors per call: the loop runs NV times */

static uint64_t fz_state = 0x9e3779b97f4a7c15u;

static uint64_t fz_rand(void) {
  fz_state ^= fz_state << 13;
  fz_state ^= fz_state >> 7;
  fz_state ^= fz_state << 17;
  return fz_state;
}

static const int32_t FZ_EDGE32[] = {0, 1, -1, 2, -2, 7, -7, INT32_MAX, INT32_MIN,
                                    INT32_MAX - 1, INT32_MIN + 1, 1 << 30, -(1 << 30)};

/* in[]: the edges first, then random values of random magnitude. */
static void fz_fill(int32_t *in, unsigned n) {
  unsigned i, ne = sizeof FZ_EDGE32 / sizeof FZ_EDGE32[0];
  for (i = 0; i < n; i++)
    in[i] = i < ne ? FZ_EDGE32[i] : (int32_t)(fz_rand() >> (32 + fz_rand() % 32));
}

static int fz_s64(int64_t d) {
  int32_t in[NV * 8];
  int64_t a[NV * 16], b[NV * 16];
  int round;
  for (round = 0; round < 4; round++) {
    fz_fill(in, NV * 8);
    if (round & 1)
      for (unsigned i = 0; i < NV * 8; i++)
        in[i] = (int32_t)fz_rand();
    ik_fz_v8s64(a, in, d, NV);
    ref_v8s64(b, in, d, NV);
    if (memcmp(a, b, sizeof a)) {
      printf("FAILED: ik_fz_v8s64 d=%lld\n", (long long)d);
      return 1;
    }
  }
  return 0;
}

static int fz_u32(uint32_t d) {
  uint32_t in[NV * 4], a[NV * 8], b[NV * 8];
  int round;
  for (round = 0; round < 4; round++) {
    fz_fill((int32_t *)in, NV * 4);
    if (round & 1)
      for (unsigned i = 0; i < NV * 4; i++)
        in[i] = (uint32_t)fz_rand();
    ik_fz_v4u32(a, in, d, NV);
    ref_v4u32(b, in, d, NV);
    if (memcmp(a, b, sizeof a)) {
      printf("FAILED: ik_fz_v4u32 d=%u\n", d);
      return 1;
    }
  }
  return 0;
}

int main(void) {
  static const int64_t edge[] = {1, 2, 3, 7, 641, 65535, 65536, 65537, INT32_MAX,
                                 (int64_t)INT32_MAX + 1, (int64_t)1 << 32,
                                 ((int64_t)1 << 32) + 1, ((int64_t)1 << 32) - 1,
                                 INT64_MAX, INT64_MIN};
  unsigned i, ne = sizeof edge / sizeof edge[0];
  int bad = 0, s;
  for (i = 0; i < ne; i++) {
    bad += fz_s64(edge[i]);
    if (edge[i] != INT64_MIN)
      bad += fz_s64(-edge[i]);
    if ((uint64_t)edge[i] <= UINT32_MAX)
      bad += fz_u32((uint32_t)edge[i]);
  }
  bad += fz_u32(UINT32_MAX) + fz_u32(UINT32_MAX - 1) + fz_u32(0x80000001u);
  for (i = 0; i < 3000; i++) {
    int64_t d = (int64_t)(fz_rand() >> (fz_rand() % 64));
    uint32_t du = (uint32_t)(fz_rand() >> (32 + fz_rand() % 32));
    s = (int)(fz_rand() & 1);
    if (d)
      bad += fz_s64(s ? -d : d);
    if (du)
      bad += fz_u32(du);
  }
  if (!bad)
    printf("PASSED: ik_fz_v8s64 and ik_fz_v4u32\n");
  return bad != 0;
}
