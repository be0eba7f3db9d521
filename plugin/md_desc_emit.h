/*
 * md_desc_emit.h -- write a clone's descriptor into the device module
 * (md_desc_emit.c).  Format: runtime/include/magicdiv/md_abi.h, docs/ABI.md.
 */
#ifndef MAGICDIV_MD_DESC_EMIT_H
#define MAGICDIV_MD_DESC_EMIT_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "md_buf.h"
#include "md_kernels.h"

/* One distinct divisor of a kernel. */
typedef struct md_divisor {
  md_buf prog;          /* postfix program, without the final END */
  int kind;             /* enum md_kind */
  int flags;            /* MD_DF_* */
  unsigned first_extra; /* index of its first magic parameter */
} md_divisor;

/* Create the constant global `name` holding the descriptor of `kernel`'s
 * clone; returns it (NULL on allocation failure). */
LLVMValueRef md_emit_descriptor(LLVMModuleRef m, md_target t,
                                LLVMTargetDataRef td, LLVMValueRef kernel,
                                const md_divisor *divs, unsigned ndivs,
                                unsigned n_extra, const char *name);

/* Append gvs[0..n) to @llvm.used (rebuilt once) so that no later pass
 * drops them. */
void md_append_used(LLVMModuleRef m, LLVMValueRef *gvs, unsigned n);

#endif
