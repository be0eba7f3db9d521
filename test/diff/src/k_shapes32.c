/*
 * k_shapes32.c -- 32-bit test kernels shaped like real ones: divisors from
 * struct fields, products, sums, differences, derived quotients and the
 * launch geometry; dividends that go negative, a grid-stride loop, an
 * unsigned hash over the full 32-bit range.  Each thread's dividend is
 * base + its index, so the driver (d_shapes32.c) reaches edge dividends by
 * choosing base.  Every quotient and remainder is written out.
 */
#include "md_diff_kernel.h"

/* after md_diff_kernel.h: its kernel macros need MD_KERNEL */
#include "k_shapes.h"

/* 4-D permute, the shape in a struct; signed, and unsigned with dividends
 * over the full 32-bit range. */
MD_PERMUTE_KERNEL(k_permute, int32_t, md_shape4)
MD_PERMUTE_KERNEL(k_permute_u, uint32_t, md_ushape4)

/* Attention unpermute (llm.c): product divisors NH*N*d, N*d, d. */
MD_KERNEL void k_unpermute(int32_t *out, int32_t N, int32_t NH, int32_t d,
                           int32_t base, int32_t count) {
  int t = (int)MD_GID();
  if (t >= count)
    return;
  int idx = base + t;
  int b = idx / (NH * N * d);
  int rest = idx % (NH * N * d);
  int nh_ = rest / (N * d);
  rest = rest % (N * d);
  out[4 * t + 0] = b;
  out[4 * t + 1] = nh_;
  out[4 * t + 2] = rest / d;
  out[4 * t + 3] = rest % d;
}

/* Periodic stencil: neighbours (x+-1) mod Lx, (y+-1) mod Ly. */
MD_KERNEL void k_stencil(int32_t *out, int32_t Lx, int32_t Ly, int32_t base,
                         int32_t count) {
  int t = (int)MD_GID();
  if (t >= count)
    return;
  int idx = base + t;
  int x = idx % Lx;
  int y = (idx / Lx) % Ly;
  out[6 * t + 0] = x;
  out[6 * t + 1] = y;
  out[6 * t + 2] = (x + 1) % Lx;
  out[6 * t + 3] = (x - 1 + Lx) % Lx;
  out[6 * t + 4] = (y + 1) % Ly;
  out[6 * t + 5] = (y - 1 + Ly) % Ly;
}

/* Padding: the input position goes negative before it is divided. */
MD_KERNEL void k_pad(int32_t *out, int32_t OW, int32_t stride, int32_t pad,
                     int32_t S, int32_t base, int32_t count) {
  int t = (int)MD_GID();
  if (t >= count)
    return;
  int idx = base + t;
  int ow = idx % OW;
  int pos = ow * stride - pad;
  out[4 * t + 0] = ow;
  out[4 * t + 1] = idx / OW;
  out[4 * t + 2] = pos / S;
  out[4 * t + 3] = pos % S;
}

/* Grid-stride loop over [base, end), divisor from the arguments. */
MD_KERNEL void k_gridstride(int32_t *out, int32_t d, int32_t base,
                            int32_t end) {
  int stride = (int)(md_ntid_x() * md_nctaid_x());
  for (int i = base + (int)MD_GID(); i < end; i += stride) {
    out[2 * (i - base) + 0] = i / d;
    out[2 * (i - base) + 1] = i % d;
  }
}

/* Open-addressing hash table slot: h % capacity over the full 32 bits. */
MD_KERNEL void k_hash(uint32_t *out, const uint32_t *keys, uint32_t capacity,
                      int32_t n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  uint32_t x = keys[i];
  uint32_t h = (x ^ (x >> 16)) * 0x45d9f3bu;
  h ^= h >> 16;
  out[2 * i + 0] = h % capacity;
  out[2 * i + 1] = h / capacity;
}

/* Sums, differences and quotients as divisors, signed and unsigned. */
MD_DERIVED_KERNEL(k_derived, int32_t)
MD_DERIVED_KERNEL(k_derived_u, uint32_t)

/* Launch dimensions as divisors: blockDim.x, gridDim.x and their product.
 * The driver runs a few blocks starting at `first` of a grid up to 2^31-1
 * blocks. */
MD_KERNEL void k_launch(uint32_t *out, uint32_t base, uint32_t first) {
  uint32_t b = md_ctaid_x(), nt = md_ntid_x(), nb = md_nctaid_x();
  uint32_t x = base + b * nt + md_tid_x();
  uint32_t o = (b - first) * nt + md_tid_x();
  out[4 * o + 0] = x / nt;
  out[4 * o + 1] = x % nt;
  out[4 * o + 2] = x / nb;
  out[4 * o + 3] = x % (nt * nb);
}

/* 2-D launch, signed: threads per block, block and grid extents. */
MD_KERNEL void k_launch2d(int32_t *out, int32_t base) {
  int nx = (int)md_ntid_x(), ny = (int)md_ntid_y();
  int gx = (int)md_nctaid_x(), gy = (int)md_nctaid_y();
  int blk = (int)md_ctaid_y() * gx + (int)md_ctaid_x();
  int flat = (blk * ny + (int)md_tid_y()) * nx + (int)md_tid_x();
  int x = base + flat;
  out[4 * flat + 0] = x / (nx * ny);
  out[4 * flat + 1] = x % nx;
  out[4 * flat + 2] = x / gy;
  out[4 * flat + 3] = x % (gx * gy);
}
