/*
 * test_launch_tiers.c -- the fallback chain of a kernel with two clones
 * (ranged K__magicdiv, plain K__magicdiv_plain) against the fake CUDA
 * driver and a fake hipLaunchKernel: each launch runs the ranged clone when
 * all its checks pass, else the plain clone when its own pass, else the
 * original; on the runtime API, the driver API and HIP.  MAGICDIV_LOG=1
 * names the tier on the first launch and on every change, and which
 * requirement failed (tiers.test checks the lines).
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

/* ---- descriptors: k(int *out, unsigned n, unsigned d) ---- */

/* Requirement programs (w = 1 results). */
static const unsigned char req_n_le_1000[] = {
    MD_OP_ARG, 1, 0, 0, 0, 0, 0, 4,                 /* arg1:i32 */
    MD_OP_CONST, 32, 0xE8, 0x03, 0, 0, 0, 0, 0, 0,  /* 1000 */
    MD_OP_ICMP, 32, MD_PRED_ULE, MD_OP_END};
static const unsigned char req_grid_le_100[] = {
    MD_OP_LAUNCH, MD_LAUNCH_GRID_X,
    MD_OP_CONST, 32, 100, 0, 0, 0, 0, 0, 0, 0,
    MD_OP_ICMP, 32, MD_PRED_ULE, MD_OP_END};

/* One divisor of `kind`/`flags` read from parameter 2 (`width` bytes),
 * parameters of the given sizes, with the requirements reqs[0..nr). */
static void build(tbuf *t, const uint32_t *sizes, int np, int kind, int flags,
                  int width, const unsigned char *const *reqs,
                  const size_t *rlen, int nr) {
  uint32_t code = 20 + 4 * (uint32_t)np + 8 + 4 * (uint32_t)nr, off;
  size_t total = code + 9, i;
  for (i = 0; i < (size_t)nr; i++)
    total += rlen[i];
  t->n = 0;
  put8(t, 'M'); put8(t, 'D'); put8(t, 'D'); put8(t, 'S');
  put16(t, 2); put16(t, 20); put32(t, (uint32_t)total);
  put16(t, (unsigned)np); put16(t, 1);
  put16(t, (unsigned)md_kind_params(kind, flags)); put16(t, (unsigned)nr);
  for (i = 0; i < (size_t)np; i++)
    put32(t, sizes[i]);
  put8(t, (unsigned)kind); put8(t, (unsigned)flags); put16(t, 0);
  put32(t, code);
  off = code + 9;
  for (i = 0; i < (size_t)nr; i++) {
    put32(t, off);
    off += (uint32_t)rlen[i];
  }
  put8(t, MD_OP_ARG); put16(t, 2); put32(t, 0); put8(t, (unsigned)width);
  put8(t, MD_OP_END);
  for (i = 0; i < (size_t)nr; i++) {
    memcpy(t->b + t->n, reqs[i], rlen[i]);
    t->n += rlen[i];
  }
}

static const uint32_t k_sizes[3] = {8, 4, 4}, k64_sizes[3] = {8, 4, 8},
                      k_other[3] = {8, 8, 4};
static tbuf d_ranged, d_plain, d_plain_other, d_r64, d_p64;

static fake_mod mod_t;
#define FN(var, nm, np, dp) static fake_fn var = {nm, NULL, np, dp, 0, 0, NULL}
FN(f_t, "k_t", 3, -1);
FN(f_t_r, "k_t__magicdiv", 6, 2);
FN(f_t_p, "k_t__magicdiv_plain", 6, 2);
FN(f_nod, "k_nod", 3, -1);
FN(f_nod_r, "k_nod__magicdiv", 6, 2);
FN(f_nod_p, "k_nod__magicdiv_plain", 6, 2);
FN(f_oth, "k_oth", 3, -1);
FN(f_oth_r, "k_oth__magicdiv", 6, 2);
FN(f_oth_p, "k_oth__magicdiv_plain", 6, 2);
FN(f_w, "k_w", 3, -1);
FN(f_w_r, "k_w__magicdiv", 6, -1); /* 64-bit magic: not checked by the fake */
FN(f_w_p, "k_w__magicdiv_plain", 6, -1);
static char s_t, s_nod, s_oth, s_w;

