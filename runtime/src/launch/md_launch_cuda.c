/*
 * md_launch_cuda.c -- launching clones on CUDA: md_cuda_launch (runtime
 * API, called where the host pass rerouted cudaLaunchKernel, its _ptsz
 * twin or a cooperative launch), md_cuda_launch_ex (cudaLaunchKernelExC)
 * and md_cuLaunchKernel (driver API drop-in).
 *
 * First launch of a kernel in a context (slow path, md_cuda_make):
 *   CUfunction   cudaGetFuncBySymbol(stub)      (runtime API path)
 *   CUmodule     cuFuncGetModule(f)
 *   clone        cuModuleGetFunction(mod, "<name>__magicdiv")
 *   descriptor   cuModuleGetGlobal(mod, "<name>__magicdiv_desc") and a copy
 *                to the host, validated once (md_desc_validate)
 *   parameters   where the driver has cuFuncGetParamInfo (CUDA 12.4+): the
 *                original's parameter count and sizes must be the
 *                descriptor's, else the original runs
 * The result, good or bad, is cached per (kernel, context id) in the
 * lock-free launch cache (md_launch_cache.c).
 *
 * Every launch (fast path, md_cuda_run): the cache entry; if it allows the
 * clone, the magic arguments of this launch (md_desc_fill_validated) and
 * cuLaunchKernel of the clone with the same grid, block, dynamic shared
 * memory and stream (cuLaunchCooperativeKernel for a cooperative launch,
 * cuLaunchKernelEx with the same attributes for cudaLaunchKernelExC).  Any failure on the way -- no driver, no context, no
 * clone, no descriptor, a bad descriptor, a divisor that is 0 or otherwise
 * outside the clone's domain in this launch, a failed clone launch -- runs
 * the original exactly as the program asked, and its result is returned.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_graph_internal.h"
#include "md_launch_internal.h"
#include "md_memo.h"

#define MD_CUDA_SUCCESS 0
#define MD_CUDA_ERROR_NOT_INITIALIZED 3
#define MD_CUDA_ERROR_NOT_FOUND 500
#define MD_CUDA_STREAM_NON_BLOCKING 0x1u
#define MD_CUDA_STREAM_PER_THREAD ((md_CUstream)(uintptr_t)0x2)
#define MD_CUDART_INVALID_VALUE 1 /* cudaErrorInvalidValue */

/* The original launch, as the program asked for it. */
typedef struct md_cuda_orig {
  /* runtime API: cudaLaunchKernel-like (api) or cudaLaunchKernelExC (ex) */
  const md_cuda_api *api;
  const md_cuda_ex_api *ex;
  const md_cuda_launch_config *config; /* ex: the program's own config */
  const void *fn;
  md_dim3 grid, block;
  size_t shmem;
  void *stream;
  int cooperative; /* launch the clone cooperatively */
  int memo_missed; /* this thread's memo record was compared: it differs */
  /* driver API */
  const md_cuda_driver *drv;
  md_CUfunction f;
  void **extra;
  void **args;
} md_cuda_orig;

static int md_cuda_orig_launch(const md_cuda_orig *o) {
  if (o->api)
    return o->api->launch_kernel(o->fn, o->grid, o->block, o->args, o->shmem,
                                 o->stream);
  if (o->ex)
    return o->ex->launch_kernel_ex(o->config, o->fn, o->args);
  return o->drv->launch_kernel(o->f, o->grid.x, o->grid.y, o->grid.z,
                               o->block.x, o->block.y, o->block.z,
                               (unsigned int)o->shmem, (md_CUstream)o->stream,
                               o->args, o->extra);
}

/* Launch the clone like the original launch o, into stream cs, with the
 * clone's argument array.  The driver entry the launch form needs may be
 * missing (an old driver): *missing names it and nothing is launched. */
