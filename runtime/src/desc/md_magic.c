/*
 * md_magic.c -- magic numbers for exact division by a run-time invariant
 * integer d, for the four device forms of md_magic.h:
 *
 *     unsigned N-bit (N = 32, 64):  q = hi_N(n*m + a) >> s,  a in {0, m}
 *     signed N-bit:                 the unsigned magic of |d|, plus dsgn
 *
 * Each generator costs one clz and one 2N-by-N-bit division: a single
 * hardware divide (x86-64: divl for N = 32, divq for N = 64, since the
 * quotient is known to fit N bits; elsewhere the C division).  There are no
 * loops.  The generators proper are md_magic_core.h's (shared with the
 * descriptor evaluator); this file has their derivation and the checked
 * entry points.  The full derivation is in docs/MATH.md;
 * the exhaustive 32-bit proof and its tool in docs/PROOF.md, bench/proof.
 *
 * ---------------------------------------------------------------------------
 * Notation: N is the width, d >= 1, p = floor(log2 d) (so 2^p <= d < 2^(p+1)),
 * s = p, D = 2^(N+s).  For n in [0, 2^N) write n = q*d + r, 0 <= r < d.
 * hi_N(x) >> s = floor(floor(x / 2^N) / 2^s) = floor(x / D) (nested floors).
 *
 * (1) Round-up method, a = 0, m = ceil(D/d), error e_up = m*d - D >= 0.
 *     n*m/D = n/d + n*e_up/(d*D).  If e_up <= 2^s then, as n <= 2^N - 1,
 *     n*e_up/(d*D) <= (2^N - 1)*2^s / (d*2^(N+s)) < 1/d, so
 *         q <= n*m/D < q + r/d + 1/d <= q + 1      =>  floor(n*m/D) = q.
 *
 * (2) Round-down method, a = m, m = floor((D-1)/d) (= floor(D/d) unless d is
 *     a power of two), error e_dn = D - m*d > 0.  n*m + m = m*(n+1), and
 *     m*(n+1)/D = (n+1)/d - (n+1)*e_dn/(d*D) = q + (r+1)/d - (n+1)*e_dn/(d*D).
 *     Upper: (r+1)/d <= 1 and the subtracted term is > 0, so the value is
 *     < q + 1.  Lower: if e_dn <= 2^s then (n+1)*e_dn <= 2^N * 2^s = D, so the
 *     subtracted term is <= 1/d <= (r+1)/d and the value is >= q.  Exact.
 *
 * (3) One of the two always applies at s = p with an N-bit m.  Let
 *     m0 = floor((D-1)/d), e_dn = D - m0*d = ((D-1) mod d) + 1 in [1, d],
 *     e_up = d - e_dn in [0, d-1].
 *     - e_up = 0 means d | D, i.e. d = 2^p: m0 = (2^(N+p) - 1) >> p = 2^N - 1
 *       and e_dn = d = 2^p = 2^s, so (2) applies.  (d = 1: m = 2^N-1, s = 0.)
 *     - e_up > 0 means d is not a power of two; then ceil(D/d) = m0 + 1 and
 *       e_up is exactly the round-up error.  If e_up <= 2^p, (1) applies.
 *       Otherwise e_dn = d - e_up < 2^(p+1) - 2^p = 2^p, and (2) applies.
 *     Width: m0 <= (D-1)/d < 2^(N+p)/2^p = 2^N.  When (1) is used, d is not
 *     a power of two, 2^p < d, so D/d < 2^N, and ceil(D/d) = 2^N would need
 *     2^N - 1 < D/d, i.e. d < 2^p * 2^N/(2^N - 1) = 2^p + 2^p/(2^N - 1) <
 *     2^p + 1, contradicting d > 2^p.  So m0 + 1 <= 2^N - 1 as well.
 *
 * (4) No wrap in the device: n*m + a <= (2^N-1)^2 + (2^N-1) = 2^N(2^N-1)
 *     < 2^(2N), so the 2N-bit multiply-add is exact (unlike the n+1 form of
 *     CUTLASS FastDivmodU64, which wraps at n = 2^64-1).
 *
 * (5) Signed: |n| <= 2^(N-1) and 1 <= |d| <= 2^(N-1) both fit in N unsigned
 *     bits (|INT_MIN| = 2^(N-1) included), so the unsigned magic of |d| gives
 *     uq = floor(|n|/|d|) exactly; truncating division is
 *     q = sign(n)*sign(d)*uq, which the evaluator applies with dsgn.
 *
 * Error handling: out == NULL is MD_ERR_INVALID (checked first), d == 0 is
 * MD_ERR_DIV_ZERO; on any error *out is not written.  No undefined
 * behaviour: every shift is < the width of its operand (s <= N-1, N+p <=
 * 2N-1), clz is never given 0, negation of d is done in unsigned arithmetic.
 */
#include "desc/md_magic_core.h"

int md_magic_u32(uint32_t d, md_u32_magic *out) {
  if (out == NULL)
    return MD_ERR_INVALID;
  if (d == 0)
    return MD_ERR_DIV_ZERO;
  *out = md_u32_of(d);
  return MD_OK;
}

int md_magic_u64(uint64_t d, md_u64_magic *out) {
  if (out == NULL)
    return MD_ERR_INVALID;
  if (d == 0)
    return MD_ERR_DIV_ZERO;
  *out = md_u64_of(d);
  return MD_OK;
}

/* Signed: the unsigned magic of |d|, see (5) (md_magic_core.h). */
int md_magic_s32(int32_t d, md_s32_magic *out) {
  if (out == NULL)
    return MD_ERR_INVALID;
  if (d == 0)
    return MD_ERR_DIV_ZERO;
  *out = md_s32_of(d);
  return MD_OK;
}

int md_magic_s64(int64_t d, md_s64_magic *out) {
  if (out == NULL)
    return MD_ERR_INVALID;
  if (d == 0)
    return MD_ERR_DIV_ZERO;
  *out = md_s64_of(d);
  return MD_OK;
}

int md_magic_s64_fast32(int64_t d, uint64_t f[2]) {
  if (f == NULL)
    return MD_ERR_INVALID;
  if (d == 0)
    return MD_ERR_DIV_ZERO;
  md_fast32_of(d, f);
  return MD_OK;
}
