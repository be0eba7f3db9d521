// util.cu -- setup kernels of the GPU benchmark (never timed):
// deterministic random fill from (seed, index) with splitmix64.
#include "mdb_dev.h"

MDB_INLINE mdb_u64 mdb_splitmix(mdb_u64 z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* p[i] = (random & mask) | set, for 32-bit words. */
MDB_KERNEL void fill_u32(mdb_u32 *p, mdb_u64 n, mdb_u64 seed, mdb_u32 mask,
                         mdb_u32 set) {
  for (mdb_u64 i = (mdb_u64)mdb_bid() * mdb_bdim() + mdb_tid(); i < n;
       i += (mdb_u64)mdb_bdim() * mdb_gdim())
    p[i] = ((mdb_u32)mdb_splitmix(seed ^ (i * 0xD1B54A32D192ED03ull)) & mask) |
           set;
}
MDB_KERNEL void fill_u64(mdb_u64 *p, mdb_u64 n, mdb_u64 seed, mdb_u64 mask) {
  for (mdb_u64 i = (mdb_u64)mdb_bid() * mdb_bdim() + mdb_tid(); i < n;
       i += (mdb_u64)mdb_bdim() * mdb_gdim())
    p[i] = mdb_splitmix(seed ^ (i * 0xD1B54A32D192ED03ull)) & mask;
}
/* Floats in [-1, 1): exact values, so every variant's output is bitwise
 * comparable. */
MDB_KERNEL void fill_f32(float *p, mdb_u64 n, mdb_u64 seed) {
  for (mdb_u64 i = (mdb_u64)mdb_bid() * mdb_bdim() + mdb_tid(); i < n;
       i += (mdb_u64)mdb_bdim() * mdb_gdim())
    p[i] = (float)(int)(mdb_splitmix(seed ^ (i * 0xD1B54A32D192ED03ull)) >>
                        40) * (1.0f / 8388608.0f) - 1.0f;
}