static md_CUresult md_cuda_clone_launch(const md_cuda_driver *d,
                                        md_CUfunction clone,
                                        const md_cuda_orig *o, md_CUstream cs,
                                        void **args, const char **missing) {
  *missing = NULL;
  if (o->ex) {
    md_CUlaunchConfig c;
    if (!d->launch_kernel_ex) {
      *missing = "cuLaunchKernelEx";
      return MD_CUDA_SUCCESS;
    }
    memset(&c, 0, sizeof c);
    c.grid_x = o->grid.x;
    c.grid_y = o->grid.y;
    c.grid_z = o->grid.z;
    c.block_x = o->block.x;
    c.block_y = o->block.y;
    c.block_z = o->block.z;
    c.shmem = (unsigned int)o->shmem;
    c.stream = cs;
    c.attrs = o->config->attrs; /* same layout and ids: passed unchanged */
    c.num_attrs = o->config->num_attrs;
    return d->launch_kernel_ex(&c, clone, args, NULL);
  }
  if (o->cooperative) {
    if (!d->launch_cooperative_kernel) {
      *missing = "cuLaunchCooperativeKernel";
      return MD_CUDA_SUCCESS;
    }
    return d->launch_cooperative_kernel(clone, o->grid.x, o->grid.y,
                                        o->grid.z, o->block.x, o->block.y,
                                        o->block.z, (unsigned int)o->shmem,
                                        cs, args);
  }
  return d->launch_kernel(clone, o->grid.x, o->grid.y, o->grid.z, o->block.x,
                          o->block.y, o->block.z, (unsigned int)o->shmem, cs,
                          args, NULL);
}

/* md_ctx_key where cuCtxGetId(NULL) fails: the current context first. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static uint64_t md_ctx_key_of_current(const md_cuda_driver *d) {
  md_CUcontext c = NULL;
  unsigned long long id;
  if (d->ctx_get_current(&c) != MD_CUDA_SUCCESS || !c)
    return 0;
  if (d->ctx_get_id && d->ctx_get_id(c, &id) == MD_CUDA_SUCCESS)
    return (uint64_t)id + 1;
  return (uint64_t)(uintptr_t)c;
}

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
  return md_ctx_key_of_current(d);
}

/* Argument of md_cuda_make. */
typedef struct md_cuda_make_arg {
  const md_cuda_driver *d;
  /* runtime API path: cudaGetFuncBySymbol; NULL on the driver path */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
  md_CUfunction f;        /* driver path: the launched function */
  const char *name;
} md_cuda_make_arg;

