/*
 * test_launch_api.c -- the launch forms beyond cudaLaunchKernel against the
 * FAKE driver (test_launch_fake.h): cooperative launches and
 * cudaLaunchKernelExC (md_cuda_launch / md_cuda_launch_ex), hipExtLaunchKernel
 * and hipLaunchCooperativeKernel (md_hip_launch_ext / _cooperative), a
 * version-1 driver table (no cuLaunchKernelEx / cuLaunchCooperativeKernel:
 * the original runs), and the check of the original kernel's parameters
 * against the descriptor (cuFuncGetParamInfo).  For each: the
 * clone gets the same grid, block, shared memory, stream and attributes /
 * events / flags with the right magic numbers, or the ORIGINAL call runs
 * unchanged and its result is returned.  MAGICDIV_LOG lines: launch-api.test.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_hip.h"
#include "test_launch_fake.h"

#include "test_expect.h"

static const uint32_t k_sizes[3] = {8, 4, 4};
static unsigned char desc_ok[128];
static size_t desc_ok_n;
static fake_mod mod;

#define FN(var, nm, np, dp) static fake_fn var = {nm, NULL, np, dp, 0, 0, NULL}
FN(f_coop, "k_coop", 3, -1);
FN(f_coop_c, "k_coop__magicdiv", 6, 2);
FN(f_ex, "k_ex", 3, -1);
FN(f_ex_c, "k_ex__magicdiv", 6, 2);
FN(f_v1, "k_v1", 3, -1);
FN(f_v1_c, "k_v1__magicdiv", 6, 2);
FN(f_pm, "k_pm", 3, -1);     /* parameter sizes match */
FN(f_pm_c, "k_pm__magicdiv", 6, 2);
FN(f_psz, "k_psz", 3, -1);   /* parameter 2 is 8 bytes, not 4 */
FN(f_psz_c, "k_psz__magicdiv", 6, 2);
FN(f_pfew, "k_pfew", 2, -1); /* two parameters, the descriptor says 3 */
FN(f_pfew_c, "k_pfew__magicdiv", 6, 2);
FN(f_pmany, "k_pmany", 4, -1); /* four parameters */
FN(f_pmany_c, "k_pmany__magicdiv", 6, 2);
FN(f_anon, "k_anon", 3, -1); /* launched with no name: the driver has it */
FN(f_anon_c, "k_anon__magicdiv", 6, 2);
FN(f_anon2, "k_anon2", 3, -1); /* ... and without cuFuncGetName */
FN(f_anon2_c, "k_anon2__magicdiv", 6, 2);
static const uint32_t psz_sizes[3] = {8, 4, 8};
static const uint32_t pmany_sizes[4] = {8, 4, 4, 4};
static const uint32_t pfew_sizes[2] = {8, 4};

static char s_coop, s_ex, s_v1, s_pm, s_psz, s_pfew, s_pmany, s_anon, s_anon2;

/* ---- the fake cudart / driver entry points of these launch forms ---- */

static int coop_orig, coop_clone, ex_orig, ex_clone;
static const md_cuda_launch_config *ex_last_config;
static md_CUlaunchConfig ex_last_cu;
static void *coop_last_stream;

static int fake_cudaLaunchCooperativeKernel(const void *fn, md_dim3 g,
                                            md_dim3 b, void **args,
                                            size_t shmem, void *stream) {
  coop_orig++;
  return fake_cudaLaunchKernel(fn, g, b, args, shmem, stream);
}

static md_CUresult fake_cuLaunchCooperativeKernel(
    md_CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
    unsigned by, unsigned bz, unsigned shmem, md_CUstream s, void **params) {
  coop_clone++;
  coop_last_stream = s;
  return fake_launch_kernel(f, gx, gy, gz, bx, by, bz, shmem, s, params,
                            NULL);
}

static int fake_cudaLaunchKernelExC(const md_cuda_launch_config *c,
                                    const void *fn, void **args) {
  ex_orig++;
  ex_last_config = c;
  if (!c)
    return 1; /* cudaErrorInvalidValue */
  return fake_cudaLaunchKernel(fn, c->grid, c->block, args, c->shmem,
                               c->stream);
}

