/*
 * md_range.c -- non-negativity and width facts about dividends (md_range.h).
 *
 * Every rule below is a theorem about LLVM IR semantics on non-poison
 * values; a site whose dividend is poison is undefined in the original, so
 * it constrains nothing.  PHIs are handled inductively: a PHI is assumed
 * non-negative while its incoming values are checked; that is sound because
 * each incoming value is computed from earlier iterations' values by rules
 * that preserve non-negativity (nsw adds of non-negatives etc.).
 */
#include "analysis/md_range.h"

#include <stdint.h>
#include <string.h>

#include "analysis/md_geometry.h"
#include "support/md_ir.h"

#define MD_RANGE_MAX_DEPTH 12
/* Branch conditions are searched for the dividend and the values at most
 * this deep below it, up to MD_RANGE_COND_STEPS dominators up. */
#define MD_RANGE_COND_DEPTH 2
#define MD_RANGE_COND_STEPS 32
/* Rule applications per query: bounds a query whatever the IR's shape. */
#define MD_RANGE_MAX_STEPS 2048

/* Memo entries: (bits << 2) | MD_R_TRUE or MD_R_FALSE. */
enum { MD_R_TRUE = 1, MD_R_FALSE = 2 };

void md_range_init(md_range *r, const md_dom *dom) {
  memset(r, 0, sizeof *r);
  r->dom = dom;
}

void md_range_release(md_range *r) {
  md_map_release(&r->nonneg);
  md_map_release(&r->fits_u);
  md_map_release(&r->fits_s);
  md_map_release(&r->local);
}

/* One more rule application; 0 when the query's budget is spent (the
 * answer is then "don't know", and nothing more is memoized). */
static int md_step(md_range *r, int depth) {
  if (depth > MD_RANGE_MAX_DEPTH || ++r->steps > MD_RANGE_MAX_STEPS) {
    r->capped = 1;
    return 0;
  }
  return 1;
}

/* Memo lookup for (v, bits): 1 true, 0 false, -1 unknown. */
static int md_range_memo_get(const md_map *m, LLVMValueRef v, unsigned bits) {
  uintptr_t e = (uintptr_t)md_map_get(m, v);
  if (!e || (e >> 2) != bits)
    return -1;
  return (e & 3) == MD_R_TRUE;
}

/* Record a result computed with no open PHI hypothesis.  A "false" that a
 * depth or step cap produced is not a fact about v: not recorded. */
static void md_range_memo_put(md_range *r, md_map *m, LLVMValueRef v,
                              unsigned bits, int result, int capped) {
  if (r->nphis || (!result && capped))
    return;
  md_map_put(m, v, (void *)(uintptr_t)((bits << 2) |
                                       (result ? MD_R_TRUE : MD_R_FALSE)));
}

/* Upper bound (exclusive) on v from !range metadata or known intrinsics;
 * 0 if unknown.  Only single ranges [lo, hi) with 0 <= lo < hi are used. */
static unsigned long long md_known_bound(LLVMValueRef v) {
  unsigned kind = LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(v)), "range", 5);
  LLVMValueRef md;
  md_geom g;
  if (!LLVMIsAInstruction(v))
    return 0;
  md = LLVMGetMetadata(v, kind);
  if (md && LLVMGetMDNodeNumOperands(md) == 2) {
    LLVMValueRef ops[2];
    LLVMGetMDNodeOperands(md, ops);
    if (ops[0] && ops[1] && LLVMIsAConstantInt(ops[0]) &&
        LLVMIsAConstantInt(ops[1])) {
      long long lo = LLVMConstIntGetSExtValue(ops[0]);
      long long hi = LLVMConstIntGetSExtValue(ops[1]);
      if (lo >= 0 && hi > lo)
        return (unsigned long long)hi;
    }
  }
  if (md_geom_of_call(v, &g))
    return g.kind == MD_GEOM_THREAD_ID || g.kind == MD_GEOM_BLOCK_SIZE
               ? 1025                  /* thread ids and block sizes <= 1024 */
               : 0x80000000ull;       /* block ids / counts < 2^31 */
  return 0;
}

