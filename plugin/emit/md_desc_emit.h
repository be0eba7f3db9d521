/*
 * md_desc_emit.h -- put a clone's descriptor into the device module
 * (md_desc_emit.c).  Format: runtime/include/magicdiv/md_abi.h, docs/ABI.md;
 * the bytes are written by md_prog.c.
 */
#ifndef MAGICDIV_MD_DESC_EMIT_H
#define MAGICDIV_MD_DESC_EMIT_H

#include <llvm-c/Core.h>

#include "support/md_buf.h"
#include "support/md_ir.h"

/* Create the constant global `name` holding the descriptor bytes of
 * `kernel`'s clone, with linkage following the kernel's; returns it.  On
 * NVPTX with in_const (option same-originals) in the constant space where that
 * leaves the layout of the module's other globals as it was. */
LLVMValueRef md_emit_descriptor(LLVMModuleRef m, md_target t,
                                LLVMValueRef kernel, const md_buf *bytes,
                                const char *name, int in_const);

/* Append gvs[0..n) to @llvm.used (rebuilt once) so that no later pass
 * drops them.  0, or -1 with *why (out of memory, or an @llvm.used of an
 * unusual form, left as it was). */
int md_desc_append_used(LLVMModuleRef m, LLVMValueRef *gvs, unsigned n,
                        const char **why);

#endif
