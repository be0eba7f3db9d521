/*
 * md_graph_hip.c -- HIP graph kernel nodes that stay transparent: the
 * md_hipGraph* functions the host pass puts in place of the program's
 * hipGraphKernelNodeGetParams / SetParams, hipGraphExecKernelNodeSetParams
 * and hipGraphAddKernelNode calls (md_graph.h, docs/LAUNCH.md "Graphs").
 *
 * As on CUDA (md_graph_cuda.c): a node that runs a clone reads back as the
 * original (the clone's arguments start with the original's); writing or
 * adding a node with an original decides clone or original exactly as a
 * launch with those arguments would (the measured choice's decision
 * followed, md_choice_node), and the clone goes in through the
 * program's own call (a clone is a registered handle like the original).
 * The clone's handle and descriptor come from the host pass's table of
 * the calling module's kernels, or from a launch that made the kernel's
 * cache entry already.  (The capture check of MAGICDIV_GRAPHS=original,
 * md_hip_capturing, is the launch's: launch/md_launch_hip.c.)
 */
#include <string.h>

#include "magicdiv/md_graph.h"
#include "magicdiv/md_hip.h"
#include "graph/md_graph_internal.h"

#define MD_HIP_INVALID_VALUE 1

static const md_graph_kernel *md_hip_kernel(const md_graph_api *api,
                                            const void *h) {
  uint64_t i;
  if (!api || !api->kernels)
    return NULL;
  for (i = 0; i < api->n_kernels; i++)
    if (api->kernels[i].handle == h)
      return &api->kernels[i];
  return NULL;
}

/* p with the clone and its arguments in q (1), or 0: p stays as it is. */
static int md_hip_node_clone(const md_graph_api *api,
                             const md_hip_kernel_node_params *p,
                             md_hip_kernel_node_params *q,
                             md_clone_args *ca) {
  const md_graph_kernel *k;
  const md_entry *e;
  md_dims dims;
  if (!p || !p->func || p->extra || !api)
    return 0;
  if (md_env_disabled() || md_env_graphs_original())
    return 0;
  k = md_hip_kernel(api, p->func);
  e = md_hip_entry(p->func, k ? k->name : NULL, k ? k->hip_clone : NULL,
                   api->flags & MD_GRAPH_HIP_CLONE_V3 ? 3 : 2);
  if (!e || e->status != MD_OK)
    return 0;
  dims = md_launch_dims_of(p->grid, p->block);
  if (md_clone_args_make(e, p->kernel_params, &dims, ca) != MD_OK ||
      md_choice_node(e, ca->tier, p->grid)) { /* the original kept */
    md_clone_args_free(ca);
    return 0;
  }
  *q = *p;
  q->func = ca->fn; /* the ranged, plain or pow2 clone */
  q->kernel_params = ca->args;
  return 1;
}

typedef int (*md_hget_fn)(void *, md_hip_kernel_node_params *);
typedef int (*md_hset_fn)(void *, const md_hip_kernel_node_params *);
typedef int (*md_hexec_fn)(void *, void *, const md_hip_kernel_node_params *);
typedef int (*md_hadd_fn)(void **, void *, void *const *, size_t,
                          const md_hip_kernel_node_params *);
#define MD_HCALL(type, api) ((type)(api)->call)

int md_hipGraphKernelNodeGetParams(void *node, md_hip_kernel_node_params *p,
                                   const md_graph_api *api) {
  const void *o_rt = NULL, *o_drv = NULL;
  int r;
  if (!api || !api->call)
    return MD_HIP_INVALID_VALUE;
  r = MD_HCALL(md_hget_fn, api)(node, p);
  if (r == 0 && p && md_graph_original(p->func, &o_rt, &o_drv) && o_rt)
    p->func = (void *)o_rt;
  return r;
}

/* c with the program's own function and parameters p. */
static int md_hip_call(const md_node_call *c, const md_graph_api *api,
                       const md_hip_kernel_node_params *p) {
  switch (c->op) {
  case MD_NODE_SET:
    return MD_HCALL(md_hset_fn, api)(c->node, p);
  case MD_NODE_EXEC_SET:
    return MD_HCALL(md_hexec_fn, api)(c->exec, c->node, p);
  default:
    return MD_HCALL(md_hadd_fn, api)(c->out, c->graph, c->deps, c->n_deps,
                                     p);
  }
}

/* Write (or add) a node: with the clone if a launch would run it and the
 * call takes it, else with the program's own parameters. */
static int md_hip_write(const md_node_call *c,
                        const md_hip_kernel_node_params *p,
                        const md_graph_api *api) {
  md_hip_kernel_node_params q, own;
  const void *o_rt = NULL, *o_drv = NULL;
  md_clone_args ca;
  if (!api || !api->call)
    return MD_HIP_INVALID_VALUE;
  if (p && md_graph_original(p->func, &o_rt, &o_drv) && o_rt) {
    own = *p; /* a clone read past the host pass: as its original */
    own.func = (void *)o_rt;
    p = &own;
  }
  if (md_hip_node_clone(api, p, &q, &ca)) {
    int r = md_hip_call(c, api, &q);
    md_clone_args_free(&ca);
    if (r == 0)
      return 0;
  }
  return md_hip_call(c, api, p);
}

int md_hipGraphKernelNodeSetParams(void *node,
                                   const md_hip_kernel_node_params *p,
                                   const md_graph_api *api) {
  md_node_call c = {MD_NODE_SET, NULL, node, NULL, NULL, NULL, 0};
  return md_hip_write(&c, p, api);
}

int md_hipGraphExecKernelNodeSetParams(void *exec, void *node,
                                       const md_hip_kernel_node_params *p,
                                       const md_graph_api *api) {
  md_node_call c = {MD_NODE_EXEC_SET, exec, node, NULL, NULL, NULL, 0};
  return md_hip_write(&c, p, api);
}

int md_hipGraphAddKernelNode(void **node, void *graph, void *const *deps,
                             size_t n_deps,
                             const md_hip_kernel_node_params *p,
                             const md_graph_api *api) {
  md_node_call c = {MD_NODE_ADD, NULL, NULL, node, graph, deps, n_deps};
  return md_hip_write(&c, p, api);
}
