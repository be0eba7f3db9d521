/*
 * test_graph.c -- graph kernel nodes stay transparent, against a FAKE
 * CUDA driver, cudart and HIP (test_launch_fake.h plus a fake graph world
 * below): stream capture records kernel nodes, graphs are instantiated,
 * edited and launched, and launching runs each node's function as a CPU
 * function on the node's own argument copies.  The kernel computes
 * out[i] = x(i) / d; its clone computes the same quotient from the magic
 * numbers only (md_eval_u32), so a node holding a clone with stale magic
 * gives wrong numbers.  For every routed graph API (md_cudaGraph*,
 * md_cuGraph*, md_hipGraph*): a captured node reads back as the original
 * function with the original arguments; new arguments with a new divisor
 * give the original kernel's results; the llama.cpp pattern (find nodes by
 * function pointer, patch a pointer argument every step, update the exec
 * graph) writes the new buffers; adding a node with the original runs the
 * clone; re-capture and cudaGraphExecUpdate stay right; MAGICDIV_GRAPHS=
 * original keeps originals in nodes.  MAGICDIV_LOG lines: graph.test.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_graph.h"
#include "magicdiv/md_hip.h"
#include "test_launch_fake.h"

#include "test_expect.h"

/* ---- the kernels, as CPU functions ---- */

#define N_OUT 64
static uint32_t x_of(uint32_t i) { return i * 2654435761u + 12345u; }

/* k(uint32_t *out, uint32_t n, uint32_t d) */
static void body_orig(void **a) {
  uint32_t *out = *(uint32_t **)a[0], n = *(uint32_t *)a[1],
           d = *(uint32_t *)a[2], i;
  for (i = 0; i < n && i < N_OUT; i++)
    out[i] = d ? x_of(i) / d : 0xffffffffu;
}

/* k__magicdiv(out, n, d, m, a, s): the magic numbers only */
static void body_clone(void **a) {
  uint32_t *out = *(uint32_t **)a[0], n = *(uint32_t *)a[1], i;
  md_u32_magic g;
  g.m = *(uint32_t *)a[3];
  g.a = *(uint32_t *)a[4];
  g.s = *(uint32_t *)a[5];
  for (i = 0; i < n && i < N_OUT; i++)
    out[i] = md_eval_u32(x_of(i), &g);
}

static int check_out(const uint32_t *out, uint32_t n, uint32_t d) {
  uint32_t i;
  for (i = 0; i < n; i++)
    if (out[i] != (d ? x_of(i) / d : 0xffffffffu))
      return 0;
  return 1;
}

static const uint32_t k_sizes[3] = {8, 4, 4};
static const uint32_t c_sizes[6] = {8, 4, 4, 4, 4, 4};
static unsigned char desc_k[128];
static size_t desc_k_n;
static fake_mod mod;

/* CUDA: kernels reached by runtime stub (s_*) and CUfunction (f_*) */
static fake_fn f_a = {"ka", NULL, 3, -1, 0, 0, NULL};
static fake_fn f_a_c = {"ka__magicdiv", NULL, 6, 2, 0, 0, NULL};
static fake_fn f_b = {"kb", NULL, 3, -1, 0, 0, NULL}; /* never launched */
static fake_fn f_b_c = {"kb__magicdiv", NULL, 6, 2, 0, 0, NULL};
static fake_fn f_d = {"kd", NULL, 3, -1, 0, 0, NULL}; /* driver API */
static fake_fn f_d_c = {"kd__magicdiv", NULL, 6, 2, 0, 0, NULL};
static fake_fn f_t = {"kt", NULL, 3, -1, 0, 0, NULL}; /* threads */
static fake_fn f_t_c = {"kt__magicdiv", NULL, 6, 2, 0, 0, NULL};
static char s_a, s_b, s_t;
/* HIP handles */
static char h_a, h_a_c, h_b, h_b_c, h_t, h_t_c;

typedef struct kinfo {
  const void *fn;
  int clone;
} kinfo;
static const kinfo kinfos[] = {{&s_a, 0}, {&s_b, 0}, {&f_a, 0}, {&f_b, 0},
                               {&f_d, 0}, {&f_a_c, 1}, {&f_b_c, 1},
                               {&f_d_c, 1}, {&h_a, 0}, {&h_b, 0},
                               {&h_a_c, 1}, {&h_b_c, 1}, {&s_t, 0},
                               {&f_t, 0},   {&f_t_c, 1}, {&h_t, 0},
                               {&h_t_c, 1}};

/* -1: not a kernel; 0 original; 1 clone */
static int kind_of(const void *fn) {
  size_t i;
  for (i = 0; i < sizeof kinfos / sizeof kinfos[0]; i++)
    if (kinfos[i].fn == fn)
      return kinfos[i].clone;
  return -1;
}

static int is_stub(const void *fn) {
  return fn == &s_a || fn == &s_b || fn == &s_t || fn == &h_a || fn == &h_b ||
         fn == &h_t || fn == &h_a_c || fn == &h_b_c || fn == &h_t_c;
}

/* ---- the fake graph world ---- */

typedef struct gnode {
  void *func;
  md_dim3 grid, block;
  unsigned shmem;
  int n;
  uint64_t vals[8];
  void *ptrs[8];
} gnode;

typedef struct ggraph {
  gnode nodes[16];
  int n;
} ggraph;

static ggraph graphs[8];
static int n_graphs;
static ggraph execs[8]; /* an exec graph: its own copy of the nodes */
static int n_execs;
static ggraph *capture; /* the graph the capturing stream records into */
static void *const cap_stream = (void *)(uintptr_t)0x5100;
static int node_runs_clone, node_runs_orig;

