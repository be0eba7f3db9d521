/*
 * d_shapes32.c -- driver of k_shapes32.c.  Each kernel is swept over the
 * divisor classes of md_diff_vals.c, one class value per case placed in
 * each divisor slot in turn (the other slots small or random), with
 * dividends base + thread index for bases at the classes' edges
 * (md_vals_base_*).  The expectation of each case comes from the C
 * semantics of the kernel's divisor expressions, evaluated here exactly:
 * signed overflow (undefined in C) skips the case, a zero divisor must
 * make md_desc_fill fall back.
 */
#include <string.h>

#include "k_shapes.h"
#include "md_diff_sweep.h"

MD_DIFF_DECL(k_permute);
MD_DIFF_DECL(k_permute_u);
MD_DIFF_DECL(k_unpermute);
MD_DIFF_DECL(k_stencil);
MD_DIFF_DECL(k_pad);
MD_DIFF_DECL(k_gridstride);
MD_DIFF_DECL(k_hash);
MD_DIFF_DECL(k_derived);
MD_DIFF_DECL(k_derived_u);
MD_DIFF_DECL(k_launch);
MD_DIFF_DECL(k_launch2d);

/* ---- kernels of several types: the shared sweeps (md_diff_sweep.c) ---- */

static void md_sw_permute(md_diff_kernel *k) { md_sweep_permute(k, 32, 1, 8); }
static void md_sw_permute_u(md_diff_kernel *k) {
  md_sweep_permute(k, 32, 0, 6);
}
static void md_sw_derived(md_diff_kernel *k) { md_sweep_derived(k, 32, 1); }
static void md_sw_derived_u(md_diff_kernel *k) { md_sweep_derived(k, 32, 0); }
static void md_sw_gridstride(md_diff_kernel *k) {
  md_sweep_gridstride(k, 32, 1);
}

/* ---- k_unpermute: NH*N*d, N*d, d ---- */

static void md_sw_unpermute(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 32, 700))
    return;
  int32_t count = MD_COUNT;
  for (size_t i = 0; i < v.ns; i++) {
    int32_t x = (int32_t)v.s[i];
    int32_t N = (int32_t)md_small(&v.r), NH = (int32_t)md_small(&v.r),
            d = (int32_t)md_small(&v.r);
    switch (i % 4) {
    case 0:
      d = x;
      break;
    case 1:
      N = x;
      break;
    case 2:
      NH = x;
      break;
    default:
      d = x;
      N = (int32_t)md_pick_s(&v);
      break;
    }
    int64_t nhn = (int64_t)NH * N; /* not a divisor, but UB if it wraps */
    int64_t ds[3] = {md_fits_s(nhn, 32) ? nhn * d : nhn, (int64_t)N * d, d};
    md_expect e =
        md_fits_s(nhn, 32) ? md_expect_signed(ds, 3, 32) : MD_EXPECT_UNDEF;
    for (unsigned b = 0; b < MD_BASES; b++) {
      int32_t base =
          (int32_t)md_vals_base_s(&v.r, 32, count, ds[0], (unsigned)i + 3 * b);
      void *args[6] = {NULL, &N, &NH, &d, &base, &count};
      md_diff_note(k, "N=%d NH=%d d=%d base=%d", N, NH, d, base);
      md_run_1d(k, args, (uint32_t)count, 4, e);
    }
  }
  md_divset_free(&v);
}

/* ---- k_stencil: periodic (x+-1) % Lx with |Lx|, |Ly| <= 2^30 ---- */

static void md_sw_stencil(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 32, 700))
    return;
  int32_t count = MD_COUNT;
  for (size_t i = 0; i < v.ns; i++) {
    int64_t x = v.s[i];
    if (x > (1 << 30) || x < -(1 << 30))
      continue; /* x - 1 + Lx would overflow */
    int32_t Lx = (int32_t)md_small(&v.r), Ly = (int32_t)md_small(&v.r);
    if (i & 1)
      Ly = (int32_t)x;
    else
      Lx = (int32_t)x;
    int64_t ds[2] = {Lx, Ly};
    md_expect e = md_expect_signed(ds, 2, 32);
    for (unsigned b = 0; b < MD_BASES; b++) {
      int32_t base =
          (int32_t)md_vals_base_s(&v.r, 32, count, Lx, (unsigned)i + 3 * b);
      void *args[5] = {NULL, &Lx, &Ly, &base, &count};
      md_diff_note(k, "Lx=%d Ly=%d base=%d", Lx, Ly, base);
      md_run_1d(k, args, (uint32_t)count, 6, e);
    }
  }
  md_divset_free(&v);
}

