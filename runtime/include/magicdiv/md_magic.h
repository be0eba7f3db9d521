/*
 * md_magic.h -- magic numbers for division by run-time invariant integers,
 * and a C reference evaluator of every device sequence magicdiv emits.
 *
 * The evaluators below ARE the specification of the device code: the pass
 * (plugin/md_rewrite.c) emits these operations in LLVM IR (the signed
 * fix-up (uq ^ t) - t as the equal t ? -uq : uq, a compare and a select,
 * which NVPTX compiles one instruction shorter), and the
 * tests prove them exact against the C operators.  Generators live in
 * runtime/src/desc/md_magic.c with their derivations.
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
/* What the header declares is libmagicdiv_rt's interface: exported, with
 * the library built -fvisibility=hidden (its internals are not). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* The runtime's status codes, one list (magicdiv.h re-exports them):
 * X(name, value, text, tier, all_contexts) per code, expanded into the
 * enum below, md_status_str (text) and the launch layer's
 * md_status_fallback (tier) and md_status_all_contexts (all_contexts).
 * The values are ABI (docs/LAUNCH.md section 4): never renumber.
 *   MD_OK: success.  MD_ERR_*: bad input or an error; the original runs.
 *   MD_FALLBACK_*: not an error, this launch runs the original.
 *   tier: 1 when a descriptor's evaluation (md_desc_fill) refuses this
 *     launch's values, so the plain tier is evaluated next (and the log
 *     names both tiers).  MD_FALLBACK_ARG_UNKNOWN is 0: it comes from the
 *     OpenMP launch check before any tier is evaluated, and that check
 *     already covers both descriptors (md_omp_ref_args).
 *   all_contexts: 1 when the outcome is the kernel's code's, the same in
 *     every context (the cache records it once for all of them). */
#define MD_STATUS_LIST(X)                                                      \
  X(MD_OK, 0, "ok", 0, 0)                                                      \
  /* d == 0: no magic exists; run the original */                              \
  X(MD_ERR_DIV_ZERO, 1, "divisor is zero", 0, 0)                               \
  /* NULL pointer or other invalid argument */                                 \
  X(MD_ERR_INVALID, 2, "invalid argument", 0, 0)                               \
  /* descriptor bytes fail validation */                                       \
  X(MD_ERR_DESC_MALFORMED, 3, "malformed descriptor", 0, 1)                    \
  /* descriptor of an unknown version */                                       \
  X(MD_ERR_DESC_VERSION, 4, "unknown descriptor version", 0, 1)                \
  /* a divisor is 0 in this launch */                                          \
  X(MD_FALLBACK_DIV_ZERO, 5, "a divisor is zero in this launch", 1, 0)         \
  /* a divisor's evaluation is poison/UB */                                    \
  X(MD_FALLBACK_UNDEFINED, 6,                                                  \
    "a divisor's evaluation is undefined in this launch", 1, 0)                \
  /* MD_DF_POSITIVE divisor is <= 0 */                                         \
  X(MD_FALLBACK_NOT_POSITIVE, 7, "a divisor that must be positive is not", 1,  \
    0)                                                                         \
  /* no clone / descriptor for this kernel */                                  \
  X(MD_ERR_NO_CLONE, 8, "no magicdiv clone for this kernel", 0, 1)             \
  /* the CUDA/HIP driver reported an error */                                  \
  X(MD_ERR_DRIVER, 9, "CUDA/HIP driver error", 0, 0)                           \
  /* MAGICDIV_DISABLE=1 */                                                     \
  X(MD_ERR_DISABLED, 10, "magicdiv disabled (MAGICDIV_DISABLE)", 0, 0)         \
  /* a launch requirement fails */                                             \
  X(MD_FALLBACK_REQUIREMENT, 11,                                               \
    "a launch requirement of the clone fails in this launch", 1, 0)            \
  /* the kernel's parameters (as the driver or the call site report them)      \
     differ from the descriptor */                                             \
  X(MD_ERR_PARAM_MISMATCH, 12,                                                 \
    "the kernel's parameters differ from its descriptor", 0, 1)                \
  /* MD_DF_DIV32 divisor does not fit 32 bits */                               \
  X(MD_FALLBACK_NOT_DIV32, 13, "a divisor that must fit 32 bits does not", 1,  \
    0)                                                                         \
  /* OpenMP: a by-reference argument that a program reads has device bytes     \
     the host does not know at this launch (mapped before it, md_omp_map.c) */ \
  X(MD_FALLBACK_ARG_UNKNOWN, 14,                                               \
    "an argument passed by reference has device bytes not known at this "      \
    "launch",                                                                  \
    0, 0)