static void node_write(gnode *nd, void *func, md_dim3 grid, md_dim3 block,
                       unsigned shmem, void **args) {
  int k = kind_of(func), i;
  const uint32_t *sz = k == 1 ? c_sizes : k_sizes;
  uint64_t v[8] = {0}; /* args may point into the node itself */
  for (i = 0; i < (k == 1 ? 6 : 3); i++)
    memcpy(&v[i], args[i], sz[i]);
  nd->func = func;
  nd->grid = grid;
  nd->block = block;
  nd->shmem = shmem;
  nd->n = k == 1 ? 6 : 3;
  for (i = 0; i < nd->n; i++) {
    nd->vals[i] = v[i];
    nd->ptrs[i] = &nd->vals[i];
  }
}

static gnode *node_add(ggraph *g, void *func, md_dim3 grid, md_dim3 block,
                       unsigned shmem, void **args) {
  gnode *nd = &g->nodes[g->n++];
  node_write(nd, func, grid, block, shmem, args);
  return nd;
}

/* The exec graph's node for graph node nd. */
static gnode *exec_node(ggraph *x, void *nd) {
  int i;
  for (i = 0; i < n_graphs; i++)
    if ((gnode *)nd >= graphs[i].nodes && (gnode *)nd < graphs[i].nodes + 16)
      return &x->nodes[(gnode *)nd - graphs[i].nodes];
  return NULL;
}

static void graph_run(ggraph *x) {
  int i;
  for (i = 0; i < x->n; i++) {
    gnode *nd = &x->nodes[i];
    if (kind_of(nd->func) == 1) {
      node_runs_clone++;
      body_clone(nd->ptrs);
    } else {
      node_runs_orig++;
      body_orig(nd->ptrs);
    }
  }
}

static ggraph *begin_capture(void) {
  memset(&graphs[n_graphs], 0, sizeof graphs[0]);
  capture = &graphs[n_graphs++];
  fake_capturing = 1;
  return capture;
}

static void end_capture(void) {
  capture = NULL;
  fake_capturing = 0;
}

static ggraph *instantiate(ggraph *g) {
  execs[n_execs] = *g;
  return &execs[n_execs++];
}

/* cudaGraphExecUpdate: the exec graph takes the graph's parameters */
static void exec_update(ggraph *x, const ggraph *g) {
  int i;
  for (i = 0; i < g->n; i++)
    x->nodes[i] = g->nodes[i];
  for (i = 0; i < g->n; i++) { /* re-point the argument arrays */
    int k;
    for (k = 0; k < x->nodes[i].n; k++)
      x->nodes[i].ptrs[k] = &x->nodes[i].vals[k];
  }
  x->n = g->n;
}

/* ---- fake cudart / driver / HIP entry points ---- */

static int rt_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                     size_t shmem, void *stream) {
  if (!fake_cur_ctx)
    fake_cur_ctx = fake_default_ctx;
  if (stream == cap_stream && capture) {
    node_add(capture, (void *)fn, grid, block, (unsigned)shmem, args);
    return 0;
  }
  body_orig(args);
  return 0;
}

static md_CUresult drv_launch(md_CUfunction f, unsigned gx, unsigned gy,
                              unsigned gz, unsigned bx, unsigned by,
                              unsigned bz, unsigned shmem, md_CUstream s,
                              void **params, void **extra) {
  md_dim3 grid = {gx, gy, gz}, block = {bx, by, bz};
  (void)extra;
  if (s == cap_stream && capture) {
    node_add(capture, f, grid, block, shmem, params);
    return 0;
  }
  if (kind_of(f) == 1)
    body_clone(params);
  else
    body_orig(params);
  return 0;
}

static md_CUresult drv_is_capturing(md_CUstream s, int *status) {
  *status = s == cap_stream && capture != NULL;
  return 0;
}

static int spt_capturing; /* hipStreamPerThread is being captured */
static int hip_is_capturing(void *s, int *status) {
  *status = (s == cap_stream && capture != NULL) ||
            (spt_capturing && s == (void *)(uintptr_t)2);
  return 0;
}

static int fake_gfs(md_CUfunction *f, const void *stub) {
  if (!fake_cur_ctx)
    fake_cur_ctx = fake_default_ctx;
  if (stub == &s_a)
    *f = &f_a;
  else if (stub == &s_b)
    *f = &f_b;
  else if (stub == &s_t)
    *f = &f_t;
  else
    return 98;
  return 0;
}

static void params_out(const gnode *nd, md_kernel_node_params *p) {
  memset(p, 0, sizeof *p);
  p->func = nd->func;
  p->grid = nd->grid;
  p->block = nd->block;
  p->shmem = nd->shmem;
  p->kernel_params = (void **)nd->ptrs;
}

/* cudart takes runtime symbols only; the driver CUfunctions only */
static int rt_node_ok(const md_kernel_node_params *p) {
  return p && p->func && is_stub(p->func) && !p->extra;
}
static int drv_node_ok(const md_kernel_node_params *p) {
  return p && p->func && kind_of(p->func) >= 0 && !is_stub(p->func) &&
         !p->extra;
}

/* One node write of the fake graph world, with the other operands of
 * its call; ok: the API takes p (else it returns err). */
enum { W_SET, W_EXEC_SET, W_ADD };
static int fake_write(int op, void *x, void *node, void **out, void *g,
                      const md_kernel_node_params *p, int ok, int err) {
  gnode *nd = op == W_EXEC_SET ? exec_node(x, node) : node;
  if (!ok)
    return err;
  if (op == W_ADD) {
    *out = node_add(g, p->func, p->grid, p->block, p->shmem,
                    p->kernel_params);
    return 0;
  }
  if (!nd)
    return err;
  node_write(nd, p->func, p->grid, p->block, p->shmem, p->kernel_params);
  return 0;
}

