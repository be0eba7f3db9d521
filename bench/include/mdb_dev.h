/*
 * mdb_dev.h -- device-side helpers shared by every benchmark kernel.
 *
 * The benchmark kernels are compiled device-only WITHOUT the CUDA or HIP
 * headers (clang -nocudainc / -nogpuinc): that keeps each compile to a few
 * tens of milliseconds and makes the same source build for NVPTX and AMDGPU.
 * This header supplies the little those headers would: the kernel
 * attributes, the global thread index, and the hand-written division
 * sequences the benchmarks compare against the pass:
 *
 *   unified  md_magic.h's sequences written by hand (q = hi(n*m + a) >> s,
 *            exact for every dividend; signed: |n|, unsigned form,
 *            conditional negate).  Magic from md_magic_u32/s32/u64/s64.
 *   cutlass  CUTLASS FastDivmod style: q = d != 1 ? umulhi(n, m) >> s : n
 *            with p = 31 + ceil(log2 d), m = ceil(2^p / d), s = p - 32.
 *            Exact only for 0 <= n < 2^31 (that is CUTLASS's own domain).
 *            64-bit: FastDivmodU64 style q = (m ? umulhi64(n + r, m) : n) >> s,
 *            exact for n < 2^64 - 1 (n + r wraps at the top).
 *   pytorch  PyTorch IntDivider style: q = (umulhi(n, m) + n) >> s, exact for
 *            n <= INT32_MAX and 1 <= d <= INT32_MAX.
 *
 * The host-side constructors of the cutlass/pytorch magic are in mdb_hand.h.
 * Multiply-high is written as a widening multiply: LLVM turns it into
 * mul.hi.u32/u64 on NVPTX and v_mul_hi_u32 on AMDGPU.
 */
#ifndef MDB_DEV_H
#define MDB_DEV_H

#if defined(MDB_CPU)
/* Host build of the kernels (bench/kernels/cpu_check.cpp): a kernel is a
 * plain function run once per (block, thread) by the caller, which sets
 * mdb_cpu_dims before each call. */
#define __global__
#define __device__
struct mdb_cpu_dims_t { unsigned tid, bid, bdim, gdim; };
extern thread_local mdb_cpu_dims_t mdb_cpu_dims;
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#define MDB_INLINE __device__ static inline __attribute__((always_inline))
#define MDB_KERNEL extern "C" __global__

#include "mdb_types.h"

#if defined(MDB_CPU)
MDB_INLINE mdb_u32 mdb_tid(void) { return mdb_cpu_dims.tid; }
MDB_INLINE mdb_u32 mdb_bid(void) { return mdb_cpu_dims.bid; }
MDB_INLINE mdb_u32 mdb_bdim(void) { return mdb_cpu_dims.bdim; }
MDB_INLINE mdb_u32 mdb_gdim(void) { return mdb_cpu_dims.gdim; }
#elif defined(__AMDGCN__)
MDB_INLINE mdb_u32 mdb_tid(void) { return __builtin_amdgcn_workitem_id_x(); }
MDB_INLINE mdb_u32 mdb_bid(void) { return __builtin_amdgcn_workgroup_id_x(); }
MDB_INLINE mdb_u32 mdb_bdim(void) { return 256; } /* instruction counts only */
MDB_INLINE mdb_u32 mdb_gdim(void) { return 1024; }
#else
MDB_INLINE mdb_u32 mdb_tid(void) { return __nvvm_read_ptx_sreg_tid_x(); }
MDB_INLINE mdb_u32 mdb_bid(void) { return __nvvm_read_ptx_sreg_ctaid_x(); }
MDB_INLINE mdb_u32 mdb_bdim(void) { return __nvvm_read_ptx_sreg_ntid_x(); }
MDB_INLINE mdb_u32 mdb_gdim(void) { return __nvvm_read_ptx_sreg_nctaid_x(); }
#endif
/* Global linear thread index, 32-bit (every benchmark grid fits). */
MDB_INLINE mdb_u32 mdb_gid(void) { return mdb_bid() * mdb_bdim() + mdb_tid(); }

MDB_INLINE mdb_u32 mdb_mulhi32(mdb_u32 a, mdb_u32 b) {
  return (mdb_u32)(((mdb_u64)a * b) >> 32);
}
MDB_INLINE mdb_u64 mdb_mulhi64(mdb_u64 a, mdb_u64 b) {
  return (mdb_u64)(((unsigned __int128)a * b) >> 64);
}

