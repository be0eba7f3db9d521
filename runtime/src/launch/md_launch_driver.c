/*
 * md_launch_driver.c -- the CUDA driver API as the launch layer sees it:
 * a table of function pointers (md_cuda_driver), resolved from
 * libcuda.so.1 with dlopen/dlsym on first use, or installed by
 * md_cuda_set_driver (tests install a fake one: CI has no GPU).
 *
 * No link-time dependency on libcuda: a CUDA program already has
 * libcuda.so.1 loaded (cudart opens it), so dlopen returns that same
 * library.  The handle is kept for the life of the process, like cudart's.
 * Symbols are looked up by their ABI names, i.e. the versioned names that
 * cuda.h maps the API names to (cuModuleGetGlobal -> cuModuleGetGlobal_v2).
 * cuLaunchKernel is the legacy-stream ABI entry; the caller passes the
 * per-thread stream handle explicitly where that is what the program meant.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "launch/md_launch_driver.h"
#include "launch/md_launch_internal.h"

static md_cuda_driver md_libcuda;  /* resolved from libcuda.so.1 */
static int md_libcuda_ok;
static char md_libcuda_why[160];
static pthread_once_t md_libcuda_once = PTHREAD_ONCE_INIT;

static md_event_fns md_libcuda_ev; /* its events, or all NULL */
static md_cuda_driver md_user;     /* md_cuda_set_driver's copy */
static md_event_fns md_user_ev;
static _Atomic(const md_cuda_driver *) md_override;
/* md_user while it is installed, else &md_libcuda once it loaded; NULL
 * until then (and after md_cuda_set_driver(NULL), until the next get). */
_Atomic(const md_cuda_driver *) md_cuda_driver_known;

#define MD_SYM(field, sym)                                                     \
  do {                                                                         \
    void *p_ = dlsym(h, sym);                                                  \
    memcpy(&d->field, &p_, sizeof p_); /* object -> function pointer */        \
  } while (0)

/* The five event entries of table d as the measured choice calls them;
 * all NULL unless every one is there. */
static void md_events_of(const md_cuda_driver *d, md_event_fns *ev) {
  memset(ev, 0, sizeof *ev);
  if (!d->event_create || !d->event_record || !d->event_query ||
      !d->event_elapsed_time || !d->event_destroy)
    return;
  ev->create = d->event_create;
  ev->record = d->event_record;
  ev->query = d->event_query;
  ev->elapsed = d->event_elapsed_time;
  ev->destroy = d->event_destroy;
}

const md_event_fns *md_cuda_events(const md_cuda_driver *d) {
  const md_event_fns *ev = d == &md_user      ? &md_user_ev
                           : d == &md_libcuda ? &md_libcuda_ev
                                              : NULL;
  return ev && ev->create ? ev : NULL;
}

/* The bytes of a table of version v that md_cuda_set_driver reads. */
static size_t md_driver_bytes(uint32_t v) {
  if (v == 1) /* ends at get_error_name */
    return offsetof(md_cuda_driver, get_error_name) +
           sizeof(((md_cuda_driver *)0)->get_error_name);
  if (v == 2) /* ends at func_get_param_info */
    return offsetof(md_cuda_driver, func_get_param_info) +
           sizeof(((md_cuda_driver *)0)->func_get_param_info);
  return sizeof(md_cuda_driver);
}

