/*
 * md_host_params.h -- a clone's descriptor checked against the kernel it
 * is registered for (md_host_params.c): the descriptor's parameter table
 * (count and sizes) must be the kernel's parameters as the host passes
 * them, or the runtime would read the launch's arguments by a wrong table
 * (and past the program's array).  The HIP clone registration
 * (md_host_hip.c) checks every clone with it; any host path that
 * registers clones found in device images can (OpenMP: the kernel's
 * parameters are the dynamic-environment pointer and one 8-byte slot per
 * TARGET_PARAM argument of its __tgt_target_kernel calls).
 */
#ifndef MAGICDIV_MD_HOST_PARAMS_H
#define MAGICDIV_MD_HOST_PARAMS_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

/* 1 if descriptor desc (size bytes) describes exactly the n parameters of
 * sizes[0..n) (bytes as the launch passes them: a byval struct's size);
 * else 0 with the reason in why[0..len) ("the descriptor has 3
 * parameters, the kernel 2", "parameter 1 is 12 bytes, the descriptor
 * says 16", or a table that does not fit in the descriptor). */
int md_host_params_match(const unsigned char *desc, size_t size,
                         const uint64_t *sizes, unsigned n, char *why,
                         size_t len);

/* The host-side parameters of the HIP kernel registered under `handle`
 * (a constant holding its launch stub): the sizes of the stack slots the
 * stub's hipLaunchKernel passes, one per parameter, into sizes[0..cap)
 * (md_frame_args_sizes).  Their count, or 0 when the stub does not show
 * them (no such stub, an argument array of another form). */
unsigned md_host_hip_params(LLVMModuleRef m, LLVMValueRef handle,
                            uint64_t *sizes, unsigned cap);

#endif /* MAGICDIV_MD_HOST_PARAMS_H */
