/*
 * md_invariant.c -- which divisors are fixed for a whole launch, and the
 * host program that recomputes them (see md_invariant.h).
 *
 * Every value is looked at once per kernel.  md_operand runs each node's rule
 * in one of two modes, decided by its output buffer:
 *   - measuring (a counting md_buf): check the operands (memoized), and
 *     record in the value's node whether it is invariant, how many program
 *     bytes it expands to and its operator height -- the bytes of a shared
 *     operand are counted once per use, as the postfix program repeats it;
 *   - writing (a real md_buf): emit the program; done only for a value
 *     whose node says it fits the budgets, so writing is bounded by
 *     MD_INV_MAX_BYTES.
 * Nothing is accepted that could differ between two threads of one launch
 * or between the kernel's view and the host's: no memory other than the
 * kernel's own read-only parameter structs and the launch packet, no calls
 * other than the geometry intrinsics, no PHIs.
 *
 * This file is the rule engine: the memo, the budgets, the rules of
 * arguments, constants, arithmetic, casts, compares, selects and calls.
 * Loads are md_invariant_load.c's, vector lanes md_invariant_lane.c's, the
 * pointers read through md_invariant_ptr.c's (md_invariant_rule.h: what
 * they share).
 */
#include "analysis/md_invariant.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "support/md_array.h"
#include "analysis/md_geometry.h"
#include "analysis/md_invariant_lane.h"
#include "analysis/md_invariant_load.h"
#include "analysis/md_invariant_ptr.h"
#include "analysis/md_invariant_rule.h"
#include "support/md_ir.h"
#include "analysis/md_omp.h"

/* Program sizes saturate here: a DAG of n squarings expands to 2^n bytes. */
#define MD_INV_SAT (1u << 30)

enum { MD_N_BUSY = 0, MD_N_OK = 1, MD_N_FAIL = 2 };

struct md_inv_node {
  int state;           /* MD_N_* */
  unsigned height;     /* operator height of the program (saturating) */
  uint32_t bytes;      /* program bytes (saturating at MD_INV_SAT) */
  const char *why;     /* MD_N_FAIL: the reason ... */
  LLVMValueRef why_at; /* ... and the value it is about */
};

static int md_operand(md_inv *c, LLVMValueRef v, md_frame *parent);

/* A frame writing to out at recursion depth `depth`, with the engine's
 * recursions for the rules of the other files. */
static void md_frame_start(md_frame *f, md_buf *out, int depth) {
  f->out = out;
  f->height = 0;
  f->depth = depth;
  f->operand = md_operand;
  f->lane = md_inv_lane;
}

/* Append `a b OP w flags`.  Commutative operands go in a canonical order,
 * the larger program first: equal expressions give equal bytes, and
 * left-deep evaluation keeps the host's stack shallow.  (Measuring, the
 * order does not matter: only the sizes are summed.) */
static int md_rule_pair(md_inv *c, LLVMValueRef va, LLVMValueRef vb, int code,
                        unsigned w, unsigned flags, int commutative,
                        md_frame *f) {
  md_buf a, b;
  md_frame fa = *f, fb = *f;
  int ok;
  if (f->out->counting) {
    ok = md_operand(c, va, f) && md_operand(c, vb, f);
    if (ok)
      md_prog_binop(f->out, code, w, flags);
    return ok;
  }
  md_buf_init(&a);
  md_buf_init(&b);
  fa.out = &a;
  fb.out = &b;
  ok = md_operand(c, va, &fa) && md_operand(c, vb, &fb);
  if (ok) {
    int swap = commutative && md_buf_cmp(&a, &b) < 0;
    md_buf_bytes(f->out, swap ? b.p : a.p, swap ? b.n : a.n);
    md_buf_bytes(f->out, swap ? a.p : b.p, swap ? a.n : b.n);
    md_prog_binop(f->out, code, w, flags);
    if (a.oom || b.oom)
      f->out->oom = 1;
  }
  md_buf_free(&a);
  md_buf_free(&b);
  return ok;
}


static int md_rule_load(md_inv *c, LLVMValueRef ld, md_frame *f) {
  return md_inv_load(c, ld, md_type_width(LLVMTypeOf(ld)), 0, f);
}