static int rt_get_refuses; /* like a cudart that cannot name a clone */
static int rt_get(void *node, md_kernel_node_params *p) {
  if (rt_get_refuses && !is_stub(((gnode *)node)->func))
    return 98;
  params_out(node, p);
  return 0;
}
static int rt_set(void *node, const md_kernel_node_params *p) {
  return fake_write(W_SET, NULL, node, NULL, NULL, p, rt_node_ok(p), 98);
}
static int rt_exec_set(void *x, void *node, const md_kernel_node_params *p) {
  return fake_write(W_EXEC_SET, x, node, NULL, NULL, p, rt_node_ok(p), 98);
}
static int rt_add(void **out, void *g, void *const *deps, size_t n,
                  const md_kernel_node_params *p) {
  (void)deps;
  (void)n;
  return fake_write(W_ADD, NULL, NULL, out, g, p, rt_node_ok(p), 98);
}
static int rt_node_get(void *node, md_graph_node_params *p) {
  memset(p, 0, sizeof *p);
  p->type = MD_GRAPH_NODE_KERNEL;
  params_out(node, &p->u.kernel.p);
  return 0;
}
static int rt_node_set(void *node, md_graph_node_params *p) {
  if (p->type != MD_GRAPH_NODE_KERNEL)
    return 1;
  return rt_set(node, &p->u.kernel.p);
}
static int rt_exec_node_set(void *x, void *node, md_graph_node_params *p) {
  if (p->type != MD_GRAPH_NODE_KERNEL)
    return 1;
  return rt_exec_set(x, node, &p->u.kernel.p);
}

static md_CUresult cu_get(void *node, void *p) {
  params_out(node, p);
  return 0;
}
static md_CUresult cu_set(void *node, const void *p) {
  return fake_write(W_SET, NULL, node, NULL, NULL, p, drv_node_ok(p), 1);
}
static md_CUresult cu_exec_set(void *x, void *node, const void *p) {
  return fake_write(W_EXEC_SET, x, node, NULL, NULL, p, drv_node_ok(p), 1);
}
static md_CUresult cu_add(void **out, void *g, void *const *deps, size_t n,
                          const void *p) {
  (void)deps;
  (void)n;
  return fake_write(W_ADD, NULL, NULL, out, g, p, drv_node_ok(p), 1);
}
static md_CUresult cu_node_set(void *node, md_graph_node_params *p) {
  if (p->type != MD_GRAPH_NODE_KERNEL || p->u.kernel.kern || p->u.kernel.ctx)
    return 1;
  return cu_set(node, &p->u.kernel.p);
}
static md_CUresult cu_exec_node_set(void *x, void *node,
                                    md_graph_node_params *p) {
  if (p->type != MD_GRAPH_NODE_KERNEL || p->u.kernel.kern || p->u.kernel.ctx)
    return 1;
  return cu_exec_set(x, node, &p->u.kernel.p);
}

/* typed views of the driver's node functions, for md_cuda_graph_driver */
static md_CUresult g_get(void *n, md_CUkernel_node_params *p) {
  memset(p, 0, sizeof *p);
  return cu_get(n, &p->p);
}
static md_CUresult g_set(void *n, const md_CUkernel_node_params *p) {
  return cu_set(n, p);
}
static md_CUresult g_exec_set(void *x, void *n,
                              const md_CUkernel_node_params *p) {
  return cu_exec_set(x, n, p);
}
static md_CUresult g_add(void **o, void *g, void *const *d, size_t n,
                         const md_CUkernel_node_params *p) {
  return cu_add(o, g, d, n, p);
}

/* HIP: hipKernelNodeParams, its own field order */
static md_kernel_node_params from_hip(const md_hip_kernel_node_params *h) {
  md_kernel_node_params p;
  memset(&p, 0, sizeof p);
  if (!h)
    return p;
  p.func = h->func;
  p.grid = h->grid;
  p.block = h->block;
  p.shmem = h->shmem;
  p.kernel_params = h->kernel_params;
  p.extra = h->extra;
  return p;
}
static void hparams_out(const gnode *nd, md_hip_kernel_node_params *p) {
  memset(p, 0, sizeof *p);
  p->func = nd->func;
  p->grid = nd->grid;
  p->block = nd->block;
  p->shmem = nd->shmem;
  p->kernel_params = (void **)nd->ptrs;
}
static int h_ok(const md_hip_kernel_node_params *p) {
  return p && p->func && kind_of(p->func) >= 0 && !p->extra;
}
static int h_get(void *node, md_hip_kernel_node_params *p) {
  hparams_out(node, p);
  return 0;
}
static int h_set(void *node, const md_hip_kernel_node_params *p) {
  md_kernel_node_params k = from_hip(p);
  return fake_write(W_SET, NULL, node, NULL, NULL, &k, h_ok(p), 1);
}
static int h_exec_set(void *x, void *node,
                      const md_hip_kernel_node_params *p) {
  md_kernel_node_params k = from_hip(p);
  return fake_write(W_EXEC_SET, x, node, NULL, NULL, &k, h_ok(p), 1);
}
static int h_add(void **out, void *g, void *const *deps, size_t n,
                 const md_hip_kernel_node_params *p) {
  md_kernel_node_params k = from_hip(p);
  (void)deps;
  (void)n;
  return fake_write(W_ADD, NULL, NULL, out, g, &k, h_ok(p), 1);
}
static const void *h_last_fn;
static int h_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                    size_t shmem, void *stream) {
  h_last_fn = fn;
  if (stream == cap_stream && capture) {
    node_add(capture, (void *)fn, grid, block, (unsigned)shmem, args);
    return 0;
  }
  if (kind_of(fn) == 1)
    body_clone(args);
  else
    body_orig(args);
  return 0;
}

/* ---- what the host pass would hand over ---- */

typedef void (*md_voidfn)(void);
#define FN(f) ((md_voidfn)(f))

static md_graph_kernel cuda_kernels[3];
static md_hip_clone hip_clone_a, hip_clone_b, hip_clone_t;
static md_graph_kernel hip_kernels[3];
static md_graph_api api_get, api_set, api_xset, api_add, api_nget, api_nset,
    api_nxset;
