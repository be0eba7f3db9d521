/*
 * md_launch_cuda_entry.h -- the CUDA backend's entries (md_launch_cuda_entry.c):
 * the context key, the first-launch lookup of a kernel's clone and
 * descriptor (md_launch_cuda.c launches through them), and the entry
 * made outside a launch (the graph calls).  Not installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_CUDA_ENTRY_H
#define MAGICDIV_MD_LAUNCH_CUDA_ENTRY_H

#include "launch/md_launch_internal.h"

#define MD_CUDA_SUCCESS 0
#define MD_CUDA_ERROR_NOT_INITIALIZED 3
#define MD_CUDA_ERROR_NOT_FOUND 500
#define MD_CUDA_STREAM_NON_BLOCKING 0x1u
#define MD_CUDA_STREAM_PER_THREAD ((md_CUstream)(uintptr_t)0x2)

/* md_ctx_key where cuCtxGetId(NULL) fails: the current context first. */
uint64_t md_cuda_ctx_key_of_current(const md_cuda_driver *d);

/* Key of the current context: its id (never reused) where the driver has
 * cuCtxGetId, else its address; 0 when no context is current.  One driver
 * call where it can be: cuCtxGetId(NULL) is documented to give the current
 * context's id; where it fails (no context current, or a driver that wants
 * the handle, or one older than CUDA 12.0 without it) the context is
 * asked for first. */
static inline uint64_t md_ctx_key(const md_cuda_driver *d) {
  unsigned long long id;
  if (d->ctx_get_id && d->ctx_get_id(NULL, &id) == MD_CUDA_SUCCESS)
    return (uint64_t)id + 1;
  return md_cuda_ctx_key_of_current(d);
}

/* The entry of kernel `key` in context ctx, made on its first launch
 * there: gfs (the program's cudaGetFuncBySymbol) for the runtime API,
 * where key is a stub, else f, the CUfunction; name: its device name, or
 * NULL (cuFuncGetName).  all: a kernel whose outcome holds in every
 * context also gets an MD_CTX_ALL entry.  NULL when out of memory.
 * *created: this call made it. */
const md_entry *md_cuda_entry_get(const md_cuda_driver *d, const void *key,
                                  uint64_t ctx,
                                  int (*gfs)(md_CUfunction *, const void *),
                                  md_CUfunction f, const char *name, int all,
                                  int *created);

/* The CUDA entry of kernel `key` in the current context, made if there is
 * none (gfs: runtime API, key is a stub; else key is the CUfunction).
 * NULL: no context, no name to look the clone up by, out of memory. */
const md_entry *md_cuda_entry(const md_cuda_driver *d, const void *key,
                              int (*gfs)(md_CUfunction *, const void *),
                              const char *name);

#endif /* MAGICDIV_MD_LAUNCH_CUDA_ENTRY_H */
