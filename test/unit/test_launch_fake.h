/*
 * test_launch_fake.h -- a FAKE CUDA driver and cudart for the launch-layer
 * tests.  There is no GPU in CI, so these tests run md_cuda_launch /
 * md_cuLaunchKernel / md_hip_launch against an in-memory imitation of the
 * parts of CUDA they use (contexts, modules, functions, module globals,
 * launches).  What they prove is the runtime's own logic: lookups, cache,
 * fallbacks, argument arrays, logging, thread safety.  Whether a real
 * driver behaves like this fake is checked by the end-to-end programs
 * (test/e2e) where a GPU exists.
 */
#ifndef MAGICDIV_TEST_LAUNCH_FAKE_H
#define MAGICDIV_TEST_LAUNCH_FAKE_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda_driver.h"

#define FAKE_SUCCESS 0
#define FAKE_ERR_INVALID_VALUE 1
#define FAKE_ERR_NOT_INITIALIZED 3
#define FAKE_ERR_NOT_FOUND 500
#define FAKE_ERR_OUT_OF_RESOURCES 701
#define FAKE_CUDART_INVALID_DEVICE_FUNCTION 98

/* ---- descriptors ---- */

/* A version-1 descriptor with one divisor of `kind` read from the `width`
 * bytes of parameter `param` (param sizes in sizes[0..n)).  Returns its
 * size.  out must hold 64 + 4 n bytes. */
static size_t fake_desc(unsigned char *out, const uint32_t *sizes, int n,
                        int param, int kind, int flags, int width,
                        int version) {
  size_t p = 0, code_off = 20 + 4 * (size_t)n + 8, total = code_off + 9;
  int i, n_extra = md_kind_params(kind, flags);
#define PUT8(v) (out[p++] = (unsigned char)(v))
#define PUT16(v) (PUT8((v)&0xff), PUT8(((v) >> 8) & 0xff))
#define PUT32(v) (PUT16((v)&0xffff), PUT16(((v) >> 16) & 0xffff))
  PUT8('M'); PUT8('D'); PUT8('D'); PUT8('S');
  PUT16(version); PUT16(20); PUT32(total);
  PUT16(n); PUT16(1); PUT16(n_extra); PUT16(0);
  for (i = 0; i < n; i++)
    PUT32(sizes[i]);
  PUT8(kind); PUT8(flags); PUT16(0); PUT32(code_off);
  PUT8(MD_OP_ARG); PUT16(param); PUT32(0); PUT8(width);
  PUT8(MD_OP_END);
#undef PUT8
#undef PUT16
#undef PUT32
  return p;
}

/* A descriptor written byte by byte (test_launch_tiers.c,
 * test_launch_pow2.c). */
typedef struct {
  unsigned char b[256];
  size_t n;
} tbuf;

static inline void put8(tbuf *t, unsigned v) {
  t->b[t->n++] = (unsigned char)v;
}
static inline void put16(tbuf *t, unsigned v) {
  put8(t, v & 0xff);
  put8(t, v >> 8);
}
static inline void put32(tbuf *t, uint32_t v) {
  put16(t, v & 0xffff);
  put16(t, v >> 16);
}

/* ---- the fake device world ---- */

typedef struct fake_mod fake_mod;

typedef struct fake_fn {
  const char *name;
  fake_mod *mod;
  int n_params;     /* parameters the function takes */
  int div_param;    /* clones: the original's divisor parameter */
  int launch_error; /* what cuLaunchKernel returns for it */
  atomic_int launches;
  /* cuFuncGetParamInfo: the sizes of its n_params parameters; NULL: 8, 4,
   * 4 for three parameters, 4 each otherwise */
  const uint32_t *psizes;
} fake_fn;

typedef struct fake_global {
  const char *name;
  const unsigned char *bytes;
  size_t size;
} fake_global;

struct fake_mod {
  fake_fn *fns[64];
  int n_fns;
  fake_global globals[64];
  int n_globals;
  int get_function_error; /* non-zero: cuModuleGetFunction returns it */
};

/* A kernel as cudart knows it: host stub address -> function. */
typedef struct fake_stub {
  const void *stub;
  fake_fn *fn;
  int error; /* non-zero: cudaGetFuncBySymbol returns it */
} fake_stub;

static fake_stub fake_stubs[256];
static int fake_n_stubs;

static _Thread_local uintptr_t fake_cur_ctx;  /* 0: none */
static uintptr_t fake_default_ctx = 0x1000;   /* cudart's primary context */
static int fake_have_ctx_id = 1;

