/*
 * peer.c -- one image's routed calls (test/unit/oneruntime.test): built
 * with the plugin into a shared library it carries its own copy of the
 * runtime, as every image that launches kernels does.  app.c includes it
 * too, with OR_OPS_NAME set, for the executable's own calls.
 */
#include "oneruntime.h"

#ifndef OR_OPS_NAME
#define OR_OPS_NAME or_peer_ops
#endif

static md_cuda_api or_api;
static md_graph_api or_gapi_get, or_gapi_set;

static int or_launch(const or_cudart *rt, const void *stub, const char *name,
                     void **args, void *stream) {
  md_dim3 grid = {1, 1, 1}, block = {64, 1, 1};
  or_api.version = MD_CUDA_API_VERSION;
  or_api.launch_kernel = rt->launch;
  or_api.get_func_by_symbol = rt->gfs;
  return md_cuda_launch(stub, grid, block, args, 0, stream, name, &or_api);
}

/* This image's graph API: the program's call, no kernels of its own. */
static const md_graph_api *or_gapi(md_graph_api *a, void (*call)(void),
                                   const or_cudart *rt) {
  a->version = MD_GRAPH_API_VERSION;
  a->call = call;
  a->get_func_by_symbol = rt->gfs;
  return a;
}

static int or_get(const or_cudart *rt, void *node, md_kernel_node_params *p) {
  return md_cudaGraphKernelNodeGetParams(
      node, p, or_gapi(&or_gapi_get, (void (*)(void))rt->get, rt));
}

static int or_set(const or_cudart *rt, void *node,
                  const md_kernel_node_params *p) {
  return md_cudaGraphKernelNodeSetParams(
      node, p, or_gapi(&or_gapi_set, (void (*)(void))rt->set, rt));
}

static const or_ops or_table = {md_cuda_set_driver, md_cuda_set_graph_driver,
                                or_launch,          or_get,
                                or_set,             md_magic_u32};

const or_ops *OR_OPS_NAME(void) { return &or_table; }