static int md_nonneg(md_range *c, LLVMValueRef v, LLVMValueRef at, int depth);

/* The caller's run-time test takes v >= 0 (md_range.assume).  Not inside
 * a PHI's inductive proof: a value there may come from an earlier
 * iteration than the one the test sees (the PHI itself is taken instead). */
static int md_assume(md_range *c, LLVMValueRef v) {
  return c->assume && !c->no_assume && !c->nphis &&
         c->assume(c->assume_ctx, v);
}

/* a >= 0 or b >= 0: first without md_assume (an operand the rules show
 * needs no test), then with it. */
static int md_nonneg_either(md_range *c, LLVMValueRef a, LLVMValueRef b,
                            LLVMValueRef at, int depth) {
  int saved = c->no_assume, r;
  if (!c->assume || saved)
    return md_nonneg(c, a, at, depth) || md_nonneg(c, b, at, depth);
  c->no_assume = 1;
  r = md_nonneg(c, a, at, depth) || md_nonneg(c, b, at, depth);
  c->no_assume = saved;
  return r || md_nonneg(c, a, at, depth) || md_nonneg(c, b, at, depth);
}

/* Lane `lane` of integer vector vec >= 0: the scalar an insertelement
 * chain put there, a lane of a sext'd vector, any lane of a zext'd one; a
 * frozen vector only as a whole, under the caller's run-time test of every
 * lane (md_range.assume). */
static int md_nonneg_lane(md_range *c, LLVMValueRef vec, unsigned long long lane,
                          LLVMValueRef at, int depth) {
  LLVMValueRef ix;
  for (; md_step(c, depth); depth++) {
    if (LLVMIsAInsertElementInst(vec)) {
      ix = LLVMGetOperand(vec, 2);
      if (!LLVMIsAConstantInt(ix))
        return 0;
      if (LLVMConstIntGetZExtValue(ix) == lane)
        return md_nonneg(c, LLVMGetOperand(vec, 1), at, depth + 1);
      vec = LLVMGetOperand(vec, 0);
    } else if (LLVMIsASExtInst(vec)) {
      vec = LLVMGetOperand(vec, 0);
    } else {
      return LLVMIsAZExtInst(vec) ||
             (LLVMIsAFreezeInst(vec) && md_assume(c, vec));
    }
  }
  return 0;
}

/* Does the branch `cond` taken towards `taken_true` imply v >= 0? */
static int md_cond_implies_nonneg(md_range *c, LLVMValueRef cond, int taken_true,
                                  LLVMValueRef v, int depth) {
  LLVMIntPredicate p;
  LLVMValueRef a, b;
  if (!LLVMIsAICmpInst(cond))
    return 0;
  p = LLVMGetICmpPredicate(cond);
  a = LLVMGetOperand(cond, 0);
  b = LLVMGetOperand(cond, 1);
  if (!taken_true) /* the false edge: use the inverse predicate */
    p = md_pred_invert(p);
  if (b == v) { /* normalise to v on the left */
    LLVMValueRef t = a;
    a = b;
    b = t;
    p = md_pred_swap(p);
  }
  if (a != v)
    return 0;
  /* v >s c or v >=s c with c >= -1 / c >= 0 */
  if (LLVMIsAConstantInt(b)) {
    long long k = LLVMConstIntGetSExtValue(b);
    if (p == LLVMIntSGT && k >= -1)
      return 1;
    if (p == LLVMIntSGE && k >= 0)
      return 1;
  }
  /* v <u y or v <=u y with y >= 0 (signed): v <= y <= INT_MAX */
  if ((p == LLVMIntULT || p == LLVMIntULE) &&
      md_nonneg(c, b, NULL, depth + 1))
    return 1;
  /* v ==  y with y >= 0 */
  if (p == LLVMIntEQ && md_nonneg(c, b, NULL, depth + 1))
    return 1;
  return 0;
}

