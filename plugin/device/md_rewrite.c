/*
 * md_rewrite.c -- emit the magic sequences (md_rewrite.h).
 * docs/MATH.md derives every form; md_magic.h has a C reference evaluator
 * of each (md_eval_*), proven against the C operators by test/unit.
 *
 * Unsigned 32-bit, every n < 2^32, every d >= 1:
 *     q = trunc_32((zext_64(n) * zext_64(m) + zext_64(a)) >> 32) >> s
 * (no wrap in 64 bits: n*m + a <= (2^32-1)^2 + 2^32-1 < 2^64).  On NVPTX
 * the multiply-add is inline PTX (MD_U32_PTX: the mul.wide.u32 + add LLVM
 * would emit; ptxas: IMAD.HI.U32 with a 64-bit addend), so that the
 * backend's straight-line strength reduction has no per-site `mul i64` to
 * chain; AMDGPU selects the IR as v_mad_u64_u32.
 *
 * Unsigned 64-bit: q = hi_64(n*m + a) >> s, the 128-bit product built from
 * 32-bit limbs so that no step needs more than 64 bits (md_eval_u64_limbs):
 *   NVPTX:  one inline-PTX carry chain (md_u64_ptx below; ptxas: 3 x
 *           IMAD.WIDE.U32 and a carry fix-up, 7 SASS, + 2 for the shift);
 *           in a loop with option pow2-loops, the chain with a uniform
 *           branch over the products when the divisor is a power of two
 *           (m = a = 2^64 - 1, where hi_64(n*m + a) = n), the one branch
 *           in the sequences.
 *   CPU (OpenMP host offload): one i128 multiply-add (md_emit_u64_wide):
 *           x86-64 `mul` + `add`/`adc`, AArch64 `umulh`; the limbs would
 *           cost four 64-bit multiplies and lose to the native divide.
 *   others: the same limb products in plain IR (md_emit_u64_limbs).
 *
 * Signed (sdiv/srem), d != 0:
 *     nsgn = ashr n, N-1 ; un = (n ^ nsgn) - nsgn ; uq = unsigned(un)
 *     t = nsgn ^ dsgn    ; q = (uq ^ t) - t
 * With a dividend proven >= 0, nsgn = 0; with MD_DF_POSITIVE, dsgn = 0.
 * 64-bit on NVPTX: |n| and the negate are inline PTX on a 32-bit sign word
 * (md_emit_s64_ptx), 18 SASS per quotient.
 *
 * Remainder: r = n - q*d, d being the clone's own divisor value.  64-bit
 * kinds write it r = q*(-d) + n with -d computed once where d is defined
 * (one multiply-add chain, no separate subtract); when the divisor fits 32
 * bits (proven, or MD_DF_DIV32 checked at launch) in 32 bits:
 * r = lo(n) - lo(q)*lo(d), exact because |r| < |d| <= 2^32 (md_eval_*_rem32).
 * The magic parameters are uniform kernel parameters and are used directly.
 */
#include "device/md_rewrite.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_magic.h"
#include "analysis/md_kernels.h"
#include "analysis/md_dom.h"
#include "device/md_loopmd.h"
#include "analysis/md_loops.h"
#include "device/md_pow2.h"

static LLVMTypeRef md_int(LLVMContextRef ctx, unsigned bits) {
  return LLVMIntTypeInContext(ctx, bits);
}

static void md_set_nuw(LLVMValueRef v) {
  if (LLVMIsAInstruction(v))
    LLVMSetNUW(v, 1);
}

static LLVMValueRef md_set_nuw_ret(LLVMValueRef v) {
  md_set_nuw(v);
  return v;
}

