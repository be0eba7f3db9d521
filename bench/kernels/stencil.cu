// stencil.cu -- 2-D 5-point stencil on a periodic (torus) grid Lx x Ly.
// Divisors: Lx (x = idx % Lx, y = idx / Lx, (x+1) % Lx, (x+Lx-1) % Lx)
// and Ly ((y+1) % Ly, (y+Ly-1) % Ly); int dividends.
#include "mdb_dev.h"

template <class D>
__device__ static inline void stencil_body(const float *in, float *out,
                                           int Lx, int Ly, D dx, D dy) {
  int idx = (int)mdb_gid();
  if (idx < Lx * Ly) {
    int x = dx.mod(idx);
    int y = dx.div(idx);
    int xp = dx.mod(x + 1), xm = dx.mod(x + Lx - 1);
    int yp = dy.mod(y + 1), ym = dy.mod(y + Ly - 1);
    out[idx] = 0.5f * in[idx] +
               0.125f * (in[y * Lx + xp] + in[y * Lx + xm] + in[yp * Lx + x] +
                         in[ym * Lx + x]);
  }
}

MDB_KERNEL void stencil_native(const float *in, float *out, int Lx, int Ly) {
  stencil_body(in, out, Lx, Ly, mdb_nat<int>{Lx}, mdb_nat<int>{Ly});
}
MDB_KERNEL void stencil_cutlass(const float *in, float *out, int Lx, int Ly,
                                mdb_cut32 c0, mdb_cut32 c1) {
  stencil_body(in, out, Lx, Ly, mdb_cut<int>{c0}, mdb_cut<int>{c1});
}
MDB_KERNEL void stencil_unified(const float *in, float *out, int Lx, int Ly,
                                mdb_uni32 u0, mdb_uni32 u1) {
  stencil_body(in, out, Lx, Ly, mdb_uni<int>{u0}, mdb_uni<int>{u1});
}
