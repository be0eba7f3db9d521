/*
 * test_choice_fake.h -- what the measured-choice tests share
 * (test_launch_choice.c, test_graph_choice.c): fake events for the fake
 * CUDA driver of test_launch_fake.h whose elapsed time is scripted per
 * side (ms_orig, ms_clone; a query says "not ready" ev_delay times), a
 * driver launch that notes which side ran (t_side), and the kernel
 * k(int *out, unsigned n, unsigned d) with its clone k__magicdiv, launched
 * through the runtime API (launch, launches) from a fresh cache (fresh,
 * policy: MAGICDIV_CHOICE).
 * Each test binary includes it once, after test_expect.h.
 */
#ifndef MAGICDIV_TEST_CHOICE_FAKE_H
#define MAGICDIV_TEST_CHOICE_FAKE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_hip.h"
#include "test_launch_fake.h"

/* ---- fake events ---- */

typedef struct fev {
  int side;     /* of the thread's last launch when it was recorded */
  int pending;  /* queries left that say "not ready" */
} fev;

static atomic_int ev_live, ev_made, ev_calls, ev_fail_create;
static float ms_orig = 1.0f, ms_clone = 1.0f;
static int ev_delay;
static _Thread_local int t_side; /* 1: the thread's last launch was a clone */

static int ev_create(void **e, unsigned flags) {
  fev *v;
  (void)flags;
  atomic_fetch_add(&ev_calls, 1);
  if (atomic_load(&ev_fail_create) || !(v = calloc(1, sizeof *v)))
    return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  atomic_fetch_add(&ev_live, 1);
  atomic_fetch_add(&ev_made, 1);
  *e = v;
  return 0;
}
static int ev_record(void *e, void *stream) {
  fev *v = e;
  (void)stream;
  atomic_fetch_add(&ev_calls, 1);
  v->side = t_side;
  v->pending = ev_delay;
  return 0;
}
static int ev_query(void *e) {
  fev *v = e;
  atomic_fetch_add(&ev_calls, 1);
  if (v->pending > 0) {
    v->pending--;
    return 600; /* not ready */
  }
  return 0;
}
static int ev_elapsed(float *ms, void *a, void *b) {
  const fev *stop = b;
  (void)a;
  atomic_fetch_add(&ev_calls, 1);
  *ms = stop->side ? ms_clone : ms_orig;
  return 0;
}
static int ev_destroy(void *e) {
  atomic_fetch_add(&ev_calls, 1);
  atomic_fetch_sub(&ev_live, 1);
  free(e);
  return 0;
}

/* ---- launches that say which side ran ---- */

static md_CUresult drv_launch(md_CUfunction f, unsigned gx, unsigned gy,
                              unsigned gz, unsigned bx, unsigned by,
                              unsigned bz, unsigned shmem, md_CUstream s,
                              void **params, void **extra) {
  t_side = ((fake_fn *)f)->div_param >= 0;
  return fake_launch_kernel(f, gx, gy, gz, bx, by, bz, shmem, s, params,
                            extra);
}
static md_CUresult drv_launch_ex(const md_CUlaunchConfig *c, md_CUfunction f,
                                 void **params, void **extra) {
  return drv_launch(f, c->grid_x, c->grid_y, c->grid_z, c->block_x,
                    c->block_y, c->block_z, c->shmem, c->stream, params,
                    extra);
}
static int rt_launch(const void *fn, md_dim3 g, md_dim3 b, void **args,
                     size_t shmem, void *stream) {
  t_side = 0;
  return fake_cudaLaunchKernel(fn, g, b, args, shmem, stream);
}

static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, rt_launch,
                                fake_cudaGetFuncBySymbol};

/* ---- the kernel k(int *out, unsigned n, unsigned d) ---- */

static fake_mod mod;
static fake_fn f_k = {"k", NULL, 3, -1, 0, 0, NULL};
static fake_fn f_kc = {"k__magicdiv", NULL, 6, 2, 0, 0, NULL};
static char s_k;
static unsigned char desc[128];
static size_t desc_n;

static void setup(void) {
  static const uint32_t sizes[3] = {8, 4, 4};
  desc_n = fake_desc(desc, sizes, 3, 2, MD_KIND_U32, 0, 4, 1);
  fake_add_fn(&mod, &f_k);
  fake_add_fn(&mod, &f_kc);
  fake_add_global(&mod, "k__magicdiv_desc", desc, desc_n);
  fake_bind(&s_k, &f_k, 0);
}

static md_cuda_driver driver(int events) {
  md_cuda_driver d = fake_driver();
  d.launch_kernel = drv_launch;
  d.launch_kernel_ex = drv_launch_ex;
  if (events) {
    d.event_create = ev_create;
    d.event_record = ev_record;
    d.event_query = ev_query;
    d.event_elapsed_time = ev_elapsed;
    d.event_destroy = ev_destroy;
  }
  return d;
}

/* One launch of k on gx blocks with divisor d: 1 if the clone ran. */
static int launch(unsigned gx, uint32_t d) {
  int out = 0;
  uint32_t n = 100;
  void *args[3] = {&out, &n, &d};
  md_dim3 grid = {gx, 1, 1}, block = {64, 1, 1};
  EXPECT(md_cuda_launch(&s_k, grid, block, args, 0, NULL, "k", &api) == 0);
  return t_side;
}

/* `times` launches: the sides that ran, '1' clone, '0' original. */
static void launches(int times, unsigned gx, char *out) {
  for (int i = 0; i < times; i++)
    out[i] = launch(gx, 7) ? '1' : '0';
  out[times] = 0;
}

/* A fresh start: the cache reset (the environment re-read). */
static void fresh(float orig, float clone) {
  md_launch_reset();
  ms_orig = orig;
  ms_clone = clone;
  ev_delay = 0;
  EXPECT(ev_live == 0);
}

/* MAGICDIV_CHOICE=value (NULL: unset), read again by md_launch_reset
 * (the includer defines _POSIX_C_SOURCE for setenv). */
static void policy(const char *value) {
  if (value)
    setenv("MAGICDIV_CHOICE", value, 1);
  else
    unsetenv("MAGICDIV_CHOICE");
  fresh(1.0f, 1.5f);
}

/* HIP: the kernel's handle h_k (its clone's: &f_kc), a launch that notes
 * the side, a stream that is never captured. */
static char h_k;
static int hip_run(const void *fn, md_dim3 g, md_dim3 b, void **args,
                   size_t shmem, void *stream) {
  (void)g, (void)b, (void)args, (void)shmem, (void)stream;
  t_side = fn == (const void *)&f_kc;
  return 0;
}

static int hip_not_capturing(void *stream, int *status) {
  (void)stream;
  *status = 0;
  return 0;
}

#endif /* MAGICDIV_TEST_CHOICE_FAKE_H */
