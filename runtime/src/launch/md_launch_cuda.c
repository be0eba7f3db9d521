/*
 * md_launch_cuda.c -- launching clones on CUDA: md_cuda_launch (runtime
 * API, called where the host pass rerouted cudaLaunchKernel, its _ptsz
 * twin or a cooperative launch), md_cuda_launch_ex (cudaLaunchKernelExC)
 * and md_cuLaunchKernel (driver API drop-in).
 *
 * Each is the CUDA backend of the one launch flow (md_launch_flow.h): an
 * md_cuda_call with the operations the flow needs -- the original through
 * the program's own cudaLaunchKernel / cudaLaunchKernelExC or the driver's
 * cuLaunchKernel, the clone through the driver (cuLaunchKernel,
 * cuLaunchCooperativeKernel for a cooperative launch, cuLaunchKernelEx
 * with the same attributes for cudaLaunchKernelExC) with the same grid,
 * block, dynamic shared memory and stream, the capture query, this
 * thread's record of the kernel in the current context, and the entry
 * (made on the kernel's first launch in the context:
 * md_launch_cuda_entry.c).  Any failure on the way -- no driver, no
 * context, no clone, no descriptor, a bad descriptor, a divisor that is 0
 * or otherwise outside the clone's domain in this launch, a failed clone
 * launch -- runs the original exactly as the program asked, and its result
 * is returned.
 *
 * md_cuda_launch first takes the fast path of a repeated launch (see its
 * comment): no md_cuda_call is made for it.
 */
#include <limits.h>
#include <stdatomic.h>
#include <string.h>

#include "magicdiv/md_cuda.h"
#include "md_launch_cuda.h"
#include "md_launch_flow.h"
#include "md_memo_fast.h"

#define MD_CUDART_INVALID_VALUE 1 /* cudaErrorInvalidValue */

/* A CUDA launch as the program made it. */
typedef struct md_cuda_call {
  md_call l;
  const md_cuda_driver *d; /* NULL until known */
  /* runtime API: cudaLaunchKernel-like (api) or cudaLaunchKernelExC (ex,
   * with the program's own config) and cudaGetFuncBySymbol */
  const md_cuda_api *api;
  const md_cuda_ex_api *ex;
  const md_cuda_launch_config *config;
  int (*gfs)(md_CUfunction *func, const void *symbol);
  const char *name; /* the kernel's device name, or NULL */
  size_t shmem;
  void *stream;     /* as the program passed it */
  md_CUstream cs;   /* the stream it means (_ptsz: 0 is the per-thread) */
  uint64_t ctx;     /* the context key, once asked (0: not yet) */
  int cooperative;  /* launch the clone cooperatively */
  void **extra;     /* driver API */
} md_cuda_call;

/* The stream a runtime-API launch into `stream` means: cudaLaunchKernel's
 * default stream (0) is the per-thread one for the _ptsz entry points. */
static inline md_CUstream md_cuda_stream(void *stream, uint32_t flags) {
  if (!stream && (flags & MD_API_PER_THREAD))
    return MD_CUDA_STREAM_PER_THREAD;
  return (md_CUstream)stream;
}

int md_cuda_capturing(const md_cuda_driver *d, md_CUstream s) {
  int status = 0;
  return d->stream_is_capturing &&
         d->stream_is_capturing(s, &status) == MD_CUDA_SUCCESS &&
         status != 0;
}

/* ---- the operations of the flow ---- */

static int md_cuda_run_rt(const md_call *l, const void *fn, void **args) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  return c->api->launch_kernel(fn, l->grid, l->block, args, c->shmem,
                               c->stream);
}

static int md_cuda_run_ex(const md_call *l, const void *fn, void **args) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  return c->ex->launch_kernel_ex(c->config, fn, args);
}

static int md_cuda_run_drv(const md_call *l, const void *fn, void **args) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  return c->d->launch_kernel((md_CUfunction)fn, l->grid.x, l->grid.y,
                             l->grid.z, l->block.x, l->block.y, l->block.z,
                             (unsigned int)c->shmem, c->cs, args, c->extra);
}

/* The clone through the driver, in the launch's form.  The driver entry
 * that form needs may be missing (an old driver): then *why names it and
 * nothing is launched. */
