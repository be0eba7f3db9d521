/*
 * md_dom.c -- Cooper-Harvey-Kennedy dominators over the C API's CFG
 * (md_dom.h).
 *
 * 1. Number the reachable blocks in reverse post-order with an explicit
 *    DFS stack (no recursion: a function may have many blocks).
 * 2. Collect each block's reachable predecessors.
 * 3. Iterate idom(b) = intersect of the processed predecessors' idoms until
 *    nothing changes; intersect walks the two candidates up the current
 *    tree, always moving the one with the larger RPO number, which is
 *    correct because a dominator precedes what it dominates in RPO.
 * Cost: O(blocks + edges) per round; reducible CFGs settle in two rounds.
 */
#include "analysis/md_dom.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned md_dom_index(const md_dom *d, LLVMBasicBlockRef b) {
  uintptr_t i = (uintptr_t)md_map_get(&d->index, LLVMBasicBlockAsValue(b));
  return i ? (unsigned)(i - 1) : d->n;
}

/* Steps 1: reverse post-order.  Returns 0 or -1 (out of memory). */
static int md_dom_number(md_dom *d, LLVMValueRef fn, unsigned nblocks) {
  LLVMBasicBlockRef *stack = malloc(nblocks * sizeof *stack);
  unsigned *next = calloc(nblocks, sizeof *next); /* next successor to try */
  LLVMBasicBlockRef *post = malloc(nblocks * sizeof *post);
  md_map seen = {0}; /* block -> stack slot + 1 (order of discovery) */
  unsigned sp = 0, npost = 0, ndisc = 0, i;
  int ok = stack && next && post;
  if (ok) {
    stack[sp++] = LLVMGetEntryBasicBlock(fn);
    ok = !md_map_put(&seen, LLVMBasicBlockAsValue(stack[0]),
                     (void *)(uintptr_t)++ndisc);
  }
  while (ok && sp) {
    LLVMBasicBlockRef b = stack[sp - 1];
    unsigned slot = (unsigned)(uintptr_t)md_map_get(
                        &seen, LLVMBasicBlockAsValue(b)) - 1;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    if (next[slot] < ns) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, next[slot]++);
      if (!md_map_get(&seen, LLVMBasicBlockAsValue(s))) {
        ok = ndisc < nblocks &&
             !md_map_put(&seen, LLVMBasicBlockAsValue(s),
                         (void *)(uintptr_t)++ndisc);
        stack[sp++] = s;
      }
    } else {
      post[npost++] = b;
      sp--;
    }
  }
  if (ok) {
    d->n = npost;
    for (i = 0; i < npost && ok; i++) {
      d->rpo[i] = post[npost - 1 - i];
      ok = !md_map_put(&d->index, LLVMBasicBlockAsValue(d->rpo[i]),
                       (void *)(uintptr_t)(i + 1));
    }
  }
  md_map_release(&seen);
  free(stack);
  free(next);
  free(post);
  return ok ? 0 : -1;
}

