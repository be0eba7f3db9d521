/*
 * md_bounds.c -- symbolic upper bounds of dividends, checked at launch
 * (see md_bounds.h).
 *
 * Meaning of a bound.  md_bnd(v, at) returns a node B such that: for every
 * launch whose requirement (built from B by md_bounds_program) evaluates
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
#include "md_bounds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_array.h"
#include "md_ir.h"
#include "md_prog.h"

enum md_bop {
  MD_B_INV = 1, /* c: index of an invariant leaf (zero-extended to 64) */
  MD_B_CONST,   /* c */
  MD_B_SUB1,    /* a - 1 (see the SUB1 invariant above) */
  MD_B_ADD,     /* a + b */
  MD_B_MUL,     /* a * b */
  MD_B_UDIV,    /* a / b (b >= 1 wherever the bounded value exists) */
  MD_B_LSHR,    /* a >> c */
  MD_B_UMAX,    /* max(a, b) */
  MD_B_UMIN,    /* min(a, b) */
  MD_B_GUARD    /* a, valid only if b <= c */
};

struct md_bnode {
  int op;
  int a, b;
  uint64_t c;
};

/* An invariant leaf: the program of a w-bit launch-invariant value. */
struct md_binv {
  md_buf prog;
  unsigned w;
  LLVMValueRef v; /* a value it was made from (for names), or NULL */
};

#define MD_BND_INF UINT64_MAX

