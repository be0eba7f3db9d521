/*
 * md_ir.h -- small queries on LLVM IR values shared by the analyses and the
 * device transform, and the target kinds (md_target).
 */
#ifndef MAGICDIV_MD_IR_H
#define MAGICDIV_MD_IR_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdint.h>
#include <string.h>

/* Which target a module is for (analysis/md_kernels.c tells: md_target_of_module;
 * the descriptor's address space depends on it, emit/md_desc_emit.c). */
typedef enum md_target {
  MD_TARGET_HOST = 0, /* anything that is not a GPU: x86, aarch64, ... */
  MD_TARGET_NVPTX = 1,
  MD_TARGET_AMDGPU = 2
} md_target;

/* ---- names: the one way a function (or global) is recognized by name */

/* The function that i calls directly, or NULL (i is not a call
 * instruction, or an indirect one). */
static inline LLVMValueRef md_called_fn(LLVMValueRef i) {
  LLVMValueRef f;
  if (!i || !LLVMIsACallInst(i) || !(f = LLVMGetCalledValue(i)) ||
      !LLVMIsAFunction(f))
    return NULL;
  return f;
}

/* 1 if the name of v (not NULL) is exactly s. */
static inline int md_name_is(LLVMValueRef v, const char *s) {
  size_t len = 0;
  const char *n = v ? LLVMGetValueName2(v, &len) : NULL;
  return n && len == strlen(s) && memcmp(n, s, len) == 0;
}

/* 1 if the name of v (not NULL) starts with prefix and goes on after it,
 * as an overloaded intrinsic's does ("llvm.smax." + its type). */
static inline int md_name_has_prefix(LLVMValueRef v, const char *prefix) {
  size_t len = 0, pl = strlen(prefix);
  const char *n = v ? LLVMGetValueName2(v, &len) : NULL;
  return n && len > pl && memcmp(n, prefix, pl) == 0;
}

/* 1 if i is a direct call of the function named s. */
static inline int md_calls_fn(LLVMValueRef i, const char *s) {
  return md_name_is(md_called_fn(i), s);
}

/* Is i a call of a lifetime marker (llvm.lifetime.start / .end)? */
static inline int md_is_lifetime_marker(LLVMValueRef i) {
  return md_name_has_prefix(md_called_fn(i), "llvm.lifetime.");
}

/* Is i a call of a debug intrinsic (llvm.dbg.*)? */
static inline int md_is_dbg_call(LLVMValueRef i) {
  return md_name_has_prefix(md_called_fn(i), "llvm.dbg.");
}

/* The function instruction i is in. */
static inline LLVMValueRef md_inst_fn(LLVMValueRef i) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(i));
}

/* 1 if instruction a comes before instruction b of the same block. */
static inline int md_inst_before(LLVMValueRef a, LLVMValueRef b) {
  LLVMValueRef i;
  for (i = LLVMGetNextInstruction(a); i; i = LLVMGetNextInstruction(i))
    if (i == b)
      return 1;
  return 0;
}

/* Is v an address-space cast (instruction or constant expression)? */
static inline int md_is_ascast(LLVMValueRef v) {
  return LLVMIsAAddrSpaceCastInst(v) ||
         (LLVMIsAConstantExpr(v) &&
          LLVMGetConstOpcode(v) == LLVMAddrSpaceCast);
}

/* Width in bits of an integer type, 0 for any other type. */
static inline unsigned md_type_width(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t)
                                                   : 0;
}

/* Width in bits of an integer value, 0 for any other value. */
static inline unsigned md_value_width(LLVMValueRef v) {
  return md_type_width(LLVMTypeOf(v));
}

/* Does instruction v carry a poison-generating flag: nsw / nuw (add, sub,
 * mul, shl), exact (lshr, ashr, udiv, sdiv), disjoint (or), nneg (zext)? */
