// launch_ranges_sites.cu -- per-site cost of the launch-checked forms
// (bench/sass/launch_ranges.py --sites): kernels of 8 sites (idx + j) OP d_j
// with idx = blockIdx.x * blockDim.x + threadIdx.x (int, unsigned long long,
// long long), and the identity kernel (^ instead of OP) they are measured
// against: per site = (clone - identity) / 8, with launch-ranges off (the
// general form) and on (the non-negative / 32-bit form).
#include "mdb_dev.h"
// 8 sites: (idx + j) OP d_j, idx = blockIdx.x*blockDim.x+threadIdx.x, j = 0..7
#define D8(T) T d0, T d1, T d2, T d3, T d4, T d5, T d6, T d7
#define SITES(T, E) acc += E(0, d0); acc += E(1, d1); acc += E(2, d2); acc += E(3, d3); \
  acc += E(4, d4); acc += E(5, d5); acc += E(6, d6); acc += E(7, d7);
#define QUO(j, d) ((x + j) / d)
#define REM(j, d) ((x + j) % d)
#define DR(j, d) ((x + j) / d + (x + j) % d)
#define IDN(j, d) ((x + j) ^ d)
#define K32(name, E) MDB_KERNEL void name(int *out, D8(int)) { \
  int x = (int)(mdb_bid() * mdb_bdim() + mdb_tid()); int acc = 0; SITES(int, E) out[x] = acc; }
#define K64(name, E) MDB_KERNEL void name(unsigned long long *out, D8(unsigned long long)) { \
  unsigned long long x = (unsigned long long)mdb_bid() * mdb_bdim() + mdb_tid(); unsigned long long acc = 0; \
  SITES(unsigned long long, E) out[x] = acc; }
#define KS64(name, E) MDB_KERNEL void name(long long *out, D8(long long)) { \
  long long x = (long long)mdb_bid() * mdb_bdim() + mdb_tid(); long long acc = 0; \
  SITES(long long, E) out[x] = acc; }
K32(s32_div, QUO) K32(s32_rem, REM) K32(s32_divrem, DR) K32(s32_id, IDN)
K64(u64_div, QUO) K64(u64_rem, REM) K64(u64_divrem, DR) K64(u64_id, IDN)
KS64(s64_div, QUO) KS64(s64_rem, REM) KS64(s64_divrem, DR) KS64(s64_id, IDN)