enum {
#define MD_STATUS_ENUM_(name, value, text, tier, all) name = value,
  MD_STATUS_LIST(MD_STATUS_ENUM_)
#undef MD_STATUS_ENUM_
};

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
/* The 32-bit path's words of an s64 divisor (MD_DF_FAST32):
 * f[0] = m32 | a32 << 32, f[1] = s32 | lim << 32 (MD_S64_FAST32_PTX). */
int md_magic_s64_fast32(int64_t d, uint64_t f[2]);

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
  /* no wrap; __extension__: -pedantic has no __int128 */
  __extension__ unsigned __int128 t = (unsigned __int128)n * g->m + g->a;
  uint64_t hi = (uint64_t)(t >> 64);
  return hi >> g->s;
}

/* ---- The 64-bit device forms, step by step (docs/MATH.md section 9). ----
 *
 * md_eval_u64 above states WHAT the device computes, hi_64(n*m + a) >> s,
 * with a 128-bit product.  GPUs have no such product; the pass builds it
 * from 32-bit limbs, in one of two ways, each evaluated here exactly as
 * emitted.  Limbs: n = n1*2^32 + n0, m = m1*2^32 + m0, a = a1*2^32 + a0,
 * each < 2^32; B = 2^32.  Both functions return hi_64(n*m + a) for EVERY
 * n, m, a < 2^64 (a is not restricted to {0, m}).
 *
 * (1) Limb form in 64-bit words (AMDGPU and every non-PTX target):
 *   X = n0*m0 + a0              <= (B-1)^2 + (B-1)   = B(B-1)  < 2^64
 *   T = n1*m0 + a1 + hi(X)      <= (B-1)^2 + 2(B-1)  = B^2 - 1 < 2^64
 *   Y = n0*m1 + lo(T)           <= (B-1)^2 + (B-1)   = B(B-1)  < 2^64
 *   H = n1*m1 + hi(T) + hi(Y)   <= (B-1)^2 + 2(B-1)  = B^2 - 1 < 2^64
 * (hi(X) <= B-2 since X <= B(B-1) - ... < B(B-1); the bound B - 1 suffices.)
 *   n*m + a = n0*m0 + a0 + B(n1*m0 + a1 + n0*m1) + B^2*n1*m1
 *           = lo(X) + B*(hi(X) + n1*m0 + a1) + B*n0*m1 + B^2*n1*m1
 *           = lo(X) + B*(lo(T) + n0*m1) + B^2*(hi(T) + n1*m1)
 *           = lo(X) + B*lo(Y) + B^2*(hi(Y) + hi(T) + n1*m1)
 *           = lo(X) + B*lo(Y) + B^2*H
 * and 0 <= lo(X) + B*lo(Y) <= (B-1) + B(B-1) < B^2, so H = hi_64(n*m + a).
 */
static inline uint64_t md_eval_u64_limbs(uint64_t n, uint64_t m, uint64_t a) {
  const uint64_t lo = 0xffffffffu;
  uint64_t n0 = n & lo, n1 = n >> 32, m0 = m & lo, m1 = m >> 32;
  uint64_t a0 = a & lo, a1 = a >> 32;
  uint64_t x = n0 * m0 + a0;
  uint64_t t = n1 * m0 + a1 + (x >> 32);
  uint64_t y = n0 * m1 + (t & lo);
  return n1 * m1 + (t >> 32) + (y >> 32);
}

