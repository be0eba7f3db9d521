/*
 * md_launch_cuda_entry.c -- the CUDA backend's first launch of a kernel in
 * a context: what its entry holds (md_cuda_make), found through the
 * driver,
 *   CUfunction   cudaGetFuncBySymbol(stub)      (runtime API path)
 *   CUmodule     cuFuncGetModule(f)
 *   clone        cuModuleGetFunction(mod, "<name>__magicdiv")
 *   descriptor   cuModuleGetGlobal(mod, "<name>__magicdiv_desc") and a copy
 *                to the host, validated once (md_desc_validate)
 *   parameters   where the driver has cuFuncGetParamInfo (CUDA 12.4+): the
 *                original's parameter count and sizes must be the
 *                descriptor's, else the original runs
 *   plain tier   K__magicdiv_plain and its descriptor, when the module has
 *                them
 * The result, good or bad, is cached per (kernel, context id) in the
 * lock-free launch cache (md_launch_cache.c); a failure is recorded with
 * md_entry_fail and printed by the launch flow.  Also the entry a graph
 * node write uses (md_cuda_entry).
 */
#include <stdlib.h>
#include <string.h>

#include "base/md_graph_map.h"
#include "launch/md_launch_cuda_entry.h"

#if defined(__GNUC__)
__attribute__((noinline))
#endif
uint64_t
md_cuda_ctx_key_of_current(const md_cuda_driver *d) {
  md_CUcontext c = NULL;
  unsigned long long id;
  if (d->ctx_get_current(&c) != MD_CUDA_SUCCESS || !c)
    return 0;
  if (d->ctx_get_id && d->ctx_get_id(c, &id) == MD_CUDA_SUCCESS)
    return (uint64_t)id + 1;
  return (uint64_t)(uintptr_t)c;
}

/* Argument of md_cuda_make. */
typedef struct md_cuda_make_arg {
  const md_cuda_driver *d;
  /* runtime API path: cudaGetFuncBySymbol; NULL on the driver path */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
  md_CUfunction f;        /* driver path: the launched function */
  const char *name;
} md_cuda_make_arg;

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
      md_entry_fail(e, MD_ERR_PARAM_MISMATCH,
                    "descriptor does not match the kernel: the descriptor "
                    "has %u parameters, the kernel %zu",
                    (unsigned)e->n_params, i);
      return -1;
    }
    if (sz != want) {
      md_entry_fail(e, MD_ERR_PARAM_MISMATCH,
                    "descriptor does not match the kernel: parameter %zu is "
                    "%zu bytes, the descriptor says %u",
                    i, sz, (unsigned)want);
      return -1;
    }
  }
  if (d->func_get_param_info(f, e->n_params, &off, &sz) == MD_CUDA_SUCCESS) {
    md_entry_fail(e, MD_ERR_PARAM_MISMATCH,
                  "descriptor does not match the kernel: the descriptor has "
                  "%u parameters, the kernel more",
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
    md_log_no_plain(name);
  }
  free(e->plain_desc);
  e->plain_desc = NULL;
  free(sym);
}

/* The pow2 tier of e (K__magicdiv_pow2) when mod has it: K__magicdiv's
 * parameters and descriptor (the plugin keeps it only so). */
static void md_cuda_find_pow2(const md_cuda_driver *d, md_CUmodule mod,
                              const char *name, md_entry *e) {
  size_t len = strlen(name);
  char *sym = malloc(len + sizeof MD_POW2_SUFFIX);
  md_CUfunction fn = NULL;
  if (!sym)
    return;
  memcpy(sym, name, len);
  memcpy(sym + len, MD_POW2_SUFFIX, sizeof MD_POW2_SUFFIX);
  if (d->module_get_function(&fn, mod, sym) == MD_CUDA_SUCCESS && fn)
    e->pow2 = fn;
  free(sym);
}

/* The kernel's CUfunction (runtime API: cudaGetFuncBySymbol) and device
 * name (none given: cuFuncGetName) into *f, *name and e->name.  0, or -1
 * with e failed. */
static int md_cuda_func(md_entry *e, const md_cuda_make_arg *a,
                        md_CUfunction *f, const char **name) {
  const md_cuda_driver *d = a->d;
  *f = a->f;
  *name = a->name;
  if (*name && !(e->name = md_launch_strdup(*name))) {
    md_entry_fail(e, MD_ERR_INVALID, "out of memory");
    return -1;
  }
  if (a->get_func_by_symbol) {
    int rr = a->get_func_by_symbol(f, e->key);
    if (rr != 0 || !*f) {
      md_entry_fail(e, MD_ERR_DRIVER, "cudaGetFuncBySymbol: cudart error %d",
                    rr);
      return -1;
    }
  }
  if (!*name && d->func_get_name &&
      d->func_get_name(name, *f) != MD_CUDA_SUCCESS)
    *name = NULL;
  if (!*name) {
    md_entry_fail(e, MD_ERR_NO_CLONE,
                  "kernel name unknown (pass it: cuFuncGetName needs CUDA "
                  "12.3)");
    return -1;
  }
  if (!e->name && !(e->name = md_launch_strdup(*name))) {
    md_entry_fail(e, MD_ERR_INVALID, "out of memory");
    return -1;
  }
  return 0;
}

/* The clone <name>__magicdiv in mod and its descriptor <name>__magicdiv_desc
 * (device address and size).  0, or -1 with e failed. */
