/*
 * md_emit_quot.h -- the magic quotient sequences (md_emit_quot.c), exactly
 * the reference evaluators of runtime/include/magicdiv/md_magic.h: per
 * target (NVPTX inline PTX, CPU i128, 32-bit limbs elsewhere) and per kind.
 */
#ifndef MAGICDIV_MD_EMIT_QUOT_H
#define MAGICDIV_MD_EMIT_QUOT_H

#include <llvm-c/Core.h>

#include "device/md_rewrite.h"

/* q = hi_N(n*m + a) >> s for an N-bit n (N = v's kind width), at the
 * builder's position. */
LLVMValueRef md_emit_quot_unsigned(LLVMBuilderRef b, LLVMContextRef ctx,
                                   LLVMValueRef n, md_magic_vals *v);

/* The truncating signed quotient of an N-bit n (nonneg: n proven >= 0),
 * of type out: the kind's type, or wider (MD_MODE_SEXT: the negate in
 * out's width, where |INT_MIN / -1| = 2^(N-1) is representable). */
LLVMValueRef md_emit_quot_signed(LLVMBuilderRef b, LLVMContextRef ctx,
                                 LLVMValueRef n, int nonneg, md_magic_vals *v,
                                 LLVMTypeRef out);

#endif