/* ---- k_pad: pos = (idx % OW) * stride - pad, then pos / S, pos % S ---- */

static void md_sw_pad(md_diff_kernel *k) {
  static const int32_t strides[] = {1, 2, 3, 4, 5, 7, 8, 16};
  md_divset v;
  if (md_divset_init(&v, k, 32, 700))
    return;
  int32_t count = MD_COUNT;
  for (size_t i = 0; i < v.ns; i++) {
    int32_t x = (int32_t)v.s[i];
    int32_t OW = (int32_t)md_small(&v.r) * 8, S = (int32_t)md_pick_s(&v);
    int32_t stride = strides[md_rng_below(&v.r, 8)];
    if (i & 1)
      S = x;
    else
      OW = x;
    /* |pos| <= (|OW| - 1) * stride + |pad| must stay <= INT32_MAX */
    int64_t aow = OW < 0 ? -(int64_t)OW : OW;
    int64_t reach = (aow - 1) * stride;
    if (reach > INT32_MAX) {
      stride = 1;
      reach = aow - 1;
    }
    int64_t room = INT32_MAX - reach;
    int32_t pad = (int32_t)(md_rng_below(&v.r, (uint64_t)(2 * room + 1)) -
                            (uint64_t)room);
    if (md_rng_below(&v.r, 2))
      pad = (int32_t)md_rng_below(&v.r, 64); /* the usual small padding */
    int64_t ds[2] = {OW, S};
    md_expect e = md_expect_signed(ds, 2, 32);
    for (unsigned b = 0; b < MD_BASES; b++) {
      int32_t base =
          (int32_t)md_vals_base_s(&v.r, 32, count, OW, (unsigned)i + 3 * b);
      void *args[7] = {NULL, &OW, &stride, &pad, &S, &base, &count};
      md_diff_note(k, "OW=%d stride=%d pad=%d S=%d base=%d", OW, stride, pad, S,
                   base);
      md_run_1d(k, args, (uint32_t)count, 4, e);
    }
  }
  md_divset_free(&v);
}

/* ---- k_hash: keys whose hash hits the dividend classes of capacity ---- */

/* The inverse of the kernel's hash h(x): both xor-shifts by 16 are their
 * own inverses on 32 bits, and the odd multiplier has an inverse mod 2^32
 * (Newton: y <- y * (2 - c*y) doubles the correct low bits). */
static uint32_t md_unhash(uint32_t h) {
  uint32_t c = 0x45d9f3bu, inv = c;
  for (int i = 0; i < 5; i++)
    inv *= 2u - c * inv;
  h ^= h >> 16;
  h *= inv;
  return h ^ (h >> 16);
}

static void md_sw_hash(md_diff_kernel *k) {
  static uint64_t hs[512];
  static uint32_t keys[512];
  md_divset v;
  if (md_divset_init(&v, k, 32, 1400))
    return;
  void *kp = keys;
  for (size_t i = 0; i <= v.nu; i++) {
    uint32_t cap = i < v.nu ? (uint32_t)v.u[i] : 0;
    int32_t n = (int32_t)md_vals_dividends_u(cap ? cap : 1, 32, hs, 512, &v.r,
                                             md_scaled(32));
    for (int32_t j = 0; j < n; j++)
      keys[j] = md_unhash((uint32_t)hs[j]);
    void *args[4] = {NULL, &kp, &cap, &n};
    md_diff_note(k, "capacity=%u", cap);
    md_run_1d(k, args, (uint32_t)n, 2,
              cap ? MD_EXPECT_RUN : MD_EXPECT_FALLBACK);
  }
  md_divset_free(&v);
}

/* ---- k_launch: blockDim.x (all 1..1024), gridDim.x (up to 2^31-1) ---- */