static md_graph_api cu_api_get, cu_api_set, cu_api_xset, cu_api_add,
    cu_api_nset, cu_api_nxset;
static md_graph_api h_api_get, h_api_set, h_api_xset, h_api_add;
static const md_cuda_api launch_api = {MD_CUDA_API_VERSION, 0, rt_launch,
                                       fake_gfs};
static const md_hip_api hip_launch_api = {MD_HIP_API_VERSION, 0, h_launch};

static md_graph_api rt_api(md_voidfn call) {
  md_graph_api a = {MD_GRAPH_API_VERSION, 0, call, fake_gfs, cuda_kernels, 3};
  return a;
}
static md_graph_api plain_api(md_voidfn call, const md_graph_kernel *k,
                              uint64_t n) {
  md_graph_api a = {MD_GRAPH_API_VERSION, 0, call, NULL, k, n};
  return a;
}

static void setup(void) {
  md_cuda_driver d = fake_driver();
  md_cuda_graph_driver g;
  desc_k_n = fake_desc(desc_k, k_sizes, 3, 2, MD_KIND_U32, 0, 4, 1);
  fake_add_fn(&mod, &f_a);
  fake_add_fn(&mod, &f_a_c);
  fake_add_fn(&mod, &f_b);
  fake_add_fn(&mod, &f_b_c);
  fake_add_fn(&mod, &f_d);
  fake_add_fn(&mod, &f_d_c);
  fake_add_global(&mod, "ka__magicdiv_desc", desc_k, desc_k_n);
  fake_add_global(&mod, "kb__magicdiv_desc", desc_k, desc_k_n);
  fake_add_global(&mod, "kd__magicdiv_desc", desc_k, desc_k_n);
  fake_add_fn(&mod, &f_t);
  fake_add_fn(&mod, &f_t_c);
  fake_add_global(&mod, "kt__magicdiv_desc", desc_k, desc_k_n);
  d.launch_kernel = drv_launch;
  d.stream_is_capturing = drv_is_capturing;
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  memset(&g, 0, sizeof g);
  g.version = MD_GRAPH_API_VERSION;
  g.kernel_node_get_params = g_get;
  g.kernel_node_set_params = g_set;
  g.exec_kernel_node_set_params = g_exec_set;
  g.add_kernel_node = g_add;
  g.node_set_params = cu_node_set;
  g.exec_node_set_params = cu_exec_node_set;
  EXPECT(md_cuda_set_graph_driver(&g) == MD_OK);
  md_hip_set_stream_is_capturing(hip_is_capturing);
  cuda_kernels[0].handle = &s_a;
  cuda_kernels[0].name = "ka";
  cuda_kernels[1].handle = &s_b;
  cuda_kernels[1].name = "kb";
  cuda_kernels[2].handle = &s_t;
  cuda_kernels[2].name = "kt";
  hip_clone_a.handle = &h_a_c;
  hip_clone_a.desc = desc_k;
  hip_clone_a.desc_size = desc_k_n;
  hip_clone_b = hip_clone_a;
  hip_clone_b.handle = &h_b_c;
  hip_kernels[0].handle = &h_a;
  hip_kernels[0].name = "ha";
  hip_kernels[0].hip_clone = &hip_clone_a;
  hip_kernels[1].handle = &h_b;
  hip_kernels[1].name = "hb";
  hip_kernels[1].hip_clone = &hip_clone_b;
  hip_clone_t = hip_clone_a;
  hip_clone_t.handle = &h_t_c;
  hip_kernels[2].handle = &h_t;
  hip_kernels[2].name = "ht";
  hip_kernels[2].hip_clone = &hip_clone_t;
  api_get = rt_api(FN(rt_get));
  api_set = rt_api(FN(rt_set));
  api_xset = rt_api(FN(rt_exec_set));
  api_add = rt_api(FN(rt_add));
  api_nget = rt_api(FN(rt_node_get));
  api_nset = rt_api(FN(rt_node_set));
  api_nxset = rt_api(FN(rt_exec_node_set));
  cu_api_get = plain_api(FN(cu_get), NULL, 0);
  cu_api_set = plain_api(FN(cu_set), NULL, 0);
  cu_api_xset = plain_api(FN(cu_exec_set), NULL, 0);
  cu_api_add = plain_api(FN(cu_add), NULL, 0);
  cu_api_nset = plain_api(FN(cu_node_set), NULL, 0);
  cu_api_nxset = plain_api(FN(cu_exec_node_set), NULL, 0);
  h_api_get = plain_api(FN(h_get), hip_kernels, 3);
  h_api_set = plain_api(FN(h_set), hip_kernels, 3);
  h_api_xset = plain_api(FN(h_exec_set), hip_kernels, 3);
  h_api_add = plain_api(FN(h_add), hip_kernels, 3);
}

static const md_dim3 grid = {1, 1, 1}, block = {64, 1, 1};
static uint32_t buf0[N_OUT], buf1[N_OUT], buf2[N_OUT], bufx[N_OUT];

/* A node's magic arguments must be those of divisor d. */
static int magic_is(const gnode *nd, uint32_t d) {
  md_u32_magic g;
  md_magic_u32(d, &g);
  return nd->n == 6 && (uint32_t)nd->vals[3] == g.m &&
         (uint32_t)nd->vals[4] == g.a && (uint32_t)nd->vals[5] == g.s;
}

/* ---- CUDA runtime API ---- */