static void setup(void) {
  const unsigned char *reqs[2] = {req_n_le_1000, req_grid_le_100};
  size_t rlen[2] = {sizeof req_n_le_1000, sizeof req_grid_le_100};
  build(&d_ranged, k_sizes, 3, MD_KIND_U32, 0, 4, reqs, rlen, 2);
  build(&d_plain, k_sizes, 3, MD_KIND_U32, 0, 4, NULL, NULL, 0);
  build(&d_plain_other, k_other, 3, MD_KIND_U32, 0, 4, NULL, NULL, 0);
  build(&d_r64, k64_sizes, 3, MD_KIND_U64, MD_DF_DIV32, 8, NULL, NULL, 0);
  build(&d_p64, k64_sizes, 3, MD_KIND_U64, 0, 8, NULL, NULL, 0);
  EXPECT(md_desc_validate(d_ranged.b, d_ranged.n) == MD_OK);
  EXPECT(md_desc_validate(d_plain.b, d_plain.n) == MD_OK);
  EXPECT(md_desc_validate(d_r64.b, d_r64.n) == MD_OK);
  EXPECT(md_desc_validate(d_p64.b, d_p64.n) == MD_OK);

  fake_add_fn(&mod_t, &f_t);
  fake_add_fn(&mod_t, &f_t_r);
  fake_add_fn(&mod_t, &f_t_p);
  fake_add_global(&mod_t, "k_t__magicdiv_desc", d_ranged.b, d_ranged.n);
  fake_add_global(&mod_t, "k_t__magicdiv_plain_desc", d_plain.b, d_plain.n);
  /* a plain clone without its descriptor: no plain tier */
  fake_add_fn(&mod_t, &f_nod);
  fake_add_fn(&mod_t, &f_nod_r);
  fake_add_fn(&mod_t, &f_nod_p);
  fake_add_global(&mod_t, "k_nod__magicdiv_desc", d_ranged.b, d_ranged.n);
  /* a plain descriptor of other parameters: no plain tier */
  fake_add_fn(&mod_t, &f_oth);
  fake_add_fn(&mod_t, &f_oth_r);
  fake_add_fn(&mod_t, &f_oth_p);
  fake_add_global(&mod_t, "k_oth__magicdiv_desc", d_ranged.b, d_ranged.n);
  fake_add_global(&mod_t, "k_oth__magicdiv_plain_desc", d_plain_other.b,
                  d_plain_other.n);
  /* a 64-bit divisor bet below 2^32 (MD_DF_DIV32) */
  f_w.psizes = f_w_r.psizes = k64_sizes;
  fake_add_fn(&mod_t, &f_w);
  fake_add_fn(&mod_t, &f_w_r);
  fake_add_fn(&mod_t, &f_w_p);
  fake_add_global(&mod_t, "k_w__magicdiv_desc", d_r64.b, d_r64.n);
  fake_add_global(&mod_t, "k_w__magicdiv_plain_desc", d_p64.b, d_p64.n);
  fake_bind(&s_t, &f_t, 0);
  fake_bind(&s_nod, &f_nod, 0);
  fake_bind(&s_oth, &f_oth, 0);
  fake_bind(&s_w, &f_w, 0);
}

static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, fake_cudaLaunchKernel,
                                fake_cudaGetFuncBySymbol};
static const md_dim3 block = {64, 1, 1};

static uint32_t a_n, a_d;
static uint64_t a_d64;
static int a_out;

/* Launch stub/name with n, d on a grid of gx blocks: what ran.  &s (the
 * stub) for the original, else the clone's fake function. */
