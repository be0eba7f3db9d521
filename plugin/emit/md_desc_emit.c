/*
 * md_desc_emit.c -- store a clone's descriptor bytes (written by md_prog.c)
 * as `K__magicdiv_desc`, a constant byte array with the kernel's linkage
 * (so the runtime finds it with cuModuleGetGlobal / hipModuleGetGlobal),
 * in the device's global address space or, on NVPTX, its constant space
 * (below); keep it in @llvm.used.
 */
#include "emit/md_desc_emit.h"

#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "magicdiv/md_abi.h"
#include "support/md_names.h"

/* NVPTX's address spaces: global, constant (PTX .global / .const). */
#define MD_AS_GLOBAL 1u
#define MD_AS_CONST 4u
/* A module's constant data (bank 3) is at most 64 KiB: descriptors go
 * there only while the module's constant data stays below half of it. */
#define MD_DESC_CONST_ROOM (32u << 10)


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

static int md_is_local(LLVMLinkage l) {
  return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

/* ptxas gives every .global of a module a slot in constant bank 4 (the
 * table of addresses its code loads), and lays out the .const variables
 * in bank 3, in both cases the visible and weak ones first, then the
 * local ones, each group in the order the module declares them.  A
 * descriptor in .global (not used by any code) thus moves the slots of the
 * module's local globals and external functions, and with them operands of
 * the original kernels' SASS (sinf's table, printf's strings).  In .const
 * it takes no slot, and, declared last, moves nothing when no local .const
 * comes after it.  MD_AS_CONST, then, unless a local constant-space global
 * (other than a descriptor) would follow a visible descriptor or the
 * constant data would grow past MD_DESC_CONST_ROOM; else MD_AS_GLOBAL. */
static unsigned md_desc_nvptx_space(LLVMModuleRef m, LLVMLinkage l,
                                    size_t bytes) {
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  unsigned long long total = bytes;
  LLVMValueRef g;
  int local = 0;
  for (g = LLVMGetFirstGlobal(m); g && !local; g = LLVMGetNextGlobal(g)) {
    LLVMTypeRef vt = LLVMGlobalGetValueType(g);
    size_t nl;
    const char *n = LLVMGetValueName2(g, &nl);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(g)) != MD_AS_CONST)
      continue;
    total += (LLVMTypeIsSized(vt) ? LLVMABISizeOfType(td, vt) : 0) + 8;
    local = md_is_local(LLVMGetLinkage(g)) &&
            !md_name_ends_with(n, nl, MD_DESC_SUFFIX) &&
            !md_name_ends_with(n, nl, MD_PLAIN_DESC_SUFFIX);
  }
  LLVMDisposeTargetData(td);
  if ((local && !md_is_local(l)) || total > MD_DESC_CONST_ROOM)
    return MD_AS_GLOBAL;
  return MD_AS_CONST;
}

LLVMValueRef md_emit_descriptor(LLVMModuleRef m, md_target t,
                                LLVMValueRef kernel, const md_buf *bytes,
                                const char *name, int in_const) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMLinkage l = md_desc_linkage(LLVMGetLinkage(kernel));
  unsigned as = (t == MD_TARGET_HOST) ? 0 : MD_AS_GLOBAL;
  LLVMValueRef init =
      LLVMConstStringInContext(ctx, (const char *)bytes->p, (unsigned)bytes->n, 1);
  LLVMValueRef gv;
  if (t == MD_TARGET_NVPTX && in_const)
    as = md_desc_nvptx_space(m, l, bytes->n);
  gv = LLVMAddGlobalInAddressSpace(m, LLVMTypeOf(init), name, as);
  LLVMSetInitializer(gv, init);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, l);
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