/* One inline-PTX snippet (no side effects, no memory clobber). */
static LLVMValueRef md_ptx_call(LLVMBuilderRef b, LLVMTypeRef ret,
                                LLVMTypeRef *pty, LLVMValueRef *args,
                                unsigned nargs, const char *text,
                                const char *cons, const char *name) {
  LLVMTypeRef fty = LLVMFunctionType(ret, pty, nargs, 0);
  LLVMValueRef fn =
      LLVMGetInlineAsm(fty, text, strlen(text), cons, strlen(cons), 0, 0,
                       LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(b, fty, fn, args, nargs, name);
}

/* hi_64(n*m + a) on NVPTX: one carry chain on 32-bit limbs.
 *
 * n = n1*2^32 + n0, m = m1*2^32 + m0, a = a1*2^32 + a0 (limbs < 2^32).
 * n*m + a = X + 2^32*(P + n0*m1) + 2^64*n1*m1 with
 *   X = n0*m0 + a0  <= (2^32-1)^2 + 2^32-1 = 2^32(2^32-1) < 2^64
 *   P = n1*m0 + a1  <= 2^32(2^32-1) < 2^64
 * Instructions (CC.CF = the carry flag), by weight of what they add:
 *   mad.lo.cc  x0 = lo(n0*m0) + a0               -> CF     (weight 1)
 *   madc.hi    x1 = hi(n0*m0) + CF                 hi(X): no wrap, X < 2^64
 *   mad.lo.cc  p0 = lo(n1*m0) + a1               -> CF     (weight 2^32)
 *   madc.hi    p1 = hi(n1*m0) + CF                 P = p1:p0, no wrap
 *   mad.lo.cc  y0 = lo(n0*m1) + p0               -> CF
 *   madc.hi.cc y1 = hi(n0*m1) + p1 + CF          -> CF
 *   addc       c  = CF                             c:y1:y0 = n0*m1 + P
 *                                                  (< 2^65: the carry c)
 *   add.cc     y0 = y0 + x1                      -> CF     (weight 2^32)
 *   madc.lo.cc r2 = lo(n1*m1) + y1 + CF          -> CF     (weight 2^64)
 *   madc.hi    r3 = hi(n1*m1) + c + CF                     (weight 2^96)
 * Every carry out of a column is consumed by the next column's step, and
 * the only steps without carry-out (madc.hi x1/p1/r3, addc c) cannot wrap:
 * x1 and p1 by the bounds above, c <= 1, and r3 is the top word of
 * n*m + a < 2^128.  So r3:r2 = hi_64(n*m + a) exactly, for every n, m and
 * a < 2^64 (test/unit/test_magic.c emulates each instruction with its
 * carry; md_eval_u64_ptx in md_magic.h is the same chain in C).
 * ptxas (sm_90) maps it to IMAD.WIDE.U32, IMAD.WIDE.U32 with carry out,
 * IMAD.HI.U32, IADD3, IMAD.MOV, SEL, IMAD.WIDE.U32.X: 7 SASS.
 *
 * No side effects and no memory clobber: LLVM may CSE and hoist it. */
static const char md_u64_ptx[] = MD_U64_PTX_CHAIN;

/* With pow2-loops, in a loop: the same chain with a branch over the
 * products when m = a = 2^64 - 1 (every power of two: hi_64(n*m + a) = n),
 * on the predicate (m & a) == 2^64 - 1 (MD_U64_PTX_CHAIN_POW2 in md_magic.h
 * has the proof).  ptxas computes the launch-uniform predicate once,
 * before the loop; a power of two then costs the shift alone, another
 * divisor the chain and a branch, which also ends the block and with it
 * ptxas' scheduling across sites: 1.9x faster for powers of two, 11 %
 * slower for the others in the op benchmark on an H200 (bench/RESULTS.md),
 * hence an option. */
static const char md_u64_ptx_pow2[] = MD_U64_PTX_CHAIN_POW2;

static LLVMValueRef md_emit_u64_ptx(LLVMBuilderRef b, LLVMContextRef ctx,
                                    LLVMValueRef n, md_magic_vals *v) {
  const char *cons = v->in_loop ? "=l,l,l,l,b" : "=l,l,l,l";
  const char *text = v->in_loop ? md_u64_ptx_pow2 : md_u64_ptx;
  unsigned na = v->in_loop ? 4 : 3;
  LLVMTypeRef i64 = md_int(ctx, 64);
  LLVMTypeRef params[4];
  LLVMValueRef args[4], fn;
  LLVMTypeRef fty;
  params[0] = params[1] = params[2] = i64;
  params[3] = md_int(ctx, 1);
  fty = LLVMFunctionType(i64, params, na, 0);
  fn = LLVMGetInlineAsm(fty, text, strlen(text), cons, strlen(cons),
                        /*HasSideEffects=*/0, /*IsAlignStack=*/0,
                        LLVMInlineAsmDialectATT, /*CanThrow=*/0);
  args[0] = n;
  args[1] = v->m;
  args[2] = v->a;
  if (v->in_loop)
    args[3] = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, v->m, v->a, "md.ma"),
                            LLVMConstAllOnes(i64), "md.pow2");
  return LLVMBuildCall2(b, fty, fn, args, na, "md.hi");
}

/* hi_64(n*m + a) in plain IR, every product 32 x 32 -> 64 bits
 * (md_eval_u64_limbs; derivation in docs/MATH.md):
 *   X = n0*m0 + a0                <= (2^32-1)^2 + (2^32-1)   < 2^64
 *   T = n1*m0 + a1 + hi(X)        <= (2^32-1)^2 + 2(2^32-1)  = 2^64 - 1
 *   Y = n0*m1 + lo(T)             <= (2^32-1)^2 + (2^32-1)   < 2^64
 *   H = n1*m1 + hi(T) + hi(Y)     <= (2^32-1)^2 + 2(2^32-1)  = 2^64 - 1
 * n*m + a = lo(X) + 2^32*lo(Y) + 2^64*H with lo(X) + 2^32*lo(Y) < 2^64, so
 * H = hi_64(n*m + a).  No step wraps: every add and mul is nuw.  AMDGPU
 * selects each product-plus-addend as one v_mad_u64_u32. */
static LLVMValueRef md_emit_u64_limbs(LLVMBuilderRef b, LLVMContextRef ctx,
                                      LLVMValueRef n, md_magic_vals *v) {
  LLVMTypeRef i64 = md_int(ctx, 64);
  LLVMValueRef lo = LLVMConstInt(i64, 0xffffffffull, 0);
  LLVMValueRef k32 = LLVMConstInt(i64, 32, 0);
  LLVMValueRef n0 = LLVMBuildAnd(b, n, lo, "md.n0");
  LLVMValueRef n1 = LLVMBuildLShr(b, n, k32, "md.n1");
  LLVMValueRef m0 = LLVMBuildAnd(b, v->m, lo, "md.m0");
  LLVMValueRef m1 = LLVMBuildLShr(b, v->m, k32, "md.m1");
  LLVMValueRef a0 = LLVMBuildAnd(b, v->a, lo, "md.a0");
  LLVMValueRef a1 = LLVMBuildLShr(b, v->a, k32, "md.a1");
  LLVMValueRef x, t, y, h;
#define MD_NUW(e) (md_set_nuw_ret(e))
  x = MD_NUW(LLVMBuildAdd(b, MD_NUW(LLVMBuildMul(b, n0, m0, "md.x.p")), a0,
                          "md.x"));
  t = MD_NUW(LLVMBuildMul(b, n1, m0, "md.t.p"));
  t = MD_NUW(LLVMBuildAdd(b, t, a1, "md.t.a"));
  t = MD_NUW(LLVMBuildAdd(b, t, LLVMBuildLShr(b, x, k32, "md.x.hi"), "md.t"));
  y = MD_NUW(LLVMBuildMul(b, n0, m1, "md.y.p"));
  y = MD_NUW(LLVMBuildAdd(b, y, LLVMBuildAnd(b, t, lo, "md.t.lo"), "md.y"));
  h = MD_NUW(LLVMBuildMul(b, n1, m1, "md.h.p"));
  h = MD_NUW(LLVMBuildAdd(b, h, LLVMBuildLShr(b, t, k32, "md.t.hi"), "md.h.t"));
  h = MD_NUW(LLVMBuildAdd(b, h, LLVMBuildLShr(b, y, k32, "md.y.hi"), "md.hi"));
#undef MD_NUW
  return h;
}

