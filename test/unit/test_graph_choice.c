/*
 * test_graph_choice.c -- graph kernel nodes the program writes follow the
 * measured choice (runtime/src/launch/md_choice.c, md_choice_node; the
 * node calls: runtime/src/graph/), against the fake driver and events of
 * test_choice_fake.h and a small fake graph world below (a node keeps its
 * function, grid and argument values).  The kernel k's launches decide a
 * slot first (scripted event times); then a node written, added or
 * exec-written with the same grid bucket gets: the original with the
 * program's own arguments where the slot kept the original, the clone
 * with the magic of the new divisor where it kept the clone, the clone
 * where nothing is decided yet or for another bucket; read back, it shows
 * the original and its arguments either way.  Node writes make no event
 * call and neither start nor advance a trial.  MAGICDIV_CHOICE=original /
 * clone; an exec graph that refuses to switch a node's function (the
 * call's error, the node as it was); the generic node calls, the driver
 * API and HIP; threads writing nodes while others launch (TSan in
 * graph-choice.test).  graph-choice.test checks the MAGICDIV_LOG lines
 * (once per slot).
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_graph.h"
#include "magicdiv/md_hip.h"
#include "test_expect.h"
#include "test_choice_fake.h"

/* ---- the fake graph world: a node is its function, grid, values ---- */

typedef struct gnode {
  void *func;
  md_dim3 grid, block;
  int n;
  uint64_t vals[6];
  void *ptrs[6];
} gnode;

#define N_NODES 64
static gnode nodes[N_NODES];  /* the graph's */
static gnode xnodes[N_NODES]; /* the exec graph's, at the same index */
static int n_nodes;
static int exec_no_switch; /* an exec node's function may not change */
static char h_kc;          /* HIP: k's clone handle */

static int is_clone(const void *f) { return f == &f_kc || f == &h_kc; }

static void node_write(gnode *nd, const md_kernel_node_params *p) {
  static const uint32_t sz[6] = {8, 4, 4, 4, 4, 4};
  uint64_t v[6] = {0};
  int n = is_clone(p->func) ? 6 : 3;
  for (int i = 0; i < n; i++)
    memcpy(&v[i], p->kernel_params[i], sz[i]);
  nd->func = p->func;
  nd->grid = p->grid;
  nd->block = p->block;
  nd->n = n;
  for (int i = 0; i < n; i++) {
    nd->vals[i] = v[i];
    nd->ptrs[i] = &nd->vals[i];
  }
}

static void node_read(const gnode *nd, md_kernel_node_params *p) {
  memset(p, 0, sizeof *p);
  p->func = nd->func;
  p->grid = nd->grid;
  p->block = nd->block;
  p->kernel_params = (void **)nd->ptrs;
}

/* One write: ok says whether the API takes p's function. */
static int fake_write(gnode *nd, gnode **out,
                      const md_kernel_node_params *p, int ok) {
  if (!ok || !p || p->extra)
    return 98;
  if (out && n_nodes == N_NODES)
    return 2; /* out of memory */
  if (out)
    *out = nd = &nodes[n_nodes++];
  else if (exec_no_switch && nd >= xnodes && nd < xnodes + N_NODES &&
           is_clone(nd->func) != is_clone(p->func))
    return 1; /* CUDA_ERROR_INVALID_VALUE: the node stays */
  node_write(nd, p);
  return 0;
}

/* cudart takes stubs, the driver CUfunctions, HIP handles */
static int rt_ok(const md_kernel_node_params *p) { return p->func == &s_k; }
static int cu_ok(const md_kernel_node_params *p) {
  return p->func == &f_k || p->func == &f_kc;
}
static int h_ok(const md_kernel_node_params *p) {
  return p->func == &h_k || p->func == &h_kc;
}