static int md_cuda_clone(const md_call *l, const md_entry *e,
                         const md_clone_args *ca, int *r, const char **why) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  const md_cuda_driver *d = c->d;
  (void)e;
  if (c->ex) {
    md_CUlaunchConfig cf;
    if (!d->launch_kernel_ex) {
      *why = "the driver lacks cuLaunchKernelEx";
      return MD_ERR_DRIVER;
    }
    memset(&cf, 0, sizeof cf);
    cf.grid_x = l->grid.x, cf.grid_y = l->grid.y, cf.grid_z = l->grid.z;
    cf.block_x = l->block.x, cf.block_y = l->block.y;
    cf.block_z = l->block.z;
    cf.shmem = (unsigned int)c->shmem;
    cf.stream = c->cs;
    cf.attrs = c->config->attrs; /* same layout and ids: passed unchanged */
    cf.num_attrs = c->config->num_attrs;
    *r = d->launch_kernel_ex(&cf, ca->fn, ca->args, NULL);
  } else if (c->cooperative) {
    if (!d->launch_cooperative_kernel) {
      *why = "the driver lacks cuLaunchCooperativeKernel";
      return MD_ERR_DRIVER;
    }
    *r = d->launch_cooperative_kernel(
        ca->fn, l->grid.x, l->grid.y, l->grid.z, l->block.x, l->block.y,
        l->block.z, (unsigned int)c->shmem, c->cs, ca->args);
  } else {
    *r = d->launch_kernel(ca->fn, l->grid.x, l->grid.y, l->grid.z,
                          l->block.x, l->block.y, l->block.z,
                          (unsigned int)c->shmem, c->cs, ca->args, NULL);
  }
  return MD_OK;
}

static int md_cuda_capture(const md_call *l) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  return md_cuda_capturing(c->d, c->cs);
}

/* This thread's record of the kernel: the one for every context, or the
 * current context's (asked only when the thread has a record of it). */
static md_memo *md_cuda_record(md_call *l) {
  md_cuda_call *c = (md_cuda_call *)l;
  md_memo *m;
  if (c->extra || !md_memo_of(l->fn))
    return NULL;
  if ((m = md_memo_at(l->fn, MD_CTX_ALL)))
    return m;
  if ((!c->d && !(c->d = md_cuda_driver_fast())) ||
      (!c->ctx && !(c->ctx = md_ctx_key(c->d))))
    return NULL;
  return md_memo_at(l->fn, c->ctx);
}

static atomic_int md_nodriver_logged;

/* The driver and the current context of a runtime-API launch (no context
 * yet: cudart makes its primary context current on its first call; an
 * error here reappears in the original launch).  0, or -1: the original
 * runs. */
static int md_cuda_rt_context(md_cuda_call *c) {
  md_CUfunction f = NULL;
  if (!c->d)
    c->d = md_cuda_driver_get();
  if (!c->d || !c->gfs) {
    if (atomic_exchange(&md_nodriver_logged, 1) == 0)
      md_logf("no CUDA driver (%s); every kernel runs its original",
              c->d ? "cudaGetFuncBySymbol missing" : md_cuda_driver_why());
    return -1;
  }
  if (!c->ctx)
    c->ctx = md_ctx_key(c->d);
  if (!c->ctx && (c->gfs(&f, c->l.fn) != 0 || !(c->ctx = md_ctx_key(c->d))))
    return -1;
  return 0;
}

/* The kernel's entry in the current context (the cache's one for every
 * context first); made on its first launch there, but not for a launch
 * into a stream being captured (the next launch outside capture does). */
static const md_entry *md_cuda_entry_of(md_call *l, int *created) {
  md_cuda_call *c = (md_cuda_call *)l;
  const md_entry *e;
  if (c->extra || !l->fn) /* driver API: packed parameters, no kernel */
    return NULL;
  if ((e = md_cache_find(l->fn, MD_CTX_ALL)))
    return e; /* no clone in any context */
  if (c->api || c->ex) { /* runtime API */
    if (md_cuda_rt_context(c) != 0)
      return NULL;
  } else if (!c->ctx && !(c->ctx = md_ctx_key(c->d))) {
    return NULL;
  }
  if ((e = md_cache_find(l->fn, c->ctx)))
    return e;
  if (md_cuda_capturing(c->d, c->cs))
    return NULL;
  return md_cuda_entry_get(c->d, l->fn, c->ctx, c->gfs,
                           c->gfs ? NULL : (md_CUfunction)l->fn, c->name, 1,
                           created);
}

