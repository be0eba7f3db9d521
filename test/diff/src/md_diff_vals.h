/*
 * md_diff_vals.h -- the value classes the differential tests sweep:
 * divisors (1, small, 2^k, 2^k+-1, 2^32+-1, 2^63, the maximum, bit
 * patterns, random; both signs for signed) and, per divisor, dividends
 * (0, +-1, the neighbourhood of d and its multiples, the largest multiple
 * of d and the largest n = d-1 mod d -- the worst cases of a magic number --
 * 2^31+-1, 2^32+-1, 2^63+-1, the extremes, random), with a deterministic
 * random generator.
 */
#ifndef MD_DIFF_VALS_H
#define MD_DIFF_VALS_H

#include <stddef.h>
#include <stdint.h>

typedef struct md_rng {
  uint64_t s;
} md_rng;

/* splitmix64: uniform 64-bit values. */
uint64_t md_rng_next(md_rng *r);
/* A value of uniformly random bit length in [1, bits] (log-uniform). */
uint64_t md_rng_log(md_rng *r, int bits);
/* Uniform in [0, n); n = 0 stands for 2^64 (max / d + 1 with d = 1). */
uint64_t md_rng_below(md_rng *r, uint64_t n);

/* All ones in the low `bits` bits. */
uint64_t md_mask(int bits);
/* Sign-extend the low `bits` bits of v. */
int64_t md_sext(uint64_t v, int bits);

/* Divisor magnitudes of a bits-wide unsigned type (8, 16, 32, 64), sorted
 * and unique, none zero; n_random random ones on top of the classes.
 * Returns the count (<= cap). */
size_t md_vals_divisors(uint64_t *out, size_t cap, int bits, md_rng *r,
                        size_t n_random);

/* Signed divisors of width bits from magnitudes: +m and -m for every
 * m < 2^(bits-1), and INT_MIN for m == 2^(bits-1). */
size_t md_vals_signed(const uint64_t *mag, size_t n, int bits, int64_t *out,
                      size_t cap);

/* Dividends for unsigned divisor d (bits wide): the edge classes around d,
 * its multiples and the type's range, plus n_random random values. */
size_t md_vals_dividends_u(uint64_t d, int bits, uint64_t *out, size_t cap,
                           md_rng *r, size_t n_random);

/* Dividends for signed divisor d (bits wide), both signs; INT_MIN is left
 * out for d == -1 when no_min_for_m1 (the C division would overflow). */
size_t md_vals_dividends_s(int64_t d, int bits, int64_t *out, size_t cap,
                           md_rng *r, size_t n_random, int no_min_for_m1);

/* Does v fit a signed bits-wide type? */
int md_fits_s(int64_t v, int bits);

/* The first of `count` consecutive dividends base, base+1, ... of a signed
 * bits-wide type, all in [MIN+1, MAX] (MIN is left out so that no kernel
 * divides MIN by -1).  variant % 6 picks the class: 0 zero, 1 straddling
 * zero, 2 the top, 3 the bottom, 4 random, 5 straddling a random multiple
 * of d (d != 0). */
int64_t md_vals_base_s(md_rng *r, int bits, uint64_t count, int64_t d,
                       unsigned variant);

/* The same for an unsigned type, where base + i may wrap: 0 zero, 1
 * straddling 2^(bits-1), 2 the top, 3 straddling the wrap to 0, 4 random,
 * 5 straddling a random multiple of d. */
uint64_t md_vals_base_u(md_rng *r, int bits, uint64_t count, uint64_t d,
                        unsigned variant);

/* Scale a default count by md_diff_cfg.scale percent (at least 1). */
size_t md_scaled(size_t n);

#endif /* MD_DIFF_VALS_H */
