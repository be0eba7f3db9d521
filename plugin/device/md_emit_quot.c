/*
 * md_emit_quot.c -- emit the magic quotient sequences (md_emit_quot.h).
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
 * The magic parameters are uniform kernel parameters and are used directly.
 */
#include "device/md_emit_quot.h"

#include <string.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_magic.h"

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
LLVMValueRef md_emit_quot_unsigned(LLVMBuilderRef b, LLVMContextRef ctx,
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
  uq = md_emit_quot_unsigned(b, ctx, un, v);
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
  uq = md_emit_quot_unsigned(b, ctx, un, v);
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
LLVMValueRef md_emit_quot_signed(LLVMBuilderRef b, LLVMContextRef ctx,
                                 LLVMValueRef n, int nonneg, md_magic_vals *v,
                                 LLVMTypeRef out) {
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
    uq = md_emit_quot_unsigned(b, ctx, n, v);
    if (!v->dsgn)
      return out != ty ? LLVMBuildZExt(b, uq, out, "md.uq.ext") : uq;
    neg = LLVMBuildICmp(b, LLVMIntSLT, v->dsgn, zero, "md.qneg");
  } else {
    /* |n| as unsigned: (n ^ nsgn) - nsgn, exact for INT_MIN (2^(N-1)) */
    LLVMValueRef nsgn =
        LLVMBuildAShr(b, n, LLVMConstInt(ty, bits - 1, 0), "md.nsgn");
    LLVMValueRef un = LLVMBuildSub(b, LLVMBuildXor(b, n, nsgn, "md.nx"), nsgn,
                                   "md.nabs");
    uq = md_emit_quot_unsigned(b, ctx, un, v);
    neg = LLVMBuildICmp(
        b, LLVMIntSLT, v->dsgn ? LLVMBuildXor(b, n, v->dsgn, "md.nd") : n,
        zero, "md.qneg");
  }
  if (out != ty)
    uq = LLVMBuildZExt(b, uq, out, "md.uq.ext");
  return LLVMBuildSelect(b, neg, LLVMBuildNeg(b, uq, "md.nq"), uq, "md.q");
}
