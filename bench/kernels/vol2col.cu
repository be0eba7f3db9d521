// vol2col.cu -- PyTorch-style vol2col (3-D im2col) with an int64 index
// (grid-stride loop over int64_t) divided by int shapes:
//   w_out = index % width_col; index /= width_col; h_out = index % height_col;
//   index /= height_col; t_out = index % depth_col; c_in = index / depth_col.
// Divisors: width_col, height_col, depth_col (int, promoted to int64).
// Hand variants: cutlass = FastDivmod's int64 overload, which (like
// CUTLASS) multiplies the low 32 bits of the dividend: exact while
// index < 2^31, as here; unified = the 64-bit sequence (exact always).
#include "mdb_dev.h"

struct Vol {
  int channels, depth, height, width;
  int depth_col, height_col, width_col;
  int ksize_t, ksize_h, ksize_w, pad_t, pad_h, pad_w;
  int stride_t, stride_h, stride_w;
};

template <class D>
__device__ static inline void vol2col_body(long long n, const float *data_vol,
                                           const Vol v, float *data_col,
                                           D dwc, D dhc, D ddc) {
  for (long long index = (long long)mdb_bid() * mdb_bdim() + mdb_tid();
       index < n; index += (long long)mdb_bdim() * mdb_gdim()) {
    long long i = index;
    long long w_out = dwc.mod(i);
    i = dwc.div(i);
    long long h_out = dhc.mod(i);
    i = dhc.div(i);
    long long t_out = ddc.mod(i);
    long long channel_in = ddc.div(i);
    long long channel_out = channel_in * v.ksize_t * v.ksize_h * v.ksize_w;
    long long t_in = t_out * v.stride_t - v.pad_t;
    long long h_in = h_out * v.stride_h - v.pad_h;
    long long w_in = w_out * v.stride_w - v.pad_w;
    float *col = data_col +
                 ((channel_out * v.depth_col + t_out) * v.height_col + h_out) *
                     v.width_col +
                 w_out;
    const float *vol =
        data_vol + ((channel_in * v.depth + t_in) * v.height + h_in) * v.width +
        w_in;
    for (int i2 = 0; i2 < v.ksize_t; ++i2)
      for (int j = 0; j < v.ksize_h; ++j)
        for (int k = 0; k < v.ksize_w; ++k) {
          long long t = t_in + i2, h = h_in + j, w = w_in + k;
          *col = (t >= 0 && h >= 0 && w >= 0 && t < v.depth &&
                  h < v.height && w < v.width)
                     ? vol[(i2 * v.height + j) * v.width + k]
                     : 0.0f;
          col += (long long)v.depth_col * v.height_col * v.width_col;
        }
  }
}

/* int64 dividend by an int divisor, the C way: the divisor is converted. */
struct vol_nat {
  int d;
  __device__ long long div(long long n) const { return n / d; }
  __device__ long long mod(long long n) const { return n % d; }
};

MDB_KERNEL void vol2col_native(long long n, const float *data_vol, Vol v,
                               float *data_col) {
  vol2col_body(n, data_vol, v, data_col, vol_nat{v.width_col},
               vol_nat{v.height_col}, vol_nat{v.depth_col});
}
MDB_KERNEL void vol2col_cutlass(long long n, const float *data_vol, Vol v,
                                float *data_col, mdb_cut32 c0, mdb_cut32 c1,
                                mdb_cut32 c2) {
  vol2col_body(n, data_vol, v, data_col, mdb_cut<long long>{c0},
               mdb_cut<long long>{c1}, mdb_cut<long long>{c2});
}
MDB_KERNEL void vol2col_unified(long long n, const float *data_vol, Vol v,
                                float *data_col, mdb_uni64 u0, mdb_uni64 u1,
                                mdb_uni64 u2) {
  vol2col_body(n, data_vol, v, data_col, mdb_uni_w<long long>{u0},
               mdb_uni_w<long long>{u1}, mdb_uni_w<long long>{u2});
}
