/*
 * md_magic.h -- magic numbers for division by run-time invariant integers,
 * and a C reference evaluator of every device sequence magicdiv emits.
 *
 * The evaluators below ARE the specification of the device code: the pass
 * (plugin/md_rewrite.c) emits these operations in LLVM IR (the signed
 * fix-up (uq ^ t) - t as the equal t ? -uq : uq, a compare and a select,
 * which NVPTX compiles one instruction shorter), and the
 * tests prove them exact against the C operators.  Generators live in
 * runtime/src/md_magic.c with their derivations.
 *
 * Unsigned N-bit form (N = 32 or 64), one code path for every d >= 1:
 *
 *     q = hi_N(n*m + a) >> s          a in {0, m}, product 2N bits wide
 *
 * n*m + a <= (2^N-1)(2^N-1) + (2^N-1) < 2^2N, so the 2N-bit sum never
 * wraps (this is where CUTLASS FastDivmodU64's n+1 form breaks at 2^64-1).
 *
 * Signed N-bit (truncating, LLVM sdiv/srem), for d != 0:
 *
 *     nsgn = n >> (N-1)   (arithmetic: 0 or -1)
 *     un   = (n ^ nsgn) - nsgn          |n| as unsigned, exact for INT_MIN
 *     uq   = unsigned form on un with the magic of |d|
 *     t    = nsgn ^ dsgn                0 if signs agree, -1 otherwise
 *     q    = (uq ^ t) - t               conditional negate
 *     r    = n - q*d                    (srem; sign of n)
 *
 * When the dividend is proven >= 0, nsgn = 0 and the first two lines and the
 * xor vanish.  With MD_DF_POSITIVE the runtime only runs the clone for
 * d > 0, dsgn = 0 and is not passed.
 */
#ifndef MAGICDIV_MD_MAGIC_H
#define MAGICDIV_MD_MAGIC_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes shared by the whole runtime (magicdiv.h re-exports them). */
#define MD_OK 0
#define MD_ERR_DIV_ZERO 1   /* d == 0: no magic exists; run the original */
#define MD_ERR_INVALID 2    /* NULL pointer or other invalid argument */

typedef struct md_u32_magic {
  uint32_t m; /* multiplier */
  uint32_t a; /* addend: 0 (round-up method) or m (round-down method) */
  uint32_t s; /* post-shift, 0..31 */
} md_u32_magic;

typedef struct md_s32_magic {
  uint32_t m, a, s; /* unsigned magic of |d| */
  int32_t dsgn;     /* 0 if d > 0, -1 if d < 0 */
} md_s32_magic;

typedef struct md_u64_magic {
  uint64_t m; /* multiplier */
  uint64_t a; /* addend: 0 or m */
  uint64_t s; /* post-shift, 0..63 */
} md_u64_magic;

typedef struct md_s64_magic {
  uint64_t m, a, s; /* unsigned magic of |d| */
  int64_t dsgn;     /* 0 if d > 0, -1 if d < 0 */
} md_s64_magic;

/* Generators: MD_OK, or MD_ERR_DIV_ZERO for d == 0, MD_ERR_INVALID for
 * out == NULL.  Never undefined behaviour. */
int md_magic_u32(uint32_t d, md_u32_magic *out);
int md_magic_s32(int32_t d, md_s32_magic *out);
int md_magic_u64(uint64_t d, md_u64_magic *out);
int md_magic_s64(int64_t d, md_s64_magic *out);

/* ---- Reference evaluators: the values the device sequences compute. ---- */

static inline uint32_t md_eval_u32(uint32_t n, const md_u32_magic *g) {
  uint64_t t = (uint64_t)n * g->m + g->a; /* mul.wide.u32 + add, no wrap */
  uint32_t hi = (uint32_t)(t >> 32);
  return hi >> g->s;
}

static inline int32_t md_eval_s32(int32_t n, const md_s32_magic *g) {
  uint32_t nsgn = (uint32_t)(n < 0 ? -1 : 0); /* ashr n, 31 */
  uint32_t un = ((uint32_t)n ^ nsgn) - nsgn;
  md_u32_magic u = {g->m, g->a, g->s};
  uint32_t uq = md_eval_u32(un, &u);
  uint32_t t = nsgn ^ (uint32_t)g->dsgn;
  return (int32_t)((uq ^ t) - t);
}

/* Dividend proven >= 0: the sign of n drops out. */
static inline int32_t md_eval_s32_nonneg(int32_t n, const md_s32_magic *g) {
  md_u32_magic u = {g->m, g->a, g->s};
  uint32_t uq = md_eval_u32((uint32_t)n, &u);
  uint32_t t = (uint32_t)g->dsgn;
  return (int32_t)((uq ^ t) - t);
}

static inline uint64_t md_eval_u64(uint64_t n, const md_u64_magic *g) {
  unsigned __int128 t = (unsigned __int128)n * g->m + g->a; /* no wrap */
  uint64_t hi = (uint64_t)(t >> 64);
  return hi >> g->s;
}

static inline int64_t md_eval_s64(int64_t n, const md_s64_magic *g) {
  uint64_t nsgn = (uint64_t)(n < 0 ? -1 : 0);
  uint64_t un = ((uint64_t)n ^ nsgn) - nsgn;
  md_u64_magic u = {g->m, g->a, g->s};
  uint64_t uq = md_eval_u64(un, &u);
  uint64_t t = nsgn ^ (uint64_t)g->dsgn;
  return (int64_t)((uq ^ t) - t);
}

static inline int64_t md_eval_s64_nonneg(int64_t n, const md_s64_magic *g) {
  md_u64_magic u = {g->m, g->a, g->s};
  uint64_t uq = md_eval_u64((uint64_t)n, &u);
  uint64_t t = (uint64_t)g->dsgn;
  return (int64_t)((uq ^ t) - t);
}

#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_MAGIC_H */
