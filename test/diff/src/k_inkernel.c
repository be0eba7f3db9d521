/*
 * k_inkernel.c -- test kernels of the in-kernel magic: division and
 * remainder of every width the form covers (u64 s64 u32 s32 u16 s16 u8 s8) by a
 * kernel argument (transformed with option inkernel-args) and by a field
 * of a constant struct (`extern const`: the CPU's read-only memory, which
 * the transform treats like __constant__), each in a loop (several uses per
 * thread), and one use per thread by a constant field (left native by the
 * model); the same in device functions the kernel calls (the magic
 * once per call); Inductor's index kernels (dividends of unknown sign:
 * the sign guard).  Compiled twice: transformed, and as the reference with
 * IK_NAME(x) = x##_ref.  Driver: d_inkernel.c.
 */
#include <stdint.h>

#include "k_inkernel.h"

#define MD_KERNEL __attribute__((annotate("magicdiv-kernel")))
#ifndef IK_NAME
#define IK_NAME(x) x
#endif

extern const struct ik_params ik_P;

#define IK_ARG(name, T)                                                        \
  MD_KERNEL void IK_NAME(name)(T *out, const T *in, T d, int n) {              \
    for (int i = 0; i < n; i++) {                                              \
      out[2 * i] = (T)(in[i] / d);                                             \
      out[2 * i + 1] = (T)(in[i] % d);                                         \
    }                                                                          \
  }
#define IK_CONST(name, T, field)                                               \
  MD_KERNEL void IK_NAME(name)(T *out, const T *in, int n) {                   \
    for (int i = 0; i < n; i++) {                                              \
      out[2 * i] = (T)(in[i] / ik_P.field);                                    \
      out[2 * i + 1] = (T)(in[i] % ik_P.field);                                \
    }                                                                          \
  }

IK_ARG(ik_arg_u64, uint64_t)
IK_ARG(ik_arg_s64, int64_t)
IK_ARG(ik_arg_u32, uint32_t)
IK_ARG(ik_arg_s32, int32_t)
IK_ARG(ik_arg_u16, uint16_t)
IK_ARG(ik_arg_s16, int16_t)
IK_ARG(ik_arg_u8, uint8_t)
IK_ARG(ik_arg_s8, int8_t)
IK_CONST(ik_c_u64, uint64_t, u64)
IK_CONST(ik_c_s64, int64_t, s64)
IK_CONST(ik_c_u32, uint32_t, u32)
IK_CONST(ik_c_s32, int32_t, s32)
IK_CONST(ik_c_u16, uint16_t, u16)
IK_CONST(ik_c_s16, int16_t, s16)
IK_CONST(ik_c_u8, uint8_t, u8)
IK_CONST(ik_c_s8, int8_t, s8)

/* Straight-line: eight dividends, div and rem each (16 sites, one
 * divisor), the unrolled shape of a Triton kernel's elements per thread. */
MD_KERNEL void IK_NAME(ik_c_unrolled)(int32_t *out, const int32_t *in) {
#define IK_PAIR(j)                                                             \
  out[2 * (j)] = in[j] / ik_P.s32;                                             \
  out[2 * (j) + 1] = in[j] % ik_P.s32;
  IK_PAIR(0) IK_PAIR(1) IK_PAIR(2) IK_PAIR(3)
  IK_PAIR(4) IK_PAIR(5) IK_PAIR(6) IK_PAIR(7)
#undef IK_PAIR
}

/* Inductor's index math in a Triton permute at XBLOCK 1024 (8 elements
 * per thread): x = pid * 1024 + ..., which wraps (no nsw), so the
 * dividends are of unknown sign; the sign guard tests pid * 1024 >= 0
 * once, beside the divisors.  And the reduction's loop: its index r
 * steps by `step` (wrapping), tested each iteration. */