/* hi_64(n*m + a) as one 128-bit multiply-add: n*m + a <= (2^64-1)^2 +
 * 2^64-1 < 2^128, so nothing wraps (the CPU form). */
static LLVMValueRef md_emit_u64_wide(LLVMBuilderRef b, LLVMContextRef ctx,
                                     LLVMValueRef n, md_magic_vals *v) {
  LLVMTypeRef i64 = md_int(ctx, 64), i128 = md_int(ctx, 128);
  LLVMValueRef p =
      LLVMBuildMul(b, LLVMBuildZExt(b, n, i128, "md.nw"),
                   LLVMBuildZExt(b, v->m, i128, "md.mw"), "md.p");
  p = LLVMBuildAdd(b, md_set_nuw_ret(p), LLVMBuildZExt(b, v->a, i128, "md.aw"),
                   "md.pa");
  p = LLVMBuildLShr(b, md_set_nuw_ret(p), LLVMConstInt(i128, 64, 0), "md.ph");
  return LLVMBuildTrunc(b, p, i64, "md.hi");
}

/* q = hi_N(n*m + a) >> s for an N-bit n. */
static LLVMValueRef md_emit_unsigned(LLVMBuilderRef b, LLVMContextRef ctx,
                                     LLVMValueRef n, md_magic_vals *v) {
  unsigned bits = (unsigned)md_kind_width(v->kind);
  LLVMTypeRef wide = md_int(ctx, 2 * bits);
  LLVMValueRef nw, mw, aw, p, t, hi;
  if (bits == 64) {
    /* md_pow2's copy: m = a = 2^64 - 1 there, so hi_64(n*m + a) = n */
    hi = v->shift   ? n
         : v->nvptx ? md_emit_u64_ptx(b, ctx, n, v)
         : v->host  ? md_emit_u64_wide(b, ctx, n, v)
                    : md_emit_u64_limbs(b, ctx, n, v);
    return LLVMBuildLShr(b, hi, v->s, "md.uq");
  }
  if (v->nvptx) {
    /* NVPTX: hi_32(n*m + a) as inline PTX (MD_U32_PTX in md_magic.h): the
     * PTX LLVM would emit for the IR below, but without a `mul i64` per
     * site for the backend's straight-line strength reduction to chain
     * (quadratic in division-dense code). */
    LLVMTypeRef i32 = md_int(ctx, 32), pty[3];
    LLVMValueRef args[3];
    pty[0] = pty[1] = pty[2] = i32;
    args[0] = n;
    args[1] = v->m;
    args[2] = v->a;
    hi = md_ptx_call(b, i32, pty, args, 3, MD_U32_PTX, "=r,r,r,r", "md.hi");
    return LLVMBuildLShr(b, hi, v->s, "md.uq");
  }
  /* The widening of m and a sits next to the multiply, in the same block:
   * instruction selection works per block, and only sees
   * mul(zext n, zext m) as mul.wide.u32 when both zexts are in view. */
  nw = LLVMBuildZExt(b, n, wide, "md.n.wide");
  mw = LLVMBuildZExt(b, v->m, wide, "md.m.wide");
  aw = LLVMBuildZExt(b, v->a, wide, "md.a.wide");
  p = LLVMBuildMul(b, nw, mw, "md.nm");
  md_set_nuw(p);
  t = LLVMBuildAdd(b, p, aw, "md.nma");
  md_set_nuw(t);
  hi = LLVMBuildLShr(b, t, LLVMConstInt(wide, bits, 0), "md.hi.wide");
  hi = LLVMBuildTrunc(b, hi, md_int(ctx, bits), "md.hi");
  return LLVMBuildLShr(b, hi, v->s, "md.uq");
}

/* s64 on NVPTX: md_eval_s64's mask form with the sign in one 32-bit
 * register t (0 or -1):
 *   t = n1 >> 31 (arithmetic); |n| = (n ^ t) - t      MD_S64_ABS_PTX
 *   uq = hi_64(|n|*m + a) >> s                         (the u64 core)
 *   t' = t ^ lo(dsgn); q = (uq ^ t') - t'              MD_S64_CNEG_PTX
 * (|n| <= 2^63 fits the u64 core; (x ^ t) - t is x for t = 0 and
 * ~x + 1 = -x mod 2^64 for t = -1; the 32-bit t stands for the 64-bit mask
 * sext(t), whose two words are both t.)  In PTX, because written in IR the
 * absolute value is matched as ISD::ABS and the 64-bit abs.s64 costs ptxas
 * 5 instructions on top of the shared sign: ptxas (sm_90) gives SHF, 2 x
 * LOP3, IADD3 + IADD3.X for |n| and 2 x LOP3, IADD3 + IADD3.X for the
 * negate, 18 with the core. */
static LLVMValueRef md_emit_s64_ptx(LLVMBuilderRef b, LLVMContextRef ctx,
                                    LLVMValueRef n, int nonneg,
                                    md_magic_vals *v) {
  LLVMTypeRef i64 = md_int(ctx, 64), i32 = md_int(ctx, 32);
  LLVMValueRef t = NULL, un = n, uq, args[2];
  LLVMTypeRef pty[2];
  if (!nonneg) {
    LLVMTypeRef st[2];
    LLVMValueRef r;
    st[0] = i64;
    st[1] = i32;
    pty[0] = i64;
    args[0] = n;
    r = md_ptx_call(b, LLVMStructTypeInContext(ctx, st, 2, 0), pty, args, 1,
                    MD_S64_ABS_PTX, "=l,=r,l", "md.abs");
    un = LLVMBuildExtractValue(b, r, 0, "md.nabs");
    t = LLVMBuildExtractValue(b, r, 1, "md.nsgn");
  }
  uq = md_emit_unsigned(b, ctx, un, v);
  if (v->dsgn) {
    LLVMValueRef d32 = LLVMBuildTrunc(b, v->dsgn, i32, "md.dsgn.lo");
    t = t ? LLVMBuildXor(b, t, d32, "md.t") : d32;
  }
  if (!t)
    return uq;
  pty[0] = i64;
  pty[1] = i32;
  args[0] = uq;
  args[1] = t;
  return md_ptx_call(b, i64, pty, args, 2, MD_S64_CNEG_PTX, "=l,l,r", "md.q");
}

