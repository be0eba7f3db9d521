/*
 * md_ir.h -- small queries on LLVM IR values shared by the analyses.
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

#endif