static const void *launch(const void *stub, const char *name, uint32_t n,
                          uint32_t d, unsigned gx) {
  void *args[3] = {&a_out, &a_n, &a_d};
  md_dim3 grid = {gx, 1, 1};
  int o0 = fake_orig_launches, r;
  a_n = n;
  a_d = d;
  fake_last_fn = NULL;
  r = md_cuda_launch(stub, grid, block, args, 0, NULL, name, &api);
  EXPECT(r == 0);
  if (fake_orig_launches != o0)
    return fake_last_orig;
  return fake_last_fn;
}

static void expect_magic(uint32_t d) {
  md_u32_magic g;
  md_magic_u32(d, &g);
  EXPECT(fake_last_extra[0] == g.m && fake_last_extra[1] == g.a &&
         fake_last_extra[2] == g.s);
}

static void test_chain(void) {
  section("chain");
  /* every bet holds: the ranged clone */
  EXPECT(launch(&s_t, "k_t", 5, 7, 3) == &f_t_r);
  expect_magic(7);
  EXPECT(launch(&s_t, "k_t", 6, 9, 3) == &f_t_r); /* same tier: quiet */
  expect_magic(9);
  /* requirement 0 (n <= 1000) fails: the plain clone, with its magic */
  EXPECT(launch(&s_t, "k_t", 5000, 11, 3) == &f_t_p);
  expect_magic(11);
  EXPECT(launch(&s_t, "k_t", 6000, 13, 3) == &f_t_p);
  expect_magic(13);
  /* a zero divisor: neither clone */
  EXPECT(launch(&s_t, "k_t", 5, 0, 3) == &s_t);
  /* back to the ranged clone, then requirement 1 (grid <= 100) fails */
  EXPECT(launch(&s_t, "k_t", 5, 3, 3) == &f_t_r);
  EXPECT(launch(&s_t, "k_t", 5, 3, 200) == &f_t_p);
  expect_magic(3);
  /* the same inputs again (the launch memo's fast path): the same tier and
   * magic; alternating inputs switch tiers every launch */
  EXPECT(launch(&s_t, "k_t", 5, 3, 200) == &f_t_p);
  expect_magic(3);
  EXPECT(launch(&s_t, "k_t", 5, 3, 200) == &f_t_p);
  expect_magic(3);
  for (int i = 0; i < 4; i++) {
    EXPECT(launch(&s_t, "k_t", 5, 17, 3) == &f_t_r);
    expect_magic(17);
    EXPECT(launch(&s_t, "k_t", 5000, 17, 3) == &f_t_p);
    expect_magic(17);
    EXPECT(launch(&s_t, "k_t", 5000, 0, 3) == &s_t);
  }
  EXPECT(fake_bad == 0);
}

static void test_driver_api(void) {
  void *params[3] = {&a_out, &a_n, &a_d};
  section("driver api");
  a_n = 5;
  a_d = 21;
  fake_last_fn = NULL;
  EXPECT(md_cuLaunchKernel((md_CUfunction)&f_t, 3, 1, 1, 64, 1, 1, 0, NULL,
                           params, NULL, "k_t") == 0);
  EXPECT(fake_last_fn == &f_t_r);
  a_n = 2000;
  EXPECT(md_cuLaunchKernel((md_CUfunction)&f_t, 3, 1, 1, 64, 1, 1, 0, NULL,
                           params, NULL, "k_t") == 0);
  EXPECT(fake_last_fn == &f_t_p);
  expect_magic(21);
  a_d = 0;
  fake_last_fn = NULL;
  EXPECT(md_cuLaunchKernel((md_CUfunction)&f_t, 3, 1, 1, 64, 1, 1, 0, NULL,
                           params, NULL, "k_t") == 0);
  EXPECT(fake_last_fn == &f_t); /* the original, through the driver */
}

