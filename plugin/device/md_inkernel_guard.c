/*
 * md_inkernel_guard.c -- the sign guard's queries (md_inkernel_guard.h):
 * which values of index math a dividend's sign depends on, taken through
 * md_range's assume hook.
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
  if (LLVMIsAConstantInt(v) || LLVMIsAArgument(v))
    return 1;
  if (!LLVMIsAInstruction(v) || depth > 8 || ++w->steps > 64)
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

/* md_range.assume: take v >= 0 and test it -- an i32 or i64 argument
 * (Inductor's i64 sizes), or such an instruction of index math (md_guard_index_like) before the anchor.  A freeze is taken as its operand (the
 * guard freezes it again: for poison, the fast path takes every freeze of
 * it to be that one value, as it does for the divisor). */
static int md_guard_take(void *ctx, LLVMValueRef v) {
  md_guard *gd = ctx;
  md_guard_walk walk = {0, 0, {0}};
  unsigned i;
  while (LLVMIsAFreezeInst(v))
    v = LLVMGetOperand(v, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind ||
      (md_value_width(v) != 32 && md_value_width(v) != 64) ||
      !(LLVMIsAArgument(v) ||
        (LLVMIsAInstruction(v) && md_guard_before(gd->dom, v, gd->anchor) &&
         md_guard_index_like(v, 0, &walk))))
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