static uint64_t md_umax_w(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
static uint64_t md_smax_w(unsigned w) { return (1ull << (w - 1)) - 1; }

void md_bounds_init(md_bounds *b, md_inv *inv, const md_dom *dom,
                    md_range *range, md_target target) {
  memset(b, 0, sizeof *b);
  b->inv = inv;
  b->dom = dom;
  b->range = range;
  b->target = target;
}

void md_bounds_release(md_bounds *b) {
  unsigned i;
  for (i = 0; i < b->ninvs; i++)
    md_buf_free(&b->invs[i].prog);
  free(b->invs);
  free(b->nodes);
  free(b->hash);
  md_map_release(&b->memo);
  memset(b, 0, sizeof *b);
}

/* ---- hash-consed nodes ---- */

static unsigned md_bhash(int op, int a, int bb, uint64_t c) {
  uint64_t h = (uint64_t)op * 0x9E3779B97F4A7C15ull;
  h ^= (uint64_t)(unsigned)a + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
  h ^= (uint64_t)(unsigned)bb + 0x85EBCA77C2B2AE63ull + (h << 6) + (h >> 2);
  h ^= c + 0xC2B2AE3D27D4EB4Full + (h << 6) + (h >> 2);
  return (unsigned)(h ^ (h >> 32));
}

static int md_bhash_grow(md_bounds *b) {
  unsigned cap = b->hashcap ? 2 * b->hashcap : 256, i;
  unsigned *nh = calloc(cap, sizeof *nh);
  if (!nh)
    return -1;
  for (i = 0; i < b->nnodes; i++) {
    const md_bnode *n = &b->nodes[i];
    unsigned h = md_bhash(n->op, n->a, n->b, n->c) & (cap - 1);
    while (nh[h])
      h = (h + 1) & (cap - 1);
    nh[h] = i + 1;
  }
  free(b->hash);
  b->hash = nh;
  b->hashcap = cap;
  return 0;
}

static int md_node(md_bounds *b, int op, int a, int bb, uint64_t c);

/* Fold an op of constants (no overflow: else not folded, the program
 * computes it and fails on overflow).  1 with *r, or 0. */
static int md_fold(md_bounds *b, int op, int a, int bb, uint64_t c,
                   uint64_t *r) {
  uint64_t x, y = 0;
  if (a < 0 || b->nodes[a].op != MD_B_CONST)
    return 0;
  x = b->nodes[a].c;
  if (op != MD_B_SUB1 && op != MD_B_LSHR) {
    if (bb < 0 || b->nodes[bb].op != MD_B_CONST)
      return 0;
    y = b->nodes[bb].c;
  }
  switch (op) {
  case MD_B_SUB1: return x >= 1 ? (*r = x - 1, 1) : 0;
  case MD_B_ADD: return !__builtin_add_overflow(x, y, r);
  case MD_B_MUL: return !__builtin_mul_overflow(x, y, r);
  case MD_B_UDIV: return y ? (*r = x / y, 1) : 0;
  case MD_B_LSHR: return c < 64 ? (*r = x >> c, 1) : 0;
  case MD_B_UMAX: return *r = x > y ? x : y, 1;
  case MD_B_UMIN: return *r = x < y ? x : y, 1;
  default: return 0;
  }
}

/* The node (op, a, b, c), made once per kernel; -1 when over budget or
 * out of memory, or when an operand is -1.  Constants are folded; a
 * guard on a constant is decided here (true: dropped, false: -1). */
static int md_node(md_bounds *b, int op, int a, int bb, uint64_t c) {
  unsigned h;
  uint64_t k;
  md_bnode *nn;
  if (a < -1 || bb < -1 ||
      ((op == MD_B_SUB1 || op == MD_B_LSHR) && a < 0) ||
      ((op == MD_B_ADD || op == MD_B_MUL || op == MD_B_UDIV ||
        op == MD_B_UMAX || op == MD_B_UMIN || op == MD_B_GUARD) &&
       (a < 0 || bb < 0)))
    return -1;
  /* Guards go to the top: op(GUARD(x, g, L), y) = GUARD(op(x, y), g, L),
   * so that equal values are equal nodes whatever their guards. */
  if (op != MD_B_GUARD && a >= 0 && b->nodes[a].op == MD_B_GUARD)
    return md_node(b, MD_B_GUARD,
                   md_node(b, op, b->nodes[a].a, bb, c), b->nodes[a].b,
                   b->nodes[a].c);
  if (op != MD_B_GUARD && bb >= 0 && b->nodes[bb].op == MD_B_GUARD)
    return md_node(b, MD_B_GUARD,
                   md_node(b, op, a, b->nodes[bb].a, c), b->nodes[bb].b,
                   b->nodes[bb].c);
  if (md_fold(b, op, a, bb, c, &k))
    return md_node(b, MD_B_CONST, -1, -1, k);
  /* x + x = x * 2: a doubling chain stays linear in size */
  if (op == MD_B_ADD && a == bb)
    return md_node(b, MD_B_MUL, a, md_node(b, MD_B_CONST, -1, -1, 2), 0);
  /* (x * c1) * c2 = x * (c1 * c2) while the product fits */
  if (op == MD_B_MUL && b->nodes[bb].op == MD_B_CONST &&
      b->nodes[a].op == MD_B_MUL &&
      b->nodes[b->nodes[a].b].op == MD_B_CONST &&
      !__builtin_mul_overflow(b->nodes[b->nodes[a].b].c, b->nodes[bb].c, &k))
    return md_node(b, MD_B_MUL, b->nodes[a].a,
                   md_node(b, MD_B_CONST, -1, -1, k), 0);
  /* (P - 1) + c = P + (c - 1) for c >= 1: no SUB1 (its P >= 1 holds) */
  if (op == MD_B_ADD && b->nodes[a].op == MD_B_CONST &&
      b->nodes[bb].op == MD_B_SUB1 && b->nodes[a].c >= 1) {
    int t = a;
    a = bb;
    bb = t;
  }
  if (op == MD_B_ADD && b->nodes[a].op == MD_B_SUB1 &&
      b->nodes[bb].op == MD_B_CONST && b->nodes[bb].c >= 1)
    return b->nodes[bb].c == 1
               ? b->nodes[a].a
               : md_node(b, MD_B_ADD, b->nodes[a].a,
                         md_node(b, MD_B_CONST, -1, -1, b->nodes[bb].c - 1),
                         0);
  if (op == MD_B_GUARD && b->nodes[bb].op == MD_B_CONST)
    return b->nodes[bb].c <= c ? a : -1;
  if (b->hashcap) {
    h = md_bhash(op, a, bb, c) & (b->hashcap - 1);
    while (b->hash[h]) {
      const md_bnode *n = &b->nodes[b->hash[h] - 1];
      if (n->op == op && n->a == a && n->b == bb && n->c == c)
        return (int)(b->hash[h] - 1);
      h = (h + 1) & (b->hashcap - 1);
    }
  }
  if (b->nnodes >= MD_BND_MAX_NODES)
    return -1;
  nn = md_array_room(b->nodes, b->nnodes, &b->capnodes, sizeof *nn, 64);
  if (!nn)
    return -1;
  b->nodes = nn;
  if (2 * (b->nnodes + 1) > b->hashcap && md_bhash_grow(b))
    return -1;
  b->nodes[b->nnodes].op = op;
  b->nodes[b->nnodes].a = a;
  b->nodes[b->nnodes].b = bb;
  b->nodes[b->nnodes].c = c;
  h = md_bhash(op, a, bb, c) & (b->hashcap - 1);
  while (b->hash[h])
    h = (h + 1) & (b->hashcap - 1);
  b->hash[h] = b->nnodes + 1;
  return (int)b->nnodes++;
}

static int md_const(md_bounds *b, uint64_t c) {
  return md_node(b, MD_B_CONST, -1, -1, c);
}

/* The leaf of a w-bit invariant whose program is prog (copied). */
static int md_inv_leaf(md_bounds *b, const md_buf *prog, unsigned w,
                       LLVMValueRef v) {
  unsigned i;
  md_binv *ni;
  for (i = 0; i < b->ninvs; i++)
    if (b->invs[i].w == w && md_buf_cmp(&b->invs[i].prog, prog) == 0)
      return md_node(b, MD_B_INV, -1, -1, i);
  ni = md_array_room(b->invs, b->ninvs, &b->capinvs, sizeof *ni, 16);
  if (!ni)
    return -1;
  b->invs = ni;
  md_buf_init(&b->invs[b->ninvs].prog);
  md_buf_bytes(&b->invs[b->ninvs].prog, prog->p, prog->n);
  if (b->invs[b->ninvs].prog.oom) {
    md_buf_free(&b->invs[b->ninvs].prog);
    return -1;
  }
  b->invs[b->ninvs].w = w;
  b->invs[b->ninvs].v = v;
  b->ninvs++;
  return md_node(b, MD_B_INV, -1, -1, b->ninvs - 1);
}

/* The leaf of launch dimension `which` as the device reads it: 32 bits,
 * or (AMDGPU workgroup sizes) truncated to the 16 bits md_invariant's
 * programs read, so that the two meet in one node. */
static int md_launch_leaf(md_bounds *b, int which, unsigned w) {
  md_buf p;
  int r;
  md_buf_init(&p);
  md_prog_launch(&p, which);
  if (w < 32)
    md_prog_cast(&p, MD_OP_TRUNC, 32, w);
  r = p.oom ? -1 : md_inv_leaf(b, &p, w, NULL);
  md_buf_free(&p);
  return r;
}

/* Strip guards: the node whose value n has. */
static int md_core(md_bounds *b, int n) {
  while (n >= 0 && b->nodes[n].op == MD_B_GUARD)
    n = b->nodes[n].a;
  return n;
}

/* Put the guards of `from` around `to`. */
static int md_move_guards(md_bounds *b, int from, int to) {
  while (to >= 0 && from >= 0 && b->nodes[from].op == MD_B_GUARD) {
    to = md_node(b, MD_B_GUARD, to, b->nodes[from].b, b->nodes[from].c);
    from = b->nodes[from].a;
  }
  return to;
}

static int md_guard(md_bounds *b, int a, int g, uint64_t limit) {
  return md_node(b, MD_B_GUARD, a, g, limit);
}

/* a with the condition "a <= limit" (the value fits: no wrap, or >= 0). */
static int md_self_guard(md_bounds *b, int a, uint64_t limit) {
  return md_guard(b, a, a, limit);
}

static int md_sub1(md_bounds *b, int a) {
  return md_node(b, MD_B_SUB1, a, -1, 0);
}

/* x + 1, folding (P - 1) + 1 = P (guards kept). */
static int md_add1(md_bounds *b, int x) {
  int core = md_core(b, x);
  if (core >= 0 && b->nodes[core].op == MD_B_SUB1)
    return md_move_guards(b, x, b->nodes[core].a);
  return md_node(b, MD_B_ADD, x, md_const(b, 1), 0);
}

static int md_max(md_bounds *b, int x, int y) {
  if (x == y)
    return x;
  if (x >= 0 && y >= 0 && md_core(b, x) == md_core(b, y))
    return md_move_guards(b, x, y); /* one value, both guards */
  if (x > y) { /* canonical order */
    int t = x;
    x = y;
    y = t;
  }
  return md_node(b, MD_B_UMAX, x, y, 0);
}

/* ---- the rules ---- */

static int md_bnd(md_bounds *b, LLVMValueRef v, LLVMValueRef at, int depth);

static int md_is_call_to(LLVMValueRef v, const char *prefix, char *axis) {
  LLVMValueRef callee;
  size_t len = 0, pl = strlen(prefix);
  const char *name;
  if (!LLVMIsACallInst(v))
    return 0;
  callee = LLVMGetCalledValue(v);
  if (!callee || !LLVMIsAFunction(callee))
    return 0;
  name = LLVMGetValueName2(callee, &len);
  if (len != pl + 1 || memcmp(name, prefix, pl) != 0 || name[pl] < 'x' ||
      name[pl] > 'z')
    return 0;
  *axis = name[pl];
  return 1;
}

static int md_call_prefix(LLVMValueRef v, const char *prefix) {
  LLVMValueRef callee = LLVMGetCalledValue(v);
  size_t len = 0, pl = strlen(prefix);
  const char *name;
  if (!callee || !LLVMIsAFunction(callee))
    return 0;
  name = LLVMGetValueName2(callee, &len);
  return len > pl && memcmp(name, prefix, pl) == 0 &&
         LLVMGetNumArgOperands(v) == 2;
}

/* Thread and block indices.  NVPTX: tid.k < ntid.k and ctaid.k <
 * nctaid.k (PTX ISA, special registers); AMDGPU: workitem.id.k < the
 * workgroup size k, workgroup.id.k < the number of workgroups k.  The
 * bound is the launch's own dimension, the value the runtime evaluates. */
static int md_geometry(md_bounds *b, LLVMValueRef v) {
  char ax;
  if (md_value_width(v) != 32)
    return -1;
  if (md_is_call_to(v, "llvm.nvvm.read.ptx.sreg.tid.", &ax))
    return md_sub1(b, md_launch_leaf(b, MD_LAUNCH_BLOCK_X + (ax - 'x'), 32));
  if (md_is_call_to(v, "llvm.nvvm.read.ptx.sreg.ctaid.", &ax))
    return md_sub1(b, md_launch_leaf(b, MD_LAUNCH_GRID_X + (ax - 'x'), 32));
  if (b->target == MD_TARGET_AMDGPU &&
      md_is_call_to(v, "llvm.amdgcn.workitem.id.", &ax))
    return md_sub1(b, md_launch_leaf(b, MD_LAUNCH_BLOCK_X + (ax - 'x'), 16));
  if (b->target == MD_TARGET_AMDGPU &&
      md_is_call_to(v, "llvm.amdgcn.workgroup.id.", &ax))
    return md_sub1(b, md_launch_leaf(b, MD_LAUNCH_GRID_X + (ax - 'x'), 32));
  return -1;
}

/* A launch-invariant value: its exact unsigned value, as a leaf. */
static int md_invariant_leaf(md_bounds *b, LLVMValueRef v) {
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
    r = md_inv_leaf(b, &p, w, v);
  md_buf_free(&p);
  return r;
}

/* v >= 0 as a w-bit signed value at `at`: proven at compile time (md_range,
 * no condition needed: returns x unchanged), or from v's own bound with
 * the guard "bound <= 2^(w-1) - 1" added to x.  -1 if neither. */
static int md_bnd_struct(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                         int depth);

static int md_with_nonneg(md_bounds *b, int x, LLVMValueRef v,
                          LLVMValueRef at, int depth) {
  int s;
  if (x < 0)
    return -1;
  if (md_known_nonneg(b->range, v, at))
    return x;
  s = md_bnd_struct(b, v, at, depth + 1);
  return s < 0 ? -1 : md_guard(b, x, s, md_smax_w(md_value_width(v)));
}

/* The bound a branch condition `cond`, known to be `truth`, gives v.
 * *needs_nonneg is set for signed predicates (v <s n says v <= n - 1 only
 * for v >= 0; for n <= 0 with v >= 0 the code is unreachable).  The bound
 * of n is its unsigned bound: for v <s n with v >= 0, either n >= 0, so
 * n's signed and unsigned values agree, or the edge is never taken. */
static int md_cond_bound1(md_bounds *b, LLVMValueRef cond, int truth,
                          LLVMValueRef v, int *needs_nonneg, int depth) {
  LLVMIntPredicate p;
  LLVMValueRef x, n;
  int nb;
  if (!LLVMIsAICmpInst(cond))
    return -1;
  p = LLVMGetICmpPredicate(cond);
  x = LLVMGetOperand(cond, 0);
  n = LLVMGetOperand(cond, 1);
  if (!truth) {
    static const LLVMIntPredicate inv[] = {
        LLVMIntNE,  LLVMIntEQ,  LLVMIntULE, LLVMIntULT, LLVMIntUGE,
        LLVMIntUGT, LLVMIntSLE, LLVMIntSLT, LLVMIntSGE, LLVMIntSGT};
    p = inv[p - LLVMIntEQ];
  }
  if (n == v && x != v) {
    static const LLVMIntPredicate sw[] = {
        LLVMIntEQ,  LLVMIntNE,  LLVMIntULT, LLVMIntULE, LLVMIntUGT,
        LLVMIntUGE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
    n = x;
    x = v;
    p = sw[p - LLVMIntEQ];
  }
  if (x != v)
    return -1;
  *needs_nonneg = (p == LLVMIntSLT || p == LLVMIntSLE);
  if (p != LLVMIntULT && p != LLVMIntULE && p != LLVMIntSLT &&
      p != LLVMIntSLE && p != LLVMIntEQ)
    return -1;
  /* n's bound, without conditions of its own (they would need a use
   * point); constants and invariants are exact. */
  nb = md_bnd(b, n, NULL, depth + 1);
  if (nb < 0)
    return -1;
  if (p == LLVMIntULT || p == LLVMIntSLT) {
    /* v < n: v <= n - 1; n = 0 makes the edge impossible (SUB1). */
    return md_sub1(b, nb);
  }
  return nb; /* v <= n, v == n */
}

/* md_cond_bound1 for v, or for x where v = zext x / sext x (loops that
 * indvars widened: the condition tests x, the PHI takes sext(x)).
 * unsigned(zext x) = unsigned(x), but a signed condition on x says nothing
 * about a negative x, whose zext is >= 0: refused.  unsigned(sext x) =
 * unsigned(x) for x >= 0: sext(x) >= 0 is required (*needs_nonneg). */
static int md_cond_bound(md_bounds *b, LLVMValueRef cond, int truth,
                         LLVMValueRef v, int *needs_nonneg, int depth) {
  int r = md_cond_bound1(b, cond, truth, v, needs_nonneg, depth);
  int is_z = LLVMIsAZExtInst(v) != NULL, is_s = LLVMIsASExtInst(v) != NULL;
  if (r >= 0 || (!is_z && !is_s))
    return r;
  r = md_cond_bound1(b, cond, truth, LLVMGetOperand(v, 0), needs_nonneg,
                     depth);
  if (r < 0 || (is_z && *needs_nonneg))
    return -1;
  if (is_s)
    *needs_nonneg = 1;
  return r;
}

/* Conditions on v that hold at the end of block `bb` (edge_to == NULL) or
 * on the edge bb -> edge_to: the edge's own branch, then the edges P -> X
 * into the blocks X that dominate bb, where X is entered only from P
 * (walking up the dominator tree, as md_range does).  The bound of the
 * first condition found, or -1; *needs_nonneg as md_cond_bound. */
static int md_cond_search(md_bounds *b, LLVMValueRef v, LLVMBasicBlockRef bb,
                          LLVMBasicBlockRef edge_to, int *needs_nonneg,
                          int depth) {
  int steps;
  if (!b->dom || !bb)
    return -1;
  if (edge_to) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    if (term && LLVMIsABranchInst(term) && LLVMIsConditional(term) &&
        LLVMGetSuccessor(term, 0) != LLVMGetSuccessor(term, 1)) {
      int r = md_cond_bound(b, LLVMGetCondition(term),
                            LLVMGetSuccessor(term, 0) == edge_to, v,
                            needs_nonneg, depth);
      if (r >= 0)
        return r;
    }
  }
  for (steps = 0; bb && steps < 32; steps++) {
    LLVMBasicBlockRef pred = md_dom_single_pred(b->dom, bb);
    LLVMValueRef term = pred ? LLVMGetBasicBlockTerminator(pred) : NULL;
    if (term && LLVMIsABranchInst(term) && LLVMIsConditional(term) &&
        LLVMGetSuccessor(term, 0) != LLVMGetSuccessor(term, 1)) {
      int r = md_cond_bound(b, LLVMGetCondition(term),
                            LLVMGetSuccessor(term, 0) == bb, v, needs_nonneg,
                            depth);
      if (r >= 0)
        return r;
    }
    bb = md_dom_idom(b->dom, bb);
  }
  return -1;
}

/* The bound of v from a condition dominating `at`. */
static int md_bnd_cond(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                       int depth) {
  int nn = 0, r;
  if (!at || !LLVMIsAInstruction(at))
    return -1;
  r = md_cond_search(b, v, LLVMGetInstructionParent(at), NULL, &nn, depth);
  if (r < 0)
    return -1;
  b->dep = 1;
  return nn ? md_with_nonneg(b, r, v, at, depth) : r;
}

/* PHI: the maximum over its incoming values, each bounded on its edge.
 *
 * Loops (the grid-stride loop, rotated: i = phi [start, pre], [i + step,
 * latch], each edge taken only if its value is < n): if EVERY incoming
 * edge has a condition bounding its value, C = max of those bounds bounds
 * every value the PHI takes, with no induction needed -- except that a
 * signed condition needs the value >= 0.  That is shown by induction over
 * the executions of the PHI's edges: assuming the PHI's earlier values are
 * <= C (the hypothesis, used where the incoming value depends on the PHI),
 * the incoming value's own bound is <= 2^(w-1) - 1 (a guard), hence >= 0.
 * An incoming value that depends on the PHI is computed after the PHI got
 * an earlier value (SSA: its definition is dominated by the PHI), so the
 * hypothesis is about values already taken.
 *
 * Otherwise (no loop-carried condition) each incoming value is bounded
 * where its edge leaves, and the PHI may not be assumed: a cycle fails. */
static int md_bnd_phi(md_bounds *b, LLVMValueRef phi, int depth) {
  unsigned n = LLVMCountIncoming(phi), i;
  unsigned w = md_value_width(phi);
  LLVMBasicBlockRef h = LLVMGetInstructionParent(phi);
  int k, c = -1, all = 1, r;
  int signed_any = 0;
  if (n == 0 || n > 8)
    return -1;
  for (k = 0; k < b->nhyp; k++)
    if (b->hyp_v[k] == phi) {
      b->dep = 1;
      return b->hyp_n[k];
    }
  if (b->nhyp == MD_BND_MAX_HYP)
    return -1;
  /* Edge conditions on each incoming value. */
  for (i = 0; i < n && all; i++) {
    int nn = 0;
    int e = md_cond_search(b, LLVMGetIncomingValue(phi, i),
                           LLVMGetIncomingBlock(phi, i), h, &nn, depth);
    if (e < 0)
      all = 0;
    else {
      c = c < 0 ? e : md_max(b, c, e);
      signed_any |= nn;
    }
  }
  if (all && c >= 0) {
    b->hyp_v[b->nhyp] = phi;
    b->hyp_n[b->nhyp] = c;
    b->nhyp++;
    r = c;
    if (signed_any) {
      for (i = 0; i < n && r >= 0; i++) {
        LLVMValueRef x = LLVMGetIncomingValue(phi, i);
        LLVMValueRef term =
            LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(phi, i));
        int s;
        if (md_known_nonneg(b->range, x, term))
          continue;
        s = md_bnd(b, x, term, depth + 1);
        r = s < 0 ? -1 : md_guard(b, r, s, md_smax_w(w));
      }
    }
    b->nhyp--;
    b->dep = 1;
    return r;
  }
  b->hyp_v[b->nhyp] = phi;
  b->hyp_n[b->nhyp] = -1;
  b->nhyp++;
  r = -1;
  for (i = 0; i < n; i++) {
    LLVMValueRef x = LLVMGetIncomingValue(phi, i);
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
    int nn = 0, e = md_cond_search(b, x, from, h, &nn, depth);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(from);
    if (e >= 0 && nn)
      e = md_with_nonneg(b, e, x, term, depth);
    if (e < 0)
      e = md_bnd(b, x, term, depth + 1);
    if (e < 0) {
      r = -1;
      break;
    }
    r = r < 0 ? e : md_max(b, r, e);
  }
  b->nhyp--;
  b->dep = 1;
  return r;
}

