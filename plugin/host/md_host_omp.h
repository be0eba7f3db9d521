/*
 * md_host_omp.h -- the host transform for OpenMP offload: launches of
 * target regions (__tgt_target_kernel) routed through the runtime's
 * md_omp_launch, clones registered where the embedded device images have
 * them (md_host_omp.c).
 */
#ifndef MAGICDIV_MD_HOST_OMP_H
#define MAGICDIV_MD_HOST_OMP_H

#include <llvm-c/Core.h>

#include "support/md_options.h"
#include "support/md_remark.h"

/* Returns 1 if the module changed. */
int md_host_omp_run(LLVMModuleRef m, const md_options *o);

/* The first target region launch in m that md_host_omp_run routes (a
 * __tgt_target_kernel call), or NULL. */
LLVMValueRef md_host_omp_first_launch(LLVMModuleRef m);

#endif