static int md_cuda_find_clone(md_entry *e, const md_cuda_driver *d,
                              md_CUmodule mod, const char *name,
                              md_CUfunction *clone, md_CUdeviceptr *dptr,
                              size_t *size) {
  size_t len = strlen(name);
  char err[32], *sym = malloc(len + sizeof MD_DESC_SUFFIX);
  md_CUresult r;
  int st = -1;
  if (!sym) {
    md_entry_fail(e, MD_ERR_INVALID, "out of memory");
    return -1;
  }
  memcpy(sym, name, len);
  memcpy(sym + len, MD_CLONE_SUFFIX, sizeof MD_CLONE_SUFFIX);
  r = d->module_get_function(clone, mod, sym);
  if (r != MD_CUDA_SUCCESS || !*clone) {
    if (r == MD_CUDA_ERROR_NOT_FOUND)
      md_entry_fail(e, MD_ERR_NO_CLONE, "no %s in the kernel's module", sym);
    else
      md_entry_fail(e, MD_ERR_DRIVER, "cuModuleGetFunction(%s): %s", sym,
                    md_cu_err_name(d, r, err, sizeof err));
  } else {
    memcpy(sym + len, MD_DESC_SUFFIX, sizeof MD_DESC_SUFFIX);
    r = d->module_get_global(dptr, size, mod, sym);
    if (r == MD_CUDA_ERROR_NOT_FOUND)
      md_entry_fail(e, MD_ERR_NO_CLONE, "clone without descriptor: no %s",
                    sym);
    else if (r != MD_CUDA_SUCCESS)
      md_entry_fail(e, MD_ERR_DRIVER, "cuModuleGetGlobal(%s): %s", sym,
                    md_cu_err_name(d, r, err, sizeof err));
    else
      st = 0;
  }
  free(sym);
  return st;
}

/* The host copy of the descriptor at dptr (size bytes) accepted for e.
 * 0, or -1 with e failed. */
static int md_cuda_take_desc(md_entry *e, const md_cuda_driver *d,
                             md_CUdeviceptr dptr, size_t size) {
  char err[32];
  md_CUresult r;
  if (size < MD_DESC_HEADER_SIZE || size > MD_DESC_MAX_BYTES) {
    md_entry_fail(e, MD_ERR_DESC_MALFORMED, "descriptor of %zu bytes", size);
    return -1;
  }
  if (!(e->desc = malloc(size))) {
    md_entry_fail(e, MD_ERR_INVALID, "out of memory");
    return -1;
  }
  r = md_copy_desc(d, e->desc, dptr, size);
  if (r != MD_CUDA_SUCCESS) {
    md_entry_fail(e, MD_ERR_DRIVER, "descriptor copy: %s",
                  md_cu_err_name(d, r, err, sizeof err));
    return -1;
  }
  return md_entry_set_desc(e, e->desc, size);
}

/* Fill e: the clone's CUfunction and the validated descriptor, or why
 * the kernel has to run its original. */
static void md_cuda_make(md_entry *e, void *argp) {
  md_cuda_make_arg *a = argp;
  const md_cuda_driver *d = a->d;
  md_CUfunction f = NULL, clone = NULL;
  md_CUmodule mod = NULL;
  md_CUdeviceptr dptr = 0;
  size_t size = 0;
  const char *name;
  char err[32];
  md_CUresult r;
  if (md_cuda_func(e, a, &f, &name) != 0)
    return;
  r = d->func_get_module(&mod, f);
  if (r != MD_CUDA_SUCCESS) {
    md_entry_fail(e, MD_ERR_DRIVER, "cuFuncGetModule: %s",
                  md_cu_err_name(d, r, err, sizeof err));
    return;
  }
  if (md_cuda_find_clone(e, d, mod, name, &clone, &dptr, &size) != 0 ||
      md_cuda_take_desc(e, d, dptr, size) != 0 ||
      md_check_params(d, f, e) != 0)
    return;
  e->clone = clone;
  md_cuda_find_plain(d, mod, name, e);
  md_cuda_find_pow2(d, mod, name, e);
  /* graph nodes running a clone read back as the original */
  md_graph_note(clone, a->get_func_by_symbol ? e->key : NULL, f);
  if (e->plain)
    md_graph_note(e->plain, a->get_func_by_symbol ? e->key : NULL, f);
  if (e->pow2)
    md_graph_note(e->pow2, a->get_func_by_symbol ? e->key : NULL, f);
}

const md_entry *md_cuda_entry_get(const md_cuda_driver *d, const void *key,
                                  uint64_t ctx,
                                  int (*gfs)(md_CUfunction *, const void *),
                                  md_CUfunction f, const char *name, int all,
                                  int *created) {
  md_cuda_make_arg a = {d, gfs, f, name};
  const md_entry *e = md_cache_get(key, ctx, md_cuda_make, &a, created);
  if (e && all && *created && md_status_all_contexts(e->status))
    md_cache_mark_all(e);
  return e;
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
    if (!name && !d->func_get_name)
      return NULL; /* would cache "no name" for the routed launches too */
    e = md_cuda_entry_get(d, key, ctx, gfs, gfs ? NULL : (md_CUfunction)key,
                          name, 0, &created);
    if (e && created && e->status != MD_OK)
      md_logf("kernel '%s': original in graph nodes (%s: %s)",
              e->name ? e->name : "?", md_status_str(e->status), e->why);
    else if (e && created && md_env_choice() == MD_CHOICE_ORIGINAL)
      md_logf("kernel '%s': original in graph nodes (MAGICDIV_CHOICE=original)",
              e->name);
    else if (e && created)
      md_logf("kernel '%s': clone %s" MD_CLONE_SUFFIX " in graph nodes",
              e->name, e->name);
  }
  return e;
}
