// transpose.cu -- 4-D NCHW -> NHWC transpose with the shape in a struct
// passed by value (the divisors are fields of a byval parameter).
// Divisors: w, h, c, w*h, w*h*c; int dividends.
#include "mdb_dev.h"

struct Shape4 {
  int n, c, h, w;
};

template <class D>
__device__ static inline void transpose_body(const float *in, float *out,
                                             Shape4 s, D dw, D dh, D dc,
                                             D dwh, D dwhc) {
  int idx = (int)mdb_gid();
  if (idx < s.n * s.c * s.h * s.w) {
    int w_ = dw.mod(idx);
    int h_ = dh.mod(dw.div(idx));
    int c_ = dc.mod(dwh.div(idx));
    int n_ = dwhc.div(idx);
    out[((n_ * s.h + h_) * s.w + w_) * s.c + c_] = in[idx];
  }
}

MDB_KERNEL void transpose_native(const float *in, float *out, Shape4 s) {
  transpose_body(in, out, s, mdb_nat<int>{s.w}, mdb_nat<int>{s.h},
                 mdb_nat<int>{s.c}, mdb_nat<int>{s.w * s.h},
                 mdb_nat<int>{s.w * s.h * s.c});
}
MDB_KERNEL void transpose_cutlass(const float *in, float *out, Shape4 s,
                                  mdb_cut32 c0, mdb_cut32 c1, mdb_cut32 c2,
                                  mdb_cut32 c3, mdb_cut32 c4) {
  transpose_body(in, out, s, mdb_cut<int>{c0}, mdb_cut<int>{c1},
                 mdb_cut<int>{c2}, mdb_cut<int>{c3}, mdb_cut<int>{c4});
}
MDB_KERNEL void transpose_unified(const float *in, float *out, Shape4 s,
                                  mdb_uni32 u0, mdb_uni32 u1, mdb_uni32 u2,
                                  mdb_uni32 u3, mdb_uni32 u4) {
  transpose_body(in, out, s, mdb_uni<int>{u0}, mdb_uni<int>{u1},
                 mdb_uni<int>{u2}, mdb_uni<int>{u3}, mdb_uni<int>{u4});
}
