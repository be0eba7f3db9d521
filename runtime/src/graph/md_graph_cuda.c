/*
 * md_graph_cuda.c -- CUDA graph kernel nodes that stay transparent: the
 * md_cudaGraph* (runtime API) and md_cuGraph* (driver API) functions the
 * host pass puts in place of the program's calls that read, write or add
 * kernel nodes (md_graph.h, docs/LAUNCH.md "Graphs").
 *
 * Reading (…GetParams): the program's own call (where cudart refuses a
 * node running a CUfunction it did not register: the driver's), then a
 * clone in the node is replaced by its original (md_graph_map.c).  The kernelParams array
 * is the driver's: the clone's arguments start with the original's, so
 * the first n entries are the node's original arguments.
 *
 * Writing and adding (…SetParams, …AddKernelNode, the generic …Node…
 * calls for kernel nodes) with an original function: the kernel's cache
 * entry (made here if no launch made it yet) and md_clone_args_make decide
 * exactly as for a launch with these arguments and dimensions, and the
 * measured choice's decision for them, where it has one, is followed
 * (md_choice_node: never a trial).  A clone
 * is a CUfunction, so for the runtime API the node is written through the
 * driver's twin (cudaGraphNode_t is a CUgraphNode); the driver API takes
 * the program's own call with the clone.  Any failure on the way, and
 * MAGICDIV_DISABLE=1 / MAGICDIV_GRAPHS=original, writes the program's own
 * parameters with its own call.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "magicdiv/md_graph.h"
#include "graph/md_graph_internal.h"

#define MD_CUDART_INVALID_VALUE 1
#define MD_CUDA_ERROR_INVALID_VALUE 1

/* ---- the driver's node functions (runtime-API nodes) ---- */

static md_cuda_graph_driver md_gd_lib, md_gd_user;
static pthread_once_t md_gd_once = PTHREAD_ONCE_INIT;
static _Atomic(const md_cuda_graph_driver *) md_gd_override;

#define MD_GSYM(field, sym)                                                    \
  do {                                                                         \
    void *p_ = dlsym(h, sym);                                                  \
    memcpy(&md_gd_lib.field, &p_, sizeof p_);                                  \
  } while (0)

static void md_gd_load(void) {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return;
  md_gd_lib.version = MD_GRAPH_API_VERSION;
  MD_GSYM(kernel_node_get_params, "cuGraphKernelNodeGetParams_v2");
  MD_GSYM(kernel_node_set_params, "cuGraphKernelNodeSetParams_v2");
  MD_GSYM(exec_kernel_node_set_params, "cuGraphExecKernelNodeSetParams_v2");
  MD_GSYM(add_kernel_node, "cuGraphAddKernelNode_v2");
  MD_GSYM(node_set_params, "cuGraphNodeSetParams");
  MD_GSYM(exec_node_set_params, "cuGraphExecNodeSetParams");
}

static const md_cuda_graph_driver *md_gd(void) {
  const md_cuda_graph_driver *g =
      atomic_load_explicit(&md_gd_override, memory_order_acquire);
  if (g)
    return g;
  pthread_once(&md_gd_once, md_gd_load);
  return &md_gd_lib;
}

int md_cuda_set_graph_driver(const md_cuda_graph_driver *drv) {
  if (drv && drv->version != MD_GRAPH_API_VERSION)
    return MD_ERR_INVALID;
  if (drv) {
    md_gd_user = *drv;
    atomic_store_explicit(&md_gd_override, &md_gd_user, memory_order_release);
  } else {
    atomic_store_explicit(&md_gd_override, NULL, memory_order_release);
  }
  return MD_OK;
}

/* ---- shared ---- */

static const char *md_kernel_name(const md_graph_api *api, const void *h) {
  uint64_t i;
  if (!api || !api->kernels)
    return NULL;
  for (i = 0; i < api->n_kernels; i++)
    if (api->kernels[i].handle == h)
      return api->kernels[i].name;
  return NULL;
}

/* A clone in *func becomes its original: the runtime-API handle for
 * runtime-API calls (rt) where one is known, else the CUfunction. */
static void md_back(void **func, int rt) {
  const void *o_rt = NULL, *o_drv = NULL;
  if (!func || !md_graph_original(*func, &o_rt, &o_drv))
    return;
  if (rt && o_rt)
    *func = (void *)o_rt;
  else if (o_drv)
    *func = (void *)o_drv;
}

