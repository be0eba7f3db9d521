/*
 * md_host.c -- host transform (placeholder: reports launch sites).
 */
#include "md_host.h"

#include <string.h>

int md_host_run(LLVMModuleRef m, const md_options *o) {
  LLVMValueRef f;
  (void)o;
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    LLVMBasicBlockRef bb;
    for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef i;
      for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMValueRef callee;
        size_t len = 0;
        const char *name;
        if (!LLVMIsACallInst(i))
          continue;
        callee = LLVMGetCalledValue(i);
        if (!callee || !LLVMIsAFunction(callee))
          continue;
        name = LLVMGetValueName2(callee, &len);
        if ((len == 16 && memcmp(name, "cudaLaunchKernel", 16) == 0) ||
            (len == 15 && memcmp(name, "hipLaunchKernel", 15) == 0))
          md_remarkf(MD_REMARK_ANALYSIS, i, "HostLaunch",
                     "magicdiv: host launch through %.*s seen", (int)len,
                     name);
      }
    }
  }
  return 0;
}