/* The entry says: original, because of `status` (detail: fmt, ...). */
static void md_fail(md_entry *e, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void md_fail(md_entry *e, int status, const char *fmt, ...) {
  va_list ap;
  e->status = status;
  va_start(ap, fmt);
  vsnprintf(e->why, sizeof e->why, fmt, ap);
  va_end(ap);
}

/* Copy the descriptor at dptr to the host: on a private non-blocking
 * stream where the driver allows (no implicit synchronization with the
 * legacy default stream), else with the synchronous copy. */
static md_CUresult md_copy_desc(const md_cuda_driver *d, void *dst,
                                md_CUdeviceptr src, size_t n) {
  md_CUstream s = NULL;
  md_CUresult r;
  if (!d->stream_create || !d->memcpy_dtoh_async || !d->stream_synchronize ||
      !d->stream_destroy)
    return d->memcpy_dtoh(dst, src, n);
  r = d->stream_create(&s, MD_CUDA_STREAM_NON_BLOCKING);
  if (r != MD_CUDA_SUCCESS)
    return d->memcpy_dtoh(dst, src, n);
  r = d->memcpy_dtoh_async(dst, src, n, s);
  if (r == MD_CUDA_SUCCESS)
    r = d->stream_synchronize(s);
  d->stream_destroy(s);
  return r;
}

/* Where the driver can tell (cuFuncGetParamInfo, CUDA 12.4+): the original
 * kernel f must have exactly the descriptor's parameter count and sizes,
 * since the descriptor's programs read the launch's arguments by them and
 * the clone's argument array is built from them.  0 when they match or the
 * driver cannot tell; -1 with e failed otherwise. */
static int md_check_params(const md_cuda_driver *d, md_CUfunction f,
                           md_entry *e) {
  const unsigned char *desc = e->desc_ref;
  size_t table, i, off = 0, sz = 0;
  md_CUresult r;
  if (!d->func_get_param_info)
    return 0;
  table = md_rd16(desc + MD_H_HEADER_SIZE); /* offset of the param table */
  for (i = 0; i < e->n_params; i++) {
    uint32_t want = md_rd32(desc + table + 4 * i);
    r = d->func_get_param_info(f, i, &off, &sz);
    if (r != MD_CUDA_SUCCESS) {
      md_fail(e, MD_ERR_PARAM_MISMATCH,
              "descriptor does not match the kernel: the descriptor has %u "
              "parameters, the kernel %zu",
              (unsigned)e->n_params, i);
      return -1;
    }
    if (sz != want) {
      md_fail(e, MD_ERR_PARAM_MISMATCH,
              "descriptor does not match the kernel: parameter %zu is %zu "
              "bytes, the descriptor says %u",
              i, sz, (unsigned)want);
      return -1;
    }
  }
  if (d->func_get_param_info(f, e->n_params, &off, &sz) == MD_CUDA_SUCCESS) {
    md_fail(e, MD_ERR_PARAM_MISMATCH,
            "descriptor does not match the kernel: the descriptor has %u "
            "parameters, the kernel more",
            (unsigned)e->n_params);
    return -1;
  }
  return 0;
}

/* The plain tier of e (K__magicdiv_plain and its descriptor) when mod has
 * it; without it (or on any error) e has no plain tier. */
static void md_cuda_find_plain(const md_cuda_driver *d, md_CUmodule mod,
                               const char *name, md_entry *e) {
  size_t len = strlen(name), size = 0;
  char *sym = malloc(len + sizeof MD_PLAIN_DESC_SUFFIX);
  md_CUfunction fn = NULL;
  md_CUdeviceptr dptr = 0;
  if (!sym)
    return;
  memcpy(sym, name, len);
  memcpy(sym + len, MD_PLAIN_SUFFIX, sizeof MD_PLAIN_SUFFIX);
  if (d->module_get_function(&fn, mod, sym) == MD_CUDA_SUCCESS && fn) {
    memcpy(sym + len, MD_PLAIN_DESC_SUFFIX, sizeof MD_PLAIN_DESC_SUFFIX);
    if (d->module_get_global(&dptr, &size, mod, sym) == MD_CUDA_SUCCESS &&
        size >= MD_DESC_HEADER_SIZE && size <= MD_DESC_MAX_BYTES &&
        (e->plain_desc = malloc(size)) &&
        md_copy_desc(d, e->plain_desc, dptr, size) == MD_CUDA_SUCCESS &&
        md_entry_set_plain(e, fn, e->plain_desc, size) == 0) {
      free(sym);
      return;
    }
    md_logf("kernel '%s': %s" MD_PLAIN_SUFFIX " found but its descriptor "
            "is missing or unusable; no plain tier", name, name);
  }
  free(e->plain_desc);
  e->plain_desc = NULL;
  free(sym);
}

/* Fill e: the clone's CUfunction and the validated descriptor, or why
 * the kernel has to run its original. */
static void md_cuda_make(md_entry *e, void *argp) {
  md_cuda_make_arg *a = argp;
  const md_cuda_driver *d = a->d;
  md_CUfunction f = a->f, clone = NULL;
  md_CUmodule mod = NULL;
  md_CUdeviceptr dptr = 0;
  size_t size = 0, len;
  const char *name = a->name;
  char err[32], *sym;
  md_CUresult r;

  if (name && !(e->name = md_strdup(name))) {
    md_fail(e, MD_ERR_INVALID, "out of memory");
    return;
  }
  if (a->get_func_by_symbol) {
    int rr = a->get_func_by_symbol(&f, e->key);
    if (rr != 0 || !f) {
      snprintf(e->why, sizeof e->why, "cudaGetFuncBySymbol: cudart error %d",
               rr);
      e->status = MD_ERR_DRIVER;
      return;
    }
  }
  if (!name && d->func_get_name &&
      d->func_get_name(&name, f) != MD_CUDA_SUCCESS)
    name = NULL;
  if (!name) {
    md_fail(e, MD_ERR_NO_CLONE,
            "kernel name unknown (pass it: cuFuncGetName needs CUDA 12.3)");
    return;
  }
  if (!e->name && !(e->name = md_strdup(name))) {
    md_fail(e, MD_ERR_INVALID, "out of memory");
    return;
  }
  r = d->func_get_module(&mod, f);
  if (r != MD_CUDA_SUCCESS) {
    md_fail(e, MD_ERR_DRIVER, "cuFuncGetModule: %s",
            md_cu_err_name(d, r, err, sizeof err));
    return;
  }
  len = strlen(name);
  sym = malloc(len + sizeof MD_DESC_SUFFIX);
  if (!sym) {
    md_fail(e, MD_ERR_INVALID, "out of memory");
    return;
  }
  memcpy(sym, name, len);
  memcpy(sym + len, MD_CLONE_SUFFIX, sizeof MD_CLONE_SUFFIX);
  r = d->module_get_function(&clone, mod, sym);
  if (r != MD_CUDA_SUCCESS || !clone) {
    if (r == MD_CUDA_ERROR_NOT_FOUND)
      md_fail(e, MD_ERR_NO_CLONE, "no %s in the kernel's module", sym);
    else
      md_fail(e, MD_ERR_DRIVER, "cuModuleGetFunction(%s): %s", sym,
              md_cu_err_name(d, r, err, sizeof err));
    free(sym);
    return;
  }
  memcpy(sym + len, MD_DESC_SUFFIX, sizeof MD_DESC_SUFFIX);
  r = d->module_get_global(&dptr, &size, mod, sym);
  if (r != MD_CUDA_SUCCESS) {
    if (r == MD_CUDA_ERROR_NOT_FOUND)
      md_fail(e, MD_ERR_NO_CLONE, "clone without descriptor: no %s", sym);
    else
      md_fail(e, MD_ERR_DRIVER, "cuModuleGetGlobal(%s): %s", sym,
              md_cu_err_name(d, r, err, sizeof err));
    free(sym);
    return;
  }
  free(sym);
  if (size < MD_DESC_HEADER_SIZE || size > MD_DESC_MAX_BYTES) {
    e->status = MD_ERR_DESC_MALFORMED;
    snprintf(e->why, sizeof e->why, "descriptor of %zu bytes", size);
    return;
  }
  e->desc = malloc(size);
  if (!e->desc) {
    md_fail(e, MD_ERR_INVALID, "out of memory");
    return;
  }
  r = md_copy_desc(d, e->desc, dptr, size);
  if (r != MD_CUDA_SUCCESS) {
    md_fail(e, MD_ERR_DRIVER, "descriptor copy: %s",
            md_cu_err_name(d, r, err, sizeof err));
    return;
  }
  if (md_entry_set_desc(e, e->desc, size) != 0)
    return;
  if (md_check_params(d, f, e) != 0)
    return;
  e->clone = clone;
  md_cuda_find_plain(d, mod, name, e);
  /* graph nodes running the clone read back as the original */
  md_graph_note(clone, a->get_func_by_symbol ? e->key : NULL, f);
  if (e->plain)
    md_graph_note(e->plain, a->get_func_by_symbol ? e->key : NULL, f);
}

static int md_capturing(const md_cuda_driver *d, md_CUstream s);

/* Launch through entry e (see the file comment).  created: this launch
 * made e, so it writes the kernel's MAGICDIV_LOG line. */
static int md_cuda_run(const md_cuda_driver *d, const md_entry *e,
                       int created, const md_cuda_orig *o, md_CUstream cs) {
  const char *name = e->name ? e->name : "?", *missing = NULL;
  md_dims dims;
  md_clone_args ca;
  md_CUresult r;
  char err[32];
  int s;

  if (md_env_graphs_original() && md_capturing(d, cs))
    return md_cuda_orig_launch(o); /* MAGICDIV_GRAPHS=original */
  if (e->status != MD_OK) {
    if (created)
      md_logf("kernel '%s': original (%s: %s)", name,
              md_status_str(e->status), e->why);
    md_memo_store_orig(e); /* later launches: md_memo_at finds it */
    return md_cuda_orig_launch(o);
  }
  if (o->shmem > UINT_MAX) {
    if (created)
      md_logf("kernel '%s': clone found; this launch runs the original "
              "(dynamic shared memory beyond 4 GiB)", name);
    return md_cuda_orig_launch(o);
  }
  dims = md_dims_of(o->grid, o->block);
  s = md_clone_args_make_memo(e, o->args, &dims, &ca, !o->memo_missed);
  if (s != MD_OK) {
    md_clone_args_free(&ca);
    md_tier_log(e, created, &ca, s, o->args, &dims);
    return md_cuda_orig_launch(o);
  }
  r = md_cuda_clone_launch(d, ca.fn, o, cs, ca.args, &missing);
  md_clone_args_free(&ca);
  if (missing) {
    if (created)
      md_logf("kernel '%s': clone found; this launch runs the original (the "
              "driver lacks %s)", name, missing);
    return md_cuda_orig_launch(o);
  }
  if (r != MD_CUDA_SUCCESS) {
    if (created)
      md_logf("kernel '%s': clone launch failed (%s); original launched",
              name, md_cu_err_name(d, r, err, sizeof err));
    return md_cuda_orig_launch(o);
  }
  md_tier_log(e, created, &ca, MD_OK, o->args, &dims);
  return 0;
}

/* 1 if launches into s are being captured into a graph. */
static int md_capturing(const md_cuda_driver *d, md_CUstream s) {
  int status = 0;
  return d->stream_is_capturing &&
         d->stream_is_capturing(s, &status) == MD_CUDA_SUCCESS &&
         status != 0;
}

static atomic_int md_nodriver_logged;

/* The runtime-API launch o (cudaLaunchKernel-like or ExC), with the
 * program's cudaGetFuncBySymbol gfs and its MD_API_* flags. */
static int md_cuda_rt_launch(md_cuda_orig *o, const char *name,
                             int (*gfs)(md_CUfunction *, const void *),
                             uint32_t flags) {
  const md_cuda_driver *d;
  const md_entry *e;
  md_CUstream cs;
  uint64_t ctx;
  int created = 0;

  if (md_env_disabled()) {
    md_log_disabled_once();
    return md_cuda_orig_launch(o);
  }
  d = md_cuda_driver_get();
  if (!d || !gfs) {
    if (atomic_exchange(&md_nodriver_logged, 1) == 0)
      md_logf("no CUDA driver (%s); every kernel runs its original",
              d ? "cudaGetFuncBySymbol missing" : md_cuda_driver_why());
    return md_cuda_orig_launch(o);
  }
  /* _ptsz launch functions: the default stream is the per-thread one. */
  cs = (!o->stream && (flags & MD_API_PER_THREAD)) ? MD_CUDA_STREAM_PER_THREAD
                                                   : (md_CUstream)o->stream;
  ctx = md_ctx_key(d);
  e = ctx ? md_cache_find(o->fn, ctx) : NULL;
  if (!e) {
    md_cuda_make_arg a = {d, gfs, NULL, name};
    if (!ctx) {
      /* No context yet: cudart makes its primary context current on its
       * first call; an error here reappears in the original launch. */
      md_CUfunction f = NULL;
      if (gfs(&f, o->fn) != 0 || !(ctx = md_ctx_key(d)))
        return md_cuda_orig_launch(o);
    }
    if (md_capturing(d, cs))
      return md_cuda_orig_launch(o);
    e = md_cache_get(o->fn, ctx, md_cuda_make, &a, &created);
    if (!e)
      return md_cuda_orig_launch(o);
    if (created && md_status_all_contexts(e->status))
      md_cache_mark_all(e);
  }
  return md_cuda_run(d, e, created, o, cs);
}

/* The stream a runtime-API launch into `stream` means: cudaLaunchKernel's
 * default stream (0) is the per-thread one for the _ptsz entry points. */
static inline md_CUstream md_cuda_stream(void *stream,
                                         const md_cuda_api *api) {
  if (!stream && (api->flags & MD_API_PER_THREAD))
    return MD_CUDA_STREAM_PER_THREAD;
  return (md_CUstream)stream;
}

/* 1 if `key` runs its original in every context: this thread's record
 * says so, or the cache's MD_CTX_ALL entry (then recorded). */
static int md_all_original(const void *key) {
  const md_entry *e;
  if (md_memo_at(key, MD_CTX_ALL))
    return 1;
  if (!(e = md_cache_find(key, MD_CTX_ALL)))
    return 0;
  md_memo_store_orig(e);
  return 1;
}

/* The original launch (fn, grid, block, args, shmem, stream) through api,
 * as md_cuda_run and md_cuda_rt_launch take it. */
static void md_cuda_orig_init(md_cuda_orig *o, const void *fn, md_dim3 grid,
                              md_dim3 block, void **args, size_t shmem,
                              void *stream, const md_cuda_api *api) {
  memset(o, 0, sizeof *o);
  o->api = api;
  o->fn = fn;
  o->grid = grid;
  o->block = block;
  o->args = args;
  o->shmem = shmem;
  o->stream = stream;
  o->cooperative = (api->flags & MD_API_COOPERATIVE) != 0;
}

/* md_cuda_launch decided from e, the entry of fn in this context, which
 * this thread's record of it named (no lookup; missed: the record was
 * compared and differs, no second compare).  Out of line: the fast path
 * needs no frame for it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_launch_entry(const void *fn, md_dim3 grid, md_dim3 block,
                                void **args, size_t shmem, void *stream,
                                const md_cuda_api *api, const md_entry *e,
                                int missed) {
  md_cuda_orig o;
  md_cuda_orig_init(&o, fn, grid, block, args, shmem, stream, api);
  o.memo_missed = missed;
  return md_cuda_run(md_cuda_driver_get(), e, 0, &o,
                     md_cuda_stream(stream, api));
}

/* md_cuda_launch with the whole lookup (the first launch of fn on this
 * thread, a cooperative launch, a context without a record). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_launch_general(const void *fn, md_dim3 grid,
                                  md_dim3 block, void **args, size_t shmem,
                                  void *stream, const char *name,
                                  const md_cuda_api *api) {
  md_cuda_orig o;
  if (md_all_original(fn)) /* no clone in any context */
    return api->launch_kernel(fn, grid, block, args, shmem, stream);
  md_cuda_orig_init(&o, fn, grid, block, args, shmem, stream, api);
  return md_cuda_rt_launch(&o, name, api->get_func_by_symbol, api->flags);
}