/* add a, b where b <= N - 1 and a = x * N: x*N + b <= X*N + N - 1 =
 * (X + 1) * N - 1 for x <= X -- the mixed-radix bound of an index
 * (ctaid*ntid + tid <= nctaid*ntid - 1), the form the requirement
 * "nctaid*ntid <= 2^31" reads best in.  (Wrap of the mul or the add only
 * lowers the value.)  N is a launch-invariant value; b's bound is N - 1
 * structurally or from a condition (for N = 0, b <= -1 is impossible:
 * unreachable, the SUB1 invariant).  -1 if the shape differs. */
static int md_mixed_radix(md_bounds *b, LLVMValueRef m, LLVMValueRef y,
                          LLVMValueRef at, int depth) {
  LLVMValueRef ops[2];
  int j;
  if (!LLVMIsAInstruction(m) || LLVMGetInstructionOpcode(m) != LLVMMul)
    return -1;
  ops[0] = LLVMGetOperand(m, 0);
  ops[1] = LLVMGetOperand(m, 1);
  for (j = 0; j < 2; j++) {
    LLVMValueRef x = ops[j], nv = ops[1 - j];
    int nn = md_invariant_leaf(b, nv), yb, xb;
    if (nn < 0)
      continue;
    yb = md_bnd(b, y, at, depth + 1);
    if (yb < 0 || md_core(b, yb) != md_sub1(b, nn)) {
      int c = md_bnd_cond(b, y, at, depth + 1);
      if (c >= 0 && md_core(b, c) == md_sub1(b, nn))
        yb = c;
      else
        continue;
    }
    xb = md_bnd(b, x, at, depth + 1);
    if (xb < 0)
      continue;
    /* (X + 1) * N - 1, with the guards of y's bound */
    return md_move_guards(
        b, yb, md_sub1(b, md_node(b, MD_B_MUL, md_add1(b, xb), nn, 0)));
  }
  return -1;
}