/* md_dom_walk_conds' visit for md_dominating_nonneg. */
typedef struct md_nonneg_walk {
  md_range *c;
  LLVMValueRef v;
  int depth;
} md_nonneg_walk;

static int md_nonneg_visit(void *ctx, LLVMValueRef cond, int on_true) {
  md_nonneg_walk *w = ctx;
  return md_cond_implies_nonneg(w->c, cond, on_true, w->v, w->depth);
}

/* Walk up the dominator tree from `at`'s block looking for an edge P -> X
 * into a block X that dominates `at` and is entered only from P, whose
 * conditional branch implies v >= 0 on that edge. */
static int md_dominating_nonneg(md_range *c, LLVMValueRef v, LLVMValueRef at,
                                int depth) {
  md_nonneg_walk w;
  if (!at || !c->dom || !LLVMIsAInstruction(at))
    return 0;
  if (depth > MD_RANGE_COND_DEPTH) {
    c->capped = 1; /* a cap, not a fact: "false" is not memoized */
    return 0;
  }
  w.c = c;
  w.v = v;
  w.depth = depth;
  return md_dom_walk_conds(c->dom, LLVMGetInstructionParent(at),
                           MD_RANGE_COND_STEPS, md_nonneg_visit, &w);
}

static int md_nonneg_rules(md_range *c, LLVMValueRef v, LLVMValueRef at,
                           int depth) {
  unsigned w = md_value_width(v);
  unsigned long long bound;
  if (w == 0 || w > 64)
    return 0;
  if (LLVMIsAConstantInt(v))
    return LLVMConstIntGetSExtValue(v) >= 0;
  if (!LLVMIsAInstruction(v))
    return LLVMIsAArgument(v) &&
           (md_dominating_nonneg(c, v, at, depth) || md_assume(c, v));
  bound = md_known_bound(v);
  if (bound && bound - 1 <= (w == 64 ? 0x7fffffffffffffffull
                                     : ((1ull << (w - 1)) - 1)))
    return 1;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMZExt:
    if (md_value_width(LLVMGetOperand(v, 0)) < w || LLVMGetNNeg(v))
      return 1;
    break;
  case LLVMSExt:
    return md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1);
  case LLVMExtractElement:
    if (LLVMIsAConstantInt(LLVMGetOperand(v, 1)) &&
        md_nonneg_lane(c, LLVMGetOperand(v, 0),
                       LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1)), at,
                       depth + 1))
      return 1;
    break;
  case LLVMFreeze:
    /* no rule: a fact about X is one about freeze(X) only where X is not
     * poison, and where it is, freeze(X) may take any value -- the
     * dividend DivRemPairs froze then divides exactly, in the original,
     * whatever value it took.  A caller that tests at run time takes the
     * freeze itself (md_range.assume, below). */
    break;
  case LLVMAnd:
    if (md_nonneg_either(c, LLVMGetOperand(v, 0), LLVMGetOperand(v, 1), at,
                         depth + 1))
      return 1;
    break;
  case LLVMLShr: {
    LLVMValueRef s = LLVMGetOperand(v, 1);
    if (LLVMIsAConstantInt(s) && LLVMConstIntGetZExtValue(s) >= 1)
      return 1;
    return md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1);
  }
  case LLVMAShr:
  case LLVMSDiv:
    /* sign of the dividend is kept (sdiv by a positive divisor) */
    if (md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1) &&
        md_nonneg(c, LLVMGetOperand(v, 1), at, depth + 1))
      return 1;
    break;
  case LLVMSRem:
    /* srem takes the sign of the dividend */
    if (md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1))
      return 1;
    break;
  case LLVMUDiv: {
    LLVMValueRef d = LLVMGetOperand(v, 1);
    if (LLVMIsAConstantInt(d) && LLVMConstIntGetZExtValue(d) >= 2)
      return 1;
    return md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1);
  }
  case LLVMURem:
    /* x urem y < y: non-negative when y is */
    if (md_nonneg_either(c, LLVMGetOperand(v, 1), LLVMGetOperand(v, 0), at,
                         depth + 1))
      return 1;
    break;
  case LLVMAdd:
  case LLVMMul:
    if (LLVMGetNSW(v) && md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1) &&
        md_nonneg(c, LLVMGetOperand(v, 1), at, depth + 1))
      return 1;
    break;
  case LLVMOr:
  case LLVMXor:
    if (md_nonneg(c, LLVMGetOperand(v, 0), at, depth + 1) &&
        md_nonneg(c, LLVMGetOperand(v, 1), at, depth + 1))
      return 1;
    break;
  case LLVMSelect:
    if (md_nonneg(c, LLVMGetOperand(v, 1), at, depth + 1) &&
        md_nonneg(c, LLVMGetOperand(v, 2), at, depth + 1))
      return 1;
    break;
  case LLVMPHI: {
    unsigned i, n = LLVMCountIncoming(v);
    int k, ok = 1;
    for (k = 0; k < c->nphis; k++)
      if (c->phis[k] == v)
        return 1; /* inductive hypothesis */
    if (c->nphis == MD_RANGE_MAX_PHIS) {
      c->capped = 1;
      return 0;
    }
    c->phis[c->nphis++] = v;
    for (i = 0; i < n && ok; i++)
      ok = md_nonneg(c, LLVMGetIncomingValue(v, i), NULL, depth + 1);
    c->nphis--;
    if (ok)
      return 1;
    break;
  }
  case LLVMCall: {
    /* llvm.smax(x, c) with c >= 0, llvm.umin(x, y) with either >= 0 */
    LLVMValueRef callee = md_called_fn(v);
    if ((md_name_has_prefix(callee, "llvm.smax.") ||
         md_name_has_prefix(callee, "llvm.umin.")) &&
        md_nonneg_either(c, LLVMGetOperand(v, 0), LLVMGetOperand(v, 1), at,
                         depth + 1))
      return 1;
    break;
  }
  default:
    break;
  }
  return md_dominating_nonneg(c, v, at, depth) || md_assume(c, v);
}

