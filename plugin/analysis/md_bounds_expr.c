/*
 * md_bounds_expr.c -- the expression store of md_bounds (md_bounds_expr.h):
 * hash-consed bound nodes, folded and canonicalised as they are made, and
 * the leaves (constants, launch-invariant values, launch dimensions).
 *
 * Meaning of a bound.  md_bounds_of(v, at) returns a node B such that: for
 * every launch whose requirement (built from B by md_bounds_program) evaluates
 * to 1, and every execution of `at` at which v is not poison,
 *
 *     unsigned value of v  <=  value(B)
 *
 * where value(B) is the exact (mathematical) value of B's expression.  The
 * requirement evaluates every node in 64-bit arithmetic with nuw (and udiv,
 * whose zero divisor is undefined), so a value that does not fit 64 bits
 * is poison and fails the requirement: whenever the clone runs, the host's
 * value of each node IS its mathematical value.  Side conditions a rule
 * assumes ("this add does not wrap", "this operand is >= 0 as a signed
 * value") are GUARD nodes: GUARD(a, g, L) has a's value and adds the
 * condition value(g) <= L to every requirement that uses it.
 *
 * Poison: a fact is only about executions where v is not poison; a site
 * whose dividend is poison is undefined in the original, so anything the
 * clone computes there is a refinement.  No rule looks through `freeze`
 * (it turns poison into an arbitrary value, which no bound covers).
 *
 * SUB1 invariant.  SUB1(P) = P - 1 is built only where P = 0 makes the
 * bounded value unreachable (tid < ntid with ntid = 0: no thread runs;
 * x urem 0 and x srem 0: immediate UB; v < n with n = 0: the guarded code
 * never runs).  md_bounds_program therefore writes "P - 1 <= L" as
 * "P <= L + 1", which also holds, vacuously, when P = 0.
 */
#include "analysis/md_bounds_expr.h"

#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "support/md_array.h"
#include "support/md_ir.h"
#include "emit/md_prog.h"

/* ---- hash-consed nodes ---- */

static unsigned md_node_hash(int op, int a, int bb, uint64_t c) {
  uint64_t h = (uint64_t)op * 0x9E3779B97F4A7C15ull;
  h ^= (uint64_t)(unsigned)a + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
  h ^= (uint64_t)(unsigned)bb + 0x85EBCA77C2B2AE63ull + (h << 6) + (h >> 2);
  h ^= c + 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
  return (unsigned)(h ^ (h >> 32));
}

static int md_hash_grow(md_bounds *b) {
  unsigned cap = b->st->hashcap ? 2 * b->st->hashcap : 256, i;
  unsigned *nh = calloc(cap, sizeof *nh);
  if (!nh)
    return -1;
  for (i = 0; i < b->st->nnodes; i++) {
    const md_bounds_node *n = &b->st->nodes[i];
    unsigned h = md_node_hash(n->op, n->a, n->b, n->c) & (cap - 1);
    while (nh[h])
      h = (h + 1) & (cap - 1);
    nh[h] = i + 1;
  }
  free(b->st->hash);
  b->st->hash = nh;
  b->st->hashcap = cap;
  return 0;
}

int md_bounds_apply(int op, uint64_t x, uint64_t y, uint64_t c, uint64_t *r) {
  switch (op) {
  case MD_BOUNDS_SUB1:
    return x >= 1 ? (*r = x - 1, 1) : 0;
  case MD_BOUNDS_ADD:
    return !__builtin_add_overflow(x, y, r);
  case MD_BOUNDS_MUL:
    return !__builtin_mul_overflow(x, y, r);
  case MD_BOUNDS_UDIV:
    return y ? (*r = x / y, 1) : 0;
  case MD_BOUNDS_LSHR:
    return c < 64 ? (*r = x >> c, 1) : 0;
  case MD_BOUNDS_UMAX:
    return *r = x > y ? x : y, 1;
  case MD_BOUNDS_UMIN:
    return *r = x < y ? x : y, 1;
  default:
    return -1;
  }
}

/* Fold an op of constants (no overflow: else not folded, the program
 * computes it and fails on overflow).  1 with *r, or 0. */
static int md_fold(md_bounds *b, int op, int a, int bb, uint64_t c,
                   uint64_t *r) {
  uint64_t x, y = 0;
  if (a < 0 || b->st->nodes[a].op != MD_BOUNDS_CONST)
    return 0;
  x = b->st->nodes[a].c;
  if (op != MD_BOUNDS_SUB1 && op != MD_BOUNDS_LSHR) {
    if (bb < 0 || b->st->nodes[bb].op != MD_BOUNDS_CONST)
      return 0;
    y = b->st->nodes[bb].c;
  }
  return md_bounds_apply(op, x, y, c, r) == 1;
}

/* The node (op, a, b, c), made once per kernel; -1 when over budget or
 * out of memory, or when an operand is -1.  Constants are folded; a
 * guard on a constant is decided here (true: dropped, false: -1). */