/* Counters and the last launch (single-threaded tests read these). */
static atomic_int fake_orig_launches, fake_clone_launches, fake_bad;
static atomic_int fake_get_func_calls, fake_copies;
static const void *fake_last_orig;
static fake_fn *fake_last_fn;
static void *fake_last_stream;
static unsigned fake_last_dims[6];
static unsigned fake_last_shmem;
static uint64_t fake_last_extra[8];
static void *fake_last_params[128]; /* copied: the array is the runtime's */
static int fake_capturing;
static int fake_orig_result; /* what the fake cudaLaunchKernel returns */
static int fake_threaded;    /* many threads: do not record the last launch */

static inline void fake_bind(const void *stub, fake_fn *fn, int error) {
  fake_stubs[fake_n_stubs].stub = stub;
  fake_stubs[fake_n_stubs].fn = fn;
  fake_stubs[fake_n_stubs].error = error;
  fake_n_stubs++;
}

static void fake_add_fn(fake_mod *m, fake_fn *f) {
  f->mod = m;
  m->fns[m->n_fns++] = f;
}

static void fake_add_global(fake_mod *m, const char *name,
                            const unsigned char *b, size_t n) {
  m->globals[m->n_globals].name = name;
  m->globals[m->n_globals].bytes = b;
  m->globals[m->n_globals].size = n;
  m->n_globals++;
}

/* ---- driver entry points ---- */

static md_CUresult fake_ctx_get_current(md_CUcontext *c) {
  *c = (md_CUcontext)fake_cur_ctx;
  return FAKE_SUCCESS;
}

/* cuCtxGetId: NULL is the current context (an error when none is). */
static md_CUresult fake_ctx_get_id(md_CUcontext c, unsigned long long *id) {
  if (!c && !(c = (md_CUcontext)fake_cur_ctx))
    return 201; /* CUDA_ERROR_INVALID_CONTEXT */
  *id = (unsigned long long)(uintptr_t)c * 3;
  return FAKE_SUCCESS;
}

static md_CUresult fake_func_get_module(md_CUmodule *m, md_CUfunction f) {
  *m = ((fake_fn *)f)->mod;
  return FAKE_SUCCESS;
}

static md_CUresult fake_func_get_name(const char **name, md_CUfunction f) {
  *name = ((fake_fn *)f)->name;
  return FAKE_SUCCESS;
}

static md_CUresult fake_module_get_function(md_CUfunction *f, md_CUmodule mp,
                                            const char *name) {
  fake_mod *m = mp;
  int i;
  if (m->get_function_error)
    return m->get_function_error;
  for (i = 0; i < m->n_fns; i++)
    if (strcmp(m->fns[i]->name, name) == 0) {
      *f = m->fns[i];
      return FAKE_SUCCESS;
    }
  return FAKE_ERR_NOT_FOUND;
}

static md_CUresult fake_module_get_global(md_CUdeviceptr *d, size_t *n,
                                          md_CUmodule mp, const char *name) {
  fake_mod *m = mp;
  int i;
  for (i = 0; i < m->n_globals; i++)
    if (strcmp(m->globals[i].name, name) == 0) {
      *d = (md_CUdeviceptr)(uintptr_t)m->globals[i].bytes;
      *n = m->globals[i].size;
      return FAKE_SUCCESS;
    }
  return FAKE_ERR_NOT_FOUND;
}

static md_CUresult fake_memcpy_dtoh(void *dst, md_CUdeviceptr src, size_t n) {
  atomic_fetch_add(&fake_copies, 1);
  memcpy(dst, (const void *)(uintptr_t)src, n);
  return FAKE_SUCCESS;
}

static md_CUresult fake_stream_is_capturing(md_CUstream s, int *status) {
  (void)s;
  *status = fake_capturing;
  return FAKE_SUCCESS;
}

/* Checks every clone launch: its magic parameters must be those of the
 * divisor in the original parameter div_param (unsigned 32-bit kind). */