/* s64 on NVPTX with the 32-bit path (MD_DF_FAST32): the whole quotient as
 * one snippet, MD_S64_FAST32_PTX (md_magic.h has the proof):
 *   n1 <u lim  ->  q = zext(hi_32(n0*m32 + a32) >> s32)
 *   otherwise      md_emit_s64_ptx's sequence (|n|, the u64 core, >> s,
 *                  the conditional negate by sign(n) ^ sign(d))
 * with (m32, a32) = f1's words, (s32, lim) = f2's (md_magic_s64_fast32).
 * One snippet, so that ptxas sees the branch: it keeps it (a uniform
 * test; the lanes whose n does not fit take the 64-bit path). */
static LLVMValueRef md_emit_s64_fast32(LLVMBuilderRef b, LLVMContextRef ctx,
                                       LLVMValueRef n, md_magic_vals *v) {
  LLVMTypeRef i64 = md_int(ctx, 64), i32 = md_int(ctx, 32), pty[9];
  LLVMValueRef args[9], k32 = LLVMConstInt(i64, 32, 0);
  unsigned i;
  for (i = 0; i < 9; i++)
    pty[i] = i < 3 ? i64 : i32;
  args[0] = n;
  args[1] = v->m;
  args[2] = v->a;
  args[3] = LLVMBuildTrunc(b, v->s, i32, "md.s.lo");
  args[4] = LLVMBuildTrunc(b, v->f1, i32, "md.m32");
  args[5] = LLVMBuildTrunc(b, LLVMBuildLShr(b, v->f1, k32, ""), i32, "md.a32");
  args[6] = LLVMBuildTrunc(b, v->f2, i32, "md.s32");
  args[7] = LLVMBuildTrunc(b, LLVMBuildLShr(b, v->f2, k32, ""), i32, "md.lim");
  args[8] = v->dsgn ? LLVMBuildTrunc(b, v->dsgn, i32, "md.dsgn.lo")
                    : LLVMConstInt(i32, 0, 0);
  return md_ptx_call(b, i64, pty, args, 9, MD_S64_FAST32_PTX,
                     "=l,l,l,l,r,r,r,r,r,r", "md.q");
}

/* The same form in IR, for CPU targets with option s64-fast32-ir (the CPU
 * differential; test/diff): MD_S64_FAST32_PTX step by step, its branch as
 * a select (both paths are computed, the predicate picks one: the same
 * value).  PTX -> IR, with n = n1:n0 and the 64-bit mask sext(t) standing
 * for the 32-bit sign word t as in md_emit_s64_ptx:
 *   mov.b64 {n0, n1}, n; setp.lt.u32 f, n1, lim  ->  trunc, lshr 32, icmp ult
 *   mul.wide.u32 + cvt.u64.u32 + add.s64         ->  mul nuw (zext n0, zext
 *                                                    m32) + zext a32, nuw
 *   mov.b64 {_, x1}, w; shr.u32 r2, x1, s32      ->  lshr 32, trunc, lshr
 *   xor r3 = 0                                   ->  zext r2
 *   shr.s32 t, n1, 31; xor/sub.cc/subc           ->  ashr 31; (n ^ T) - T
 *   the ten steps of MD_U64_PTX_MUL              ->  the target's u64 core
 *   shr.u64 by s                                 ->  lshr s
 *   xor t, t, lo(dsgn); xor/sub.cc/subc          ->  xor; (uq ^ T') - T'
 * (shr.u32 by s32 >= 32 gives 0 in PTX, poison in IR: the generator gives
 * s32 <= 31, md_magic_s64_fast32.)  docs/MATH.md 10.7. */
static LLVMValueRef md_emit_s64_fast32_ir(LLVMBuilderRef b, LLVMContextRef ctx,
                                          LLVMValueRef n, md_magic_vals *v) {
  LLVMTypeRef i64 = md_int(ctx, 64), i32 = md_int(ctx, 32);
  LLVMValueRef k32 = LLVMConstInt(i64, 32, 0), w, qf, t, tt, un, uq;
  LLVMValueRef n0 = LLVMBuildTrunc(b, n, i32, "md.n0");
  LLVMValueRef n1 = LLVMBuildTrunc(b, LLVMBuildLShr(b, n, k32, ""), i32,
                                   "md.n1");
  LLVMValueRef lim = LLVMBuildTrunc(b, LLVMBuildLShr(b, v->f2, k32, ""), i32,
                                    "md.lim");
  LLVMValueRef f = LLVMBuildICmp(b, LLVMIntULT, n1, lim, "md.fast32");
  LLVMValueRef m32 = LLVMBuildAnd(b, v->f1, LLVMConstInt(i64, 0xffffffffu, 0),
                                  "md.m32");
  LLVMValueRef a32 = LLVMBuildLShr(b, v->f1, k32, "md.a32");
  LLVMValueRef s32 = LLVMBuildTrunc(b, v->f2, i32, "md.s32");
  w = md_set_nuw_ret(LLVMBuildMul(b, LLVMBuildZExt(b, n0, i64, "md.n0w"), m32,
                                  "md.w"));
  w = md_set_nuw_ret(LLVMBuildAdd(b, w, a32, "md.wa"));
  w = LLVMBuildTrunc(b, LLVMBuildLShr(b, w, k32, ""), i32, "md.x1");
  qf = LLVMBuildZExt(b, LLVMBuildLShr(b, w, s32, "md.r2"), i64, "md.qf");
  t = LLVMBuildAShr(b, n1, LLVMConstInt(i32, 31, 0), "md.t");
  tt = LLVMBuildSExt(b, t, i64, "md.tt");
  un = LLVMBuildSub(b, LLVMBuildXor(b, n, tt, ""), tt, "md.nabs");
  uq = md_emit_unsigned(b, ctx, un, v);
  if (v->dsgn)
    t = LLVMBuildXor(b, t, LLVMBuildTrunc(b, v->dsgn, i32, "md.dsgn.lo"),
                     "md.t2");
  tt = LLVMBuildSExt(b, t, i64, "md.tt2");
  uq = LLVMBuildSub(b, LLVMBuildXor(b, uq, tt, ""), tt, "md.qs");
  return LLVMBuildSelect(b, f, qf, uq, "md.q");
}