/* Is v never poison?  (Then freeze(v) = v.)  Constants, noundef
 * arguments, the geometry intrinsics, and integer ops without
 * poison-generating flags (nsw/nuw/exact/disjoint/nneg, an out-of-range
 * shift) over such values; a division is UB, not poison, for a bad
 * divisor.  A launch-invariant value that may be poison (a flag) is
 * accepted when the caller makes "its program is not poison" a launch
 * condition: its leaf is added to inv[] (at most MD_NP_INV; *ninv).
 * Anything else (loads, calls, PHIs): "maybe poison". */
#define MD_NP_INV 4
static int md_invariant_leaf(md_bounds *b, LLVMValueRef v);
static int md_not_poison_rules(md_bounds *b, LLVMValueRef v, int depth,
                               int *inv, int *ninv);
static int md_not_poison(md_bounds *b, LLVMValueRef v, int depth, int *inv,
                         int *ninv) {
  int n0 = *ninv, leaf;
  if (md_not_poison_rules(b, v, depth, inv, ninv))
    return 1;
  *ninv = n0;
  if (*ninv < MD_NP_INV && LLVMIsAInstruction(v) &&
      (leaf = md_invariant_leaf(b, v)) >= 0) {
    inv[(*ninv)++] = leaf;
    return 1;
  }
  return 0;
}

static int md_not_poison_rules(md_bounds *b, LLVMValueRef v, int depth,
                               int *inv, int *ninv) {
  char ax;
  unsigned i, n;
  if (LLVMIsAConstantInt(v))
    return 1;
  if (LLVMIsAArgument(v)) {
    LLVMValueRef f = LLVMGetParamParent(v);
    unsigned idx = 0, np = LLVMCountParams(f);
    while (idx < np && LLVMGetParam(f, idx) != v)
      idx++;
    return LLVMGetEnumAttributeAtIndex(
               f, idx + 1, LLVMGetEnumAttributeKindForName("noundef", 7)) !=
           NULL;
  }
  if (depth > 12 || !LLVMIsAInstruction(v) || md_value_width(v) == 0)
    return 0;
  if (md_is_call_to(v, "llvm.nvvm.read.ptx.sreg.tid.", &ax) ||
      md_is_call_to(v, "llvm.nvvm.read.ptx.sreg.ctaid.", &ax) ||
      md_is_call_to(v, "llvm.nvvm.read.ptx.sreg.ntid.", &ax) ||
      md_is_call_to(v, "llvm.nvvm.read.ptx.sreg.nctaid.", &ax))
    return 1;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
    if (LLVMGetNSW(v) || LLVMGetNUW(v))
      return 0;
    break;
  case LLVMShl:
    if (LLVMGetNSW(v) || LLVMGetNUW(v) ||
        !LLVMIsAConstantInt(LLVMGetOperand(v, 1)) ||
        LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1)) >= md_value_width(v))
      return 0;
    break;
  case LLVMUDiv:
  case LLVMSDiv:
    if (LLVMGetExact(v))
      return 0;
    break;
  case LLVMOr:
    if (LLVMGetIsDisjoint(v))
      return 0;
    break;
  case LLVMURem:
  case LLVMSRem:
  case LLVMAnd:
  case LLVMXor:
  case LLVMFreeze:
    break;
  default:
    return 0;
  }
  if (LLVMGetInstructionOpcode(v) == LLVMFreeze)
    return 1;
  n = (unsigned)LLVMGetNumOperands(v);
  for (i = 0; i < n; i++)
    if (!md_not_poison(b, LLVMGetOperand(v, i), depth + 1, inv, ninv))
      return 0;
  return 1;
}

/* Is x compared (icmp x, _ as the condition of a conditional branch) in
 * the terminator of `from` or of a block dominating it?  Such a branch ran
 * before the edge out of `from` was taken, after x's latest definition
 * (x's definition dominates the compare); a branch on poison is undefined
 * behaviour, so x was not poison when the edge was taken. */
static int md_branched_on(md_bounds *b, LLVMValueRef x, LLVMBasicBlockRef from) {
  int steps;
  for (steps = 0; from && steps < 32; steps++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(from);
    if (t && LLVMIsABranchInst(t) && LLVMIsConditional(t)) {
      LLVMValueRef c = LLVMGetCondition(t);
      if (LLVMIsAICmpInst(c) &&
          (LLVMGetOperand(c, 0) == x || LLVMGetOperand(c, 1) == x))
        return 1;
    }
    from = b->dom ? md_dom_idom(b->dom, from) : NULL;
  }
  return 0;
}

/* freeze(phi) = phi when every incoming value is never poison, or was
 * branched on before its edge (md_branched_on): the PHI is then not
 * poison either -- the grid-stride loop's index, frozen by LLVM before a
 * division. */
