/*
 * mdb_types.h -- integer types and hand-written divider parameter blocks
 * shared by the benchmark kernels (device, compiled without any system
 * header) and the host driver (C11).  One definition, so the layouts the
 * host fills and the kernels read cannot drift apart.
 */
#ifndef MDB_TYPES_H
#define MDB_TYPES_H

#if defined(__CUDA__) || defined(__HIP__)
typedef unsigned int mdb_u32;
typedef int mdb_i32;
typedef unsigned long long mdb_u64;
typedef long long mdb_i64;
#else
#include <stdint.h>
typedef uint32_t mdb_u32;
typedef int32_t mdb_i32;
typedef uint64_t mdb_u64;
typedef int64_t mdb_i64;
#endif

/* Hand-written "unified" magic (md_magic.h's sequence; values from
 * md_magic_u32 / md_magic_u64).  d is kept for remainders. */
typedef struct mdb_uni32 { mdb_u32 m, a, s, d; } mdb_uni32;
typedef struct mdb_uni64 { mdb_u64 m, a, s, d; } mdb_uni64;

/* CUTLASS FastDivmod style: q = d != 1 ? umulhi(n, m) >> s : n. */
typedef struct mdb_cut32 { mdb_u32 d, m, s; } mdb_cut32;
/* CUTLASS FastDivmodU64 style: q = (m ? umulhi64(n + r, m) : n) >> s. */
typedef struct mdb_cut64 { mdb_u64 d, m; mdb_u32 s, r; } mdb_cut64;
/* PyTorch IntDivider style: q = (umulhi(n, m) + n) >> s. */
typedef struct mdb_pyt32 { mdb_u32 d, m, s; } mdb_pyt32;

#endif /* MDB_TYPES_H */