static md_CUresult fake_cuLaunchKernelEx(const md_CUlaunchConfig *c,
                                         md_CUfunction f, void **params,
                                         void **extra) {
  ex_clone++;
  ex_last_cu = *c;
  return fake_launch_kernel(f, c->grid_x, c->grid_y, c->grid_z, c->block_x,
                            c->block_y, c->block_z, c->shmem, c->stream,
                            params, extra);
}

static const md_cuda_api api_coop = {MD_CUDA_API_VERSION, MD_API_COOPERATIVE,
                                     fake_cudaLaunchCooperativeKernel,
                                     fake_cudaGetFuncBySymbol};
static const md_cuda_api api_coop_ptsz = {
    MD_CUDA_API_VERSION, MD_API_COOPERATIVE | MD_API_PER_THREAD,
    fake_cudaLaunchCooperativeKernel, fake_cudaGetFuncBySymbol};
static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, fake_cudaLaunchKernel,
                                fake_cudaGetFuncBySymbol};
static const md_cuda_ex_api api_ex = {MD_CUDA_API_VERSION, 0,
                                      fake_cudaLaunchKernelExC,
                                      fake_cudaGetFuncBySymbol};
static const md_cuda_ex_api api_ex_ptsz = {MD_CUDA_API_VERSION,
                                           MD_API_PER_THREAD,
                                           fake_cudaLaunchKernelExC,
                                           fake_cudaGetFuncBySymbol};
static const md_dim3 grid = {3, 2, 1}, block = {128, 1, 1};
static void *const stream_s = (void *)(uintptr_t)0x5000;

static int out;
static uint32_t n = 1000, dd;
static void *args[3] = {&out, &n, &dd};

static void expect_magic(uint32_t d) {
  md_u32_magic g;
  md_magic_u32(d, &g);
  EXPECT(fake_last_extra[0] == g.m && fake_last_extra[1] == g.a &&
         fake_last_extra[2] == g.s);
}

static void add_kernel(fake_fn *f, fake_fn *c, const char *dname,
                       const void *stub) {
  fake_add_fn(&mod, f);
  fake_add_fn(&mod, c);
  fake_add_global(&mod, dname, desc_ok, desc_ok_n);
  fake_bind(stub, f, 0);
}

static void setup(void) {
  desc_ok_n = fake_desc(desc_ok, k_sizes, 3, 2, MD_KIND_U32, 0, 4, 1);
  add_kernel(&f_coop, &f_coop_c, "k_coop__magicdiv_desc", &s_coop);
  add_kernel(&f_ex, &f_ex_c, "k_ex__magicdiv_desc", &s_ex);
  add_kernel(&f_v1, &f_v1_c, "k_v1__magicdiv_desc", &s_v1);
  add_kernel(&f_pm, &f_pm_c, "k_pm__magicdiv_desc", &s_pm);
  f_psz.psizes = psz_sizes;
  add_kernel(&f_psz, &f_psz_c, "k_psz__magicdiv_desc", &s_psz);
  f_pfew.psizes = pfew_sizes;
  add_kernel(&f_pfew, &f_pfew_c, "k_pfew__magicdiv_desc", &s_pfew);
  f_pmany.psizes = pmany_sizes;
  add_kernel(&f_pmany, &f_pmany_c, "k_pmany__magicdiv_desc", &s_pmany);
  add_kernel(&f_anon, &f_anon_c, "k_anon__magicdiv_desc", &s_anon);
  add_kernel(&f_anon2, &f_anon2_c, "k_anon2__magicdiv_desc", &s_anon2);
}

/* The host pass routes launches of kernel pointers it cannot name (loaded
 * from memory, a select) with name NULL: cuFuncGetName supplies it, and
 * without it the original runs. */
static void test_unnamed(void) {
  md_cuda_driver d = fake_driver();
  int r, o0;
  section("unnamed kernel pointer");
  dd = 11;
  r = md_cuda_launch(&s_anon, grid, block, args, 0, stream_s, NULL, &api);
  EXPECT(r == 0 && fake_last_fn == &f_anon_c);
  expect_magic(11);
  d.func_get_name = NULL;
  d.launch_kernel_ex = fake_cuLaunchKernelEx;
  d.launch_cooperative_kernel = fake_cuLaunchCooperativeKernel;
  d.func_get_param_info = fake_func_get_param_info;
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  o0 = fake_orig_launches;
  r = md_cuda_launch(&s_anon2, grid, block, args, 0, stream_s, NULL, &api);
  EXPECT(r == 0 && fake_orig_launches == o0 + 1 && fake_last_orig == &s_anon2);
  /* an address that is no kernel at all: the original call, its error */
  fake_orig_result = 98;
  r = md_cuda_launch(&dd, grid, block, args, 0, stream_s, NULL, &api);
  fake_orig_result = 0;
  EXPECT(r == 98 && fake_last_orig == &dd);
}

