/*
 * test_launch_pow2.c -- the pow2 tier K__magicdiv_pow2 against the fake
 * CUDA driver (test_launch_fake.h): a launch whose ranged clone would run
 * runs the pow2 tier instead exactly when every u64 divisor of the
 * descriptor is a power of two (md_abi.h md_pow2_tier_holds: m = a =
 * 2^64 - 1), with the ranged clone's argument array; any other divisor
 * runs the ranged clone, a failed bet the plain clone (never the pow2
 * tier), an invalid divisor the original; a kernel without an
 * MD_KIND_U64 divisor never runs it; the runtime API, the driver API and
 * the launch memo (the same inputs again, alternating inputs).  The
 * runtime's condition itself: md_pow2_tier_holds is true for the magic
 * of every 2^0 .. 2^63 and false for every other divisor tried
 * (1 .. 2^20, 2^k +- 1, random), so a divisor that is not a power of two
 * never reaches the tier.  The measured choice keeps a slot of its own
 * per grid bucket for it.  A graph kernel node (driver API) written with a
 * power of two holds the tier and reads back as the original; edited to
 * another divisor it holds the ranged clone.  MAGICDIV_LOG=1 names the tier
 * (launch-pow2.test checks the lines).  HIP (md_hip_launch, md_hip_clone
 * version 3 with pow2_handle): the same choice; a version-2 api struct
 * never runs the tier (its record has no pow2_handle: not read), but its
 * plain tier; a graph node added with MD_GRAPH_HIP_CLONE_V3 holds the
 * tier, without the flag the ranged clone.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/md_entry.h"
#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_graph.h"
#include "magicdiv/md_hip.h"
#include "test_launch_fake.h"

#include "test_expect.h"

/* ---- descriptors: k(int *out, unsigned n, <divisors>) ---- */

/* requirement "arg1:i32 <= 1000" (a bet on an argument) */
static const unsigned char req_n[] = {
    MD_OP_ARG, 1, 0, 0, 0, 0, 0, 4,
    MD_OP_CONST, 32, 0xE8, 0x03, 0, 0, 0, 0, 0, 0,
    MD_OP_ICMP, 32, MD_PRED_ULE, MD_OP_END};

/* Parameters sizes[0..np); divisor i of kinds[i] read from parameter
 * 2 + i (its size); with the requirement req_n when req. */
static void build(tbuf *t, const uint32_t *sizes, int np, const int *kinds,
                  int nd, int req) {
  uint32_t code = 20 + 4 * (uint32_t)np + 8 * (uint32_t)nd + 4 * (uint32_t)req;
  uint32_t total = code + 9 * (uint32_t)nd + (req ? sizeof req_n : 0), extra = 0;
  int i;
  t->n = 0;
  put8(t, 'M'); put8(t, 'D'); put8(t, 'D'); put8(t, 'S');
  put16(t, 2); put16(t, 20); put32(t, total);
  put16(t, (unsigned)np); put16(t, (unsigned)nd);
  for (i = 0; i < nd; i++)
    extra += (uint32_t)md_kind_params(kinds[i], 0);
  put16(t, extra); put16(t, (unsigned)req);
  for (i = 0; i < np; i++)
    put32(t, sizes[i]);
  for (i = 0, extra = 0; i < nd; i++) {
    put8(t, (unsigned)kinds[i]); put8(t, 0); put16(t, extra);
    put32(t, code + 9 * (uint32_t)i);
    extra += (uint32_t)md_kind_params(kinds[i], 0);
  }
  if (req)
    put32(t, code + 9 * (uint32_t)nd);
  for (i = 0; i < nd; i++) {
    put8(t, MD_OP_ARG); put16(t, 2u + (unsigned)i); put32(t, 0);
    put8(t, md_kind_width(kinds[i]) / 8);
    put8(t, MD_OP_END);
  }
  if (req) {
    memcpy(t->b + t->n, req_n, sizeof req_n);
    t->n += sizeof req_n;
  }
}

static const uint32_t sz_p[3] = {8, 4, 8}, sz_pp[4] = {8, 4, 8, 8},
                      sz_pw[4] = {8, 4, 8, 4};
static const int k_u64[1] = {MD_KIND_U64}, k_u32[1] = {MD_KIND_U32},
                 k_2u64[2] = {MD_KIND_U64, MD_KIND_U64},
                 k_u64u32[2] = {MD_KIND_U64, MD_KIND_U32};
static tbuf d_r, d_p, d_32, d_2, d_mix;