/* ---- unified (md_magic.h by hand) ---- */
/* q = hi32(n*m + a) >> s; the 64-bit sum cannot wrap (md_magic.h). */
MDB_INLINE mdb_u32 mdb_uni_u32(mdb_u32 n, mdb_u32 m, mdb_u32 a, mdb_u32 s) {
  return (mdb_u32)(((mdb_u64)n * m + a) >> 32) >> s;
}
#if defined(__NVPTX__)
/* The same u32 sequence with the carry chain spelled out in PTX:
 * lo = n*m + a (sets carry), hi = hi(n*m) + carry.  ptxas fuses the pair
 * into ONE IMAD.HI.U32 with a 64-bit addend, where the IR form above
 * (mad.lo.s64 of zero-extended operands) also adds the addend's zero high
 * word.  Benchmarked as variant "unified_ptx" to show what is reachable. */
MDB_INLINE mdb_u32 mdb_uni_u32_ptx(mdb_u32 n, mdb_u32 m, mdb_u32 a,
                                   mdb_u32 s) {
  mdb_u32 lo, hi;
  asm("mad.lo.cc.u32 %0, %2, %3, %4;\n\tmadc.hi.u32 %1, %2, %3, 0;"
      : "=r"(lo), "=r"(hi)
      : "r"(n), "r"(m), "r"(a));
  (void)lo;
  return hi >> s;
}
#endif
/* q = hi64(n*m + a) >> s with a 128-bit product-plus-addend. */
MDB_INLINE mdb_u64 mdb_uni_u64(mdb_u64 n, mdb_u64 m, mdb_u64 a, mdb_u64 s) {
  return (mdb_u64)(((unsigned __int128)n * m + a) >> 64) >> s;
}
/* Signed N-bit from an unsigned core U (md_magic.h): |n| as unsigned
 * (exact for INT_MIN), unsigned quotient with the magic of |d|, negated iff
 * the signs differ; dsgn = 0 (d > 0) or -1 (d < 0). */
template <class S, class U, U (*Core)(U, U, U, U)>
MDB_INLINE S mdb_signed(S n, U m, U a, U s, S dsgn) {
  U nsgn = (U)(n >> (sizeof(S) * 8 - 1)); /* 0 or all ones */
  U un = ((U)n ^ nsgn) - nsgn;
  U uq = Core(un, m, a, s);
  U t = nsgn ^ (U)dsgn;
  return (S)((uq ^ t) - t);
}
/* Dividend known >= 0: the sign of n drops out. */
template <class S, class U, U (*Core)(U, U, U, U)>
MDB_INLINE S mdb_signed_nonneg(S n, U m, U a, U s, S dsgn) {
  U uq = Core((U)n, m, a, s);
  U t = (U)dsgn;
  return (S)((uq ^ t) - t);
}
MDB_INLINE mdb_i32 mdb_uni_s32(mdb_i32 n, mdb_u32 m, mdb_u32 a, mdb_u32 s,
                               mdb_i32 dsgn) {
  return mdb_signed<mdb_i32, mdb_u32, mdb_uni_u32>(n, m, a, s, dsgn);
}
MDB_INLINE mdb_i32 mdb_uni_s32_nonneg(mdb_i32 n, mdb_u32 m, mdb_u32 a,
                                      mdb_u32 s, mdb_i32 dsgn) {
  return mdb_signed_nonneg<mdb_i32, mdb_u32, mdb_uni_u32>(n, m, a, s, dsgn);
}
MDB_INLINE mdb_i64 mdb_uni_s64(mdb_i64 n, mdb_u64 m, mdb_u64 a, mdb_u64 s,
                               mdb_i64 dsgn) {
  return mdb_signed<mdb_i64, mdb_u64, mdb_uni_u64>(n, m, a, s, dsgn);
}
MDB_INLINE mdb_i64 mdb_uni_s64_nonneg(mdb_i64 n, mdb_u64 m, mdb_u64 a,
                                      mdb_u64 s, mdb_i64 dsgn) {
  return mdb_signed_nonneg<mdb_i64, mdb_u64, mdb_uni_u64>(n, m, a, s, dsgn);
}
#if defined(__NVPTX__)
MDB_INLINE mdb_i32 mdb_uni_s32_ptx(mdb_i32 n, mdb_u32 m, mdb_u32 a,
                                   mdb_u32 s, mdb_i32 dsgn) {
  return mdb_signed<mdb_i32, mdb_u32, mdb_uni_u32_ptx>(n, m, a, s, dsgn);
}
MDB_INLINE mdb_i32 mdb_uni_s32_nonneg_ptx(mdb_i32 n, mdb_u32 m, mdb_u32 a,
                                          mdb_u32 s, mdb_i32 dsgn) {
  return mdb_signed_nonneg<mdb_i32, mdb_u32, mdb_uni_u32_ptx>(n, m, a, s,
                                                              dsgn);
}
#endif

