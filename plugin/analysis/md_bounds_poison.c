/*
 * md_bounds_poison.c -- which values are never poison, for md_bounds'
 * freeze rule (md_bounds_poison.h).
 */
#include "analysis/md_bounds_poison.h"

#include "analysis/md_bounds_expr.h"
#include "analysis/md_geometry.h"
#include "support/md_ir.h"

static int md_not_poison_rules(md_bounds *b, LLVMValueRef v, int depth,
                               int *inv, int *ninv);
int md_bounds_not_poison(md_bounds *b, LLVMValueRef v, int depth, int *inv,
                         int *ninv) {
  int n0 = *ninv, leaf;
  if (md_not_poison_rules(b, v, depth, inv, ninv))
    return 1;
  *ninv = n0;
  if (*ninv < MD_BOUNDS_NP_INV && LLVMIsAInstruction(v) &&
      (leaf = md_bounds_invariant_leaf(b, v)) >= 0) {
    inv[(*ninv)++] = leaf;
    return 1;
  }
  return 0;
}

static int md_not_poison_rules(md_bounds *b, LLVMValueRef v, int depth,
                               int *inv, int *ninv) {
  md_geom g;
  unsigned i, n;
  if (LLVMIsAConstantInt(v))
    return 1;
  if (LLVMIsAArgument(v))
    return md_arg_noundef(v);
  if (depth > 12 || !LLVMIsAInstruction(v) || md_value_width(v) == 0)
    return 0;
  if (md_geom_of_call(v, &g) && g.target == MD_TARGET_NVPTX && g.axis >= 0)
    return 1; /* the NVPTX special registers */
  if (md_has_poison_flags(v))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMShl:
    if (!LLVMIsAConstantInt(LLVMGetOperand(v, 1)) ||
        LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1)) >= md_value_width(v))
      return 0;
    break;
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMOr:
  case LLVMURem:
  case LLVMSRem:
  case LLVMAnd:
  case LLVMXor:
  case LLVMFreeze:
    break;
  default:
    return 0;
  }
  if (LLVMGetInstructionOpcode(v) == LLVMFreeze)
    return 1;
  n = (unsigned)LLVMGetNumOperands(v);
  for (i = 0; i < n; i++)
    if (!md_bounds_not_poison(b, LLVMGetOperand(v, i), depth + 1, inv, ninv))
      return 0;
  return 1;
}

/* Is x compared (icmp x, _ as the condition of a conditional branch) in
 * the terminator of `from` or of a block dominating it?  Such a branch ran
 * before the edge out of `from` was taken, after x's latest definition
 * (x's definition dominates the compare); a branch on poison is undefined
 * behaviour, so x was not poison when the edge was taken. */
static int md_branched_on(md_bounds *b, LLVMValueRef x,
                          LLVMBasicBlockRef from) {
  int steps;
  for (steps = 0; from && steps < 32; steps++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(from);
    if (t && LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
      LLVMValueRef c = LLVMGetCondition(t);
      if (LLVMIsAICmpInst(c) &&
          (LLVMGetOperand(c, 0) == x || LLVMGetOperand(c, 1) == x))
        return 1;
    }
    from = b->dom ? md_dom_idom(b->dom, from) : NULL;
  }
  return 0;
}

/* freeze(phi) = phi when every incoming value is never poison, or was
 * branched on before its edge (md_branched_on): the PHI is then not
 * poison either -- the grid-stride loop's index, frozen by LLVM before a
 * division. */
int md_bounds_phi_not_poison(md_bounds *b, LLVMValueRef phi, int *inv,
                             int *ninv) {
  unsigned i, n = LLVMCountIncoming(phi);
  for (i = 0; i < n; i++) {
    LLVMValueRef x = LLVMGetIncomingValue(phi, i);
    if (!md_bounds_not_poison(b, x, 0, inv, ninv) &&
        !md_branched_on(b, x, LLVMGetIncomingBlock(phi, i)))
      return 0;
  }
  return n > 0;
}
