/*
 * md_bounds.h -- launch-checked dividend ranges: the analysis and the
 * requirements (md_bounds.c), its expression store (md_bounds_expr.c), its
 * rules (md_bounds_rules.c, md_bounds_poison.c).
 *
 * md_range proves facts from the IR alone.  Most index code cannot be
 * bounded that way (`int idx = blockIdx.x * blockDim.x + threadIdx.x` may
 * wrap as far as the compiler knows), but every launch can say whether it
 * wraps.  This analysis derives, for a dividend v at a use point,
 *
 *     0 <= v <=u B
 *
 * where B is a symbolic bound: an expression over launch-invariant values
 * (the launch geometry, integer arguments, struct fields, constants)
 * evaluated in exact 64-bit arithmetic at launch.  Rules (each argued in
 * md_bounds_rules.c): thread/block index intrinsics, add / mul / shl / or,
 * zext / sext / trunc, and / lshr, udiv / sdiv / urem / srem, select,
 * min / max intrinsics, PHIs (loop induction over edge conditions), and
 * dominating conditions v < n / v <= n.
 *
 * A fact is used only together with its launch requirement: one program
 * (md_abi.h encoding, yields an i1) that is 1 exactly when B and every side
 * condition the derivation assumed (no wrap of an intermediate, a sign)
 * hold for the launch.  All of its arithmetic is 64-bit with nuw, so an
 * overflow is poison and the requirement fails: the runtime then launches
 * the original kernel.
 *
 * Cost: nodes are hash-consed per kernel (MD_BOUNDS_MAX_NODES), successful
 * condition-free answers are memoized per value, every query has a step
 * budget (MD_BOUNDS_MAX_STEPS) and a depth cap (MD_BOUNDS_MAX_DEPTH), and a
 * requirement program is sized before it is written (MD_BOUNDS_MAX_BYTES,
 * MD_STACK_MAX).
 */
#ifndef MAGICDIV_MD_BOUNDS_H
#define MAGICDIV_MD_BOUNDS_H

#include <llvm-c/Core.h>
#include <stdint.h>

#include "support/md_buf.h"
#include "analysis/md_dom.h"
#include "analysis/md_invariant.h"
#include "analysis/md_kernels.h"
#include "support/md_map.h"
#include "analysis/md_range.h"

#define MD_BOUNDS_MAX_NODES 8192 /* bound nodes per kernel */
#define MD_BOUNDS_MAX_STEPS 512  /* rule applications per query */
#define MD_BOUNDS_MAX_DEPTH 16   /* recursion depth of a query */
#define MD_BOUNDS_MAX_BYTES 1024 /* bytes of one requirement program */
#define MD_BOUNDS_MAX_CONJ 32    /* conditions of a kernel: MD_MAX_REQS */
#define MD_BOUNDS_MAX_HYP 8      /* nested PHI hypotheses */

typedef struct md_bounds_node md_bounds_node;
typedef struct md_bounds_leaf md_bounds_leaf;

/* The bound nodes and leaves of one kernel: one store, shared by the
 * analyses of the kernel and of the functions it starts
 * (md_bounds_init_callee), so that node indices mean the same in all. */
typedef struct md_bounds_store {
  md_bounds_node *nodes;
  unsigned nnodes;
  size_t capnodes;
  unsigned *hash; /* open addressing over nodes: index + 1 */
  unsigned hashcap;
  md_bounds_leaf *invs; /* distinct invariant leaves */
  unsigned ninvs;
  size_t capinvs;
} md_bounds_store;

/* The analysis of one kernel, or of a function it starts through one call
 * (parent and call set: an argument of the function is bounded as the
 * call's operand in the parent's analysis). */
typedef struct md_bounds {
  md_inv *inv;       /* launch-invariant programs (the function's) */
  const md_dom *dom; /* dominators (NULL: no conditions) */
  md_range *range;   /* compile-time non-negativity */
  md_target target;
  md_bounds_store own;
  md_bounds_store *st; /* &own, or the kernel analysis' store */
  struct md_bounds *parent;
  LLVMValueRef call;
  int omp_contract; /* the OpenMP static-init rule (md_bounds_omp.c) */
  md_map memo;    /* value -> node + 1 (condition-free answers) */
  unsigned steps; /* of the current query */
  int dep;        /* the current answer used a condition/hypothesis */
  LLVMValueRef hyp_v[MD_BOUNDS_MAX_HYP];
  int hyp_n[MD_BOUNDS_MAX_HYP]; /* node assumed for the PHI, or -1 */
  int nhyp;
} md_bounds;

void md_bounds_init(md_bounds *b, md_inv *inv, const md_dom *dom,
                    md_range *range, md_target target);
/* The analysis of a function that `call` in parent's function starts (an
 * OpenMP microtask: md_omp.h), sharing parent's store; inv, dom and range
 * are the function's own.  Released with md_bounds_release before parent. */
void md_bounds_init_callee(md_bounds *b, md_inv *inv, const md_dom *dom,
                           md_range *range, md_bounds *parent,
                           LLVMValueRef call);
void md_bounds_release(md_bounds *b);

/* Launch conditions "node <=u limit", all of which must hold: those one
 * fact needs, or (merged) those of a whole kernel, one requirement
 * program each. */
typedef struct md_bounds_req {
  int node[MD_BOUNDS_MAX_CONJ];
  uint64_t limit[MD_BOUNDS_MAX_CONJ];
  unsigned n;
  int root; /* the first fact's bound (for md_bounds_describe), or -1 */
} md_bounds_req;

void md_bounds_req_init(md_bounds_req *r);

/* Add the fact "v <=u limit at `at`" to r: 1 if v has a symbolic bound
 * (its conditions are added to r), 0 if not (r is unchanged).  With
 * MD_BOUNDS_NOT_INVARIANT, a v that is itself launch-invariant is refused:
 * the sign of a uniform dividend is data, not geometry, and betting on it
 * would send every launch where it is negative to the original kernel. */
#define MD_BOUNDS_NOT_INVARIANT 1
int md_bounds_need(md_bounds *b, md_bounds_req *r, LLVMValueRef v,
                   LLVMValueRef at, uint64_t limit, int flags);

/* Merge the conditions of src into dst (dropping those another implies).
 * 0, or -1 when they would exceed MD_BOUNDS_MAX_CONJ (dst unchanged).  A fact
 * with no conditions (every bound a constant within its limit: true at
 * compile time) merges trivially. */
int md_bounds_merge(md_bounds *b, md_bounds_req *dst, const md_bounds_req *src);

/* Write the requirement program of condition i of r (ops, no END; yields
 * an i1) to out.  Returns 0, or -1 when it exceeds the budgets or memory
 * ran out (out unchanged; md_bounds_need has checked every condition it
 * added). */
int md_bounds_program(md_bounds *b, const md_bounds_req *r, unsigned i,
                      md_buf *out);

/* Is condition i of r "x <= limit" for a launch-invariant x (not a
 * compound bound; "x - 1 <= L" counts as "x <= L + 1", as written)?  Then 1
 * with x's program (without the widening to 64 bits) and width: a caller may
 * drop a condition that another launch check already implies (a divisor that
 * must be > 0). */
int md_bounds_cond_leaf(md_bounds *b, const md_bounds_req *r, unsigned i,
                        const md_buf **prog, unsigned *w, uint64_t *limit);

/* Text of r's first bound for remarks, e.g. "[0, nctaid.x*ntid.x)". */
void md_bounds_describe(md_bounds *b, const md_bounds_req *r, char *buf,
                        size_t size);

#endif