static void test_cuda_rt(void) {
  uint32_t *out = buf0, n = N_OUT, d = 7;
  void *args[3] = {&out, &n, &d};
  md_kernel_node_params p;
  md_graph_node_params gp;
  ggraph *g, *x;
  gnode *nd;
  section("cuda runtime API");
  /* first launch outside capture: the lookup; then capture */
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, NULL, "ka",
                        &launch_api) == 0);
  EXPECT(check_out(buf0, n, 7));
  g = begin_capture();
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, cap_stream, "ka",
                        &launch_api) == 0);
  end_capture();
  nd = &g->nodes[0];
  EXPECT(g->n == 1 && nd->func == &f_a_c && magic_is(nd, 7));
  x = instantiate(g);
  memset(buf0, 0, sizeof buf0);
  graph_run(x);
  EXPECT(check_out(buf0, n, 7) && node_runs_clone == 1);

  /* read back: the original stub, the original arguments */
  EXPECT(md_cudaGraphKernelNodeGetParams(nd, &p, &api_get) == 0);
  EXPECT(p.func == &s_a);
  EXPECT(*(uint32_t **)p.kernel_params[0] == buf0 &&
         *(uint32_t *)p.kernel_params[1] == N_OUT &&
         *(uint32_t *)p.kernel_params[2] == 7);
  EXPECT(p.grid.x == 1 && p.block.x == 64);
  /* a cudart that refuses the clone's node: read through the driver */
  rt_get_refuses = 1;
  memset(&p, 0, sizeof p);
  EXPECT(md_cudaGraphKernelNodeGetParams(nd, &p, &api_get) == 0);
  EXPECT(p.func == &s_a && *(uint32_t *)p.kernel_params[2] == 7);
  rt_get_refuses = 0;

  /* a new divisor in the graph: the clone with the new magic */
  d = 13;
  p.kernel_params = args;
  EXPECT(md_cudaGraphKernelNodeSetParams(nd, &p, &api_set) == 0);
  EXPECT(nd->func == &f_a_c && magic_is(nd, 13));
  EXPECT(md_cudaGraphKernelNodeGetParams(nd, &p, &api_get) == 0);
  EXPECT(p.func == &s_a && *(uint32_t *)p.kernel_params[2] == 13);
  exec_update(x, g); /* cudaGraphExecUpdate */
  graph_run(x);
  EXPECT(check_out(buf0, n, 13));

  /* ... and in the exec graph only */
  d = 5;
  p.kernel_params = args;
  EXPECT(md_cudaGraphExecKernelNodeSetParams(x, nd, &p, &api_xset) == 0);
  EXPECT(x->nodes[0].func == &f_a_c && magic_is(&x->nodes[0], 5));
  graph_run(x);
  EXPECT(check_out(buf0, n, 5));

  /* a divisor the clone cannot take: the original goes in the node */
  d = 0;
  p.kernel_params = args;
  EXPECT(md_cudaGraphExecKernelNodeSetParams(x, nd, &p, &api_xset) == 0);
  EXPECT(x->nodes[0].func == &s_a && x->nodes[0].n == 3);
  graph_run(x);
  EXPECT(check_out(buf0, n, 0));
  /* and back to the clone */
  d = 9;
  EXPECT(md_cudaGraphExecKernelNodeSetParams(x, nd, &p, &api_xset) == 0);
  EXPECT(x->nodes[0].func == &f_a_c && magic_is(&x->nodes[0], 9));
  graph_run(x);
  EXPECT(check_out(buf0, n, 9));

  /* the generic node calls (cudaGraphNodeGetParams / SetParams) */
  EXPECT(md_cudaGraphNodeGetParams(nd, &gp, &api_nget) == 0);
  EXPECT(gp.type == MD_GRAPH_NODE_KERNEL && gp.u.kernel.p.func == &s_a &&
         *(uint32_t *)gp.u.kernel.p.kernel_params[2] == 13);
  d = 11;
  gp.u.kernel.p.kernel_params = args;
  EXPECT(md_cudaGraphNodeSetParams(nd, &gp, &api_nset) == 0);
  EXPECT(nd->func == &f_a_c && magic_is(nd, 11));
  d = 3;
  EXPECT(md_cudaGraphExecNodeSetParams(x, nd, &gp, &api_nxset) == 0);
  EXPECT(x->nodes[0].func == &f_a_c && magic_is(&x->nodes[0], 3));
  graph_run(x);
  EXPECT(check_out(buf0, n, 3));

  /* a clone read past the host pass (its array holds the old magic
   * values) and written back with a new divisor: new magic */
  EXPECT(rt_get(nd, &p) == 0 && p.func == &f_a_c);
  *(uint32_t *)p.kernel_params[2] = 15;
  EXPECT(md_cudaGraphKernelNodeSetParams(nd, &p, &api_set) == 0);
  EXPECT(nd->func == &f_a_c && magic_is(nd, 15));
  EXPECT(rt_get(nd, &p) == 0);
  *(uint32_t *)p.kernel_params[2] = 0; /* ... or the original */
  EXPECT(md_cudaGraphKernelNodeSetParams(nd, &p, &api_set) == 0);
  EXPECT(nd->func == &s_a && nd->n == 3);

  /* packed `extra` arguments: the program's own call, unchanged */
  p.func = &s_a;
  p.extra = (void **)args;
  EXPECT(md_cudaGraphKernelNodeSetParams(nd, &p, &api_set) == 98);
  p.extra = NULL;

  /* re-capture into a new graph, cudaGraphExecUpdate from it */
  d = 17;
  g = begin_capture();
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, cap_stream, "ka",
                        &launch_api) == 0);
  end_capture();
  EXPECT(g->nodes[0].func == &f_a_c && magic_is(&g->nodes[0], 17));
  exec_update(x, g);
  graph_run(x);
  EXPECT(check_out(buf0, n, 17));
}