/* Calls: NVPTX geometry registers and min/max intrinsics. */
static int md_rule_call(md_inv *c, LLVMValueRef call, md_frame *f) {
  static const struct {
    const char *prefix;
    int op;
  } minmax[] = {{"llvm.smin.", MD_OP_SMIN},
                {"llvm.smax.", MD_OP_SMAX},
                {"llvm.umin.", MD_OP_UMIN},
                {"llvm.umax.", MD_OP_UMAX}};
  LLVMValueRef callee = md_called_fn(call);
  unsigned w = md_type_width(LLVMTypeOf(call)), k;
  size_t len = 0;
  md_geom g;
  if (!callee)
    return md_inv_fail(c, call, "divisor comes from an indirect call");
  /* the NVPTX block and grid sizes (AMDGPU's are loads, md_rule_load) */
  if (w == 32 && md_geom_of_call(call, &g) && g.target == MD_TARGET_NVPTX &&
      g.axis >= 0 &&
      (g.kind == MD_GEOM_BLOCK_SIZE || g.kind == MD_GEOM_GRID_SIZE)) {
    if (md_omp_is_device_module(LLVMGetGlobalParent(c->kernel)))
      return md_inv_fail(c, call,
                         "divisor depends on the launch geometry, "
                         "which the OpenMP offload runtime chooses");
    md_inv_emit_launch(
        f->out,
        (g.kind == MD_GEOM_BLOCK_SIZE ? MD_LAUNCH_BLOCK_X : MD_LAUNCH_GRID_X) +
            g.axis,
        32);
    return 1;
  }
  for (k = 0; k < sizeof minmax / sizeof minmax[0]; k++) {
    if (md_name_has_prefix(callee, minmax[k].prefix) &&
        LLVMGetNumArgOperands(call) == 2) {
      return md_rule_pair(c, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1),
                          minmax[k].op, w, 0, 1, f);
    }
  }
  if (md_name_has_prefix(callee, "llvm.nvvm.read") ||
      (md_name_has_prefix(callee, "llvm.amdgcn") &&
       strstr(LLVMGetValueName2(callee, &len), ".id.") != NULL))
    return md_inv_fail(c, call, "divisor depends on the thread or block index");
  return md_inv_fail(c, call, "divisor comes from a call");
}

static int md_commutative(int code) {
  return code == MD_OP_ADD || code == MD_OP_MUL || code == MD_OP_AND ||
         code == MD_OP_OR || code == MD_OP_XOR;
}

/* An argument of a called function (c->parent set): the call's operand,
 * analysed (memoized) in the caller's context; a failure's reason is the
 * caller's. */
static int md_rule_callee_arg(md_inv *c, LLVMValueRef arg, md_frame *f) {
  unsigned i = md_inv_param_index(c, arg);
  md_inv *p = c->parent;
  LLVMValueRef v = md_omp_call_operand(c->call, i);
  if (!v && md_omp_microtask(c->call))
    return md_inv_fail(c, arg,
                       "divisor is a captured value of the parallel "
                       "region that is not stored exactly once, before "
                       "the call and in its block");
  if (!v)
    return md_inv_fail(c, arg, "divisor is an argument the call does not pass");
  p->why = NULL;
  p->why_at = NULL;
  if (md_operand(p, v, f))
    return 1;
  if (p->why)
    return md_inv_fail(c, p->why_at, p->why);
  return md_inv_fail(c, arg,
                     "divisor is an argument that is not "
                     "launch-invariant at the call");
}

/* zext / sext / trunc v (opcode op) to w bits. */
static int md_rule_cast(md_inv *c, LLVMValueRef v, LLVMOpcode op, unsigned w,
                        md_frame *f) {
  unsigned from = md_type_width(LLVMTypeOf(LLVMGetOperand(v, 0)));
  if (from == 0 || from > 64)
    return md_inv_fail(c, v, "divisor casts from a non-integer");
  if (!md_operand(c, LLVMGetOperand(v, 0), f))
    return 0;
  md_prog_cast(f->out,
               op == LLVMZExt   ? MD_OP_ZEXT
               : op == LLVMSExt ? MD_OP_SEXT
                                : MD_OP_TRUNC,
               from, w);
  return 1;
}