/* Truncating signed quotient of an N-bit n.
 *
 * md_magic.h writes the sign fix-up as q = (uq ^ t) - t with t = 0 or -1;
 * that is q = t ? -uq : uq, and it is emitted as that select: NVPTX turns
 * it into one compare and one predicated negate (ptxas sm_90: IABS,
 * ISETP, IMAD.HI, SHF, @P IADD3), one instruction less than xor + sub
 * after an arithmetic shift.  The dividend's sign is tested directly
 * (n < 0), the combined sign as (n ^ dsgn) < 0.
 *
 * With `out` wider than N (MD_MODE_SEXT) the negate happens in `out`'s
 * width on zext(uq), so |INT_MIN / -1| = 2^(N-1) is representable. */
static LLVMValueRef md_emit_signed(LLVMBuilderRef b, LLVMContextRef ctx,
                                   LLVMValueRef n, int nonneg,
                                   md_magic_vals *v, LLVMTypeRef out) {
  unsigned bits = (unsigned)md_kind_width(v->kind);
  LLVMTypeRef ty = md_int(ctx, bits);
  LLVMValueRef zero = LLVMConstInt(ty, 0, 0);
  LLVMValueRef uq, neg;
  if (bits == 64 && out == ty && v->f1 && v->f2)
    return v->nvptx ? md_emit_s64_fast32(b, ctx, n, v)
                    : md_emit_s64_fast32_ir(b, ctx, n, v);
  if (bits == 64 && v->nvptx && out == ty)
    return md_emit_s64_ptx(b, ctx, n, nonneg, v);
  if (nonneg) {
    uq = md_emit_unsigned(b, ctx, n, v);
    if (!v->dsgn)
      return out != ty ? LLVMBuildZExt(b, uq, out, "md.uq.ext") : uq;
    neg = LLVMBuildICmp(b, LLVMIntSLT, v->dsgn, zero, "md.qneg");
  } else {
    /* |n| as unsigned: (n ^ nsgn) - nsgn, exact for INT_MIN (2^(N-1)) */
    LLVMValueRef nsgn =
        LLVMBuildAShr(b, n, LLVMConstInt(ty, bits - 1, 0), "md.nsgn");
    LLVMValueRef un = LLVMBuildSub(b, LLVMBuildXor(b, n, nsgn, "md.nx"), nsgn,
                                   "md.nabs");
    uq = md_emit_unsigned(b, ctx, un, v);
    neg = LLVMBuildICmp(
        b, LLVMIntSLT, v->dsgn ? LLVMBuildXor(b, n, v->dsgn, "md.nd") : n,
        zero, "md.qneg");
  }
  if (out != ty)
    uq = LLVMBuildZExt(b, uq, out, "md.uq.ext");
  return LLVMBuildSelect(b, neg, LLVMBuildNeg(b, uq, "md.nq"), uq, "md.q");
}

typedef struct md_qcache {
  LLVMValueRef n;   /* the site's dividend operand */
  int divisor;
  LLVMBasicBlockRef bb;
  LLVMValueRef q;
  LLVMValueRef fn;  /* the frozen dividend q was computed from */
} md_qcache;

/* v (an operand of a site) brought to the kind's width: extended for
 * MD_MODE_EXTEND, truncated for the NARROW/SEXT modes (the analysis proved
 * the truncation exact), unchanged otherwise. */
static LLVMValueRef md_to_kind(LLVMBuilderRef b, LLVMValueRef v,
                               md_site_mode mode, int is_signed,
                               LLVMTypeRef kty, int is_num) {
  switch (mode) {
  case MD_MODE_EXTEND: {
    const char *name = is_num ? "md.n.ext" : "md.d.ext";
    return is_signed ? LLVMBuildSExt(b, v, kty, name)
                     : LLVMBuildZExt(b, v, kty, name);
  }
  case MD_MODE_NARROW:
  case MD_MODE_SEXT:
    return LLVMBuildTrunc(b, v, kty, is_num ? "md.n.narrow" : "md.d.narrow");
  default:
    return v;
  }
}

static int md_is_signed_op(LLVMOpcode op) {
  return op == LLVMSDiv || op == LLVMSRem;
}

/* -d (at width w: 64, or 32 for lo(d)) computed once per divisor value,
 * where d is defined: right after its instruction, or at the top of the
 * entry block for a parameter.  Every later site in the clone is dominated
 * by that point.  A PHI or an invoke (which defines d only on its normal
 * edge) gets it at the site instead. */
typedef struct md_negcache {
  LLVMValueRef d;
  unsigned w;
  LLVMValueRef neg;
} md_negcache;

static LLVMValueRef md_neg_divisor(LLVMBuilderRef b, LLVMContextRef ctx,
                                   LLVMValueRef clone, LLVMValueRef site,
                                   LLVMValueRef d, unsigned w,
                                   md_negcache *nc, unsigned *nnc) {
  LLVMValueRef v, neg;
  unsigned i;
  int at_def = 0;
  for (i = 0; i < *nnc; i++)
    if (nc[i].d == d && nc[i].w == w)
      return nc[i].neg;
  if (LLVMIsAArgument(d)) {
    LLVMPositionBuilderBefore(
        b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(clone)));
    at_def = 1;
  } else if (LLVMIsAInstruction(d) && !LLVMIsAPHINode(d) &&
             !LLVMIsAInvokeInst(d) && LLVMGetNextInstruction(d)) {
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(d));
    at_def = 1;
  }
  v = d;
  if (LLVMGetIntTypeWidth(LLVMTypeOf(d)) != w)
    v = LLVMBuildTrunc(b, d, md_int(ctx, w), "md.d.lo");
  neg = LLVMBuildNeg(b, v, "md.negd");
  if (at_def) {
    /* reusable by every later site: record it, go back to the site */
    nc[*nnc].d = d;
    nc[*nnc].w = w;
    nc[*nnc].neg = neg;
    (*nnc)++;
    LLVMPositionBuilderBefore(b, site);
  }
  return neg;
}