static md_CUresult fake_launch_kernel(md_CUfunction fp, unsigned gx,
                                      unsigned gy, unsigned gz, unsigned bx,
                                      unsigned by, unsigned bz,
                                      unsigned shmem, md_CUstream s,
                                      void **params, void **extra) {
  fake_fn *f = fp;
  int orig_n = f->n_params - 3, i;
  (void)extra;
  atomic_fetch_add(&f->launches, 1);
  if (f->launch_error)
    return f->launch_error;
  if (!fake_threaded) {
    fake_last_fn = f;
    fake_last_stream = s;
    fake_last_dims[0] = gx; fake_last_dims[1] = gy; fake_last_dims[2] = gz;
    fake_last_dims[3] = bx; fake_last_dims[4] = by; fake_last_dims[5] = bz;
    fake_last_shmem = shmem;
    for (i = 0; params && i < f->n_params && i < 128; i++)
      fake_last_params[i] = params[i];
  }
  if (f->div_param >= 0) { /* a clone */
    uint32_t d = *(const uint32_t *)params[f->div_param];
    md_u32_magic g;
    atomic_fetch_add(&fake_clone_launches, 1);
    if (md_magic_u32(d, &g) != MD_OK ||
        *(const uint32_t *)params[orig_n] != g.m ||
        *(const uint32_t *)params[orig_n + 1] != g.a ||
        *(const uint32_t *)params[orig_n + 2] != g.s)
      atomic_fetch_add(&fake_bad, 1);
    for (i = 0; i < 3 && !fake_threaded; i++)
      fake_last_extra[i] = *(const uint32_t *)params[orig_n + i];
  } else {
    atomic_fetch_add(&fake_orig_launches, 1);
  }
  return FAKE_SUCCESS;
}

static md_CUresult fake_get_error_name(md_CUresult r, const char **s) {
  *s = r == FAKE_ERR_NOT_FOUND          ? "CUDA_ERROR_NOT_FOUND"
       : r == FAKE_ERR_INVALID_VALUE    ? "CUDA_ERROR_INVALID_VALUE"
       : r == FAKE_ERR_OUT_OF_RESOURCES ? "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"
                                        : "CUDA_ERROR_UNKNOWN";
  return FAKE_SUCCESS;
}

static inline md_CUresult fake_func_get_param_info(md_CUfunction fp, size_t i,
                                            size_t *off, size_t *size) {
  static const uint32_t k3[3] = {8, 4, 4};
  fake_fn *f = fp;
  size_t k, o = 0;
  if (i >= (size_t)f->n_params)
    return FAKE_ERR_INVALID_VALUE;
  for (k = 0; k <= i; k++) {
    size_t sz = f->psizes ? f->psizes[k] : f->n_params == 3 ? k3[k] : 4;
    o = (o + sz - 1) / sz * sz;
    if (k == i) {
      *off = o;
      *size = sz;
    }
    o += sz;
  }
  return FAKE_SUCCESS;
}

static md_cuda_driver fake_driver(void) {
  md_cuda_driver d;
  memset(&d, 0, sizeof d);
  d.version = MD_CUDA_DRIVER_VERSION;
  d.ctx_get_current = fake_ctx_get_current;
  d.ctx_get_id = fake_have_ctx_id ? fake_ctx_get_id : NULL;
  d.func_get_module = fake_func_get_module;
  d.func_get_name = fake_func_get_name;
  d.module_get_function = fake_module_get_function;
  d.module_get_global = fake_module_get_global;
  d.memcpy_dtoh = fake_memcpy_dtoh;
  d.stream_is_capturing = fake_stream_is_capturing;
  d.launch_kernel = fake_launch_kernel;
  d.get_error_name = fake_get_error_name;
  return d;
}

/* ---- cudart entry points (what the host pass hands over) ---- */

static inline int fake_cudaGetFuncBySymbol(md_CUfunction *f, const void *stub) {
  int i;
  atomic_fetch_add(&fake_get_func_calls, 1);
  if (!fake_cur_ctx)
    fake_cur_ctx = fake_default_ctx; /* cudart's lazy context init */
  for (i = 0; i < fake_n_stubs; i++)
    if (fake_stubs[i].stub == stub) {
      if (fake_stubs[i].error)
        return fake_stubs[i].error;
      *f = fake_stubs[i].fn;
      return 0;
    }
  return FAKE_CUDART_INVALID_DEVICE_FUNCTION;
}

static inline int fake_cudaLaunchKernel(const void *fn, md_dim3 grid,
                                        md_dim3 block, void **args,
                                        size_t shmem, void *stream) {
  (void)grid;
  (void)block;
  (void)args;
  (void)shmem;
  if (!fake_cur_ctx)
    fake_cur_ctx = fake_default_ctx;
  if (!fake_threaded) {
    fake_last_orig = fn;
    fake_last_stream = stream;
  }
  atomic_fetch_add(&fake_orig_launches, 1);
  return fake_orig_result;
}

#endif /* MAGICDIV_TEST_LAUNCH_FAKE_H */
