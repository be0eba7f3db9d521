/*
 * test_launch.c -- the launch layer (md_cuda_launch, md_cuLaunchKernel,
 * md_hip_launch) against a FAKE driver (test_launch_fake.h): no GPU in CI.
 *
 * Every path: clone used (arguments, dims, shared memory, stream kept;
 * magic parameters right), and each fallback -- divisor 0, no clone, no
 * descriptor, bad descriptor version, malformed descriptor, lookup error,
 * cudaGetFuncBySymbol error, failed clone launch, stream capture, packed
 * `extra` parameters, MAGICDIV_DISABLE, no driver, a HIP clone record
 * declaring more parameters than the call site's array has -- launches the
 * original and returns its result.  MAGICDIV_LOG lines are checked by launch.test;
 * each section prints "== name" to stderr first.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, unsetenv */
#include <dlfcn.h>
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

/* Kernels k(int *out, unsigned n, unsigned d): divisor in parameter 2. */
static const uint32_t k_sizes[3] = {8, 4, 4};
static unsigned char desc_ok[128], desc_v99[128];
static size_t desc_ok_n, desc_v99_n;
static const unsigned char desc_short[8] = {'M', 'D', 'D', 'S', 1, 0, 20, 0};

static fake_mod mod_a, mod_b;
#define FN(var, nm, np, dp) static fake_fn var = {nm, NULL, np, dp, 0, 0, NULL}
FN(f_udiv, "k_udiv", 3, -1);
FN(f_udiv_c, "k_udiv__magicdiv", 6, 2);
FN(f_zero, "k_zero", 3, -1);
FN(f_zero_c, "k_zero__magicdiv", 6, 2);
FN(f_noclone, "k_noclone", 3, -1);
FN(f_nodesc, "k_nodesc", 3, -1);
FN(f_nodesc_c, "k_nodesc__magicdiv", 6, 2);
FN(f_badver, "k_badver", 3, -1);
FN(f_badver_c, "k_badver__magicdiv", 6, 2);
FN(f_short, "k_short", 3, -1);
FN(f_short_c, "k_short__magicdiv", 6, 2);
FN(f_fail, "k_fail", 3, -1);
FN(f_fail_c, "k_fail__magicdiv", 6, 2);
FN(f_cap, "k_cap", 3, -1);
FN(f_cap_c, "k_cap__magicdiv", 6, 2);
FN(f_named, "k_named", 3, -1);
FN(f_named_c, "k_named__magicdiv", 6, 2);
FN(f_many, "k_many", 70, -1);
FN(f_many_c, "k_many__magicdiv", 73, 69);
FN(f_lookup, "k_lookup", 3, -1);
FN(f_getfn, "k_getfn", 3, -1);

/* Host stubs: only their addresses matter. */
static char s_udiv, s_zero, s_noclone, s_nodesc, s_badver, s_short, s_fail,
    s_cap, s_many, s_lookup, s_getfn;