static int md_is_guard(const md_bounds *b, int n) {
  return n >= 0 && b->st->nodes[n].op == MD_BOUNDS_GUARD;
}

int md_bounds_make(md_bounds *b, int op, int a, int bb, uint64_t c) {
  unsigned h;
  uint64_t k;
  md_bounds_node *nn;
  if (a < -1 || bb < -1 || (md_bounds_op_nodes(op) >= 1 && a < 0) ||
      (md_bounds_op_nodes(op) == 2 && bb < 0))
    return -1;
  /* Guards go to the top: op(GUARD(x, g, L), y) = GUARD(op(x, y), g, L),
   * so that equal values are equal nodes whatever their guards. */
  if (op != MD_BOUNDS_GUARD && md_is_guard(b, a))
    return md_bounds_make(b, MD_BOUNDS_GUARD,
                          md_bounds_make(b, op, b->st->nodes[a].a, bb, c),
                          b->st->nodes[a].b, b->st->nodes[a].c);
  if (op != MD_BOUNDS_GUARD && md_is_guard(b, bb))
    return md_bounds_make(b, MD_BOUNDS_GUARD,
                          md_bounds_make(b, op, a, b->st->nodes[bb].a, c),
                          b->st->nodes[bb].b, b->st->nodes[bb].c);
  if (md_fold(b, op, a, bb, c, &k))
    return md_bounds_make(b, MD_BOUNDS_CONST, -1, -1, k);
  /* x + x = x * 2: a doubling chain stays linear in size */
  if (op == MD_BOUNDS_ADD && a == bb)
    return md_bounds_make(b, MD_BOUNDS_MUL, a,
                          md_bounds_make(b, MD_BOUNDS_CONST, -1, -1, 2), 0);
  /* (x * c1) * c2 = x * (c1 * c2) while the product fits */
  if (op == MD_BOUNDS_MUL && b->st->nodes[bb].op == MD_BOUNDS_CONST &&
      b->st->nodes[a].op == MD_BOUNDS_MUL &&
      b->st->nodes[b->st->nodes[a].b].op == MD_BOUNDS_CONST &&
      !__builtin_mul_overflow(b->st->nodes[b->st->nodes[a].b].c,
                              b->st->nodes[bb].c, &k))
    return md_bounds_make(b, MD_BOUNDS_MUL, b->st->nodes[a].a,
                          md_bounds_make(b, MD_BOUNDS_CONST, -1, -1, k), 0);
  /* (P - 1) + c = P + (c - 1) for c >= 1: no SUB1 (its P >= 1 holds) */
  if (op == MD_BOUNDS_ADD && b->st->nodes[a].op == MD_BOUNDS_CONST &&
      b->st->nodes[bb].op == MD_BOUNDS_SUB1 && b->st->nodes[a].c >= 1) {
    int t = a;
    a = bb;
    bb = t;
  }
  if (op == MD_BOUNDS_ADD && b->st->nodes[a].op == MD_BOUNDS_SUB1 &&
      b->st->nodes[bb].op == MD_BOUNDS_CONST && b->st->nodes[bb].c >= 1)
    return b->st->nodes[bb].c == 1
               ? b->st->nodes[a].a
               : md_bounds_make(b, MD_BOUNDS_ADD, b->st->nodes[a].a,
                                md_bounds_make(b, MD_BOUNDS_CONST, -1, -1,
                                               b->st->nodes[bb].c - 1),
                                0);
  if (op == MD_BOUNDS_GUARD && b->st->nodes[bb].op == MD_BOUNDS_CONST)
    return b->st->nodes[bb].c <= c ? a : -1;
  if (b->st->hashcap) {
    h = md_node_hash(op, a, bb, c) & (b->st->hashcap - 1);
    while (b->st->hash[h]) {
      const md_bounds_node *n = &b->st->nodes[b->st->hash[h] - 1];
      if (n->op == op && n->a == a && n->b == bb && n->c == c)
        return (int)(b->st->hash[h] - 1);
      h = (h + 1) & (b->st->hashcap - 1);
    }
  }
  if (b->st->nnodes >= MD_BOUNDS_MAX_NODES)
    return -1;
  nn = md_array_room(b->st->nodes, b->st->nnodes, &b->st->capnodes,
                     sizeof *nn, 64);
  if (!nn)
    return -1;
  b->st->nodes = nn;
  if (2 * (b->st->nnodes + 1) > b->st->hashcap && md_hash_grow(b))
    return -1;
  b->st->nodes[b->st->nnodes].op = op;
  b->st->nodes[b->st->nnodes].a = a;
  b->st->nodes[b->st->nnodes].b = bb;
  b->st->nodes[b->st->nnodes].c = c;
  h = md_node_hash(op, a, bb, c) & (b->st->hashcap - 1);
  while (b->st->hash[h])
    h = (h + 1) & (b->st->hashcap - 1);
  b->st->hash[h] = b->st->nnodes + 1;
  return (int)b->st->nnodes++;
}

