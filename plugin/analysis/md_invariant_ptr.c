/*
 * md_invariant_ptr.c -- the pointers the launch-invariance analysis reads
 * through (md_invariant_ptr.h).
 */
#include "analysis/md_invariant_ptr.h"

#include <string.h>

#include "analysis/md_invariant.h"
#include "support/md_ir.h"
#include "analysis/md_reads.h"

LLVMTypeRef md_inv_param_pointee(LLVMValueRef f, unsigned i) {
  static const char *kinds[2] = {"byval", "byref"};
  int k;
  for (k = 0; k < 2; k++) {
    unsigned kind = LLVMGetEnumAttributeKindForName(kinds[k], 5);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f, i + 1, kind);
    if (a)
      return LLVMGetTypeAttributeValue(a);
  }
  return NULL;
}

LLVMTypeRef md_inv_param_passed_type(LLVMValueRef f, unsigned i) {
  LLVMTypeRef pointee = md_inv_param_pointee(f, i);
  return pointee ? pointee : LLVMTypeOf(LLVMGetParam(f, i));
}

/* md_reads_ptr_only_loaded(arg), once per argument and kernel. */
int md_inv_arg_readonly(md_inv *c, LLVMValueRef arg) {
  uintptr_t r = (uintptr_t)md_map_get(&c->readonly, arg);
  if (!r) {
    r = md_reads_ptr_only_loaded(arg, 0) ? 1 : 2;
    md_map_put(&c->readonly, arg, (void *)r); /* on OOM: asked again */
  }
  return r == 1;
}

/* Strip constant-offset GEPs and pointer casts; return the base pointer and
 * the accumulated offset, or NULL. */
LLVMValueRef md_inv_ptr_base(md_inv *c, LLVMValueRef p, int64_t *off) {
  int64_t total = 0;
  int guard = 0;
  while (guard++ < 16) {
    if (LLVMIsAGetElementPtrInst(p)) {
      int64_t o;
      if (!md_gep_const_offset(c->td, p, &o) || __builtin_add_overflow(total, o, &total))
        return NULL;
      p = LLVMGetOperand(p, 0);
    } else if (LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p)) {
      p = LLVMGetOperand(p, 0);
    } else {
      *off = total;
      return p;
    }
  }
  return NULL;
}

/* Index of the kernel parameter `arg`. */
unsigned md_inv_param_index(md_inv *c, LLVMValueRef arg) {
  unsigned i, np = LLVMCountParams(c->kernel);
  for (i = 0; i < np && LLVMGetParam(c->kernel, i) != arg; i++)
    ;
  return i;
}