static int md_cuda_check(const md_call *l, const md_entry *e,
                         const char **why) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  (void)e;
  if (c->shmem <= UINT_MAX)
    return MD_OK;
  *why = "dynamic shared memory beyond 4 GiB";
  return MD_ERR_INVALID;
}

static const char *md_cuda_err(const md_call *l, int r, char *buf,
                               size_t n) {
  return md_cu_err_name(((const md_cuda_call *)l)->d, r, buf, n);
}

/* CUlaunchAttribute: an id, padding to 8 bytes, a 64-byte value union
 * (test/unit/launch-abi.test checks it against cuda.h). */
#define MD_CU_ATTR_SIZE 72
#define MD_CU_ATTR_VALUE 8
#define MD_CU_ATTR_PROG_SERIALIZATION 6 /* ..._PROGRAMMATIC_STREAM_SERIALIZATION */
#define MD_CU_ATTR_PROG_EVENT 7         /* ..._PROGRAMMATIC_EVENT */

/* 1 if a cudaLaunchKernelExC launch asks for programmatic dependent
 * launch: an event between it and its predecessor would change their
 * overlap, so the measured choice never times it. */
static int md_cuda_programmatic(const md_cuda_launch_config *cf) {
  const unsigned char *a = cf->attrs;
  for (unsigned i = 0; a && i < cf->num_attrs; i++, a += MD_CU_ATTR_SIZE) {
    int id, on;
    memcpy(&id, a, sizeof id);
    memcpy(&on, a + MD_CU_ATTR_VALUE, sizeof on);
    if ((id == MD_CU_ATTR_PROG_SERIALIZATION && on) ||
        id == MD_CU_ATTR_PROG_EVENT)
      return 1;
  }
  return 0;
}

/* The driver's events, recorded on the launch's stream. */
static const md_event_fns *md_cuda_timer(const md_call *l, void **stream,
                                         int *may) {
  const md_cuda_call *c = (const md_cuda_call *)l;
  *stream = c->cs;
  *may = !c->config || !md_cuda_programmatic(c->config);
  return c->d ? md_cuda_events(c->d) : NULL;
}

static const md_launch_ops md_cuda_rt_ops = {
    md_cuda_run_rt,  md_cuda_clone,    md_cuda_capture, md_cuda_record,
    md_cuda_entry_of, md_cuda_check,   md_cuda_err,     md_cuda_timer};
static const md_launch_ops md_cuda_ex_ops = {
    md_cuda_run_ex,  md_cuda_clone,    md_cuda_capture, md_cuda_record,
    md_cuda_entry_of, md_cuda_check,   md_cuda_err,     md_cuda_timer};
static const md_launch_ops md_cuda_drv_ops = {
    md_cuda_run_drv, md_cuda_clone,    md_cuda_capture, md_cuda_record,
    md_cuda_entry_of, md_cuda_check,   md_cuda_err,     md_cuda_timer};

/* ---- the runtime API: md_cuda_launch ---- */

/* The call of a runtime-API launch (fn, grid, block, args, shmem, stream)
 * through api (driver d and context ctx when known, else NULL and 0). */
static void md_cuda_call_rt(md_cuda_call *c, const void *fn, md_dim3 grid,
                            md_dim3 block, void **args, size_t shmem,
                            void *stream, const char *name,
                            const md_cuda_api *api) {
  memset(c, 0, sizeof *c);
  md_call_init(&c->l, &md_cuda_rt_ops, fn, args, grid, block);
  if (api->flags & MD_API_FRAME_ARGS)
    c->l.slots = MD_API_FRAME_SLOTS(api->flags);
  c->api = api;
  c->gfs = api->get_func_by_symbol;
  c->name = name;
  c->shmem = shmem;
  c->stream = stream;
  c->cs = md_cuda_stream(stream, api->flags);
  c->cooperative = (api->flags & MD_API_COOPERATIVE) != 0;
}

