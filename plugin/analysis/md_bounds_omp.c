/*
 * md_bounds_omp.c -- the OpenMP rules of md_bounds (md_bounds_omp.h).
 *
 * Microtask arguments.  A microtask that a kernel starts through
 * __kmpc_parallel_60/51 (md_omp.h) runs only from that call, with captured
 * value k as argument k + 2; so a bound of the captured value at the call
 * (in the kernel's analysis) bounds the argument wherever the microtask
 * runs.  The collapsed loop's upper bound reaches a microtask this way.
 *
 * Static-init slots: the one contract of the OpenMP device runtime that
 * md_bounds relies on (option omp-bounds; GPU targets only, where the
 * device runtime is LLVM's DeviceRTL).  clang lowers the distribute part of
 * a worksharing loop to
 *
 *   store i64 0, ptr %lb         store i64 U, ptr %ub     store i64 1, ptr %st
 *   call @__kmpc_distribute_static_init_8(loc, gtid, sched, %last, %lb, %ub,
 *                                         %st, i64 1, i64 chunk)
 *   %u = load i64, ptr %ub        ; the team's first chunk: smin(%u, U)
 *
 * and offload/DeviceRTL/src/Workshare.cpp (for_static_init, under every
 * schedule) writes *plower, *pupper and *pstride as ForStaticChunk (chunk >
 * 0: stride = entities * chunk, lb' = lb + id * chunk, ub' = lb' + chunk -
 * 1) or ForStaticNoChunk (size = ub - lb + 1, chunk' = size / entities plus
 * one for the first size % entities ids, lb' = lb + id * chunk' + the
 * leftover when id is past it, ub' = lb' + chunk' - 1, stride = size).
 * With lb = 0, ub >= 0 and a constant chunk >= 1, every value written is
 * >= 0 (size >= 1; lb' >= 0, ub' >= lb' - 1 >= 0 when chunk' = 0 because
 * then lb' >= 1), unless the runtime's own signed arithmetic overflows,
 * which is undefined in its source.  The rule: a load from a slot is >= 0
 * when
 *   - the slot is an alloca of the function, used only by loads and stores
 *     of its own width, lifetime markers, and static-init calls
 *     (__kmpc_for_static_init_4/_8, __kmpc_distribute_static_init_4/_8,
 *     signed, of the slot's width) as their lower, upper or stride
 *     pointer: nothing else can write it;
 *   - a store to the slot dominates each of its loads and calls: no load
 *     reads it uninitialized;
 *   - every value stored to it is >= 0 (its bound <= 2^(w-1) - 1, a guard),
 *     assuming that the slot's earlier values were (a hypothesis, as for a
 *     PHI: by induction over the writes, each of which is a store or a
 *     call, every value the slot holds is >= 0);
 *   - at every call that uses it, increment and chunk are constants 1 and
 *     >= 1, the lower slot's value is the constant 0 (its last store before
 *     the call, in the call's block), and the upper slot obeys this rule
 *     (so it holds a value >= 0 there).
 * The unsigned variants (_4u, _8u) are not covered: their loops clamp with
 * umin, which needs no contract.  libomp's (the CPU device code's) entry
 * points of the same names are not covered either.
 */
#include "analysis/md_bounds_omp.h"

#include <string.h>

#include "analysis/md_bounds_expr.h"
#include "support/md_ir.h"
#include "analysis/md_omp.h"

/* The operands of a static-init call. */
#define MD_SI_LOWER 4
#define MD_SI_UPPER 5
#define MD_SI_STRIDE 6
#define MD_SI_INCR 7
#define MD_SI_CHUNK 8
#define MD_SI_NARGS 9

#define MD_SLOT_MAX 16 /* stores, loads, calls of one slot */

int md_bounds_callee_arg(md_bounds *b, LLVMValueRef arg, md_bounds_of_fn of) {
  md_bounds *p = b->parent;
  LLVMValueRef fn = LLVMGetParamParent(arg), op;
  unsigned i, n = LLVMCountParams(fn), steps;
  int dep, nhyp, r;
  if (!p || !b->call)
    return -1;
  for (i = 0; i < n && LLVMGetParam(fn, i) != arg; i++)
    ;
  if (i == n || !(op = md_omp_call_operand(b->call, i)) ||
      md_value_width(op) != md_value_width(arg))
    return -1;
  /* a query of its own in the parent (whose state is not mid-query: the
   * parent never asks its callees) */
  steps = p->steps;
  dep = p->dep;
  nhyp = p->nhyp;
  p->steps = 0;
  p->dep = 0;
  p->nhyp = 0;
  r = of(p, op, b->call, 0);
  p->steps = steps;
  p->dep = dep;
  p->nhyp = nhyp;
  return r;
}

