/*
 * d_shapes64.c -- driver of k_shapes64.c: the 64-bit divisor classes
 * (2^32+-1, 2^63, the maximum, negatives, ...) swept through each divisor
 * slot, dividends base + thread index with bases at the 64-bit edges.  The
 * kernels' divisor expressions are evaluated here exactly (__int128):
 * signed overflow skips a case, a zero divisor must fall back.
 */
#include "k_shapes.h"
#include "md_diff_sweep.h"

MD_DIFF_DECL(k_permute64);
MD_DIFF_DECL(k_im2col64);
MD_DIFF_DECL(k_gridstride64);
MD_DIFF_DECL(k_launch64);
MD_DIFF_DECL(k_mixed64);
MD_DIFF_DECL(k_derived64);
MD_DIFF_DECL(k_sizet_int);

typedef __int128 md_i128;

static int md_fits64(md_i128 v) { return v >= INT64_MIN && v <= INT64_MAX; }

static md_i128 md_abs128(md_i128 v) { return v < 0 ? -v : v; }

/* ---- kernels of several types: the shared sweeps (md_diff_sweep.c) ---- */

static void md_sw_permute64(md_diff_kernel *k) {
  md_sweep_permute(k, 64, 0, 4);
}
static void md_sw_derived64(md_diff_kernel *k) { md_sweep_derived(k, 64, 1); }
static void md_sw_gridstride64(md_diff_kernel *k) {
  md_sweep_gridstride(k, 64, 0);
}

/* ---- k_im2col64: pos = (idx % ow) * stride - pad + (idx / ow) % k ---- */

static void md_sw_im2col64(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 64, 700))
    return;
  int64_t count = MD_COUNT;
  for (size_t i = 0; i < v.ns; i++) {
    md_conv64 g = {md_small(&v.r) * 8, 1 + (int64_t)md_rng_below(&v.r, 4), 0,
                   md_pick_s(&v), md_small(&v.r)};
    switch (i % 3) {
    case 0:
      g.ow = v.s[i];
      break;
    case 1:
      g.s = v.s[i];
      break;
    default:
      g.k = v.s[i];
      break;
    }
    /* |pos| <= (|ow|-1)*stride + |pad| + |k|-1 must fit int64 */
    md_i128 reach = (md_abs128(g.ow) - 1) * g.stride + md_abs128(g.k) - 1;
    if (reach > INT64_MAX) {
      g.stride = 1;
      reach = md_abs128(g.ow) - 1 + md_abs128(g.k) - 1;
    }
    md_expect e;
    if (reach > INT64_MAX) {
      e = MD_EXPECT_SKIP;
    } else {
      uint64_t room = (uint64_t)(INT64_MAX - reach);
      g.pad = md_rng_below(&v.r, 2)
                  ? (int64_t)md_rng_below(&v.r, 64)
                  : (int64_t)(md_rng_below(&v.r, 2 * room + 1) - room);
      int64_t ds[3] = {g.ow, g.k, g.s};
      e = md_expect_signed(ds, 3, 64);
    }
    for (unsigned b = 0; b < MD_BASES; b++) {
      int64_t base =
          md_vals_base_s(&v.r, 64, (uint64_t)count, g.ow, (unsigned)i + 3 * b);
      void *args[4] = {NULL, &g, &base, &count};
      md_diff_note(k, "ow=%lld stride=%lld pad=%lld s=%lld k=%lld base=%lld",
                   (long long)g.ow, (long long)g.stride, (long long)g.pad,
                   (long long)g.s, (long long)g.k, (long long)base);
      md_run_1d(k, args, (uint32_t)count, 4, e);
    }
  }
  md_divset_free(&v);
}

/* ---- k_launch64: blockDim.x, gridDim.x, their 64-bit product ---- */

static void md_sw_launch64(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 32, 1400))
    return;
  size_t ngrid = 0;
  for (size_t i = 0; i < v.nu; i++)
    if (v.u[i] <= 0x7fffffffu)
      v.u[ngrid++] = v.u[i]; /* in place */
  size_t n = ngrid > 1024 ? ngrid : 1024;
  for (size_t i = 0; i < n; i++) {
    uint32_t nt = 1 + (uint32_t)(i % 1024);
    uint32_t nb = (uint32_t)v.u[i % ngrid];
    md_diff_launch l = md_diff_1d(1, nt);
    l.dims.grid[0] = nb;
    l.first[0] = i % 2 ? nb - 1 : (uint32_t)md_rng_below(&v.r, nb);
    l.count[0] = 1;
    uint32_t first = l.first[0];
    uint64_t base =
        md_vals_base_u(&v.r, 64, nt, (uint64_t)nt * nb, (unsigned)i);
    void *args[3] = {NULL, &base, &first};
    md_diff_note(k, "block=%u grid=%u first=%u base=%llu", nt, nb, first,
                 (unsigned long long)base);
    md_diff_case(k, args, &l, 3 * (size_t)nt, MD_EXPECT_RUN);
  }
  md_divset_free(&v);
}

/* ---- k_mixed64: int64 index, int32 shapes ---- */

