/*
 * md_inkernel_freeze.c -- a frozen dividend rebuilt over frozen roots
 * (md_inkernel_freeze.h).  Why it is exact: an operation without
 * poison-generating flags over operands that are not poison is not poison
 * (the shifts' amounts are constants below the width); where v is not
 * poison no flag of its index math was violated and no root was poison, so
 * dropping the flags and freezing the roots changes no value; where it is,
 * `freeze(v)` may take any value, the rebuilt one among them.
 */
#include "device/md_inkernel_freeze.h"

#include <string.h>

#include "analysis/md_geometry.h"
#include "support/md_ir.h"

/* At most this deep (an insertelement's vector operand, the chain of a
 * vector's lanes, counts no level), and this many values per call. */
#define MD_FREEZE_MAX_DEPTH 8
#define MD_FREEZE_MAX_STEPS 256

/* Never poison by itself: a constant integer (or vector of them, or
 * zeroinitializer), a freeze, an NVPTX thread or block index, a noundef argument. */
static int md_fz_never_poison(LLVMValueRef v) {
  md_geom g;
  if (LLVMIsAConstantInt(v) || LLVMIsAConstantDataVector(v) ||
      LLVMIsAConstantAggregateZero(v) || LLVMIsAFreezeInst(v))
    return 1;
  if (LLVMIsAArgument(v))
    return md_arg_noundef(v);
  return md_geom_of_call(v, &g) && g.target == MD_TARGET_NVPTX && g.axis >= 0;
}

/* v is rebuilt operand by operand (else it is a root). */
static int md_fz_pushable(LLVMValueRef v) {
  LLVMValueRef s;
  if (!LLVMIsAInstruction(v) || !md_elem_width(v))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr:
  case LLVMXor: case LLVMSExt: case LLVMZExt:
    return 1;
  case LLVMShl: case LLVMLShr: case LLVMAShr:
    s = LLVMGetOperand(v, 1);
    return LLVMIsAConstantInt(s) &&
           LLVMConstIntGetZExtValue(s) < md_elem_width(v);
  case LLVMInsertElement: /* a lane past the end would be poison */
    s = LLVMGetOperand(v, 2);
    return LLVMIsAConstantInt(s) &&
           LLVMConstIntGetZExtValue(s) < LLVMGetVectorSize(LLVMTypeOf(v));
  default:
    return 0;
  }
}

/* The copy c of v without v's poison-generating flags
 * (md_has_poison_flags' list, for the opcodes md_fz_pushable takes). */
static void md_fz_drop_flags(LLVMValueRef c) {
  switch (LLVMGetInstructionOpcode(c)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
    LLVMSetNUW(c, 0);
    LLVMSetNSW(c, 0);
    break;
  case LLVMLShr: case LLVMAShr:
    LLVMSetExact(c, 0);
    break;
  case LLVMOr:
    LLVMSetIsDisjoint(c, 0);
    break;
  case LLVMZExt:
    LLVMSetNNeg(c, 0);
    break;
  default:
    break;
  }
}

/* Position b right after v's definition: after an instruction (a PHI:
 * after its block's PHIs), at the entry for anything else.  0 where there
 * is no such point (v a terminator). */
static int md_fz_after(LLVMBuilderRef b, LLVMValueRef v, LLVMValueRef fn) {
  LLVMValueRef at;
  if (LLVMIsAInstruction(v)) {
    at = LLVMGetNextInstruction(v);
    while (at && LLVMIsAPHINode(at))
      at = LLVMGetNextInstruction(at);
  } else {
    at = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  }
  if (!at)
    return 0;
  LLVMPositionBuilderBefore(b, at);
  return 1;
}

static LLVMValueRef md_fz_rebuild(LLVMBuilderRef b, LLVMValueRef v, md_map *map,
                                  LLVMValueRef fn, unsigned depth,
                                  unsigned *steps) {
  LLVMValueRef r = md_map_get(map, v), ops[3];
  unsigned i, n, next;
  int same;
  if (r)
    return r;
  if (md_fz_never_poison(v))
    return v;
  if (depth < MD_FREEZE_MAX_DEPTH && ++*steps <= MD_FREEZE_MAX_STEPS &&
      md_fz_pushable(v)) {
    n = (unsigned)LLVMGetNumOperands(v);
    for (i = 0, same = !md_has_poison_flags(v); i < n && i < 3; i++) {
      next = i == 0 && LLVMIsAInsertElementInst(v) ? depth : depth + 1;
      if (!(ops[i] = md_fz_rebuild(b, LLVMGetOperand(v, i), map, fn, next,
                                   steps)))
        return NULL;
      same &= ops[i] == LLVMGetOperand(v, i);
    }
    if (same)
      r = v; /* no flag, no poison operand: never poison */
    else {
      r = LLVMInstructionClone(v);
      for (i = 0; i < n; i++)
        LLVMSetOperand(r, i, ops[i]);
      md_fz_drop_flags(r);
      md_fz_after(b, v, fn); /* v is no terminator: md_fz_pushable */
      LLVMInsertIntoBuilderWithName(b, r, "md.fz");
    }
  } else {
    if (!md_fz_after(b, v, fn))
      return NULL;
    r = LLVMBuildFreeze(b, v, "md.fz.root");
  }
  md_map_put(map, v, r); /* out of memory: not shared, still exact */
  return r;
}

LLVMValueRef md_freeze_rebuild(LLVMBuilderRef b, LLVMValueRef fn,
                               LLVMValueRef v, md_map *map) {
  unsigned steps = 0;
  return md_fz_rebuild(b, v, map, fn, 0, &steps);
}

int md_freeze_push(LLVMBuilderRef b, LLVMValueRef fr, md_map *map) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(fr));
  LLVMValueRef r = md_freeze_rebuild(b, fn, LLVMGetOperand(fr, 0), map);
  if (!r)
    return -1;
  LLVMReplaceAllUsesWith(fr, r);
  LLVMInstructionEraseFromParent(fr);
  return 0;
}