static void md_sw_launch(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 32, 1400))
    return;
  size_t n = v.nu > 1024 ? v.nu : 1024;
  size_t ngrid = 0;
  for (size_t i = 0; i < v.nu; i++)
    if (v.u[i] <= 0x7fffffffu)
      v.u[ngrid++] = v.u[i]; /* in place */
  for (size_t i = 0; i < n; i++) {
    uint32_t nt = 1 + (uint32_t)(i % 1024);
    uint32_t nb = (uint32_t)v.u[i % ngrid];
    md_diff_launch l = md_diff_1d(1, nt);
    l.dims.grid[0] = nb;
    /* one or two blocks from a random place, the last block, or the first */
    uint32_t cnt = nt > 256 || nb < 2 ? 1 : 2;
    uint32_t pick = (uint32_t)(i % 3);
    l.first[0] = pick == 0   ? 0
                 : pick == 1 ? nb - cnt
                             : (uint32_t)md_rng_below(&v.r, nb - cnt + 1);
    l.count[0] = cnt;
    uint32_t base =
        (uint32_t)md_vals_base_u(&v.r, 32, (uint64_t)cnt * nt, nb, (unsigned)i);
    uint32_t first = l.first[0];
    uint64_t ds[3] = {nt, nb, (uint32_t)(nt * nb)};
    void *args[3] = {NULL, &base, &first};
    md_diff_note(k, "block=%u grid=%u first=%u base=%u", nt, nb, first, base);
    md_diff_case(k, args, &l, 4 * (size_t)cnt * nt, md_expect_unsigned(ds, 3));
  }
  md_divset_free(&v);
}

static void md_sw_launch2d(md_diff_kernel *k) {
  md_rng r = {md_diff_cfg.seed ^ 0x2d2d};
  size_t n = md_scaled(600);
  for (size_t i = 0; i < n; i++) {
    md_diff_launch l = md_diff_1d(1, 1);
    l.dims.block[0] = 1 + (uint32_t)md_rng_below(&r, i % 2 ? 64 : 8);
    l.dims.block[1] = 1 + (uint32_t)md_rng_below(&r, 64 / l.dims.block[0]);
    l.dims.grid[0] = 1 + (uint32_t)md_rng_below(&r, 3);
    l.dims.grid[1] = 1 + (uint32_t)md_rng_below(&r, 3);
    uint32_t threads =
        l.dims.block[0] * l.dims.block[1] * l.dims.grid[0] * l.dims.grid[1];
    int32_t base =
        (int32_t)md_vals_base_s(&r, 32, threads, l.dims.block[0], (unsigned)i);
    void *args[2] = {NULL, &base};
    md_diff_note(k, "block=%ux%u grid=%ux%u base=%d", l.dims.block[0],
                 l.dims.block[1], l.dims.grid[0], l.dims.grid[1], base);
    md_diff_case(k, args, &l, 4 * (size_t)threads, MD_EXPECT_RUN);
  }
}

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_permute, 4, 1, md_sw_permute, MD_P, NULL, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_permute_u, 4, 1, md_sw_permute_u, MD_P, NULL, MD_U32,
                     MD_U32),
      MD_DIFF_KERNEL(k_unpermute, 4, 1, md_sw_unpermute, MD_P, MD_I32, MD_I32,
                     MD_I32, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_stencil, 4, 1, md_sw_stencil, MD_P, MD_I32, MD_I32,
                     MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_pad, 4, 1, md_sw_pad, MD_P, MD_I32, MD_I32, MD_I32,
                     MD_I32, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_gridstride, 4, 1, md_sw_gridstride, MD_P, MD_I32, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_hash, 4, 1, md_sw_hash, MD_P, MD_P, MD_U32, MD_I32),
      MD_DIFF_KERNEL(k_derived, 4, 1, md_sw_derived, MD_P, MD_I32, MD_I32,
                     MD_I32, MD_I32, MD_I32, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_derived_u, 4, 1, md_sw_derived_u, MD_P, MD_U32, MD_U32,
                     MD_U32, MD_U32, MD_U32, MD_U32, MD_U32),
      MD_DIFF_KERNEL(k_launch, 4, 1, md_sw_launch, MD_P, MD_U32, MD_U32),
      MD_DIFF_KERNEL(k_launch2d, 4, 1, md_sw_launch2d, MD_P, MD_I32),
  };
  /* the by-value shapes: libffi struct types of their int32 members */
  static ffi_type shape4, ushape4;
  static ffi_type *shape4_el[9], *ushape4_el[7];
  md_diff_struct_type(&shape4, shape4_el, MD_I32, 8);
  md_diff_struct_type(&ushape4, ushape4_el, MD_U32, 6);
  ks[0].types[1] = &shape4;
  ks[1].types[1] = &ushape4;
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