static int md_is_clone(const void *func) {
  const void *o_rt, *o_drv;
  return md_graph_original(func, &o_rt, &o_drv);
}

/* Whether node parameters p (func: an original) run a clone: 1 with the
 * clone in *clone and its arguments in ca (md_clone_args_free after), 0:
 * the node keeps p as it is. */
static int md_node_clone(const md_graph_api *api, int rt,
                         const md_kernel_node_params *p, md_clone_args *ca,
                         void **clone) {
  const md_cuda_driver *d;
  const md_entry *e;
  md_dims dims;
  if (!p || !p->func || p->extra || !api)
    return 0;
  if (md_env_disabled() || md_env_graphs_original())
    return 0;
  if (!(d = md_cuda_driver_get()) || (rt && !api->get_func_by_symbol))
    return 0;
  e = md_cuda_entry(d, p->func, rt ? api->get_func_by_symbol : NULL,
                    md_kernel_name(api, p->func));
  if (!e || e->status != MD_OK)
    return 0;
  dims = md_launch_dims_of(p->grid, p->block);
  if (md_clone_args_make(e, p->kernel_params, &dims, ca) != MD_OK ||
      md_choice_node(e, ca->tier, p->grid)) { /* the original kept */
    md_clone_args_free(ca);
    return 0;
  }
  *clone = ca->fn; /* the ranged, plain or pow2 clone */
  return 1;
}

/* Kernel-node parameters p (func: an original) with the clone and its
 * arguments in q (1; md_clone_args_free(ca) after), or 0: p stays.  p is
 * md_kernel_node_params for the runtime API (rt) and the v1 driver call,
 * md_CUkernel_node_params for the v2 one. */
static int md_kernel_clone(const md_graph_api *api, int rt, const void *p,
                           md_CUkernel_node_params *q, md_clone_args *ca) {
  void *clone;
  if (!p || !md_node_clone(api, rt, p, ca, &clone))
    return 0;
  memset(q, 0, sizeof *q);
  if (rt || (api->flags & MD_GRAPH_CU_V1))
    memcpy(&q->p, p, sizeof q->p);
  else
    memcpy(q, p, sizeof *q);
  q->p.func = clone;
  q->p.kernel_params = ca->args;
  return 1;
}

typedef int (*md_rt_set_fn)(void *, const md_kernel_node_params *);
typedef int (*md_rt_exec_set_fn)(void *, void *,
                                 const md_kernel_node_params *);
typedef int (*md_rt_add_fn)(void **, void *, void *const *, size_t,
                            const md_kernel_node_params *);
typedef md_CUresult (*md_cu_set_fn)(void *, const void *);
typedef md_CUresult (*md_cu_exec_set_fn)(void *, void *, const void *);
typedef md_CUresult (*md_cu_add_fn)(void **, void *, void *const *, size_t,
                                    const void *);
typedef int (*md_node_set_fn)(void *, md_graph_node_params *);
typedef int (*md_node_exec_set_fn)(void *, void *, md_graph_node_params *);

#define MD_CALL(type, api) ((type)(api)->call)

/* c through the program's runtime-API function. */
static int md_rt_call(const md_node_call *c, const md_graph_api *api,
                      const md_kernel_node_params *p) {
  switch (c->op) {
  case MD_NODE_SET:
    return MD_CALL(md_rt_set_fn, api)(c->node, p);
  case MD_NODE_EXEC_SET:
    return MD_CALL(md_rt_exec_set_fn, api)(c->exec, c->node, p);
  default:
    return MD_CALL(md_rt_add_fn, api)(c->out, c->graph, c->deps, c->n_deps,
                                      p);
  }
}

/* c through the program's driver-API function. */
static md_CUresult md_cu_call(const md_node_call *c, const md_graph_api *api,
                              const void *p) {
  switch (c->op) {
  case MD_NODE_SET:
    return MD_CALL(md_cu_set_fn, api)(c->node, p);
  case MD_NODE_EXEC_SET:
    return MD_CALL(md_cu_exec_set_fn, api)(c->exec, c->node, p);
  default:
    return MD_CALL(md_cu_add_fn, api)(c->out, c->graph, c->deps, c->n_deps,
                                      p);
  }
}

/* c through the driver's twin (a runtime-API node getting a clone); -1
 * where the driver lacks it. */
