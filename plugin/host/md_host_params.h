/*
 * md_host_params.h -- a clone's descriptor checked against the kernel it
 * is registered for (md_host_params.c): the descriptor's parameter table
 * (count and sizes) must be the kernel's parameters as the host passes
 * them, or the runtime would read the launch's arguments by a wrong table
 * (and past the program's array).  The HIP clone registration
 * (md_host_hip.c) checks every clone with it; any host path that
 * registers clones found in device images can: OpenMP (md_host_omp.c)
 * checks each clone against the parameters its launches pass
 * (md_host_omp_params).
 */
#ifndef MAGICDIV_MD_HOST_PARAMS_H
#define MAGICDIV_MD_HOST_PARAMS_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

/* A parameter whose size the host does not know (sizes[i] of
 * md_host_params_match): any size in the descriptor matches. */
#define MD_HOST_PARAM_ANY UINT64_MAX

/* 1 if descriptor desc (size bytes) describes exactly the n parameters of
 * sizes[0..n) (bytes as the launch passes them: a byval struct's size;
 * MD_HOST_PARAM_ANY: not known); else 0 with the reason in why[0..len)
 * ("the descriptor has 3 parameters, the kernel 2", "parameter 1 is 12
 * bytes, the descriptor says 16", or a table that does not fit in the
 * descriptor). */
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

/* The host-side parameters of an OpenMP kernel at one launch, call =
 * __tgt_target_kernel(ident, device, teams, threads, region, args) with
 * args a stack slot of libomptarget's KernelArgsTy (md_omp_kernel_args)
 * whose num_args and map types are stored once, as constants (clang's
 * form).  The kernel's parameters are the dynamic-environment pointer,
 * then one per TARGET_PARAM argument in order (as md_omp_launch reads
 * them): a pointer's size for the environment and for a literal (its value
 * in a pointer-sized slot); an object passed by reference is
 * MD_HOST_PARAM_ANY -- the descriptor gives such a parameter the size of
 * the object the device code dereferences (docs/ABI.md 4.2), or a
 * pointer's, and the runtime checks it against the mapped size at launch.
 * Into sizes[0..cap): their count, or 0 when the launch does not show
 * them. */
unsigned md_host_omp_params(LLVMModuleRef m, LLVMValueRef call,
                            uint64_t *sizes, unsigned cap);

#endif /* MAGICDIV_MD_HOST_PARAMS_H */
