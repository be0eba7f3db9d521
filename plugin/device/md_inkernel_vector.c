/*
 * md_inkernel_vector.c -- vector divisions for in-kernel magic
 * (md_inkernel_vector.h): split into lanes, each an ordinary site.
 */
#include "device/md_inkernel_vector.h"

#include "device/md_inkernel_gen.h"
#include "support/md_ir.h"
#include "device/md_vector.h"

/* A vector division by a splat of a divisor the in-kernel form takes
 * (md_inkernel.c md_ik_consider's tests): split into its lanes
 * (md_vec_split), each lane dividing by the splatted scalar itself, so
 * that the lanes join that divisor's group as ordinary sites.  (NVPTX and
 * AMDGPU have no vector division: their backends split it the same way.)
 * A frozen splat (md_vec_freeze_splat) is taken the same way.  1 if
 * split. */
static int md_ikv_one(const md_options *o, md_hoist *h, LLVMValueRef inst) {
  LLVMValueRef x, lane[MD_VEC_MAX_LANES];
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  unsigned w, n, l;
  LLVMValueRef dv = LLVMGetOperand(inst, 1), fr = NULL;
  int reads = 0, made;
  if (LLVMIsAFreezeInst(dv))
    dv = LLVMGetOperand(fr = dv, 0);
  if (!o->inkernel_vector || !md_vec_lanes(inst) || md_inkernel_marked(inst) ||
      !(x = md_vec_splat_of(dv, &made)))
    return 0;
  w = md_value_width(x);
  if (LLVMIsAConstant(x) ||
      (w != 8 && w != 16 && w != 32 && (w != 64 || !o->inkernel_64)) ||
      ((op == LLVMSDiv || op == LLVMSRem) && !o->signed_) ||
      !md_hoist_check(h, x, &reads) ||
      (!o->inkernel_args && !reads)) {
    if (made)
      LLVMInstructionEraseFromParent(x);
    return 0;
  }
  if (fr)
    x = md_vec_freeze_splat(fr, x);
  n = md_vec_split(inst, lane);
  for (l = 0; l < n; l++) {
    LLVMValueRef e = LLVMGetOperand(lane[l], 1);
    LLVMSetOperand(lane[l], 1, x);
    if (LLVMIsAInstruction(e) && !LLVMGetFirstUse(e))
      LLVMInstructionEraseFromParent(e);
  }
  return 1;
}

int md_inkernel_vectors(LLVMValueRef fn, const md_options *o, md_hoist *h) {
  LLVMBasicBlockRef bb;
  LLVMValueRef i, next;
  int changed = 0;
  for (bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (i = LLVMGetFirstInstruction(bb); i; i = next) {
      next = LLVMGetNextInstruction(i);
      if (md_is_div(i) && LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVectorTypeKind)
        changed |= md_ikv_one(o, h, i);
    }
  return changed;
}
