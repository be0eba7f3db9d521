/*
 * md_host_graph.h -- the host transform's graph part: route the calls that
 * read, write or add CUDA/HIP graph kernel nodes through the magicdiv
 * runtime (md_host_graph.c), so that nodes running clones stay
 * transparent.
 */
#ifndef MAGICDIV_MD_HOST_GRAPH_H
#define MAGICDIV_MD_HOST_GRAPH_H

#include <stddef.h>

#include <llvm-c/Core.h>

/* A kernel the module registers: its handle (CUDA stub / HIP handle), a
 * constant pointer to its device name, and (HIP) its md_hip_clone constant
 * or NULL. */
typedef struct md_host_kernel {
  LLVMValueRef handle;
  LLVMValueRef name_ptr;
  LLVMValueRef hip_clone;
} md_host_kernel;

/* Reroute every graph kernel-node call of module m; the runtime gets the
 * module's kernels k[0..n) (n may be 0).  Returns how many were routed. */
size_t md_host_graphs(LLVMModuleRef m, const md_host_kernel *k, size_t n);

#endif