static void test_cooperative(void) {
  int r, o0 = fake_orig_launches;
  section("cooperative");
  dd = 7;
  r = md_cuda_launch(&s_coop, grid, block, args, 32, stream_s, "k_coop",
                     &api_coop);
  EXPECT(r == 0 && coop_clone == 1 && coop_orig == 0);
  EXPECT(fake_last_fn == &f_coop_c && fake_last_stream == stream_s);
  EXPECT(fake_last_dims[0] == 3 && fake_last_dims[1] == 2 &&
         fake_last_dims[3] == 128 && fake_last_shmem == 32);
  expect_magic(7);
  /* the per-thread default stream */
  r = md_cuda_launch(&s_coop, grid, block, args, 32, NULL, "k_coop",
                     &api_coop_ptsz);
  EXPECT(r == 0 && coop_clone == 2 && coop_last_stream == (void *)2);
  /* divisor 0: the program's own cooperative launch */
  dd = 0;
  fake_orig_result = 720; /* cudaErrorCooperativeLaunchTooLarge */
  r = md_cuda_launch(&s_coop, grid, block, args, 32, stream_s, "k_coop",
                     &api_coop);
  fake_orig_result = 0;
  EXPECT(r == 720 && coop_orig == 1 && fake_orig_launches == o0 + 1 &&
         fake_last_orig == &s_coop);
  /* a failed cooperative clone launch (too large once the clone's
   * registers count): the original cooperative launch */
  f_coop_c.launch_error = FAKE_ERR_OUT_OF_RESOURCES;
  dd = 9;
  r = md_cuda_launch(&s_coop, grid, block, args, 32, stream_s, "k_coop",
                     &api_coop);
  f_coop_c.launch_error = 0;
  EXPECT(r == 0 && coop_orig == 2);
}

static void test_ex(void) {
  static char attrs[3 * 72];
  md_cuda_launch_config c;
  int r, o0;
  section("launch ex");
  memset(&c, 0, sizeof c);
  c.grid = grid;
  c.block = block;
  c.shmem = 48;
  c.stream = stream_s;
  c.attrs = attrs;
  c.num_attrs = 3;
  dd = 13;
  r = md_cuda_launch_ex(&c, &s_ex, args, "k_ex", &api_ex);
  EXPECT(r == 0 && ex_clone == 1 && ex_orig == 0);
  EXPECT(fake_last_fn == &f_ex_c);
  EXPECT(ex_last_cu.grid_x == 3 && ex_last_cu.grid_y == 2 &&
         ex_last_cu.grid_z == 1 && ex_last_cu.block_x == 128 &&
         ex_last_cu.shmem == 48 && ex_last_cu.stream == stream_s);
  EXPECT(ex_last_cu.attrs == attrs && ex_last_cu.num_attrs == 3);
  expect_magic(13);
  /* _ptsz: stream 0 is the per-thread stream */
  c.stream = NULL;
  r = md_cuda_launch_ex(&c, &s_ex, args, "k_ex", &api_ex_ptsz);
  EXPECT(r == 0 && ex_clone == 2 && ex_last_cu.stream == (void *)2);
  c.stream = stream_s;
  /* divisor 0: the program's call with its own config */
  o0 = fake_orig_launches;
  dd = 0;
  r = md_cuda_launch_ex(&c, &s_ex, args, "k_ex", &api_ex);
  EXPECT(r == 0 && ex_orig == 1 && ex_last_config == &c &&
         fake_orig_launches == o0 + 1);
  /* a failed clone launch (e.g. a cluster the clone cannot take) */
  f_ex_c.launch_error = FAKE_ERR_INVALID_VALUE;
  dd = 5;
  r = md_cuda_launch_ex(&c, &s_ex, args, "k_ex", &api_ex);
  f_ex_c.launch_error = 0;
  EXPECT(r == 0 && ex_orig == 2 && ex_last_config == &c);
  /* bad input: a clear error code, nothing launched */
  EXPECT(md_cuda_launch_ex(&c, &s_ex, args, "k_ex", NULL) == 1);
  r = md_cuda_launch_ex(NULL, &s_ex, args, "k_ex", &api_ex);
  EXPECT(r == 1 && ex_orig == 3 && ex_last_config == NULL);
  /* shared memory beyond what cuLaunchKernelEx takes: the original */
  c.shmem = (size_t)1 << 33;
  dd = 5;
  r = md_cuda_launch_ex(&c, &s_ex, args, "k_ex", &api_ex);
  EXPECT(ex_orig == 4 && ex_clone == 3);
}

