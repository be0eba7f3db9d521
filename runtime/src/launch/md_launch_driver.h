/*
 * md_launch_driver.h -- the CUDA driver table (md_launch_driver.c) and the
 * event functions the measured choice times launches with.  Not installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_DRIVER_H
#define MAGICDIV_MD_LAUNCH_DRIVER_H

#include <stdatomic.h>
#include <stddef.h>

#include "magicdiv/md_launch.h"

/* ---- CUDA driver (md_launch_driver.c) ---- */
/* The installed table, loading libcuda.so.1 on first use; NULL when no
 * driver is available (why: md_cuda_driver_why()). */
const md_cuda_driver *md_cuda_driver_get(void);
const char *md_cuda_driver_why(void);
/* The table md_cuda_driver_get returns, once it is known (NULL before):
 * what a repeated launch reads instead of calling it. */
extern _Atomic(const md_cuda_driver *) md_cuda_driver_known;
static inline const md_cuda_driver *md_cuda_driver_fast(void) {
  const md_cuda_driver *d =
      atomic_load_explicit(&md_cuda_driver_known, memory_order_acquire);
  return d ? d : md_cuda_driver_get();
}
/* The event functions the measured choice times launches with (launch/
 * md_choice.c): CUDA's driver entries or HIP's, one shape (int results:
 * 0 success, 600 not ready yet, for both), or the host clock's for
 * launches that return when the kernel is done (launch/md_host_clock.h:
 * OpenMP offload). */
typedef struct md_event_fns {
  int (*create)(void **ev, unsigned int flags);
  int (*record)(void *ev, void *stream);
  int (*query)(void *ev);
  int (*elapsed)(float *ms, void *start, void *stop);
  int (*destroy)(void *ev);
  int host_clock; /* 1: the host clock's (the log says so) */
} md_event_fns;
#define MD_EVENT_NOT_READY 600
/* Driver table d's events (NULL: it lacks one of the five). */
const md_event_fns *md_cuda_events(const md_cuda_driver *d);

/* "CUDA_ERROR_NOT_FOUND" or "error 500". buf: at least 32 bytes. */
const char *md_cu_err_name(const md_cuda_driver *d, md_CUresult r, char *buf,
                           size_t n);

#endif /* MAGICDIV_MD_LAUNCH_DRIVER_H */
