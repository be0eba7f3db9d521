/*
 * k_ipa.c -- device-side shapes of callees and vectors, as x86 test kernels
 * (driver: d_ipa.c):
 *   - vector divisions whose lanes divide by fields of a by-value struct
 *     loaded as one vector, by shuffles of it and by vectors built from
 *     scalars (the AMDGPU -O2 + SLP shapes);
 *   - divisions inside noinline device functions whose divisors are
 *     launch-invariant through the call's arguments or the geometry
 *     (interprocedural clones), two levels deep.
 * The vector kernels compute exactly what MD_PERMUTE_KERNEL computes, so
 * the permute sweep of md_diff_sweep.c drives them.
 */
#include "md_diff_kernel.h"

#include "k_shapes.h"

typedef int32_t md_v2i __attribute__((ext_vector_type(2)));
typedef uint32_t md_v2u __attribute__((ext_vector_type(2)));

#define MD_VPERM_KERNEL(name, T, V, S)                                         \
  MD_KERNEL void name(T *out, S s, T base, T count) {                          \
    T t = (T)MD_GID();                                                         \
    if (t >= count)                                                            \
      return;                                                                  \
    T idx = base + t;                                                          \
    V hw;                                                                      \
    __builtin_memcpy(&hw, &s.h, sizeof hw); /* one vector load: {h, w} */      \
    V wh = __builtin_shufflevector(hw, hw, 1, 0);                              \
    V n1 = {idx, idx / s.w};                                                   \
    V lo = n1 % wh; /* {idx % w, (idx / w) % h} */                             \
    V d2 = (V){s.w, s.w * s.h} * (V){s.h, s.c}; /* {w*h, (w*h)*c} */         \
    V hi = (V){idx, idx} / d2; /* {idx / wh, idx / whc} */                     \
    hi.x = hi.x % s.c;                                                         \
    __builtin_memcpy(&out[4 * t], &lo, sizeof lo);                             \
    __builtin_memcpy(&out[4 * t + 2], &hi, sizeof hi);                         \
  }

MD_VPERM_KERNEL(k_vperm, int32_t, md_v2i, md_shape4)
MD_VPERM_KERNEL(k_vperm_u, uint32_t, md_v2u, md_ushape4)

/* ---- divisions in noinline device functions (paged attention's
 * num_heads / num_kv_heads, head / queries-per-kv; the grid size) ---- */

__attribute__((noinline)) int32_t md_ipa_kv_head(int32_t head, int32_t nh,
                                                 int32_t nkv) {
  int32_t qpk = nh / nkv;
  return head / qpk;
}

/* two levels: calls md_ipa_kv_head, and divides by the geometry */
__attribute__((noinline)) int32_t md_ipa_slot(int32_t x, int32_t nh,
                                              int32_t nkv) {
  int32_t kv = md_ipa_kv_head(x % nh, nh, nkv);
  return kv + (int32_t)((uint32_t)x / md_nctaid_x());
}

__attribute__((noinline)) int32_t md_ipa_mod(int32_t x, int32_t m) {
  return x % m;
}

/* a thread-dependent divisor: stays, with a remark */
__attribute__((noinline)) int32_t md_ipa_bad(int32_t x, int32_t y) {
  return x / y;
}

MD_KERNEL void k_call(int32_t *out, int32_t nh, int32_t nkv, int32_t base,
                      int32_t count) {
  int32_t t = (int32_t)MD_GID();
  if (t >= count)
    return;
  int32_t idx = base + t;
  out[4 * t + 0] = md_ipa_kv_head(idx, nh, nkv);
  out[4 * t + 1] = md_ipa_slot(idx, nh, nkv);
  out[4 * t + 2] = md_ipa_mod(idx, nkv);
  out[4 * t + 3] = md_ipa_bad(idx, t + 1);
}

/* ---- the shape struct passed on to noinline functions: by pointer (only
 * read: readonly, not captured) and by value (byval) ---- */

__attribute__((noinline)) int32_t md_ipa_col(const md_shape4 *s, int32_t i) {
  return i % s->w;
}

__attribute__((noinline)) int32_t md_ipa_row(md_shape4 s, int32_t i) {
  return (i / s.w) % s.h;
}

__attribute__((noinline)) int32_t md_ipa_batch(const md_shape4 *s,
                                               int32_t i) {
  return i / (s->w * s->h * s->c);
}

/* what MD_PERMUTE_KERNEL computes, through the functions above */
MD_KERNEL void k_sref(int32_t *out, md_shape4 s, int32_t base,
                      int32_t count) {
  int32_t t = (int32_t)MD_GID();
  if (t >= count)
    return;
  int32_t idx = base + t;
  out[4 * t + 0] = md_ipa_col(&s, idx);
  out[4 * t + 1] = md_ipa_row(s, idx);
  out[4 * t + 2] = (idx / (s.w * s.h)) % s.c;
  out[4 * t + 3] = md_ipa_batch(&s, idx);
}