/* The rule for v (its operands through md_operand), writing to f->out. */
static int md_rule(md_inv *c, LLVMValueRef v, md_frame *f) {
  unsigned w = md_type_width(LLVMTypeOf(v));
  LLVMOpcode op;
  int code;
  if (w == 0 || w > 64)
    return md_inv_fail(c, v,
                       "divisor expression has a non-integer or wider "
                       "than 64-bit value");
  if (LLVMIsAConstantInt(v)) {
    md_prog_const(f->out, w, LLVMConstIntGetZExtValue(v));
    return 1;
  }
  if (LLVMIsAArgument(v) && c->parent && LLVMGetParamParent(v) == c->kernel)
    return md_rule_callee_arg(c, v, f);
  if (LLVMIsAArgument(v)) {
    if (LLVMGetParamParent(v) != c->kernel)
      return md_inv_fail(c, v, "divisor is an argument of another function");
    if (w != 8 && w != 16 && w != 32 && w != 64)
      return md_inv_fail(c, v, "divisor is an argument of unsupported width");
    md_prog_arg(f->out, md_inv_param_index(c, v), 0, w / 8);
    return 1;
  }
  if (LLVMIsAConstant(v))
    return md_inv_fail(c, v, "divisor is a constant expression");
  if (!LLVMIsAInstruction(v))
    return md_inv_fail(c, v, "divisor is not an instruction");

  op = LLVMGetInstructionOpcode(v);
  code = md_inv_binop_code(op);
  if (code >= 0)
    return md_rule_pair(c, LLVMGetOperand(v, 0), LLVMGetOperand(v, 1), code, w,
                        md_inv_binop_flags(v, op), md_commutative(code), f);
  switch (op) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
    return md_rule_cast(c, v, op, w, f);
  case LLVMFreeze:
    return md_operand(c, LLVMGetOperand(v, 0), f);
  case LLVMICmp: {
    LLVMValueRef a = LLVMGetOperand(v, 0);
    unsigned aw = md_type_width(LLVMTypeOf(a));
    if (aw == 0 || aw > 64)
      return md_inv_fail(c, v, "divisor compares non-integers");
    if (!md_operand(c, a, f) || !md_operand(c, LLVMGetOperand(v, 1), f))
      return 0;
    md_prog_icmp(f->out, aw, (int)LLVMGetICmpPredicate(v));
    return 1;
  }
  case LLVMSelect:
    if (md_type_width(LLVMTypeOf(LLVMGetOperand(v, 0))) != 1)
      return md_inv_fail(c, v, "divisor selects on a vector condition");
    if (!md_operand(c, LLVMGetOperand(v, 0), f) ||
        !md_operand(c, LLVMGetOperand(v, 1), f) ||
        !md_operand(c, LLVMGetOperand(v, 2), f))
      return 0;
    md_prog_select(f->out, w);
    return 1;
  case LLVMLoad:
    return md_rule_load(c, v, f);
  case LLVMExtractElement:
    return md_inv_extract(c, v, f);
  case LLVMCall:
    return md_rule_call(c, v, f);
  case LLVMPHI:
    return md_inv_fail(c, v, "divisor is a PHI (differs across control flow)");
  default:
    return md_inv_fail(c, v,
                       "divisor is computed by an unsupported instruction");
  }
}

/* The node of v, or NULL. */
static md_inv_node *md_node_of(md_inv *c, LLVMValueRef v) {
  uintptr_t i = (uintptr_t)md_map_get(&c->memo, v);
  return i ? &c->nodes[i - 1] : NULL;
}

/* A new node for v in state BUSY, or NULL (out of memory). */
static md_inv_node *md_node_new(md_inv *c, LLVMValueRef v) {
  md_inv_node *nn =
      md_array_room(c->nodes, c->nnodes, &c->capnodes, sizeof *nn, 64);
  if (!nn)
    return NULL;
  c->nodes = nn;
  if (md_map_put(&c->memo, v, (void *)(uintptr_t)(c->nnodes + 1)))
    return NULL;
  memset(&c->nodes[c->nnodes], 0, sizeof c->nodes[0]);
  return &c->nodes[c->nnodes++];
}

/* Measure v (memoized): its node, with state OK or FAIL; NULL for a
 * failure that depends on the path (recursion depth, budget, memory),
 * which is not recorded.  c->why is set on failure. */
static md_inv_node *md_measure(md_inv *c, LLVMValueRef v, int depth) {
  md_inv_node *n = md_node_of(c, v);
  md_buf count;
  md_frame f;
  unsigned idx;
  int ok;
  if (n) {
    if (n->state == MD_N_BUSY) { /* only through a cycle of stack slots */
      md_inv_fail(c, v, "divisor expression is cyclic");
      return NULL;
    }
    if (n->state == MD_N_FAIL)
      md_inv_fail(c, n->why_at, n->why);
    return n;
  }
  if (depth > MD_INV_MAX_DEPTH) {
    md_inv_fail(c, v, "divisor expression is too deep");
    return NULL;
  }
  if (c->nnodes >= MD_INV_MAX_NODES) {
    md_inv_fail(c, v, "analysis budget of this kernel exhausted");
    return NULL;
  }
  if (!(n = md_node_new(c, v))) {
    md_inv_fail(c, v, "out of memory");
    return NULL;
  }
  idx = (unsigned)(n - c->nodes);
  md_buf_init_counting(&count);
  md_frame_start(&f, &count, depth);
  {
    const char *why0 = c->why;
    c->why = NULL;
    ok = md_rule(c, v, &f);
    n = &c->nodes[idx]; /* the node array may have moved */
    if (!ok && f.height == UINT32_MAX) {
      /* an operand failed for a path-dependent reason: forget v */
      md_map_put(&c->memo, v, NULL);
      if (!c->why)
        c->why = why0;
      return NULL;
    }
    if (!ok) {
      n->state = MD_N_FAIL;
      n->why = c->why ? c->why : "divisor is not launch-invariant";
      n->why_at = c->why ? c->why_at : v;
      return n;
    }
    if (!c->why)
      c->why = why0;
  }
  n->height = f.height + 1;
  n->bytes = count.n > MD_INV_SAT ? MD_INV_SAT : (uint32_t)count.n;
  n->state = MD_N_OK;
  if (n->height > MD_INV_MAX_DEPTH) {
    n->state = MD_N_FAIL;
    n->why = "divisor expression is too deep";
    n->why_at = v;
  } else if (n->bytes > MD_INV_MAX_BYTES) {
    n->state = MD_N_FAIL;
    n->why = "divisor expression is too large (its program would exceed "
             "the descriptor's budget; shared subexpressions are repeated)";
    n->why_at = v;
  }
  if (n->state == MD_N_FAIL) {
    c->why = NULL;
    md_inv_fail(c, n->why_at, n->why);
  }
  return n;
}