/* (2) The NVPTX inline-PTX carry chain (plugin/md_rewrite.c md_u64_ptx), one
 * line per PTX instruction; cf is the carry flag CC.CF.  Every 32-bit
 * result is taken mod 2^32 exactly as the hardware does; the bounds show
 * the non-.cc steps (which drop a carry out) never have one:
 *   x0 = lo(n0*m0) + a0            -> cf            mad.lo.cc.u32
 *   x1 = hi(n0*m0) + cf                             madc.hi.u32
 *        x1:x0 = X = n0*m0 + a0 < 2^64, so no carry out of x1.
 *   p0 = lo(n1*m0) + a1            -> cf            mad.lo.cc.u32
 *   p1 = hi(n1*m0) + cf                             madc.hi.u32
 *        p1:p0 = P = n1*m0 + a1 < 2^64 (same bound).
 *   y0 = lo(n0*m1) + p0            -> cf            mad.lo.cc.u32
 *   y1 = hi(n0*m1) + p1 + cf       -> cf            madc.hi.cc.u32
 *   c  = cf                                         addc.u32 c, 0, 0
 *        c:y1:y0 = n0*m1 + P <= (B-1)^2 + B(B-1) < 2B^2: c in {0, 1}.
 *   y0 = y0 + x1                   -> cf            add.cc.u32
 *   r2 = lo(n1*m1) + y1 + cf       -> cf            madc.lo.cc.u32
 *   r3 = hi(n1*m1) + c + cf                         madc.hi.u32
 * Sum by weight: n*m + a = x0 + B*(x1 + P + n0*m1) + B^2*n1*m1
 *   = x0 + B*x1 + B*(y0 + B*y1 + B^2*c) + B^2*(lo(n1m1) + B*hi(n1m1)),
 * and the last four steps add the columns B, B^2, B^3 with every carry
 * passed on, so n*m + a = x0 + B*y0' + B^2*r2 + B^3*r3 exactly provided r3
 * does not wrap -- it cannot, being the top word of n*m + a < B^4.  Hence
 * r3:r2 = hi_64(n*m + a).  test/unit/test_magic.c emulates the real PTX
 * semantics of each instruction (with carries) against unsigned __int128. */
static inline uint64_t md_eval_u64_ptx(uint64_t n, uint64_t m, uint64_t a) {
  uint32_t n0 = (uint32_t)n, n1 = (uint32_t)(n >> 32);
  uint32_t m0 = (uint32_t)m, m1 = (uint32_t)(m >> 32);
  uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
  uint64_t w;
  uint32_t x1, p0, p1, y0, y1, c, r2, r3, cf;
  w = (uint64_t)(uint32_t)((uint64_t)n0 * m0) + a0; /* x0 */
  cf = (uint32_t)(w >> 32);
  x1 = (uint32_t)(((uint64_t)n0 * m0) >> 32) + cf;
  w = (uint64_t)(uint32_t)((uint64_t)n1 * m0) + a1; /* p0 */
  p0 = (uint32_t)w;
  cf = (uint32_t)(w >> 32);
  p1 = (uint32_t)(((uint64_t)n1 * m0) >> 32) + cf;
  w = (uint64_t)(uint32_t)((uint64_t)n0 * m1) + p0; /* y0 */
  y0 = (uint32_t)w;
  cf = (uint32_t)(w >> 32);
  w = (((uint64_t)n0 * m1) >> 32) + (uint64_t)p1 + cf; /* y1 */
  y1 = (uint32_t)w;
  c = (uint32_t)(w >> 32);
  w = (uint64_t)y0 + x1; /* add.cc: only its carry is used */
  cf = (uint32_t)(w >> 32);
  w = (uint64_t)(uint32_t)((uint64_t)n1 * m1) + y1 + cf; /* r2 */
  r2 = (uint32_t)w;
  cf = (uint32_t)(w >> 32);
  r3 = (uint32_t)(((uint64_t)n1 * m1) >> 32) + c + cf;
  return (uint64_t)r3 << 32 | r2;
}

