/*
 * mdb_ct.h -- compile-time-constant divider objects for the benchmark
 * kernels' "const" variants: the divisor a template parameter, so the
 * compiler emits its own sequence for that one divisor (the limit a
 * launch-time method can reach).  Same div/mod interface as mdb_dev.h's
 * divider objects.
 */
#ifndef MDB_CT_H
#define MDB_CT_H

#include "mdb_dev.h"

template <class T, mdb_u64 D> struct mdb_ct {
  __device__ T div(T n) const { return n / (T)D; }
  __device__ T mod(T n) const { return n % (T)D; }
};
/* u32 data, size_t divisor: n widened like the seed's `x / (size_t)d`. */
template <mdb_u64 D> struct mdb_ct_w32 {
  __device__ mdb_u32 div(mdb_u32 n) const { return (mdb_u32)((mdb_u64)n / D); }
  __device__ mdb_u32 mod(mdb_u32 n) const { return (mdb_u32)((mdb_u64)n % D); }
};

#endif /* MDB_CT_H */