/* Launch the clone of record m (MD_OK, not lent; its inputs are this
 * launch's) with the record's argument array, like the launch (fn, *grid,
 * *block, args, shmem, stream) through api; a failed clone launch runs the
 * original, as in md_cuda_run.  (The dimensions by address: GCC keeps
 * the caller's copies then, instead of making new ones.) */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int md_cuda_memo_launch(md_memo *m, const md_cuda_driver *d,
                                      const void *fn, const md_dim3 *grid,
                                      const md_dim3 *block, void **args,
                                      size_t shmem, void *stream,
                                      const md_cuda_api *api) {
  md_CUresult rc;
  m->lent = 1; /* a launch from inside this one copies (md_memo_lend) */
  rc = d->launch_kernel(m->fn, grid->x, grid->y, grid->z, block->x, block->y,
                        block->z, (unsigned int)shmem,
                        md_cuda_stream(stream, api), m->args, NULL);
  m->lent = 0;
  if (rc != MD_CUDA_SUCCESS)
    return api->launch_kernel(fn, *grid, *block, args, shmem, stream);
  return MD_CUDA_SUCCESS;
}

/* A repeated launch whose record m (of fn in this context, driver d) is
 * not `direct` or is lent: what md_cuda_launch does for it, out of line
 * (a record of the original in this context, of a fallback, of a kernel
 * whose programs read the launch geometry -- the dimensions compared as
 * packed words under the record's mask -- or made under
 * MAGICDIV_GRAPHS=original, where a capture runs the original). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_repeat_other(md_memo *m, const md_cuda_driver *d,
                                const void *fn, md_dim3 grid, md_dim3 block,
                                void **args, size_t shmem, void *stream,
                                const md_cuda_api *api) {
  md_CUstream cs;
  if (!m->orig) {
    int same = md_memo_inputs_same(m, args, NULL);
    if (same != 1 || (m->any_dims && !md_memo_dims_hit(m, &grid, &block)))
      return md_cuda_launch_entry(fn, grid, block, args, shmem, stream, api,
                                  m->e, same == 1 || same == 0);
  }
  if (!m->ok) /* the original here, or the same inputs fell back */
    return api->launch_kernel(fn, grid, block, args, shmem, stream);
  cs = md_cuda_stream(stream, api);
  if (m->lent || (m->graphs_orig && md_capturing(d, cs)))
    goto general; /* it copies the values / launches the original */
  return md_cuda_memo_launch(m, d, fn, &grid, &block, args, shmem, stream,
                             api);
