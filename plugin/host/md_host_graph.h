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

/* The graph kernel-node calls of a module, found (and the memory their
 * rerouting needs taken) before anything is changed. */
typedef struct md_graph_site {
  LLVMValueRef call;
  size_t route; /* its row of md_host_graph.c's table */
} md_graph_site;

typedef struct md_graph_plan {
  md_graph_site *site;
  size_t n, cap;
  LLVMValueRef *rows; /* room for the kernel table's rows */
} md_graph_plan;

/* Find every graph kernel-node call of module m, for a table of
 * n_kernels kernels.  0, or -1 when out of memory (p empty, m as it
 * was). */
int md_host_graphs_find(LLVMModuleRef m, size_t n_kernels, md_graph_plan *p);

/* Reroute the calls p found; the runtime gets the module's kernels
 * k[0..n) (n may be 0; at most find's n_kernels).  Returns how many were
 * routed; p is freed. */
size_t md_host_graphs_route(LLVMModuleRef m, md_graph_plan *p,
                            const md_host_kernel *k, size_t n);

void md_host_graphs_free(md_graph_plan *p);

#endif