/* cudaGraphAddKernelNode with the original of a kernel no launch ran yet */
static void test_cuda_add(void) {
  uint32_t *out = buf1, n = N_OUT, d = 6;
  void *args[3] = {&out, &n, &d};
  md_kernel_node_params p;
  ggraph *g, *x;
  void *node = NULL;
  section("cuda add kernel node");
  memset(&graphs[n_graphs], 0, sizeof graphs[0]);
  g = &graphs[n_graphs++];
  memset(&p, 0, sizeof p);
  p.func = &s_b;
  p.grid = grid;
  p.block = block;
  p.kernel_params = args;
  EXPECT(md_cudaGraphAddKernelNode(&node, g, NULL, 0, &p, &api_add) == 0);
  EXPECT(node == &g->nodes[0] && g->nodes[0].func == &f_b_c &&
         magic_is(&g->nodes[0], 6));
  EXPECT(md_cudaGraphKernelNodeGetParams(node, &p, &api_get) == 0);
  EXPECT(p.func == &s_b && *(uint32_t *)p.kernel_params[2] == 6);
  x = instantiate(g);
  graph_run(x);
  EXPECT(check_out(buf1, n, 6));
  /* divisor 0: the original node */
  d = 0;
  p.kernel_params = args;
  EXPECT(md_cudaGraphAddKernelNode(&node, g, NULL, 0, &p, &api_add) == 0);
  EXPECT(g->nodes[1].func == &s_b && g->nodes[1].n == 3);
}

/* llama.cpp: find the copy kernels' nodes by function pointer, point
 * their destination at this step's buffer, update the exec graph. */
static void test_llama(void) {
  uint32_t *out = buf0, n = N_OUT, d = 10, step;
  void *args[3] = {&out, &n, &d};
  uint32_t *dst[3] = {buf0, buf1, buf2};
  md_kernel_node_params params[4];
  ggraph *g, *x;
  int i, found;
  section("llama.cpp pattern");
  g = begin_capture();
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, cap_stream, "ka",
                        &launch_api) == 0);
  d = 21;
  out = bufx; /* the second kernel writes elsewhere */
  EXPECT(md_cuda_launch(&s_b, grid, block, args, 0, cap_stream, "kb",
                        &launch_api) == 0);
  end_capture();
  x = instantiate(g);
  for (i = 0; i < g->n; i++)
    EXPECT(md_cudaGraphKernelNodeGetParams(&g->nodes[i], &params[i],
                                           &api_get) == 0);
  for (step = 0; step < 3; step++) {
    found = 0;
    memset(dst[step], 0, sizeof buf0);
    for (i = 0; i < g->n; i++)
      if (params[i].func == (void *)&s_a) {
        /* the new destination: a pointer the program owns */
        params[i].kernel_params[0] = &dst[step];
        EXPECT(md_cudaGraphExecKernelNodeSetParams(x, &g->nodes[i],
                                                   &params[i],
                                                   &api_xset) == 0);
        found++;
      }
    EXPECT(found == 1);
    graph_run(x);
    EXPECT(check_out(dst[step], n, 10) && check_out(bufx, n, 21));
    EXPECT(x->nodes[0].func == &f_a_c && magic_is(&x->nodes[0], 10));
  }
}

/* ---- CUDA driver API ---- */

static void test_cuda_driver(void) {
  uint32_t *out = buf2, n = N_OUT, d = 19;
  void *args[3] = {&out, &n, &d};
  md_CUkernel_node_params p;
  md_kernel_node_params p1;
  md_graph_node_params gp;
  md_graph_api v1 = cu_api_get;
  ggraph *g, *x;
  void *node = NULL;
  section("cuda driver API");
  /* capture a md_cuLaunchKernel launch (after one outside capture) */
  EXPECT(md_cuLaunchKernel(&f_d, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL,
                           "kd") == 0);
  g = begin_capture();
  EXPECT(md_cuLaunchKernel(&f_d, 1, 1, 1, 64, 1, 1, 0, cap_stream, args,
                           NULL, "kd") == 0);
  end_capture();
  EXPECT(g->nodes[0].func == &f_d_c && magic_is(&g->nodes[0], 19));
  memset(&p, 0xee, sizeof p);
  EXPECT(md_cuGraphKernelNodeGetParams(&g->nodes[0], &p, &cu_api_get) == 0);
  EXPECT(p.p.func == &f_d && *(uint32_t *)p.p.kernel_params[2] == 19);
  /* the runtime-API view of a driver-launched clone: its CUfunction */
  EXPECT(md_cudaGraphKernelNodeGetParams(&g->nodes[0], &p1, &api_get) == 0);
  EXPECT(p1.func == &f_d);
  d = 23;
  p.p.kernel_params = args;
  p.kern = NULL;
  p.ctx = NULL;
  EXPECT(md_cuGraphKernelNodeSetParams(&g->nodes[0], &p, &cu_api_set) == 0);
  EXPECT(g->nodes[0].func == &f_d_c && magic_is(&g->nodes[0], 23));
  x = instantiate(g);
  graph_run(x);
  EXPECT(check_out(buf2, n, 23));
  d = 29;
  EXPECT(md_cuGraphExecKernelNodeSetParams(x, &g->nodes[0], &p,
                                           &cu_api_xset) == 0);
  graph_run(x);
  EXPECT(check_out(buf2, n, 29) && magic_is(&x->nodes[0], 29));
  /* v1 parameters (no kern / ctx) */
  v1.flags = MD_GRAPH_CU_V1;
  v1.call = FN(cu_set);
  d = 31;
  p1 = p.p;
  EXPECT(md_cuGraphKernelNodeSetParams(&g->nodes[0], &p1, &v1) == 0);
  EXPECT(magic_is(&g->nodes[0], 31));
  v1.call = FN(cu_add);
  EXPECT(md_cuGraphAddKernelNode(&node, g, NULL, 0, &p1, &v1) == 0);
  EXPECT(node == &g->nodes[1] && magic_is(&g->nodes[1], 31));
  EXPECT(md_cuGraphAddKernelNode(&node, g, NULL, 0, &p, &cu_api_add) == 0);
  EXPECT(node == &g->nodes[2] && g->nodes[2].func == &f_d_c);
  /* generic node calls */
  memset(&gp, 0, sizeof gp);
  gp.type = MD_GRAPH_NODE_KERNEL;
  gp.u.kernel = p;
  d = 37;
  EXPECT(md_cuGraphNodeSetParams(&g->nodes[0], &gp, &cu_api_nset) == 0);
  EXPECT(magic_is(&g->nodes[0], 37));
  d = 41;
  EXPECT(md_cuGraphExecNodeSetParams(x, &g->nodes[0], &gp, &cu_api_nxset) ==
         0);
  graph_run(x);
  EXPECT(check_out(buf2, n, 41) && magic_is(&x->nodes[0], 41));
}

