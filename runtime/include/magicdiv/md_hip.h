/*
 * md_hip.h -- the HIP entry points: md_hip_launch (hipLaunchKernel,
 * hipLaunchKernel_spt), md_hip_launch_ext (hipExtLaunchKernel),
 * md_hip_launch_cooperative (hipLaunchCooperativeKernel(_spt)), the clone
 * record the host pass writes for each kernel (md_hip_clone), and the
 * HIP functions the runtime resolves in the process (stream capture,
 * events), which tests replace.
 */
#ifndef MAGICDIV_MD_HIP_H
#define MAGICDIV_MD_HIP_H

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
 * The HIP path (host pass -> md_hip_launch).  HIP 5.x has no way to go
 * from a registered kernel to its code object, so the host pass finds the
 * clones at compile time in the code objects embedded in the host module,
 * registers each clone with __hipRegisterFunction under a handle of its
 * own, and copies the descriptor bytes into the host module.
 * ---------------------------------------------------------------------- */
/* 2: md_hip_clone has the plain-tier fields (the runtime reads them only
 * from a launch whose api struct says 2 or more); 3: and pow2_handle (read
 * only from 3 on; graph calls: MD_GRAPH_HIP_CLONE_V3). */
#define MD_HIP_API_VERSION 3

typedef struct md_hip_api {
  uint32_t version; /* MD_HIP_API_VERSION */
  uint32_t flags;   /* MD_API_* (the program's own launch function is
                       used for clone and original alike; PER_THREAD says
                       which default stream a capture check asks about,
                       FRAME_ARGS as for CUDA) */
  md_rt_launch_fn launch_kernel; /* hipLaunchKernel or hipLaunchKernel_spt */
} md_hip_api;

typedef struct md_hip_clone {
  const void *handle;        /* registered host handle of K__magicdiv */
  const unsigned char *desc; /* the bytes of K__magicdiv_desc */
  uint64_t desc_size;
  /* MD_HIP_API_VERSION 2: the plain tier K__magicdiv_plain (handle NULL
   * when the code objects have none), launched when a bet of K__magicdiv
   * fails. */
  const void *plain_handle;
  const unsigned char *plain_desc; /* the bytes of K__magicdiv_plain_desc */
  uint64_t plain_desc_size;
  /* MD_HIP_API_VERSION 3: the pow2 tier K__magicdiv_pow2 (NULL when the
   * code objects have none): K__magicdiv's parameters and descriptor, every
   * u64 division a shift, launched instead of K__magicdiv when every u64
   * divisor is a power of two (md_abi.h md_pow2_tier_holds). */
  const void *pow2_handle;
} md_hip_clone;

/* In place of `api->launch_kernel(fn, ...)`.  `clone` is NULL when the
 * module's code objects hold no clone of this kernel.  Returns a
 * hipError_t value. */
int md_hip_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                  size_t shmem, void *stream, const char *name,
                  const md_hip_api *api, const md_hip_clone *clone);

/* hipExtLaunchKernel: the events and flags are passed on unchanged. */
typedef int (*md_hip_ext_launch_fn)(const void *fn, md_dim3 grid,
                                    md_dim3 block, void **args, size_t shmem,
                                    void *stream, void *start_event,
                                    void *stop_event, int flags);
typedef struct md_hip_ext_api {
  uint32_t version; /* MD_HIP_API_VERSION */
  uint32_t flags;   /* MD_API_* */
  md_hip_ext_launch_fn launch_kernel; /* hipExtLaunchKernel */
} md_hip_ext_api;

int md_hip_launch_ext(const void *fn, md_dim3 grid, md_dim3 block,
                      void **args, size_t shmem, void *stream,
                      void *start_event, void *stop_event, int flags,
                      const char *name, const md_hip_ext_api *api,
                      const md_hip_clone *clone);

/* hipLaunchCooperativeKernel (its shared memory is an unsigned int). */
typedef int (*md_hip_coop_launch_fn)(const void *fn, md_dim3 grid,
                                     md_dim3 block, void **args,
                                     unsigned int shmem, void *stream);
typedef struct md_hip_coop_api {
  uint32_t version; /* MD_HIP_API_VERSION */
  uint32_t flags;   /* MD_API_COOPERATIVE (| MD_API_PER_THREAD for _spt) */
  md_hip_coop_launch_fn launch_kernel; /* hipLaunchCooperativeKernel(_spt) */
} md_hip_coop_api;

int md_hip_launch_cooperative(const void *fn, md_dim3 grid, md_dim3 block,
                              void **args, unsigned int shmem, void *stream,
                              const char *name, const md_hip_coop_api *api,
                              const md_hip_clone *clone);

/* hipStreamIsCapturing, for MAGICDIV_GRAPHS=original on HIP: resolved in
 * the process (dlsym) on first use; tests install their own.  Where it is
 * missing every HIP launch runs the original under that setting. */
void md_hip_set_stream_is_capturing(int (*fn)(void *stream, int *status));

/* HIP's events, for the measured choice between a clone and its original
 * (docs/LAUNCH.md, "Measured choice"): hipEventCreateWithFlags,
 * hipEventRecord, hipEventQuery (hipErrorNotReady, 600: not yet),
 * hipEventElapsedTime and hipEventDestroy.  Resolved in the process
 * (dlsym) on first use; md_hip_set_event_api installs a table (copied;
 * tests), NULL goes back.  Where one is missing every HIP kernel keeps
 * its clone. */
#define MD_HIP_EVENT_API_VERSION 1
typedef struct md_hip_event_api {
  uint32_t version; /* MD_HIP_EVENT_API_VERSION */
  int (*create)(void **ev, unsigned int flags);
  int (*record)(void *ev, void *stream);
  int (*query)(void *ev);
  int (*elapsed_time)(float *ms, void *start, void *stop);
  int (*destroy)(void *ev);
} md_hip_event_api;
void md_hip_set_event_api(const md_hip_event_api *api);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_HIP_H */