general:
  return md_cuda_launch_entry(fn, grid, block, args, shmem, stream, api,
                              m->e, 0);
}

/* A repeated launch of fn (grid, block, args, shmem, stream, api) whose
 * record m is of the current context (driver d), `direct` and not lent:
 * the clone at once where the inputs are the record's
 * (md_memo_inputs_same with the frame site, or NULL), else
 * md_cuda_launch_entry with the record's entry. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int md_cuda_memo_hit(md_memo *m, const md_cuda_driver *d,
                                   const void *site, const void *fn,
                                   const md_dim3 *grid, const md_dim3 *block,
                                   void **args, size_t shmem, void *stream,
                                   const md_cuda_api *api) {
  int same = md_memo_inputs_same(m, args, site);
  if (same != 1) /* other inputs */
    return md_cuda_launch_entry(fn, *grid, *block, args, shmem, stream, api,
                                m->e, same == 0);
  return md_cuda_memo_launch(m, d, fn, grid, block, args, shmem, stream,
                             api);
}

/* md_cuda_launch past its fast path: the first launch of fn on this
 * thread (no record: the general path), a first record of another
 * context, a cooperative launch or one with more than 4 GiB of dynamic
 * shared memory, a driver not known yet, a context without an id.  This
 * thread's record of fn in the current context, if any, decides as in
 * md_cuda_launch (with no frame site: the pointers are compared). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_cuda_launch_slow(const void *fn, md_dim3 grid, md_dim3 block,
                               void **args, size_t shmem, void *stream,
                               const char *name, const md_cuda_api *api) {
  const md_cuda_driver *d;
  md_memo *m;
  uint64_t ctx;
  if (!md_memo_of(fn) || (api->flags & MD_API_COOPERATIVE) ||
      shmem > UINT_MAX || !(d = md_cuda_driver_fast()) ||
      !(ctx = md_ctx_key(d)) || !(m = md_memo_at(fn, ctx)))
    return md_cuda_launch_general(fn, grid, block, args, shmem, stream, name,
                                  api);
  if (!m->direct || m->lent)
    return md_cuda_repeat_other(m, d, fn, grid, block, args, shmem, stream,
                                api);
  return md_cuda_memo_hit(m, d, NULL, fn, &grid, &block, args, shmem, stream,
                          api);
}

/* Every launch starts here.  The fast path is a repeated launch: this
 * thread's memo has a record of fn (md_memo_of: one thread-local probe,
 * no cache) that runs the original in every context, or a `direct` one
 * (it runs the clone with the record's argument array) of the current
 * context (one driver call) whose inputs are this launch's -- the same
 * argument pointers, the same values where they were read -- so the clone
 * runs at once (a failed clone launch runs the original, as in
 * md_cuda_run).  The fast path makes no call but those two and inlines
 * the compare, so that the launch's arguments stay where they arrived.
 * Other inputs go to md_cuda_launch_entry with the record's entry (not
 * compared again); a record of this context that is not direct or is lent
 * to md_cuda_repeat_other; anything else (no record, a record of another
 * context, a cooperative launch) to md_cuda_launch_slow, which asks for
 * the context again. */
