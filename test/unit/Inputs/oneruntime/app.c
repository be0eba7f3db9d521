/*
 * app.c -- one runtime state per process across images
 * (test/unit/oneruntime.test), against a FAKE driver, cudart and graph
 * world (test_launch_fake.h plus the few calls below).  The kernel
 * computes out[i] = x(i) / d; its clone the same from the magic numbers
 * only, so a node with stale magic gives wrong numbers.
 *
 *   app link           this executable and libpeer.so (linked) each carry
 *                      a copy of the runtime
 *   app dlopen LIB     this executable carries one; LIB (dlopen, local)
 *   app plain A B      built without the plugin: A and B (dlopen) carry
 *                      theirs; A is closed before B's last calls
 *   app threads LIB    4 threads launch through this executable's copy
 *                      while LIB is dlopen'ed, and launch through it
 *
 * In each, one image captures a launch into a graph and the other reads
 * the node back (the original kernel, the original arguments), writes a
 * new divisor into it (the clone with the new magic) and the graph runs
 * right; then the other way round.  MAGICDIV_RUNTIME=per-image: each
 * copy keeps its own state and the reader sees the clone.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oneruntime.h"
#include "test_expect.h"
#include "test_launch_fake.h"

#ifndef APP_NO_RUNTIME
#define OR_OPS_NAME or_self_ops
#include "peer.c"
const or_ops *or_peer_ops(void);
#endif

#define N_OUT 64
static uint32_t x_of(uint32_t i) { return i * 2654435761u + 12345u; }

static void body_orig(void **a) {
  uint32_t *out = *(uint32_t **)a[0], n = *(uint32_t *)a[1],
           d = *(uint32_t *)a[2];
  for (uint32_t i = 0; i < n && i < N_OUT; i++)
    out[i] = d ? x_of(i) / d : 0xffffffffu;
}

static void body_clone(void **a) {
  uint32_t *out = *(uint32_t **)a[0], n = *(uint32_t *)a[1];
  md_u32_magic g = {*(uint32_t *)a[3], *(uint32_t *)a[4], *(uint32_t *)a[5]};
  for (uint32_t i = 0; i < n && i < N_OUT; i++)
    out[i] = md_eval_u32(x_of(i), &g);
}

static int check_out(const uint32_t *out, uint32_t d) {
  for (uint32_t i = 0; i < N_OUT; i++)
    if (out[i] != (d ? x_of(i) / d : 0xffffffffu))
      return 0;
  return 1;
}

/* ---- the fake world: one kernel ka with its clone ---- */

static const uint32_t k_sizes[3] = {8, 4, 4}, c_sizes[6] = {8, 4, 4, 4, 4, 4};
static unsigned char desc_k[128];
static fake_mod mod;
static fake_fn f_a = {"ka", NULL, 3, -1, 0, 0, NULL};
static fake_fn f_a_c = {"ka__magicdiv", NULL, 6, 2, 0, 0, NULL};
static char s_a; /* the host stub */

typedef struct gnode {
  void *func;
  int n;
  uint64_t vals[8];
  void *ptrs[8];
} gnode;
static gnode nodes[16];
static int n_nodes, capturing;
static void *const cap_stream = (void *)(uintptr_t)0x5100;

static void node_write(gnode *nd, void *func, void **args) {
  int clone = func == &f_a_c;
  const uint32_t *sz = clone ? c_sizes : k_sizes;
  uint64_t v[8] = {0}; /* args may point into the node itself */
  nd->n = clone ? 6 : 3;
  for (int i = 0; i < nd->n; i++)
    memcpy(&v[i], args[i], sz[i]);
  nd->func = func;
  for (int i = 0; i < nd->n; i++) {
    nd->vals[i] = v[i];
    nd->ptrs[i] = &nd->vals[i];
  }
}

static void graph_run(void) {
  for (int i = 0; i < n_nodes; i++)
    (nodes[i].func == &f_a_c ? body_clone : body_orig)(nodes[i].ptrs);
}

static int rt_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                     size_t shmem, void *stream) {
  (void)grid, (void)block, (void)shmem;
  if (stream == cap_stream && capturing)
    node_write(&nodes[n_nodes++], (void *)fn, args);
  else
    body_orig(args);
  return 0;
}

