/*
 * test_inkernel_gen.c -- the in-kernel magic generator's method
 * (plugin/device/md_inkernel_gen.c, docs/MATH.md section 11), step for
 * step in C, against the runtime's generator md_magic_u32:
 *     p = floor(log2 d); y = RN(1 / d) * 2^(32+p) = RN(2^(32+p) / d) in
 *     double; c = trunc(y);
 *     m0 = c - (c*d >= 2^(32+p)); e_dn = -(m0*d) mod 2^32; e_up = d - e_dn;
 *     up = (e_up - 1) <u 2^p; m = m0 + up; a = up ? 0 : m0; s = p.
 * The proof needs only that rounding is monotone and that the integers
 * floor(X), ceil(X) (X = 2^(32+p)/d <= 2^32) are representable, so the
 * same method with binary32 at 16-bit width (integers up to 2^24 exact,
 * X <= 2^16) is the reduced-width model: checked for EVERY 16-bit divisor
 * against the integer division it replaces.  Full width: every divisor
 * below 2^24, the 2^24 largest, powers of two and neighbours, and 10^7
 * random ones; `test_inkernel_gen all` runs all 2^32 - 1 divisors.
 * Mutations (the correction dropped, the comparison off by one) fail.
 *
 * The 64-bit magic of a divisor d < 2^32 (docs/MATH.md section 11.1):
 * m0_64 = m0 * 2^32 + Q with e = e_dn of the 32-bit step and
 *     Q = floor((e*2^32 - 1) / d)   by y = RN(RN(e * RN(1/d)) * 2^32),
 *                                   c = trunc(y) in {Q-1, Q, Q+1},
 *     t = (e*2^32 - 1) - c*d (signed), Q = c + (t >= d) - (t < 0),
 *     e_dn64 = t - (Q - c)*d + 1, then the method choice at 64 bits.
 * Its reduced-width model (the 16-bit step and binary32 giving the u32
 * magic) runs for every 16-bit divisor against md_magic_u32; full width
 * against md_magic_u64 as above.  Mutations 3 and 4 (either correction
 * dropped) fail.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "magicdiv/md_magic.h"

static int ik_mut; /* 1: no correction; 2: > in place of >= ;
                      3, 4: the 64-bit step without its lower / upper
                      correction */

static md_u32_magic ik_gen32(uint32_t d) {
  unsigned p = 31u - (unsigned)__builtin_clz(d);
  uint64_t dbits = (uint64_t)(p + 1023 + 32) << 52, c, m0, big;
  double dpow, y;
  uint32_t edn, eup, up;
  md_u32_magic g;
  memcpy(&dpow, &dbits, sizeof dpow);
  y = (1.0 / (double)d) * dpow; /* exact scaling: RN(2^(32+p) / d) */
  c = (uint64_t)y;
  big = ik_mut == 2 ? c * d > (1ull << (32 + p)) : c * d >= (1ull << (32 + p));
  m0 = c - (ik_mut == 1 ? 0 : big);
  edn = 0u - (uint32_t)m0 * d;
  eup = d - edn;
  up = (eup - 1u) < (1u << p);
  g.m = (uint32_t)m0 + up;
  g.a = up ? 0 : (uint32_t)m0;
  g.s = p;
  return g;
}

/* The 16-bit model: binary32, m0 against floor((2^(16+p) - 1) / d). */
static int ik_check16(void) {
  uint32_t d;
  int bad = 0;
  for (d = 1; d < 65536u && bad < 5; d++) {
    unsigned p = 31u - (unsigned)__builtin_clz(d);
    float y = (1.0f / (float)d) * (float)(1u << (16 + p));
    uint32_t c = (uint32_t)y;
    uint32_t m0 = c - (ik_mut == 1 ? 0 : (c * d >= (1u << (16 + p))));
    if (m0 != ((1u << (16 + p)) - 1) / d) {
      printf("FAIL 16-bit d=%u: m0 %u\n", d, m0);
      bad++;
    }
  }
  return bad;
}

static int ik_one(uint32_t d) {
  md_u32_magic want, got = ik_gen32(d);
  md_magic_u32(d, &want);
  if (got.m == want.m && got.a == want.a && got.s == want.s)
    return 0;
  printf("FAIL d=%u: m=%08x a=%08x s=%u, want m=%08x a=%08x s=%u\n", d, got.m,
         got.a, got.s, want.m, want.a, want.s);
  return 1;
}


/* The 64-bit step (section 11.1) at width 2W from the W-bit step's m0 and
 * e = e_dn (W = 32: double; W = 16: the model, float).  Q and e_dn of
 * floor((e*2^W - 1) / d), from c = trunc(y) in {Q-1, Q, Q+1}. */
static uint64_t ik_lo_step(uint64_t e, uint64_t d, double y, unsigned W,
                           uint64_t *edn) {
  uint64_t c = (uint64_t)y, N = (e << W) - 1;
  int64_t t = (int64_t)(N - c * d);
  uint64_t q = c + (ik_mut == 4 ? 0 : (t >= (int64_t)d)) -
               (ik_mut == 3 ? 0 : (t < 0));
  *edn = N - q * d + 1;
  return q;
}

/* The method choice of section 4 at any width: m, a from m0, e_dn. */
static void ik_pick(uint64_t d, unsigned p, uint64_t m0, uint64_t edn,
                    uint64_t *m, uint64_t *a) {
  uint64_t eup = d - edn, up = (eup - 1) < (1ull << p);
  *m = m0 + up;
  *a = up ? 0 : m0;
}