/* Step 2: reachable predecessors in CSR form.  0 or -1. */
static int md_dom_preds(md_dom *d) {
  unsigned i, k, total = 0;
  unsigned *count = calloc(d->n + 1, sizeof *count);
  if (!count)
    return -1;
  for (i = 0; i < d->n; i++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(d->rpo[i]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (k = 0; k < ns; k++) {
      unsigned s = md_dom_index(d, LLVMGetSuccessor(term, k));
      if (s < d->n) {
        count[s]++;
        total++;
      }
    }
  }
  d->pred_start = malloc((d->n + 1) * sizeof *d->pred_start);
  d->preds = malloc((total ? total : 1) * sizeof *d->preds);
  if (!d->pred_start || !d->preds) {
    free(count);
    return -1;
  }
  d->pred_start[0] = 0;
  for (i = 0; i < d->n; i++)
    d->pred_start[i + 1] = d->pred_start[i] + count[i];
  memset(count, 0, (d->n + 1) * sizeof *count);
  for (i = 0; i < d->n; i++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(d->rpo[i]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (k = 0; k < ns; k++) {
      unsigned s = md_dom_index(d, LLVMGetSuccessor(term, k));
      if (s < d->n)
        d->preds[d->pred_start[s] + count[s]++] = i;
    }
  }
  free(count);
  return 0;
}

/* Step 3. */
static void md_dom_solve(md_dom *d) {
  const unsigned undef = UINT32_MAX;
  unsigned i, k;
  int changed = 1;
  for (i = 0; i < d->n; i++)
    d->idom[i] = undef;
  if (d->n)
    d->idom[0] = 0;
  while (changed) {
    changed = 0;
    for (i = 1; i < d->n; i++) {
      unsigned nd = undef;
      for (k = d->pred_start[i]; k < d->pred_start[i + 1]; k++) {
        unsigned p = d->preds[k];
        if (d->idom[p] == undef)
          continue;
        if (nd == undef) {
          nd = p;
          continue;
        }
        {
          unsigned a = p, b = nd;
          while (a != b) {
            while (a > b)
              a = d->idom[a];
            while (b > a)
              b = d->idom[b];
          }
          nd = a;
        }
      }
      if (nd != d->idom[i]) {
        d->idom[i] = nd;
        changed = 1;
      }
    }
  }
}

int md_dom_build(md_dom *d, LLVMValueRef fn) {
  unsigned nblocks = LLVMCountBasicBlocks(fn);
  memset(d, 0, sizeof *d);
  if (nblocks == 0)
    return 0;
  d->rpo = malloc(nblocks * sizeof *d->rpo);
  d->idom = malloc(nblocks * sizeof *d->idom);
  if (!d->rpo || !d->idom || md_dom_number(d, fn, nblocks) ||
      md_dom_preds(d)) {
    md_dom_release(d);
    return -1;
  }
  md_dom_solve(d);
  return 0;
}

void md_dom_release(md_dom *d) {
  free(d->rpo);
  free(d->idom);
  free(d->pred_start);
  free(d->preds);
  md_map_release(&d->index);
  memset(d, 0, sizeof *d);
}

int md_dom_dominates(const md_dom *d, LLVMBasicBlockRef a,
                     LLVMBasicBlockRef b) {
  unsigned ia = md_dom_index(d, a), ib = md_dom_index(d, b);
  if (ia >= d->n || ib >= d->n)
    return 0;
  /* Walk b up the tree; idoms have smaller RPO numbers. */
  while (ib > ia)
    ib = d->idom[ib];
  return ib == ia;
}

LLVMBasicBlockRef md_dom_idom(const md_dom *d, LLVMBasicBlockRef b) {
  unsigned i = md_dom_index(d, b);
  return (i == 0 || i >= d->n) ? NULL : d->rpo[d->idom[i]];
}

LLVMBasicBlockRef md_dom_single_pred(const md_dom *d, LLVMBasicBlockRef b) {
  unsigned i = md_dom_index(d, b), k, p;
  if (i >= d->n || d->pred_start[i] == d->pred_start[i + 1])
    return NULL;
  p = d->preds[d->pred_start[i]];
  for (k = d->pred_start[i] + 1; k < d->pred_start[i + 1]; k++)
    if (d->preds[k] != p)
      return NULL;
  return d->rpo[p];
}

unsigned md_dom_order(const md_dom *d, LLVMBasicBlockRef b) {
  return md_dom_index(d, b);
}

int md_dom_edge_cond(LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                     LLVMValueRef *cond, int *on_true) {
  LLVMValueRef term = from ? LLVMGetBasicBlockTerminator(from) : NULL;
  if (!term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term) ||
      LLVMGetSuccessor(term, 0) == LLVMGetSuccessor(term, 1))
    return 0;
  *cond = LLVMGetCondition(term);
  *on_true = LLVMGetSuccessor(term, 0) == to;
  return 1;
}

int md_dom_walk_conds(const md_dom *d, LLVMBasicBlockRef bb, unsigned max,
                      md_dom_visit visit, void *ctx) {
  unsigned steps;
  for (steps = 0; bb && steps < max; steps++) {
    LLVMValueRef cond;
    int on_true, r;
    if (md_dom_edge_cond(md_dom_single_pred(d, bb), bb, &cond, &on_true) &&
        (r = visit(ctx, cond, on_true)) != 0)
      return r;
    bb = md_dom_idom(d, bb);
  }
  return 0;
}