static void setup(void) {
  static unsigned char desc_many[512];
  static uint32_t many_sizes[70];
  size_t n;
  int i;
  desc_ok_n = fake_desc(desc_ok, k_sizes, 3, 2, MD_KIND_U32, 0, 4, 1);
  desc_v99_n = fake_desc(desc_v99, k_sizes, 3, 2, MD_KIND_U32, 0, 4, 99);
  for (i = 0; i < 70; i++)
    many_sizes[i] = 4;
  n = fake_desc(desc_many, many_sizes, 70, 69, MD_KIND_U32, 0, 4, 1);

  fake_add_fn(&mod_a, &f_udiv);
  fake_add_fn(&mod_a, &f_udiv_c);
  fake_add_global(&mod_a, "k_udiv__magicdiv_desc", desc_ok, desc_ok_n);
  fake_add_fn(&mod_a, &f_zero);
  fake_add_fn(&mod_a, &f_zero_c);
  fake_add_global(&mod_a, "k_zero__magicdiv_desc", desc_ok, desc_ok_n);
  fake_add_fn(&mod_a, &f_noclone);
  fake_add_fn(&mod_a, &f_nodesc);
  fake_add_fn(&mod_a, &f_nodesc_c);
  fake_add_fn(&mod_a, &f_badver);
  fake_add_fn(&mod_a, &f_badver_c);
  fake_add_global(&mod_a, "k_badver__magicdiv_desc", desc_v99, desc_v99_n);
  fake_add_fn(&mod_a, &f_short);
  fake_add_fn(&mod_a, &f_short_c);
  fake_add_global(&mod_a, "k_short__magicdiv_desc", desc_short,
                  sizeof desc_short);
  f_fail_c.launch_error = FAKE_ERR_OUT_OF_RESOURCES;
  fake_add_fn(&mod_a, &f_fail);
  fake_add_fn(&mod_a, &f_fail_c);
  fake_add_global(&mod_a, "k_fail__magicdiv_desc", desc_ok, desc_ok_n);
  fake_add_fn(&mod_a, &f_cap);
  fake_add_fn(&mod_a, &f_cap_c);
  fake_add_global(&mod_a, "k_cap__magicdiv_desc", desc_ok, desc_ok_n);
  fake_add_fn(&mod_a, &f_named);
  fake_add_fn(&mod_a, &f_named_c);
  fake_add_global(&mod_a, "k_named__magicdiv_desc", desc_ok, desc_ok_n);
  /* a second module */
  fake_add_fn(&mod_b, &f_many);
  fake_add_fn(&mod_b, &f_many_c);
  fake_add_global(&mod_b, "k_many__magicdiv_desc", desc_many, n);

  static fake_mod mod_err;
  mod_err.get_function_error = FAKE_ERR_INVALID_VALUE;
  fake_add_fn(&mod_err, &f_lookup);

  fake_bind(&s_udiv, &f_udiv, 0);
  fake_bind(&s_zero, &f_zero, 0);
  fake_bind(&s_noclone, &f_noclone, 0);
  fake_bind(&s_nodesc, &f_nodesc, 0);
  fake_bind(&s_badver, &f_badver, 0);
  fake_bind(&s_short, &f_short, 0);
  fake_bind(&s_fail, &f_fail, 0);
  fake_bind(&s_cap, &f_cap, 0);
  fake_bind(&s_many, &f_many, 0);
  fake_bind(&s_lookup, &f_lookup, 0);
  fake_bind(&s_getfn, &f_getfn, FAKE_CUDART_INVALID_DEVICE_FUNCTION);
}

static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, fake_cudaLaunchKernel,
                                fake_cudaGetFuncBySymbol};
static const md_cuda_api api_ptsz = {MD_CUDA_API_VERSION, MD_API_PER_THREAD,
                                     fake_cudaLaunchKernel,
                                     fake_cudaGetFuncBySymbol};
static const md_dim3 grid = {3, 2, 1}, block = {128, 1, 1};
static void *const stream_s = (void *)(uintptr_t)0x5000;

/* Launch kernel `stub` named `name` with divisor d; returns the result. */
static int launch(const void *stub, const char *name, uint32_t d,
                  const md_cuda_api *a, void *stream) {
  static int out;
  static uint32_t n = 1000;
  static uint32_t dd;
  void *args[3];
  dd = d;
  args[0] = &out;
  args[1] = &n;
  args[2] = &dd;
  return md_cuda_launch(stub, grid, block, args, 64, stream, name, a);
}

static void expect_magic(uint32_t d) {
  md_u32_magic g;
  md_magic_u32(d, &g);
  EXPECT(fake_last_extra[0] == g.m && fake_last_extra[1] == g.a &&
         fake_last_extra[2] == g.s);
}

static void test_clone(void) {
  int o0, c0, g0, r;
  section("clone");
  o0 = fake_orig_launches;
  c0 = fake_clone_launches;
  r = launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  g0 = fake_get_func_calls;
  EXPECT(r == 0);
  EXPECT(fake_clone_launches == c0 + 1 && fake_orig_launches == o0);
  EXPECT(fake_last_fn == &f_udiv_c);
  EXPECT(fake_last_dims[0] == 3 && fake_last_dims[1] == 2 &&
         fake_last_dims[2] == 1 && fake_last_dims[3] == 128 &&
         fake_last_dims[4] == 1 && fake_last_dims[5] == 1);
  EXPECT(fake_last_shmem == 64 && fake_last_stream == stream_s);
  EXPECT(*(uint32_t *)fake_last_params[2] == 7);
  expect_magic(7);
  /* Second launch: cached (no lookup, no copy), new magic, no log line. */
  r = launch(&s_udiv, "k_udiv", 13, &api, stream_s);
  EXPECT(r == 0 && fake_clone_launches == c0 + 2);
  expect_magic(13);
  EXPECT(fake_get_func_calls == g0 && fake_copies == 1);
  r = launch(&s_udiv, "k_udiv", 0xFFFFFFFFu, &api, stream_s);
  EXPECT(r == 0);
  expect_magic(0xFFFFFFFFu);
  EXPECT(fake_bad == 0);
}

