/*
 * md_bounds_rules.c -- the rules of md_bounds (md_bounds_rules.h): the
 * bound of a value from its definition (each rule argued where it is
 * written), from the conditions that dominate its use, and over PHIs.
 */
#include "analysis/md_bounds_rules.h"

#include <string.h>

#include "magicdiv/md_abi.h"

#include "analysis/md_bounds_expr.h"
#include "analysis/md_bounds_omp.h"
#include "analysis/md_bounds_poison.h"
#include "analysis/md_geometry.h"
#include "support/md_ir.h"

/* ---- the rules ---- */

static int md_bounds_struct_of(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                               int depth);

static int md_call_prefix(LLVMValueRef v, const char *prefix) {
  return md_name_has_prefix(md_called_fn(v), prefix) &&
         LLVMGetNumArgOperands(v) == 2;
}

/* Thread and block indices.  NVPTX: tid.k < ntid.k and ctaid.k <
 * nctaid.k (PTX ISA, special registers); AMDGPU: workitem.id.k < the
 * workgroup size k, workgroup.id.k < the number of workgroups k.  The
 * bound is the launch's own dimension, the value the runtime evaluates. */
static int md_geometry(md_bounds *b, LLVMValueRef v) {
  md_geom g;
  if (md_value_width(v) != 32 || !md_geom_of_call(v, &g) || g.axis < 0 ||
      (g.target == MD_TARGET_AMDGPU && b->target != MD_TARGET_AMDGPU))
    return -1;
  if (g.kind == MD_GEOM_THREAD_ID)
    return md_bounds_sub1(
        b, md_bounds_launch_leaf(b, MD_LAUNCH_BLOCK_X + g.axis,
                                 g.target == MD_TARGET_AMDGPU ? 16 : 32));
  if (g.kind == MD_GEOM_BLOCK_ID)
    return md_bounds_sub1(
        b, md_bounds_launch_leaf(b, MD_LAUNCH_GRID_X + g.axis, 32));
  return -1;
}

/* v >= 0 as a w-bit signed value at `at`: proven at compile time (md_range,
 * no condition needed: returns x unchanged), or from v's own bound with
 * the guard "bound <= 2^(w-1) - 1" added to x.  -1 if neither. */