/* md_cuda_launch decided from e, the entry of fn in the current context,
 * which this thread's record of it named (no lookup; fresh: the record
 * was compared and differs, no second compare).  Out of line: the fast
 * path needs no frame for it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_launch_entry(const void *fn, md_dim3 grid, md_dim3 block,
                                void **args, size_t shmem, void *stream,
                                const md_cuda_api *api, const md_entry *e,
                                int fresh) {
  md_cuda_call c;
  md_cuda_call_rt(&c, fn, grid, block, args, shmem, stream, NULL, api);
  c.d = md_cuda_driver_fast();
  c.l.find = !fresh;
  return md_launch_decide(&c.l, e, 0);
}

/* Launch the clone of record m (MD_OK, not lent; its inputs are this
 * launch's) with the record's argument array, like the launch (fn, *grid,
 * *block, args, shmem, stream) through api; a failed clone launch runs the
 * original, as the flow does.  (The dimensions by address: GCC keeps the
 * caller's copies then, instead of making new ones.) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int md_cuda_memo_launch(md_memo *m, const md_cuda_driver *d,
                                      void **ca, const void *fn,
                                      const md_dim3 *grid,
                                      const md_dim3 *block, void **args,
                                      size_t shmem, void *stream,
                                      const md_cuda_api *api) {
  md_CUresult rc;
  rc = d->launch_kernel(md_memo_fn(m), grid->x, grid->y, grid->z, block->x,
                        block->y, block->z, (unsigned int)shmem,
                        md_cuda_stream(stream, api->flags), ca, NULL);
  md_memo_end(m);
  if (rc != MD_CUDA_SUCCESS)
    return api->launch_kernel(fn, *grid, *block, args, shmem, stream);
  return MD_CUDA_SUCCESS;
}

/* md_cuda_launch with this thread's record m of fn in the current context
 * (driver d) that is not ready (an orig record of this context, a
 * remembered fallback, a kernel whose programs read the launch geometry --
 * the dimensions compared as packed words under the record's mask --, a
 * record made under MAGICDIV_GRAPHS=original, or one lent): what
 * md_memo_repeat decides, as md_launch_repeat does, without an
 * md_cuda_call (the commonest clone, a launch-checked dividend range,
 * reads the launch geometry and comes here on every launch). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_repeat(md_memo *m, const md_cuda_driver *d,
                          const void *fn, md_dim3 grid, md_dim3 block,
                          void **args, size_t shmem, void *stream,
                          const md_cuda_api *api) {
  uint32_t slots = (api->flags & MD_API_FRAME_ARGS)
                       ? MD_API_FRAME_SLOTS(api->flags)
                       : 0;
  md_repeat r = md_memo_repeat(m, args, slots, &grid, &block);
  switch (r) {
  case MD_REPEAT_ORIGINAL:
    return api->launch_kernel(fn, grid, block, args, shmem, stream);
  case MD_REPEAT_FRESH:
  case MD_REPEAT_ENTRY:
    return md_cuda_launch_entry(fn, grid, block, args, shmem, stream, api,
                                md_memo_entry(m), r == MD_REPEAT_FRESH);
  case MD_REPEAT_CAPTURE:
    if (md_cuda_capturing(d, md_cuda_stream(stream, api->flags)))
      return api->launch_kernel(fn, grid, block, args, shmem, stream);
    break;
  case MD_REPEAT_CLONE:
    break;
  }
  return md_cuda_memo_launch(m, d, md_memo_take(m), fn, &grid, &block, args,
                             shmem, stream, api);
}

/* md_cuda_launch past its fast path: the flow (md_launch_run). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_launch_slow(const void *fn, md_dim3 grid, md_dim3 block,
                               void **args, size_t shmem, void *stream,
                               const char *name, const md_cuda_api *api) {
  md_cuda_call c;
  md_cuda_call_rt(&c, fn, grid, block, args, shmem, stream, name, api);
  return md_launch_run(&c.l);
}

/* Every launch starts here.  The fast path is a repeated launch: this
 * thread's memo has a record of fn (md_memo_of: one thread-local probe,
 * no cache) that runs the original in every context, or a ready one (it
 * runs the clone with the record's argument array) of the current
 * context (one driver call) whose inputs are this launch's -- the same
 * argument pointers, the same values where they were read (md_memo_hit)
 * -- so the clone runs at once (a failed clone launch runs the original,
 * as the flow does).  The fast path makes no call but those two and
 * inlines the compare, so that the launch's arguments stay where they
 * arrived.  Other inputs go to md_cuda_launch_entry with the record's
 * entry (not compared again); a record of this context that is not ready
 * to md_cuda_repeat; anything else (no record, a record of another
 * context, a cooperative launch, more than 4 GiB of dynamic shared
 * memory, a driver not known yet) to the flow, md_cuda_launch_slow. */