static fake_mod mod;
#define FN(var, nm, np) static fake_fn var = {nm, NULL, np, -1, 0, 0, NULL}
FN(f_p, "k_p", 3);        /* one u64 divisor, a bet, a plain tier */
FN(f_p_r, "k_p__magicdiv", 6);
FN(f_p_p, "k_p__magicdiv_plain", 6);
FN(f_p_2, "k_p__magicdiv_pow2", 6);
FN(f_w, "k_w", 3);        /* a u32 divisor only: the tier never runs */
FN(f_w_r, "k_w__magicdiv", 6);
FN(f_w_2, "k_w__magicdiv_pow2", 6);
FN(f_2, "k_2", 4);        /* two u64 divisors */
FN(f_2_r, "k_2__magicdiv", 10);
FN(f_2_2, "k_2__magicdiv_pow2", 10);
FN(f_m, "k_m", 4);        /* a u64 and a u32 divisor */
FN(f_m_r, "k_m__magicdiv", 10);
FN(f_m_2, "k_m__magicdiv_pow2", 10);
static char s_p, s_w, s_2, s_m;

static void setup(void) {
  build(&d_r, sz_p, 3, k_u64, 1, 1);
  build(&d_p, sz_p, 3, k_u64, 1, 0);
  build(&d_32, sz_p, 3, k_u32, 1, 0);
  build(&d_2, sz_pp, 4, k_2u64, 2, 0);
  build(&d_mix, sz_pw, 4, k_u64u32, 2, 0);
  EXPECT(md_desc_validate(d_r.b, d_r.n) == MD_OK);
  EXPECT(md_desc_validate(d_p.b, d_p.n) == MD_OK);
  EXPECT(md_desc_validate(d_32.b, d_32.n) == MD_OK);
  EXPECT(md_desc_validate(d_2.b, d_2.n) == MD_OK);
  EXPECT(md_desc_validate(d_mix.b, d_mix.n) == MD_OK);
  fake_add_fn(&mod, &f_p);
  fake_add_fn(&mod, &f_p_r);
  fake_add_fn(&mod, &f_p_p);
  fake_add_fn(&mod, &f_p_2);
  fake_add_global(&mod, "k_p__magicdiv_desc", d_r.b, d_r.n);
  fake_add_global(&mod, "k_p__magicdiv_plain_desc", d_p.b, d_p.n);
  fake_add_fn(&mod, &f_w);
  fake_add_fn(&mod, &f_w_r);
  fake_add_fn(&mod, &f_w_2);
  fake_add_global(&mod, "k_w__magicdiv_desc", d_32.b, d_32.n);
  fake_add_fn(&mod, &f_2);
  fake_add_fn(&mod, &f_2_r);
  fake_add_fn(&mod, &f_2_2);
  fake_add_global(&mod, "k_2__magicdiv_desc", d_2.b, d_2.n);
  fake_add_fn(&mod, &f_m);
  fake_add_fn(&mod, &f_m_r);
  fake_add_fn(&mod, &f_m_2);
  fake_add_global(&mod, "k_m__magicdiv_desc", d_mix.b, d_mix.n);
  fake_bind(&s_p, &f_p, 0);
  fake_bind(&s_w, &f_w, 0);
  fake_bind(&s_2, &f_2, 0);
  fake_bind(&s_m, &f_m, 0);
}

static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, fake_cudaLaunchKernel,
                                fake_cudaGetFuncBySymbol};
static const md_dim3 grid = {3, 1, 1}, block = {64, 1, 1};

static int a_out;
static uint32_t a_n;
static uint64_t a_d, a_e;

/* What the last launch ran: the fake clone, or NULL for the original. */
static const fake_fn *ran(int o0) {
  return fake_orig_launches != o0 && fake_last_orig ? NULL : fake_last_fn;
}

/* The magic parameters at params[first..first+3) are those of u64 d. */
static int magic_ok(int first, uint64_t d) {
  md_u64_magic g;
  if (md_magic_u64(d, &g) != MD_OK)
    return 0;
  return *(const uint64_t *)fake_last_params[first] == g.m &&
         *(const uint64_t *)fake_last_params[first + 1] == g.a &&
         *(const uint64_t *)fake_last_params[first + 2] == g.s;
}

static const fake_fn *launch(const void *stub, const char *name,
                             uint32_t n, uint64_t d, uint64_t e) {
  void *args[4] = {&a_out, &a_n, &a_d, &a_e};
  int o0 = fake_orig_launches;
  a_n = n;
  a_d = d;
  a_e = e;
  fake_last_fn = NULL;
  fake_last_orig = NULL;
  EXPECT(md_cuda_launch(stub, grid, block, args, 0, NULL, name, &api) == 0);
  return ran(o0);
}