static int md_with_nonneg(md_bounds *b, int x, LLVMValueRef v, LLVMValueRef at,
                          int depth) {
  int s;
  if (x < 0)
    return -1;
  if (md_range_nonneg(b->range, v, at))
    return x;
  s = md_bounds_struct_of(b, v, at, depth + 1);
  return s < 0 ? -1 : md_bounds_guard(b, x, s, md_smax_w(md_value_width(v)));
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
  if (!truth)
    p = md_pred_invert(p);
  if (n == v && x != v) {
    n = x;
    x = v;
    p = md_pred_swap(p);
  }
  if (x != v)
    return -1;
  *needs_nonneg = (p == LLVMIntSLT || p == LLVMIntSLE);
  if (p != LLVMIntULT && p != LLVMIntULE && p != LLVMIntSLT &&
      p != LLVMIntSLE && p != LLVMIntEQ)
    return -1;
  /* n's bound, without conditions of its own (they would need a use
   * point); constants and invariants are exact. */
  nb = md_bounds_of(b, n, NULL, depth + 1);
  if (nb < 0)
    return -1;
  if (p == LLVMIntULT || p == LLVMIntSLT) {
    /* v < n: v <= n - 1; n = 0 makes the edge impossible (SUB1). */
    return md_bounds_sub1(b, nb);
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
  r = md_cond_bound1(b, cond, truth, LLVMGetOperand(v, 0), needs_nonneg, depth);
  if (r < 0 || (is_z && *needs_nonneg))
    return -1;
  if (is_s)
    *needs_nonneg = 1;
  return r;
}

/* md_dom_walk_conds' visit for md_cond_search: the bound + 1, or 0. */
typedef struct md_cond_walk {
  md_bounds *b;
  LLVMValueRef v;
  int *needs_nonneg;
  int depth;
} md_cond_walk;

static int md_cond_visit(void *ctx, LLVMValueRef cond, int on_true) {
  md_cond_walk *w = ctx;
  int r = md_cond_bound(w->b, cond, on_true, w->v, w->needs_nonneg, w->depth);
  return r >= 0 ? r + 1 : 0;
}

/* Conditions on v that hold at the end of block `bb` (edge_to == NULL) or
 * on the edge bb -> edge_to: the edge's own branch, then the edges P -> X
 * into the blocks X that dominate bb, where X is entered only from P
 * (walking up the dominator tree, md_dom_walk_conds, as md_range does).
 * The bound of the first condition found, or -1; *needs_nonneg as
 * md_cond_bound. */
static int md_cond_search(md_bounds *b, LLVMValueRef v, LLVMBasicBlockRef bb,
                          LLVMBasicBlockRef edge_to, int *needs_nonneg,
                          int depth) {
  md_cond_walk w;
  LLVMValueRef cond;
  int on_true;
  if (!b->dom || !bb)
    return -1;
  if (edge_to && md_dom_edge_cond(bb, edge_to, &cond, &on_true)) {
    int r = md_cond_bound(b, cond, on_true, v, needs_nonneg, depth);
    if (r >= 0)
      return r;
  }
  w.b = b;
  w.v = v;
  w.needs_nonneg = needs_nonneg;
  w.depth = depth;
  return md_dom_walk_conds(b->dom, bb, 32, md_cond_visit, &w) - 1;
}

/* The bound of v from a condition dominating `at`. */
static int md_cond_at(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
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
static int md_phi_bound(md_bounds *b, LLVMValueRef phi, int depth) {
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
  if (b->nhyp == MD_BOUNDS_MAX_HYP)
    return -1;
  /* Edge conditions on each incoming value. */
  for (i = 0; i < n && all; i++) {
    int nn = 0;
    int e = md_cond_search(b, LLVMGetIncomingValue(phi, i),
                           LLVMGetIncomingBlock(phi, i), h, &nn, depth);
    if (e < 0)
      all = 0;
    else {
      c = c < 0 ? e : md_bounds_max(b, c, e);
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
        if (md_range_nonneg(b->range, x, term))
          continue;
        s = md_bounds_of(b, x, term, depth + 1);
        r = s < 0 ? -1 : md_bounds_guard(b, r, s, md_smax_w(w));
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
      e = md_bounds_of(b, x, term, depth + 1);
    if (e < 0) {
      r = -1;
      break;
    }
    r = r < 0 ? e : md_bounds_max(b, r, e);
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
    int nn = md_bounds_invariant_leaf(b, nv), yb, xb;
    if (nn < 0)
      continue;
    yb = md_bounds_of(b, y, at, depth + 1);
    if (yb < 0 || md_bounds_core(b, yb) != md_bounds_sub1(b, nn)) {
      int c = md_cond_at(b, y, at, depth + 1);
      if (c >= 0 && md_bounds_core(b, c) == md_bounds_sub1(b, nn))
        yb = c;
      else
        continue;
    }
    xb = md_bounds_of(b, x, at, depth + 1);
    if (xb < 0)
      continue;
    /* (X + 1) * N - 1, with the guards of y's bound */
    return md_bounds_move_guards(
        b, yb,
        md_bounds_sub1(
            b, md_bounds_make(b, MD_BOUNDS_MUL, md_bounds_add1(b, xb), nn, 0)));
  }
  return -1;
}

/* add nsw of a, b whose bounds x, y are constants <= 2^(w-1) - 1 (with
 * guards): both are >= 0, so the sum, where it is not poison (no signed
 * wrap), is <= 2^(w-1) - 1 as well as <= x + y.  Used only where x + y
 * exceeds 2^(w-1) - 1 (the plain bound would then be of no use to a
 * signed operation, and no other bound changes): the sum of two values
 * that md_bounds_omp.c shows are >= 0.  A node, or -1. */
static int md_add_nsw(md_bounds *b, int x, int y, unsigned w) {
  int cx = md_bounds_core(b, x), cy = md_bounds_core(b, y);
  uint64_t m = md_smax_w(w);
  if (cx < 0 || cy < 0 || b->st->nodes[cx].op != MD_BOUNDS_CONST ||
      b->st->nodes[cy].op != MD_BOUNDS_CONST || b->st->nodes[cx].c > m ||
      b->st->nodes[cy].c > m || b->st->nodes[cx].c + b->st->nodes[cy].c <= m)
    return -1;
  return md_bounds_make(b, MD_BOUNDS_UMIN,
                        md_bounds_make(b, MD_BOUNDS_ADD, x, y, 0),
                        md_bounds_const(b, m), 0);
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
static int md_rules(md_bounds *b, LLVMValueRef v, LLVMValueRef at, int depth) {
  unsigned w = md_value_width(v);
  LLVMValueRef a0, a1;
  int x, y, r;
  if (w == 0 || w > 64)
    return -1;
  if (LLVMIsAConstantInt(v))
    return md_bounds_const(b, LLVMConstIntGetZExtValue(v));
  if ((r = md_geometry(b, v)) >= 0)
    return r;
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMZExt)
    /* zext keeps the unsigned value */
    return md_bounds_of(b, LLVMGetOperand(v, 0), at, depth + 1);
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMSExt) {
    /* sext of a value >= 0 (bound <= 2^(w0-1) - 1) keeps the value (also
     * for an invariant x: one leaf for x and sext(x)) */
    a0 = LLVMGetOperand(v, 0);
    x = md_bounds_of(b, a0, at, depth + 1);
    return x < 0 ? -1
                 : md_bounds_self_guard(b, x, md_smax_w(md_value_width(a0)));
  }
  if ((r = md_bounds_invariant_leaf(b, v)) >= 0)
    return r; /* the exact value, recomputed by the host */
  if (LLVMIsAArgument(v))
    return md_bounds_callee_arg(b, v, md_bounds_of); /* a microtask's */
  if (!LLVMIsAInstruction(v))
    return -1;
  a0 = LLVMGetNumOperands(v) > 0 ? LLVMGetOperand(v, 0) : NULL;
  a1 = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMTrunc:
    /* trunc(a) = a mod 2^w <= a */
    return md_bounds_of(b, a0, at, depth + 1);
  case LLVMAdd:
    /* Unsigned wrap only lowers a value: (a + b) mod 2^w <= a + b, and
     * likewise for mul and shl.  So a + b <= A + B with or without wrap;
     * no guard (the final check says the bound itself is small). */
    if ((r = md_mixed_radix(b, a0, a1, at, depth)) >= 0 ||
        (r = md_mixed_radix(b, a1, a0, at, depth)) >= 0)
      return r;
    /* (the second operand first: the order in which the nodes were made
     * before this rule, which the programs' operand order follows) */
    y = md_bounds_of(b, a1, at, depth + 1);
    x = md_bounds_of(b, a0, at, depth + 1);
    if (LLVMGetNSW(v) && (r = md_add_nsw(b, x, y, w)) >= 0)
      return r;
    return md_bounds_make(b, MD_BOUNDS_ADD, x, y, 0);
  case LLVMSub: {
    /* x - (x / d) * d is x rem d exactly (with wrap: the quotient times d
     * is at most x in magnitude for the truncating division, so the
     * difference is the remainder whatever the flags; a poison flag only
     * makes it poison).  Bounded as urem / srem below. */
    LLVMValueRef d;
    int sg;
    if (!md_rem_shape(v, &d, &sg))
      return -1;
    x = md_bounds_of(b, a0, at, depth + 1);
    y = LLVMIsAConstantInt(d) ? md_bounds_const(b, LLVMConstIntGetZExtValue(d))
                              : md_bounds_of(b, d, at, depth + 1);
    if (!sg)
      return y >= 0 ? md_bounds_sub1(b, y) : x;
    if (x < 0)
      return -1;
    if (y < 0)
      return md_bounds_self_guard(b, x, md_smax_w(w));
    return md_bounds_guard(b, md_bounds_sub1(b, y), x, md_smax_w(w));
  }
  case LLVMFreeze: {
    /* freeze(a) = a when a is never poison (given, for the invariant
     * values in inv[], the launch condition "not poison": a guard
     * "value <= 2^64 - 1", false exactly when its program is poison) */
    int inv[MD_BOUNDS_NP_INV], ninv = 0, k;
    if (!md_bounds_not_poison(b, a0, 0, inv, &ninv) &&
        !(LLVMIsAPHINode(a0) && md_bounds_phi_not_poison(b, a0, inv, &ninv)))
      return -1;
    r = md_bounds_of(b, a0, at, depth + 1);
    for (k = 0; k < ninv && r >= 0; k++)
      r = md_bounds_guard(b, r, inv[k], MD_BOUNDS_INF);
    return r;
  }
  case LLVMOr:
    /* a | b <= a + b (no carries) */
    return md_bounds_make(b, MD_BOUNDS_ADD, md_bounds_of(b, a0, at, depth + 1),
                          md_bounds_of(b, a1, at, depth + 1), 0);
  case LLVMMul:
    return md_bounds_make(b, MD_BOUNDS_MUL, md_bounds_of(b, a0, at, depth + 1),
                          md_bounds_of(b, a1, at, depth + 1), 0);
  case LLVMShl:
    /* a << k = (a * 2^k) mod 2^w for a constant k < w */
    if (!LLVMIsAConstantInt(a1) || LLVMConstIntGetZExtValue(a1) >= w)
      return -1;
    return md_bounds_make(
        b, MD_BOUNDS_MUL, md_bounds_of(b, a0, at, depth + 1),
        md_bounds_const(b, 1ull << LLVMConstIntGetZExtValue(a1)), 0);
  case LLVMAnd:
    /* a & b <= min(a, b) (unsigned) */
    if (LLVMIsAConstantInt(a1))
      return md_bounds_const(b, LLVMConstIntGetZExtValue(a1));
    x = md_bounds_of(b, a0, at, depth + 1);
    y = md_bounds_of(b, a1, at, depth + 1);
    if (x >= 0 && y >= 0)
      return md_bounds_make(b, MD_BOUNDS_UMIN, x < y ? x : y, x < y ? y : x, 0);
    return x >= 0 ? x : y;
  case LLVMLShr:
    /* a >> k <= A >> k; for a non-constant k, <= A */
    x = md_bounds_of(b, a0, at, depth + 1);
    if (LLVMIsAConstantInt(a1)) {
      uint64_t k = LLVMConstIntGetZExtValue(a1);
      if (k >= w)
        return -1; /* poison */
      return x >= 0 ? md_bounds_make(b, MD_BOUNDS_LSHR, x, -1, k)
                    : md_bounds_const(b, md_umax_w(w) >> k);
    }
    return x;
  case LLVMUDiv:
    /* a / d <= A / d for d >= 1 (d = 0 is UB); a / d <= A for any d */
    x = md_bounds_of(b, a0, at, depth + 1);
    if (x < 0)
      return -1;
    y = LLVMIsAConstantInt(a1)
            ? md_bounds_const(b, LLVMConstIntGetZExtValue(a1))
            : md_bounds_invariant_leaf(b, a1);
    return y >= 0 ? md_bounds_make(b, MD_BOUNDS_UDIV, x, y, 0) : x;
  case LLVMSDiv:
    /* a >= 0 (guard: A <= 2^(w-1)-1) and d >= 1: a sdiv d = a udiv d.
     * d >= 1: a constant; an invariant with the guard zext(d) <=
     * 2^(w-1) - 1 (d >= 0, and d = 0 is UB); or any
     * value >= 0 (d = 0 is UB), then a / d <= A. */
    x = md_bounds_of(b, a0, at, depth + 1);
    if (x < 0)
      return -1;
    x = md_bounds_self_guard(b, x, md_smax_w(w));
    if (LLVMIsAConstantInt(a1)) {
      long long d = LLVMConstIntGetSExtValue(a1);
      return d >= 1 ? md_bounds_make(b, MD_BOUNDS_UDIV, x,
                                     md_bounds_const(b, (uint64_t)d), 0)
                    : -1;
    }
    if ((y = md_bounds_invariant_leaf(b, a1)) >= 0)
      /* zext(d) <= 2^(w-1) - 1: d >= 0, and d = 0 is UB */
      return md_bounds_guard(b, md_bounds_make(b, MD_BOUNDS_UDIV, x, y, 0), y,
                             md_smax_w(w));
    y = md_bounds_of(b, a1, at, depth + 1);
    return y < 0 ? -1 : md_bounds_guard(b, x, y, md_smax_w(w));
  case LLVMURem:
    /* a urem d <= d - 1 (d = 0 is UB: SUB1), and <= a */
    if (LLVMIsAConstantInt(a1)) {
      uint64_t d = LLVMConstIntGetZExtValue(a1);
      return d ? md_bounds_const(b, d - 1) : -1;
    }
    y = md_bounds_of(b, a1, at, depth + 1);
    return y >= 0 ? md_bounds_sub1(b, y) : md_bounds_of(b, a0, at, depth + 1);
  case LLVMSRem:
    /* a >= 0 (guard): a srem d is in [0, |d| - 1] and [0, a].  For w-bit
     * d != 0, |d| <= zext(d): d > 0 equal, d < 0: zext(d) = 2^w - |d| >=
     * |d| as |d| <= 2^(w-1).  So <= D - 1 for any bound D of zext(d). */
    x = md_bounds_of(b, a0, at, depth + 1);
    if (x < 0)
      return -1;
    y = md_bounds_of(b, a1, at, depth + 1);
    if (y < 0)
      return md_bounds_self_guard(b, x, md_smax_w(w));
    return md_bounds_guard(b, md_bounds_sub1(b, y), x, md_smax_w(w));
  case LLVMSelect:
    /* one of the arms */
    return md_bounds_max(b,
                         md_bounds_of(b, LLVMGetOperand(v, 1), at, depth + 1),
                         md_bounds_of(b, LLVMGetOperand(v, 2), at, depth + 1));
  case LLVMPHI:
    return md_phi_bound(b, v, depth + 1);
  case LLVMLoad:
    /* a bound the OpenMP device runtime writes (md_bounds_omp.c) */
    return md_bounds_omp_load(b, v, depth, md_bounds_of);
  case LLVMCall:
    /* umin: <= either; umax: <= max; smin / smax of two values >= 0
     * (guards) are umin / umax. */
    if (md_call_prefix(v, "llvm.umin.") || md_call_prefix(v, "llvm.umax.") ||
        md_call_prefix(v, "llvm.smin.") || md_call_prefix(v, "llvm.smax.")) {
      int is_min =
          md_call_prefix(v, "llvm.umin.") || md_call_prefix(v, "llvm.smin.");
      int is_s =
          md_call_prefix(v, "llvm.smin.") || md_call_prefix(v, "llvm.smax.");
      x = md_bounds_of(b, a0, at, depth + 1);
      y = md_bounds_of(b, a1, at, depth + 1);
      if (is_min && !is_s && (x < 0 || y < 0))
        return x >= 0 ? x : y;
      if (x < 0 || y < 0)
        return -1;
      if (is_s) {
        x = md_bounds_self_guard(b, x, md_smax_w(w));
        y = md_bounds_self_guard(b, y, md_smax_w(w));
      }
      return is_min ? md_bounds_make(b, MD_BOUNDS_UMIN, x < y ? x : y,
                                     x < y ? y : x, 0)
                    : md_bounds_max(b, x, y);
    }
    return -1;
  default:
    return -1;
  }
}

/* The structural rules alone (v's own conditions not searched: used to
 * show v >= 0 for a signed condition on v). */
static int md_bounds_struct_of(md_bounds *b, LLVMValueRef v, LLVMValueRef at,
                               int depth) {
  uintptr_t m = (uintptr_t)md_map_get(&b->memo, v);
  if (m)
    return (int)m - 1;
  if (depth > MD_BOUNDS_MAX_DEPTH || ++b->steps > MD_BOUNDS_MAX_STEPS)
    return -1;
  return md_rules(b, v, at, depth);
}

/* The bound of v at `at` (NULL: no conditions): the structural rules, then
 * dominating conditions.  Answers that used neither a condition nor a
 * PHI hypothesis hold everywhere and are memoized. */
int md_bounds_of(md_bounds *b, LLVMValueRef v, LLVMValueRef at, int depth) {
  uintptr_t m = (uintptr_t)md_map_get(&b->memo, v);
  int r, dep0 = b->dep;
  if (m)
    return (int)m - 1;
  if (depth > MD_BOUNDS_MAX_DEPTH || ++b->steps > MD_BOUNDS_MAX_STEPS)
    return -1;
  b->dep = 0;
  r = md_rules(b, v, at, depth);
  if (r < 0)
    r = md_cond_at(b, v, at, depth);
  if (r >= 0 && !b->dep && b->nhyp == 0)
    md_map_put(&b->memo, v, (void *)(uintptr_t)(r + 1));
  b->dep |= dep0;
  return r;
}