static int md_phi_not_poison(md_bounds *b, LLVMValueRef phi, int *inv,
                             int *ninv) {
  unsigned i, n = LLVMCountIncoming(phi);
  for (i = 0; i < n; i++) {
    LLVMValueRef x = LLVMGetIncomingValue(phi, i);
    if (!md_not_poison(b, x, 0, inv, ninv) &&
        !md_branched_on(b, x, LLVMGetIncomingBlock(phi, i)))
      return 0;
  }
  return n > 0;
}

/* x - (x / d) * d, the remainder as instcombine leaves it next to the
 * quotient: *is_signed for sdiv (srem's value), 1 with *d set, or 0. */
static int md_rem_shape(LLVMValueRef v, LLVMValueRef *d, int *is_signed) {
  LLVMValueRef x = LLVMGetOperand(v, 0), m = LLVMGetOperand(v, 1), q;
  int j;
  if (!LLVMIsAInstruction(m) || LLVMGetInstructionOpcode(m) != LLVMMul)
    return 0;
  for (j = 0; j < 2; j++) {
    q = LLVMGetOperand(m, (unsigned)j);
    if (LLVMIsAInstruction(q) &&
        (LLVMGetInstructionOpcode(q) == LLVMSDiv ||
         LLVMGetInstructionOpcode(q) == LLVMUDiv) &&
        LLVMGetOperand(q, 0) == x &&
        LLVMGetOperand(q, 1) == LLVMGetOperand(m, (unsigned)(1 - j))) {
      *d = LLVMGetOperand(q, 1);
      *is_signed = LLVMGetInstructionOpcode(q) == LLVMSDiv;
      return 1;
    }
  }
  return 0;
}

/* Structural rules. */
static int md_bnd_rules(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                        int depth) {
  unsigned w = md_value_width(v);
  LLVMValueRef a0, a1;
  int x, y, r;
  if (w == 0 || w > 64)
    return -1;
  if (LLVMIsAConstantInt(v))
    return md_const(b, LLVMConstIntGetZExtValue(v));
  if ((r = md_geometry(b, v)) >= 0)
    return r;
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMZExt)
    /* zext keeps the unsigned value */
    return md_bnd(b, LLVMGetOperand(v, 0), at, depth + 1);
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMSExt) {
    /* sext of a value >= 0 (bound <= 2^(w0-1) - 1) keeps the value (also
     * for an invariant x: one leaf for x and sext(x)) */
    a0 = LLVMGetOperand(v, 0);
    x = md_bnd(b, a0, at, depth + 1);
    return x < 0 ? -1 : md_self_guard(b, x, md_smax_w(md_value_width(a0)));
  }
  if ((r = md_invariant_leaf(b, v)) >= 0)
    return r; /* the exact value, recomputed by the host */
  if (!LLVMIsAInstruction(v))
    return -1;
  a0 = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
  a1 = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMTrunc:
    /* trunc(a) = a mod 2^w <= a */
    return md_bnd(b, a0, at, depth + 1);
  case LLVMAdd:
    /* Unsigned wrap only lowers a value: (a + b) mod 2^w <= a + b, and
     * likewise for mul and shl.  So a + b <= A + B with or without wrap;
     * no guard (the final check says the bound itself is small). */
    if ((r = md_mixed_radix(b, a0, a1, at, depth)) >= 0 ||
        (r = md_mixed_radix(b, a1, a0, at, depth)) >= 0)
      return r;
    return md_node(b, MD_B_ADD, md_bnd(b, a0, at, depth + 1),
                   md_bnd(b, a1, at, depth + 1), 0);
  case LLVMSub: {
    /* x - (x / d) * d is x rem d exactly (with wrap: the quotient times d
     * is at most x in magnitude for the truncating division, so the
     * difference is the remainder whatever the flags; a poison flag only
     * makes it poison).  Bounded as urem / srem below. */
    LLVMValueRef d;
    int sg;
    if (!md_rem_shape(v, &d, &sg))
      return -1;
    x = md_bnd(b, a0, at, depth + 1);
    y = LLVMIsAConstantInt(d) ? md_const(b, LLVMConstIntGetZExtValue(d))
                              : md_bnd(b, d, at, depth + 1);
    if (!sg)
      return y >= 0 ? md_sub1(b, y) : x;
    if (x < 0)
      return -1;
    if (y < 0)
      return md_self_guard(b, x, md_smax_w(w));
    return md_guard(b, md_sub1(b, y), x, md_smax_w(w));
  }
  case LLVMFreeze: {
    /* freeze(a) = a when a is never poison (given, for the invariant
     * values in inv[], the launch condition "not poison": a guard
     * "value <= 2^64 - 1", false exactly when its program is poison) */
    int inv[MD_NP_INV], ninv = 0, k;
    if (!md_not_poison(b, a0, 0, inv, &ninv) &&
        !(LLVMIsAPHINode(a0) && md_phi_not_poison(b, a0, inv, &ninv)))
      return -1;
    r = md_bnd(b, a0, at, depth + 1);
    for (k = 0; k < ninv && r >= 0; k++)
      r = md_guard(b, r, inv[k], MD_BND_INF);
    return r;
  }
  case LLVMOr:
    /* a | b <= a + b (no carries) */
    return md_node(b, MD_B_ADD, md_bnd(b, a0, at, depth + 1),
                   md_bnd(b, a1, at, depth + 1), 0);
  case LLVMMul:
    return md_node(b, MD_B_MUL, md_bnd(b, a0, at, depth + 1),
                   md_bnd(b, a1, at, depth + 1), 0);
  case LLVMShl:
    /* a << k = (a * 2^k) mod 2^w for a constant k < w */
    if (!LLVMIsAConstantInt(a1) || LLVMConstIntGetZExtValue(a1) >= w)
      return -1;
    return md_node(b, MD_B_MUL, md_bnd(b, a0, at, depth + 1),
                   md_const(b, 1ull << LLVMConstIntGetZExtValue(a1)), 0);
  case LLVMAnd:
    /* a & b <= min(a, b) (unsigned) */
    if (LLVMIsAConstantInt(a1))
      return md_const(b, LLVMConstIntGetZExtValue(a1));
    x = md_bnd(b, a0, at, depth + 1);
    y = md_bnd(b, a1, at, depth + 1);
    if (x >= 0 && y >= 0)
      return md_node(b, MD_B_UMIN, x < y ? x : y, x < y ? y : x, 0);
    return x >= 0 ? x : y;
  case LLVMLShr:
    /* a >> k <= A >> k; for a non-constant k, <= A */
    x = md_bnd(b, a0, at, depth + 1);
    if (LLVMIsAConstantInt(a1)) {
      uint64_t k = LLVMConstIntGetZExtValue(a1);
      if (k >= w)
        return -1; /* poison */
      return x >= 0 ? md_node(b, MD_B_LSHR, x, -1, k)
                    : md_const(b, md_umax_w(w) >> k);
    }
    return x;
  case LLVMUDiv:
    /* a / d <= A / d for d >= 1 (d = 0 is UB); a / d <= A for any d */
    x = md_bnd(b, a0, at, depth + 1);
    if (x < 0)
      return -1;
    y = LLVMIsAConstantInt(a1) ? md_const(b, LLVMConstIntGetZExtValue(a1))
                               : md_invariant_leaf(b, a1);
    return y >= 0 ? md_node(b, MD_B_UDIV, x, y, 0) : x;
  case LLVMSDiv:
    /* a >= 0 (guard: A <= 2^(w-1)-1) and d >= 1: a sdiv d = a udiv d.
     * d >= 1: a constant; an invariant with the guard zext(d) <=
     * 2^(w-1) - 1 (d >= 0, and d = 0 is UB); or any
     * value >= 0 (d = 0 is UB), then a / d <= A. */
    x = md_bnd(b, a0, at, depth + 1);
    if (x < 0)
      return -1;
    x = md_self_guard(b, x, md_smax_w(w));
    if (LLVMIsAConstantInt(a1)) {
      long long d = LLVMConstIntGetSExtValue(a1);
      return d >= 1 ? md_node(b, MD_B_UDIV, x, md_const(b, (uint64_t)d), 0)
                    : -1;
    }
    if ((y = md_invariant_leaf(b, a1)) >= 0)
      /* zext(d) <= 2^(w-1) - 1: d >= 0, and d = 0 is UB */
      return md_guard(b, md_node(b, MD_B_UDIV, x, y, 0), y, md_smax_w(w));
    y = md_bnd(b, a1, at, depth + 1);
    return y < 0 ? -1 : md_guard(b, x, y, md_smax_w(w));
  case LLVMURem:
    /* a urem d <= d - 1 (d = 0 is UB: SUB1), and <= a */
    if (LLVMIsAConstantInt(a1)) {
      uint64_t d = LLVMConstIntGetZExtValue(a1);
      return d ? md_const(b, d - 1) : -1;
    }
    y = md_bnd(b, a1, at, depth + 1);
    return y >= 0 ? md_sub1(b, y) : md_bnd(b, a0, at, depth + 1);
  case LLVMSRem:
    /* a >= 0 (guard): a srem d is in [0, |d| - 1] and [0, a].  For w-bit
     * d != 0, |d| <= zext(d): d > 0 equal, d < 0: zext(d) = 2^w - |d| >=
     * |d| as |d| <= 2^(w-1).  So <= D - 1 for any bound D of zext(d). */
    x = md_bnd(b, a0, at, depth + 1);
    if (x < 0)
      return -1;
    y = md_bnd(b, a1, at, depth + 1);
    if (y < 0)
      return md_self_guard(b, x, md_smax_w(w));
    return md_guard(b, md_sub1(b, y), x, md_smax_w(w));
  case LLVMSelect:
    /* one of the arms */
    return md_max(b, md_bnd(b, LLVMGetOperand(v, 1), at, depth + 1),
                  md_bnd(b, LLVMGetOperand(v, 2), at, depth + 1));
  case LLVMPHI:
    return md_bnd_phi(b, v, depth + 1);
  case LLVMCall:
    /* umin: <= either; umax: <= max; smin / smax of two values >= 0
     * (guards) are umin / umax. */
    if (md_call_prefix(v, "llvm.umin.") || md_call_prefix(v, "llvm.umax.") ||
        md_call_prefix(v, "llvm.smin.") || md_call_prefix(v, "llvm.smax.")) {
      int is_min = md_call_prefix(v, "llvm.umin.") ||
                   md_call_prefix(v, "llvm.smin.");
      int is_s = md_call_prefix(v, "llvm.smin.") ||
                 md_call_prefix(v, "llvm.smax.");
      x = md_bnd(b, a0, at, depth + 1);
      y = md_bnd(b, a1, at, depth + 1);
      if (is_min && !is_s && (x < 0 || y < 0))
        return x >= 0 ? x : y;
      if (x < 0 || y < 0)
        return -1;
      if (is_s) {
        x = md_self_guard(b, x, md_smax_w(w));
        y = md_self_guard(b, y, md_smax_w(w));
      }
      return is_min ? md_node(b, MD_B_UMIN, x < y ? x : y, x < y ? y : x, 0)
                    : md_max(b, x, y);
    }
    return -1;
  default:
    return -1;
  }
}