/* The width of the slots of a GPU static-init call, or 0. */
static unsigned md_static_init_width(LLVMValueRef call) {
  static const char *const names[] = {
      "__kmpc_for_static_init_4", "__kmpc_for_static_init_8",
      "__kmpc_distribute_static_init_4", "__kmpc_distribute_static_init_8"};
  LLVMValueRef f = md_called_fn(call);
  size_t k;
  if (!f || LLVMGetNumArgOperands(call) != MD_SI_NARGS)
    return 0;
  for (k = 0; k < sizeof names / sizeof names[0]; k++)
    if (md_name_is(f, names[k]))
      return names[k][strlen(names[k]) - 1] == '4' ? 32 : 64;
  return 0;
}

/* The uses of one slot (an alloca). */
typedef struct md_slot {
  unsigned w;
  LLVMValueRef store[MD_SLOT_MAX], load[MD_SLOT_MAX], call[MD_SLOT_MAX];
  unsigned nstore, nload, ncall;
} md_slot;

static int md_slot_add(LLVMValueRef *arr, unsigned *n, LLVMValueRef v) {
  unsigned i;
  for (i = 0; i < *n; i++)
    if (arr[i] == v)
      return 1;
  if (*n == MD_SLOT_MAX)
    return 0;
  arr[(*n)++] = v;
  return 1;
}

/* A static-init call `c` using pointer p: only as its lower, upper or
 * stride operand, with slots of width w. */
static int md_slot_call(LLVMValueRef c, LLVMValueRef p, unsigned w) {
  unsigned i;
  if (md_static_init_width(c) != w)
    return 0;
  for (i = 0; i < MD_SI_NARGS; i++)
    if (LLVMGetOperand(c, i) == p && i != MD_SI_LOWER && i != MD_SI_UPPER &&
        i != MD_SI_STRIDE)
      return 0;
  return 1;
}

/* Record the uses of p (the slot or an address-space cast of it); 0 when
 * one is of another kind. */
static int md_slot_walk(LLVMValueRef p, md_slot *s, unsigned depth) {
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef x = LLVMGetUser(u);
    if (LLVMIsAAddrSpaceCastInst(x)) {
      if (depth >= 2 || !md_slot_walk(x, s, depth + 1))
        return 0;
    } else if (LLVMIsALoadInst(x)) {
      if (LLVMGetVolatile(x) || md_value_width(x) != s->w ||
          !md_slot_add(s->load, &s->nload, x))
        return 0;
    } else if (LLVMIsAStoreInst(x)) {
      LLVMValueRef v = LLVMGetOperand(x, 0);
      if (LLVMGetVolatile(x) || LLVMGetOperand(x, 1) != p || v == p ||
          md_value_width(v) != s->w || !md_slot_add(s->store, &s->nstore, x))
        return 0;
    } else if (md_is_lifetime_marker(x)) {
      continue;
    } else if (!md_slot_call(x, p, s->w) ||
               !md_slot_add(s->call, &s->ncall, x)) {
      return 0;
    }
  }
  return 1;
}

/* Instruction a dominates instruction x (a != x). */
static int md_inst_dom(const md_dom *d, LLVMValueRef a, LLVMValueRef x) {
  LLVMBasicBlockRef ba = LLVMGetInstructionParent(a);
  LLVMValueRef i;
  if (ba != LLVMGetInstructionParent(x))
    return md_dom_dominates(d, ba, LLVMGetInstructionParent(x));
  for (i = LLVMGetNextInstruction(a); i; i = LLVMGetNextInstruction(i))
    if (i == x)
      return 1;
  return 0;
}

/* Slot `a` of width w in the function of b: its uses (md_slot_walk), and
 * a store to it dominating each load and call.  1, or 0. */
static int md_slot_of(md_bounds *b, LLVMValueRef a, unsigned w, md_slot *s) {
  unsigned i, j, k;
  memset(s, 0, sizeof *s);
  s->w = w;
  if (!b->dom || !LLVMIsAAllocaInst(a) || !md_slot_walk(a, s, 0) ||
      !s->nstore || !s->ncall)
    return 0;
  for (k = 0; k < 2; k++) {
    LLVMValueRef *use = k ? s->call : s->load;
    unsigned n = k ? s->ncall : s->nload;
    for (i = 0; i < n; i++) {
      for (j = 0; j < s->nstore && !md_inst_dom(b->dom, s->store[j], use[i]);
           j++)
        ;
      if (j == s->nstore)
        return 0;
    }
  }
  return 1;
}