static void test_zero(void) {
  int o0 = fake_orig_launches, r;
  section("divisor zero");
  r = launch(&s_zero, "k_zero", 0, &api, stream_s); /* first launch: logs */
  EXPECT(r == 0 && fake_orig_launches == o0 + 1 && fake_last_orig == &s_zero);
  r = launch(&s_udiv, "k_udiv", 0, &api, stream_s); /* cached: no log */
  EXPECT(r == 0 && fake_orig_launches == o0 + 2 && fake_last_orig == &s_udiv);
  fake_orig_result = 2; /* the original's error comes back unchanged */
  r = launch(&s_udiv, "k_udiv", 0, &api, stream_s);
  EXPECT(r == 2);
  fake_orig_result = 0;
  r = launch(&s_zero, "k_zero", 5, &api, stream_s); /* then the clone */
  EXPECT(r == 0 && fake_last_fn == &f_zero_c);
  expect_magic(5);
}

/* A kernel whose lookup fails in some way: original, its result back. */
static void expect_orig(const void *stub, const char *name) {
  int o0 = fake_orig_launches, c0 = fake_clone_launches, r;
  fake_orig_result = 4;
  r = launch(stub, name, 7, &api, stream_s);
  EXPECT(r == 4);
  r = launch(stub, name, 7, &api, stream_s); /* cached: no second log */
  EXPECT(r == 4);
  fake_orig_result = 0;
  EXPECT(fake_orig_launches == o0 + 2 && fake_clone_launches == c0);
  EXPECT(fake_last_orig == stub && fake_last_stream == stream_s);
}

static void test_fallbacks(void) {
  section("no clone");
  expect_orig(&s_noclone, "k_noclone");
  section("no descriptor");
  expect_orig(&s_nodesc, "k_nodesc");
  section("descriptor version");
  expect_orig(&s_badver, "k_badver");
  section("descriptor size");
  expect_orig(&s_short, "k_short");
  section("lookup error");
  expect_orig(&s_lookup, "k_lookup");
  section("cudaGetFuncBySymbol error");
  expect_orig(&s_getfn, "k_getfn");
  section("clone launch fails");
  {
    int o0 = fake_orig_launches, r;
    fake_orig_result = 0;
    r = launch(&s_fail, "k_fail", 7, &api, stream_s);
    EXPECT(r == 0 && fake_orig_launches == o0 + 1 && f_fail_c.launches == 1);
    r = launch(&s_fail, "k_fail", 7, &api, stream_s);
    EXPECT(r == 0 && fake_orig_launches == o0 + 2 && f_fail_c.launches == 2);
  }
}

static void test_many(void) {
  static uint32_t vals[70];
  void *args[70];
  int i, r;
  section("many parameters");
  for (i = 0; i < 70; i++) {
    vals[i] = (uint32_t)i + 1;
    args[i] = &vals[i];
  }
  vals[69] = 1234567;
  r = md_cuda_launch(&s_many, grid, block, args, 0, NULL, "k_many", &api);
  EXPECT(r == 0 && fake_last_fn == &f_many_c);
  for (i = 0; i < 70; i++)
    EXPECT(fake_last_params[i] == args[i]);
  expect_magic(1234567);
}

static void test_streams(void) {
  section("per-thread default stream");
  launch(&s_udiv, "k_udiv", 9, &api_ptsz, NULL);
  EXPECT(fake_last_fn == &f_udiv_c &&
         fake_last_stream == (void *)(uintptr_t)0x2);
  launch(&s_udiv, "k_udiv", 9, &api_ptsz, stream_s);
  EXPECT(fake_last_stream == stream_s);
  launch(&s_udiv, "k_udiv", 9, &api, NULL); /* legacy default stream */
  EXPECT(fake_last_fn == &f_udiv_c && fake_last_stream == NULL);
}

static void test_capture(void) {
  int o0 = fake_orig_launches;
  section("stream capture");
  fake_capturing = 1;
  launch(&s_cap, "k_cap", 7, &api, stream_s); /* no lookup while capturing */
  EXPECT(fake_orig_launches == o0 + 1 && f_cap_c.launches == 0);
  fake_capturing = 0;
  launch(&s_cap, "k_cap", 7, &api, stream_s);
  EXPECT(f_cap_c.launches == 1);
  fake_capturing = 1; /* once known, capture changes nothing */
  launch(&s_cap, "k_cap", 7, &api, stream_s);
  EXPECT(f_cap_c.launches == 2);
  fake_capturing = 0;
}