static void md_sw_mixed64(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 32, 700))
    return;
  int64_t count = MD_COUNT;
  for (size_t i = 0; i < v.ns; i++) {
    int32_t H = (int32_t)md_small(&v.r), W = (int32_t)md_small(&v.r);
    int32_t C = (int32_t)md_small(&v.r);
    switch (i % 4) {
    case 0:
      W = (int32_t)v.s[i];
      break;
    case 1:
      H = (int32_t)v.s[i];
      break;
    case 2:
      C = (int32_t)v.s[i];
      break;
    default:
      W = (int32_t)v.s[i];
      H = (int32_t)md_pick_s(&v);
      break;
    }
    int64_t hw = (int64_t)H * W; /* int32 H * W: undefined if it wraps */
    md_i128 hwc = (md_i128)hw * C;
    md_expect e = MD_EXPECT_UNDEF;
    if (md_fits_s(hw, 32) && md_fits64(hwc)) {
      int64_t ds[4] = {W, hw, (int64_t)hwc, H};
      e = md_expect_signed(ds, 4, 64);
    }
    for (unsigned b = 0; b < MD_BASES; b++) {
      int64_t base =
          md_vals_base_s(&v.r, 64, (uint64_t)count, W, (unsigned)i + 3 * b);
      void *args[6] = {NULL, &H, &W, &C, &base, &count};
      md_diff_note(k, "H=%d W=%d C=%d base=%lld", H, W, C, (long long)base);
      md_run_1d(k, args, (uint32_t)count, 4, e);
    }
  }
  md_divset_free(&v);
}

/* ---- k_sizet_int: size_t / int, size_t % int (MD_DF_DIV32) ---- */

static void md_sw_sizet_int(md_diff_kernel *k) {
  static const int64_t ds[] = {1,          2,          3,         7,
                               10,         255,        256,       641,
                               65535,      65536,      65537,     1000003,
                               0x40000000, INT32_MAX - 1, INT32_MAX, 0,
                               -1,         -2,         -7,        -65536,
                               INT32_MIN + 1, INT32_MIN};
  static const uint64_t bases[] = {0,
                                   1,
                                   0xffffffffull - 10,
                                   0x100000000ull,
                                   0x8000000000000000ull - 32,
                                   0xffffffffffffffffull - MD_COUNT,
                                   12345678901234567ull};
  uint64_t count = MD_COUNT;
  md_rng r = {0x73697a65ull}; /* "size" */
  for (size_t i = 0; i < sizeof ds / sizeof ds[0] + 64; i++) {
    int32_t d = i < sizeof ds / sizeof ds[0]
                    ? (int32_t)ds[i]
                    : (int32_t)(md_rng_next(&r) >> (32 + md_rng_below(&r, 31)));
    for (size_t b = 0; b < sizeof bases / sizeof bases[0] + 2; b++) {
      uint64_t base = b < sizeof bases / sizeof bases[0]
                          ? bases[b]
                          : md_rng_next(&r) % (0xffffffffffffffffull - count);
      void *args[4] = {NULL, &d, &base, &count};
      md_diff_launch l = md_diff_1d((uint32_t)count, 32);
      md_diff_note(k, "d=%d base=%llu", d, (unsigned long long)base);
      /* d < 0: the divisor is >= 2^64 - 2^31, not < 2^32: falls back */
      md_diff_case(k, args, &l, 2 * (size_t)count,
                   d > 0 ? MD_EXPECT_RUN : MD_EXPECT_FALLBACK);
    }
  }
}

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_permute64, 8, 1, md_sw_permute64, MD_P, NULL, MD_U64,
                     MD_U64),
      MD_DIFF_KERNEL(k_im2col64, 8, 1, md_sw_im2col64, MD_P, NULL, MD_I64,
                     MD_I64),
      MD_DIFF_KERNEL(k_gridstride64, 8, 1, md_sw_gridstride64, MD_P, MD_U64,
                     MD_U64, MD_U64),
      MD_DIFF_KERNEL(k_launch64, 8, 1, md_sw_launch64, MD_P, MD_U64, MD_U32),
      MD_DIFF_KERNEL(k_mixed64, 8, 1, md_sw_mixed64, MD_P, MD_I32, MD_I32,
                     MD_I32, MD_I64, MD_I64),
      MD_DIFF_KERNEL(k_derived64, 8, 1, md_sw_derived64, MD_P, MD_I64, MD_I64,
                     MD_I64, MD_I64, MD_I64, MD_I64, MD_I64),
      MD_DIFF_KERNEL(k_sizet_int, 8, 1, md_sw_sizet_int, MD_P, MD_I32, MD_U64,
                     MD_U64),
  };
  /* the by-value structs: libffi struct types of their 64-bit members */
  static ffi_type shape64, conv64;
  static ffi_type *shape64_el[5], *conv64_el[6];
  md_diff_struct_type(&shape64, shape64_el, MD_U64, 4);
  md_diff_struct_type(&conv64, conv64_el, MD_I64, 5);
  ks[0].types[1] = &shape64;
  ks[1].types[1] = &conv64;
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