/* Without the driver's node functions the runtime API keeps originals. */
static void test_no_graph_driver(void) {
  md_cuda_graph_driver g;
  uint32_t *out = buf0, n = N_OUT, d = 8;
  void *args[3] = {&out, &n, &d};
  md_kernel_node_params p;
  ggraph *gr, *x;
  void *node = NULL;
  section("no driver node functions");
  memset(&g, 0, sizeof g);
  g.version = MD_GRAPH_API_VERSION;
  EXPECT(md_cuda_set_graph_driver(&g) == MD_OK);
  g.version = 99;
  EXPECT(md_cuda_set_graph_driver(&g) == MD_ERR_INVALID);
  memset(&graphs[n_graphs], 0, sizeof graphs[0]);
  gr = &graphs[n_graphs++];
  memset(&p, 0, sizeof p);
  p.func = &s_a;
  p.grid = grid;
  p.block = block;
  p.kernel_params = args;
  EXPECT(md_cudaGraphAddKernelNode(&node, gr, NULL, 0, &p, &api_add) == 0);
  EXPECT(node == &gr->nodes[0] && gr->nodes[0].func == &s_a);
  x = instantiate(gr);
  graph_run(x);
  EXPECT(check_out(buf0, n, 8));
  setup(); /* the full tables again */
}

/* MAGICDIV_GRAPHS=original: captured and written nodes hold originals */
static void test_graphs_original(void) {
  uint32_t *out = buf1, n = N_OUT, d = 12;
  void *args[3] = {&out, &n, &d};
  md_kernel_node_params p;
  md_hip_kernel_node_params hp;
  ggraph *g, *x;
  section("MAGICDIV_GRAPHS=original");
  setenv("MAGICDIV_GRAPHS", "original", 1);
  md_launch_reset();
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, NULL, "ka",
                        &launch_api) == 0);
  EXPECT(check_out(buf1, n, 12));
  g = begin_capture();
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, cap_stream, "ka",
                        &launch_api) == 0);
  EXPECT(md_hip_launch(&h_a, grid, block, args, 0, cap_stream, "ha",
                       &hip_launch_api, &hip_clone_a) == 0);
  end_capture();
  EXPECT(g->nodes[0].func == &s_a && g->nodes[1].func == &h_a);
  EXPECT(md_cudaGraphKernelNodeGetParams(&g->nodes[0], &p, &api_get) == 0);
  d = 14;
  p.kernel_params = args;
  EXPECT(md_cudaGraphKernelNodeSetParams(&g->nodes[0], &p, &api_set) == 0);
  EXPECT(g->nodes[0].func == &s_a);
  EXPECT(md_hipGraphKernelNodeGetParams(&g->nodes[1], &hp, &h_api_get) == 0);
  hp.kernel_params = args;
  EXPECT(md_hipGraphKernelNodeSetParams(&g->nodes[1], &hp, &h_api_set) == 0);
  EXPECT(g->nodes[1].func == &h_a);
  x = instantiate(g);
  graph_run(x);
  EXPECT(check_out(buf1, n, 14) && node_runs_orig >= 2);
  /* hipLaunchKernel_spt into the captured per-thread default stream */
  {
    static const md_hip_api spt = {MD_HIP_API_VERSION, MD_API_PER_THREAD,
                                   h_launch};
    spt_capturing = 1;
    EXPECT(md_hip_launch(&h_a, grid, block, args, 0, NULL, "ha", &spt,
                         &hip_clone_a) == 0 &&
           h_last_fn == &h_a);
    spt_capturing = 0;
    EXPECT(md_hip_launch(&h_a, grid, block, args, 0, NULL, "ha", &spt,
                         &hip_clone_a) == 0 &&
           h_last_fn == &h_a_c);
  }
  /* outside capture the clone still runs */
  EXPECT(md_cuda_launch(&s_a, grid, block, args, 0, NULL, "ka",
                        &launch_api) == 0);
  unsetenv("MAGICDIV_GRAPHS");
  md_launch_reset();
}

/* ---- HIP ---- */

