/*
 * md_cuda.h -- the CUDA runtime-API entry points: md_cuda_launch (in place
 * of cudaLaunchKernel, cudaLaunchKernel_ptsz and the cooperative launches)
 * and md_cuda_launch_ex (cudaLaunchKernelExC(_ptsz)).  The host pass puts
 * them in place of the program's calls; md_launch.h has the whole list of
 * entry points and the environment they read.
 */
#ifndef MAGICDIV_MD_CUDA_H
#define MAGICDIV_MD_CUDA_H

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

/* ------------------------------------------------------------------------
 * The CUDA runtime-API path (host pass -> md_cuda_launch).
 *
 * md_cuda_api is written by the host pass as a constant in each host
 * module: the program's OWN cudart entry points, so the program's cudart
 * (static or shared, any version >= 11.0) is the one used.
 * ---------------------------------------------------------------------- */
#define MD_CUDA_API_VERSION 1

typedef struct md_cuda_api {
  uint32_t version; /* MD_CUDA_API_VERSION */
  uint32_t flags;   /* MD_API_* */
  /* cudaLaunchKernel, cudaLaunchKernel_ptsz or (MD_API_COOPERATIVE)
   * cudaLaunchCooperativeKernel(_ptsz), as the call site used: all have
   * cudaLaunchKernel's prototype */
  md_rt_launch_fn launch_kernel;
  /* cudaGetFuncBySymbol */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
} md_cuda_api;

/* In place of `api->launch_kernel(fn, grid, block, args, shmem, stream)`
 * for the kernel registered under device name `name`.  Returns a
 * cudaError_t value: 0 when the clone (or the original) was launched. */
int md_cuda_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                   size_t shmem, void *stream, const char *name,
                   const md_cuda_api *api);

/* ------------------------------------------------------------------------
 * cudaLaunchKernelExC (CUDA 12+; the cudaLaunchKernelEx C++ template calls
 * it): clusters, programmatic dependent launch, priorities ...  The
 * attribute array is handed to cuLaunchKernelEx for the clone unchanged
 * (cudaLaunchAttribute and CUlaunchAttribute have the same layout and ids;
 * test/unit/launch-abi.test checks it against the CUDA headers).
 * ---------------------------------------------------------------------- */

/* cudaLaunchConfig_t. */
typedef struct md_cuda_launch_config {
  md_dim3 grid;
  md_dim3 block;
  size_t shmem;      /* dynamicSmemBytes */
  void *stream;      /* cudaStream_t */
  void *attrs;       /* cudaLaunchAttribute * */
  unsigned int num_attrs;
} md_cuda_launch_config;

typedef int (*md_rt_launch_ex_fn)(const md_cuda_launch_config *config,
                                  const void *fn, void **args);

typedef struct md_cuda_ex_api {
  uint32_t version; /* MD_CUDA_API_VERSION */
  uint32_t flags;   /* MD_API_PER_THREAD for cudaLaunchKernelExC_ptsz */
  md_rt_launch_ex_fn launch_kernel_ex; /* cudaLaunchKernelExC(_ptsz) */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
} md_cuda_ex_api;

/* In place of `api->launch_kernel_ex(config, fn, args)`.  The clone runs
 * with the same grid, block, shared memory, stream and attributes (through
 * the driver's cuLaunchKernelEx); anything else runs the original call.
 * Returns a cudaError_t value. */
int md_cuda_launch_ex(const md_cuda_launch_config *config, const void *fn,
                      void **args, const char *name,
                      const md_cuda_ex_api *api);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_CUDA_H */