/* md_nonneg_rules with the step budget, and the memo for queries without
 * a use point (those answers depend on v alone). */
static int md_nonneg(md_range *c, LLVMValueRef v, LLVMValueRef at, int depth) {
  /* Answers without a use point hold for the kernel; answers at the
   * query's use point (every call below the query passes the same `at`
   * or none) only for this query. */
  md_map *memo = at ? &c->local : &c->nonneg;
  int r, capped0 = c->capped;
  if (!c->assume && ((r = md_range_memo_get(memo, v, 0)) >= 0 ||
                     (at && (r = md_range_memo_get(&c->nonneg, v, 0)) == 1)))
    return r;
  if (!md_step(c, depth))
    return 0;
  c->capped = 0;
  r = md_nonneg_rules(c, v, at, depth);
  if (!c->assume)
    md_range_memo_put(c, memo, v, 0, r, c->capped);
  c->capped |= capped0;
  return r;
}

int md_range_nonneg(md_range *c, LLVMValueRef v, LLVMValueRef at) {
  md_map_release(&c->local);
  c->steps = 0;
  c->capped = 0;
  c->nphis = 0;
  return md_nonneg(c, v, at, 0);
}

static int md_fits_u(md_range *c, LLVMValueRef v, unsigned bits, int depth);

static int md_fits_u_rules(md_range *c, LLVMValueRef v, unsigned bits,
                           int depth) {
  unsigned w = md_value_width(v);
  unsigned long long bound;
  if (w == 0)
    return 0;
  if (w <= bits)
    return 1;
  if (LLVMIsAConstantInt(v))
    return bits >= 64 || LLVMConstIntGetZExtValue(v) < (1ull << bits);
  if (!LLVMIsAInstruction(v))
    return 0;
  bound = md_known_bound(v);
  if (bound && bits < 64 && bound <= (1ull << bits))
    return 1;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMZExt:
    return md_value_width(LLVMGetOperand(v, 0)) <= bits;
  case LLVMAnd: {
    LLVMValueRef m = LLVMGetOperand(v, 1);
    if (LLVMIsAConstantInt(m) && LLVMConstIntGetZExtValue(m) < (1ull << bits))
      return 1;
    return md_fits_u(c, LLVMGetOperand(v, 0), bits, depth + 1);
  }
  case LLVMLShr: {
    LLVMValueRef s = LLVMGetOperand(v, 1);
    return LLVMIsAConstantInt(s) && LLVMConstIntGetZExtValue(s) >= w - bits;
  }
  case LLVMURem:
    return md_fits_u(c, LLVMGetOperand(v, 1), bits, depth + 1) ||
           md_fits_u(c, LLVMGetOperand(v, 0), bits, depth + 1);
  case LLVMUDiv:
    return md_fits_u(c, LLVMGetOperand(v, 0), bits, depth + 1);
  default:
    return 0;
  }
}