/* The structural rules alone (v's own conditions not searched: used to
 * show v >= 0 for a signed condition on v). */
static int md_bnd_struct(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                         int depth) {
  uintptr_t m = (uintptr_t)md_map_get(&b->memo, v);
  if (m)
    return (int)m - 1;
  if (depth > MD_BND_MAX_DEPTH || ++b->steps > MD_BND_MAX_STEPS)
    return -1;
  return md_bnd_rules(b, v, at, depth);
}

/* The bound of v at `at` (NULL: no conditions): the structural rules, then
 * dominating conditions.  Answers that used neither a condition nor a
 * PHI hypothesis hold everywhere and are memoized. */
static int md_bnd(md_bounds *b, LLVMValueRef v, LLVMValueRef at, int depth) {
  uintptr_t m = (uintptr_t)md_map_get(&b->memo, v);
  int r, dep0 = b->dep;
  if (m)
    return (int)m - 1;
  if (depth > MD_BND_MAX_DEPTH || ++b->steps > MD_BND_MAX_STEPS)
    return -1;
  b->dep = 0;
  r = md_bnd_rules(b, v, at, depth);
  if (r < 0)
    r = md_bnd_cond(b, v, at, depth);
  if (r >= 0 && !b->dep && b->nhyp == 0)
    md_map_put(&b->memo, v, (void *)(uintptr_t)(r + 1));
  b->dep |= dep0;
  return r;
}

/* ---- requirements ---- */

void md_breq_init(md_breq *r) {
  memset(r, 0, sizeof *r);
  r->root = -1;
}

/* Add "node <= limit" to r unless present; 0 when r is full. */
static int md_conj_add(md_bounds *b, md_breq *r, int node, uint64_t limit) {
  unsigned i;
  node = md_core(b, node);
  if (b->nodes[node].op == MD_B_CONST) /* decided now */
    return b->nodes[node].c <= limit;
  for (i = 0; i < r->n; i++)
    if (r->node[i] == node && r->limit[i] <= limit)
      return 1;
  if (r->n == MD_BND_MAX_CONJ)
    return 0;
  r->node[r->n] = node;
  r->limit[r->n] = limit;
  r->n++;
  return 1;
}

/* Collect the guards below node n into r.  cov: a limit that node n is
 * already known to satisfy (from a condition above it: n <= parent <=
 * cov for add/max parents), so that a guard "n <= L" with L >= cov is
 * implied and not repeated.  *budget bounds the walk of a shared DAG. */
static int md_collect(md_bounds *b, md_breq *r, int n, uint64_t cov,
                      unsigned *budget) {
  const md_bnode *nd;
  if (n < 0 || (*budget)-- == 0)
    return 0;
  nd = &b->nodes[n];
  switch (nd->op) {
  case MD_B_GUARD:
    if (nd->b == nd->a) {
      if (cov > nd->c) {
        if (!md_conj_add(b, r, nd->a, nd->c))
          return 0;
        cov = nd->c;
      }
    } else {
      if (!md_conj_add(b, r, nd->b, nd->c) ||
          !md_collect(b, r, nd->b, nd->c, budget))
        return 0;
    }
    return md_collect(b, r, nd->a, cov, budget);
  case MD_B_ADD:
  case MD_B_UMAX:
    /* each operand <= the sum / the maximum */
    return md_collect(b, r, nd->a, cov, budget) &&
           md_collect(b, r, nd->b, cov, budget);
  case MD_B_SUB1:
    return md_collect(b, r, nd->a, cov == MD_BND_INF ? cov : cov + 1,
                      budget);
  case MD_B_MUL:
  case MD_B_UDIV:
  case MD_B_UMIN:
    return md_collect(b, r, nd->a, MD_BND_INF, budget) &&
           md_collect(b, r, nd->b, MD_BND_INF, budget);
  case MD_B_LSHR:
    return md_collect(b, r, nd->a, MD_BND_INF, budget);
  default:
    return 1;
  }
}

/* Is value(g) <= value(h) wherever g bounds a reachable value?  h built
 * from g by add / max / a product with a constant >= 1; or g = g' / d, g' >> k, g' - 1, min(g', _) with g'
 * below h (a quotient by d >= 1 -- d = 0 makes the bounded value
 * unreachable, the division being UB -- a shift, SUB1, a minimum). */