static void test_no_plain(void) {
  section("unusable plain tier");
  /* no plain descriptor / other parameters: a failed bet runs the original */
  EXPECT(launch(&s_nod, "k_nod", 5, 7, 3) == &f_nod_r);
  EXPECT(launch(&s_nod, "k_nod", 5000, 7, 3) == &s_nod);
  EXPECT(launch(&s_oth, "k_oth", 5, 7, 3) == &f_oth_r);
  EXPECT(launch(&s_oth, "k_oth", 5000, 7, 3) == &s_oth);
}

static void test_div32(void) {
  void *args[3] = {&a_out, &a_n, &a_d64};
  md_dim3 grid = {3, 1, 1};
  section("div32");
  a_n = 1;
  a_d64 = 1000;
  fake_last_fn = NULL;
  EXPECT(md_cuda_launch(&s_w, grid, block, args, 0, NULL, "k_w", &api) == 0);
  EXPECT(fake_last_fn == &f_w_r);
  a_d64 = 0x100000001ull; /* does not fit 32 bits: the plain clone */
  EXPECT(md_cuda_launch(&s_w, grid, block, args, 0, NULL, "k_w", &api) == 0);
  EXPECT(fake_last_fn == &f_w_p);
}

/* ---- HIP ---- */

static const void *hip_last_fn;
static int fake_hipLaunchKernel(const void *fn, md_dim3 g, md_dim3 b,
                                void **args, size_t shmem, void *stream) {
  (void)g;
  (void)b;
  (void)shmem;
  (void)stream;
  hip_last_fn = fn;
  if (fn == &f_t_r || fn == &f_t_p) { /* clones: check the magic */
    md_u32_magic m;
    if (md_magic_u32(*(const uint32_t *)args[2], &m) != MD_OK ||
        *(const uint32_t *)args[3] != m.m || *(const uint32_t *)args[4] != m.a ||
        *(const uint32_t *)args[5] != m.s)
      fake_bad++;
  }
  return 0;
}

static char h_t, h_v1;

static const void *hip_launch(const void *fn, const char *name,
                              const md_hip_api *a, const md_hip_clone *c,
                              uint32_t n, uint32_t d) {
  void *args[3] = {&a_out, &a_n, &a_d};
  md_dim3 grid = {3, 1, 1};
  a_n = n;
  a_d = d;
  hip_last_fn = NULL;
  EXPECT(md_hip_launch(fn, grid, block, args, 0, NULL, name, a, c) == 0);
  return hip_last_fn;
}

static void test_hip(void) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, fake_hipLaunchKernel};
  static const md_hip_api hapi1 = {1, 0, fake_hipLaunchKernel};
  /* the clones' handles: the fake functions' addresses will do */
  md_hip_clone c = {&f_t_r, d_ranged.b, d_ranged.n,
                    &f_t_p, d_plain.b, d_plain.n};
  section("hip");
  EXPECT(hip_launch(&h_t, "h_t", &hapi, &c, 5, 7) == &f_t_r);
  EXPECT(hip_launch(&h_t, "h_t", &hapi, &c, 5000, 7) == &f_t_p);
  EXPECT(hip_launch(&h_t, "h_t", &hapi, &c, 5000, 0) == &h_t);
  EXPECT(hip_launch(&h_t, "h_t", &hapi, &c, 5, 9) == &f_t_r);
  /* a version-1 api struct: md_hip_clone without the plain fields */
  EXPECT(hip_launch(&h_v1, "h_v1", &hapi1, &c, 5, 7) == &f_t_r);
  EXPECT(hip_launch(&h_v1, "h_v1", &hapi1, &c, 5000, 7) == &h_v1);
  EXPECT(fake_bad == 0);
}

int main(void) {
  md_cuda_driver d = fake_driver();
  (void)fake_desc;
  setup();
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  test_chain();
  test_driver_api();
  test_no_plain();
  test_div32();
  test_hip();
  md_launch_release();
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
