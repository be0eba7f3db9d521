/*
 * md_host_call.h -- replace a call in a host module by a call of another
 * function with more operands (md_host_call.c): how every host-side
 * rerouting (launches, graph calls) rewrites its call sites.
 */
#ifndef MAGICDIV_MD_HOST_CALL_H
#define MAGICDIV_MD_HOST_CALL_H

#include <llvm-c/Core.h>

/* Replace `call` (a call or, inside a C++ try block, an invoke) by a call
 * of f (type fty) with the nargs operands args, at the same place, with the
 * same normal and unwind destinations, debug location and the call-site
 * attributes of its first n_kept operands (the ones forwarded unchanged in
 * args[0..n_kept)).  Returns the new call; `call` is erased. */
LLVMValueRef md_host_replace_call(LLVMValueRef call, LLVMTypeRef fty,
                                  LLVMValueRef f, LLVMValueRef *args,
                                  unsigned nargs, unsigned n_kept);

#endif