static int md_below(md_bounds *b, int g, int h, int depth) {
  const md_bnode *nd, *gd;
  if (g == h)
    return 1;
  if (depth > 8 || h < 0 || g < 0)
    return 0;
  nd = &b->nodes[h];
  if ((nd->op == MD_B_ADD || nd->op == MD_B_UMAX) &&
      (md_below(b, g, nd->a, depth + 1) || md_below(b, g, nd->b, depth + 1)))
    return 1;
  /* x * c1 <= x * c2 for constants c1 <= c2 */
  if (nd->op == MD_B_MUL && b->nodes[g].op == MD_B_MUL &&
      b->nodes[g].a == nd->a && b->nodes[nd->b].op == MD_B_CONST &&
      b->nodes[b->nodes[g].b].op == MD_B_CONST &&
      b->nodes[b->nodes[g].b].c <= b->nodes[nd->b].c)
    return 1;
  /* x <= x * c for a constant c >= 1 */
  if (nd->op == MD_B_MUL && b->nodes[nd->b].op == MD_B_CONST &&
      b->nodes[nd->b].c >= 1 && md_below(b, g, nd->a, depth + 1))
    return 1;
  if (nd->op == MD_B_MUL && b->nodes[nd->a].op == MD_B_CONST &&
      b->nodes[nd->a].c >= 1 && md_below(b, g, nd->b, depth + 1))
    return 1;
  gd = &b->nodes[g];
  if (gd->op == MD_B_UDIV || gd->op == MD_B_LSHR || gd->op == MD_B_SUB1)
    return md_below(b, gd->a, h, depth + 1);
  if (gd->op == MD_B_UMIN)
    return md_below(b, gd->a, h, depth + 1) || md_below(b, gd->b, h, depth + 1);
  return 0;
}

/* Drop the conditions of r that another one implies: g <= L follows from
 * h <= L' when g <= h and L' <= L, or from P - 1 <= L' (written P <= L'+1,
 * the SUB1 invariant) when g <= P and L' + 1 <= L. */
static void md_conj_prune(md_bounds *b, md_breq *r) {
  unsigned i, j, k;
  for (i = 0; i < r->n;) {
    int implied = 0;
    for (j = 0; j < r->n && !implied; j++) {
      int h = r->node[j];
      uint64_t lj = r->limit[j];
      if (j == i ||
          (r->node[j] == r->node[i] && r->limit[j] == r->limit[i] && j > i))
        continue;
      implied = lj <= r->limit[i] && md_below(b, r->node[i], h, 0);
      if (!implied && b->nodes[h].op == MD_B_SUB1 && lj < MD_BND_INF)
        implied = lj + 1 <= r->limit[i] &&
                  md_below(b, r->node[i], b->nodes[h].a, 0);
    }
    if (!implied) {
      i++;
      continue;
    }
    for (k = i; k + 1 < r->n; k++) {
      r->node[k] = r->node[k + 1];
      r->limit[k] = r->limit[k + 1];
    }
    r->n--;
  }
}

/* The value of node n at a reference launch (blocks of 128 x 8 x 4
 * threads, a grid of 4096 x 512 x 64 blocks) when it depends on the launch
 * dimensions and constants only: 1 with *v; 0 if it reads an argument
 * (not known); -1 if it overflows 64 bits or divides by 0 there (the
 * requirement's program would fail). */
static int md_ref_value(md_bounds *b, int n, uint64_t *v, int depth) {
  static const uint64_t dims[9] = {128, 8, 4, 4096, 512, 64,
                                   128 * 4096, 8 * 512, 4 * 64};
  const md_bnode *nd = &b->nodes[n];
  uint64_t x, y = 0;
  int rx, ry = 1;
  if (depth > 128)
    return 0;
  switch (nd->op) {
  case MD_B_CONST:
    *v = nd->c;
    return 1;
  case MD_B_INV: {
    const md_binv *iv = &b->invs[nd->c];
    const uint8_t *p = iv->prog.p;
    if (iv->prog.n >= 2 && p[0] == MD_OP_LAUNCH && p[1] <= MD_LAUNCH_ITEMS_Z &&
        (iv->prog.n == 2 || (iv->prog.n == 5 && p[2] == MD_OP_TRUNC))) {
      *v = dims[p[1]];
      return 1;
    }
    return 0;
  }
  case MD_B_GUARD:
    return md_ref_value(b, nd->a, v, depth + 1);
  default:
    break;
  }
  rx = md_ref_value(b, nd->a, &x, depth + 1);
  if (nd->op != MD_B_SUB1 && nd->op != MD_B_LSHR)
    ry = md_ref_value(b, nd->b, &y, depth + 1);
  if (rx <= 0 || ry <= 0)
    return rx < 0 || ry < 0 ? -1 : 0;
  switch (nd->op) {
  case MD_B_SUB1: return x >= 1 ? (*v = x - 1, 1) : -1;
  case MD_B_ADD: return __builtin_add_overflow(x, y, v) ? -1 : 1;
  case MD_B_MUL: return __builtin_mul_overflow(x, y, v) ? -1 : 1;
  case MD_B_UDIV: return y ? (*v = x / y, 1) : -1;
  case MD_B_LSHR: return nd->c < 64 ? (*v = x >> nd->c, 1) : -1;
  case MD_B_UMAX: return *v = x > y ? x : y, 1;
  case MD_B_UMIN: return *v = x < y ? x : y, 1;
  default: return 0;
  }
}

/* A condition that fails at the reference launch (and depends on nothing
 * else) is a bad bet: every ordinary launch would run the original
 * kernel, also for the kernel's other sites.  0 for such a condition. */
static int md_ref_plausible(md_bounds *b, int n, uint64_t limit) {
  uint64_t v;
  int r = md_ref_value(b, n, &v, 0);
  return r == 0 || (r > 0 && v <= limit);
}

int md_bounds_need(md_bounds *b, md_breq *r, LLVMValueRef v, LLVMValueRef at,
                   uint64_t limit, int flags) {
  md_breq save = *r;
  unsigned budget = 4 * MD_BND_MAX_STEPS, i;
  int n;
  if ((flags & MD_BND_NOT_INVARIANT) && md_invariant_leaf(b, v) >= 0)
    return 0;
  b->steps = 0;
  b->dep = 0;
  b->nhyp = 0;
  n = md_bnd(b, v, at, 0);
  if (n < 0)
    return 0;
  if (!md_conj_add(b, r, n, limit) || !md_collect(b, r, n, limit, &budget)) {
    *r = save;
    return 0;
  }
  md_conj_prune(b, r);
  /* every condition must have a program within the budgets, and hold at
   * the reference launch if it depends on the launch alone */
  for (i = 0; i < r->n; i++) {
    if (!md_ref_plausible(b, r->node[i], r->limit[i])) {
      *r = save;
      return 0;
    }
    md_buf p;
    int ok;
    md_buf_init(&p);
    ok = md_bounds_program(b, r, i, &p);
    md_buf_free(&p);
    if (!ok) {
      *r = save;
      return 0;
    }
  }
  if (r->root < 0)
    r->root = n;
  return 1;
}

/* Program bytes of node n's value (saturating), memoized in size[]. */
static uint32_t md_size(md_bounds *b, int n, uint32_t *size, int depth) {
  const md_bnode *nd = &b->nodes[n];
  uint64_t s;
  if (size[n])
    return size[n];
  if (depth > 64)
    return UINT32_MAX;
  switch (nd->op) {
  case MD_B_INV:
    s = b->invs[nd->c].prog.n + (b->invs[nd->c].w < 64 ? 3 : 0);
    break;
  case MD_B_CONST:
    s = 10;
    break;
  case MD_B_GUARD:
    s = md_size(b, nd->a, size, depth + 1);
    break;
  case MD_B_SUB1:
  case MD_B_LSHR:
    s = (uint64_t)md_size(b, nd->a, size, depth + 1) + 13;
    break;
  default:
    s = (uint64_t)md_size(b, nd->a, size, depth + 1) +
        md_size(b, nd->b, size, depth + 1) + 3;
    break;
  }
  size[n] = s > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)s;
  return size[n];
}

