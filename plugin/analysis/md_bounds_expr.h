/*
 * md_bounds_expr.h -- the expression store of md_bounds (md_bounds_expr.c),
 * private to the md_bounds*.c files: the nodes of symbolic bounds, made
 * once per kernel (hash-consed), and their leaves.  Every maker returns
 * the node's index, or -1 (over budget, out of memory, or an operand that
 * is -1: failures propagate).
 */
#ifndef MAGICDIV_MD_BOUNDS_EXPR_H
#define MAGICDIV_MD_BOUNDS_EXPR_H

#include <llvm-c/Core.h>
#include <stdint.h>

#include "analysis/md_bounds.h"
#include "support/md_buf.h"

/* The node ops, one list: X(OP, nodes, prog) gives MD_BOUNDS_OP (from 1),
 * the node operands it needs (a; a and b) and, for a node of two values,
 * the program op (md_abi.h MD_OP_*) md_bounds.c emits for it (0: emitted
 * by a case of its own). */
#define MD_BOUNDS_OP_LIST(X)                                                   \
  X(INV, 0, 0)           /* c: an invariant leaf's index (zero-extended) */   \
  X(CONST, 0, 0)         /* c */                                               \
  X(SUB1, 1, 0)          /* a - 1 (see the SUB1 invariant above) */            \
  X(ADD, 2, MD_OP_ADD)   /* a + b */                                           \
  X(MUL, 2, MD_OP_MUL)   /* a * b */                                           \
  X(UDIV, 2, MD_OP_UDIV) /* a / b (b >= 1 wherever the value exists) */     \
  X(LSHR, 1, 0)          /* a >> c */                                          \
  X(UMAX, 2, MD_OP_UMAX) /* max(a, b) */                                       \
  X(UMIN, 2, MD_OP_UMIN) /* min(a, b) */                                       \
  X(GUARD, 2, 0)         /* a, valid only if b <= c */

#define MD_X_BOUNDS_ENUM(op, nodes, prog) MD_BOUNDS_##op,
enum md_bounds_op { MD_BOUNDS_NONE = 0, MD_BOUNDS_OP_LIST(MD_X_BOUNDS_ENUM) };
#undef MD_X_BOUNDS_ENUM

#define MD_X_BOUNDS_NODES(op, nodes, prog)                                     \
  case MD_BOUNDS_##op:                                                         \
    return (nodes);
/* The node operands op needs: 0, 1 (a) or 2 (a and b); 0 for another
 * value. */
static inline int md_bounds_op_nodes(int op) {
  switch (op) {
    MD_BOUNDS_OP_LIST(MD_X_BOUNDS_NODES)
  default:
    return 0;
  }
}
#undef MD_X_BOUNDS_NODES

struct md_bounds_node {
  int op;
  int a, b;
  uint64_t c;
};

/* An invariant leaf: the program of a w-bit launch-invariant value. */
struct md_bounds_leaf {
  md_buf prog;
  unsigned w;
  LLVMValueRef v; /* a value it was made from (for names), or NULL */
};

#define MD_BOUNDS_INF UINT64_MAX

/* The node (op, a, b, c); constants are folded, a guard on a constant is
 * decided here (true: dropped, false: -1). */
int md_bounds_make(md_bounds *b, int op, int a, int bb, uint64_t c);
int md_bounds_const(md_bounds *b, uint64_t c);
/* The value of arithmetic op on x, y (c: LSHR's shift): 1 with *r; 0 when
 * it has none in 64 bits (overflow, SUB1 of 0, a zero divisor, a shift of
 * 64 or more); -1 when op is not arithmetic. */
int md_bounds_apply(int op, uint64_t x, uint64_t y, uint64_t c, uint64_t *r);
/* The leaf of a w-bit invariant whose program is prog (copied); v: a value
 * it was made from (for names), or NULL. */
int md_bounds_inv_leaf(md_bounds *b, const md_buf *prog, unsigned w,
                       LLVMValueRef v);
/* The leaf of launch dimension `which` as the device reads it (w bits). */
int md_bounds_launch_leaf(md_bounds *b, int which, unsigned w);
/* A launch-invariant value (md_invariant): its exact unsigned value. */
int md_bounds_invariant_leaf(md_bounds *b, LLVMValueRef v);
/* Strip guards: the node whose value n has. */
int md_bounds_core(md_bounds *b, int n);
/* Put the guards of `from` around `to`. */
int md_bounds_move_guards(md_bounds *b, int from, int to);
/* a, valid only if value(g) <= limit. */
int md_bounds_guard(md_bounds *b, int a, int g, uint64_t limit);
/* a with the condition "a <= limit" (the value fits: no wrap, or >= 0). */
int md_bounds_self_guard(md_bounds *b, int a, uint64_t limit);
int md_bounds_sub1(md_bounds *b, int a);
/* x + 1, folding (P - 1) + 1 = P (guards kept). */
int md_bounds_add1(md_bounds *b, int x);
int md_bounds_max(md_bounds *b, int x, int y);

#endif
