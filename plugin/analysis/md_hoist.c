/*
 * md_hoist.c -- values a kernel can compute once, early (md_hoist.h):
 * the check, and the copy.
 */
#include "analysis/md_hoist.h"

#include <stdint.h>

#include "support/md_ir.h"

void md_hoist_init(md_hoist *h, LLVMValueRef fn, LLVMTargetDataRef td,
                   md_target t) {
  h->fn = fn;
  h->td = td;
  h->target = t;
  h->copies.keys = NULL;
  h->copies.vals = NULL;
  h->copies.cap = h->copies.n = 0;
  h->why = NULL;
}

void md_hoist_release(md_hoist *h) { md_map_release(&h->copies); }

/* A global no thread writes: constant address space on a GPU target, or
 * a `constant` global. */
static int md_hoist_readonly_global(const md_hoist *h, LLVMValueRef g) {
  if (!LLVMIsAGlobalVariable(g))
    return 0;
  if (LLVMIsGlobalConstant(g))
    return 1;
  return (h->target == MD_TARGET_NVPTX || h->target == MD_TARGET_AMDGPU) &&
         LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 4;
}

/* The load's address: a constant expression (casts, GEPs with constant
 * indices) of a read-only global, the bytes read inside it. */
static int md_hoist_load_ok(md_hoist *h, LLVMValueRef ld) {
  LLVMValueRef p = LLVMGetOperand(ld, 0);
  int64_t off = 0, step;
  unsigned long long size;
  if (LLVMGetVolatile(ld) || LLVMGetOrdering(ld) != LLVMAtomicOrderingNotAtomic)
    return 0;
  while (LLVMIsAConstantExpr(p)) {
    LLVMOpcode op = LLVMGetConstOpcode(p);
    if (op == LLVMGetElementPtr) {
      if (!md_gep_const_offset(h->td, p, &step) ||
          __builtin_add_overflow(off, step, &off))
        return 0;
    } else if (op != LLVMBitCast && op != LLVMAddrSpaceCast) {
      return 0;
    }
    p = LLVMGetOperand(p, 0);
  }
  if (!md_hoist_readonly_global(h, p) || off < 0)
    return 0;
  size = LLVMABISizeOfType(h->td, LLVMGlobalGetValueType(p));
  return (unsigned long long)off +
             LLVMABISizeOfType(h->td, LLVMTypeOf(ld)) <= size;
}

static int md_hoist_call_ok(LLVMValueRef i) {
  LLVMValueRef f = md_called_fn(i);
  return f && (md_name_has_prefix(f, "llvm.nvvm.read.ptx.sreg.ntid.") ||
               md_name_has_prefix(f, "llvm.nvvm.read.ptx.sreg.nctaid.") ||
               md_name_has_prefix(f, "llvm.umin.") ||
               md_name_has_prefix(f, "llvm.umax.") ||
               md_name_has_prefix(f, "llvm.smin.") ||
               md_name_has_prefix(f, "llvm.smax."));
}

static int md_hoist_op_ok(LLVMOpcode op) {
  switch (op) {
  case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMAdd: case LLVMSub:
  case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd:
  case LLVMOr: case LLVMXor: case LLVMICmp: case LLVMSelect: case LLVMFreeze:
    return 1;
  default:
    return 0;
  }
}

static int md_hoist_rec(md_hoist *h, LLVMValueRef v, int *reads, int depth) {
  unsigned i, n;
  if (LLVMIsAConstantInt(v))
    return 1;
  if (LLVMIsAArgument(v)) {
    if (md_value_width(v))
      return 1;
    h->why = "divisor is a non-integer argument";
    return 0;
  }
  if (!LLVMIsAInstruction(v) || depth > MD_HOIST_MAX_DEPTH) {
    h->why = "divisor is not computed from arguments and constant memory";
    return 0;
  }
  if (LLVMIsALoadInst(v)) {
    if (!md_value_width(v) || !md_hoist_load_ok(h, v)) {
      h->why = "divisor is loaded from memory the kernel may write";
      return 0;
    }
    *reads = 1;
    return 1;
  }
  if (LLVMIsACallInst(v) ? !md_hoist_call_ok(v)
                         : !md_hoist_op_ok(LLVMGetInstructionOpcode(v))) {
    h->why = "divisor is not computed from arguments and constant memory";
    return 0;
  }
  n = (unsigned)LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1u : 0u);
  for (i = 0; i < n; i++)
    if (!md_hoist_rec(h, LLVMGetOperand(v, i), reads, depth + 1))
      return 0;
  return 1;
}

int md_hoist_check(md_hoist *h, LLVMValueRef v, int *reads) {
  int r = 0, ok;
  h->why = NULL;
  ok = md_hoist_rec(h, v, &r, 0);
  if (reads)
    *reads = r;
  return ok;
}

static LLVMValueRef md_hoist_copy_rec(md_hoist *h, LLVMBuilderRef b,
                                      LLVMValueRef v) {
  LLVMValueRef c;
  unsigned i, n;
  if (!LLVMIsAInstruction(v))
    return v;
  if ((c = md_map_get(&h->copies, v)))
    return c;
  n = (unsigned)LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1u : 0u);
  c = LLVMInstructionClone(v);
  for (i = 0; i < n; i++) {
    LLVMValueRef op = md_hoist_copy_rec(h, b, LLVMGetOperand(v, i));
    if (!op) {
      LLVMDeleteInstruction(c);
      return NULL;
    }
    LLVMSetOperand(c, i, op);
  }
  LLVMInsertIntoBuilderWithName(b, c, "md.ik.d");
  if (md_map_put(&h->copies, v, c))
    return NULL;
  return c;
}

LLVMValueRef md_hoist_copy(md_hoist *h, LLVMBuilderRef b, LLVMValueRef v) {
  LLVMValueRef c;
  md_map_release(&h->copies);
  c = md_hoist_copy_rec(h, b, v);
  md_map_release(&h->copies);
  return c;
}