static inline int md_has_poison_flags(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
    return LLVMGetNUW(v) || LLVMGetNSW(v);
  case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMSDiv:
    return LLVMGetExact(v);
  case LLVMOr:
    return LLVMGetIsDisjoint(v);
  case LLVMZExt:
    return LLVMGetNNeg(v);
  default:
    return 0;
  }
}

/* Width in bits of an integer value or of a vector's integer elements, 0
 * for any other value. */
static inline unsigned md_elem_width(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
    t = LLVMGetElementType(t);
  return md_type_width(t);
}

/* Is i a udiv, sdiv, urem or srem (of any type)? */
static inline int md_is_div(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  return op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem;
}

/* The mnemonic of a division opcode (md_is_div) for remarks. */
static inline const char *md_op_name(LLVMOpcode op) {
  switch (op) {
  case LLVMUDiv: return "udiv";
  case LLVMSDiv: return "sdiv";
  case LLVMURem: return "urem";
  default: return "srem";
  }
}

/* The predicate that holds exactly when p does not (the false edge of a
 * branch on icmp p). */
static inline LLVMIntPredicate md_pred_invert(LLVMIntPredicate p) {
  static const LLVMIntPredicate inv[] = {
      LLVMIntNE,  LLVMIntEQ,  LLVMIntULE, LLVMIntULT, LLVMIntUGE,
      LLVMIntUGT, LLVMIntSLE, LLVMIntSLT, LLVMIntSGE, LLVMIntSGT};
  return inv[p - LLVMIntEQ];
}

/* The predicate q with (a p b) == (b q a): operands swapped. */
static inline LLVMIntPredicate md_pred_swap(LLVMIntPredicate p) {
  static const LLVMIntPredicate sw[] = {
      LLVMIntEQ,  LLVMIntNE,  LLVMIntULT, LLVMIntULE, LLVMIntUGT,
      LLVMIntUGE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
  return sw[p - LLVMIntEQ];
}

/* The largest unsigned / signed value of w bits (1 <= w <= 64). */
static inline uint64_t md_umax_w(unsigned w) {
  return w >= 64 ? ~0ull : (1ull << w) - 1;
}
static inline uint64_t md_smax_w(unsigned w) { return (1ull << (w - 1)) - 1; }

/* Constant byte offset of a GEP with all-constant indices, computed with
 * overflow checks: 0 (refused) when an index or the sum leaves int64. */
static inline int md_gep_const_offset(LLVMTargetDataRef td,
                                      LLVMValueRef gep, int64_t *off) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep), i;
  int64_t total = 0;
  for (i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    int64_t k, step;
    if (!LLVMIsAConstantInt(idx) || md_type_width(LLVMTypeOf(idx)) > 64)
      return 0;
    k = LLVMConstIntGetSExtValue(idx);
    if (i > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
      if (k < 0 || (unsigned long long)k >= LLVMCountStructElementTypes(ty))
        return 0;
      step = (int64_t)LLVMOffsetOfElement(td, ty, (unsigned)k);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
      if (__builtin_add_overflow(total, step, &total))
        return 0;
      continue;
    }
    if (i > 1) {
      if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
        return 0;
      ty = LLVMGetElementType(ty);
    }
    {
      unsigned long long size = LLVMABISizeOfType(td, ty);
      if (size > INT64_MAX || __builtin_mul_overflow(k, (int64_t)size, &step) ||
          __builtin_add_overflow(total, step, &total))
        return 0;
    }
  }
  *off = total;
  return 1;
}

/* Argument arg carries `noundef` (never poison nor undef). */
static inline int md_arg_noundef(LLVMValueRef arg) {
  LLVMValueRef f = LLVMGetParamParent(arg);
  unsigned idx = 0, np = LLVMCountParams(f);
  while (idx < np && LLVMGetParam(f, idx) != arg)
    idx++;
  return LLVMGetEnumAttributeAtIndex(
             f, idx + 1, LLVMGetEnumAttributeKindForName("noundef", 7)) != NULL;
}

#endif