#if defined(__GNUC__)
__attribute__((noinline)) /* md_frame_site: the return address is the site */
#endif
int md_cuda_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                   size_t shmem, void *stream, const char *name,
                   const md_cuda_api *api) {
  const md_cuda_driver *d;
  md_memo *m;
  uint64_t ctx;
  if (!api || !api->launch_kernel)
    return MD_CUDART_INVALID_VALUE;
  if (!(m = md_memo_of(fn)))
    goto slow;
  if (m->ctx == MD_CTX_ALL) /* no clone in any context */
    return api->launch_kernel(fn, grid, block, args, shmem, stream);
  if ((api->flags & MD_API_COOPERATIVE) || shmem > UINT_MAX ||
      !(d = atomic_load_explicit(&md_cuda_driver_known,
                                 memory_order_acquire)) ||
      !(ctx = md_ctx_key(d)) || ctx != m->ctx)
    goto slow;
  if (!m->direct || m->lent)
    return md_cuda_repeat_other(m, d, fn, grid, block, args, shmem, stream,
                                api);
  return md_cuda_memo_hit(m, d, md_frame_site(m, api), fn, &grid, &block,
                          args, shmem, stream, api);
slow:
  return md_cuda_launch_slow(fn, grid, block, args, shmem, stream, name, api);
}

