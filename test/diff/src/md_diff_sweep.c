/*
 * md_diff_sweep.c -- shared helpers of the shape drivers (see
 * md_diff_sweep.h).
 */
#include "md_diff_sweep.h"

#include <stdlib.h>
#include <string.h>

#define MD_SET_CAP 8192

int md_divset_init(md_divset *v, const md_diff_kernel *k, int bits,
                   size_t n_random) {
  uint64_t h = md_diff_cfg.seed;
  for (const char *p = k->name; *p; p++)
    h = (h ^ (unsigned char)*p) * 1099511628211ull; /* FNV-1a step */
  v->r.s = h;
  v->u = malloc(MD_SET_CAP * sizeof *v->u);
  v->s = malloc(2 * MD_SET_CAP * sizeof *v->s);
  if (!v->u || !v->s) {
    md_divset_free(v);
    return -1;
  }
  v->nu = md_vals_divisors(v->u, MD_SET_CAP, bits, &v->r, md_scaled(n_random));
  v->ns = md_vals_signed(v->u, v->nu, bits, v->s, 2 * MD_SET_CAP);
  return 0;
}

void md_divset_free(md_divset *v) {
  free(v->u);
  free(v->s);
  v->u = NULL;
  v->s = NULL;
  v->nu = v->ns = 0;
}

int64_t md_pick_s(md_divset *v) { return v->s[md_rng_below(&v->r, v->ns)]; }

uint64_t md_pick_u(md_divset *v) { return v->u[md_rng_below(&v->r, v->nu)]; }

int64_t md_small(md_rng *r) {
  int64_t x = 1 + (int64_t)md_rng_below(r, 16);
  return md_rng_below(r, 4) == 0 ? -x : x;
}

uint64_t md_small_u(md_rng *r) { return 1 + md_rng_below(r, 16); }

void md_run_1d(md_diff_kernel *k, void **args, uint32_t count,
               unsigned per_thread, md_expect e) {
  md_diff_launch l = md_diff_1d(count, 32);
  md_diff_case(k, args, &l, (size_t)per_thread * count, e);
}

/* ---- integers of a kernel type (bits, sgn), held in __int128 ---- */

typedef __int128 md_i128;

typedef struct md_ty {
  int bits, sgn;
} md_ty;

/* Does v fit the type?  (Unsigned values are always reduced first.) */
static int md_ty_ok(md_ty t, md_i128 v) {
  if (!t.sgn)
    return v >= 0 && v <= (md_i128)md_mask(t.bits);
  md_i128 max = (md_i128)md_mask(t.bits - 1);
  return v >= -max - 1 && v <= max;
}

/* The kernel's result of an operation that produced v: wrapped for an
 * unsigned type, v itself for a signed one (check md_ty_ok). */
static md_i128 md_ty_wrap(md_ty t, md_i128 v) {
  return t.sgn ? v : (md_i128)((uint64_t)v & md_mask(t.bits));
}

/* a * b as the kernel computes it (wrapped for an unsigned type; for a
 * signed one exact, |a|, |b| <= 2^63 keeping it inside __int128). */
static md_i128 md_ty_mul(md_ty t, md_i128 a, md_i128 b) {
  if (!t.sgn)
    return (md_i128)(((uint64_t)a * (uint64_t)b) & md_mask(t.bits));
  return a * b;
}

/* A random divisor class of the type, as a value. */
static md_i128 md_ty_pick(md_ty t, md_divset *v) {
  return t.sgn ? (md_i128)md_pick_s(v) : (md_i128)md_pick_u(v);
}

static md_i128 md_ty_small(md_ty t, md_rng *r) {
  return t.sgn ? (md_i128)md_small(r) : (md_i128)md_small_u(r);
}

/* Class i of the set, and the number of classes. */
static md_i128 md_ty_class(md_ty t, const md_divset *v, size_t i) {
  return t.sgn ? (md_i128)v->s[i] : (md_i128)v->u[i];
}

static size_t md_ty_classes(md_ty t, const md_divset *v) {
  return t.sgn ? v->ns : v->nu;
}

