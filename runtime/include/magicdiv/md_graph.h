/*
 * md_graph.h -- graph kernel nodes: the CUDA runtime-API, CUDA driver-API
 * and HIP graph calls the host pass routes through the runtime (with the host
 * pass's md_graph_api), the node parameter layouts
 * they read and write, and the CUDA driver's graph table
 * (md_cuda_set_graph_driver).
 */
#ifndef MAGICDIV_MD_GRAPH_H
#define MAGICDIV_MD_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "md_api_common.h"

#ifdef __cplusplus
extern "C" {
#endif
/* What the header declares is libmagicdiv_rt's interface: exported, with
 * the library built -fvisibility=hidden (its internals are not). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* md_hip.h: a HIP kernel's clone record (only pointed to here). */
struct md_hip_clone;

/* ------------------------------------------------------------------------
 * Graph kernel nodes (docs/LAUNCH.md, "Graphs").  A launch into a
 * capturing stream leaves a kernel node running the clone with this
 * launch's magic arguments.  The host pass routes the program's calls of
 * the graph APIs that read, write or add kernel nodes through the
 * functions below, so that graphs stay transparent:
 *   - reading a node that runs a clone gives the ORIGINAL function, and
 *     its kernelParams array starts with the original arguments (the
 *     magic values lie beyond the original's parameter count);
 *   - writing or adding a node with an original function recomputes the
 *     magic from the new arguments and puts the clone in the node, or the
 *     original when a launch with these arguments would run the original;
 *   - anything else (other node types, packed `extra` arguments, unknown
 *     functions) is passed to the program's own call unchanged.
 * Each takes the API call's operands and the host pass's md_graph_api.
 * They return the API's own error code.
 * ---------------------------------------------------------------------- */
#define MD_GRAPH_API_VERSION 1
/* The driver call takes CUDA_KERNEL_NODE_PARAMS_v1 (no kern / ctx). */
#define MD_GRAPH_CU_V1 0x1u
/* HIP: the kernels' md_hip_clone records are version 3 (pow2_handle);
 * without it they are read as version 2. */
#define MD_GRAPH_HIP_CLONE_V3 0x2u

/* A kernel registered in the calling host module. */
typedef struct md_graph_kernel {
  const void *handle;          /* CUDA: host stub; HIP: registered handle */
  const char *name;            /* device name */
  const struct md_hip_clone *hip_clone; /* HIP: its clone, or NULL */
} md_graph_kernel;

typedef struct md_graph_api {
  uint32_t version; /* MD_GRAPH_API_VERSION */
  uint32_t flags;   /* MD_GRAPH_* */
  void (*call)(void); /* the program's own graph function that was called */
  /* CUDA runtime API: cudaGetFuncBySymbol; NULL otherwise */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
  const md_graph_kernel *kernels; /* this module's kernels (may be NULL) */
  uint64_t n_kernels;
} md_graph_api;

/* cudaKernelNodeParams, cudaKernelNodeParamsV2 and CUDA_KERNEL_NODE_PARAMS
 * up to `extra` (all three have this layout); CUDA_KERNEL_NODE_PARAMS_v2
 * and _v3 add kern and ctx. */
typedef struct md_kernel_node_params {
  void *func; /* runtime API: kernel symbol; driver API: CUfunction */
  md_dim3 grid;
  md_dim3 block;
  unsigned int shmem;
  void **kernel_params;
  void **extra;
} md_kernel_node_params;

typedef struct md_CUkernel_node_params {
  md_kernel_node_params p;
  void *kern; /* CUkernel */
  md_CUcontext ctx;
} md_CUkernel_node_params;

/* cudaGraphNodeParams and CUgraphNodeParams (same layout). */
#define MD_GRAPH_NODE_KERNEL 0 /* cudaGraphNodeTypeKernel */
typedef struct md_graph_node_params {
  int type;
  int reserved0[3];
  union {
    long long reserved1[29];
    md_CUkernel_node_params kernel;
  } u;
  long long reserved2;
} md_graph_node_params;

/* hipKernelNodeParams. */
typedef struct md_hip_kernel_node_params {
  md_dim3 block;
  void **extra;
  void *func;
  md_dim3 grid;
  void **kernel_params;
  unsigned int shmem;
} md_hip_kernel_node_params;

/* CUDA runtime API. */
int md_cudaGraphKernelNodeGetParams(void *node, md_kernel_node_params *p,
                                    const md_graph_api *api);
int md_cudaGraphKernelNodeSetParams(void *node,
                                    const md_kernel_node_params *p,
                                    const md_graph_api *api);
int md_cudaGraphExecKernelNodeSetParams(void *exec, void *node,
                                        const md_kernel_node_params *p,
                                        const md_graph_api *api);
int md_cudaGraphAddKernelNode(void **node, void *graph, void *const *deps,
                              size_t n_deps, const md_kernel_node_params *p,
                              const md_graph_api *api);
int md_cudaGraphNodeGetParams(void *node, md_graph_node_params *p,
                              const md_graph_api *api);
int md_cudaGraphNodeSetParams(void *node, md_graph_node_params *p,
                              const md_graph_api *api);
int md_cudaGraphExecNodeSetParams(void *exec, void *node,
                                  md_graph_node_params *p,
                                  const md_graph_api *api);
/* CUDA driver API (p: CUDA_KERNEL_NODE_PARAMS_v2, or _v1 with
 * MD_GRAPH_CU_V1). */
md_CUresult md_cuGraphKernelNodeGetParams(void *node, void *p,
                                          const md_graph_api *api);
md_CUresult md_cuGraphKernelNodeSetParams(void *node, const void *p,
                                          const md_graph_api *api);
md_CUresult md_cuGraphExecKernelNodeSetParams(void *exec, void *node,
                                              const void *p,
                                              const md_graph_api *api);
md_CUresult md_cuGraphAddKernelNode(void **node, void *graph,
                                    void *const *deps, size_t n_deps,
                                    const void *p, const md_graph_api *api);
md_CUresult md_cuGraphNodeSetParams(void *node, md_graph_node_params *p,
                                    const md_graph_api *api);
md_CUresult md_cuGraphExecNodeSetParams(void *exec, void *node,
                                        md_graph_node_params *p,
                                        const md_graph_api *api);
/* HIP. */
int md_hipGraphKernelNodeGetParams(void *node, md_hip_kernel_node_params *p,
                                   const md_graph_api *api);
int md_hipGraphKernelNodeSetParams(void *node,
                                   const md_hip_kernel_node_params *p,
                                   const md_graph_api *api);
int md_hipGraphExecKernelNodeSetParams(void *exec, void *node,
                                       const md_hip_kernel_node_params *p,
                                       const md_graph_api *api);
int md_hipGraphAddKernelNode(void **node, void *graph, void *const *deps,
                             size_t n_deps,
                             const md_hip_kernel_node_params *p,
                             const md_graph_api *api);

/* The CUDA driver's graph functions that put a clone into a node of a
 * graph the runtime API built (a clone is a CUfunction, which the runtime
 * API's node functions do not take) and read it back.  Resolved from libcuda.so.1;
 * md_cuda_set_graph_driver replaces the table (tests), NULL goes back.
 * Missing entries: those calls keep the original. */
typedef struct md_cuda_graph_driver {
  uint32_t version; /* MD_GRAPH_API_VERSION */
  /* where cudart refuses to read a node that runs a CUfunction it did not
   * register, the node is read through the driver */
  md_CUresult (*kernel_node_get_params)(void *node,
                                        md_CUkernel_node_params *p);
  md_CUresult (*kernel_node_set_params)(void *node,
                                        const md_CUkernel_node_params *p);
  md_CUresult (*exec_kernel_node_set_params)(void *exec, void *node,
                                             const md_CUkernel_node_params *p);
  md_CUresult (*add_kernel_node)(void **node, void *graph, void *const *deps,
                                 size_t n_deps,
                                 const md_CUkernel_node_params *p);
  md_CUresult (*node_set_params)(void *node, md_graph_node_params *p);
  md_CUresult (*exec_node_set_params)(void *exec, void *node,
                                      md_graph_node_params *p);
} md_cuda_graph_driver;

int md_cuda_set_graph_driver(const md_cuda_graph_driver *drv);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_GRAPH_H */
