// opbench.cu -- the op-level microbenchmark of the seed paper
// (shared/seeds/002): three back-to-back loops of `iters` (65,536) divisions
// per thread into output[idx]: n / d, n % d, n / d + n % d (quotient shared).
// n = x ^ t changes every iteration, but ptxas hoists what depends on d alone
// (native u32: the reciprocal; ~9 SASS a quotient here, ~19 straight-line).
// 32-bit: x < 2^31 - 2^16 (every variant's domain); 64-bit: any 64-bit x.
// opconst.inc (included at the end) adds the compile-time-constant kernels
// and the seed paper's u32-by-size_t workload.
#include "mdb_dev.h"

template <class T, class D>
__device__ static inline void opbench_body(const T *in, T *out,
                                           mdb_u32 iters, D dv) {
  mdb_u32 i = mdb_gid();
  T x = in[i];
  T acc = 0;
  for (mdb_u32 t = 0; t < iters; ++t)
    acc += dv.div(x ^ (T)t);
  for (mdb_u32 t = 0; t < iters; ++t)
    acc += dv.mod(x ^ (T)t);
  for (mdb_u32 t = 0; t < iters; ++t) {
    T n = x ^ (T)t;
    acc += dv.div(n) + dv.mod(n);
  }
  out[i] = acc;
}

MDB_KERNEL void opbench_u32_native(const mdb_u32 *in, mdb_u32 *out,
                                   mdb_u32 iters, mdb_u32 d) {
  opbench_body(in, out, iters, mdb_nat<mdb_u32>{d});
}
MDB_KERNEL void opbench_u32_cutlass(const mdb_u32 *in, mdb_u32 *out,
                                    mdb_u32 iters, mdb_u32 d, mdb_cut32 c0) {
  opbench_body(in, out, iters, mdb_cut<mdb_u32>{c0});
}
MDB_KERNEL void opbench_u32_unified(const mdb_u32 *in, mdb_u32 *out,
                                    mdb_u32 iters, mdb_u32 d, mdb_uni32 u0) {
  opbench_body(in, out, iters, mdb_uni<mdb_u32>{u0});
}

MDB_KERNEL void opbench_u64_native(const mdb_u64 *in, mdb_u64 *out,
                                   mdb_u32 iters, mdb_u64 d) {
  opbench_body(in, out, iters, mdb_nat<mdb_u64>{d});
}
MDB_KERNEL void opbench_u64_cutlass(const mdb_u64 *in, mdb_u64 *out,
                                    mdb_u32 iters, mdb_u64 d, mdb_cut64 c0) {
  opbench_body(in, out, iters, mdb_cut_w<mdb_u64>{c0});
}
MDB_KERNEL void opbench_u64_unified(const mdb_u64 *in, mdb_u64 *out,
                                    mdb_u32 iters, mdb_u64 d, mdb_uni64 u0) {
  opbench_body(in, out, iters, mdb_uni_w<mdb_u64>{u0});
}

#include "opconst.inc"