/* The 64-bit remainder as emitted: r = n - q*d with q the site's quotient.
 * fits32: r = ext(lo(q)*lo(-d) + lo(n)) in 32 bits (|r| < |d| <= 2^32
 * unsigned / 2^31 signed, so r's low 32 bits determine it: zext for
 * unsigned, sext for signed, where r fits s32); otherwise
 * r = q*(-d) + n mod 2^64, one multiply-add chain. */
static LLVMValueRef md_emit_rem64(LLVMBuilderRef b, LLVMContextRef ctx,
                                  LLVMValueRef clone, LLVMValueRef at,
                                  LLVMValueRef num, LLVMValueRef q,
                                  LLVMValueRef den, int is_signed, int fits32,
                                  md_negcache *nc, unsigned *nnc) {
  LLVMValueRef nd, res;
  if (fits32) {
    LLVMTypeRef i32 = md_int(ctx, 32);
    nd = md_neg_divisor(b, ctx, clone, at, den, 32, nc, nnc);
    res = LLVMBuildAdd(
        b, LLVMBuildMul(b, LLVMBuildTrunc(b, q, i32, "md.q.lo"), nd, "md.qd"),
        LLVMBuildTrunc(b, num, i32, "md.n.lo"), "md.r");
    return is_signed ? LLVMBuildSExt(b, res, md_int(ctx, 64), "md.res")
                     : LLVMBuildZExt(b, res, md_int(ctx, 64), "md.res");
  }
  nd = md_neg_divisor(b, ctx, clone, at, den, 64, nc, nnc);
  return LLVMBuildAdd(b, LLVMBuildMul(b, q, nd, "md.qd"), num, "md.r");
}

/* Before it is replaced, a 64-bit quotient site `inst` = n / d may already
 * feed a remainder that earlier passes (DivRemPairs) wrote as
 * `sub X, (mul inst, d)`.  Each such sub becomes q*(-d) + X (the same value
 * mod 2^64, for any X; the original nsw/nuw flags are dropped, which only
 * removes poison), or, when X is n itself and d fits 32 bits, the 32-bit
 * remainder of md_emit_rem64.  A mul left without users is erased. */
static void md_fold_divrem(LLVMBuilderRef b, LLVMContextRef ctx,
                           LLVMValueRef clone, LLVMValueRef inst,
                           LLVMValueRef q, int is_signed, int fits32,
                           md_negcache *nc, unsigned *nnc) {
  LLVMValueRef num = LLVMGetOperand(inst, 0), den = LLVMGetOperand(inst, 1);
  LLVMValueRef muls[8], subs[8];
  unsigned nm = 0, ns, i, j;
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(inst); u && nm < 8; u = LLVMGetNextUse(u)) {
    LLVMValueRef m = LLVMGetUser(u);
    if (LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMMul &&
        ((LLVMGetOperand(m, 0) == inst && LLVMGetOperand(m, 1) == den) ||
         (LLVMGetOperand(m, 1) == inst && LLVMGetOperand(m, 0) == den))) {
      for (j = 0; j < nm && muls[j] != m; j++)
        ;
      if (j == nm)
        muls[nm++] = m;
    }
  }
  for (i = 0; i < nm; i++) {
    ns = 0;
    for (u = LLVMGetFirstUse(muls[i]); u && ns < 8; u = LLVMGetNextUse(u)) {
      LLVMValueRef sub = LLVMGetUser(u);
      if (LLVMIsAInstruction(sub) &&
          LLVMGetInstructionOpcode(sub) == LLVMSub &&
          LLVMGetOperand(sub, 1) == muls[i] &&
          LLVMGetOperand(sub, 0) != muls[i]) {
        for (j = 0; j < ns && subs[j] != sub; j++)
          ;
        if (j == ns)
          subs[ns++] = sub;
      }
    }
    for (j = 0; j < ns; j++) {
      LLVMValueRef x = LLVMGetOperand(subs[j], 0), r;
      LLVMPositionBuilderBefore(b, subs[j]);
      LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(subs[j]));
      r = md_emit_rem64(b, ctx, clone, subs[j], x, q, den, is_signed,
                        fits32 && x == num, nc, nnc);
      LLVMReplaceAllUsesWith(subs[j], r);
      LLVMInstructionEraseFromParent(subs[j]);
    }
    if (!LLVMGetFirstUse(muls[i]))
      LLVMInstructionEraseFromParent(muls[i]);
  }
  LLVMPositionBuilderBefore(b, inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
}

/* A NARROW site's dividend freeze(X), X < 2^32 whenever it is not poison
 * (the site's facts), replaced everywhere by zext(freeze(trunc X)): the
 * same value when X is not poison, and a value below 2^32 -- one that
 * freeze(poison) may take -- when it is.  So the truncation of the site is
 * exact, and a remainder n - q*d next to it sees the same n. */
static void md_refine_freeze(LLVMBuilderRef b, LLVMContextRef ctx,
                             LLVMValueRef inst) {
  LLVMValueRef fr = LLVMGetOperand(inst, 0), x, z;
  LLVMTypeRef ty = LLVMTypeOf(fr);
  if (!LLVMIsAInstruction(fr) || LLVMGetInstructionOpcode(fr) != LLVMFreeze ||
      LLVMGetIntTypeWidth(ty) != 64)
    return;
  LLVMPositionBuilderBefore(b, fr);
  x = LLVMBuildTrunc(b, LLVMGetOperand(fr, 0), md_int(ctx, 32), "md.n.lo32");
  x = LLVMBuildFreeze(b, x, "md.n.fr32");
  z = LLVMBuildZExt(b, x, ty, "md.n.z32");
  LLVMReplaceAllUsesWith(fr, z);
  LLVMInstructionEraseFromParent(fr);
  LLVMPositionBuilderBefore(b, inst);
}

