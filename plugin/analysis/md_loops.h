/*
 * md_loops.h -- the natural loops of a function (md_loops.c), from its
 * dominator tree (md_dom.h): a back edge p -> h is an edge whose target h
 * dominates its source p; the loop of header h is h and every block that
 * reaches one of h's back edges without passing h.  The C API has no
 * LoopInfo or BlockFrequencyInfo; the benefit model (md_benefit.h) weighs
 * instructions by the nesting depth these loops give, and md_loopmd.h
 * finds a loop's back edges from its header.
 *
 * Cycles without a dominating header (irreducible control flow) are not
 * loops here: their blocks count as straight-line code.
 */
#ifndef MAGICDIV_MD_LOOPS_H
#define MAGICDIV_MD_LOOPS_H

#include <llvm-c/Core.h>

#include "analysis/md_dom.h"

typedef struct md_loops {
  unsigned nblocks; /* the dominator tree's reachable blocks */
  unsigned n;       /* loops, outer before inner (headers in RPO) */
  unsigned *depth;  /* per block (rpo index): loops containing it */
  unsigned *inner;  /* per block: its innermost loop, or n (none) */
  unsigned *parent; /* per loop: the loop around it, or n (none) */
  unsigned *header; /* per loop: its header block (rpo index) */
} md_loops;

/* Find the loops of the function whose dominator tree is d.  0, or -1 when
 * out of memory (l is then empty: every block at depth 0). */
int md_loops_build(md_loops *l, const md_dom *d);
void md_loops_release(md_loops *l);

/* Loop nesting depth of bb (0: not in a loop, or unreachable). */
unsigned md_loops_depth(const md_loops *l, const md_dom *d,
                        LLVMBasicBlockRef bb);

/* 1 if the edge from block p to block h (rpo indices) is a back edge: h
 * dominates p. */
int md_loops_back_edge(const md_dom *d, unsigned p, unsigned h);

#endif