int md_cuda_launch_ex(const md_cuda_launch_config *config, const void *fn,
                      void **args, const char *name,
                      const md_cuda_ex_api *api) {
  md_cuda_orig o;
  if (!api || !api->launch_kernel_ex)
    return MD_CUDART_INVALID_VALUE;
  memset(&o, 0, sizeof o);
  o.ex = api;
  o.config = config;
  o.fn = fn;
  o.args = args;
  if (!config || /* the program's own call reports its error */
      md_all_original(fn)) /* no clone in any context */
    return md_cuda_orig_launch(&o);
  o.grid = config->grid;
  o.block = config->block;
  o.shmem = config->shmem;
  o.stream = config->stream;
  return md_cuda_rt_launch(&o, name, api->get_func_by_symbol, api->flags);
}

md_CUresult md_cuLaunchKernel(md_CUfunction f, unsigned int grid_x,
                              unsigned int grid_y, unsigned int grid_z,
                              unsigned int block_x, unsigned int block_y,
                              unsigned int block_z, unsigned int shmem,
                              md_CUstream stream, void **params, void **extra,
                              const char *name) {
  const md_cuda_driver *d = md_cuda_driver_get();
  const md_entry *e;
  md_cuda_orig o;
  uint64_t ctx;
  int created = 0;

  if (!d)
    return MD_CUDA_ERROR_NOT_INITIALIZED;
  memset(&o, 0, sizeof o);
  o.drv = d;
  o.f = f;
  o.grid.x = grid_x;
  o.grid.y = grid_y;
  o.grid.z = grid_z;
  o.block.x = block_x;
  o.block.y = block_y;
  o.block.z = block_z;
  o.shmem = shmem;
  o.stream = stream;
  o.args = params;
  o.extra = extra;
  if (md_env_disabled()) {
    md_log_disabled_once();
    return md_cuda_orig_launch(&o);
  }
  if (extra || !f || /* packed parameters: no per-parameter pointers */
      md_all_original(f)) /* no clone in any context */
    return md_cuda_orig_launch(&o);
  ctx = md_ctx_key(d);
  if (!ctx)
    return md_cuda_orig_launch(&o);
  e = md_cache_find(f, ctx);
  if (!e) {
    md_cuda_make_arg a = {d, NULL, f, name};
    if (md_capturing(d, stream))
      return md_cuda_orig_launch(&o);
    e = md_cache_get(f, ctx, md_cuda_make, &a, &created);
    if (!e)
      return md_cuda_orig_launch(&o);
    if (created && md_status_all_contexts(e->status))
      md_cache_mark_all(e);
  }
  return md_cuda_run(d, e, created, &o, stream);
}

