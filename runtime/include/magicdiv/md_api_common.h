/*
 * md_api_common.h -- what the launch API headers share (md_cuda.h,
 * md_cuda_driver.h, md_hip.h, md_graph.h, md_omp.h): dim3 and the CUDA
 * driver handles as opaque stand-ins, the MD_API_* flags of the host
 * pass's api constants, the launch function type of cudaLaunchKernel and
 * hipLaunchKernel, and the control of the launch cache.
 *
 * No CUDA or HIP header is needed (md_launch.h says why the stand-ins
 * convert without casts).
 */
#ifndef MAGICDIV_MD_API_COMMON_H
#define MAGICDIV_MD_API_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
/* What the header declares is libmagicdiv_rt's interface: exported, with
 * the library built -fvisibility=hidden (its internals are not). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* CUDA's and HIP's dim3 by value (same layout and calling convention). */
typedef struct md_dim3 {
  unsigned int x, y, z;
} md_dim3;

/* Opaque CUDA driver handles (CUcontext, CUmodule, CUfunction, CUstream). */
typedef void *md_CUcontext;
typedef void *md_CUmodule;
typedef void *md_CUfunction;
typedef void *md_CUstream;
typedef unsigned long long md_CUdeviceptr;
typedef int md_CUresult; /* CUresult value; 0 = CUDA_SUCCESS */
typedef void *md_CUevent;

/* MD_API_*: the flags of the host pass's api constants (md_cuda_api,
 * md_cuda_ex_api, md_hip_api, md_hip_ext_api, md_hip_coop_api). */

/* The launch call was cudaLaunchKernel_ptsz: stream 0 means the per-thread
 * default stream. */
#define MD_API_PER_THREAD 0x1u
/* The launch call was a cooperative launch (cudaLaunchCooperativeKernel,
 * hipLaunchCooperativeKernel): the clone is launched cooperatively too. */
#define MD_API_COOPERATIVE 0x2u
/* The call site's argument array holds, on every execution of the call,
 * the addresses of stack slots of the calling function's own frame, at
 * offsets the function fixes (a launch stub's array of its spilled
 * parameters; the host pass proves it, plugin/host/md_host_frame.c), and
 * has MD_API_FRAME_SLOTS(flags) slots: the same call instruction with the
 * array at the same address passes the same pointers.  md_cuda_launch and
 * md_hip_launch then compare their return address and the array's address
 * instead of every pointer.  Set only by the host pass, on md_cuda_api /
 * md_hip_api constants of its own; a runtime that does not know the flag
 * ignores it. */
#define MD_API_FRAME_ARGS 0x4u
#define MD_API_FRAME_SHIFT 16
#define MD_API_FRAME_SLOTS(flags) ((flags) >> MD_API_FRAME_SHIFT)

typedef int (*md_rt_launch_fn)(const void *fn, md_dim3 grid, md_dim3 block,
                               void **args, size_t shmem, void *stream);

/* ------------------------------------------------------------------------
 * Cache and configuration (every API's launches).
 * ---------------------------------------------------------------------- */

/* Forget every cached lookup and re-read MAGICDIV_DISABLE / MAGICDIV_LOG.
 * Call it after unloading a module whose kernels went through
 * md_cuLaunchKernel (a new module may reuse the old CUfunction addresses).
 * Safe while other threads launch: retired entries stay valid until
 * md_launch_release. */
void md_launch_reset(void);

/* Free everything the launch cache holds.  Only when no thread launches
 * any more (end of a program, under a leak checker). */
void md_launch_release(void);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_API_COMMON_H */