static md_CUresult drv_launch(md_CUfunction f, unsigned gx, unsigned gy,
                              unsigned gz, unsigned bx, unsigned by,
                              unsigned bz, unsigned shmem, md_CUstream s,
                              void **params, void **extra) {
  (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz, (void)shmem;
  (void)extra;
  if (s == cap_stream && capturing)
    node_write(&nodes[n_nodes++], f, params);
  else
    (f == &f_a_c ? body_clone : body_orig)(params);
  return 0;
}

static md_CUresult drv_is_capturing(md_CUstream s, int *status) {
  *status = s == cap_stream && capturing;
  return 0;
}

static int rt_gfs(md_CUfunction *f, const void *stub) {
  if (!fake_cur_ctx)
    fake_cur_ctx = fake_default_ctx;
  if (stub != &s_a)
    return FAKE_CUDART_INVALID_DEVICE_FUNCTION;
  *f = &f_a;
  return 0;
}

static void params_out(gnode *nd, md_kernel_node_params *p) {
  memset(p, 0, sizeof *p);
  p->func = nd->func;
  p->grid.x = p->grid.y = p->grid.z = 1;
  p->block.x = 64;
  p->block.y = p->block.z = 1;
  p->kernel_params = nd->ptrs;
}

static int rt_get(void *node, md_kernel_node_params *p) {
  params_out(node, p);
  return 0;
}
/* cudart takes its own symbols only: a clone goes through the driver */
static int rt_set(void *node, const md_kernel_node_params *p) {
  if (p->func != &s_a || p->extra)
    return 98;
  node_write(node, p->func, p->kernel_params);
  return 0;
}
static md_CUresult g_get(void *node, md_CUkernel_node_params *q) {
  memset(q, 0, sizeof *q);
  params_out(node, &q->p);
  return 0;
}
static md_CUresult g_set(void *node, const md_CUkernel_node_params *q) {
  if (q->p.func != &f_a && q->p.func != &f_a_c)
    return 1;
  node_write(node, q->p.func, q->p.kernel_params);
  return 0;
}

static const or_cudart cudart = {rt_launch, rt_gfs, rt_get, rt_set};

/* ---- the scenarios ---- */

static uint32_t out[N_OUT];

static void setup(const or_ops *o) {
  md_cuda_driver d;
  md_cuda_graph_driver g;
  size_t n = fake_desc(desc_k, k_sizes, 3, 2, MD_KIND_U32, 0, 4, 1);
  if (mod.n_fns == 0) {
    fake_add_fn(&mod, &f_a);
    fake_add_fn(&mod, &f_a_c);
    fake_add_global(&mod, "ka__magicdiv_desc", desc_k, n);
  }
  memset(&d, 0, sizeof d);
  d.version = 1;
  d.ctx_get_current = fake_ctx_get_current;
  d.func_get_module = fake_func_get_module;
  d.func_get_name = fake_func_get_name;
  d.module_get_function = fake_module_get_function;
  d.module_get_global = fake_module_get_global;
  d.memcpy_dtoh = fake_memcpy_dtoh;
  d.stream_is_capturing = drv_is_capturing;
  d.launch_kernel = drv_launch;
  EXPECT(o->set_driver(&d) == MD_OK);
  memset(&g, 0, sizeof g);
  g.version = MD_GRAPH_API_VERSION;
  g.kernel_node_get_params = g_get;
  g.kernel_node_set_params = g_set;
  EXPECT(o->set_graph_driver(&g) == MD_OK);
}

/* Node nd runs the clone with the magic of divisor d. */
static int clone_is(const or_ops *o, const gnode *nd, uint32_t d) {
  md_u32_magic g;
  return nd->func == &f_a_c && o->magic(d, &g) == MD_OK &&
         (uint32_t)nd->vals[3] == g.m && (uint32_t)nd->vals[4] == g.a &&
         (uint32_t)nd->vals[5] == g.s && (uint32_t)nd->vals[2] == d;
}

/* One launch of ka with divisor d through o, captured when cap. */
static void launch(const or_ops *o, uint32_t d, int cap) {
  uint32_t *p = out, n = N_OUT;
  void *args[3] = {&p, &n, &d};
  capturing = cap;
  EXPECT(o->launch(&s_a, "ka", args, cap ? cap_stream : NULL) == 0);
  capturing = 0;
}

static const char *what(const void *func) {
  return func == &s_a ? "the original" : func == &f_a_c ? "the clone" : "?";
}

/* Writer w captures a launch, reader r reads the node back, writes a new
 * divisor into it, and the graph runs.  1 if r read the original. */
static int capture_read(const char *wn, const or_ops *w, const char *rn,
                         const or_ops *r, uint32_t d, uint32_t d2) {
  md_kernel_node_params p;
  uint32_t *o = out, n = N_OUT;
  void *args[3] = {&o, &n, &d2};
  n_nodes = 0;
  launch(w, d, 1);
  EXPECT(n_nodes == 1 && clone_is(w, &nodes[0], d));
  EXPECT(r->get(&nodes[0], &p) == 0);
  fprintf(stderr, "%s captured, %s reads %s\n", wn, rn, what(p.func));
  if (p.func != &s_a)
    return 0; /* MAGICDIV_RUNTIME=per-image: the test ends here */
  EXPECT(*(uint32_t **)p.kernel_params[0] == out &&
         *(uint32_t *)p.kernel_params[1] == N_OUT &&
         *(uint32_t *)p.kernel_params[2] == d);
  p.kernel_params = args; /* a new divisor: the clone with its magic */
  EXPECT(r->set(&nodes[0], &p) == 0);
  EXPECT(clone_is(r, &nodes[0], d2));
  memset(out, 0, sizeof out);
  graph_run();
  EXPECT(check_out(out, d2));
  d2 = 0; /* a divisor the clone cannot take: the original */
  EXPECT(r->set(&nodes[0], &p) == 0);
  EXPECT(nodes[0].func == &s_a && nodes[0].n == 3);
  graph_run();
  EXPECT(check_out(out, 0));
  EXPECT(w->get(&nodes[0], &p) == 0 && p.func == &s_a);
  return 1;
}

static void pair(const char *an, const or_ops *a, const char *bn,
                 const or_ops *b) {
  section("capture and read back across images");
  setup(a);
  launch(a, 7, 0); /* the first launch: the kernel's lookup */
  EXPECT(check_out(out, 7));
  if (!capture_read(an, a, bn, b, 7, 13))
    return;
  capture_read(bn, b, an, a, 9, 5);
  launch(b, 11, 0);
  EXPECT(check_out(out, 11));
}

static const or_ops *open_ops(const char *path, void **h) {
  *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  or_ops_fn f = *h ? (or_ops_fn)dlsym(*h, "or_peer_ops") : NULL;
  if (!f) {
    fprintf(stderr, "FAIL dlopen %s: %s\n", path, dlerror());
    return NULL;
  }
  f()->bind(&cudart);
  return f();
}

static int still_loaded(const char *path) {
  void *h = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
  if (h)
    dlclose(h);
  return h != NULL;
}

#ifndef APP_NO_RUNTIME
static atomic_int wrong;

/* Launches of ka with divisor d through o, each checked, on a buffer of
 * the caller's own (no shared state of the test). */
static void launches(const or_ops *o, uint32_t d, int n) {
  uint32_t buf[N_OUT], *p = buf, k = N_OUT;
  void *args[3] = {&p, &k, &d};
  for (int i = 0; i < n; i++) {
    memset(buf, 0, sizeof buf);
    if (o->launch(&s_a, "ka", args, NULL) != 0 || !check_out(buf, d))
      atomic_fetch_add(&wrong, 1);
  }
}

static void *spin(void *arg) {
  launches(or_self_ops(), (uint32_t)(uintptr_t)arg, 3000);
  return NULL;
}

/* Threads launch through the executable's copy while a library whose
 * copy forwards to it is loaded, and then launched through too. */
static void threads(const char *path) {
  pthread_t t[4];
  void *h;
  section("threads while a copy is loaded");
  setup(or_self_ops());
  launch(or_self_ops(), 7, 0);
  for (uintptr_t i = 0; i < 4; i++)
    EXPECT(pthread_create(&t[i], NULL, spin, (void *)(i * 6 + 3)) == 0);
  const or_ops *b = open_ops(path, &h);
  if (b)
    launches(b, 11, 3000);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  EXPECT(b && atomic_load(&wrong) == 0);
}
#endif


int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  void *ha = NULL, *hb = NULL;
  const or_ops *a = NULL, *b = NULL;
#ifndef APP_NO_RUNTIME
  or_self_ops()->bind(&cudart);
  or_peer_ops()->bind(&cudart);
  if (strcmp(mode, "link") == 0)
    pair("app", or_self_ops(), "libpeer", or_peer_ops());
  if (strcmp(mode, "dlopen") == 0 && argc > 2 && (b = open_ops(argv[2], &hb))) {
    pair("app", or_self_ops(), "dlopened", b);
    dlclose(hb);
    section("after dlclose");
    EXPECT(still_loaded(argv[2]));
    capture_read("app", or_self_ops(), "dlopened", b, 3, 21);
  }
  if (strcmp(mode, "threads") == 0 && argc > 2)
    threads(argv[2]);
#endif
  if (strcmp(mode, "plain") == 0 && argc > 3 && (a = open_ops(argv[2], &ha)) &&
      (b = open_ops(argv[3], &hb))) {
    pair("A", a, "B", b);
    dlclose(ha);
    section("after dlclose of A");
    EXPECT(still_loaded(argv[2]));
    capture_read("B", b, "B", b, 3, 21);
  }
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK", failures);
  return failures != 0;
}
