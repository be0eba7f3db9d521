/*
 * md_host_kptr.h -- the kernels a launch's kernel pointer may hold, when it
 * is no registered handle itself (md_host_kptr.c).
 */
#ifndef MAGICDIV_MD_HOST_KPTR_H
#define MAGICDIV_MD_HOST_KPTR_H

#include <llvm-c/Core.h>

#include "host/md_host_reg.h"

/* 1 when every value kernel pointer v may hold is a kernel of kind that
 * h registers and whose embedded device code has no clone (md_reg's
 * no_clone), followed through PHIs, selects and the parameters of
 * functions the module only ever calls directly; 0 when one of them may
 * be anything else (a kernel with a clone, another module's, a load).
 * *via: the function whose parameter it followed first, or NULL. */
int md_kptr_cloneless(md_host *h, LLVMValueRef v, md_api_kind kind,
                      LLVMValueRef *via);

#endif
