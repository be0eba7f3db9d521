// concat.cu -- concatenation of a [outer, sz1, inner] and b [outer, sz2,
// inner] along the middle dimension.  Divisors: inner, sz1 + sz2 (a sum of
// parameters) and inner * (sz1 + sz2); int dividends.
#include "mdb_dev.h"

template <class D>
__device__ static inline void concat_body(const float *a, const float *b,
                                          float *out, int outer, int sz1,
                                          int sz2, int inner, D din, D dsum,
                                          D dall) {
  int idx = (int)mdb_gid();
  if (idx < outer * (sz1 + sz2) * inner) {
    int i = din.mod(idx);
    int j = dsum.mod(din.div(idx));
    int o = dall.div(idx);
    out[idx] = j < sz1 ? a[(o * sz1 + j) * inner + i]
                       : b[(o * sz2 + (j - sz1)) * inner + i];
  }
}

MDB_KERNEL void concat_native(const float *a, const float *b, float *out,
                              int outer, int sz1, int sz2, int inner) {
  concat_body(a, b, out, outer, sz1, sz2, inner, mdb_nat<int>{inner},
              mdb_nat<int>{sz1 + sz2}, mdb_nat<int>{inner * (sz1 + sz2)});
}
MDB_KERNEL void concat_cutlass(const float *a, const float *b, float *out,
                               int outer, int sz1, int sz2, int inner,
                               mdb_cut32 c0, mdb_cut32 c1, mdb_cut32 c2) {
  concat_body(a, b, out, outer, sz1, sz2, inner, mdb_cut<int>{c0},
              mdb_cut<int>{c1}, mdb_cut<int>{c2});
}
MDB_KERNEL void concat_unified(const float *a, const float *b, float *out,
                               int outer, int sz1, int sz2, int inner,
                               mdb_uni32 u0, mdb_uni32 u1, mdb_uni32 u2) {
  concat_body(a, b, out, outer, sz1, sz2, inner, mdb_uni<int>{u0},
              mdb_uni<int>{u1}, mdb_uni<int>{u2});
}