/* For graph nodes (md_graph_cuda.c): the entry a launch of `key` in the
 * current context would use.  No stream is involved, so the first-launch
 * lookup is allowed here. */
const md_entry *md_cuda_entry(const md_cuda_driver *d, const void *key,
                              int (*gfs)(md_CUfunction *, const void *),
                              const char *name) {
  const md_entry *e;
  uint64_t ctx = md_ctx_key(d);
  int created = 0;
  if (!ctx && gfs) { /* cudart makes its context on its first call */
    md_CUfunction f = NULL;
    if (gfs(&f, key) != 0)
      return NULL;
    ctx = md_ctx_key(d);
  }
  if (!ctx)
    return NULL;
  e = md_cache_find(key, ctx);
  if (!e) {
    md_cuda_make_arg a = {d, gfs, gfs ? NULL : (md_CUfunction)key, name};
    if (!name && !d->func_get_name)
      return NULL; /* would cache "no name" for the routed launches too */
    e = md_cache_get(key, ctx, md_cuda_make, &a, &created);
    if (e && created && e->status != MD_OK)
      md_logf("kernel '%s': original in graph nodes (%s: %s)",
              e->name ? e->name : "?", md_status_str(e->status), e->why);
    else if (e && created)
      md_logf("kernel '%s': clone %s" MD_CLONE_SUFFIX " in graph nodes",
              e->name, e->name);
  }
  return e;
}
