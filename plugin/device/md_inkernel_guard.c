/*
 * md_inkernel_guard.c -- the sign guard (md_inkernel_guard.h): its
 * queries (which values of index math, or which frozen values, a
 * dividend's sign depends on, taken through md_range's assume hook) and
 * its test.
 */
#include "device/md_inkernel_guard.h"

#include "analysis/md_geometry.h"
#include "support/md_ir.h"

/* Instruction v is computed before anchor on every path to it. */
static int md_guard_before(const md_dom *dom, LLVMValueRef v, LLVMValueRef anchor) {
  LLVMBasicBlockRef bv = LLVMGetInstructionParent(v);
  return bv == LLVMGetInstructionParent(anchor)
             ? md_inst_before(v, anchor)
             : md_dom_dominates(dom, bv, LLVMGetInstructionParent(anchor));
}

/* Index math: v is computed from arguments, constants, thread and block
 * ids and PHIs of such values, without memory (a loaded value's sign is
 * data: its test could fail for some threads and not others).  The walk
 * is bounded (steps, depth); a PHI met again on its own cycle counts as
 * index math (its other incoming values decide). */
typedef struct md_guard_walk {
  unsigned steps, nphis;
  LLVMValueRef phis[8];
} md_guard_walk;

static int md_guard_index_like(LLVMValueRef v, unsigned depth, md_guard_walk *w) {
  md_geom geom;
  unsigned i, n;
  int ok = 1;
  if (LLVMIsAConstant(v) || LLVMIsAArgument(v))
    return 1;
  if (!LLVMIsAInstruction(v) || depth > 24 || ++w->steps > 160)
    return 0;
  if (LLVMIsACallInst(v))
    return md_geom_of_call(v, &geom);
  if (LLVMIsALoadInst(v) || LLVMIsAAllocaInst(v) || LLVMIsAAtomicRMWInst(v) ||
      LLVMIsAAtomicCmpXchgInst(v) || LLVMIsAInvokeInst(v) ||
      LLVMIsAExtractValueInst(v) || LLVMIsAGetElementPtrInst(v))
    return 0;
  if (!LLVMIsAPHINode(v)) {
    for (i = 0, n = (unsigned)LLVMGetNumOperands(v); i < n && ok; i++)
      ok = md_guard_index_like(LLVMGetOperand(v, i), depth + 1, w);
    return ok;
  }
  for (i = 0; i < w->nphis; i++)
    if (w->phis[i] == v)
      return 1;
  if (w->nphis == sizeof w->phis / sizeof w->phis[0])
    return 0;
  w->phis[w->nphis++] = v;
  for (i = 0, n = LLVMCountIncoming(v); i < n && ok; i++)
    ok = md_guard_index_like(LLVMGetIncomingValue(v, i), depth + 1, w);
  w->nphis--;
  return ok;
}

/* v can be computed before gd->anchor: it is, or it is a freeze, a cast
 * or a lane of a vector (a pure instruction in the anchor's block, then)
 * whose operands can (at most 3 deep): md_guard_test moves it up before
 * the block's test. */
static int md_guard_placeable(const md_guard *gd, LLVMValueRef v, unsigned depth) {
  unsigned i, n;
  if (!LLVMIsAInstruction(v))
    return LLVMIsAConstant(v) || LLVMIsAArgument(v);
  if (md_guard_before(gd->dom, v, gd->anchor))
    return 1;
  if (depth >= 3 ||
      (!LLVMIsAFreezeInst(v) && !LLVMIsATruncInst(v) && !LLVMIsASExtInst(v) &&
       !LLVMIsAZExtInst(v) &&
       !(LLVMIsAExtractElementInst(v) &&
         LLVMIsAConstantInt(LLVMGetOperand(v, 1)))))
    return 0;
  for (i = 0, n = (unsigned)LLVMGetNumOperands(v); i < n; i++)
    if (!md_guard_placeable(gd, LLVMGetOperand(v, i), depth + 1))
      return 0;
  return 1;
}

/* md_range.assume: take v >= 0 and test it -- an i32 or i64 argument
 * (Inductor's i64 sizes), a value the caller tests anyway (gd->known: the
 * groups' frozen divisors), or such an instruction of index math
 * (md_guard_index_like) that can be computed before the anchor
 * (md_guard_placeable).  A freeze is such a value of its own: the test is
 * of it, the value every use of it sees (md_range sees nothing through
 * it: for poison, a fact about its operand says nothing about it). */
static int md_guard_take(void *ctx, LLVMValueRef v) {
  md_guard *gd = ctx;
  md_guard_walk walk = {0, 0, {0}};
  unsigned i, known = 0;
  for (i = 0; i < gd->nknown; i++)
    known |= gd->known[i] == v;
  if ((md_elem_width(v) != 32 && md_elem_width(v) != 64) ||
      !(known || LLVMIsAArgument(v) ||
        (LLVMIsAInstruction(v) && md_guard_index_like(v, 0, &walk) &&
         md_guard_placeable(gd, v, 0))))
    return 0;
  for (i = 0; i < gd->n; i++)
    if (gd->v[i] == v)
      return 1;
  if (gd->n == MD_GUARD_MAX)
    return 0;
  gd->v[gd->n++] = v;
  return 1;
}

int md_guard_query(md_range *gr, md_guard *gd, LLVMValueRef v,
                   LLVMValueRef at) {
  unsigned n0 = gd->n;
  gr->assume = md_guard_take;
  gr->assume_ctx = gd;
  if (md_range_nonneg(gr, v, at))
    return 1;
  gd->n = n0;
  return 0;
}

/* Move v, and its operands not yet there, before `first` (b is there): a
 * value md_guard_placeable took. */
static void md_guard_place(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef first) {
  unsigned i, n;
  if (!LLVMIsAInstruction(v) ||
      LLVMGetInstructionParent(v) != LLVMGetInstructionParent(first) ||
      md_inst_before(v, first))
    return;
  for (i = 0, n = (unsigned)LLVMGetNumOperands(v); i < n; i++)
    md_guard_place(b, LLVMGetOperand(v, i), first);
  LLVMInstructionRemoveFromParent(v);
  LLVMInsertIntoBuilder(b, v);
}

LLVMValueRef md_guard_test(LLVMBuilderRef b, LLVMValueRef first,
                           const md_guard *gd, unsigned w,
                           const LLVMValueRef *tested, unsigned ntested) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(first)));
  LLVMValueRef sign = NULL, t, v;
  unsigned j, l, n, skip;
  for (j = 0; j < gd->n; j++) {
    v = gd->v[j];
    for (l = skip = 0; l < ntested; l++)
      skip |= tested[l] == v;
    if (skip || md_elem_width(v) != w)
      continue;
    md_guard_place(b, v, first);
    if (!LLVMIsAFreezeInst(v))
      v = LLVMBuildFreeze(b, v, "md.ik.gfr");
    /* a vector: each of its lanes */
    n = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind
            ? LLVMGetVectorSize(LLVMTypeOf(v))
            : 0;
    for (l = 0; l < (n ? n : 1); l++) {
      t = n ? LLVMBuildExtractElement(b, v, LLVMConstInt(i32, l, 0),
                                      "md.ik.glane")
            : v;
      sign = sign ? LLVMBuildOr(b, sign, t, "md.ik.gor") : t;
    }
  }
  return sign ? LLVMBuildICmp(b, LLVMIntSGT, sign,
                              LLVMConstAllOnes(LLVMTypeOf(sign)), "md.ik.sign")
              : NULL;
}