static void test_tiers(void) {
  static const uint64_t pow2[] = {1, 2, 1024, 1ull << 31, 1ull << 32,
                                  1ull << 63};
  static const uint64_t other[] = {3, 1000, 1023, 1025, (1ull << 32) + 1,
                                   (1ull << 63) + 1, ~0ull};
  size_t i;
  section("runtime api");
  for (i = 0; i < sizeof pow2 / sizeof pow2[0]; i++) {
    EXPECT(launch(&s_p, "k_p", 5, pow2[i], 0) == &f_p_2);
    EXPECT(magic_ok(3, pow2[i]));
  }
  for (i = 0; i < sizeof other / sizeof other[0]; i++) {
    EXPECT(launch(&s_p, "k_p", 5, other[i], 0) == &f_p_r);
    EXPECT(magic_ok(3, other[i]));
  }
  /* a failed bet: the plain clone, also for a power of two */
  EXPECT(launch(&s_p, "k_p", 5000, 1024, 0) == &f_p_p);
  EXPECT(magic_ok(3, 1024));
  EXPECT(launch(&s_p, "k_p", 5, 0, 0) == NULL); /* zero: the original */
  /* the launch memo: the same inputs again, then alternating */
  for (i = 0; i < 3; i++) {
    EXPECT(launch(&s_p, "k_p", 5, 64, 0) == &f_p_2);
    EXPECT(launch(&s_p, "k_p", 5, 64, 0) == &f_p_2);
    EXPECT(launch(&s_p, "k_p", 5, 65, 0) == &f_p_r);
    EXPECT(magic_ok(3, 65));
  }
}

static void test_kinds(void) {
  section("divisor kinds");
  /* no u64 divisor: never the pow2 tier */
  EXPECT(launch(&s_w, "k_w", 5, 1024, 0) == &f_w_r);
  /* two u64 divisors: both powers of two, else the ranged clone */
  EXPECT(launch(&s_2, "k_2", 5, 8, 1ull << 40) == &f_2_2);
  EXPECT(magic_ok(4, 8) && magic_ok(7, 1ull << 40));
  EXPECT(launch(&s_2, "k_2", 5, 8, 7) == &f_2_r);
  EXPECT(launch(&s_2, "k_2", 5, 9, 8) == &f_2_r);
  /* a u64 and a u32 divisor: the u64 one decides */
  EXPECT(launch(&s_m, "k_m", 5, 16, 7) == &f_m_2);
  EXPECT(launch(&s_m, "k_m", 5, 17, 8) == &f_m_r);
}

static void test_driver_api(void) {
  void *params[3] = {&a_out, &a_n, &a_d};
  section("driver api");
  a_n = 5;
  a_d = 1ull << 20;
  fake_last_fn = NULL;
  EXPECT(md_cuLaunchKernel((md_CUfunction)&f_p, 3, 1, 1, 64, 1, 1, 0, NULL,
                           params, NULL, "k_p") == 0);
  EXPECT(fake_last_fn == &f_p_2 && magic_ok(3, 1ull << 20));
  a_d = (1ull << 20) + 3;
  EXPECT(md_cuLaunchKernel((md_CUfunction)&f_p, 3, 1, 1, 64, 1, 1, 0, NULL,
                           params, NULL, "k_p") == 0);
  EXPECT(fake_last_fn == &f_p_r && magic_ok(3, (1ull << 20) + 3));
}

/* ---- a graph kernel node: its function and argument values ---- */

typedef struct tnode {
  void *func;
  uint64_t vals[6];
  void *ptrs[6];
} tnode;
static tnode node;

static md_CUresult n_set(void *n, const void *pp) {
  const md_kernel_node_params *p = pp;
  tnode *nd = n;
  int np = p->func == &f_p ? 3 : 6, i;
  static const size_t sz[6] = {8, 4, 8, 8, 8, 8};
  nd->func = p->func;
  memset(nd->vals, 0, sizeof nd->vals);
  for (i = 0; i < np; i++) {
    memcpy(&nd->vals[i], p->kernel_params[i], sz[i]);
    nd->ptrs[i] = &nd->vals[i];
  }
  return 0;
}
static md_CUresult n_add(void **o, void *g, void *const *d, size_t nd,
                         const void *p) {
  (void)g, (void)d, (void)nd;
  *o = &node;
  return n_set(&node, p);
}
static md_CUresult n_get(void *n, void *pp) {
  md_CUkernel_node_params *p = pp;
  memset(p, 0, sizeof *p);
  p->p.func = ((tnode *)n)->func;
  p->p.kernel_params = ((tnode *)n)->ptrs;
  return 0;
}