/* The expectation from divisor values that all fit the type. */
static md_expect md_ty_expect(md_ty t, const md_i128 *d, unsigned n) {
  md_expect e = MD_EXPECT_RUN;
  for (unsigned i = 0; i < n; i++) {
    if (!md_ty_ok(t, d[i]))
      return MD_EXPECT_UNDEF;
    if (d[i] == 0)
      e = md_expect_join(e, MD_EXPECT_FALLBACK);
    else if (d[i] < 0)
      e = md_expect_join(e, MD_EXPECT_RUN_OR_NEG);
  }
  return e;
}

/* A base of `count` dividends at the type's edges (md_vals_base_*). */
static uint64_t md_ty_base(md_ty t, md_rng *r, uint64_t count, md_i128 d,
                           unsigned variant) {
  if (t.sgn)
    return (uint64_t)md_vals_base_s(r, t.bits, count, (int64_t)d, variant);
  return md_vals_base_u(r, t.bits, count, (uint64_t)d, variant);
}

void md_sweep_permute(md_diff_kernel *k, int bits, int sgn, unsigned nfields) {
  md_ty t = {bits, sgn};
  md_divset v;
  unsigned char s[64]; /* the struct: nfields little-endian fields */
  unsigned fsize = (unsigned)bits / 8;
  uint64_t count = MD_COUNT;
  if (nfields * fsize > sizeof s ||
      md_divset_init(&v, k, bits, sgn ? 700 : 1400))
    return;
  for (size_t i = 0; i < md_ty_classes(t, &v); i++) {
    md_i128 f[4]; /* n, c, h, w */
    for (unsigned j = 0; j < 4; j++)
      f[j] = md_ty_small(t, &v.r);
    md_i128 x = md_ty_class(t, &v, i);
    switch (i % 4) {
    case 0:
      f[3] = x;
      break;
    case 1:
      f[2] = x;
      break;
    case 2:
      f[1] = x;
      break;
    default:
      f[3] = x;
      f[2] = md_ty_pick(t, &v);
      break;
    }
    for (unsigned j = 0; j < nfields; j++) {
      uint64_t fv = j < 4 ? (uint64_t)f[j] : md_rng_next(&v.r);
      memcpy(s + j * fsize, &fv, fsize);
    }
    /* w*h, then (w*h)*c, as the kernel computes them */
    md_i128 wh = md_ty_mul(t, f[3], f[2]);
    md_i128 whc = md_ty_ok(t, wh) ? md_ty_mul(t, wh, f[1]) : wh;
    md_i128 ds[5] = {f[3], f[2], f[1], wh, whc};
    md_expect e = md_ty_expect(t, ds, 5);
    for (unsigned b = 0; b < MD_BASES; b++) {
      uint64_t base = md_ty_base(t, &v.r, count, md_ty_ok(t, whc) ? whc : 1,
                                 (unsigned)i + 3 * b);
      void *args[4] = {NULL, s, &base, &count};
      md_diff_note(k, "n=%lld c=%lld h=%lld w=%lld base=%lld", (long long)f[0],
                   (long long)f[1], (long long)f[2], (long long)f[3],
                   (long long)base);
      md_run_1d(k, args, (uint32_t)count, 4, e);
    }
  }
  md_divset_free(&v);
}