static md_CUresult md_gd_call(const md_node_call *c,
                              const md_CUkernel_node_params *q) {
  const md_cuda_graph_driver *g = md_gd();
  switch (c->op) {
  case MD_NODE_SET:
    return g->kernel_node_set_params ? g->kernel_node_set_params(c->node, q)
                                     : -1;
  case MD_NODE_EXEC_SET:
    return g->exec_kernel_node_set_params
               ? g->exec_kernel_node_set_params(c->exec, c->node, q)
               : -1;
  default:
    return g->add_kernel_node
               ? g->add_kernel_node(c->out, c->graph, c->deps, c->n_deps, q)
               : -1;
  }
}

/* Write (or add) a kernel node: with the clone where a launch with these
 * arguments would run it and the call takes it, else with the program's
 * own parameters and call. */
static int md_kernel_write(const md_node_call *c, int rt, const void *p,
                           const md_graph_api *api) {
  md_CUkernel_node_params q, own;
  md_clone_args ca;
  if (!api || !api->call)
    return MD_CUDART_INVALID_VALUE; /* = CUDA_ERROR_INVALID_VALUE */
  if (p && md_is_clone(((const md_kernel_node_params *)p)->func)) {
    /* a clone's function read past the host pass (with the array that
     * holds its old magic values): as if the original were written */
    size_t n = rt || (api->flags & MD_GRAPH_CU_V1) ? sizeof own.p : sizeof own;
    memset(&own, 0, sizeof own);
    memcpy(&own, p, n);
    md_back(&own.p.func, rt);
    p = &own;
  }
  if (md_kernel_clone(api, rt, p, &q, &ca)) {
    int r = rt ? md_gd_call(c, &q) : md_cu_call(c, api, &q);
    md_clone_args_free(&ca);
    if (r == 0)
      return 0;
  }
  return rt ? md_rt_call(c, api, p) : md_cu_call(c, api, p);
}

/* The same for the generic node calls (c->op: set or exec set): a kernel
 * node's clone goes in through the driver (rt) or the program's call. */
static int md_generic_write(const md_node_call *c, int rt,
                            md_graph_node_params *p,
                            const md_graph_api *api) {
  const md_cuda_graph_driver *g = md_gd();
  md_node_set_fn set, cset;
  md_node_exec_set_fn xset, cxset;
  md_graph_node_params q, own;
  md_CUkernel_node_params qk;
  md_clone_args ca;
  if (!api || !api->call)
    return MD_CUDART_INVALID_VALUE;
  if (p && p->type == MD_GRAPH_NODE_KERNEL && md_is_clone(p->u.kernel.p.func)) {
    own = *p; /* a clone read past the host pass: as its original */
    md_back(&own.u.kernel.p.func, rt);
    p = &own;
  }
  set = MD_CALL(md_node_set_fn, api);
  xset = MD_CALL(md_node_exec_set_fn, api);
  cset = rt ? g->node_set_params : set;
  cxset = rt ? g->exec_node_set_params : xset;
  if (p && p->type == MD_GRAPH_NODE_KERNEL &&
      md_kernel_clone(api, rt, &p->u.kernel, &qk, &ca)) {
    int r = -1;
    q = *p;
    q.u.kernel = qk; /* kern, ctx: zero (for the runtime API: padding) */
    if (c->op == MD_NODE_SET && cset)
      r = cset(c->node, &q);
    else if (c->op == MD_NODE_EXEC_SET && cxset)
      r = cxset(c->exec, c->node, &q);
    md_clone_args_free(&ca);
    if (r == 0)
      return 0;
  }
  return c->op == MD_NODE_SET ? set(c->node, p) : xset(c->exec, c->node, p);
}

/* ---- runtime API ---- */

typedef int (*md_rt_get_fn)(void *, md_kernel_node_params *);
typedef int (*md_node_get_fn)(void *, md_graph_node_params *);
typedef md_CUresult (*md_cu_get_fn)(void *, void *);

int md_cudaGraphKernelNodeGetParams(void *node, md_kernel_node_params *p,
                                    const md_graph_api *api) {
  int r;
  if (!api || !api->call)
    return MD_CUDART_INVALID_VALUE;
  r = MD_CALL(md_rt_get_fn, api)(node, p);
  if (r != 0 && p) { /* cudart may not map the clone's CUfunction back */
    const md_cuda_graph_driver *g = md_gd();
    const void *o_rt, *o_drv;
    md_CUkernel_node_params q;
    if (g->kernel_node_get_params &&
        g->kernel_node_get_params(node, &q) == 0 &&
        md_graph_original(q.p.func, &o_rt, &o_drv) && o_rt) {
      *p = q.p;
      r = 0;
    }
  }
  if (r == 0 && p)
    md_back(&p->func, 1);
  return r;
}