static void test_graph(void) {
  md_graph_api add = {MD_GRAPH_API_VERSION, 0, (void (*)(void))n_add, NULL,
                      NULL, 0};
  md_graph_api set = {MD_GRAPH_API_VERSION, 0, (void (*)(void))n_set, NULL,
                      NULL, 0};
  md_graph_api get = {MD_GRAPH_API_VERSION, 0, (void (*)(void))n_get, NULL,
                      NULL, 0};
  md_CUkernel_node_params p, r;
  void *args[3] = {&a_out, &a_n, &a_d};
  void *nd = NULL;
  md_u64_magic g;
  section("graph");
  memset(&p, 0, sizeof p);
  p.p.func = &f_p;
  p.p.grid = grid;
  p.p.block = block;
  p.p.kernel_params = args;
  a_n = 5;
  a_d = 1ull << 12;
  EXPECT(md_cuGraphAddKernelNode(&nd, NULL, NULL, 0, &p, &add) == 0);
  EXPECT(nd == &node && node.func == &f_p_2);
  EXPECT(md_magic_u64(a_d, &g) == MD_OK && node.vals[3] == g.m &&
         node.vals[5] == g.s);
  EXPECT(md_cuGraphKernelNodeGetParams(nd, &r, &get) == 0);
  EXPECT(r.p.func == &f_p); /* the tier reads back as the original */
  a_d = (1ull << 12) + 1; /* edited: not a power of two */
  EXPECT(md_cuGraphKernelNodeSetParams(nd, &p, &set) == 0);
  EXPECT(node.func == &f_p_r);
  EXPECT(md_magic_u64(a_d, &g) == MD_OK && node.vals[3] == g.m &&
         node.vals[4] == g.a && node.vals[5] == g.s);
  a_d = 1ull << 5; /* and back */
  EXPECT(md_cuGraphKernelNodeSetParams(nd, &p, &set) == 0);
  EXPECT(node.func == &f_p_2);
  a_n = 5000; /* a failed bet: the plain clone, not the tier */
  EXPECT(md_cuGraphKernelNodeSetParams(nd, &p, &set) == 0);
  EXPECT(node.func == &f_p_p);
}

/* ---- HIP: md_hip_clone version 3 ---- */

/* the kernels' and clones' handles (their addresses) */
static char h_p, h_v2, h_g, h_g2, hc_r, hc_p, hc_2;
static const void *hip_last_fn;
static int hip_bad;

static int fake_hip_launch(const void *fn, md_dim3 g, md_dim3 b, void **args,
                           size_t shmem, void *stream) {
  (void)g, (void)b, (void)shmem, (void)stream;
  hip_last_fn = fn;
  if (fn == &hc_r || fn == &hc_p || fn == &hc_2) { /* clones: the magic */
    md_u64_magic m;
    if (md_magic_u64(*(const uint64_t *)args[2], &m) != MD_OK ||
        *(const uint64_t *)args[3] != m.m ||
        *(const uint64_t *)args[4] != m.a || *(const uint64_t *)args[5] != m.s)
      hip_bad++;
  }
  return 0;
}

static const md_hip_api hip_v3 = {MD_HIP_API_VERSION, 0, fake_hip_launch};
static const md_hip_api hip_v2 = {2, 0, fake_hip_launch};

static const void *hip_run(const void *fn, const char *name,
                           const md_hip_api *a, const md_hip_clone *c,
                           uint32_t n, uint64_t d) {
  void *args[3] = {&a_out, &a_n, &a_d};
  a_n = n;
  a_d = d;
  hip_last_fn = NULL;
  EXPECT(md_hip_launch(fn, grid, block, args, 0, NULL, name, a, c) == 0);
  return hip_last_fn;
}

static int hip_add(void **o, void *g, void *const *d, size_t nd,
                   const md_hip_kernel_node_params *p) {
  static md_hip_kernel_node_params held;
  (void)g, (void)d, (void)nd;
  held = *p;
  *o = &held;
  hip_last_fn = p->func;
  return 0;
}

/* A graph node of kernel k added with graph api flags `flags`: the
 * function it holds. */