static void test_contexts(void) {
  md_cuda_driver d;
  section("contexts");
  fake_cur_ctx = 0x2000; /* another device: its own lookup and log line */
  launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  EXPECT(fake_last_fn == &f_udiv_c);
  fake_cur_ctx = fake_default_ctx;
  launch(&s_udiv, "k_udiv", 7, &api, stream_s); /* cached, quiet */
  section("no context id");
  fake_have_ctx_id = 0;
  d = fake_driver();
  EXPECT(md_cuda_set_driver(&d) == MD_OK); /* resets the cache */
  launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  EXPECT(fake_last_fn == &f_udiv_c);
  fake_have_ctx_id = 1;
  d = fake_driver();
  md_cuda_set_driver(&d);
}

static void test_driver_api(void) {
  static uint32_t n = 5, dd = 11;
  static int out;
  void *params[3] = {&out, &n, &dd};
  void *extra[1] = {NULL};
  md_CUresult r;
  int o0;
  section("driver api");
  r = md_cuLaunchKernel(&f_udiv, 4, 1, 1, 64, 2, 1, 16, stream_s, params,
                        NULL, "k_udiv");
  EXPECT(r == 0 && fake_last_fn == &f_udiv_c && fake_last_shmem == 16);
  EXPECT(fake_last_dims[0] == 4 && fake_last_dims[4] == 2);
  expect_magic(11);
  r = md_cuLaunchKernel(&f_named, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL,
                        NULL); /* name from cuFuncGetName */
  EXPECT(r == 0 && fake_last_fn == &f_named_c);
  o0 = fake_orig_launches;
  r = md_cuLaunchKernel(&f_udiv, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, extra,
                        "k_udiv"); /* packed parameters: original */
  EXPECT(r == 0 && fake_orig_launches == o0 + 1 && fake_last_fn == &f_udiv);
  dd = 0;
  r = md_cuLaunchKernel(&f_udiv, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL,
                        "k_udiv"); /* divisor 0: original */
  EXPECT(r == 0 && fake_orig_launches == o0 + 2 && fake_last_fn == &f_udiv);
  dd = 11;
  f_noclone.launch_error = 0;
  r = md_cuLaunchKernel(&f_noclone, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL,
                        "k_noclone");
  EXPECT(r == 0 && fake_last_fn == &f_noclone);
}

/* ---- HIP ---- */

static const void *hip_last_fn;
static void **hip_last_args;
static int hip_clone_error;
static char h_udiv, h_noclone, h_bad, h_fail, h_udiv_c, h_bad_c, h_fail_c,
    h_wide, h_wide_c;

static int fake_hipLaunchKernel(const void *fn, md_dim3 g, md_dim3 b,
                                void **args, size_t shmem, void *stream) {
  (void)g;
  (void)b;
  (void)shmem;
  (void)stream;
  if (fn == &h_fail_c)
    return hip_clone_error;
  hip_last_fn = fn;
  hip_last_args = args;
  return 0;
}

/* A hand-made clone record whose descriptor declares 8 parameters, on a
 * launch whose call site says its array has 3 (MD_API_FRAME_ARGS): the
 * original runs, and nothing past the 3 pointers is read (a heap array of
 * exactly 3, so that launch-sanitize.test's AddressSanitizer sees any
 * read past it). */
static void test_hip_wide(void) {
  static const md_hip_api hapi3 = {
      MD_HIP_API_VERSION, MD_API_FRAME_ARGS | 3u << MD_API_FRAME_SHIFT,
      fake_hipLaunchKernel};
  static const uint32_t sizes8[8] = {8, 4, 4, 4, 4, 4, 4, 4};
  static unsigned char desc8[160];
  static uint32_t n = 100, dd = 10;
  static int out;
  md_hip_clone c8 = {&h_wide_c, desc8, 0, NULL, NULL, 0};
  void **args = malloc(3 * sizeof *args);
  int i;
  c8.desc_size = fake_desc(desc8, sizes8, 8, 2, MD_KIND_U32, 0, 4, 1);
  if (!args)
    return;
  args[0] = &out, args[1] = &n, args[2] = &dd;
  for (i = 0; i < 2; i++) { /* the first launch, and a repeated one */
    hip_last_fn = NULL;
    EXPECT(md_hip_launch(&h_wide, grid, block, args, 0, NULL, "h_wide",
                         &hapi3, &c8) == 0);
    EXPECT(hip_last_fn == &h_wide && hip_last_args == args);
  }
  free(args);
}