/* The operand v of the rule in `parent`: measured and its size added
 * (measuring), or its program written (writing). */
static int md_operand(md_inv *c, LLVMValueRef v, md_frame *parent) {
  md_inv_node *n;
  if (!parent->out->counting) {
    md_frame f = *parent;
    return md_rule(c, v, &f);
  }
  n = md_measure(c, v, parent->depth + 1);
  if (!n) {
    parent->height = UINT32_MAX; /* path-dependent: see md_measure */
    return 0;
  }
  if (n->state != MD_N_OK)
    return 0;
  parent->out->n += n->bytes; /* <= 2^30 each: no overflow in size_t */
  if (n->height > parent->height)
    parent->height = n->height;
  return 1;
}

void md_inv_init(md_inv *c, LLVMValueRef kernel, LLVMTargetDataRef td,
                 md_target target) {
  memset(c, 0, sizeof *c);
  c->kernel = kernel;
  c->td = td;
  c->target = target;
}

void md_inv_init_callee(md_inv *c, LLVMValueRef callee, md_inv *parent,
                        LLVMValueRef call) {
  md_inv_init(c, callee, parent->td, parent->target);
  c->parent = parent;
  c->call = call;
}

void md_inv_release(md_inv *c) {
  md_map_release(&c->memo);
  md_map_release(&c->readonly);
  free(c->nodes);
  c->nodes = NULL;
  c->nnodes = c->capnodes = 0;
}

/* The program of v was written to out from start on (ok: its rule said
 * so): 1 if it is complete and fits the runtime's evaluation stack (a cast
 * the site may append pops one and pushes one), else 0 with the reason and
 * out as it was before. */
static int md_program_written(md_inv *c, LLVMValueRef v, md_buf *out,
                              size_t start, int ok) {
  int depth;
  if (!ok || out->oom) {
    out->n = start;
    return md_inv_fail(c, v, "out of memory");
  }
  depth = md_prog_stack_depth(out->p + start, out->n - start);
  if (depth < 0 || depth > MD_STACK_MAX) {
    out->n = start;
    return md_inv_fail(c, v,
                       "divisor expression needs too deep an evaluation "
                       "stack");
  }
  return 1;
}

/* Lane `lane` of the vector v (md_lane): measured, then written, with the
 * budgets of md_inv_program. */
int md_inv_lane_program(md_inv *c, LLVMValueRef v, unsigned lane, md_buf *out) {
  size_t start = out->n;
  md_buf count;
  md_frame f;
  c->why = NULL;
  c->why_at = NULL;
  md_buf_init_counting(&count);
  md_frame_start(&f, &count, 0);
  if (!md_inv_lane(c, v, lane, &f))
    return c->why ? 0 : md_inv_fail(c, v, "divisor is not launch-invariant");
  if (f.height + 1 > MD_INV_MAX_DEPTH)
    return md_inv_fail(c, v, "divisor expression is too deep");
  if (count.n > MD_INV_MAX_BYTES)
    return md_inv_fail(c, v,
                       "divisor expression is too large (its program "
                       "would exceed the descriptor's budget)");
  md_frame_start(&f, out, 0);
  return md_program_written(c, v, out, start, md_inv_lane(c, v, lane, &f));
}

int md_inv_program(md_inv *c, LLVMValueRef v, md_buf *out) {
  size_t start = out->n;
  md_inv_node *n;
  md_frame f;
  c->why = NULL;
  c->why_at = NULL;
  n = md_measure(c, v, 0);
  if (!n || n->state != MD_N_OK)
    return 0;
  /* Within budget: write it. */
  md_frame_start(&f, out, 0);
  return md_program_written(c, v, out, start, md_rule(c, v, &f));
}
