/*
 * md_host.h -- the host transform: route CUDA/HIP launches of registered
 * kernels through the magicdiv runtime (md_host.c).
 */
#ifndef MAGICDIV_MD_HOST_H
#define MAGICDIV_MD_HOST_H

#include <llvm-c/Core.h>

#include "support/md_options.h"
#include "support/md_remark.h"

/* Returns 1 if the module changed. */
int md_host_run(LLVMModuleRef m, const md_options *o);

/* The first call in m to a CUDA/HIP launch function md_host_run routes
 * (its table of launch APIs), or NULL. */
LLVMValueRef md_host_first_launch(LLVMModuleRef m);

#endif
