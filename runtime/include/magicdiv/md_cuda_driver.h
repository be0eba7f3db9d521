/*
 * md_cuda_driver.h -- the CUDA driver-API entry point md_cuLaunchKernel
 * (a drop-in for cuLaunchKernel, for programs that load PTX or cubins
 * themselves) and the CUDA driver as the runtime sees it (md_cuda_driver,
 * md_cuda_set_driver: libcuda.so.1 by default, a table of the caller's
 * own for tests).
 */
#ifndef MAGICDIV_MD_CUDA_DRIVER_H
#define MAGICDIV_MD_CUDA_DRIVER_H

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
 * The CUDA driver-API path, for JIT users: same arguments as cuLaunchKernel
 * plus the kernel's name (the name given to cuModuleGetFunction).  `name`
 * may be NULL when the driver has cuFuncGetName (CUDA 12.3+).  A launch
 * with `extra` (packed parameters) always runs the original.
 * Returns a CUresult value.
 * ---------------------------------------------------------------------- */
md_CUresult md_cuLaunchKernel(md_CUfunction f, unsigned int grid_x,
                              unsigned int grid_y, unsigned int grid_z,
                              unsigned int block_x, unsigned int block_y,
                              unsigned int block_z, unsigned int shmem,
                              md_CUstream stream, void **params, void **extra,
                              const char *name);

/* CUlaunchConfig (driver API), handed to cuLaunchKernelEx for the clone
 * of a cudaLaunchKernelExC launch (md_cuda.h). */
typedef struct md_CUlaunchConfig {
  unsigned int grid_x, grid_y, grid_z;
  unsigned int block_x, block_y, block_z;
  unsigned int shmem;
  md_CUstream stream;
  void *attrs; /* CUlaunchAttribute * */
  unsigned int num_attrs;
} md_CUlaunchConfig;

/* ------------------------------------------------------------------------
 * The CUDA driver as the runtime sees it.  By default it is resolved from
 * libcuda.so.1; md_cuda_set_driver replaces it (tests use a fake driver,
 * since no GPU is present in CI; an application may pass its own table).
 * Optional entries may be NULL.
 * ---------------------------------------------------------------------- */
#define MD_CUDA_DRIVER_VERSION 3 /* 1: the table up to get_error_name;
                                    2: up to func_get_param_info */

typedef struct md_cuda_driver {
  uint32_t version; /* MD_CUDA_DRIVER_VERSION */
  md_CUresult (*ctx_get_current)(md_CUcontext *ctx);
  /* optional (CUDA 12.0+): a context id never reused in the process */
  md_CUresult (*ctx_get_id)(md_CUcontext ctx, unsigned long long *id);
  md_CUresult (*func_get_module)(md_CUmodule *mod, md_CUfunction f);
  /* optional (CUDA 12.3+) */
  md_CUresult (*func_get_name)(const char **name, md_CUfunction f);
  md_CUresult (*module_get_function)(md_CUfunction *f, md_CUmodule mod,
                                     const char *name);
  md_CUresult (*module_get_global)(md_CUdeviceptr *dptr, size_t *bytes,
                                   md_CUmodule mod, const char *name);
  md_CUresult (*memcpy_dtoh)(void *dst, md_CUdeviceptr src, size_t bytes);
  /* optional: if all four are present the descriptor is copied on a
   * private non-blocking stream, so the first launch of a kernel does not
   * synchronize with the legacy default stream */
  md_CUresult (*stream_create)(md_CUstream *s, unsigned int flags);
  md_CUresult (*memcpy_dtoh_async)(void *dst, md_CUdeviceptr src,
                                   size_t bytes, md_CUstream s);
  md_CUresult (*stream_synchronize)(md_CUstream s);
  md_CUresult (*stream_destroy)(md_CUstream s);
  /* optional: a launch into a capturing stream never does the first-launch
   * lookup (it runs the original until a launch outside capture did) */
  md_CUresult (*stream_is_capturing)(md_CUstream s, int *status);
  md_CUresult (*launch_kernel)(md_CUfunction f, unsigned int gx,
                               unsigned int gy, unsigned int gz,
                               unsigned int bx, unsigned int by,
                               unsigned int bz, unsigned int shmem,
                               md_CUstream s, void **params, void **extra);
  /* optional, for MAGICDIV_LOG */
  md_CUresult (*get_error_name)(md_CUresult r, const char **name);
  /* ---- version 2 ---- */
  /* optional (CUDA 12.0+): clones of cudaLaunchKernelExC launches; absent:
   * those launches run the original */
  md_CUresult (*launch_kernel_ex)(const md_CUlaunchConfig *config,
                                  md_CUfunction f, void **params,
                                  void **extra);
  /* optional: clones of cooperative launches; absent: the original */
  md_CUresult (*launch_cooperative_kernel)(
      md_CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
      unsigned int bx, unsigned int by, unsigned int bz, unsigned int shmem,
      md_CUstream s, void **params);
  /* optional (CUDA 12.4+): offset and size of the kernel's parameter
   * `index`; an error past the last one.  Present: the original kernel's
   * parameter count and sizes are checked against the descriptor once per
   * (kernel, context); a mismatch runs the original. */
  md_CUresult (*func_get_param_info)(md_CUfunction f, size_t index,
                                     size_t *offset, size_t *size);
  /* ---- version 3 ---- */
  /* optional, all five or none: events for the measured choice between a
   * clone and its original (docs/LAUNCH.md, "Measured choice"): created
   * with flags 0 (timing on), recorded on the launch's stream, read with
   * the non-blocking query (CUDA_ERROR_NOT_READY, 600: not yet) and
   * cuEventElapsedTime (ms).  Absent: every kernel keeps its clone. */
  md_CUresult (*event_create)(md_CUevent *ev, unsigned int flags);
  md_CUresult (*event_record)(md_CUevent ev, md_CUstream s);
  md_CUresult (*event_query)(md_CUevent ev);
  md_CUresult (*event_elapsed_time)(float *ms, md_CUevent start,
                                    md_CUevent stop);
  md_CUresult (*event_destroy)(md_CUevent ev);
} md_cuda_driver;

/* Install `drv` (copied) as the CUDA driver, or NULL to go back to
 * libcuda.so.1.  Clears the cache (md_launch_reset).  Call it while no
 * thread is launching.  A version-1 table is read only up to
 * get_error_name, a version-2 one up to func_get_param_info (the later
 * entries count as absent).  MD_OK or
 * MD_ERR_INVALID (unknown version, a required entry missing). */
int md_cuda_set_driver(const md_cuda_driver *drv);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_CUDA_DRIVER_H */