/* rules(c, v, bits, depth), memoized per (v, bits) in m and within the
 * step budget: md_fits_u / md_fits_s, whose answers depend on v alone. */
typedef int (*md_fits_rules)(md_range *c, LLVMValueRef v, unsigned bits,
                             int depth);

static int md_fits_memo(md_range *c, md_map *m, md_fits_rules rules,
                        LLVMValueRef v, unsigned bits, int depth) {
  int r, capped0 = c->capped;
  if ((r = md_range_memo_get(m, v, bits)) >= 0)
    return r;
  if (!md_step(c, depth))
    return 0;
  c->capped = 0;
  r = rules(c, v, bits, depth);
  md_range_memo_put(c, m, v, bits, r, c->capped);
  c->capped |= capped0;
  return r;
}

static int md_fits_u(md_range *c, LLVMValueRef v, unsigned bits, int depth) {
  return md_fits_memo(c, &c->fits_u, md_fits_u_rules, v, bits, depth);
}

static int md_fits_s(md_range *c, LLVMValueRef v, unsigned bits, int depth);

static int md_fits_s_rules(md_range *c, LLVMValueRef v, unsigned bits,
                           int depth) {
  unsigned w = md_value_width(v);
  if (w == 0)
    return 0;
  if (w <= bits)
    return 1;
  if (LLVMIsAConstantInt(v)) {
    long long k = LLVMConstIntGetSExtValue(v);
    return bits >= 64 || (k >= -(1ll << (bits - 1)) && k < (1ll << (bits - 1)));
  }
  if (!LLVMIsAInstruction(v))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMSExt:
    return md_value_width(LLVMGetOperand(v, 0)) <= bits;
  case LLVMZExt:
    return md_value_width(LLVMGetOperand(v, 0)) < bits;
  case LLVMSRem:
    /* |x srem y| < |y| and <= |x|: fits when either operand does */
    return md_fits_s(c, LLVMGetOperand(v, 1), bits, depth + 1) ||
           md_fits_s(c, LLVMGetOperand(v, 0), bits, depth + 1);
  default:
    return bits > 0 && md_fits_u(c, v, bits - 1, depth + 1);
  }
}

static int md_fits_s(md_range *c, LLVMValueRef v, unsigned bits, int depth) {
  return md_fits_memo(c, &c->fits_s, md_fits_s_rules, v, bits, depth);
}

int md_range_fits_unsigned(md_range *c, LLVMValueRef v, unsigned bits) {
  c->steps = 0;
  c->capped = 0;
  c->nphis = 0;
  return md_fits_u(c, v, bits, 0);
}

int md_range_fits_signed(md_range *c, LLVMValueRef v, unsigned bits) {
  c->steps = 0;
  c->capped = 0;
  c->nphis = 0;
  return md_fits_s(c, v, bits, 0);
}
