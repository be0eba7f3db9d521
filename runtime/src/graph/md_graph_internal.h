/*
 * md_graph_internal.h -- what the graph-node files (md_graph_*.c) share
 * with the launch layer: the map from a clone back to its original and
 * the lookups that make a kernel's cache entry outside a launch.  Not
 * installed.
 */
#ifndef MAGICDIV_MD_GRAPH_INTERNAL_H
#define MAGICDIV_MD_GRAPH_INTERNAL_H

#include "magicdiv/md_hip.h"
#include "md_launch_internal.h"

/* ---- clone -> original (md_graph_map.c) ----
 * Written when a cache entry allowing a clone is made; read when a graph
 * node is read back.  One row per clone function (so bounded by the
 * kernels the process loaded), under a lock; cleared by md_launch_reset
 * and freed by md_launch_release. */
/* clone: the clone's CUfunction / HIP handle; orig_rt: the original's
 * runtime-API handle (stub, HIP handle) or NULL; orig_drv: its CUfunction
 * or NULL. */
void md_graph_note(const void *clone, const void *orig_rt,
                   const void *orig_drv);
/* 1 and the original's handles if `clone` is a known clone, else 0. */
int md_graph_original(const void *clone, const void **orig_rt,
                      const void **orig_drv);
void md_graph_map_clear(void);
void md_graph_map_release(void);

/* ---- entries outside a launch ---- */
/* The CUDA entry of kernel `key` in the current context, made if there is
 * none (gfs: runtime API, key is a stub; else key is the CUfunction).
 * NULL: no context, no name to look the clone up by, out of memory. */
const md_entry *md_cuda_entry(const md_cuda_driver *d, const void *key,
                              int (*gfs)(md_CUfunction *, const void *),
                              const char *name);
/* The HIP entry of `fn`, made from name and clone when there is none and
 * clone is not NULL; NULL otherwise. */
const md_entry *md_hip_entry(const void *fn, const char *name,
                             const md_hip_clone *clone);

/* ---- one node write, whichever API call it is ---- */
typedef enum md_node_op {
  MD_NODE_SET,      /* (node, params) */
  MD_NODE_EXEC_SET, /* (exec, node, params) */
  MD_NODE_ADD       /* (&node, graph, deps, n_deps, params) */
} md_node_op;

typedef struct md_node_call {
  md_node_op op;
  void *exec, *node;
  void **out, *graph;
  void *const *deps;
  size_t n_deps;
} md_node_call;

#endif /* MAGICDIV_MD_GRAPH_INTERNAL_H */