void md_sweep_derived(md_diff_kernel *k, int bits, int sgn) {
  md_ty t = {bits, sgn};
  md_divset v;
  uint64_t count = MD_COUNT;
  if (md_divset_init(&v, k, bits, sgn ? 700 : 1400))
    return;
  for (size_t i = 0; i < md_ty_classes(t, &v); i++) {
    /* targets for n+pad, rows-1, C/4, (n+1)/2, C/NH: one swept, the others
     * random classes; then solve for the arguments */
    md_i128 g[5];
    for (int j = 0; j < 5; j++)
      g[j] = md_rng_below(&v.r, 2) ? md_ty_small(t, &v.r) : md_ty_pick(t, &v);
    g[i % 5] = md_ty_class(t, &v, i);
    md_i128 n = md_ty_wrap(t, 2 * g[3] - 1); /* (n+1)/2 == g3 */
    if (!md_ty_ok(t, n))
      n = g[3];
    md_i128 pad = md_ty_wrap(t, g[0] - n), rows = md_ty_wrap(t, g[1] + 1);
    md_i128 NH = md_ty_small(t, &v.r), C;
    if (!md_ty_ok(t, pad))
      pad = md_ty_small(t, &v.r);
    if (!md_ty_ok(t, rows))
      rows = g[1];
    if (i % 5 == 4) {
      C = md_ty_mul(t, g[4], NH); /* C/NH == g4 */
      if (!md_ty_ok(t, C)) {
        NH = 1;
        C = g[4];
      }
    } else {
      C = md_ty_wrap(t, 4 * g[2]); /* C/4 == g2 */
      if (!md_ty_ok(t, C))
        C = g[2];
    }
    /* what the kernel computes; C / NH itself is undefined for NH == 0
     * and for MIN / -1 */
    md_i128 min = -(md_i128)md_mask(bits - 1) - 1;
    md_i128 n1 = md_ty_wrap(t, n + 1);
    md_expect e;
    if (NH == 0 || (sgn && C == min && NH == -1)) {
      e = MD_EXPECT_FALLBACK;
    } else {
      md_i128 ds[6] = {md_ty_wrap(t, n + pad),
                       md_ty_wrap(t, rows - 1),
                       C / 4,
                       n1 / 2,
                       C / NH,
                       NH};
      e = md_ty_ok(t, n1) ? md_ty_expect(t, ds, 6) : MD_EXPECT_UNDEF;
    }
    uint64_t a[5] = {(uint64_t)n, (uint64_t)pad, (uint64_t)rows, (uint64_t)C,
                     (uint64_t)NH};
    for (unsigned b = 0; b < MD_BASES; b++) {
      uint64_t base = md_ty_base(t, &v.r, count, g[i % 5], (unsigned)i + 3 * b);
      void *args[8] = {NULL, &a[0], &a[1], &a[2], &a[3], &a[4], &base, &count};
      md_diff_note(k, "n=%lld pad=%lld rows=%lld C=%lld NH=%lld base=%lld",
                   (long long)a[0], (long long)a[1], (long long)a[2],
                   (long long)a[3], (long long)a[4], (long long)base);
      md_run_1d(k, args, (uint32_t)count, 6, e);
    }
  }
  md_divset_free(&v);
}

void md_sweep_gridstride(md_diff_kernel *k, int bits, int sgn) {
  static const uint32_t shapes[][2] = {{32, 2}, {64, 1}, {8, 4}, {1, 16}};
  md_ty t = {bits, sgn};
  md_divset v;
  const uint64_t len = 96;
  if (md_divset_init(&v, k, bits, sgn ? 700 : 1400))
    return;
  for (size_t i = 0; i < md_ty_classes(t, &v); i++) {
    md_i128 d = md_ty_class(t, &v, i);
    uint64_t dv = (uint64_t)d;
    md_diff_launch l = md_diff_1d(1, shapes[i % 4][0]);
    l.dims.grid[0] = shapes[i % 4][1];
    uint64_t stride = (uint64_t)l.dims.block[0] * l.dims.grid[0];
    for (unsigned b = 0; b < MD_BASES; b++) {
      /* the last i + stride must not leave the type: the base's range
       * covers len + stride values */
      uint64_t base = md_ty_base(t, &v.r, len + stride, d, (unsigned)i + 3 * b);
      if (!sgn && base > md_mask(bits) - len - stride)
        base = md_mask(bits) - len - stride; /* no wrap for unsigned */
      uint64_t end = base + len;
      void *args[4] = {NULL, &dv, &base, &end};
      md_diff_note(k, "d=%lld base=%lld", (long long)d, (long long)base);
      md_diff_case(k, args, &l, 2 * (size_t)len,
                   d < 0 ? MD_EXPECT_RUN_OR_NEG : MD_EXPECT_RUN);
    }
  }
  md_divset_free(&v);
}