static void test_hip(void) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, fake_hipLaunchKernel};
  md_hip_clone c_ok = {&h_udiv_c, desc_ok, 0, NULL, NULL, 0}, c_bad = {&h_bad_c, desc_v99, 0, NULL, NULL, 0},
               c_fail = {&h_fail_c, desc_ok, 0, NULL, NULL, 0};
  static uint32_t n = 100, dd;
  static int out;
  void *args[3] = {&out, &n, &dd};
  md_u32_magic g;
  int r;
  c_ok.desc_size = desc_ok_n;
  c_bad.desc_size = desc_v99_n;
  c_fail.desc_size = desc_ok_n;
  section("hip");
  dd = 10;
  r = md_hip_launch(&h_udiv, grid, block, args, 0, NULL, "h_udiv", &hapi,
                    &c_ok);
  md_magic_u32(10, &g);
  EXPECT(r == 0 && hip_last_fn == &h_udiv_c);
  EXPECT(hip_last_args[0] == args[0] && hip_last_args[2] == args[2]);
  EXPECT(*(uint32_t *)hip_last_args[3] == g.m &&
         *(uint32_t *)hip_last_args[4] == g.a &&
         *(uint32_t *)hip_last_args[5] == g.s);
  dd = 0;
  r = md_hip_launch(&h_udiv, grid, block, args, 0, NULL, "h_udiv", &hapi,
                    &c_ok);
  EXPECT(r == 0 && hip_last_fn == &h_udiv && hip_last_args == args);
  dd = 10;
  r = md_hip_launch(&h_noclone, grid, block, args, 0, NULL, "h_noclone",
                    &hapi, NULL);
  EXPECT(r == 0 && hip_last_fn == &h_noclone);
  r = md_hip_launch(&h_bad, grid, block, args, 0, NULL, "h_bad", &hapi,
                    &c_bad);
  EXPECT(r == 0 && hip_last_fn == &h_bad);
  hip_clone_error = 98;
  r = md_hip_launch(&h_fail, grid, block, args, 0, NULL, "h_fail", &hapi,
                    &c_fail);
  EXPECT(r == 0 && hip_last_fn == &h_fail);
  EXPECT(md_hip_launch(&h_fail, grid, block, args, 0, NULL, "h_fail", NULL,
                       &c_fail) == 1);
  test_hip_wide();
}

static void test_disable(void) {
  static uint32_t n = 5, dd = 11;
  static int out;
  void *params[3] = {&out, &n, &dd};
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, fake_hipLaunchKernel};
  md_hip_clone c_ok = {&h_udiv_c, desc_ok, 0, NULL, NULL, 0};
  int o0 = fake_orig_launches, c0 = fake_clone_launches;
  c_ok.desc_size = desc_ok_n;
  section("disable");
  setenv("MAGICDIV_DISABLE", "1", 1);
  md_launch_reset();
  launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  md_cuLaunchKernel(&f_udiv, 1, 1, 1, 1, 1, 1, 0, NULL, params, NULL,
                    "k_udiv");
  EXPECT(fake_orig_launches == o0 + 3 && fake_clone_launches == c0);
  md_hip_launch(&h_udiv, grid, block, params, 0, NULL, "h_udiv", &hapi,
                &c_ok);
  EXPECT(hip_last_fn == &h_udiv);
  unsetenv("MAGICDIV_DISABLE");
  md_launch_reset();
  launch(&s_udiv, "k_udiv", 7, &api, stream_s); /* back on, logs again */
  EXPECT(fake_clone_launches == c0 + 1);
}

static void test_no_driver(void) {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  int o0 = fake_orig_launches, r;
  section("no driver");
  EXPECT(launch(&s_udiv, "k_udiv", 7, NULL, stream_s) == 1);
  if (h) { /* a machine with a driver: this section does not apply */
    dlclose(h);
    fprintf(stderr, "skipped: libcuda.so.1 is present\n");
    return;
  }
  md_cuda_set_driver(NULL);
  r = launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  EXPECT(r == 0 && fake_orig_launches == o0 + 1);
  r = launch(&s_udiv, "k_udiv", 7, &api, stream_s);
  EXPECT(r == 0 && fake_orig_launches == o0 + 2);
}

int main(void) {
  md_cuda_driver d = fake_driver(), bad = fake_driver();
  setup();
  bad.version = 0;
  EXPECT(md_cuda_set_driver(&bad) == MD_ERR_INVALID);
  bad = fake_driver();
  bad.launch_kernel = NULL;
  EXPECT(md_cuda_set_driver(&bad) == MD_ERR_INVALID);
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  test_clone();
  test_zero();
  test_fallbacks();
  test_many();
  test_streams();
  test_capture();
  test_contexts();
  test_driver_api();
  test_hip();
  test_disable();
  test_no_driver();
  EXPECT(fake_bad == 0);
  md_launch_release();
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
