/*
 * oneruntime.h -- what the images of test/unit/oneruntime.test share: the
 * program's (fake) cudart as a host pass hands it to the runtime, and the
 * routed calls of one image (peer.c: each image built with the plugin
 * carries its own copy of the runtime and calls it through these).
 */
#ifndef ONERUNTIME_H
#define ONERUNTIME_H

#include <stdint.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_graph.h"

/* The program's cudart functions (one set per process, as the real ones). */
typedef struct or_cudart {
  int (*launch)(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                size_t shmem, void *stream); /* cudaLaunchKernel */
  int (*gfs)(md_CUfunction *f, const void *stub); /* cudaGetFuncBySymbol */
  int (*get)(void *node, md_kernel_node_params *p);
  int (*set)(void *node, const md_kernel_node_params *p);
} or_cudart;

/* One image's calls of its runtime copy (bind first: the API structs the
 * image hands the runtime, made once as a host pass makes them). */
typedef struct or_ops {
  void (*bind)(const or_cudart *rt);
  int (*set_driver)(const md_cuda_driver *d);
  int (*set_graph_driver)(const md_cuda_graph_driver *g);
  int (*launch)(const void *stub, const char *name, void **args,
                void *stream);
  int (*get)(void *node, md_kernel_node_params *p);
  int (*set)(void *node, const md_kernel_node_params *p);
  int (*magic)(uint32_t d, md_u32_magic *g);
} or_ops;

typedef const or_ops *(*or_ops_fn)(void);

#endif