static int rt_set(void *n, const md_kernel_node_params *p) {
  return fake_write(n, NULL, p, rt_ok(p));
}
static int rt_xset(void *x, void *n, const md_kernel_node_params *p) {
  (void)x;
  return fake_write(&xnodes[(gnode *)n - nodes], NULL, p, rt_ok(p));
}
static int rt_add(void **o, void *g, void *const *d, size_t nd,
                  const md_kernel_node_params *p) {
  (void)g, (void)d, (void)nd;
  return fake_write(NULL, (gnode **)o, p, rt_ok(p));
}
static int rt_get(void *n, md_kernel_node_params *p) {
  node_read(n, p);
  return 0;
}
static int rt_nset(void *n, md_graph_node_params *p) {
  return rt_set(n, &p->u.kernel.p);
}
static int rt_nxset(void *x, void *n, md_graph_node_params *p) {
  return rt_xset(x, n, &p->u.kernel.p);
}
/* the driver's (md_CUkernel_node_params: md_kernel_node_params first) */
static md_CUresult cu_set(void *n, const void *p) {
  return fake_write(n, NULL, p, cu_ok(p));
}
static md_CUresult cu_xset(void *x, void *n, const void *p) {
  (void)x;
  return fake_write(&xnodes[(gnode *)n - nodes], NULL, p, cu_ok(p));
}
static md_CUresult cu_add(void **o, void *g, void *const *d, size_t nd,
                          const void *p) {
  (void)g, (void)d, (void)nd;
  return fake_write(NULL, (gnode **)o, p, cu_ok(p));
}
static md_CUresult g_set(void *n, const md_CUkernel_node_params *p) {
  return cu_set(n, p);
}
static md_CUresult g_xset(void *x, void *n, const md_CUkernel_node_params *p) {
  return cu_xset(x, n, p);
}
static md_CUresult g_add(void **o, void *g, void *const *d, size_t nd,
                         const md_CUkernel_node_params *p) {
  return cu_add(o, g, d, nd, p);
}
static md_CUresult g_get(void *n, md_CUkernel_node_params *p) {
  memset(p, 0, sizeof *p);
  node_read(n, &p->p);
  return 0;
}
static md_CUresult g_nset(void *n, md_graph_node_params *p) {
  return cu_set(n, &p->u.kernel.p);
}
static md_CUresult g_nxset(void *x, void *n, md_graph_node_params *p) {
  return cu_xset(x, n, &p->u.kernel.p);
}
/* HIP (hipKernelNodeParams: its own field order) */
static int h_write(int exec, void *n, void **o,
                   const md_hip_kernel_node_params *h) {
  md_kernel_node_params p;
  memset(&p, 0, sizeof p);
  p.func = h->func;
  p.grid = h->grid;
  p.block = h->block;
  p.kernel_params = h->kernel_params;
  p.extra = h->extra;
  if (exec)
    n = &xnodes[(gnode *)n - nodes];
  return fake_write(n, (gnode **)o, &p, h_ok(&p));
}
static int h_set(void *n, const md_hip_kernel_node_params *p) {
  return h_write(0, n, NULL, p);
}
static int h_xset(void *x, void *n, const md_hip_kernel_node_params *p) {
  (void)x;
  return h_write(1, n, NULL, p);
}
static int h_add(void **o, void *g, void *const *d, size_t nd,
                 const md_hip_kernel_node_params *p) {
  (void)g, (void)d, (void)nd;
  return h_write(0, NULL, o, p);
}
static int h_get(void *n, md_hip_kernel_node_params *p) {
  const gnode *nd = n;
  memset(p, 0, sizeof *p);
  p->func = nd->func;
  p->grid = nd->grid;
  p->block = nd->block;
  p->kernel_params = (void **)nd->ptrs;
  return 0;
}

/* ---- what the host pass would hand over ---- */

typedef void (*md_voidfn)(void);
#define FN(f) ((md_voidfn)(f))
static md_graph_kernel rt_kernels[1], hip_kernels[1];
static md_hip_clone hip_clone;

static md_graph_api rt_api(md_voidfn call) {
  md_graph_api a = {MD_GRAPH_API_VERSION, 0, call, fake_cudaGetFuncBySymbol,
                    rt_kernels, 1};
  return a;
}
static md_graph_api plain_api(md_voidfn call, const md_graph_kernel *k) {
  md_graph_api a = {MD_GRAPH_API_VERSION, 0, call, NULL, k, k ? 1 : 0};
  return a;
}

static void graph_setup(void) {
  md_cuda_graph_driver g;
  memset(&g, 0, sizeof g);
  g.version = MD_GRAPH_API_VERSION;
  g.kernel_node_get_params = g_get;
  g.kernel_node_set_params = g_set;
  g.exec_kernel_node_set_params = g_xset;
  g.add_kernel_node = g_add;
  g.node_set_params = g_nset;
  g.exec_node_set_params = g_nxset;
  EXPECT(md_cuda_set_graph_driver(&g) == MD_OK);
  rt_kernels[0].handle = &s_k;
  rt_kernels[0].name = "k";
  hip_clone.handle = &h_kc;
  hip_clone.desc = desc;
  hip_clone.desc_size = desc_n;
  hip_kernels[0].handle = &h_k;
  hip_kernels[0].name = "h_k";
  hip_kernels[0].hip_clone = &hip_clone;
}

/* ---- checks ---- */

