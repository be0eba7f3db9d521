/*
 * md_kernels.h -- which module is this, and which functions are kernels.
 *
 *   NVPTX   ptx_kernel calling convention (clang >= 20), or an
 *           !nvvm.annotations !{ptr @k, !"kernel", i32 1} entry (older clang)
 *   AMDGPU  amdgpu_kernel calling convention
 *   CPU     an OpenMP offload device module for a CPU target (host
 *           offloading): the functions its offload entries name (md_omp.h)
 *   any     (tests) a function with the string attribute "magicdiv-kernel",
 *           or annotated __attribute__((annotate("magicdiv-kernel"))) in C
 *           (llvm.global.annotations); honoured only with `any-target`.
 */
#ifndef MAGICDIV_MD_KERNELS_H
#define MAGICDIV_MD_KERNELS_H

#include <llvm-c/Core.h>

#include "md_options.h"
#include "md_remark.h"

typedef enum md_target {
  MD_TARGET_HOST = 0, /* anything that is not a GPU: x86, aarch64, ... */
  MD_TARGET_NVPTX = 1,
  MD_TARGET_AMDGPU = 2
} md_target;

#define MD_KERNEL_ATTR "magicdiv-kernel"

md_target md_module_target(LLVMModuleRef m);
const char *md_target_name(md_target t);

/* 1 if f is a kernel entry point of module m. */
int md_is_kernel(LLVMModuleRef m, LLVMValueRef f, md_target t,
                 const md_options *o);

/* Collect the kernels of m (definitions only) into a malloc'd array; the
 * caller frees it.  Returns the count. */
unsigned md_collect_kernels(LLVMModuleRef m, md_target t, const md_options *o,
                            LLVMValueRef **out);

/* Give `clone` the same kernel marking as `orig`: !nvvm.annotations entries
 * of orig are duplicated for clone (with all their properties: kernel,
 * maxntid, reqntid, minctasm, ...).  Calling convention and attributes are
 * the cloner's job. */
void md_copy_kernel_annotations(LLVMModuleRef m, LLVMValueRef orig,
                                LLVMValueRef clone);

#endif /* MAGICDIV_MD_KERNELS_H */
