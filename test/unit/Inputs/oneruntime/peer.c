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

static void or_bind(const or_cudart *rt) {
  or_api.version = MD_CUDA_API_VERSION;
  or_api.launch_kernel = rt->launch;
  or_api.get_func_by_symbol = rt->gfs;
  or_gapi_get.version = or_gapi_set.version = MD_GRAPH_API_VERSION;
  or_gapi_get.call = (void (*)(void))rt->get; /* no kernels of its own */
  or_gapi_set.call = (void (*)(void))rt->set;
  or_gapi_get.get_func_by_symbol = or_gapi_set.get_func_by_symbol = rt->gfs;
}

static int or_launch(const void *stub, const char *name, void **args,
                     void *stream) {
  md_dim3 grid = {1, 1, 1}, block = {64, 1, 1};
  return md_cuda_launch(stub, grid, block, args, 0, stream, name, &or_api);
}

static int or_get(void *node, md_kernel_node_params *p) {
  return md_cudaGraphKernelNodeGetParams(node, p, &or_gapi_get);
}

static int or_set(void *node, const md_kernel_node_params *p) {
  return md_cudaGraphKernelNodeSetParams(node, p, &or_gapi_set);
}

static const or_ops or_table = {or_bind, md_cuda_set_driver,
                                md_cuda_set_graph_driver, or_launch,
                                or_get,  or_set,
                                md_magic_u32};

const or_ops *OR_OPS_NAME(void) { return &or_table; }