static void md_libcuda_load(void) {
  md_cuda_driver *d = &md_libcuda;
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *e = dlerror();
    snprintf(md_libcuda_why, sizeof md_libcuda_why,
             "libcuda.so.1 not loadable: %s", e ? e : "unknown error");
    return;
  }
  d->version = MD_CUDA_DRIVER_VERSION;
  MD_SYM(ctx_get_current, "cuCtxGetCurrent");
  MD_SYM(ctx_get_id, "cuCtxGetId");
  MD_SYM(func_get_module, "cuFuncGetModule");
  MD_SYM(func_get_name, "cuFuncGetName");
  MD_SYM(module_get_function, "cuModuleGetFunction");
  MD_SYM(module_get_global, "cuModuleGetGlobal_v2");
  MD_SYM(memcpy_dtoh, "cuMemcpyDtoH_v2");
  MD_SYM(stream_create, "cuStreamCreate");
  MD_SYM(memcpy_dtoh_async, "cuMemcpyDtoHAsync_v2");
  MD_SYM(stream_synchronize, "cuStreamSynchronize");
  MD_SYM(stream_destroy, "cuStreamDestroy_v2");
  MD_SYM(stream_is_capturing, "cuStreamIsCapturing");
  MD_SYM(launch_kernel, "cuLaunchKernel");
  MD_SYM(get_error_name, "cuGetErrorName");
  MD_SYM(launch_kernel_ex, "cuLaunchKernelEx");
  MD_SYM(launch_cooperative_kernel, "cuLaunchCooperativeKernel");
  MD_SYM(func_get_param_info, "cuFuncGetParamInfo");
  MD_SYM(event_create, "cuEventCreate");
  MD_SYM(event_record, "cuEventRecord");
  MD_SYM(event_query, "cuEventQuery");
  MD_SYM(event_elapsed_time, "cuEventElapsedTime_v2");
  if (!d->event_elapsed_time) /* before CUDA 12.8 */
    MD_SYM(event_elapsed_time, "cuEventElapsedTime");
  MD_SYM(event_destroy, "cuEventDestroy_v2");
  md_events_of(d, &md_libcuda_ev);
  if (!d->ctx_get_current || !d->func_get_module || !d->module_get_function ||
      !d->module_get_global || !d->memcpy_dtoh || !d->launch_kernel) {
    snprintf(md_libcuda_why, sizeof md_libcuda_why,
             "libcuda.so.1 lacks %s (driver older than CUDA 11.0?)",
             !d->func_get_module ? "cuFuncGetModule" : "a needed entry point");
    return;
  }
  md_libcuda_ok = 1;
}

const md_cuda_driver *md_cuda_driver_get(void) {
  const md_cuda_driver *d =
      atomic_load_explicit(&md_override, memory_order_acquire);
  const md_cuda_driver *none = NULL;
  if (d)
    return d;
  pthread_once(&md_libcuda_once, md_libcuda_load);
  if (!md_libcuda_ok)
    return NULL;
  /* only where no table was installed meanwhile */
  atomic_compare_exchange_strong_explicit(&md_cuda_driver_known, &none,
                                          &md_libcuda, memory_order_acq_rel,
                                          memory_order_relaxed);
  return &md_libcuda;
}

const char *md_cuda_driver_why(void) {
  if (atomic_load_explicit(&md_override, memory_order_acquire))
    return "";
  pthread_once(&md_libcuda_once, md_libcuda_load);
  return md_libcuda_why;
}

int md_cuda_set_driver(const md_cuda_driver *drv) {
  if (drv) {
    if (drv->version < 1 || drv->version > MD_CUDA_DRIVER_VERSION ||
        !drv->ctx_get_current || !drv->func_get_module ||
        !drv->module_get_function || !drv->module_get_global ||
        !drv->memcpy_dtoh || !drv->launch_kernel)
      return MD_ERR_INVALID;
    memset(&md_user, 0, sizeof md_user);
    memcpy(&md_user, drv, md_driver_bytes(drv->version));
    md_user.version = MD_CUDA_DRIVER_VERSION;
    md_events_of(&md_user, &md_user_ev);
    atomic_store_explicit(&md_override, &md_user, memory_order_release);
    atomic_store_explicit(&md_cuda_driver_known, &md_user,
                          memory_order_release);
  } else {
    atomic_store_explicit(&md_override, NULL, memory_order_release);
    atomic_store_explicit(&md_cuda_driver_known, NULL, memory_order_release);
  }
  md_launch_reset();
  return MD_OK;
}

const char *md_cu_err_name(const md_cuda_driver *d, md_CUresult r, char *buf,
                           size_t n) {
  const char *s = NULL;
  if (d && d->get_error_name && d->get_error_name(r, &s) == 0 && s)
    return s;
  snprintf(buf, n, "error %d", r);
  return buf;
}