int md_bounds_const(md_bounds *b, uint64_t c) {
  return md_bounds_make(b, MD_BOUNDS_CONST, -1, -1, c);
}

/* The leaf of a w-bit invariant whose program is prog (copied). */
int md_bounds_inv_leaf(md_bounds *b, const md_buf *prog, unsigned w,
                       LLVMValueRef v) {
  unsigned i;
  md_bounds_leaf *ni;
  for (i = 0; i < b->st->ninvs; i++)
    if (b->st->invs[i].w == w && md_buf_cmp(&b->st->invs[i].prog, prog) == 0)
      return md_bounds_make(b, MD_BOUNDS_INV, -1, -1, i);
  ni = md_array_room(b->st->invs, b->st->ninvs, &b->st->capinvs, sizeof *ni,
                     16);
  if (!ni)
    return -1;
  b->st->invs = ni;
  md_buf_init(&b->st->invs[b->st->ninvs].prog);
  md_buf_bytes(&b->st->invs[b->st->ninvs].prog, prog->p, prog->n);
  if (b->st->invs[b->st->ninvs].prog.oom) {
    md_buf_free(&b->st->invs[b->st->ninvs].prog);
    return -1;
  }
  b->st->invs[b->st->ninvs].w = w;
  b->st->invs[b->st->ninvs].v = v;
  b->st->ninvs++;
  return md_bounds_make(b, MD_BOUNDS_INV, -1, -1, b->st->ninvs - 1);
}

/* The leaf of launch dimension `which` as the device reads it: 32 bits,
 * or (AMDGPU workgroup sizes) truncated to the 16 bits md_invariant's
 * programs read, so that the two meet in one node. */
int md_bounds_launch_leaf(md_bounds *b, int which, unsigned w) {
  md_buf p;
  int r;
  md_buf_init(&p);
  md_prog_launch(&p, which);
  if (w < 32)
    md_prog_cast(&p, MD_OP_TRUNC, 32, w);
  r = p.oom ? -1 : md_bounds_inv_leaf(b, &p, w, NULL);
  md_buf_free(&p);
  return r;
}

/* Strip guards: the node whose value n has. */
int md_bounds_core(md_bounds *b, int n) {
  while (n >= 0 && b->st->nodes[n].op == MD_BOUNDS_GUARD)
    n = b->st->nodes[n].a;
  return n;
}

/* Put the guards of `from` around `to`. */
int md_bounds_move_guards(md_bounds *b, int from, int to) {
  while (to >= 0 && from >= 0 && b->st->nodes[from].op == MD_BOUNDS_GUARD) {
    to = md_bounds_make(b, MD_BOUNDS_GUARD, to, b->st->nodes[from].b,
                        b->st->nodes[from].c);
    from = b->st->nodes[from].a;
  }
  return to;
}

int md_bounds_guard(md_bounds *b, int a, int g, uint64_t limit) {
  return md_bounds_make(b, MD_BOUNDS_GUARD, a, g, limit);
}

/* a with the condition "a <= limit" (the value fits: no wrap, or >= 0). */
int md_bounds_self_guard(md_bounds *b, int a, uint64_t limit) {
  return md_bounds_guard(b, a, a, limit);
}

int md_bounds_sub1(md_bounds *b, int a) {
  return md_bounds_make(b, MD_BOUNDS_SUB1, a, -1, 0);
}

/* x + 1, folding (P - 1) + 1 = P (guards kept). */
int md_bounds_add1(md_bounds *b, int x) {
  int core = md_bounds_core(b, x);
  if (core >= 0 && b->st->nodes[core].op == MD_BOUNDS_SUB1)
    return md_bounds_move_guards(b, x, b->st->nodes[core].a);
  return md_bounds_make(b, MD_BOUNDS_ADD, x, md_bounds_const(b, 1), 0);
}

int md_bounds_max(md_bounds *b, int x, int y) {
  if (x == y)
    return x;
  if (x >= 0 && y >= 0 && md_bounds_core(b, x) == md_bounds_core(b, y))
    return md_bounds_move_guards(b, x, y); /* one value, both guards */
  if (x > y) {                             /* canonical order */
    int t = x;
    x = y;
    y = t;
  }
  return md_bounds_make(b, MD_BOUNDS_UMAX, x, y, 0);
}

/* A launch-invariant value: its exact unsigned value, as a leaf. */
int md_bounds_invariant_leaf(md_bounds *b, LLVMValueRef v) {
  md_buf p;
  int r = -1;
  unsigned w = md_value_width(v);
  /* zext keeps the value: one leaf for x and zext(x) */
  while (LLVMIsAZExtInst(v))
    v = LLVMGetOperand(v, 0);
  w = md_value_width(v);
  if (w == 0 || w > 64 || LLVMIsAConstant(v))
    return -1;
  md_buf_init(&p);
  if (md_inv_program(b->inv, v, &p) && !p.oom)
    r = md_bounds_inv_leaf(b, &p, w, v);
  md_buf_free(&p);
  return r;
}
