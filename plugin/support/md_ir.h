/*
 * md_ir.h -- small queries on LLVM IR values shared by the analyses and the
 * device transform.
 */
#ifndef MAGICDIV_MD_IR_H
#define MAGICDIV_MD_IR_H

#include <llvm-c/Core.h>

/* Width in bits of an integer type, 0 for any other type. */
static inline unsigned md_type_width(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t)
                                                   : 0;
}

/* Width in bits of an integer value, 0 for any other value. */
static inline unsigned md_value_width(LLVMValueRef v) {
  return md_type_width(LLVMTypeOf(v));
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

#endif