#if defined(__GNUC__)
__attribute__((noinline)) /* MD_RETURN_ADDRESS: the return address is the
                             site */
#endif
int md_cuda_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                   size_t shmem, void *stream, const char *name,
                   const md_cuda_api *api) {
  const md_cuda_driver *d;
  md_memo *m;
  uint64_t ctx;
  int same;
  if (!api || !api->launch_kernel)
    return MD_CUDART_INVALID_VALUE;
  if (!(m = md_memo_of(fn)))
    goto slow;
  if (md_memo_everywhere(m)) /* no clone in any context */
    return api->launch_kernel(fn, grid, block, args, shmem, stream);
  if ((api->flags & MD_API_COOPERATIVE) || shmem > UINT_MAX ||
      !(d = atomic_load_explicit(&md_cuda_driver_known,
                                 memory_order_acquire)) ||
      !(ctx = md_ctx_key(d)) || ctx != md_memo_ctx(m))
    goto slow;
  if (!md_memo_ready(m)) {
    if (md_memo_orig_for(m, grid)) /* (the measured choice's original) */
      return api->launch_kernel(fn, grid, block, args, shmem, stream);
    return md_cuda_repeat(m, d, fn, grid, block, args, shmem, stream, api);
  }
  same = md_memo_hit(m, args, api->flags, MD_RETURN_ADDRESS());
  if (same != 1) /* other inputs */
    return md_cuda_launch_entry(fn, grid, block, args, shmem, stream, api,
                                md_memo_entry(m), same == 0);
  if (!md_memo_grid_ok(m, grid)) { /* another grid: its shape compared */
    md_memo_end(m);
    return md_cuda_repeat(m, d, fn, grid, block, args, shmem, stream, api);
  }
  return md_cuda_memo_launch(m, d, md_memo_args(m), fn, &grid, &block, args,
                             shmem, stream, api);
slow:
  return md_cuda_launch_slow(fn, grid, block, args, shmem, stream, name, api);
}

/* ---- cudaLaunchKernelExC and the driver API ---- */

int md_cuda_launch_ex(const md_cuda_launch_config *config, const void *fn,
                      void **args, const char *name,
                      const md_cuda_ex_api *api) {
  md_cuda_call c;
  if (!api || !api->launch_kernel_ex)
    return MD_CUDART_INVALID_VALUE;
  if (!config) /* the program's own call reports its error */
    return api->launch_kernel_ex(config, fn, args);
  memset(&c, 0, sizeof c);
  md_call_init(&c.l, &md_cuda_ex_ops, fn, args, config->grid, config->block);
  c.ex = api;
  c.config = config;
  c.gfs = api->get_func_by_symbol;
  c.name = name;
  c.shmem = config->shmem;
  c.stream = config->stream;
  c.cs = md_cuda_stream(config->stream, api->flags);
  return md_launch_run(&c.l);
}

md_CUresult md_cuLaunchKernel(md_CUfunction f, unsigned int grid_x,
                              unsigned int grid_y, unsigned int grid_z,
                              unsigned int block_x, unsigned int block_y,
                              unsigned int block_z, unsigned int shmem,
                              md_CUstream stream, void **params, void **extra,
                              const char *name) {
  md_dim3 grid = {grid_x, grid_y, grid_z}, block = {block_x, block_y, block_z};
  md_cuda_call c;
  memset(&c, 0, sizeof c);
  if (!(c.d = md_cuda_driver_get()))
    return MD_CUDA_ERROR_NOT_INITIALIZED;
  md_call_init(&c.l, &md_cuda_drv_ops, f, params, grid, block);
  c.name = name;
  c.shmem = shmem;
  c.stream = stream;
  c.cs = stream;
  c.extra = extra; /* packed parameters: no per-parameter pointers */
  return md_launch_run(&c.l);
}