static uint32_t d_now = 9; /* the divisor the nodes are written with */
static int out_buf, *out_ptr = &out_buf; /* k's first argument: int * */
static uint32_t n_val = 100;
static void *node_args[3] = {&out_ptr, &n_val, &d_now};

static md_kernel_node_params params(void *func, unsigned gx) {
  md_kernel_node_params p;
  memset(&p, 0, sizeof p);
  p.func = func;
  p.grid.x = gx, p.grid.y = p.grid.z = 1;
  p.block.x = 64, p.block.y = p.block.z = 1;
  p.kernel_params = node_args;
  return p;
}

/* Node nd holds: the original `orig` with the arguments, or the clone
 * with the magic of d_now. */
static int holds(const gnode *nd, const void *orig, int clone) {
  md_u32_magic g;
  if (nd->vals[2] != d_now)
    return 0;
  if (!clone)
    return nd->func == orig && nd->n == 3;
  md_magic_u32(d_now, &g);
  return is_clone(nd->func) && nd->n == 6 && nd->vals[3] == g.m &&
         nd->vals[4] == g.a && nd->vals[5] == g.s;
}

/* Read back through the routed call: the original, its arguments. */
static int reads_back(gnode *nd) {
  md_graph_api a = rt_api(FN(rt_get));
  md_kernel_node_params p;
  return md_cudaGraphKernelNodeGetParams(nd, &p, &a) == 0 &&
         p.func == &s_k && *(uint32_t *)p.kernel_params[2] == d_now &&
         *(uint32_t *)p.kernel_params[1] == n_val;
}

/* Every runtime-API node write on gx blocks (add, set, exec set, the
 * generic set and exec set): each node holds the original (clone 0) or
 * the clone, and reads back as the original.  No event call, no trial. */
static void rt_writes(unsigned gx, int clone) {
  md_graph_api add = rt_api(FN(rt_add)), set = rt_api(FN(rt_set)),
               xset = rt_api(FN(rt_xset)), nset = rt_api(FN(rt_nset)),
               nxset = rt_api(FN(rt_nxset));
  md_kernel_node_params p = params(&s_k, gx);
  md_graph_node_params gp;
  gnode *nd = NULL;
  int calls = ev_calls, made = ev_made;
  EXPECT(md_cudaGraphAddKernelNode((void **)&nd, NULL, NULL, 0, &p, &add) ==
         0);
  EXPECT(nd && holds(nd, &s_k, clone) && reads_back(nd));
  d_now++;
  EXPECT(md_cudaGraphKernelNodeSetParams(nd, &p, &set) == 0);
  EXPECT(holds(nd, &s_k, clone) && reads_back(nd));
  d_now++;
  EXPECT(md_cudaGraphExecKernelNodeSetParams(NULL, nd, &p, &xset) == 0);
  EXPECT(holds(&xnodes[nd - nodes], &s_k, clone));
  memset(&gp, 0, sizeof gp);
  gp.type = MD_GRAPH_NODE_KERNEL;
  gp.u.kernel.p = p;
  d_now++;
  EXPECT(md_cudaGraphNodeSetParams(nd, &gp, &nset) == 0);
  EXPECT(holds(nd, &s_k, clone) && reads_back(nd));
  d_now++;
  EXPECT(md_cudaGraphExecNodeSetParams(NULL, nd, &gp, &nxset) == 0);
  EXPECT(holds(&xnodes[nd - nodes], &s_k, clone));
  EXPECT(ev_calls == calls && ev_made == made);
}

/* The trials of k on gx blocks, to a decision (side: 1 the clone). */
static void decide(unsigned gx, int side) {
  char s[64];
  launches(24, gx, s);
  EXPECT(s[22] == (side ? '1' : '0') && s[23] == s[22]);
}

static void test_decided(void) {
  char s[64];
  section("decided original");
  fresh(1.0f, 1.5f);
  decide(3, 0);
  rt_writes(3, 0);
  rt_writes(2, 0); /* 2-3 blocks: one bucket; logged once */
  section("another bucket");
  rt_writes(1000, 1);
  launches(3, 1000, s); /* its trial starts now: node writes made none */
  EXPECT(strcmp(s, "101") == 0);
  section("decided clone");
  fresh(1.0f, 0.5f);
  decide(3, 1);
  rt_writes(3, 1);
  section("undecided");
  fresh(1.0f, 1.5f);
  launches(5, 3, s); /* a trial under way */
  rt_writes(3, 1);
  launches(19, 3, s); /* it goes on where it was: decides as before */
  EXPECT(strcmp(s + 15, "0000") == 0);
  section("no launch yet");
  fresh(1.0f, 1.5f);
  rt_writes(3, 1);
  launches(3, 3, s);
  EXPECT(strcmp(s, "101") == 0);
}

