/*
 * md_inkernel_narrow.c -- the 32-bit form of 64-bit in-kernel sites
 * (md_inkernel_narrow.h): which dividends fit 32 bits by their form, and
 * the refinement of a frozen one that makes its truncation exact.
 */
#include "device/md_inkernel_narrow.h"

#include "device/md_inkernel_freeze.h"
#include "support/md_ir.h"

#include <string.h>

#include <llvm-c/DebugInfo.h>

/* v (scalar, or the vector a lane comes from) is a sext or zext of <= 32
 * bits: nw filled for signedness s.  1 if it is one of them (whether or
 * not it fits the site). */
static int md_narrow_ext(LLVMValueRef v, int s, md_narrow *nw) {
  LLVMValueRef x;
  unsigned k;
  if (!LLVMIsASExtInst(v) && !LLVMIsAZExtInst(v))
    return 0;
  x = LLVMGetOperand(v, 0);
  k = md_elem_width(x);
  if (LLVMIsASExtInst(v)) {
    /* sext of <= 32 bits: within signed 32 bits; as unsigned a negative
     * one is >= 2^64 - 2^31: no narrow unsigned form */
    if (!s || k > 32)
      return 1;
    nw->mode = MD_MODE_SEXT;
    nw->small = k < 32;
    return 1;
  }
  /* zext of <= 32 bits: below 2^32 and >= 0.  Unsigned: the u32 core.
   * Signed: the s32 core's unsigned form (nonneg), whose quotient and
   * remainder need only n < 2^32 for d in [1, 2^31) (docs/MATH.md 11.3) */
  nw->nonneg = 1;
  nw->small = k <= 31 || (k == 32 && LLVMGetNNeg(v));
  if (k <= 32)
    nw->mode = s ? MD_MODE_SEXT : MD_MODE_NARROW;
  return 1;
}

/* v = n sdiv d1 (scalar i64): q = T(n / d1) has |q| <= |n|, so q is
 * within signed 32 bits when n is within (-2^31, 2^31) -- for any d1
 * (only -2^31 / -1 leaves the range): n small by its form (a sext of < 32
 * bits, not frozen: md_narrow_refine makes a frozen one any 32-bit
 * value), or n = sext(x) (frozen or not) >= 0 (the need: n itself, which
 * the caller proves or tests; docs/MATH.md 11.3).  The sign of q is d1's
 * business: none is claimed. */
static void md_narrow_quotient(LLVMValueRef v, md_narrow *nw) {
  md_narrow in;
  LLVMValueRef n, x;
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMSDiv ||
      md_elem_width(v) != 64 ||
      LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind)
    return;
  memset(&in, 0, sizeof in);
  x = n = LLVMGetOperand(v, 0);
  if (LLVMIsAFreezeInst(x)) /* made exact by md_narrow_refine on v */
    x = LLVMGetOperand(x, 0);
  if (!md_narrow_ext(x, 1, &in) || in.mode != MD_MODE_SEXT)
    return;
  if (in.small && x == n)
    nw->need = NULL;
  else if (LLVMIsASExtInst(x))
    nw->need = n;
  else
    return;
  nw->mode = MD_MODE_SEXT;
}

void md_narrow_of(md_range *r, LLVMValueRef inst, md_narrow *nw) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  int s = op == LLVMSDiv || op == LLVMSRem;
  LLVMValueRef v = LLVMGetOperand(inst, 0);
  int lane = 0;
  memset(nw, 0, sizeof *nw);
  if (LLVMIsAFreezeInst(v))
    v = LLVMGetOperand(v, 0);
  else if (LLVMIsAExtractElementInst(v) &&
           LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
    lane = 1;
    v = LLVMGetOperand(v, 0);
    if (LLVMIsAFreezeInst(v))
      v = LLVMGetOperand(v, 0);
  }
  if (md_narrow_ext(v, s, nw) || lane)
    return;
  if (s && v == LLVMGetOperand(inst, 0)) { /* not frozen: see md_narrow_refine */
    md_narrow_quotient(v, nw);
    if (nw->mode != MD_MODE_NATIVE)
      return;
  }
  /* any other scalar whose range the rules show (not poison: it fits;
   * poison under a freeze: md_narrow_refine) */
  if (s && md_range_fits_signed(r, v, 32)) {
    nw->mode = MD_MODE_SEXT;
  } else if (!s && md_range_fits_unsigned(r, v, 32)) {
    nw->mode = MD_MODE_NARROW;
  }
}

/* trunc(X) to t32 (i32, or its vector), exact where X is not poison and
 * never poison: X's index math rebuilt over frozen roots (X = ext(y) with
 * y of type t32: y's); freeze(trunc X) where that cannot be built. */
static LLVMValueRef md_narrow_low(LLVMBuilderRef b, LLVMValueRef fr,
                                  LLVMValueRef x, LLVMTypeRef t32, md_map *map) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(fr)), r;
  if ((LLVMIsASExtInst(x) || LLVMIsAZExtInst(x)) &&
      LLVMTypeOf(LLVMGetOperand(x, 0)) == t32 &&
      (r = md_freeze_rebuild(b, fn, LLVMGetOperand(x, 0), map)))
    return r;
  r = md_freeze_rebuild(b, fn, x, map);
  LLVMPositionBuilderBefore(b, fr);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(fr));
  if (r)
    return LLVMBuildTrunc(b, r, t32, "md.n.lo32");
  return LLVMBuildFreeze(b, LLVMBuildTrunc(b, x, t32, "md.n.lo32"),
                         "md.n.fr32");
}

void md_narrow_refine(LLVMBuilderRef b, LLVMValueRef inst, md_site_mode mode,
                      md_map *map) {
  LLVMValueRef fr = LLVMGetOperand(inst, 0), x, t;
  LLVMTypeRef ty, t32;
  md_narrow in;
  int sext;
  if (mode == MD_MODE_SEXT && LLVMIsAInstruction(fr) &&
      LLVMGetInstructionOpcode(fr) == LLVMSDiv) { /* a quotient's dividend */
    x = LLVMGetOperand(fr, 0);
    memset(&in, 0, sizeof in);
    if (LLVMIsAFreezeInst(x) &&
        md_narrow_ext(LLVMGetOperand(x, 0), 1, &in) &&
        in.mode == MD_MODE_SEXT)
      md_narrow_refine(b, fr, mode, map);
    return;
  }
  if (LLVMIsAExtractElementInst(fr))
    fr = LLVMGetOperand(fr, 0);
  if (!LLVMIsAFreezeInst(fr) ||
      (mode != MD_MODE_SEXT && mode != MD_MODE_NARROW))
    return;
  x = LLVMGetOperand(fr, 0);
  /* the extension X is made of (a signed site's zext: zext), else the
   * mode's (a value the range rules showed fits) */
  sext = LLVMIsASExtInst(x) || (!LLVMIsAZExtInst(x) && mode == MD_MODE_SEXT);
  ty = LLVMTypeOf(fr);
  t32 = LLVMInt32TypeInContext(LLVMGetTypeContext(ty));
  if (LLVMGetTypeKind(ty) == LLVMVectorTypeKind)
    t32 = LLVMVectorType(t32, LLVMGetVectorSize(ty));
  t = md_narrow_low(b, fr, x, t32, map);
  LLVMPositionBuilderBefore(b, fr);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(fr));
  t = sext ? LLVMBuildSExt(b, t, ty, "md.n.s32")
           : LLVMBuildZExt(b, t, ty, "md.n.z32");
  LLVMReplaceAllUsesWith(fr, t);
  LLVMInstructionEraseFromParent(fr);
}
