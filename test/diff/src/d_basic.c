/*
 * d_basic.c -- driver of k_basic32.c and k_basic64.c: every width against
 * its clone.  For each kernel: every divisor class of its divisor width (all
 * of them for 8 bits; both signs for signed), and for each divisor the
 * dividend classes of md_diff_vals.c of the dividend width (all 256 values
 * for 8 bits), one thread per dividend; divisor 0 must make md_desc_fill
 * fall back.
 */
#include <stdio.h>
#include <string.h>

#include "md_diff.h"
#include "md_diff_vals.h"

MD_DIFF_DECL(k_u32);
MD_DIFF_DECL(k_s32);
MD_DIFF_DECL(k_u16);
MD_DIFF_DECL(k_s16);
MD_DIFF_DECL(k_u8);
MD_DIFF_DECL(k_s8);
MD_DIFF_DECL(k_ranges_u32);
MD_DIFF_DECL(k_ranges_s32);
MD_DIFF_DECL(k_sites);
MD_DIFF_DECL(k_none);
MD_DIFF_DECL(k_u64);
MD_DIFF_DECL(k_s64);
MD_DIFF_DECL(k_s64_s32);
MD_DIFF_DECL(k_u64_u32);
MD_DIFF_DECL(k_u64_zext);
MD_DIFF_DECL(k_s64_sext);
MD_DIFF_DECL(k_ranges_u64);
MD_DIFF_DECL(k_ranges_s64);

#define MD_MAXN 512    /* dividends per divisor */
#define MD_MAXDIV 8192 /* divisors per kernel */
#define MD_BLOCK 64

static unsigned char md_in[MD_MAXN * 8];
static int32_t md_dv[MD_MAXN];
static uint64_t md_mags[MD_MAXDIV];
static int64_t md_divs[MD_MAXDIV];
static uint64_t md_nums[MD_MAXN];

/* How one kernel of this file is swept. */
typedef struct md_sweep {
  int nbits;      /* width of the dividends in memory */
  int dbits;      /* width of the divisor parameter */
  int sgn;        /* signed */
  int per_thread; /* outputs per thread */
  int min_ok;     /* MIN / -1 is defined (promoted to a wider type, or no
                     such division of the dividends) */
} md_sweep;

static md_sweep md_sweep_of(const md_diff_kernel *k) {
  static const struct {
    const char *name;
    md_sweep s;
  } tab[] = {
      {"k_u32", {32, 32, 0, 2, 1}},        {"k_s32", {32, 32, 1, 2, 0}},
      {"k_u16", {16, 16, 0, 2, 1}},        {"k_s16", {16, 16, 1, 2, 1}},
      {"k_u8", {8, 8, 0, 2, 1}},           {"k_s8", {8, 8, 1, 2, 1}},
      {"k_ranges_u32", {32, 32, 0, 6, 1}}, {"k_ranges_s32", {32, 32, 1, 6, 1}},
      {"k_sites", {32, 32, 1, 3, 0}},      {"k_u64", {64, 64, 0, 2, 1}},
      {"k_s64", {64, 64, 1, 2, 0}},        {"k_s64_s32", {64, 32, 1, 2, 0}},
      {"k_u64_u32", {64, 32, 0, 2, 1}},    {"k_u64_zext", {32, 32, 0, 2, 1}},
      {"k_s64_sext", {32, 32, 1, 2, 1}},   {"k_ranges_u64", {64, 64, 0, 6, 1}},
      {"k_ranges_s64", {64, 64, 1, 6, 1}},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strcmp(tab[i].name, k->name) == 0)
      return tab[i].s;
  return tab[0].s;
}

static uint64_t md_name_hash(const char *s) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  while (*s)
    h = (h ^ (unsigned char)*s++) * 1099511628211ull;
  return h;
}

/* Launch k once with divisor d (its dbits, as stored) on nums[0..n). */
static void md_one(md_diff_kernel *k, const md_sweep *s, uint64_t d,
                   const uint64_t *nums, int n, md_rng *r, md_expect e) {
  unsigned size = (unsigned)s->nbits / 8;
  void *inp = md_in, *dvp = md_dv;
  uint64_t dval = d; /* little-endian: the low `size` bytes are the value */
  for (int i = 0; i < n; i++) {
    memcpy(md_in + (size_t)i * size, &nums[i], size);
    /* k_sites' second divisor, from memory: any nonzero except -1 */
    int32_t v = (int32_t)md_rng_next(r);
    md_dv[i] = (v == 0 || v == -1) ? 3 : v;
  }
  md_diff_launch l = md_diff_1d((uint32_t)n, MD_BLOCK);
  size_t out_count = (size_t)s->per_thread * l.dims.grid[0] * MD_BLOCK;
  if (s->sgn)
    md_diff_note(k, "d=%lld, %d dividends from %lld",
                 (long long)md_sext(d, s->dbits), n,
                 (long long)md_sext(nums[0], s->nbits));
  else
    md_diff_note(k, "d=%llu, %d dividends", (unsigned long long)d, n);
  if (k->n_params == 5) {
    void *args[5] = {NULL, &inp, &dvp, &dval, &n};
    md_diff_case(k, args, &l, out_count, e);
  } else {
    void *args[4] = {NULL, &inp, &dval, &n};
    md_diff_case(k, args, &l, out_count, e);
  }
}