/* A version-1 table has no cuLaunchKernelEx / cuLaunchCooperativeKernel:
 * those launches run the original, cudaLaunchKernel still gets clones. */
static void test_v1_driver(void) {
  md_cuda_driver d = fake_driver();
  md_cuda_launch_config c;
  int r, c0 = ex_clone, o0 = ex_orig, k0 = coop_orig;
  section("version-1 driver");
  d.version = 1;
  d.launch_kernel_ex = fake_cuLaunchKernelEx; /* beyond a v1 table: unread */
  d.launch_cooperative_kernel = fake_cuLaunchCooperativeKernel;
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  memset(&c, 0, sizeof c);
  c.grid = grid;
  c.block = block;
  c.stream = stream_s;
  dd = 3;
  r = md_cuda_launch_ex(&c, &s_v1, args, "k_v1", &api_ex);
  EXPECT(r == 0 && ex_clone == c0 && ex_orig == o0 + 1);
  r = md_cuda_launch(&s_v1, grid, block, args, 0, stream_s, "k_v1",
                     &api_coop);
  EXPECT(r == 0 && coop_orig == k0 + 1);
  r = md_cuda_launch(&s_v1, grid, block, args, 0, stream_s, "k_v1", &api);
  EXPECT(r == 0 && fake_last_fn == &f_v1_c);
  d.version = MD_CUDA_DRIVER_VERSION + 1; /* unknown */
  EXPECT(md_cuda_set_driver(&d) == MD_ERR_INVALID);
}

/* The original kernel's parameters against the descriptor */
static void test_params(void) {
  int r, o0;
  section("parameter check");
  dd = 6;
  r = md_cuda_launch(&s_pm, grid, block, args, 0, stream_s, "k_pm", &api);
  EXPECT(r == 0 && fake_last_fn == &f_pm_c);
  expect_magic(6);
  o0 = fake_orig_launches;
  r = md_cuda_launch(&s_psz, grid, block, args, 0, stream_s, "k_psz", &api);
  EXPECT(r == 0 && fake_orig_launches == o0 + 1 && fake_last_orig == &s_psz);
  r = md_cuda_launch(&s_pfew, grid, block, args, 0, stream_s, "k_pfew", &api);
  EXPECT(r == 0 && fake_orig_launches == o0 + 2 && fake_last_orig == &s_pfew);
  r = md_cuda_launch(&s_pmany, grid, block, args, 0, stream_s, "k_pmany",
                     &api);
  EXPECT(r == 0 && fake_orig_launches == o0 + 3 &&
         fake_last_orig == &s_pmany);
  /* once per (kernel, context): the second launch is quiet, still original */
  r = md_cuda_launch(&s_psz, grid, block, args, 0, stream_s, "k_psz", &api);
  EXPECT(r == 0 && fake_orig_launches == o0 + 4);
}

/* Without cuFuncGetParamInfo (CUDA < 12.4) the check is skipped. */
static void test_params_absent(void) {
  md_cuda_driver d = fake_driver();
  int r;
  section("parameter check without cuFuncGetParamInfo");
  d.func_get_param_info = NULL;
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  dd = 6;
  r = md_cuda_launch(&s_psz, grid, block, args, 0, stream_s, "k_psz", &api);
  EXPECT(r == 0 && fake_last_fn == &f_psz_c);
}

/* ---- HIP ---- */

static const void *hip_last_fn;
static void **hip_last_args;
static void *hip_last_events[2];
static int hip_last_flags, hip_clone_error, hip_coop_launches;
static unsigned hip_last_shmem;
static char h_ext, h_ext_c, h_coop, h_coop_c;