/* Alternative sign handling, benchmarked as variant "unified_sel": the
 * quotient is negated by a select on the sign of n ^ d (dsgn carries the
 * sign of d; 0 for a positive divisor) instead of the xor/sub pair.  Same
 * values as mdb_uni_s32/s64: truncating division negates |n| / |d| exactly
 * when the signs of n and d differ. */
MDB_INLINE mdb_i32 mdb_sel_s32(mdb_i32 n, mdb_u32 m, mdb_u32 a, mdb_u32 s,
                               mdb_i32 dsgn) {
  mdb_u32 un = n < 0 ? 0u - (mdb_u32)n : (mdb_u32)n;
  mdb_u32 uq = mdb_uni_u32(un, m, a, s);
  return (n ^ dsgn) < 0 ? (mdb_i32)(0u - uq) : (mdb_i32)uq;
}
MDB_INLINE mdb_i64 mdb_sel_s64(mdb_i64 n, mdb_u64 m, mdb_u64 a, mdb_u64 s,
                               mdb_i64 dsgn) {
  mdb_u64 un = n < 0 ? 0ull - (mdb_u64)n : (mdb_u64)n;
  mdb_u64 uq = mdb_uni_u64(un, m, a, s);
  return (n ^ dsgn) < 0 ? (mdb_i64)(0ull - uq) : (mdb_i64)uq;
}

/* ---- CUTLASS FastDivmod style (0 <= n < 2^31) ---- */
MDB_INLINE mdb_u32 mdb_cut_u32(mdb_u32 n, mdb_u32 d, mdb_u32 m, mdb_u32 s) {
  return d != 1 ? mdb_mulhi32(n, m) >> s : n;
}
/* FastDivmodU64 style: m = 0 marks a power of two (pure shift); r is the
 * round-up increment (0 or 1).  Wraps at n = 2^64 - 1 like the original. */
MDB_INLINE mdb_u64 mdb_cut_u64(mdb_u64 n, mdb_u64 m, mdb_u32 s, mdb_u32 r) {
  mdb_u64 x = m ? mdb_mulhi64(n + r, m) : n;
  return x >> s;
}

/* ---- PyTorch IntDivider style (n <= INT32_MAX) ---- */
MDB_INLINE mdb_u32 mdb_pyt_u32(mdb_u32 n, mdb_u32 m, mdb_u32 s) {
  return (mdb_mulhi32(n, m) + n) >> s;
}

/* ---- divider objects for the kernels in bench/kernels ----
 * Each has div(n) and mod(n); the kernel bodies are templates over them, so
 * one body serves the native, cutlass and unified variants.  The native
 * objects hold the plain divisor, so the native kernel is ordinary `/`, `%`
 * on its parameters, exactly what the pass sees in user code. */
#ifdef __cplusplus
template <class T> struct mdb_nat {
  T d;
  __device__ T div(T n) const { return n / d; }
  __device__ T mod(T n) const { return n % d; }
};
/* 32-bit hand dividers, for dividends the programmer knows are >= 0. */
template <class T> struct mdb_cut {
  mdb_cut32 c;
  __device__ T div(T n) const {
    return (T)mdb_cut_u32((mdb_u32)n, c.d, c.m, c.s);
  }
  __device__ T mod(T n) const { return n - div(n) * (T)c.d; }
};
template <class T> struct mdb_uni {
  mdb_uni32 u;
  __device__ T div(T n) const {
    return (T)mdb_uni_u32((mdb_u32)n, u.m, u.a, u.s);
  }
  __device__ T mod(T n) const { return n - div(n) * (T)u.d; }
};
/* 64-bit hand dividers (unsigned or known-nonnegative 64-bit dividends). */
template <class T> struct mdb_cut_w {
  mdb_cut64 c;
  __device__ T div(T n) const {
    return (T)mdb_cut_u64((mdb_u64)n, c.m, c.s, c.r);
  }
  __device__ T mod(T n) const { return n - div(n) * (T)c.d; }
};
template <class T> struct mdb_uni_w {
  mdb_uni64 u;
  __device__ T div(T n) const {
    return (T)mdb_uni_u64((mdb_u64)n, u.m, u.a, u.s);
  }
  __device__ T mod(T n) const { return n - div(n) * (T)u.d; }
};
#endif

#endif /* MDB_DEV_H */
