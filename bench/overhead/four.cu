// four.cu -- a kernel with exactly four launch-invariant divisors (the
// host-cost target of the launch layer is "<= 100 ns per launch with 4 divisors"):
// a 5-D index split into (n, c, d, h, w) by chained division by the four
// plain int parameters W, H, D, C.
#include "mdb_dev.h"

MDB_KERNEL void four(const float *in, float *out, int C, int D, int H, int W,
                     int total) {
  int i = (int)mdb_gid();
  if (i < total) {
    int w = i % W, t = i / W;
    int h = t % H;
    t = t / H;
    int d = t % D;
    t = t / D;
    int c = t % C;
    out[i] = in[i] * (float)(w + h + d + c);
  }
}
