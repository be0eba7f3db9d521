/*
 * md_rewrite.c -- emit the branch-free magic sequences (md_rewrite.h).
 *
 * Unsigned N-bit (N = 32, 64), every n < 2^N, every d >= 1:
 *     q = trunc_N((zext_2N(n) * zext_2N(m) + zext_2N(a)) >> N) >> s
 * (no wrap in 2N bits: n*m + a <= (2^N-1)^2 + 2^N-1 < 2^2N).
 * NVPTX turns the 2N-bit multiply-add into mad.wide.u32 (N = 32) or
 * mul.lo/mul.hi + add.cc/addc (N = 64); AMDGPU into v_mad_u64_u32.
 *
 * Signed (sdiv/srem), d != 0:
 *     nsgn = ashr n, N-1 ; un = (n ^ nsgn) - nsgn ; uq = unsigned(un)
 *     t = nsgn ^ dsgn    ; q = (uq ^ t) - t
 * With a dividend proven >= 0, nsgn = 0; with MD_DF_POSITIVE, dsgn = 0.
 *
 * Remainder: r = n - q*d, d being the clone's own divisor value.
 * The magic parameters are uniform kernel parameters and are used directly.
 */
#include "md_rewrite.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_dom.h"

static LLVMTypeRef md_int(LLVMContextRef ctx, unsigned bits) {
  return LLVMIntTypeInContext(ctx, bits);
}

static void md_set_nuw(LLVMValueRef v) {
  if (LLVMIsAInstruction(v))
    LLVMSetNUW(v, 1);
}

/* q = hi_N(n*m + a) >> s for an N-bit n. */
static LLVMValueRef md_emit_unsigned(LLVMBuilderRef b, LLVMContextRef ctx,
                                     LLVMValueRef n, md_magic_vals *v) {
  unsigned bits = (unsigned)md_kind_width(v->kind);
  LLVMTypeRef wide = md_int(ctx, 2 * bits);
  /* The widening of m and a sits next to the multiply, in the same block:
   * instruction selection works per block, and only sees
   * mul(zext n, zext m) as mul.wide.u32 when both zexts are in view. */
  LLVMValueRef nw = LLVMBuildZExt(b, n, wide, "md.n.wide");
  LLVMValueRef mw = LLVMBuildZExt(b, v->m, wide, "md.m.wide");
  LLVMValueRef aw = LLVMBuildZExt(b, v->a, wide, "md.a.wide");
  LLVMValueRef p = LLVMBuildMul(b, nw, mw, "md.nm");
  LLVMValueRef t, hi;
  md_set_nuw(p);
  t = LLVMBuildAdd(b, p, aw, "md.nma");
  md_set_nuw(t);
  hi = LLVMBuildLShr(b, t, LLVMConstInt(wide, bits, 0), "md.hi.wide");
  hi = LLVMBuildTrunc(b, hi, md_int(ctx, bits), "md.hi");
  return LLVMBuildLShr(b, hi, v->s, "md.uq");
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
  LLVMValueRef n;   /* dividend, after any extension/narrowing */
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

void md_rewrite_sites(LLVMValueRef clone, md_site *sites, unsigned n,
                      md_magic_vals *mv) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  md_qcache *cache = calloc(n ? n : 1, sizeof *cache);
  md_site_order *order = calloc(n ? n : 1, sizeof *order);
  md_dom dom;
  unsigned ncache = 0, i;
  if (!cache || !order || md_dom_build(&dom, clone)) {
    /* out of memory: no sharing, layout order */
    free(cache);
    cache = NULL;
    memset(&dom, 0, sizeof dom);
  }
  for (i = 0; i < n; i++) {
    if (order) {
      order[i].rpo = md_dom_order(&dom, LLVMGetInstructionParent(sites[i].inst));
      order[i].index = i;
    }
  }
  if (order)
    qsort(order, n, sizeof *order, md_site_order_cmp);
  for (i = 0; i < n; i++) {
    md_site *s = &sites[order ? order[i].index : i];
    md_magic_vals *v = &mv[s->divisor];
    LLVMValueRef inst = s->inst;
    LLVMOpcode op = LLVMGetInstructionOpcode(inst);
    LLVMTypeRef ty = LLVMTypeOf(inst);
    LLVMTypeRef kty = md_int(ctx, (unsigned)md_kind_width(v->kind));
    LLVMValueRef num = LLVMGetOperand(inst, 0);
    LLVMValueRef den = LLVMGetOperand(inst, 1);
    LLVMValueRef q = NULL, res;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
    unsigned k;
    int is_signed = md_is_signed_op(op);
    int is_div = op == LLVMUDiv || op == LLVMSDiv;

    LLVMPositionBuilderBefore(b, inst);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));

    for (k = 0; cache && k < ncache; k++)
      if (cache[k].n == num && cache[k].divisor == s->divisor &&
          md_dom_dominates(&dom, cache[k].bb, bb)) {
        q = cache[k].q;
        num = cache[k].fn;
        break;
      }
    /* The operands at the kind's width, where they are needed.  The
     * dividend is used several times by the sequences (and again by the
     * remainder, also of a site sharing q): freeze it once, so that an
     * undef dividend takes one value at every use, as it does in the one
     * instruction replaced. */
    if (!q) {
      num = md_to_kind(b, num, s->mode, is_signed, kty, 1);
      if (!LLVMIsAConstant(num))
        num = LLVMBuildFreeze(b, num, "md.n.fr");
    }
    if (!is_div)
      den = md_to_kind(b, den, s->mode, is_signed, kty, 0);
    if (!q) {
      if (v->kind == MD_KIND_U32 || v->kind == MD_KIND_U64)
        q = md_emit_unsigned(b, ctx, num, v);
      else
        q = md_emit_signed(b, ctx, num, s->nonneg, v,
                           s->mode == MD_MODE_SEXT ? ty : kty);
      if (cache) {
        cache[ncache].n = LLVMGetOperand(inst, 0);
        cache[ncache].divisor = s->divisor;
        cache[ncache].bb = bb;
        cache[ncache].q = q;
        cache[ncache].fn = num;
        ncache++;
      }
    }

    if (is_div) {
      res = q;
    } else if (s->mode == MD_MODE_SEXT) {
      /* r = n - q*d with |r| < |d| <= 2^31: exact in 32 bits, then sext */
      LLVMValueRef q32 = LLVMBuildTrunc(b, q, kty, "md.q.narrow");
      res = LLVMBuildSub(b, num, LLVMBuildMul(b, q32, den, "md.qd"), "md.r");
      res = LLVMBuildSExt(b, res, ty, "md.res");
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
  md_dom_release(&dom);
  free(order);
  free(cache);
  LLVMDisposeBuilder(b);
}
