// opbench.cu -- the op-level microbenchmark of the seed paper
// (shared/seeds/002): three back-to-back loops of `iters` (65,536)
// divisions per thread accumulating into output[idx]: n / d, n % d, and
// n / d + n % d (quotient shared).  The dividend changes every iteration
// (n = x ^ t), so the division stays in the loop, but what depends on the
// uniform divisor alone does not: ptxas hoists the native u32 division's
// reciprocal (I2F.U32.RP, MUFU.RCP, F2I and its refinement) out of the
// loop, so a native u32 quotient costs ~9 SASS per iteration here against
// ~19 as one division per thread (bench/RESULTS.md, straight / loop).
// 32-bit: x < 2^31 - 2^16 (every variant's domain); 64-bit: x is any
// 64-bit value.
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
