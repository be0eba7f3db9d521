/*
 * md_vector.c -- split vector divisions into lanes (md_vector.h).
 */
#include "device/md_vector.h"

#include <llvm-c/DebugInfo.h>

unsigned md_vec_lanes(LLVMValueRef inst) {
  LLVMTypeRef t = LLVMTypeOf(inst);
  unsigned n, w;
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind)
    return 0;
  n = LLVMGetVectorSize(t);
  if (LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind)
    return 0;
  w = LLVMGetIntTypeWidth(LLVMGetElementType(t));
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return 0;
  return n >= 1 && n <= MD_VEC_MAX_LANES ? n : 0;
}

unsigned md_vec_split(LLVMValueRef inst, LLVMValueRef *lane) {
  LLVMTypeRef t = LLVMTypeOf(inst);
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMValueRef num = LLVMGetOperand(inst, 0), den = LLVMGetOperand(inst, 1);
  LLVMValueRef v = LLVMGetPoison(t);
  unsigned n = md_vec_lanes(inst), k;
  int exact = (op == LLVMUDiv || op == LLVMSDiv) && LLVMGetExact(inst);
  LLVMPositionBuilderBefore(b, inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
  for (k = 0; k < n; k++) {
    LLVMValueRef ix = LLVMConstInt(i32, k, 0);
    LLVMValueRef a = LLVMBuildExtractElement(b, num, ix, "md.lane.n");
    LLVMValueRef d = LLVMBuildExtractElement(b, den, ix, "md.lane.d");
    lane[k] = LLVMBuildBinOp(b, op, a, d, "md.lane");
    if (exact && LLVMIsAInstruction(lane[k]))
      LLVMSetExact(lane[k], 1);
    v = LLVMBuildInsertElement(b, v, lane[k], ix, "md.lanes");
  }
  LLVMReplaceAllUsesWith(inst, v);
  LLVMInstructionEraseFromParent(inst);
  LLVMDisposeBuilder(b);
  return n;
}
