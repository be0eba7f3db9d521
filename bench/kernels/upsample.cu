// upsample.cu -- nearest-neighbour 2-D upsampling with size_t shapes and an
// exact integer source index ix = ox * iw / ow.
// Divisors: ow, oh, ow*oh (size_t, 64-bit unsigned dividends).
#include "mdb_dev.h"

typedef mdb_u64 size_type;

template <class D>
__device__ static inline void upsample_body(const float *in, float *out,
                                            size_type nc, size_type ih,
                                            size_type iw, size_type oh,
                                            size_type ow, D dow, D doh,
                                            D dohw) {
  size_type idx = (size_type)mdb_bid() * mdb_bdim() + mdb_tid();
  if (idx < nc * oh * ow) {
    size_type ox = dow.mod(idx);
    size_type oy = doh.mod(dow.div(idx));
    size_type c = dohw.div(idx);
    size_type ix = dow.div(ox * iw);
    size_type iy = doh.div(oy * ih);
    out[idx] = in[(c * ih + iy) * iw + ix];
  }
}

MDB_KERNEL void upsample_native(const float *in, float *out, size_type nc,
                                size_type ih, size_type iw, size_type oh,
                                size_type ow) {
  upsample_body(in, out, nc, ih, iw, oh, ow, mdb_nat<size_type>{ow},
                mdb_nat<size_type>{oh}, mdb_nat<size_type>{oh * ow});
}
MDB_KERNEL void upsample_cutlass(const float *in, float *out, size_type nc,
                                 size_type ih, size_type iw, size_type oh,
                                 size_type ow, mdb_cut64 c0, mdb_cut64 c1,
                                 mdb_cut64 c2) {
  upsample_body(in, out, nc, ih, iw, oh, ow, mdb_cut_w<size_type>{c0},
                mdb_cut_w<size_type>{c1}, mdb_cut_w<size_type>{c2});
}
MDB_KERNEL void upsample_unified(const float *in, float *out, size_type nc,
                                 size_type ih, size_type iw, size_type oh,
                                 size_type ow, mdb_uni64 u0, mdb_uni64 u1,
                                 mdb_uni64 u2) {
  upsample_body(in, out, nc, ih, iw, oh, ow, mdb_uni_w<size_type>{u0},
                mdb_uni_w<size_type>{u1}, mdb_uni_w<size_type>{u2});
}