static int fake_hipExtLaunchKernel(const void *fn, md_dim3 g, md_dim3 b,
                                   void **a, size_t shmem, void *stream,
                                   void *start, void *stop, int flags) {
  (void)g;
  (void)b;
  (void)stream;
  if (fn == &h_ext_c && hip_clone_error)
    return hip_clone_error;
  hip_last_fn = fn;
  hip_last_args = a;
  hip_last_events[0] = start;
  hip_last_events[1] = stop;
  hip_last_flags = flags;
  hip_last_shmem = (unsigned)shmem;
  return 0;
}

static int fake_hipLaunchCooperativeKernel(const void *fn, md_dim3 g,
                                           md_dim3 b, void **a,
                                           unsigned shmem, void *stream) {
  (void)g;
  (void)b;
  (void)stream;
  hip_coop_launches++;
  hip_last_fn = fn;
  hip_last_args = a;
  hip_last_shmem = shmem;
  return 0;
}

static void test_hip(void) {
  static const md_hip_ext_api eapi = {MD_HIP_API_VERSION, 0,
                                      fake_hipExtLaunchKernel};
  static const md_hip_coop_api capi = {MD_HIP_API_VERSION, MD_API_COOPERATIVE,
                                       fake_hipLaunchCooperativeKernel};
  md_hip_clone ce = {&h_ext_c, desc_ok, 0, NULL, NULL, 0}, cc = {&h_coop_c, desc_ok, 0, NULL, NULL, 0};
  void *ev0 = (void *)(uintptr_t)0x77, *ev1 = (void *)(uintptr_t)0x78;
  md_u32_magic g;
  int r;
  ce.desc_size = desc_ok_n;
  cc.desc_size = desc_ok_n;
  section("hip ext");
  dd = 10;
  md_magic_u32(10, &g);
  r = md_hip_launch_ext(&h_ext, grid, block, args, 24, NULL, ev0, ev1, 1,
                        "h_ext", &eapi, &ce);
  EXPECT(r == 0 && hip_last_fn == &h_ext_c && hip_last_events[0] == ev0 &&
         hip_last_events[1] == ev1 && hip_last_flags == 1 &&
         hip_last_shmem == 24);
  EXPECT(*(uint32_t *)hip_last_args[3] == g.m &&
         *(uint32_t *)hip_last_args[4] == g.a &&
         *(uint32_t *)hip_last_args[5] == g.s);
  dd = 0;
  r = md_hip_launch_ext(&h_ext, grid, block, args, 24, NULL, ev0, ev1, 1,
                        "h_ext", &eapi, &ce);
  EXPECT(r == 0 && hip_last_fn == &h_ext && hip_last_args == args &&
         hip_last_events[1] == ev1 && hip_last_flags == 1);
  hip_clone_error = 98;
  dd = 10;
  r = md_hip_launch_ext(&h_ext, grid, block, args, 24, NULL, ev0, ev1, 1,
                        "h_ext", &eapi, &ce);
  hip_clone_error = 0;
  EXPECT(r == 0 && hip_last_fn == &h_ext);
  EXPECT(md_hip_launch_ext(&h_ext, grid, block, args, 0, NULL, NULL, NULL, 0,
                           "h_ext", NULL, &ce) == 1);
  section("hip cooperative");
  r = md_hip_launch_cooperative(&h_coop, grid, block, args, 16, NULL,
                                "h_coop", &capi, &cc);
  EXPECT(r == 0 && hip_last_fn == &h_coop_c && hip_last_shmem == 16 &&
         hip_coop_launches == 1);
  dd = 0;
  r = md_hip_launch_cooperative(&h_coop, grid, block, args, 16, NULL,
                                "h_coop", &capi, &cc);
  EXPECT(r == 0 && hip_last_fn == &h_coop && hip_last_args == args &&
         hip_coop_launches == 2);
  r = md_hip_launch_cooperative(&h_coop, grid, block, args, 16, NULL,
                                "h_coop", &capi, NULL);
  EXPECT(r == 0 && hip_last_fn == &h_coop && hip_coop_launches == 3);
}

int main(void) {
  md_cuda_driver d = fake_driver();
  setup();
  d.launch_kernel_ex = fake_cuLaunchKernelEx;
  d.launch_cooperative_kernel = fake_cuLaunchCooperativeKernel;
  d.func_get_param_info = fake_func_get_param_info;
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  test_cooperative();
  test_ex();
  test_params();
  test_v1_driver();
  test_params_absent();
  test_unnamed();
  test_hip();
  EXPECT(fake_bad == 0);
  md_launch_release();
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
