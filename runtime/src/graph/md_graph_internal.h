/*
 * md_graph_internal.h -- what the graph-node files (md_graph_cuda.c,
 * md_graph_hip.c) share: one node write, whichever API call it is.  They
 * read the map from a clone back to its original (base/md_graph_map.h)
 * and make a kernel's cache entry outside a launch through the launch
 * layer (md_launch_cuda_entry.h, md_launch_hip.h); a node follows the
 * measured choice's decision (md_choice.h, md_choice_node).  Not
 * installed.
 */
#ifndef MAGICDIV_MD_GRAPH_INTERNAL_H
#define MAGICDIV_MD_GRAPH_INTERNAL_H

#include "magicdiv/md_hip.h"
#include "base/md_graph_map.h"
#include "launch/md_choice.h"
#include "launch/md_launch_cuda_entry.h"
#include "launch/md_launch_hip.h"
#include "launch/md_launch_internal.h"

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
