/*
 * md_invariant_lane.c -- vector lanes in divisor expressions
 * (md_invariant_lane.h).
 */
#include "analysis/md_invariant_lane.h"

#include "analysis/md_invariant_load.h"
#include "support/md_ir.h"

/* ---- vector lanes (AMDGPU -O2 loads adjacent struct fields as one vector
 * and the SLP vectorizer builds vectors of scalars) ----
 *
 * Lane `lane` of the vector value vec, followed through the instructions
 * that only move scalars: insertelement and shufflevector with constant
 * indices, freeze, constant vectors; it ends at a scalar (the inserted
 * operand, analysed as usual and memoized) or at a vector load of a struct
 * argument or the launch packet (lane * element size further).  Lanes are
 * not memoized; the chain is at most MD_LANE_STEPS long. */
#define MD_LANE_STEPS 32

static int md_lane_op(md_inv *c, LLVMValueRef vec, unsigned lane, unsigned w,
                      md_frame *f);

int md_inv_lane(md_inv *c, LLVMValueRef vec, unsigned lane, md_frame *f) {
  unsigned steps;
  for (steps = 0; steps < MD_LANE_STEPS; steps++) {
    LLVMTypeRef vt = LLVMTypeOf(vec);
    unsigned w;
    if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind ||
        lane >= LLVMGetVectorSize(vt))
      return md_inv_fail(c, vec, "divisor lane is out of its vector");
    w = md_type_width(LLVMGetElementType(vt));
    if (w == 0 || w > 64)
      return md_inv_fail(c, vec, "divisor is a lane of a non-integer vector");
    if (LLVMIsAConstant(vec)) {
      LLVMValueRef e = LLVMGetAggregateElement(vec, lane);
      if (!e || !LLVMIsAConstantInt(e))
        return md_inv_fail(c, vec,
                           "divisor is an undefined or non-integer "
                           "lane of a constant vector");
      md_prog_const(f->out, w, LLVMConstIntGetZExtValue(e));
      return 1;
    }
    if (!LLVMIsAInstruction(vec))
      return md_inv_fail(c, vec, "divisor is a lane of a vector argument");
    switch (LLVMGetInstructionOpcode(vec)) {
    case LLVMInsertElement: {
      LLVMValueRef idx = LLVMGetOperand(vec, 2);
      if (!LLVMIsAConstantInt(idx))
        return md_inv_fail(c, vec,
                           "divisor lane is inserted at a variable index");
      if (LLVMConstIntGetZExtValue(idx) == lane)
        return f->operand(c, LLVMGetOperand(vec, 1), f);
      vec = LLVMGetOperand(vec, 0);
      break;
    }
    case LLVMShuffleVector: {
      int m = LLVMGetMaskValue(vec, lane);
      unsigned n0 = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(vec, 0)));
      if (m < 0 || m == LLVMGetUndefMaskElem())
        return md_inv_fail(c, vec, "divisor is an undefined lane of a shuffle");
      if ((unsigned)m < n0) {
        vec = LLVMGetOperand(vec, 0);
        lane = (unsigned)m;
      } else {
        vec = LLVMGetOperand(vec, 1);
        lane = (unsigned)m - n0;
      }
      break;
    }
    case LLVMFreeze:
      vec = LLVMGetOperand(vec, 0);
      break;
    case LLVMLoad:
      return md_inv_load(c, vec, w, lane, f);
    default:
      return md_lane_op(c, vec, lane, w, f);
    }
  }
  return md_inv_fail(c, vec, "divisor lane is moved through too many shuffles");
}

/* Lane `lane` of an element-wise vector operation: the same operation on
 * the operands' lanes (binary operators with their flags, zext / sext /
 * trunc), written directly in postfix order.  Not memoized: the work is
 * bounded by the program budget (measuring stops past it) and the depth. */
static int md_lane_op(md_inv *c, LLVMValueRef vec, unsigned lane, unsigned w,
                      md_frame *f) {
  LLVMOpcode op = LLVMGetInstructionOpcode(vec);
  int code = md_inv_binop_code(op), ok;
  md_frame sub = *f;
  sub.depth = f->depth + 1;
  sub.height = 0;
  if (code < 0 && op != LLVMZExt && op != LLVMSExt && op != LLVMTrunc)
    return md_inv_fail(c, vec,
                       "divisor is a lane of a vector computed by an "
                       "unsupported instruction");
  if (sub.depth > MD_INV_MAX_DEPTH)
    return md_inv_fail(c, vec, "divisor expression is too deep");
  if (f->out->counting && f->out->n > MD_INV_MAX_BYTES)
    return md_inv_fail(c, vec,
                       "divisor expression is too large (its program "
                       "would exceed the descriptor's budget)");
  if (code >= 0) {
    ok = md_inv_lane(c, LLVMGetOperand(vec, 0), lane, &sub) &&
         md_inv_lane(c, LLVMGetOperand(vec, 1), lane, &sub);
    if (ok)
      md_prog_binop(f->out, code, w, md_inv_binop_flags(vec, op));
  } else {
    LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(vec, 0));
    unsigned from = LLVMGetTypeKind(st) == LLVMVectorTypeKind
                        ? md_type_width(LLVMGetElementType(st))
                        : 0;
    if (from == 0 || from > 64)
      return md_inv_fail(c, vec, "divisor casts from a non-integer");
    ok = md_inv_lane(c, LLVMGetOperand(vec, 0), lane, &sub);
    if (ok)
      md_prog_cast(f->out,
                   op == LLVMZExt   ? MD_OP_ZEXT
                   : op == LLVMSExt ? MD_OP_SEXT
                                    : MD_OP_TRUNC,
                   from, w);
  }
  if (sub.height == UINT32_MAX)
    f->height = UINT32_MAX; /* path-dependent failure below: see md_measure */
  else if (ok && sub.height + 1 > f->height)
    f->height = sub.height + 1;
  return ok;
}

/* extractelement with a constant index. */
int md_inv_extract(md_inv *c, LLVMValueRef v, md_frame *f) {
  LLVMValueRef idx = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(idx) || md_type_width(LLVMTypeOf(idx)) > 64 ||
      LLVMConstIntGetZExtValue(idx) > 0xffffu)
    return md_inv_fail(c, v, "divisor is extracted at a variable index");
  return md_inv_lane(c, LLVMGetOperand(v, 0),
                     (unsigned)LLVMConstIntGetZExtValue(idx), f);
}
