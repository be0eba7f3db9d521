// permute.cu -- llm.c-style attention permute / unpermute.
//   permute:   inp [B, N, 3, NH, d]  ->  q, k, v [B, NH, N, d]
//   unpermute: inp [B, NH, N, d]     ->  out [B, N, NH, d]
// Divisors: NH*N*d, N*d, d (products of kernel parameters), int dividends.
// K_const_786432: the benchmark case's divisors (N 1024, NH 12, d 64) as
// template parameters (the "const" variant).
#include "mdb_dev.h"

/* idx over [B, NH, N, d] -> (b, nh_, n, d_). */
template <class D0, class D1, class D2>
__device__ static inline void permute_split(int idx, D0 dNHNd, D1 dNd, D2 dd,
                                            int *b, int *nh_, int *n,
                                            int *d_) {
  *b = dNHNd.div(idx);
  int rest = dNHNd.mod(idx);
  *nh_ = dNd.div(rest);
  rest = dNd.mod(rest);
  *n = dd.div(rest);
  *d_ = dd.mod(rest);
}

template <class D0, class D1, class D2>
__device__ static inline void permute_body(float *q, float *k, float *v,
                                           const float *inp, int B, int N,
                                           int NH, int d, D0 dNHNd, D1 dNd,
                                           D2 dd) {
  int idx = (int)mdb_gid();
  if (idx < B * NH * N * d) {
    int b, nh_, n, d_;
    permute_split(idx, dNHNd, dNd, dd, &b, &nh_, &n, &d_);
    int inp_idx = (b * N * 3 * NH * d) + (n * 3 * NH * d) + (nh_ * d) + d_;
    q[idx] = inp[inp_idx];
    k[idx] = inp[inp_idx + NH * d];
    v[idx] = inp[inp_idx + 2 * (NH * d)];
  }
}

template <class D0, class D1, class D2>
__device__ static inline void unpermute_body(const float *inp, float *out,
                                             int B, int N, int NH, int d,
                                             D0 dNHNd, D1 dNd, D2 dd) {
  int idx = (int)mdb_gid();
  if (idx < B * NH * N * d) {
    int b, nh_, n, d_;
    permute_split(idx, dNHNd, dNd, dd, &b, &nh_, &n, &d_);
    out[(b * NH * N * d) + (n * NH * d) + (nh_ * d) + d_] = inp[idx];
  }
}

MDB_KERNEL void permute_native(float *q, float *k, float *v, const float *inp,
                               int B, int N, int NH, int d) {
  permute_body(q, k, v, inp, B, N, NH, d, mdb_nat<int>{NH * N * d},
               mdb_nat<int>{N * d}, mdb_nat<int>{d});
}
MDB_KERNEL void permute_cutlass(float *q, float *k, float *v, const float *inp,
                                int B, int N, int NH, int d, mdb_cut32 c0,
                                mdb_cut32 c1, mdb_cut32 c2) {
  permute_body(q, k, v, inp, B, N, NH, d, mdb_cut<int>{c0}, mdb_cut<int>{c1},
               mdb_cut<int>{c2});
}
MDB_KERNEL void permute_unified(float *q, float *k, float *v, const float *inp,
                                int B, int N, int NH, int d, mdb_uni32 u0,
                                mdb_uni32 u1, mdb_uni32 u2) {
  permute_body(q, k, v, inp, B, N, NH, d, mdb_uni<int>{u0}, mdb_uni<int>{u1},
               mdb_uni<int>{u2});
}

MDB_KERNEL void unpermute_native(const float *inp, float *out, int B, int N,
                                 int NH, int d) {
  unpermute_body(inp, out, B, N, NH, d, mdb_nat<int>{NH * N * d},
                 mdb_nat<int>{N * d}, mdb_nat<int>{d});
}
MDB_KERNEL void unpermute_cutlass(const float *inp, float *out, int B, int N,
                                  int NH, int d, mdb_cut32 c0, mdb_cut32 c1,
                                  mdb_cut32 c2) {
  unpermute_body(inp, out, B, N, NH, d, mdb_cut<int>{c0}, mdb_cut<int>{c1},
                 mdb_cut<int>{c2});
}
MDB_KERNEL void unpermute_unified(const float *inp, float *out, int B, int N,
                                  int NH, int d, mdb_uni32 u0, mdb_uni32 u1,
                                  mdb_uni32 u2) {
  unpermute_body(inp, out, B, N, NH, d, mdb_uni<int>{u0}, mdb_uni<int>{u1},
                 mdb_uni<int>{u2});
}

#include "mdb_ct.h"
/* The GPU benchmark's shape (bench/gpu/mdb_cases.c): N 1024, NH 12, d 64. */
MDB_KERNEL void permute_const_786432(float *q, float *k, float *v,
                                     const float *inp, int B, int N, int NH,
                                     int d) {
  permute_body(q, k, v, inp, B, N, NH, d, mdb_ct<int, 786432>{},
               mdb_ct<int, 65536>{}, mdb_ct<int, 64>{});
}
MDB_KERNEL void unpermute_const_786432(const float *inp, float *out, int B,
                                       int N, int NH, int d) {
  unpermute_body(inp, out, B, N, NH, d, mdb_ct<int, 786432>{},
                 mdb_ct<int, 65536>{}, mdb_ct<int, 64>{});
}
