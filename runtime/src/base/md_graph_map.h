/*
 * md_graph_map.h -- the map from a clone back to its original
 * (md_graph_map.c): written by the launch layer when it makes an entry
 * that allows a clone, read by the graph calls (graph/).  Not installed.
 */
#ifndef MAGICDIV_MD_GRAPH_MAP_H
#define MAGICDIV_MD_GRAPH_MAP_H

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

#endif /* MAGICDIV_MD_GRAPH_MAP_H */
