/*
 * md_device.c -- device transform driver (placeholder: reports kernels).
 */
#include "md_device.h"

#include <stdlib.h>

int md_device_run(LLVMModuleRef m, md_target t, const md_options *o) {
  LLVMValueRef *kernels = NULL;
  unsigned n = md_collect_kernels(m, t, o, &kernels), i;
  for (i = 0; i < n; i++) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(kernels[i], &len);
    md_remarkf(MD_REMARK_ANALYSIS, kernels[i], "Kernel",
               "magicdiv: %s kernel '%.*s' seen", md_target_name(t), (int)len,
               name);
  }
  free(kernels);
  return 0;
}
