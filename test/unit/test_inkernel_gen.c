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
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "magicdiv/md_magic.h"

static int ik_mut; /* 1: no correction; 2: > in place of >= */

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

int main(int argc, char **argv) {
  int all = argc > 1 && strcmp(argv[1], "all") == 0, bad;
  uint64_t x, n = 0, seed = 0x2545F4914F6CDD1Dull;
  if (argc > 2)
    ik_mut = argv[2][0] - '0';
  bad = ik_check16();
  printf("inkernel gen: 16-bit model, 65535 divisors: %s\n", bad ? "FAIL" : "ok");
  for (x = 1; x < (all ? (1ull << 32) : (1ull << 24)) && bad < 10; x++, n++)
    bad += ik_one((uint32_t)x);
  for (x = 0; !all && x < (1ull << 24) && bad < 10; x++, n++)
    bad += ik_one(0xFFFFFFFFu - (uint32_t)x);
  for (x = 0; !all && x < 10000000 && bad < 10; x++, n++) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    if ((uint32_t)(seed >> (32 + seed % 32)))
      bad += ik_one((uint32_t)(seed >> (32 + seed % 32)));
  }
  printf("inkernel gen: %llu divisors: %s\n", (unsigned long long)n,
         bad ? "FAIL" : "ok");
  return bad != 0;
}