/* The exact text of the inline PTX the pass emits on NVPTX for (2): $1 = n,
 * $2 = m, $3 = a (.u64), $0 = hi_64(n*m + a) (.u64).  Kept here, next to
 * its C evaluation, so that test/unit/test_limbs.c can interpret this very
 * string instruction by instruction. */
#define MD_U64_PTX_REGS                                                        \
  "{\n\t.reg .u32 md_n0, md_n1, md_m0, md_m1, md_a0, md_a1, md_x0, md_x1, "    \
  "md_p0, md_p1, md_y0, md_y1, md_c, md_r2, md_r3;\n\t"
#define MD_U64_PTX_PRODUCTS                                                    \
  "mov.b64 {md_n0, md_n1}, $1;\n\t" MD_U64_PTX_MUL
/* The ten steps on n's limbs md_n0, md_n1 (MD_S64_FAST32_PTX: |n|). */
#define MD_U64_PTX_MUL                                                         \
  "mov.b64 {md_m0, md_m1}, $2;\n\t"                                           \
  "mov.b64 {md_a0, md_a1}, $3;\n\t"                                           \
  "mad.lo.cc.u32 md_x0, md_n0, md_m0, md_a0;\n\t"                             \
  "madc.hi.u32 md_x1, md_n0, md_m0, 0;\n\t"                                   \
  "mad.lo.cc.u32 md_p0, md_n1, md_m0, md_a1;\n\t"                             \
  "madc.hi.u32 md_p1, md_n1, md_m0, 0;\n\t"                                   \
  "mad.lo.cc.u32 md_y0, md_n0, md_m1, md_p0;\n\t"                             \
  "madc.hi.cc.u32 md_y1, md_n0, md_m1, md_p1;\n\t"                            \
  "addc.u32 md_c, 0, 0;\n\t"                                                  \
  "add.cc.u32 md_y0, md_y0, md_x1;\n\t"                                       \
  "madc.lo.cc.u32 md_r2, md_n1, md_m1, md_y1;\n\t"                            \
  "madc.hi.u32 md_r3, md_n1, md_m1, md_c;\n"
#define MD_U64_PTX_CHAIN                                                       \
  MD_U64_PTX_REGS MD_U64_PTX_PRODUCTS "\tmov.b64 $0, {md_r2, md_r3};\n\t}"

/* (2') The chain with the branch over the products, for divisions in a
 * loop with option pow2-loops.  For m = a = 2^64 - 1 -- the magic of every power of two, d = 2^s
 * (docs/MATH.md section 4) --
 *   n*m + a = (n + 1)(2^64 - 1) = n*2^64 + (2^64 - 1 - n),
 * and 0 <= 2^64 - 1 - n < 2^64, so hi_64(n*m + a) = n for every n: the
 * products can be skipped, leaving q = n >> s.  $4 (.pred) is
 * (m & a) == 2^64 - 1, computed in IR from the magic parameters; with it
 * set, r3:r2 keeps n.  The value is hi_64(n*m + a) either way, for every
 * n, m and a (test_limbs runs it with $4 as emitted and with $4 = 0).
 * $4 is launch-uniform, so the branch never diverges, and in a loop ptxas
 * computes it once, before the loop: a power of two then costs the shift
 * alone, any other divisor the chain and one branch.  Straight-line code
 * gains nothing: ptxas turns so short a forward branch into predication,
 * which issues the products anyway, so the pass emits MD_U64_PTX_CHAIN
 * there.  The label is local to the braces: the snippet may appear any
 * number of times in a function. */
