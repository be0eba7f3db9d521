/*
 * md_loops.c -- natural loops and nesting depths (md_loops.h).
 */
#include "analysis/md_loops.h"

#include <stdlib.h>
#include <string.h>

/* 1 if block h dominates block p (rpo indices): a dominator comes first in
 * reverse post-order, so walk p's dominators up while they are after h. */
static int md_idx_dominates(const md_dom *d, unsigned h, unsigned p) {
  while (p > h)
    p = d->idom[p];
  return p == h;
}

/* Blocks of the loop with header h and number id: mark[] = id + 1 for
 * each, found backwards from h's back edges (stack: room for nblocks).
 * Each gets one more level of depth; loops are found outer first, so the
 * last one to claim a block is its innermost. */
static void md_loop_body(md_loops *l, const md_dom *d, unsigned h,
                         unsigned id, unsigned *mark, unsigned *stack) {
  unsigned top = 0, k;
  mark[h] = id + 1;
  for (k = d->pred_start[h]; k < d->pred_start[h + 1]; k++) {
    unsigned p = d->preds[k];
    if (mark[p] != id + 1 && md_idx_dominates(d, h, p)) {
      mark[p] = id + 1;
      stack[top++] = p;
    }
  }
  while (top) {
    unsigned b = stack[--top];
    for (k = d->pred_start[b]; k < d->pred_start[b + 1]; k++)
      if (mark[d->preds[k]] != id + 1) {
        mark[d->preds[k]] = id + 1;
        stack[top++] = d->preds[k];
      }
  }
  l->parent[id] = l->inner[h];
  l->header[id] = h;
  for (k = 0; k < l->nblocks; k++)
    if (mark[k] == id + 1) {
      l->depth[k]++;
      l->inner[k] = id;
    }
}

/* 1 if h is the target of a back edge. */
static int md_is_header(const md_dom *d, unsigned h) {
  unsigned k;
  for (k = d->pred_start[h]; k < d->pred_start[h + 1]; k++)
    if (md_idx_dominates(d, h, d->preds[k]))
      return 1;
  return 0;
}

int md_loops_back_edge(const md_dom *d, unsigned p, unsigned h) {
  return p < d->n && h < d->n && md_idx_dominates(d, h, p);
}

int md_loops_build(md_loops *l, const md_dom *d) {
  unsigned n = d->n, h, *mark, *stack;
  memset(l, 0, sizeof *l);
  if (n == 0 || !d->idom)
    return 0;
  l->depth = calloc(n, sizeof *l->depth);
  l->inner = malloc(n * sizeof *l->inner);
  l->parent = malloc(n * sizeof *l->parent);
  l->header = malloc(n * sizeof *l->header);
  mark = calloc(n, sizeof *mark);
  stack = malloc(n * sizeof *stack);
  if (!l->depth || !l->inner || !l->parent || !l->header || !mark || !stack) {
    free(mark);
    free(stack);
    md_loops_release(l);
    return -1;
  }
  l->nblocks = n;
  /* "none" is n until the count is known; fixed below */
  for (h = 0; h < n; h++)
    l->inner[h] = n;
  for (h = 0; h < n; h++)
    if (md_is_header(d, h))
      md_loop_body(l, d, h, l->n++, mark, stack);
  for (h = 0; h < n; h++)
    if (l->inner[h] == n)
      l->inner[h] = l->n;
  for (h = 0; h < l->n; h++)
    if (l->parent[h] == n)
      l->parent[h] = l->n;
  free(mark);
  free(stack);
  return 0;
}

void md_loops_release(md_loops *l) {
  free(l->depth);
  free(l->inner);
  free(l->parent);
  free(l->header);
  memset(l, 0, sizeof *l);
}

unsigned md_loops_depth(const md_loops *l, const md_dom *d,
                        LLVMBasicBlockRef bb) {
  unsigned i = md_dom_order(d, bb);
  return l->depth && i < l->nblocks ? l->depth[i] : 0;
}