int md_cudaGraphKernelNodeSetParams(void *node,
                                    const md_kernel_node_params *p,
                                    const md_graph_api *api) {
  md_node_call c = {MD_NODE_SET, NULL, node, NULL, NULL, NULL, 0};
  return md_kernel_write(&c, 1, p, api);
}

int md_cudaGraphExecKernelNodeSetParams(void *exec, void *node,
                                        const md_kernel_node_params *p,
                                        const md_graph_api *api) {
  md_node_call c = {MD_NODE_EXEC_SET, exec, node, NULL, NULL, NULL, 0};
  return md_kernel_write(&c, 1, p, api);
}

int md_cudaGraphAddKernelNode(void **node, void *graph, void *const *deps,
                              size_t n_deps, const md_kernel_node_params *p,
                              const md_graph_api *api) {
  md_node_call c = {MD_NODE_ADD, NULL, NULL, node, graph, deps, n_deps};
  return md_kernel_write(&c, 1, p, api);
}

int md_cudaGraphNodeGetParams(void *node, md_graph_node_params *p,
                              const md_graph_api *api) {
  int r;
  if (!api || !api->call)
    return MD_CUDART_INVALID_VALUE;
  r = MD_CALL(md_node_get_fn, api)(node, p);
  if (r == 0 && p && p->type == MD_GRAPH_NODE_KERNEL)
    md_back(&p->u.kernel.p.func, 1);
  return r;
}

int md_cudaGraphNodeSetParams(void *node, md_graph_node_params *p,
                              const md_graph_api *api) {
  md_node_call c = {MD_NODE_SET, NULL, node, NULL, NULL, NULL, 0};
  return md_generic_write(&c, 1, p, api);
}

int md_cudaGraphExecNodeSetParams(void *exec, void *node,
                                  md_graph_node_params *p,
                                  const md_graph_api *api) {
  md_node_call c = {MD_NODE_EXEC_SET, exec, node, NULL, NULL, NULL, 0};
  return md_generic_write(&c, 1, p, api);
}

/* ---- driver API ---- */

md_CUresult md_cuGraphKernelNodeGetParams(void *node, void *p,
                                          const md_graph_api *api) {
  md_CUresult r;
  if (!api || !api->call)
    return MD_CUDA_ERROR_INVALID_VALUE;
  r = MD_CALL(md_cu_get_fn, api)(node, p);
  if (r == 0 && p)
    md_back(&((md_kernel_node_params *)p)->func, 0);
  return r;
}

md_CUresult md_cuGraphKernelNodeSetParams(void *node, const void *p,
                                          const md_graph_api *api) {
  md_node_call c = {MD_NODE_SET, NULL, node, NULL, NULL, NULL, 0};
  return md_kernel_write(&c, 0, p, api);
}

md_CUresult md_cuGraphExecKernelNodeSetParams(void *exec, void *node,
                                              const void *p,
                                              const md_graph_api *api) {
  md_node_call c = {MD_NODE_EXEC_SET, exec, node, NULL, NULL, NULL, 0};
  return md_kernel_write(&c, 0, p, api);
}

md_CUresult md_cuGraphAddKernelNode(void **node, void *graph,
                                    void *const *deps, size_t n_deps,
                                    const void *p, const md_graph_api *api) {
  md_node_call c = {MD_NODE_ADD, NULL, NULL, node, graph, deps, n_deps};
  return md_kernel_write(&c, 0, p, api);
}

md_CUresult md_cuGraphNodeSetParams(void *node, md_graph_node_params *p,
                                    const md_graph_api *api) {
  md_node_call c = {MD_NODE_SET, NULL, node, NULL, NULL, NULL, 0};
  return md_generic_write(&c, 0, p, api);
}

md_CUresult md_cuGraphExecNodeSetParams(void *exec, void *node,
                                        md_graph_node_params *p,
                                        const md_graph_api *api) {
  md_node_call c = {MD_NODE_EXEC_SET, exec, node, NULL, NULL, NULL, 0};
  return md_generic_write(&c, 0, p, api);
}
