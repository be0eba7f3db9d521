/*
 * k_shapes64.c -- 64-bit and mixed-width test kernels shaped like real ones
 * (size_t shapes, int64 convolution geometry, PyTorch-style int64 indices
 * with int shapes, the launch geometry widened to 64 bits).  Each thread's
 * dividend is base + its index.  Driver: d_shapes64.c.
 */
#include "md_diff_kernel.h"

/* after md_diff_kernel.h: its kernel macros need MD_KERNEL */
#include "k_shapes.h"

/* 4-D permute on size_t shapes in a struct. */
MD_PERMUTE_KERNEL(k_permute64, uint64_t, md_shape64)

/* im2col-like: input position ow*stride - pad + k goes negative. */
MD_KERNEL void k_im2col64(int64_t *out, md_conv64 g, int64_t base,
                          int64_t count) {
  int64_t t = MD_GID();
  if (t >= count)
    return;
  int64_t idx = base + t;
  int64_t ow = idx % g.ow;
  int64_t k = (idx / g.ow) % g.k;
  int64_t pos = ow * g.stride - g.pad + k;
  out[4 * t + 0] = ow;
  out[4 * t + 1] = k;
  out[4 * t + 2] = pos / g.s;
  out[4 * t + 3] = pos % g.s;
}

/* Grid-stride loop over size_t [base, end). */
MD_KERNEL void k_gridstride64(uint64_t *out, uint64_t d, uint64_t base,
                              uint64_t end) {
  uint64_t stride = (uint64_t)md_ntid_x() * md_nctaid_x();
  for (uint64_t i = base + MD_GID(); i < end; i += stride) {
    out[2 * (i - base) + 0] = i / d;
    out[2 * (i - base) + 1] = i % d;
  }
}

/* The launch geometry widened: 64-bit dividend by blockDim.x, gridDim.x
 * and their 64-bit product. */
MD_KERNEL void k_launch64(uint64_t *out, uint64_t base, uint32_t first) {
  uint32_t b = md_ctaid_x(), nt = md_ntid_x(), nb = md_nctaid_x();
  uint64_t x = base + (uint64_t)b * nt + md_tid_x();
  uint32_t o = (b - first) * nt + md_tid_x();
  out[3 * o + 0] = x / nt;
  out[3 * o + 1] = x / nb;
  out[3 * o + 2] = x % ((uint64_t)nt * nb);
}

/* int64 index, int shapes (PyTorch style): divisors sign-extended from 32
 * bits, a 32-bit product extended, a 64-bit product of extensions. */
MD_KERNEL void k_mixed64(int64_t *out, int32_t H, int32_t W, int32_t C,
                         int64_t base, int64_t count) {
  int64_t t = MD_GID();
  if (t >= count)
    return;
  int64_t idx = base + t;
  out[4 * t + 0] = idx / W;
  out[4 * t + 1] = idx % (int64_t)(H * W);
  out[4 * t + 2] = idx / ((int64_t)H * W * C);
  out[4 * t + 3] = (idx / W) % H;
}

/* size_t by int: the divisor is sext(d) as a 64-bit unsigned
 * value, so the pass requires d < 2^32 at launch (MD_DF_DIV32: negative d
 * runs the original) and computes the remainder in 32 bits. */
MD_KERNEL void k_sizet_int(uint64_t *out, int32_t d, uint64_t base,
                           uint64_t count) {
  uint64_t t = MD_GID();
  if (t >= count)
    return;
  uint64_t idx = base + t;
  out[2 * t + 0] = idx / d;
  out[2 * t + 1] = idx % d;
}

/* Sums, differences and quotients in int64 as divisors. */
MD_DERIVED_KERNEL(k_derived64, int64_t)