#define MD_U64_PTX_CHAIN_POW2                                                  \
  MD_U64_PTX_REGS                                                              \
  "mov.b64 {md_r2, md_r3}, $1;\n\t"                                           \
  "@$4 bra MD_POW2;\n\t" MD_U64_PTX_PRODUCTS                                   \
  "MD_POW2:\n\t"                                                              \
  "mov.b64 $0, {md_r2, md_r3};\n\t}"

/* s64 on NVPTX (plugin/device/md_emit_quot.c md_emit_s64_ptx):
 * md_eval_s64's mask form with the sign t in one 32-bit register.
 * MD_S64_ABS_PTX: $2 = n (.s64); $1 = t = n1 >> 31 (arithmetic, 0 or -1),
 *   $0 = (n ^ sext(t)) - sext(t) = |n| as unsigned (<= 2^63), word-wise:
 *   lo = (n0 ^ t) - t with borrow, hi = (n1 ^ t) - t - borrow.
 * MD_S64_CNEG_PTX: $1 = uq (.u64), $2 = t (.u32, 0 or -1);
 *   $0 = (uq ^ sext(t)) - sext(t) = t ? -uq : uq (mod 2^64). */
#define MD_S64_ABS_PTX                                                         \
  "{\n\t.reg .u32 md_n0, md_n1;\n\t"                                          \
  "mov.b64 {md_n0, md_n1}, $2;\n\t"                                           \
  "shr.s32 $1, md_n1, 31;\n\t"                                                \
  "xor.b32 md_n0, md_n0, $1;\n\t"                                             \
  "xor.b32 md_n1, md_n1, $1;\n\t"                                             \
  "sub.cc.u32 md_n0, md_n0, $1;\n\t"                                          \
  "subc.u32 md_n1, md_n1, $1;\n\t"                                            \
  "mov.b64 $0, {md_n0, md_n1};\n\t}"
#define MD_S64_CNEG_PTX                                                        \
  "{\n\t.reg .u32 md_q0, md_q1;\n\t"                                          \
  "mov.b64 {md_q0, md_q1}, $1;\n\t"                                           \
  "xor.b32 md_q0, md_q0, $2;\n\t"                                             \
  "xor.b32 md_q1, md_q1, $2;\n\t"                                             \
  "sub.cc.u32 md_q0, md_q0, $2;\n\t"                                          \
  "subc.u32 md_q1, md_q1, $2;\n\t"                                            \
  "mov.b64 $0, {md_q0, md_q1};\n\t}"

/* The 32-bit core on NVPTX (plugin/device/md_emit_quot.c,
 * md_emit_quot_unsigned):
 * MD_U32_PTX: $0 = hi_32(n*m + a) for $1 = n, $2 = m, $3 = a (.u32):
 *   w = n*m (mul.wide.u32, 64 bits) + zext(a)   (<= (2^32-1)^2 + 2^32-1
 *   < 2^64: no wrap);  $0 = hi(w).
 * The same PTX LLVM emits for md_eval_u32's `mul nuw i64 (zext n),
 * (zext m)` + zext(a), so ptxas gives the same IMAD.HI.U32 with a 64-bit
 * addend; but the backend's straight-line strength reduction no longer sees
 * one `mul i64` by the same zext(m) per site, which it chains
 * quadratically in division-dense code.  The shift by s and the signed
 * fix-ups stay in IR. */
#define MD_U32_PTX                                                             \
  "{\n\t.reg .u64 md_w, md_a;\n\t"                                            \
  "mul.wide.u32 md_w, $1, $2;\n\t"                                            \
  "cvt.u64.u32 md_a, $3;\n\t"                                                 \
  "add.s64 md_w, md_w, md_a;\n\t"                                             \
  "mov.b64 {_, $0}, md_w;\n\t}"