static void test_hip(void) {
  uint32_t *out = buf0, n = N_OUT, d = 7, step;
  void *args[3] = {&out, &n, &d};
  uint32_t *dst[3] = {buf0, buf1, buf2};
  md_hip_kernel_node_params p, q;
  ggraph *g, *x;
  void *node = NULL;
  section("hip");
  EXPECT(md_hip_launch(&h_a, grid, block, args, 0, NULL, "ha",
                       &hip_launch_api, &hip_clone_a) == 0);
  EXPECT(check_out(buf0, n, 7));
  g = begin_capture();
  EXPECT(md_hip_launch(&h_a, grid, block, args, 0, cap_stream, "ha",
                       &hip_launch_api, &hip_clone_a) == 0);
  end_capture();
  EXPECT(g->nodes[0].func == &h_a_c && magic_is(&g->nodes[0], 7));
  EXPECT(md_hipGraphKernelNodeGetParams(&g->nodes[0], &p, &h_api_get) == 0);
  EXPECT(p.func == &h_a && *(uint32_t *)p.kernel_params[2] == 7 &&
         p.block.x == 64);
  d = 13;
  p.kernel_params = args;
  EXPECT(md_hipGraphKernelNodeSetParams(&g->nodes[0], &p, &h_api_set) == 0);
  EXPECT(g->nodes[0].func == &h_a_c && magic_is(&g->nodes[0], 13));
  /* a clone read past the host pass, written back with a new divisor */
  EXPECT(h_get(&g->nodes[0], &q) == 0 && q.func == &h_a_c);
  *(uint32_t *)q.kernel_params[2] = 11;
  EXPECT(md_hipGraphKernelNodeSetParams(&g->nodes[0], &q, &h_api_set) == 0);
  EXPECT(g->nodes[0].func == &h_a_c && magic_is(&g->nodes[0], 11));
  EXPECT(md_hipGraphKernelNodeSetParams(&g->nodes[0], &p, &h_api_set) == 0);
  x = instantiate(g);
  graph_run(x);
  EXPECT(check_out(buf0, n, 13));
  d = 0;
  EXPECT(md_hipGraphExecKernelNodeSetParams(x, &g->nodes[0], &p,
                                            &h_api_xset) == 0);
  EXPECT(x->nodes[0].func == &h_a);
  graph_run(x);
  EXPECT(check_out(buf0, n, 0));
  /* add with the original of a kernel never launched: the clone */
  d = 5;
  memset(&q, 0, sizeof q);
  q.func = &h_b;
  q.grid = grid;
  q.block = block;
  q.kernel_params = args;
  EXPECT(md_hipGraphAddKernelNode(&node, g, NULL, 0, &q, &h_api_add) == 0);
  EXPECT(node == &g->nodes[1] && g->nodes[1].func == &h_b_c &&
         magic_is(&g->nodes[1], 5));
  /* llama.cpp pattern */
  d = 9;
  EXPECT(md_hipGraphExecKernelNodeSetParams(x, &g->nodes[0], &p,
                                            &h_api_xset) == 0);
  exec_update(x, g);
  EXPECT(md_hipGraphKernelNodeGetParams(&g->nodes[0], &p, &h_api_get) == 0);
  EXPECT(p.func == &h_a);
  EXPECT(md_hipGraphKernelNodeGetParams(&g->nodes[1], &q, &h_api_get) == 0);
  EXPECT(q.func == &h_b);
  for (step = 0; step < 3; step++) {
    memset(dst[step], 0, sizeof buf0);
    p.kernel_params[0] = &dst[step];
    p.kernel_params[2] = &d;
    EXPECT(md_hipGraphExecKernelNodeSetParams(x, &g->nodes[0], &p,
                                              &h_api_xset) == 0);
    x->n = 1; /* run only the patched node */
    graph_run(x);
    x->n = 2;
    EXPECT(check_out(dst[step], n, 9) && x->nodes[0].func == &h_a_c);
  }
}

/* ---- threads: kernels first seen by concurrent graph calls ---- */

#define N_THREADS 4
#define N_ITERS 200
static ggraph tgraphs[N_THREADS][2];
static atomic_int tbad;

static void *thread_main(void *argp) {
  int t = (int)(intptr_t)argp, it;
  ggraph *gc = &tgraphs[t][0], *gh = &tgraphs[t][1];
  uint32_t out[N_OUT], *po = out, n = N_OUT, d;
  void *args[3] = {&po, &n, &d};
  md_kernel_node_params p;
  md_hip_kernel_node_params hp;
  void *node;
  memset(&p, 0, sizeof p);
  p.func = &s_t;
  p.grid = grid;
  p.block = block;
  p.kernel_params = args;
  memset(&hp, 0, sizeof hp);
  hp.func = &h_t;
  hp.grid = grid;
  hp.block = block;
  hp.kernel_params = args;
  d = 3 + (uint32_t)t;
  if (md_cudaGraphAddKernelNode(&node, gc, NULL, 0, &p, &api_add) != 0 ||
      md_hipGraphAddKernelNode(&node, gh, NULL, 0, &hp, &h_api_add) != 0)
    atomic_fetch_add(&tbad, 1);
  for (it = 0; it < N_ITERS; it++) {
    md_kernel_node_params r;
    md_hip_kernel_node_params hr;
    d = 1 + (uint32_t)(it * 7 + t) % 1000;
    p.kernel_params = args;
    hp.kernel_params = args;
    if (md_cudaGraphKernelNodeSetParams(&gc->nodes[0], &p, &api_set) != 0 ||
        md_hipGraphKernelNodeSetParams(&gh->nodes[0], &hp, &h_api_set) != 0 ||
        md_cudaGraphKernelNodeGetParams(&gc->nodes[0], &r, &api_get) != 0 ||
        md_hipGraphKernelNodeGetParams(&gh->nodes[0], &hr, &h_api_get) != 0 ||
        r.func != &s_t || hr.func != &h_t ||
        *(uint32_t *)r.kernel_params[2] != d ||
        !magic_is(&gc->nodes[0], d) || !magic_is(&gh->nodes[0], d))
      atomic_fetch_add(&tbad, 1);
  }
  return NULL;
}

static void test_threads(void) {
  pthread_t th[N_THREADS];
  int t;
  section("threads");
  memset(tgraphs, 0, sizeof tgraphs);
  for (t = 0; t < N_THREADS; t++)
    EXPECT(pthread_create(&th[t], NULL, thread_main, (void *)(intptr_t)t) ==
           0);
  for (t = 0; t < N_THREADS; t++)
    pthread_join(th[t], NULL);
  EXPECT(atomic_load(&tbad) == 0);
}

int main(void) {
  setup();
  test_threads();
  test_cuda_rt();
  test_cuda_add();
  test_llama();
  test_cuda_driver();
  test_no_graph_driver();
  test_graphs_original();
  test_hip();
  EXPECT(fake_bad == 0);
  md_launch_release();
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