static void test_policy(void) {
  char s[64];
  section("MAGICDIV_CHOICE=original");
  policy("original");
  rt_writes(3, 0);
  section("MAGICDIV_CHOICE=clone");
  policy("clone");
  launches(24, 3, s); /* no trials: nothing decided */
  rt_writes(3, 1);
  policy(NULL);
}

/* An exec node holding the clone, the slot decided "original" since: a
 * driver that refuses to switch an exec node's function refuses the
 * update (its error; the node keeps its arguments and magic). */
static void test_exec_switch(void) {
  md_graph_api add = rt_api(FN(rt_add)), xset = rt_api(FN(rt_xset));
  md_kernel_node_params p = params(&s_k, 3);
  gnode *nd = NULL, before;
  section("exec node switch refused");
  fresh(1.0f, 1.5f);
  launch(3, 7); /* the entry; undecided: the clone */
  EXPECT(md_cudaGraphAddKernelNode((void **)&nd, NULL, NULL, 0, &p, &add) ==
         0);
  EXPECT(md_cudaGraphExecKernelNodeSetParams(NULL, nd, &p, &xset) == 0);
  EXPECT(holds(&xnodes[nd - nodes], &s_k, 1));
  decide(3, 0);
  exec_no_switch = 1;
  before = xnodes[nd - nodes];
  d_now++;
  EXPECT(md_cudaGraphExecKernelNodeSetParams(NULL, nd, &p, &xset) == 1);
  EXPECT(xnodes[nd - nodes].func == &f_kc &&
         memcmp(xnodes[nd - nodes].vals, before.vals, sizeof before.vals) ==
             0);
  exec_no_switch = 0; /* re-instantiated: the original goes in */
  EXPECT(md_cudaGraphExecKernelNodeSetParams(NULL, nd, &p, &xset) == 0);
  EXPECT(holds(&xnodes[nd - nodes], &s_k, 0));
}

/* The driver API: md_cuLaunchKernel decides for the CUfunction. */
static void cu_launches(int times, unsigned gx) {
  int out = 0;
  uint32_t n = 100, d = 7;
  void *prm[3] = {&out, &n, &d};
  for (int i = 0; i < times; i++)
    EXPECT(md_cuLaunchKernel((md_CUfunction)&f_k, gx, 1, 1, 64, 1, 1, 0,
                             NULL, prm, NULL, "k") == 0);
}

static void cu_writes(unsigned gx, int clone) {
  md_graph_api add = plain_api(FN(cu_add), NULL),
               set = plain_api(FN(cu_set), NULL),
               xset = plain_api(FN(cu_xset), NULL),
               get = plain_api(FN(g_get), NULL);
  md_CUkernel_node_params p, r;
  gnode *nd = NULL;
  memset(&p, 0, sizeof p);
  p.p = params(&f_k, gx);
  EXPECT(md_cuGraphAddKernelNode((void **)&nd, NULL, NULL, 0, &p, &add) ==
         0);
  EXPECT(nd && holds(nd, &f_k, clone));
  d_now++;
  EXPECT(md_cuGraphKernelNodeSetParams(nd, &p, &set) == 0);
  EXPECT(holds(nd, &f_k, clone));
  EXPECT(md_cuGraphKernelNodeGetParams(nd, &r, &get) == 0);
  EXPECT(r.p.func == &f_k && *(uint32_t *)r.p.kernel_params[2] == d_now);
  d_now++;
  EXPECT(md_cuGraphExecKernelNodeSetParams(NULL, nd, &p, &xset) == 0);
  EXPECT(holds(&xnodes[nd - nodes], &f_k, clone));
}

static void test_driver_api(void) {
  section("driver api");
  fresh(1.0f, 1.5f);
  cu_writes(3, 1); /* undecided */
  cu_launches(24, 3);
  cu_writes(3, 0);
  cu_writes(1000, 1);
}

/* HIP */
static int h_run(const void *fn, md_dim3 g, md_dim3 b, void **args,
                 size_t shmem, void *stream) {
  return hip_run(fn == &h_kc ? (const void *)&f_kc : fn, g, b, args, shmem,
                 stream);
}

