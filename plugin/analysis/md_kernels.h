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

#include "support/md_ir.h"
#include "support/md_options.h"
#include "support/md_remark.h"

#define MD_KERNEL_ATTR "magicdiv-kernel"

md_target md_target_of_module(LLVMModuleRef m);
const char *md_target_name(md_target t);

/* 1 if f is a kernel entry point of module m. */
int md_is_kernel(LLVMModuleRef m, LLVMValueRef f, md_target t,
                 const md_options *o);

/* Collect the kernels of m (definitions only) into a malloc'd array; the
 * caller frees it.  Returns the count. */
unsigned md_kernels_collect(LLVMModuleRef m, md_target t, const md_options *o,
                            LLVMValueRef **out);

/* Giving `clone` the same kernel marking as `orig`, in two steps so that
 * the module changes only where nothing can fail any more:
 * md_kernel_annotations_make builds copies of orig's !nvvm.annotations
 * entries for clone (with all their properties: kernel, maxntid, reqntid,
 * minctasm, ...) without adding them: 0, or -1 out of memory (nothing
 * kept); md_kernel_annotations_add adds them to the module and frees `a`;
 * md_annots_free frees them unused.  Calling convention and attributes are
 * the cloner's job. */
typedef struct md_annots {
  LLVMValueRef *v; /* metadata nodes, as values */
  unsigned n;
} md_annots;

int md_kernel_annotations_make(LLVMModuleRef m, LLVMValueRef orig,
                               LLVMValueRef clone, md_annots *a);
void md_kernel_annotations_add(LLVMModuleRef m, md_annots *a);
void md_annots_free(md_annots *a);

#endif /* MAGICDIV_MD_KERNELS_H */