/* s64 with a 32-bit path (MD_DF_FAST32, plugin/device/md_emit_quot.c
 * md_emit_s64_fast32): one snippet, one uniform test, two paths.
 * $0 = q (.u64), $1 = n (.s64), $2 = m, $3 = a (.u64: the magic of |d|),
 * $4 = s, $5 = m32, $6 = a32, $7 = s32, $8 = lim, $9 = lo(dsgn) (.u32; 0
 * without dsgn); the clone's parameters f1 = m32 | a32 << 32 and
 * f2 = s32 | lim << 32 (md_magic_s64_fast32) give $5..$8 as their words.
 *   n1 <u lim (lim = 1 exactly when 1 <= d; else 0, and the test fails):
 *     n = n0 < 2^32 and d > 0, so q = n0 / d (truncation = floor), and
 *     (m32, a32, s32) is the u32 magic of d when d < 2^32 (docs/MATH.md
 *     section 4, exact for every n0 < 2^32), or 0, 0, 0 when d >= 2^32,
 *     where q = 0 = hi_32(n0*0 + 0) >> 0 since n0 < 2^32 <= d.
 *     q = zext(hi_32(n0*m32 + a32) >> s32), n0*m32 + a32 < 2^64 computed as
 *     in MD_U32_PTX (mul.wide.u32 + zero-extended addend: one IMAD.HI.U32).
 *   otherwise: MD_S64_ABS_PTX, the MD_U64_PTX_CHAIN core, the 64-bit shift
 *     by s, t' = t ^ lo(dsgn) and MD_S64_CNEG_PTX: md_eval_s64_dev, exact
 *     for every n.
 * So the value is md_eval_s64_dev(n) whatever the fast path's parameters,
 * as long as lim = 1 only with (m32, a32, s32) as above for d > 0.  lim is
 * launch-uniform: the branch never diverges on d, only on n (the 64-bit
 * path is taken by the lanes whose n does not fit).  ptxas keeps the
 * branch (bench/RESULTS.md: 11 SASS issued on the 32-bit path, 35 on the
 * 64-bit one).  Labels are local to the braces. */
#define MD_S64_FAST32_PTX                                                      \
  "{\n\t.reg .pred md_f;\n\t"                                                 \
  ".reg .u32 md_n0, md_n1, md_m0, md_m1, md_a0, md_a1, md_x0, md_x1, "         \
  "md_p0, md_p1, md_y0, md_y1, md_c, md_r2, md_r3, md_t;\n\t"                 \
  ".reg .u64 md_w, md_v;\n\t"                                                 \
  "mov.b64 {md_n0, md_n1}, $1;\n\t"                                           \
  "setp.lt.u32 md_f, md_n1, $8;\n\t"                                          \
  "@!md_f bra MD_SLOW;\n\t"                                                   \
  "mul.wide.u32 md_w, md_n0, $5;\n\t"                                        \
  "cvt.u64.u32 md_v, $6;\n\t"                                                \
  "add.s64 md_w, md_w, md_v;\n\t"                                            \
  "mov.b64 {_, md_x1}, md_w;\n\t"                                            \
  "shr.u32 md_r2, md_x1, $7;\n\t"                                             \
  "xor.b32 md_r3, md_n1, md_n1;\n\t"                                          \
  "bra MD_DONE;\n\t"                                                          \
  "MD_SLOW:\n\t"                                                              \
  "shr.s32 md_t, md_n1, 31;\n\t"                                              \
  "xor.b32 md_n0, md_n0, md_t;\n\t"                                           \
  "xor.b32 md_n1, md_n1, md_t;\n\t"                                           \
  "sub.cc.u32 md_n0, md_n0, md_t;\n\t"                                        \
  "subc.u32 md_n1, md_n1, md_t;\n\t" MD_U64_PTX_MUL                          \
  "\tmov.b64 md_w, {md_r2, md_r3};\n\t"                                       \
  "shr.u64 md_w, md_w, $4;\n\t"                                               \
  "mov.b64 {md_r2, md_r3}, md_w;\n\t"                                         \
  "xor.b32 md_t, md_t, $9;\n\t"                                               \
  "xor.b32 md_r2, md_r2, md_t;\n\t"                                           \
  "xor.b32 md_r3, md_r3, md_t;\n\t"                                           \
  "sub.cc.u32 md_r2, md_r2, md_t;\n\t"                                        \
  "subc.u32 md_r3, md_r3, md_t;\n\t"                                          \
  "MD_DONE:\n\t"                                                              \
  "mov.b64 $0, {md_r2, md_r3};\n\t}"