MD_KERNEL void IK_NAME(ik_arg_index)(int32_t *out, int32_t pid, int32_t t,
                                     int32_t ks0, int32_t ks1) {
  int32_t xoff = (int32_t)((uint32_t)pid << 10);
  int32_t ks01 = (int32_t)((uint32_t)ks0 * (uint32_t)ks1);
#define IK_ELEM(j)                                                             \
  {                                                                            \
    int32_t x = xoff | (t & 127) | (128 * (j));                                \
    out[4 * (j)] = x % ks0;                                                    \
    out[4 * (j) + 1] = (x / ks0) % ks1;                                        \
    out[4 * (j) + 2] = x / ks01;                                               \
    out[4 * (j) + 3] = x % ks01;                                               \
  }
  IK_ELEM(0) IK_ELEM(1) IK_ELEM(2) IK_ELEM(3)
  IK_ELEM(4) IK_ELEM(5) IK_ELEM(6) IK_ELEM(7)
#undef IK_ELEM
}
MD_KERNEL void IK_NAME(ik_arg_rindex)(int32_t *out, int32_t t, int32_t ks0,
                                      int32_t n, int32_t step) {
  int32_t r = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t x = r | (t & 127);
    out[2 * i] = x % ks0;
    out[2 * i + 1] = x / ks0;
    r = (int32_t)((uint32_t)r + (uint32_t)step);
  }
}

/* The same with the next index computed (and stored) before the
 * divisions: the guard must test r, whose value came from the previous
 * iteration, not the next one. */
MD_KERNEL void IK_NAME(ik_arg_rnext)(int32_t *out, int32_t t, int32_t ks0,
                                     int32_t n, int32_t step) {
  int32_t r = 0;
  for (int32_t i = 0; i < n; i++) {
    int32_t next = (int32_t)((uint32_t)r + (uint32_t)step);
    out[3 * i + 2] = next;
    int32_t x = r | (t & 127);
    out[3 * i] = x % ks0;
    out[3 * i + 1] = x / ks0;
    r = next;
  }
}

/* One use per thread: stays native (the model). */
MD_KERNEL void IK_NAME(ik_c_once)(uint32_t *out, const uint32_t *in) {
  out[0] = in[0] % ik_P.u32;
}

/* Device functions the kernel calls and does not inline (CUDA keeps big
 * ones as calls): a constant field's sites in a loop get the magic
 * computed once per call; a single use per call stays native. */
__attribute__((noinline)) static void ik_fn_rows(int32_t *out,
                                                 const int32_t *in, int n) {
  for (int i = 0; i < n; i++) {
    out[2 * i] = in[i] / ik_P.s32;
    out[2 * i + 1] = in[i] % ik_P.s32;
  }
}
__attribute__((noinline)) static uint32_t ik_fn_once(uint32_t x) {
  return x % ik_P.u32;
}
MD_KERNEL void IK_NAME(ik_c_callee)(int32_t *out, const int32_t *in, int rows,
                                    int n) {
  for (int r = 0; r < rows; r++)
    ik_fn_rows(out + 2 * r * n, in + r * n, n);
  out[2 * rows * n] = (int32_t)ik_fn_once((uint32_t)in[0]);
}

/* Vector divisions by a splat of a constant field (clang's vector
 * extension: insertelement + shufflevector), in a loop: split into lanes,
 * each an in-kernel site. */
typedef uint32_t ik_v4u32 __attribute__((ext_vector_type(4)));
typedef int64_t ik_v2s64 __attribute__((ext_vector_type(2)));
MD_KERNEL void IK_NAME(ik_c_v4u32)(ik_v4u32 *out, const ik_v4u32 *in, int n) {
  for (int i = 0; i < n; i++) {
    out[2 * i] = in[i] / ik_P.u32;
    out[2 * i + 1] = in[i] % ik_P.u32;
  }
}
MD_KERNEL void IK_NAME(ik_c_v2s64)(ik_v2s64 *out, const ik_v2s64 *in, int n) {
  for (int i = 0; i < n; i++) {
    out[2 * i] = in[i] / ik_P.s64;
    out[2 * i + 1] = in[i] % ik_P.s64;
  }
}
