/*
 * md_emit_rem.c -- emit the remainders beside the magic quotients
 * (md_emit_rem.h).
 *
 * Remainder: r = n - q*d, d being the clone's own divisor value.  64-bit
 * kinds write it r = q*(-d) + n with -d computed once where d is defined
 * (one multiply-add chain, no separate subtract); when the divisor fits 32
 * bits (proven, or MD_DF_DIV32 checked at launch) in 32 bits:
 * r = lo(n) - lo(q)*lo(d), exact because |r| < |d| <= 2^32 (md_eval_*_rem32).
 */
#include "device/md_emit_rem.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

struct md_negcache {
  LLVMValueRef d;
  unsigned w;
  LLVMValueRef neg;
};

int md_emit_rem_init(md_emit_rem_state *st, LLVMBuilderRef b,
                     LLVMValueRef clone, unsigned nsites) {
  st->b = b;
  st->ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  st->clone = clone;
  st->nnc = 0;
  st->nc = calloc(nsites ? 2 * nsites : 1, sizeof *st->nc);
  return st->nc ? 0 : -1;
}

void md_emit_rem_release(md_emit_rem_state *st) {
  free(st->nc);
  st->nc = NULL;
  st->nnc = 0;
}

/* -d (at width w: 64, or 32 for lo(d)) computed once per divisor value,
 * where d is defined: right after its instruction, or at the top of the
 * entry block for a parameter.  Every later site in the clone is dominated
 * by that point.  A PHI or an invoke (which defines d only on its normal
 * edge) gets it at the site instead.  The builder goes back to site. */
static LLVMValueRef md_neg_divisor(md_emit_rem_state *st, LLVMValueRef site,
                                   LLVMValueRef d, unsigned w) {
  LLVMBuilderRef b = st->b;
  md_negcache *nc = st->nc;
  LLVMValueRef v, neg;
  unsigned i;
  int at_def = 0;
  for (i = 0; i < st->nnc; i++)
    if (nc[i].d == d && nc[i].w == w)
      return nc[i].neg;
  if (LLVMIsAArgument(d)) {
    LLVMPositionBuilderBefore(
        b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(st->clone)));
    at_def = 1;
  } else if (LLVMIsAInstruction(d) && !LLVMIsAPHINode(d) &&
             !LLVMIsAInvokeInst(d) && LLVMGetNextInstruction(d)) {
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(d));
    at_def = 1;
  }
  v = d;
  if (LLVMGetIntTypeWidth(LLVMTypeOf(d)) != w)
    v = LLVMBuildTrunc(b, d, LLVMIntTypeInContext(st->ctx, w), "md.d.lo");
  neg = LLVMBuildNeg(b, v, "md.negd");
  if (at_def) {
    /* reusable by every later site: record it, go back to the site */
    nc[st->nnc].d = d;
    nc[st->nnc].w = w;
    nc[st->nnc].neg = neg;
    st->nnc++;
    LLVMPositionBuilderBefore(b, site);
  }
  return neg;
}

LLVMValueRef md_emit_rem_wide(md_emit_rem_state *st, LLVMValueRef at,
                              LLVMValueRef num, LLVMValueRef q,
                              LLVMValueRef den, int is_signed, int fits32) {
  LLVMBuilderRef b = st->b;
  LLVMValueRef nd, res;
  if (fits32) {
    LLVMTypeRef i32 = LLVMIntTypeInContext(st->ctx, 32);
    LLVMTypeRef i64 = LLVMIntTypeInContext(st->ctx, 64);
    nd = md_neg_divisor(st, at, den, 32);
    res = LLVMBuildAdd(
        b, LLVMBuildMul(b, LLVMBuildTrunc(b, q, i32, "md.q.lo"), nd, "md.qd"),
        LLVMBuildTrunc(b, num, i32, "md.n.lo"), "md.r");
    return is_signed ? LLVMBuildSExt(b, res, i64, "md.res")
                     : LLVMBuildZExt(b, res, i64, "md.res");
  }
  nd = md_neg_divisor(st, at, den, 64);
  return LLVMBuildAdd(b, LLVMBuildMul(b, q, nd, "md.qd"), num, "md.r");
}

/* Before it is replaced, a 64-bit quotient site `inst` = n / d may already
 * feed a remainder that earlier passes (DivRemPairs) wrote as
 * `sub X, (mul inst, d)`.  Each such sub becomes q*(-d) + X (the same value
 * mod 2^64, for any X; the original nsw/nuw flags are dropped, which only
 * removes poison), or, when X is n itself and d fits 32 bits, the 32-bit
 * remainder of md_emit_rem_wide.  A mul left without users is erased. */
void md_emit_rem_fold(md_emit_rem_state *st, LLVMValueRef inst,
                      LLVMValueRef q, int is_signed, int fits32) {
  LLVMBuilderRef b = st->b;
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
      r = md_emit_rem_wide(st, subs[j], x, q, den, is_signed,
                           fits32 && x == num);
      LLVMReplaceAllUsesWith(subs[j], r);
      LLVMInstructionEraseFromParent(subs[j]);
    }
    if (!LLVMGetFirstUse(muls[i]))
      LLVMInstructionEraseFromParent(muls[i]);
  }
  LLVMPositionBuilderBefore(b, inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
}
