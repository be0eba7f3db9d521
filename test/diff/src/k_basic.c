/*
 * k_basic.c -- test kernels: division and remainder of every width (u64,
 * s64, u32, s32, u16, s16, u8, s8) and of mixed widths (a 64-bit dividend
 * by a 32-bit divisor; 32-bit operands extended to 64 bits, where
 * INT32_MIN / -1 is defined) by a kernel argument, with the dividends read
 * from memory (no range is known: the full forms); dividends of known
 * ranges (the narrower forms the pass may pick); a kernel that mixes
 * transformable and non-transformable divisions, and one that has none (it
 * must get no clone).  Driver: d_basic.c.
 */
#include "md_diff_kernel.h"

/* out[2i] = in[i] / d, out[2i+1] = in[i] % d for thread i < n, with
 * dividend type TN and divisor type TD converted to TO (and, as always in
 * C, types narrower than int promoted to int: s16/s8 MIN / -1 is
 * defined). */
#define MD_DIVREM_KERNEL(name, TO, TN, TD)                                     \
  MD_KERNEL void name(TO *out, const TN *in, TD d, int n) {                    \
    int i = (int)MD_GID();                                                     \
    if (i < n) {                                                               \
      out[2 * i] = (TO)((TO)in[i] / (TO)d);                                    \
      out[2 * i + 1] = (TO)((TO)in[i] % (TO)d);                                \
    }                                                                          \
  }

MD_DIVREM_KERNEL(k_u32, uint32_t, uint32_t, uint32_t)
MD_DIVREM_KERNEL(k_s32, int32_t, int32_t, int32_t)
MD_DIVREM_KERNEL(k_u16, uint16_t, uint16_t, uint16_t)
MD_DIVREM_KERNEL(k_s16, int16_t, int16_t, int16_t)
MD_DIVREM_KERNEL(k_u8, uint8_t, uint8_t, uint8_t)
MD_DIVREM_KERNEL(k_s8, int8_t, int8_t, int8_t)
MD_DIVREM_KERNEL(k_u64, uint64_t, uint64_t, uint64_t)
MD_DIVREM_KERNEL(k_s64, int64_t, int64_t, int64_t)
MD_DIVREM_KERNEL(k_s64_s32, int64_t, int64_t, int32_t)     /* sext divisor */
MD_DIVREM_KERNEL(k_u64_u32, uint64_t, uint64_t, uint32_t)  /* zext divisor */
MD_DIVREM_KERNEL(k_u64_zext, uint64_t, uint32_t, uint32_t) /* both zext */
MD_DIVREM_KERNEL(k_s64_sext, int64_t, int32_t, int32_t)    /* both sext */

/* Unsigned dividends with proven ranges: masked below 2^31, shifted,
 * 16-bit, the thread index (< 1024), a remainder by a constant. */
MD_KERNEL void k_ranges_u32(uint32_t *out, const uint32_t *in, uint32_t d,
                            int n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  uint32_t x = in[i];
  out[6 * i + 0] = (x & 0x7fffffffu) / d;
  out[6 * i + 1] = (x >> 1) % d;
  out[6 * i + 2] = (x & 0xffffu) / d;
  out[6 * i + 3] = md_tid_x() / d;
  out[6 * i + 4] = (x % 1000u) % d;
  out[6 * i + 5] = (x | 0x80000000u) / d; /* >= 2^31 */
}

/* Signed dividends with proven ranges: non-negative by a mask or by a
 * dominating check, halved (|x >> 1| <= 2^30), 16-bit, the thread index. */
MD_KERNEL void k_ranges_s32(int32_t *out, const int32_t *in, int32_t d, int n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  int32_t x = in[i];
  out[6 * i + 0] = (x & 0x7fffffff) / d;
  out[6 * i + 1] = x >= 0 ? x / d : -1;
  out[6 * i + 2] = (x >> 1) % d;
  out[6 * i + 3] = (int16_t)x / d;
  out[6 * i + 4] = (int)md_tid_x() % d;
  out[6 * i + 5] = x > 0 ? x % d : x;
}

/* 64-bit dividends with proven ranges. */
MD_KERNEL void k_ranges_u64(uint64_t *out, const uint64_t *in, uint64_t d,
                            int n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  uint64_t x = in[i];
  out[6 * i + 0] = (x & 0x7fffffffffffffffull) / d;
  out[6 * i + 1] = (x >> 32) % d;
  out[6 * i + 2] = (x & 0xffffffffull) / d;
  out[6 * i + 3] = (uint64_t)md_tid_x() / d;
  out[6 * i + 4] = (x % 1000000007ull) % d;
  out[6 * i + 5] = (x | 0x8000000000000000ull) / d;
}

MD_KERNEL void k_ranges_s64(int64_t *out, const int64_t *in, int64_t d, int n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  int64_t x = in[i];
  out[6 * i + 0] = (x & 0x7fffffffffffffffll) / d;
  out[6 * i + 1] = x >= 0 ? x / d : -1;
  out[6 * i + 2] = (x >> 1) % d;
  out[6 * i + 3] = (int64_t)(int32_t)x / d;
  out[6 * i + 4] = (int64_t)md_tid_x() % d;
  out[6 * i + 5] = x > 0 ? x % d : x;
}

/* One transformable division (by d) beside divisions by a value loaded
 * from memory and by a thread-dependent value, which stay as they are. */
MD_KERNEL void k_sites(int32_t *out, const int32_t *in, const int32_t *dv,
                       int32_t d, int n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  out[3 * i + 0] = in[i] / d;
  out[3 * i + 1] = in[i] / dv[i];
  out[3 * i + 2] = in[i] % (int)(md_tid_x() + 1);
}

/* No launch-invariant divisor: by memory, by a constant, by the thread
 * index.  The pass must leave this kernel without a clone. */
MD_KERNEL void k_none(int32_t *out, const int32_t *in, const int32_t *dp,
                      int n) {
  int i = (int)MD_GID();
  if (i >= n)
    return;
  out[3 * i + 0] = in[i] / *dp;
  out[3 * i + 1] = in[i] % 7;
  out[3 * i + 2] = in[i] / (int)(md_tid_x() + 1);
}