/* The u64 quotient as the device computes it (either limb form). */
static inline uint64_t md_eval_u64_dev(uint64_t n, const md_u64_magic *g) {
  return md_eval_u64_limbs(n, g->m, g->a) >> g->s;
}

/* u64 remainder as emitted: r = q*(-d) + n mod 2^64 (= n - q*d). */
static inline uint64_t md_eval_u64_rem(uint64_t n, uint64_t d,
                                       const md_u64_magic *g) {
  uint64_t q = md_eval_u64_dev(n, g);
  return q * (0 - d) + n;
}

/* 64-bit dividend, divisor d < 2^32 (proven, or MD_DF_DIV32 at launch):
 * n = q*d + r with r < d < 2^32, so r = r mod 2^32 = lo(n) - lo(q)*lo(d)
 * mod 2^32 (lo() of a sum/product depends only on the operands' lo()),
 * computed as lo(q)*lo(-d) + lo(n): one 32-bit multiply-add. */
static inline uint64_t md_eval_u64_rem32(uint64_t n, uint32_t d,
                                         const md_u64_magic *g) {
  uint64_t q = md_eval_u64_dev(n, g);
  return (uint32_t)((uint32_t)q * (0u - d) + (uint32_t)n);
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

/* s64 as emitted (md_eval_s64 with the limb core and the remainder as a
 * multiply-add): |n| = (n ^ nsgn) - nsgn <= 2^63 < 2^64 fits the u64 core;
 * q = t ? -uq : uq with t = sign(n) xor sign(d). */
static inline int64_t md_eval_s64_dev(int64_t n, const md_s64_magic *g) {
  uint64_t nsgn = (uint64_t)(n < 0 ? -1 : 0);
  uint64_t un = ((uint64_t)n ^ nsgn) - nsgn;
  md_u64_magic u = {g->m, g->a, g->s};
  uint64_t uq = md_eval_u64_dev(un, &u);
  uint64_t t = nsgn ^ (uint64_t)g->dsgn;
  return (int64_t)(t ? 0 - uq : uq);
}

/* s64 with the 32-bit path as emitted (MD_S64_FAST32_PTX), f1 and f2 from
 * md_magic_s64_fast32: n1 < lim -> zext(hi_32(n0*m32 + a32) >> s32),
 * else md_eval_s64_dev.  (s32 <= 31 as the generator gives it.) */
static inline int64_t md_eval_s64_fast32(int64_t n, const md_s64_magic *g,
                                         uint64_t f1, uint64_t f2) {
  uint32_t n1 = (uint32_t)((uint64_t)n >> 32);
  if (n1 < (uint32_t)(f2 >> 32)) {
    uint64_t w = (uint64_t)(uint32_t)n * (uint32_t)f1 + (uint32_t)(f1 >> 32);
    return (int64_t)((uint32_t)(w >> 32) >> ((uint32_t)f2 & 31));
  }
  return md_eval_s64_dev(n, g);
}

/* s64 remainder, divisor -2^31 <= d < 2^31: |r| < |d| <= 2^31, so r fits
 * signed 32 bits and r = sext(lo(n) - lo(q)*lo(d) mod 2^32). */
static inline int64_t md_eval_s64_rem32(int64_t n, int32_t d,
                                        const md_s64_magic *g) {
  uint64_t q = (uint64_t)md_eval_s64_dev(n, g);
  uint32_t r = (uint32_t)q * (0u - (uint32_t)d) + (uint32_t)n;
  return (int64_t)(int32_t)r; /* sign-extension (implementation-defined
                                 conversion only for r >= 2^31, which is
                                 two's complement on every target we use) */
}

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_MAGIC_H */
