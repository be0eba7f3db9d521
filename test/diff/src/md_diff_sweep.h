/*
 * md_diff_sweep.h -- helpers the shape drivers (d_shapes32.c,
 * d_shapes64.c) share: a kernel's divisor classes in both signedness views,
 * random picks from them, and a 1-D case run.
 */
#ifndef MD_DIFF_SWEEP_H
#define MD_DIFF_SWEEP_H

#include "md_diff.h"
#include "md_diff_vals.h"

#define MD_COUNT 64 /* threads (dividends) per case */
#define MD_BASES 2  /* bases per divisor tuple */

/* The divisor classes of one width, seeded by the kernel's name. */
typedef struct md_divset {
  md_rng r;
  uint64_t *u; /* unsigned divisors */
  size_t nu;
  int64_t *s; /* signed divisors: +-u, and MIN */
  size_t ns;
} md_divset;

/* Fill v for k at width bits with n_random random classes (scaled).
 * Returns 0, or -1 when out of memory. */
int md_divset_init(md_divset *v, const md_diff_kernel *k, int bits,
                   size_t n_random);
void md_divset_free(md_divset *v);

/* Random members of the sets. */
int64_t md_pick_s(md_divset *v);
uint64_t md_pick_u(md_divset *v);
/* A small value for the slots not swept: +-1..16, mostly positive. */
int64_t md_small(md_rng *r);
/* 1..16 */
uint64_t md_small_u(md_rng *r);

/* One case of `count` threads in blocks of 32 writing per_thread outputs
 * each. */
void md_run_1d(md_diff_kernel *k, void **args, uint32_t count,
               unsigned per_thread, md_expect e);

/* ---- sweeps of kernels that exist in several types (k_shapes.h) ----
 * bits: the kernel's integer type width (32 or 64); sgn: signed.  The
 * divisor expressions are evaluated exactly in __int128: for a signed type
 * an intermediate outside the type (undefined in C) skips the case, for an
 * unsigned one values wrap as in the kernel. */

/* MD_PERMUTE_KERNEL: k(out, struct of nfields type-T fields {n, c, h, w,
 * ...}, T base, T count). */
void md_sweep_permute(md_diff_kernel *k, int bits, int sgn, unsigned nfields);

/* MD_DERIVED_KERNEL: k(out, n, pad, rows, C, NH, base, count). */
void md_sweep_derived(md_diff_kernel *k, int bits, int sgn);

/* A grid-stride loop k(out, T d, T base, T end) writing i / d and i % d
 * at 2 * (i - base). */
void md_sweep_gridstride(md_diff_kernel *k, int bits, int sgn);

#endif /* MD_DIFF_SWEEP_H */