static void h_writes(unsigned gx, int clone) {
  md_graph_api add = plain_api(FN(h_add), hip_kernels),
               set = plain_api(FN(h_set), hip_kernels),
               xset = plain_api(FN(h_xset), hip_kernels),
               get = plain_api(FN(h_get), hip_kernels);
  md_kernel_node_params k = params(&h_k, gx);
  md_hip_kernel_node_params p, r;
  gnode *nd = NULL;
  memset(&p, 0, sizeof p);
  p.func = k.func;
  p.grid = k.grid;
  p.block = k.block;
  p.kernel_params = k.kernel_params;
  EXPECT(md_hipGraphAddKernelNode((void **)&nd, NULL, NULL, 0, &p, &add) ==
         0);
  EXPECT(nd && holds(nd, &h_k, clone));
  d_now++;
  EXPECT(md_hipGraphKernelNodeSetParams(nd, &p, &set) == 0);
  EXPECT(holds(nd, &h_k, clone));
  EXPECT(md_hipGraphKernelNodeGetParams(nd, &r, &get) == 0);
  EXPECT(r.func == &h_k && *(uint32_t *)r.kernel_params[2] == d_now);
  d_now++;
  EXPECT(md_hipGraphExecKernelNodeSetParams(NULL, nd, &p, &xset) == 0);
  EXPECT(holds(&xnodes[nd - nodes], &h_k, clone));
}

static void test_hip(void) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, h_run};
  md_hip_event_api ev = {MD_HIP_EVENT_API_VERSION, ev_create, ev_record,
                         ev_query, ev_elapsed, ev_destroy};
  int out = 0;
  uint32_t n = 100, d = 7;
  void *args[3] = {&out, &n, &d};
  md_dim3 grid = {3, 1, 1}, block = {64, 1, 1};
  section("hip");
  md_hip_set_event_api(&ev);
  md_hip_set_stream_is_capturing(hip_not_capturing);
  fresh(1.0f, 1.5f);
  h_writes(3, 1); /* undecided */
  for (int i = 0; i < 24; i++)
    EXPECT(md_hip_launch(&h_k, grid, block, args, 0, NULL, "h_k", &hapi,
                         &hip_clone) == 0);
  EXPECT(t_side == 0);
  h_writes(3, 0);
  h_writes(1000, 1);
  md_hip_set_event_api(NULL);
}

/* ---- threads: node writes while other threads launch ---- */

#define N_THREADS 4
#define N_ITERS 300
static atomic_int tbad;

static void *launcher(void *arg) {
  (void)arg;
  for (int i = 0; i < N_ITERS; i++) {
    int out = 0;
    uint32_t n = 100, d = 7;
    void *args[3] = {&out, &n, &d};
    md_dim3 grid = {3, 1, 1}, block = {64, 1, 1};
    if (md_cuda_launch(&s_k, grid, block, args, 0, NULL, "k", &api) != 0)
      atomic_fetch_add(&tbad, 1);
  }
  return NULL;
}

static void *writer(void *arg) {
  gnode nd;
  md_graph_api set = rt_api(FN(rt_set));
  uint32_t d = 5 + (uint32_t)(intptr_t)arg;
  int out = 0, *po = &out;
  uint32_t n = 100;
  void *args[3] = {&po, &n, &d};
  md_kernel_node_params p = params(&s_k, 3);
  p.kernel_params = args;
  memset(&nd, 0, sizeof nd);
  for (int i = 0; i < N_ITERS; i++) {
    if (md_cudaGraphKernelNodeSetParams(&nd, &p, &set) != 0 ||
        nd.vals[2] != d)
      atomic_fetch_add(&tbad, 1);
  }
  return NULL;
}

static void test_threads(void) {
  pthread_t t[2 * N_THREADS];
  section("threads");
  fresh(1.0f, 1.5f);
  fake_threaded = 1;
  for (int i = 0; i < N_THREADS; i++)
    pthread_create(&t[i], NULL, launcher, NULL);
  for (int i = 0; i < N_THREADS; i++)
    pthread_create(&t[N_THREADS + i], NULL, writer, (void *)(intptr_t)i);
  for (int i = 0; i < 2 * N_THREADS; i++)
    pthread_join(t[i], NULL);
  fake_threaded = 0;
  EXPECT(tbad == 0 && ev_live == 0);
  rt_writes(3, 0); /* decided meanwhile: the original */
}

int main(int argc, char **argv) {
  md_cuda_driver d = driver(1);
  setup();
  graph_setup();
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  if (argc > 1 && strcmp(argv[1], "threads") == 0) {
    test_threads();
  } else {
    test_decided();
    test_policy();
    test_exec_switch();
    test_driver_api();
    test_hip();
    test_threads();
  }
  md_launch_release();
  EXPECT(ev_live == 0 && fake_bad == 0);
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
