/*
 * md_dom.h -- dominators of a function's CFG (md_dom.c).  The LLVM C API
 * has no dominator tree; this is the iterative algorithm of Cooper, Harvey
 * and Kennedy ("A Simple, Fast Dominance Algorithm", 2001) over the blocks
 * reachable from the entry, in reverse post-order.
 *
 * Used for quotient sharing (a quotient computed in block A serves a site
 * in block B when A dominates B) and for the branch conditions that hold
 * at a division (md_range.c).  Unreachable blocks dominate nothing and are
 * dominated by nothing; edges from them are ignored (they never run).
 */
#ifndef MAGICDIV_MD_DOM_H
#define MAGICDIV_MD_DOM_H

#include <llvm-c/Core.h>

#include "support/md_map.h"

typedef struct md_dom {
  LLVMBasicBlockRef *rpo; /* reachable blocks in reverse post-order */
  unsigned n;
  unsigned *idom;         /* rpo index of each block's immediate dominator
                             (idom[0] = 0: the entry) */
  unsigned *pred_start;   /* preds of block i: preds[pred_start[i] ..     */
  unsigned *preds;        /*   pred_start[i + 1]), rpo indices, reachable */
  md_map index;           /* block (as value) -> rpo index + 1 */
} md_dom;

/* Build the tree of fn (a definition).  Returns 0, or -1 when out of
 * memory (d is then empty: every query answers "no"). */
int md_dom_build(md_dom *d, LLVMValueRef fn);
void md_dom_release(md_dom *d);

/* 1 if a dominates b (every block dominates itself); 0 if not or if
 * either is unreachable. */
int md_dom_dominates(const md_dom *d, LLVMBasicBlockRef a, LLVMBasicBlockRef b);

/* The immediate dominator of b; NULL for the entry and unreachable blocks. */
LLVMBasicBlockRef md_dom_idom(const md_dom *d, LLVMBasicBlockRef b);

/* The only (reachable) predecessor block of b, or NULL if it has none or
 * several.  Reaching b means having come from it. */
LLVMBasicBlockRef md_dom_single_pred(const md_dom *d, LLVMBasicBlockRef b);

/* Reverse post-order number of b (unreachable: n), for program-order
 * processing in which a dominator comes before what it dominates. */
unsigned md_dom_order(const md_dom *d, LLVMBasicBlockRef b);

/* The branch that decides the edge from -> to: 1 with *cond and *on_true
 * (to is its first successor) when `from` ends in a conditional branch
 * whose two successors differ; else 0. */
int md_dom_edge_cond(LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                     LLVMValueRef *cond, int *on_true);

/* The conditions known where bb runs: walking up the dominator tree from
 * bb (bb, its idom, ...; at most max blocks), for each block X entered
 * only from P whose edge P -> X has a condition (md_dom_edge_cond),
 * visit(ctx, cond, on_true) -- until visit returns non-zero, which is then
 * returned; 0 if none did. */
typedef int (*md_dom_visit)(void *ctx, LLVMValueRef cond, int on_true);
int md_dom_walk_conds(const md_dom *d, LLVMBasicBlockRef bb, unsigned max,
                      md_dom_visit visit, void *ctx);

#endif
