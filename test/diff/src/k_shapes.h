/*
 * k_shapes.h -- what k_shapes32.c and k_shapes64.c share: the by-value
 * struct parameters (also used by their drivers to build arguments) and
 * the kernels that exist in several types.
 *
 * Each struct is larger than 16 bytes, so on x86-64 it stays one
 * `ptr byval` IR parameter (smaller structs are split into registers and
 * would not map 1:1 to C parameters).  The drivers fill them generically
 * as arrays of equal-width fields (md_sweep_permute).
 */
#ifndef K_SHAPES_H
#define K_SHAPES_H

#include <stdint.h>

/* NCHW shapes and some unrelated fields; the divisors are c, h, w. */
typedef struct md_shape4 {
  int32_t n, c, h, w;
  int32_t flags, pad0, pad1, pad2;
} md_shape4;

typedef struct md_ushape4 {
  uint32_t n, c, h, w;
  uint32_t flags, pad0;
} md_ushape4;

typedef struct md_shape64 {
  uint64_t n, c, h, w;
} md_shape64;

/* A 1-D convolution's geometry in int64 (im2col-like). */
typedef struct md_conv64 {
  int64_t ow, stride, pad, s, k;
} md_conv64;

#ifdef MD_KERNEL
/* 4-D permute: the NCHW coordinates of linear index base + t, the shape in
 * a by-value struct S of type-T fields (divisors w, h, c, w*h, w*h*c). */
#define MD_PERMUTE_KERNEL(name, T, S)                                          \
  MD_KERNEL void name(T *out, S s, T base, T count) {                          \
    T t = (T)MD_GID();                                                         \
    if (t >= count)                                                            \
      return;                                                                  \
    T idx = base + t;                                                          \
    out[4 * t + 0] = idx % s.w;                                                \
    out[4 * t + 1] = (idx / s.w) % s.h;                                        \
    out[4 * t + 2] = (idx / (s.w * s.h)) % s.c;                                \
    out[4 * t + 3] = idx / (s.w * s.h * s.c);                                  \
  }

/* Sums, differences and quotients computed in the kernel as divisors:
 * n+pad, rows-1, C/4, (n+1)/2, C/NH, NH. */
#define MD_DERIVED_KERNEL(name, T)                                             \
  MD_KERNEL void name(T *out, T n, T pad, T rows, T C, T NH, T base,           \
                      T count) {                                               \
    T t = (T)MD_GID();                                                         \
    if (t >= count)                                                            \
      return;                                                                  \
    T idx = base + t;                                                          \
    out[6 * t + 0] = idx / (n + pad);                                          \
    out[6 * t + 1] = idx % (rows - 1);                                         \
    out[6 * t + 2] = idx / (C / 4);                                            \
    out[6 * t + 3] = idx % ((n + 1) / 2);                                      \
    out[6 * t + 4] = idx / (C / NH);                                           \
    out[6 * t + 5] = C % NH;                                                   \
  }
#endif

#endif /* K_SHAPES_H */