/* Write node n's value as an i64 program. */
static void md_emit(md_bounds *b, int n, md_buf *out) {
  const md_bnode *nd = &b->nodes[n];
  switch (nd->op) {
  case MD_B_INV: {
    const md_binv *iv = &b->invs[nd->c];
    md_buf_bytes(out, iv->prog.p, iv->prog.n);
    if (iv->w < 64)
      md_prog_cast(out, MD_OP_ZEXT, iv->w, 64);
    return;
  }
  case MD_B_CONST:
    md_prog_const(out, 64, nd->c);
    return;
  case MD_B_GUARD:
    md_emit(b, nd->a, out);
    return;
  case MD_B_SUB1:
    md_emit(b, nd->a, out);
    md_prog_const(out, 64, 1);
    md_prog_binop(out, MD_OP_SUB, 64, MD_OF_NUW);
    return;
  case MD_B_LSHR:
    md_emit(b, nd->a, out);
    md_prog_const(out, 64, nd->c);
    md_prog_binop(out, MD_OP_LSHR, 64, 0);
    return;
  default: {
    static const int ops[] = {0, 0, 0, 0, MD_OP_ADD, MD_OP_MUL, MD_OP_UDIV,
                              0, MD_OP_UMAX, MD_OP_UMIN};
    int op = ops[nd->op];
    int a = nd->a, c = nd->b;
    /* commutative: the larger program first (a shallower stack) */
    if (op != MD_OP_UDIV && a < c) {
      int t = a;
      a = c;
      c = t;
    }
    md_emit(b, a, out);
    md_emit(b, c, out);
    md_prog_binop(out, op, 64,
                  (op == MD_OP_ADD || op == MD_OP_MUL) ? MD_OF_NUW : 0);
    return;
  }
  }
}

int md_bounds_program(md_bounds *b, const md_breq *r, unsigned i,
                      md_buf *out) {
  uint32_t *size;
  uint64_t total;
  size_t start = out->n;
  int n, depth;
  uint64_t limit;
  if (i >= r->n)
    return 0;
  size = calloc(b->nnodes ? b->nnodes : 1, sizeof *size);
  if (!size)
    return 0;
  total = (uint64_t)md_size(b, r->node[i], size, 0) + 10 + 3;
  free(size);
  if (total > MD_BND_MAX_BYTES)
    return 0;
  n = md_core(b, r->node[i]);
  limit = r->limit[i];
  /* P - 1 <= L  as  P <= L + 1 (the SUB1 invariant) */
  if (b->nodes[n].op == MD_B_SUB1 && limit < MD_BND_INF) {
    n = b->nodes[n].a;
    limit++;
  }
  md_emit(b, n, out);
  md_prog_const(out, 64, limit);
  md_prog_icmp(out, 64, MD_PRED_ULE);
  depth = md_prog_stack_depth(out->p + start, out->n - start);
  if (out->oom || depth < 0 || depth > MD_STACK_MAX) {
    out->n = start;
    return 0;
  }
  return 1;
}

int md_bounds_merge(md_bounds *b, md_breq *dst, const md_breq *src) {
  md_breq t = *dst;
  unsigned i;
  for (i = 0; i < src->n; i++)
    if (!md_conj_add(b, &t, src->node[i], src->limit[i]))
      return 0;
  md_conj_prune(b, &t);
  t.root = dst->root;
  *dst = t;
  return 1;
}

int md_bounds_cond_leaf(md_bounds *b, const md_breq *r, unsigned i,
                        const md_buf **prog, unsigned *w, uint64_t *limit) {
  int n;
  if (i >= r->n)
    return 0;
  n = md_core(b, r->node[i]);
  *limit = r->limit[i];
  /* x - 1 <= L is written x <= L + 1 (the SUB1 invariant) */
  if (b->nodes[n].op == MD_B_SUB1 && *limit < MD_BND_INF) {
    n = b->nodes[n].a;
    ++*limit;
  }
  if (b->nodes[n].op != MD_B_INV)
    return 0;
  *prog = &b->invs[b->nodes[n].c].prog;
  *w = b->invs[b->nodes[n].c].w;
  return 1;
}

/* ---- text ---- */

static const char *md_launch_text(int which) {
  static const char *names[] = {"ntid.x",   "ntid.y",   "ntid.z",
                                "nctaid.x", "nctaid.y", "nctaid.z",
                                "items.x",  "items.y",  "items.z"};
  return which >= 0 && which <= MD_LAUNCH_ITEMS_Z ? names[which] : "?";
}

static void md_put(char *buf, size_t size, size_t *pos, const char *s,
                   size_t n) {
  while (n-- && *pos + 1 < size)
    buf[(*pos)++] = *s++;
  buf[*pos < size ? *pos : size - 1] = 0;
}

static void md_puts(char *buf, size_t size, size_t *pos, const char *s) {
  md_put(buf, size, pos, s, strlen(s));
}

static void md_text(md_bounds *b, int n, char *buf, size_t size, size_t *pos,
                    int prec, int depth) {
  const md_bnode *nd;
  char tmp[32];
  if (depth > 8) {
    md_puts(buf, size, pos, "...");
    return;
  }
  n = md_core(b, n);
  nd = &b->nodes[n];
  switch (nd->op) {
  case MD_B_INV: {
    const md_binv *iv = &b->invs[nd->c];
    const uint8_t *p = iv->prog.p;
    size_t len = 0;
    const char *name = iv->v && LLVMIsAArgument(iv->v)
                           ? LLVMGetValueName2(iv->v, &len)
                           : NULL;
    if (iv->prog.n >= 2 && p[0] == MD_OP_LAUNCH &&
        (iv->prog.n == 2 || (iv->prog.n == 5 && p[2] == MD_OP_TRUNC)))
      md_puts(buf, size, pos, md_launch_text(p[1]));
    else if (name && len)
      md_put(buf, size, pos, name, len);
    else if (p[0] == MD_OP_ARG && iv->prog.n == 8) {
      snprintf(tmp, sizeof tmp, "arg%u", md_rd16(p + 1 + MD_ARG_PARAM));
      md_puts(buf, size, pos, tmp);
    } else
      md_puts(buf, size, pos, "inv");
    return;
  }
  case MD_B_CONST:
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)nd->c);
    md_puts(buf, size, pos, tmp);
    return;
  case MD_B_SUB1:
    if (prec > 1)
      md_puts(buf, size, pos, "(");
    md_text(b, nd->a, buf, size, pos, 1, depth + 1);
    md_puts(buf, size, pos, "-1");
    if (prec > 1)
      md_puts(buf, size, pos, ")");
    return;
  case MD_B_ADD:
    if (prec > 1)
      md_puts(buf, size, pos, "(");
    md_text(b, nd->a, buf, size, pos, 1, depth + 1);
    md_puts(buf, size, pos, "+");
    md_text(b, nd->b, buf, size, pos, 1, depth + 1);
    if (prec > 1)
      md_puts(buf, size, pos, ")");
    return;
  case MD_B_MUL:
  case MD_B_UDIV:
    md_text(b, nd->a, buf, size, pos, 2, depth + 1);
    md_puts(buf, size, pos, nd->op == MD_B_MUL ? "*" : "/");
    md_text(b, nd->b, buf, size, pos, 3, depth + 1);
    return;
  case MD_B_LSHR:
    md_text(b, nd->a, buf, size, pos, 3, depth + 1);
    snprintf(tmp, sizeof tmp, ">>%llu", (unsigned long long)nd->c);
    md_puts(buf, size, pos, tmp);
    return;
  default:
    md_puts(buf, size, pos, nd->op == MD_B_UMAX ? "max(" : "min(");
    md_text(b, nd->a, buf, size, pos, 0, depth + 1);
    md_puts(buf, size, pos, ", ");
    md_text(b, nd->b, buf, size, pos, 0, depth + 1);
    md_puts(buf, size, pos, ")");
    return;
  }
}

void md_bounds_describe(md_bounds *b, const md_breq *r, char *buf,
                        size_t size) {
  size_t pos = 0;
  int n;
  if (size == 0)
    return;
  buf[0] = 0;
  if (r->root < 0)
    return;
  n = md_core(b, r->root);
  if (b->nodes[n].op == MD_B_SUB1) {
    md_puts(buf, size, &pos, "[0, ");
    md_text(b, b->nodes[n].a, buf, size, &pos, 0, 0);
    md_puts(buf, size, &pos, ")");
  } else {
    md_puts(buf, size, &pos, "[0, ");
    md_text(b, n, buf, size, &pos, 0, 0);
    md_puts(buf, size, &pos, "]");
  }
}