/* Dividends of k's width for divisor d (signed: d as a value). */
static int md_dividends(const md_sweep *s, int64_t d, md_rng *r) {
  uint64_t max = md_mask(s->nbits);
  int n = 0;
  if (s->nbits == 8) { /* exhaustive */
    for (uint64_t v = 0; v <= max; v++)
      if (!(s->sgn && !s->min_ok && d == -1 && v == 0x80))
        md_nums[n++] = v;
  } else if (s->sgn) {
    int64_t tmp[MD_MAXN];
    n = (int)md_vals_dividends_s(d, s->nbits, tmp, MD_MAXN, r, md_scaled(24),
                                 !s->min_ok);
    for (int j = 0; j < n; j++)
      md_nums[j] = (uint64_t)tmp[j] & max;
  } else {
    n = (int)md_vals_dividends_u((uint64_t)d, s->nbits, md_nums, MD_MAXN, r,
                                 md_scaled(24));
  }
  return n;
}

static void md_sweep_kernel(md_diff_kernel *k) {
  md_sweep s = md_sweep_of(k);
  md_rng r = {md_diff_cfg.seed ^ md_name_hash(k->name)};
  size_t nd;
  if (s.dbits == 8) { /* exhaustive */
    nd = 0;
    for (uint64_t d = 1; d <= 255; d++)
      md_mags[nd++] = d;
  } else {
    nd = md_vals_divisors(md_mags, MD_MAXDIV, s.dbits, &r,
                          md_scaled(s.sgn ? 700 : 1400));
  }
  if (s.sgn && s.dbits != 8)
    nd = md_vals_signed(md_mags, nd, s.dbits, md_divs, MD_MAXDIV);
  else
    for (size_t i = 0; i < nd; i++)
      md_divs[i] = s.sgn ? md_sext(md_mags[i], s.dbits) : (int64_t)md_mags[i];

  for (size_t i = 0; i < nd; i++) {
    int n = md_dividends(&s, md_divs[i], &r);
    md_one(k, &s, (uint64_t)md_divs[i] & md_mask(s.dbits), md_nums, n, &r,
           s.sgn && md_divs[i] < 0 ? MD_EXPECT_RUN_OR_NEG : MD_EXPECT_RUN);
  }
  /* Divisor 0: the runtime must refuse the clone. */
  md_nums[0] = 1;
  md_one(k, &s, 0, md_nums, 1, &r, MD_EXPECT_FALLBACK);
}

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_u32, 4, 1, md_sweep_kernel, MD_P, MD_P, MD_U32, MD_I32),
      MD_DIFF_KERNEL(k_s32, 4, 1, md_sweep_kernel, MD_P, MD_P, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_u16, 2, 1, md_sweep_kernel, MD_P, MD_P, MD_U16, MD_I32),
      MD_DIFF_KERNEL(k_s16, 2, 1, md_sweep_kernel, MD_P, MD_P, MD_I16, MD_I32),
      MD_DIFF_KERNEL(k_u8, 1, 1, md_sweep_kernel, MD_P, MD_P, MD_U8, MD_I32),
      MD_DIFF_KERNEL(k_s8, 1, 1, md_sweep_kernel, MD_P, MD_P, MD_I8, MD_I32),
      MD_DIFF_KERNEL(k_ranges_u32, 4, 1, md_sweep_kernel, MD_P, MD_P, MD_U32,
                     MD_I32),
      MD_DIFF_KERNEL(k_ranges_s32, 4, 1, md_sweep_kernel, MD_P, MD_P, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_sites, 4, 1, md_sweep_kernel, MD_P, MD_P, MD_P, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_none, 4, 0, NULL, MD_P, MD_P, MD_P, MD_I32),
      MD_DIFF_KERNEL(k_u64, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_U64, MD_I32),
      MD_DIFF_KERNEL(k_s64, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_I64, MD_I32),
      MD_DIFF_KERNEL(k_s64_s32, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_u64_u32, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_U32,
                     MD_I32),
      MD_DIFF_KERNEL(k_u64_zext, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_U32,
                     MD_I32),
      MD_DIFF_KERNEL(k_s64_sext, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_ranges_u64, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_U64,
                     MD_I32),
      MD_DIFF_KERNEL(k_ranges_s64, 8, 1, md_sweep_kernel, MD_P, MD_P, MD_I64,
                     MD_I32),
  };
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
