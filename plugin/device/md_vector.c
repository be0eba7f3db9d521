/*
 * md_vector.c -- split vector divisions into lanes (md_vector.h).
 */
#include "device/md_vector.h"

#include <llvm-c/DebugInfo.h>
#include <stddef.h>

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

/* x when v is a splat of x: shufflevector (insertelement _, x, 0), _,
 * zeroinitializer -- every lane is x.  Else NULL.  InstCombine writes
 * the splat of a loaded scalar as a shufflevector of `load <1 x iW>`: then
 * x is a new scalar load of the same address beside it (*made = 1; the
 * caller erases it if it is not used). */
LLVMValueRef md_vec_splat_of(LLVMValueRef v, int *made) {
  LLVMValueRef ins, ix, x;
  LLVMBuilderRef b;
  unsigned i, n;
  *made = 0;
  if (!LLVMIsAShuffleVectorInst(v))
    return NULL;
  n = LLVMGetNumMaskElements(v);
  for (i = 0; i < n; i++)
    if (LLVMGetMaskValue(v, i) != 0)
      return NULL;
  ins = LLVMGetOperand(v, 0);
  if (LLVMIsALoadInst(ins) && LLVMGetVectorSize(LLVMTypeOf(ins)) == 1 &&
      !LLVMGetVolatile(ins) && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic) {
    b = LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(ins));
    x = LLVMBuildLoad2(b, LLVMGetElementType(LLVMTypeOf(ins)),
                       LLVMGetOperand(ins, 0), "md.ik.d");
    LLVMSetAlignment(x, LLVMGetAlignment(ins));
    LLVMDisposeBuilder(b);
    *made = 1;
    return x;
  }
  if (!LLVMIsAInsertElementInst(ins))
    return NULL;
  ix = LLVMGetOperand(ins, 2);
  if (!LLVMIsAConstantInt(ix) || LLVMConstIntGetZExtValue(ix) != 0)
    return NULL;
  return LLVMGetOperand(ins, 1);
}

/* freeze (splat x) -> splat (freeze x) for every use of fr, as
 * InstCombine rewrites it: a refinement (a poison lane's freeze may take
 * any value, among them one value for all lanes).  DivRemPairs freezes
 * the divisor of a vector division whose remainder it writes as
 * x - q * d (Triton's i64 index math).  Returns freeze x. */
LLVMValueRef md_vec_freeze_splat(LLVMValueRef fr, LLVMValueRef x) {
  LLVMTypeRef vt = LLVMTypeOf(fr);
  LLVMContextRef c = LLVMGetTypeContext(vt);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  LLVMTypeRef mt = LLVMVectorType(LLVMInt32TypeInContext(c), LLVMGetVectorSize(vt));
  LLVMValueRef xf, ins, sh;
  LLVMPositionBuilderBefore(b, fr);
  xf = LLVMBuildFreeze(b, x, "md.vfr");
  ins = LLVMBuildInsertElement(b, LLVMGetPoison(vt), xf,
                               LLVMConstInt(LLVMInt64TypeInContext(c), 0, 0), "md.vins");
  sh = LLVMBuildShuffleVector(b, ins, LLVMGetPoison(vt), LLVMConstNull(mt), "md.vsplat");
  LLVMDisposeBuilder(b);
  LLVMReplaceAllUsesWith(fr, sh);
  LLVMInstructionEraseFromParent(fr);
  return xf;
}