/* The lower slot of call c holds the constant 0 at c: its last write
 * before c, in c's block, is a store of 0. */
static int md_lower_is_zero(md_bounds *b, LLVMValueRef c, unsigned w) {
  LLVMValueRef lo = md_omp_strip_ascast(LLVMGetOperand(c, MD_SI_LOWER)), i;
  md_slot s;
  unsigned j;
  if (!md_slot_of(b, lo, w, &s))
    return 0;
  for (i = LLVMGetPreviousInstruction(c); i;
       i = LLVMGetPreviousInstruction(i)) {
    for (j = 0; j < s.ncall && s.call[j] != i; j++)
      ;
    if (j < s.ncall)
      return 0; /* another call writes it */
    for (j = 0; j < s.nstore && s.store[j] != i; j++)
      ;
    if (j < s.nstore) {
      LLVMValueRef v = LLVMGetOperand(i, 0);
      return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
    }
  }
  return 0;
}

static int md_const_at_least(LLVMValueRef v, long long lo, long long hi) {
  long long x;
  if (!LLVMIsAConstantInt(v))
    return 0;
  x = LLVMConstIntGetSExtValue(v);
  return x >= lo && x <= hi;
}

static int md_slot_bound(md_bounds *b, LLVMValueRef a, unsigned w, int depth,
                         md_bounds_of_fn of);

/* The guards that call c's contract needs (r with them), or -1. */
static int md_call_guards(md_bounds *b, LLVMValueRef c, LLVMValueRef a,
                          unsigned w, int r, int depth, md_bounds_of_fn of) {
  LLVMValueRef up = md_omp_strip_ascast(LLVMGetOperand(c, MD_SI_UPPER));
  int u;
  if (!md_const_at_least(LLVMGetOperand(c, MD_SI_INCR), 1, 1) ||
      !md_const_at_least(LLVMGetOperand(c, MD_SI_CHUNK), 1,
                         (long long)md_smax_w(w)) ||
      !md_lower_is_zero(b, c, w))
    return -1;
  if (up == a)
    return r; /* the hypothesis: >= 0 before the call */
  u = md_slot_bound(b, up, w, depth + 1, of);
  return u < 0 ? -1 : md_bounds_guard(b, r, u, md_smax_w(w));
}

/* Every value slot `a` holds is >= 0: 2^(w-1) - 1 with the guards, or -1. */
static int md_slot_bound(md_bounds *b, LLVMValueRef a, unsigned w,
                         int depth, md_bounds_of_fn of) {
  md_slot s;
  unsigned i;
  int r, k;
  for (k = 0; k < b->nhyp; k++)
    if (b->hyp_v[k] == a) {
      b->dep = 1;
      return b->hyp_n[k];
    }
  if (depth > MD_BOUNDS_MAX_DEPTH || b->nhyp == MD_BOUNDS_MAX_HYP ||
      !md_slot_of(b, a, w, &s))
    return -1;
  r = md_bounds_const(b, md_smax_w(w));
  b->hyp_v[b->nhyp] = a;
  b->hyp_n[b->nhyp] = r;
  b->nhyp++;
  for (i = 0; i < s.nstore && r >= 0; i++) {
    int v = of(b, LLVMGetOperand(s.store[i], 0), s.store[i], depth + 1);
    r = v < 0 ? -1 : md_bounds_guard(b, r, v, md_smax_w(w));
  }
  for (i = 0; i < s.ncall && r >= 0; i++)
    r = md_call_guards(b, s.call[i], a, w, r, depth, of);
  b->nhyp--;
  b->dep = 1;
  return r;
}

int md_bounds_omp_load(md_bounds *b, LLVMValueRef ld, int depth,
                       md_bounds_of_fn of) {
  LLVMValueRef a;
  unsigned w = md_value_width(ld);
  if (!b->omp_contract || !LLVMIsALoadInst(ld) || LLVMGetVolatile(ld) ||
      (b->target != MD_TARGET_NVPTX && b->target != MD_TARGET_AMDGPU) ||
      (w != 32 && w != 64))
    return -1;
  a = md_omp_strip_ascast(LLVMGetOperand(ld, 0));
  return LLVMIsAAllocaInst(a) ? md_slot_bound(b, a, w, depth, of) : -1;
}
