/*
 * md_device.h -- the device transform: clone kernels whose divisions have
 * launch-invariant divisors and rewrite those divisions (md_device.c).
 */
#ifndef MAGICDIV_MD_DEVICE_H
#define MAGICDIV_MD_DEVICE_H

#include <llvm-c/Core.h>

#include "analysis/md_kernels.h"
#include "support/md_options.h"
#include "support/md_remark.h"

/* Returns 1 if the module changed. */
int md_device_run(LLVMModuleRef m, md_target t, const md_options *o);

#endif
