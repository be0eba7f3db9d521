/*
 * md_pass.h -- the C side of the magicdiv pass plugin.
 *
 * The plugin is C11 against the LLVM C API.  plugin/md_bridge.cpp (the only
 * C++) registers the pass with the new pass manager, parses parameters into
 * md_options (md_options.h) and forwards optimization remarks (md_remark.h);
 * the pass itself is md_pass_run_module.  Nothing below md_pass.c includes
 * this header: the options and remarks are leaves of their own.
 */
#ifndef MAGICDIV_MD_PASS_H
#define MAGICDIV_MD_PASS_H

#include <stddef.h>

#include <llvm-c/Core.h>

#include "support/md_options.h"
#include "support/md_remark.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Run the pass on a module.  Returns 1 if the module changed. */
int md_pass_run_module(LLVMModuleRef m, const md_options *o);

#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_PASS_H */