static md_u64_magic ik_gen64(uint32_t d) {
  unsigned p = 31u - (unsigned)__builtin_clz(d);
  uint64_t dbits = (uint64_t)(p + 1023 + 32) << 52, c, m0, edn, q, e64, m, a;
  double dpow, r, y;
  md_u64_magic g;
  memcpy(&dpow, &dbits, sizeof dpow);
  r = 1.0 / (double)d;
  c = (uint64_t)(r * dpow);
  m0 = c - (c * d >= (1ull << (32 + p)));
  edn = (uint32_t)(0u - (uint32_t)m0 * d);
  y = (double)edn * r;
  y = y * 4294967296.0; /* exact scaling */
  q = ik_lo_step(edn, d, y, 32, &e64);
  ik_pick(d, p, m0 << 32 | q, e64, &m, &a);
  g.m = m;
  g.a = a;
  g.s = p;
  return g;
}

/* The model: the 16-bit step and binary32 give the u32 magic, every
 * 16-bit divisor against md_magic_u32. */
static int ik_check64model(void) {
  uint32_t d;
  int bad = 0;
  for (d = 1; d < 65536u && bad < 5; d++) {
    unsigned p = 31u - (unsigned)__builtin_clz(d);
    float r = 1.0f / (float)d, y = r * (float)(1u << (16 + p));
    uint64_t c = (uint32_t)y, m0, edn, q, e32, m, a;
    md_u32_magic want;
    m0 = c - (c * d >= (1u << (16 + p)));
    edn = (1u << (16 + p)) - m0 * d;
    y = (float)edn * r;
    y = y * 65536.0f;
    q = ik_lo_step(edn, d, y, 16, &e32);
    ik_pick(d, p, m0 << 16 | q, e32, &m, &a);
    md_magic_u32(d, &want);
    if (m != want.m || a != want.a) {
      printf("FAIL 32-bit model d=%u: m %llx a %llx\n", d,
             (unsigned long long)m, (unsigned long long)a);
      bad++;
    }
  }
  return bad;
}

static int ik_one64(uint32_t d) {
  md_u64_magic want, got = ik_gen64(d);
  md_magic_u64(d, &want);
  if (got.m == want.m && got.a == want.a && got.s == want.s)
    return 0;
  printf("FAIL 64-bit d=%u: m=%016llx a=%016llx, want m=%016llx a=%016llx\n",
         d, (unsigned long long)got.m, (unsigned long long)got.a,
         (unsigned long long)want.m, (unsigned long long)want.a);
  return 1;
}

/* The correction for every c the proof allows: y = Q-1, Q, Q+1 (c = Q - 1
 * is rare with the real y: ik_qm1), random d and e in [1, d]. */
static int ik_check_band(void) {
  uint64_t seed = 0x9E3779B97F4A7C15ull, i, edn;
  int bad = 0, j;
  for (i = 0; i < 1000000 && bad < 5; i++) {
    uint64_t d, e, q;
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    d = (seed >> (32 + seed % 32)) | 1;
    e = 1 + (seed >> 7) % d;
    q = ((e << 32) - 1) / d;
    for (j = -1; j <= 1; j++)
      if (q + (uint64_t)j < (1ull << 32) + 1 &&
          (ik_lo_step(e, d, (double)(q + (uint64_t)j), 32, &edn) != q ||
           edn != (e << 32) - q * d)) {
        printf("FAIL band d=%llu e=%llu c=Q%+d\n", (unsigned long long)d,
               (unsigned long long)e, j);
        bad++;
      }
  }
  return bad;
}

/* The first divisors whose y gives c = Q - 1 in the 64-bit step (the
 * upper correction), found by searching all 2^32. */
static const uint32_t ik_qm1[] = {118838585u, 131543973u, 237677170u,
                                  263087946u, 469656231u};

/* One divisor through both generators. */
static int ik_both(uint32_t d) { return ik_one(d) + ik_one64(d); }

int main(int argc, char **argv) {
  int all = argc > 1 && strcmp(argv[1], "all") == 0, bad, bad64;
  uint64_t x, n = 0, seed = 0x2545F4914F6CDD1Dull;
  if (argc > 2)
    ik_mut = argv[2][0] - '0';
  bad = ik_check16();
  printf("inkernel gen: 16-bit model, 65535 divisors: %s\n", bad ? "FAIL" : "ok");
  bad64 = ik_check64model();
  printf("inkernel gen64: 32-bit model, 65535 divisors: %s\n",
         bad64 ? "FAIL" : "ok");
  bad += bad64;
  bad64 = ik_check_band();
  printf("inkernel gen64: c in {Q-1, Q, Q+1}: %s\n", bad64 ? "FAIL" : "ok");
  bad += bad64;
  for (x = 0; x < sizeof ik_qm1 / sizeof ik_qm1[0]; x++, n++)
    bad += ik_both(ik_qm1[x]);
  for (x = 1; x < (all ? (1ull << 32) : (1ull << 24)) && bad < 10; x++, n++)
    bad += ik_both((uint32_t)x);
  for (x = 0; !all && x < (1ull << 24) && bad < 10; x++, n++)
    bad += ik_both(0xFFFFFFFFu - (uint32_t)x);
  for (x = 0; !all && x < 10000000 && bad < 10; x++, n++) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    if ((uint32_t)(seed >> (32 + seed % 32)))
      bad += ik_both((uint32_t)(seed >> (32 + seed % 32)));
  }
  printf("inkernel gen: %llu divisors, 32- and 64-bit magic: %s\n",
         (unsigned long long)n, bad ? "FAIL" : "ok");
  return bad != 0;
}
