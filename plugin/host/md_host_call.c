/*
 * md_host_call.c -- replace a call by a rerouted one (md_host_call.h).
 */
#include "host/md_host_call.h"

#include <llvm-c/DebugInfo.h>

LLVMValueRef md_host_replace_call(LLVMValueRef call, LLVMTypeRef fty,
                                  LLVMValueRef f, LLVMValueRef *args,
                                  unsigned nargs, unsigned n_kept) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetTypeContext(fty));
  LLVMValueRef nc;
  unsigned i, k;
  LLVMPositionBuilderBefore(b, call);
  if (LLVMIsAInvokeInst(call)) /* a call inside a C++ try block */
    nc = LLVMBuildInvoke2(b, fty, f, args, nargs, LLVMGetNormalDest(call),
                          LLVMGetUnwindDest(call), "");
  else
    nc = LLVMBuildCall2(b, fty, f, args, nargs, "");
  LLVMDisposeBuilder(b);
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  /* Call-site attributes describe the forwarded values: keep them. */
  for (i = 1; i <= n_kept; i++) {
    unsigned na = LLVMGetCallSiteAttributeCount(call, i);
    LLVMAttributeRef as[64];
    if (na > 64)
      continue;
    LLVMGetCallSiteAttributes(call, i, as);
    for (k = 0; k < na; k++)
      LLVMAddCallSiteAttribute(nc, i, as[k]);
  }
  LLVMReplaceAllUsesWith(call, nc);
  LLVMInstructionEraseFromParent(call);
  return nc;
}
