/*
 * md_desc_emit.c -- store a clone's descriptor bytes (written by md_prog.c)
 * as `K__magicdiv_desc`, a constant byte array in the device's global
 * address space with the kernel's linkage (so the runtime finds it with
 * cuModuleGetGlobal / hipModuleGetGlobal); keep it in @llvm.used.
 */
#include "emit/md_desc_emit.h"

#include <stdlib.h>
#include <string.h>


/* The descriptor is defined wherever its kernel is: a template kernel
 * (linkonce_odr / weak_odr) instantiated in several translation units gets
 * one descriptor per unit, and those must merge at the device link like the
 * kernels do, not collide. */
static LLVMLinkage md_desc_linkage(LLVMLinkage kernel) {
  switch (kernel) {
  case LLVMLinkOnceODRLinkage:
  case LLVMWeakODRLinkage:
    return LLVMWeakODRLinkage;
  case LLVMLinkOnceAnyLinkage:
  case LLVMWeakAnyLinkage:
    return LLVMWeakAnyLinkage;
  case LLVMInternalLinkage:
  case LLVMPrivateLinkage:
    return LLVMInternalLinkage;
  default:
    return LLVMExternalLinkage;
  }
}

LLVMValueRef md_emit_descriptor(LLVMModuleRef m, md_target t,
                                LLVMValueRef kernel, const md_buf *bytes,
                                const char *name) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned as = (t == MD_TARGET_HOST) ? 0 : 1;
  LLVMValueRef init =
      LLVMConstStringInContext(ctx, (const char *)bytes->p, (unsigned)bytes->n, 1);
  LLVMValueRef gv = LLVMAddGlobalInAddressSpace(m, LLVMTypeOf(init), name, as);
  LLVMSetInitializer(gv, init);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, md_desc_linkage(LLVMGetLinkage(kernel)));
  LLVMSetAlignment(gv, 8);
  return gv;
}

int md_desc_append_used(LLVMModuleRef m, LLVMValueRef *gvs, unsigned n,
                        const char **why) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMValueRef old = LLVMGetNamedGlobal(m, "llvm.used");
  LLVMValueRef old_init = old ? LLVMGetInitializer(old) : NULL;
  unsigned nold = old_init ? (unsigned)LLVMGetNumOperands(old_init) : 0, i;
  LLVMValueRef *elems;
  LLVMValueRef init, nu;
  if (n == 0)
    return 0;
  elems = calloc(nold + n, sizeof *elems);
  if (!elems) {
    *why = "out of memory";
    return -1;
  }
  for (i = 0; i < nold; i++) {
    elems[i] = LLVMGetOperand(old_init, i);
    if (LLVMTypeOf(elems[i]) != ptr) { /* unusual @llvm.used: leave it */
      free(elems);
      *why = "the module's @llvm.used has an unusual form";
      return -1;
    }
  }
  for (i = 0; i < n; i++)
    elems[nold + i] = LLVMGetPointerAddressSpace(LLVMTypeOf(gvs[i])) == 0
                          ? gvs[i]
                          : LLVMConstAddrSpaceCast(gvs[i], ptr);
  init = LLVMConstArray2(ptr, elems, nold + n);
  free(elems);
  if (old)
    LLVMDeleteGlobal(old);
  nu = LLVMAddGlobal(m, LLVMTypeOf(init), "llvm.used");
  LLVMSetInitializer(nu, init);
  LLVMSetLinkage(nu, LLVMAppendingLinkage);
  LLVMSetSection(nu, "llvm.metadata");
  return 0;
}