static const void *hip_node(char *k, const md_hip_clone *c, uint32_t flags,
                            uint64_t d) {
  md_graph_kernel kt = {k, k == &h_g ? "h_g" : "h_g2", c};
  md_graph_api api = {MD_GRAPH_API_VERSION, flags, (void (*)(void))hip_add,
                      NULL, &kt, 1};
  md_hip_kernel_node_params p;
  void *args[3] = {&a_out, &a_n, &a_d}, *nd = NULL;
  memset(&p, 0, sizeof p);
  p.func = k;
  p.grid = grid;
  p.block = block;
  p.kernel_params = args;
  a_n = 5;
  a_d = d;
  hip_last_fn = NULL;
  EXPECT(md_hipGraphAddKernelNode(&nd, NULL, NULL, 0, &p, &api) == 0);
  return hip_last_fn;
}

static void test_hip(void) {
  md_hip_clone c = {&hc_r, d_r.b, d_r.n, &hc_p, d_p.b, d_p.n, &hc_2};
  int i;
  section("hip");
  EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 1024) == &hc_2);
  EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 1ull << 63) == &hc_2);
  EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 1023) == &hc_r);
  EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, ~0ull) == &hc_r);
  EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5000, 1024) == &hc_p);
  EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 0) == &h_p);
  for (i = 0; i < 3; i++) { /* the memo's fast path */
    EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 64) == &hc_2);
    EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 64) == &hc_2);
    EXPECT(hip_run(&h_p, "h_p", &hip_v3, &c, 5, 65) == &hc_r);
  }
  /* a version-2 api struct: pow2_handle is not read */
  EXPECT(hip_run(&h_v2, "h_v2", &hip_v2, &c, 5, 1024) == &hc_r);
  EXPECT(hip_run(&h_v2, "h_v2", &hip_v2, &c, 5, 1024) == &hc_r);
  EXPECT(hip_run(&h_v2, "h_v2", &hip_v2, &c, 5, 7) == &hc_r);
  EXPECT(hip_run(&h_v2, "h_v2", &hip_v2, &c, 5000, 1024) == &hc_p);
  /* graph nodes: the record's version from the graph api's flags */
  EXPECT(hip_node(&h_g, &c, MD_GRAPH_HIP_CLONE_V3, 1ull << 33) == &hc_2);
  EXPECT(hip_node(&h_g, &c, MD_GRAPH_HIP_CLONE_V3, 3) == &hc_r);
  EXPECT(hip_node(&h_g2, &c, 0, 1ull << 33) == &hc_r);
  EXPECT(hip_bad == 0);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* md_pow2_tier_holds on d_r with the magic of d: 1 iff d = 2^s. */
static int holds(uint64_t d) {
  md_u64_magic g;
  uint64_t x[3];
  if (md_magic_u64(d, &g) != MD_OK)
    return -1;
  x[0] = g.m;
  x[1] = g.a;
  x[2] = g.s;
  return md_pow2_tier_holds(d_r.b, x, 3);
}

static void test_condition(void) {
  uint64_t d, bad = 0;
  unsigned k;
  int i;
  section("condition");
  for (k = 0; k < 64; k++) {
    bad += holds(1ull << k) != 1;
    if (k > 1)
      bad += holds((1ull << k) - 1) != 0;
    if (k > 0)
      bad += holds((1ull << k) + 1) != 0;
  }
  bad += holds(~0ull) != 0;
  for (d = 1; d <= (1u << 20); d++)
    bad += holds(d) != ((d & (d - 1)) == 0);
  for (i = 0; i < 1000000; i++) {
    d = next() >> (next() & 63);
    if (d)
      bad += holds(d) != ((d & (d - 1)) == 0);
  }
  EXPECT(bad == 0);
  /* too few magic values, or none of kind u64: no */
  {
    uint64_t x[3] = {~0ull, ~0ull, 3};
    EXPECT(md_pow2_tier_holds(d_r.b, x, 1) == 0);
    EXPECT(md_pow2_tier_holds(d_32.b, x, 3) == 0);
  }
  /* the measured choice: a slot of its own per bucket */
  for (k = 1; k <= MD_CHOICE_BUCKETS; k++) {
    int s = md_choice_slot(MD_TIER_POW2, k);
    EXPECT(s >= 2 * MD_CHOICE_BUCKETS && s < MD_CHOICE_SLOTS);
    EXPECT(s != md_choice_slot(MD_TIER_RANGED, k) &&
           s != md_choice_slot(MD_TIER_PLAIN, k));
  }
  EXPECT(strcmp(md_choice_slot_tier(md_choice_slot(MD_TIER_POW2, 3)),
                " (pow2 tier)") == 0);
}

int main(void) {
  md_cuda_driver d = fake_driver();
  (void)fake_desc;
  setup();
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  test_tiers();
  test_kinds();
  test_driver_api();
  test_graph();
  test_hip();
  test_condition();
  md_launch_release();
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
