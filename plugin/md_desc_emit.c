/*
 * md_desc_emit.c -- serialise a kernel's divisors into the descriptor byte
 * format of md_abi.h and store it as `K__magicdiv_desc`, an externally
 * visible constant byte array in the device's global address space (so the
 * runtime finds it with cuModuleGetGlobal / hipModuleGetGlobal).
 */
#include "md_desc_emit.h"

#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_invariant.h"

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
                                LLVMTargetDataRef td, LLVMValueRef kernel,
                                const md_divisor *divs, unsigned ndivs,
                                unsigned n_extra, const char *name) {
  unsigned np = LLVMCountParams(kernel), i;
  size_t table;
  md_buf b;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef init, gv;
  unsigned as = (t == MD_TARGET_HOST) ? 0 : 1;

  md_buf_init(&b);
  md_buf_u8(&b, MD_DESC_MAGIC0);
  md_buf_u8(&b, MD_DESC_MAGIC1);
  md_buf_u8(&b, MD_DESC_MAGIC2);
  md_buf_u8(&b, MD_DESC_MAGIC3);
  md_buf_u16(&b, MD_DESC_VERSION);
  md_buf_u16(&b, MD_DESC_HEADER_SIZE);
  md_buf_u32(&b, 0); /* total_size, patched below */
  md_buf_u16(&b, (uint16_t)np);
  md_buf_u16(&b, (uint16_t)ndivs);
  md_buf_u16(&b, (uint16_t)n_extra);
  md_buf_u16(&b, 0);
  for (i = 0; i < np; i++)
    md_buf_u32(&b, (uint32_t)LLVMABISizeOfType(
                          td, md_param_passed_type(kernel, i)));
  table = b.n;
  for (i = 0; i < ndivs; i++) {
    md_buf_u8(&b, (uint8_t)divs[i].kind);
    md_buf_u8(&b, (uint8_t)divs[i].flags);
    md_buf_u16(&b, (uint16_t)divs[i].first_extra);
    md_buf_u32(&b, 0); /* code_off, patched below */
  }
  for (i = 0; i < ndivs; i++) {
    md_buf_put_u32(&b, table + (size_t)i * MD_DIV_ENTRY_SIZE + 4,
                   (uint32_t)b.n);
    md_buf_bytes(&b, divs[i].prog.p, divs[i].prog.n);
    md_buf_u8(&b, MD_OP_END);
  }
  md_buf_put_u32(&b, 8, (uint32_t)b.n);
  if (b.oom) {
    md_buf_free(&b);
    return NULL;
  }

  init = LLVMConstStringInContext(ctx, (const char *)b.p, (unsigned)b.n, 1);
  gv = LLVMAddGlobalInAddressSpace(m, LLVMTypeOf(init), name, as);
  LLVMSetInitializer(gv, init);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, md_desc_linkage(LLVMGetLinkage(kernel)));
  LLVMSetAlignment(gv, 8);
  md_buf_free(&b);
  return gv;
}

void md_append_used(LLVMModuleRef m, LLVMValueRef *gvs, unsigned n) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMValueRef old = LLVMGetNamedGlobal(m, "llvm.used");
  LLVMValueRef old_init = old ? LLVMGetInitializer(old) : NULL;
  unsigned nold = old_init ? (unsigned)LLVMGetNumOperands(old_init) : 0, i;
  LLVMValueRef *elems;
  LLVMValueRef init, nu;
  if (n == 0)
    return;
  elems = calloc(nold + n, sizeof *elems);
  if (!elems)
    return;
  for (i = 0; i < nold; i++) {
    elems[i] = LLVMGetOperand(old_init, i);
    if (LLVMTypeOf(elems[i]) != ptr) { /* unusual @llvm.used: leave it */
      free(elems);
      return;
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
}