/* Sites in an order where a dominating block comes first: by the clone's
 * reverse post-order, program order within a block (the sites array lists
 * them in program order per block). */
typedef struct md_site_order {
  unsigned rpo, index;
} md_site_order;

static int md_site_order_cmp(const void *pa, const void *pb) {
  const md_site_order *a = pa, *b = pb;
  if (a->rpo != b->rpo)
    return a->rpo < b->rpo ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* The state of one md_rewrite_sites call. */
typedef struct md_rewriter {
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  LLVMValueRef clone;
  md_dom dom;         /* of the clone */
  md_loops loops;     /* of the clone, on NVPTX (md_magic_vals.in_loop) */
  md_qcache *cache;   /* quotients computed so far */
  unsigned ncache;
  md_negcache *nc;    /* negated divisors (md_neg_divisor) */
  unsigned nnc;
  const unsigned char *shift; /* per site: md_pow2's shift, or NULL */
} md_rewriter;

/* The quotient of site s computed before for the same (dividend, divisor)
 * in a dominating block, with *num its frozen dividend at the kind's width;
 * or NULL, with *num (the site's dividend) brought to the kind's width and
 * frozen for md_site_new_quotient. */
static LLVMValueRef md_cached_quotient(md_rewriter *r, const md_site *s,
                                       LLVMTypeRef kty, LLVMValueRef *num) {
  LLVMValueRef inst = s->inst;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  int is_signed = md_is_signed_op(LLVMGetInstructionOpcode(inst));
  unsigned k;
  for (k = 0; k < r->ncache; k++)
    if (r->cache[k].n == *num && r->cache[k].divisor == s->divisor &&
        md_dom_dominates(&r->dom, r->cache[k].bb, bb)) {
      *num = r->cache[k].fn;
      return r->cache[k].q;
    }
  /* The operands at the kind's width, where they are needed.  The
   * dividend is used several times by the sequences (and again by the
   * remainder, also of a site sharing q): freeze it once, so that an
   * undef dividend takes one value at every use, as it does in the one
   * instruction replaced. */
  *num = md_to_kind(r->b, *num, s->mode, is_signed, kty, 1);
  if (!LLVMIsAConstant(*num))
    *num = LLVMBuildFreeze(r->b, *num, "md.n.fr");
  return NULL;
}

/* A new quotient of site s (dividend num), remembered for later sites. */
static LLVMValueRef md_site_new_quotient(md_rewriter *r, const md_site *s,
                                         md_magic_vals *v,
                                         LLVMTypeRef kty, LLVMValueRef num) {
  LLVMValueRef q;
  if (v->kind == MD_KIND_U32 || v->kind == MD_KIND_U64)
    q = md_emit_unsigned(r->b, r->ctx, num, v);
  else
    q = md_emit_signed(r->b, r->ctx, num, s->nonneg, v,
                       s->mode == MD_MODE_SEXT ? LLVMTypeOf(s->inst) : kty);
  r->cache[r->ncache].n = LLVMGetOperand(s->inst, 0);
  r->cache[r->ncache].divisor = s->divisor;
  r->cache[r->ncache].bb = LLVMGetInstructionParent(s->inst);
  r->cache[r->ncache].q = q;
  r->cache[r->ncache].fn = num;
  r->ncache++;
  return q;
}

/* Replace site s by its sequence (shift: md_pow2's copy, a power of two). */
static void md_rewrite_one(md_rewriter *r, md_site *s, md_magic_vals *v,
                           int shift) {
  LLVMBuilderRef b = r->b;
  LLVMValueRef inst = s->inst;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef ty = LLVMTypeOf(inst);
  LLVMTypeRef kty = md_int(r->ctx, (unsigned)md_kind_width(v->kind));
  LLVMValueRef num = LLVMGetOperand(inst, 0);
  LLVMValueRef den = LLVMGetOperand(inst, 1);
  LLVMValueRef q, res;
  int is_signed = md_is_signed_op(op);
  int is_div = op == LLVMUDiv || op == LLVMSDiv;
  int wide = md_kind_width(v->kind) == 64;

  if (s->mode == MD_MODE_NARROW) {
    md_refine_freeze(b, r->ctx, inst);
    num = LLVMGetOperand(inst, 0);
  }
  LLVMPositionBuilderBefore(b, inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
  v->shift = shift;
  v->in_loop =
      v->pow2_loops &&
      md_loops_depth(&r->loops, &r->dom, LLVMGetInstructionParent(inst)) > 0;
  q = md_cached_quotient(r, s, kty, &num);
  if (!is_div)
    den = md_to_kind(b, den, s->mode, is_signed, kty, 0);
  if (!q)
    q = md_site_new_quotient(r, s, v, kty, num);

  if (is_div && s->mode == MD_MODE_NARROW) {
    /* n - q*d beside the quotient: both < 2^32, so in 32 bits (zext) */
    res = LLVMBuildZExt(b, q, ty, "md.res");
    md_fold_divrem(b, r->ctx, r->clone, inst, res, 0, 1, r->nc, &r->nnc);
    LLVMReplaceAllUsesWith(inst, res);
    LLVMInstructionEraseFromParent(inst);
    return;
  } else if (is_div) {
    if (wide && s->mode == MD_MODE_NATIVE)
      md_fold_divrem(b, r->ctx, r->clone, inst, q, is_signed, s->rem32, r->nc,
                     &r->nnc);
    res = q;
  } else if (s->mode == MD_MODE_SEXT) {
    /* r = n - q*d with |r| < |d| <= 2^31: exact in 32 bits, then sext */
    LLVMValueRef q32 = LLVMBuildTrunc(b, q, kty, "md.q.narrow");
    res = LLVMBuildSub(b, num, LLVMBuildMul(b, q32, den, "md.qd"), "md.r");
    res = LLVMBuildSExt(b, res, ty, "md.res");
  } else if (wide && s->mode == MD_MODE_NATIVE) {
    res = md_emit_rem64(b, r->ctx, r->clone, inst, num, q, den, is_signed,
                        s->rem32, r->nc, &r->nnc);
  } else {
    res = LLVMBuildSub(b, num, LLVMBuildMul(b, q, den, "md.qd"), "md.r");
  }
  if (s->mode == MD_MODE_EXTEND)
    res = LLVMBuildTrunc(b, res, ty, "md.res");
  else if (s->mode == MD_MODE_NARROW)
    res = LLVMBuildZExt(b, res, ty, "md.res");
  LLVMReplaceAllUsesWith(inst, res);
  LLVMInstructionEraseFromParent(inst);
}

/* 1 if a site's divisor has option pow2-loops (the loops are wanted). */
static int md_any_pow2_loops(const md_magic_vals *mv, const md_site *sites,
                             unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    if (mv[sites[i].divisor].pow2_loops)
      return 1;
  return 0;
}

/* keep-rolled's loops: those reached by the sites computed with the
 * general sequence (md_pow2's shift is no call in the original's place:
 * its loops are left to ptxas, as a constant divisor's are). */
static void md_keep_rolled(LLVMValueRef clone, const md_dom *dom,
                           const md_site *sites, unsigned n,
                           const unsigned char *shift) {
  md_site *gen;
  unsigned i, k = 0;
  if (!shift) {
    md_loopmd_keep_rolled(clone, dom, sites, n);
    return;
  }
  if (!(gen = malloc(n * sizeof *gen)))
    return; /* the loops as they are (exact either way) */
  for (i = 0; i < n; i++)
    if (!shift[i])
      gen[k++] = sites[i];
  md_loopmd_keep_rolled(clone, dom, gen, k);
  free(gen);
}

/* md_rewrite_sites on the given sites; shift: per site, md_pow2's shift. */
static int md_rewrite_all(LLVMValueRef clone, md_site *sites, unsigned n,
                          md_magic_vals *mv, const unsigned char *shift) {
  md_rewriter r;
  md_site_order *order = calloc(n ? n : 1, sizeof *order);
  md_target tgt = md_target_of_module(LLVMGetGlobalParent(clone));
  int nvptx = tgt == MD_TARGET_NVPTX, host = tgt == MD_TARGET_HOST;
  unsigned i;
  memset(&r, 0, sizeof r);
  r.ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  r.b = LLVMCreateBuilderInContext(r.ctx);
  r.clone = clone;
  r.shift = shift;
  r.cache = calloc(n ? n : 1, sizeof *r.cache);
  r.nc = calloc(n ? 2 * n : 1, sizeof *r.nc);
  if (!r.cache || !r.nc || !order || md_dom_build(&r.dom, clone)) {
    free(order); /* out of memory: nothing rewritten */
    free(r.nc);
    free(r.cache);
    LLVMDisposeBuilder(r.b);
    return -1;
  }
  /* Out of memory there leaves no loops: every site straight-line, the
   * chain without the branch (exact either way). */
  if (!nvptx || !md_any_pow2_loops(mv, sites, n) ||
      md_loops_build(&r.loops, &r.dom))
    memset(&r.loops, 0, sizeof r.loops);
  /* out of memory there: the loops as they are (exact either way) */
  if (nvptx && n && mv[sites[0].divisor].keep_rolled)
    md_keep_rolled(clone, &r.dom, sites, n, shift);
  for (i = 0; i < n; i++) {
    mv[sites[i].divisor].nvptx = nvptx;
    mv[sites[i].divisor].host = host;
    order[i].rpo =
        md_dom_order(&r.dom, LLVMGetInstructionParent(sites[i].inst));
    order[i].index = i;
  }
  if (n)
    qsort(order, n, sizeof *order, md_site_order_cmp);
  for (i = 0; i < n; i++) {
    md_site *s = &sites[order[i].index];
    md_rewrite_one(&r, s, &mv[s->divisor],
                   r.shift && r.shift[order[i].index]);
  }
  md_loops_release(&r.loops);
  md_dom_release(&r.dom);
  free(order);
  free(r.nc);
  free(r.cache);
  LLVMDisposeBuilder(r.b);
  return 0;
}

/* md_pow2's mode for these sites: 0 none, 1 where it pays (NVPTX, not
 * with option pow2-loops), 2 every u64 divisor on any target (tests). */
static int md_pow2_mode(const md_magic_vals *mv, const md_site *sites,
                        unsigned n, int nvptx) {
  int mode = 0;
  unsigned i;
  for (i = 0; i < n; i++) {
    const md_magic_vals *v = &mv[sites[i].divisor];
    if (v->pow2_kernel > mode)
      mode = v->pow2_kernel;
  }
  if (mode == 1 && (!nvptx || md_any_pow2_loops(mv, sites, n)))
    mode = 0;
  return mode;
}

int md_rewrite_sites(LLVMValueRef clone, md_site *sites, unsigned n,
                     md_magic_vals *mv) {
  md_target tgt = md_target_of_module(LLVMGetGlobalParent(clone));
  int mode = md_pow2_mode(mv, sites, n, tgt == MD_TARGET_NVPTX), rc;
  md_site *both = NULL;
  unsigned char *shift = NULL;
  /* Out of memory in md_rewrite_all after the copy leaves both copies with
   * their divisions: exact either way. */
  if (mode && md_pow2_version(clone, sites, n, mv, mode == 2, &both, &shift))
    rc = md_rewrite_all(clone, both, 2 * n, mv, shift);
  else
    rc = md_rewrite_all(clone, sites, n, mv, NULL);
  free(both);
  free(shift);
  return rc;
}
