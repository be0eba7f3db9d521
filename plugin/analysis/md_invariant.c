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
 * Its parts, one section each: what the rules share (the frame a rule
 * writes to, the failure reason, the opcode table), the pointers read
 * through, loads, vector lanes, and the rule engine (the memo, the budgets,
 * the other rules).  The engine calls the rules of the other parts; a rule
 * that needs an operand's program again calls back through its frame
 * (f->operand, f->lane).
 */
#include "md_invariant.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_array.h"
#include "md_geometry.h"
#include "md_ir.h"
#include "md_omp.h"
#include "md_omp_capture.h"
#include "md_prog.h"
#include "md_reads.h"

/* ==== what the rules share ==== */

typedef struct md_frame md_frame;

/* One rule application: where it writes and the height it has seen. */
struct md_frame {
  md_buf *out;
  unsigned height; /* max over the operands' heights */
  int depth;       /* recursion depth (bounds the C stack) */
  /* The engine's recursions (md_invariant.c): an operand's program, and
   * lane `lane` of a vector's. */
  int (*operand)(md_inv *c, LLVMValueRef v, md_frame *f);
  int (*lane)(md_inv *c, LLVMValueRef vec, unsigned lane, md_frame *f);
};

/* Record why the query fails (the first reason wins); returns 0. */
static inline int md_inv_fail(md_inv *c, LLVMValueRef v, const char *why) {
  if (!c->why) {
    c->why = why;
    c->why_at = v;
  }
  return 0;
}

/* A launch dimension (32 bits), truncated to the w bits the kernel reads. */
static inline void md_inv_emit_launch(md_buf *out, int which, unsigned w) {
  md_prog_launch(out, which);
  if (w < 32)
    md_prog_cast(out, MD_OP_TRUNC, 32, w);
}

/* The program opcode (MD_OP_*) of a binary IR opcode, or -1. */
static inline int md_inv_binop_code(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd: return MD_OP_ADD;
  case LLVMSub: return MD_OP_SUB;
  case LLVMMul: return MD_OP_MUL;
  case LLVMShl: return MD_OP_SHL;
  case LLVMLShr: return MD_OP_LSHR;
  case LLVMAShr: return MD_OP_ASHR;
  case LLVMAnd: return MD_OP_AND;
  case LLVMOr: return MD_OP_OR;
  case LLVMXor: return MD_OP_XOR;
  case LLVMUDiv: return MD_OP_UDIV;
  case LLVMSDiv: return MD_OP_SDIV;
  case LLVMURem: return MD_OP_UREM;
  case LLVMSRem: return MD_OP_SREM;
  default: return -1;
  }
}

/* Poison-generating flags of a binary operator, as MD_OF_*. */
static inline unsigned md_inv_binop_flags(LLVMValueRef inst, LLVMOpcode op) {
  unsigned f = 0;
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
    if (LLVMGetNSW(inst))
      f |= MD_OF_NSW;
    if (LLVMGetNUW(inst))
      f |= MD_OF_NUW;
    break;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMLShr:
  case LLVMAShr:
    if (LLVMGetExact(inst))
      f |= MD_OF_EXACT;
    break;
  case LLVMOr:
    if (LLVMGetIsDisjoint(inst))
      f |= MD_OF_DISJOINT;
    break;
  default:
    break;
  }
  return f;
}

/* The rules of the other sections. */

/* 1 if the context's function only reads through its pointer argument
 * arg (md_ptr_only_loaded), memoized per argument. */
int md_inv_arg_readonly(md_inv *c, LLVMValueRef arg);

/* p stripped of constant-offset GEPs and pointer casts: the base pointer,
 * with the accumulated byte offset in *off; NULL if an offset is not
 * constant or the sum leaves int64. */
LLVMValueRef md_inv_ptr_base(md_inv *c, LLVMValueRef p, int64_t *off);

/* The index of arg among the parameters of the context's function. */
unsigned md_inv_param_index(md_inv *c, LLVMValueRef arg);

/* The program of load ld (w bits; for lane `lane` of a vector load, w is
 * the element width and the field lies lane * w / 8 bytes further),
 * written to f->out: 1, or 0 with c->why. */
int md_inv_load(md_inv *c, LLVMValueRef ld, unsigned w, unsigned lane,
                md_frame *f);

/* The program of lane `lane` of the integer vector vec, written to
 * f->out: 1, or 0 with c->why. */
int md_inv_lane(md_inv *c, LLVMValueRef vec, unsigned lane, md_frame *f);

/* The rule of extractelement v (a constant index): its lane. */
int md_inv_extract(md_inv *c, LLVMValueRef v, md_frame *f);

/* ==== the pointers read through ==== */

LLVMTypeRef md_param_pointee(LLVMValueRef f, unsigned i) {
  static const char *kinds[2] = {"byval", "byref"};
  int k;
  for (k = 0; k < 2; k++) {
    unsigned kind = LLVMGetEnumAttributeKindForName(kinds[k], 5);
    LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(f, i + 1, kind);
    if (a)
      return LLVMGetTypeAttributeValue(a);
  }
  return NULL;
}

LLVMTypeRef md_param_passed_type(LLVMValueRef f, unsigned i) {
  LLVMTypeRef pointee = md_param_pointee(f, i);
  return pointee ? pointee : LLVMTypeOf(LLVMGetParam(f, i));
}

/* md_ptr_only_loaded(arg), once per argument and kernel. */
int md_inv_arg_readonly(md_inv *c, LLVMValueRef arg) {
  uintptr_t r = (uintptr_t)md_map_get(&c->readonly, arg);
  if (!r) {
    r = md_ptr_only_loaded(arg, 0) ? 1 : 2;
    md_map_put(&c->readonly, arg, (void *)r); /* on OOM: asked again */
  }
  return r == 1;
}

/* Strip constant-offset GEPs and pointer casts; return the base pointer and
 * the accumulated offset, or NULL. */
LLVMValueRef md_inv_ptr_base(md_inv *c, LLVMValueRef p, int64_t *off) {
  int64_t total = 0;
  int guard = 0;
  while (guard++ < 16) {
    if (LLVMIsAGetElementPtrInst(p)) {
      int64_t o;
      if (!md_gep_const_offset(c->td, p, &o) || __builtin_add_overflow(total, o, &total))
        return NULL;
      p = LLVMGetOperand(p, 0);
    } else if (LLVMIsABitCastInst(p) || LLVMIsAAddrSpaceCastInst(p)) {
      p = LLVMGetOperand(p, 0);
    } else {
      *off = total;
      return p;
    }
  }
  return NULL;
}

/* Index of the kernel parameter `arg`. */
unsigned md_inv_param_index(md_inv *c, LLVMValueRef arg) {
  unsigned i, np = LLVMCountParams(c->kernel);
  for (i = 0; i < np && LLVMGetParam(c->kernel, i) != arg; i++)
    ;
  return i;
}

/* ==== loads ==== */

/* A load from the AMDGPU implicit-argument (code object v5) or dispatch
 * packet pointer at a known offset: the launch geometry. */
static int md_amdgpu_geometry(md_inv *c, LLVMValueRef base, int64_t off,
                              unsigned w, md_buf *out) {
  LLVMValueRef callee = md_called_fn(base);
  if (c->target != MD_TARGET_AMDGPU || !callee ||
      md_omp_is_device_module(LLVMGetGlobalParent(c->kernel)))
    return 0; /* OpenMP: the offload runtime chooses the geometry */
  if (md_name_is(callee, "llvm.amdgcn.implicitarg.ptr")) {
    /* hidden_block_count_{x,y,z}: u32 at 0, 4, 8;
       hidden_group_size_{x,y,z}: u16 at 12, 14, 16. */
    if (w == 32 && (off == 0 || off == 4 || off == 8)) {
      md_inv_emit_launch(out, MD_LAUNCH_GRID_X + (int)(off / 4), 32);
      return 1;
    }
    if (w == 16 && (off == 12 || off == 14 || off == 16)) {
      md_inv_emit_launch(out, MD_LAUNCH_BLOCK_X + (int)((off - 12) / 2), 16);
      return 1;
    }
  } else if (md_name_is(callee, "llvm.amdgcn.dispatch.ptr")) {
    /* hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} u16 at 4, 6, 8;
       grid_size_{x,y,z} u32 at 12, 16, 20 (in work-items). */
    if (w == 16 && (off == 4 || off == 6 || off == 8)) {
      md_inv_emit_launch(out, MD_LAUNCH_BLOCK_X + (int)((off - 4) / 2), 16);
      return 1;
    }
    if (w == 32 && (off == 12 || off == 16 || off == 20)) {
      md_inv_emit_launch(out, MD_LAUNCH_ITEMS_X + (int)((off - 12) / 4), 32);
      return 1;
    }
  }
  return 0;
}

/* -O0 code keeps every argument and local in a stack slot: `%x.addr =
 * alloca; store %x, %x.addr` in the entry block, then loads.  If `slot` is
 * an alloca of the kernel's entry block with exactly one store (in the entry
 * block, before any load there) and otherwise only simple loads, every load
 * of it yields the stored value: return that value, else NULL.  (The entry
 * block runs before every other block, so the store precedes every load.) */
static LLVMValueRef md_slot_value(md_inv *c, LLVMValueRef slot) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->kernel);
  LLVMValueRef stored = NULL, store = NULL, i;
  LLVMUseRef u;
  if (!LLVMIsAAllocaInst(slot) || LLVMGetInstructionParent(slot) != entry)
    return NULL;
  for (u = LLVMGetFirstUse(slot); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsALoadInst(user) && LLVMGetOperand(user, 0) == slot &&
        !LLVMGetVolatile(user))
      continue;
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == slot &&
        LLVMGetOperand(user, 0) != slot && !LLVMGetVolatile(user) &&
        !store && LLVMGetInstructionParent(user) == entry) {
      store = user;
      stored = LLVMGetOperand(user, 0);
      continue;
    }
    return NULL;
  }
  if (!store)
    return NULL;
  /* no load of the slot in the entry block before the store */
  for (i = LLVMGetFirstInstruction(entry); i && i != store;
       i = LLVMGetNextInstruction(i))
    if (LLVMIsALoadInst(i) && LLVMGetOperand(i, 0) == slot)
      return NULL;
  return stored;
}

static int md_field_at(md_inv *c, LLVMValueRef ld, LLVMValueRef base,
                       int64_t off, unsigned w, md_frame *f);

/* A load: a field of a read-only byval/byref kernel argument, or the
 * launch geometry on AMDGPU.  For lane `lane` of a vector load (md_lane),
 * w is the element width and the field lies lane * w / 8 bytes further. */
int md_inv_load(md_inv *c, LLVMValueRef ld, unsigned w, unsigned lane,
                md_frame *f) {
  int64_t off = 0;
  LLVMValueRef base;
  if (LLVMGetVolatile(ld) || LLVMGetOrdering(ld) != LLVMAtomicOrderingNotAtomic)
    return md_inv_fail(c, ld, "divisor is a volatile or atomic load");
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return md_inv_fail(c, ld, "divisor is loaded with an unsupported width");
  base = md_inv_ptr_base(c, LLVMGetOperand(ld, 0), &off);
  if (!base)
    return md_inv_fail(c, ld,
                       "divisor is loaded through a non-constant address");
  if (off == 0 && LLVMIsAAllocaInst(base)) {
    LLVMValueRef val = md_slot_value(c, base);
    if (val && LLVMTypeOf(val) == LLVMTypeOf(ld))
      return LLVMGetTypeKind(LLVMTypeOf(ld)) == LLVMVectorTypeKind
                 ? f->lane(c, val, lane, f)
                 : f->operand(c, val, f);
    if (!md_omp_is_device_module(LLVMGetGlobalParent(c->kernel)))
      return md_inv_fail(c, ld, "divisor is loaded from a stack slot");
  }
  if (__builtin_add_overflow(off, (int64_t)lane * (int64_t)(w / 8), &off))
    return md_inv_fail(c, ld, "divisor is loaded outside its struct argument");
  if (md_amdgpu_geometry(c, base, off, w, f->out))
    return 1;
  return md_field_at(c, ld, base, off, w, f);
}

/* A load ld in context c from an OpenMP captured object obj
 * (md_omp_captured_src): in a microtask through a pointer to an object of
 * the caller (p = the caller's context, use = the parallel call), or of a
 * team-shared variable in its own function (p = c, use = ld).  Bits of
 * the value its one write stores, analysed in p (a narrower or later field
 * of a wider integer is a shift and a truncation on a little-endian
 * target), or the field that a memcpy copied from memory of p's function. */
static int md_captured_load(md_inv *c, md_inv *p, LLVMValueRef use,
                            LLVMValueRef ld, LLVMValueRef obj, int64_t off,
                            unsigned w, md_frame *f) {
  const char *why = NULL;
  md_omp_src src;
  unsigned vw;
  if (!md_omp_captured_src(use, obj, off, w / 8, &src, &why))
    return md_inv_fail(c, ld, why);
  p->why = NULL;
  p->why_at = NULL;
  if (src.ptr) {
    int64_t poff = 0;
    LLVMValueRef base = md_inv_ptr_base(p, src.ptr, &poff);
    if (!base || __builtin_add_overflow(poff, src.off, &poff))
      return md_inv_fail(c, ld,
                         "divisor is loaded from a captured object copied "
                         "from a non-constant address");
    if (md_field_at(p, ld, base, poff, w, f))
      return 1;
  } else {
    vw = md_type_width(LLVMTypeOf(src.value));
    if (vw > 64 || src.shift + w > vw)
      return md_inv_fail(c, ld,
                         "divisor is loaded from a captured object stored "
                         "with another type");
    if (f->operand(p, src.value, f)) {
      if (src.shift) {
        md_prog_const(f->out, vw, src.shift);
        md_prog_binop(f->out, MD_OP_LSHR, vw, 0);
      }
      if (vw > w)
        md_prog_cast(f->out, MD_OP_TRUNC, vw, w);
      return 1;
    }
  }
  return md_inv_fail(c, p->why_at ? p->why_at : ld,
                     p->why ? p->why
                            : "divisor is a captured value that is "
                              "not launch-invariant at the call");
}

/* The w-bit field at byte `off` behind `base` (a pointer stripped of
 * constant GEPs and casts): a field of a read-only byval/byref kernel
 * argument, or -- in a called function's context -- behind a pointer
 * argument that the function only reads, which is the call's pointer
 * operand in the caller (followed up to the kernel). */
static int md_field_at(md_inv *c, LLVMValueRef ld, LLVMValueRef base,
                       int64_t off, unsigned w, md_frame *f) {
  unsigned i;
  unsigned long long size;
  LLVMTypeRef pointee;
  /* OpenMP: a stack slot or team-shared variable of the function itself */
  if ((LLVMIsAGlobalVariable(md_omp_strip_ascast(base)) ||
       LLVMIsAAllocaInst(base)) &&
      md_omp_is_device_module(LLVMGetGlobalParent(c->kernel)))
    return md_captured_load(c, c, ld, ld, base, off, w, f);
  if (!LLVMIsAArgument(base) || LLVMGetParamParent(base) != c->kernel)
    return md_inv_fail(c, ld, "divisor is loaded from memory");
  i = md_inv_param_index(c, base);
  if (c->parent) {
    md_inv *p = c->parent;
    LLVMValueRef pbase;
    int64_t poff = 0;
    if (!md_call_operand(c->call, i))
      return md_inv_fail(c, ld,
                         "divisor is loaded through an argument the "
                         "call does not pass");
    if (!md_inv_arg_readonly(c, base))
      return md_inv_fail(c, ld,
                         "divisor is loaded through a pointer argument "
                         "that the device function writes through or "
                         "lets escape");
    pbase = md_inv_ptr_base(p, md_call_operand(c->call, i), &poff);
    if (!pbase || __builtin_add_overflow(off, poff, &off))
      return md_inv_fail(c, ld,
                         "divisor is loaded through a pointer the caller "
                         "passes with a non-constant offset");
    if (md_omp_microtask(c->call) &&
        !LLVMIsAArgument(md_omp_strip_ascast(pbase)))
      return md_captured_load(c, p, c->call, ld, pbase, off, w, f);
    p->why = NULL;
    p->why_at = NULL;
    if (md_field_at(p, ld, pbase, off, w, f))
      return 1;
    return md_inv_fail(c, p->why_at ? p->why_at : ld,
                       p->why ? p->why : "divisor is loaded from memory");
  }
  pointee = md_param_pointee(c->kernel, i);
  /* (OpenMP: a pointer to a mapped or firstprivate object, md_omp_capture.h) */
  size = pointee ? LLVMABISizeOfType(c->td, pointee)
                 : md_omp_ref_param_bytes(c->kernel, i);
  if (!size)
    return md_inv_fail(c, ld,
                       "divisor is loaded from memory behind a pointer "
                       "argument (not a by-value struct)");
  if (off < 0 || off > 0x7fffffff || (unsigned long long)off + w / 8 > size)
    return md_inv_fail(c, ld, "divisor is loaded outside its struct argument");
  if (!md_inv_arg_readonly(c, base))
    return md_inv_fail(c, ld,
                       "divisor is a field of a struct argument that "
                       "the kernel writes or lets escape");
  md_prog_arg(f->out, i, (uint32_t)off, w / 8);
  return 1;
}

/* ==== vector lanes ==== */

/* ---- vector lanes (AMDGPU -O2 loads adjacent struct fields as one vector
 * and the SLP vectorizer builds vectors of scalars) ----
 *
 * Lane `lane` of the vector value vec, followed through the instructions
 * that only move scalars: insertelement and shufflevector with constant
 * indices, freeze, constant vectors; it ends at a scalar (the inserted
 * operand, analysed as usual and memoized) or at a vector load of a struct
 * argument or the launch packet (lane * element size further).  Lanes are
 * not memoized; the chain is at most MD_LANE_STEPS long. */
#define MD_LANE_STEPS 32

static int md_lane_op(md_inv *c, LLVMValueRef vec, unsigned lane, unsigned w,
                      md_frame *f);

int md_inv_lane(md_inv *c, LLVMValueRef vec, unsigned lane, md_frame *f) {
  unsigned steps;
  for (steps = 0; steps < MD_LANE_STEPS; steps++) {
    LLVMTypeRef vt = LLVMTypeOf(vec);
    unsigned w;
    if (LLVMGetTypeKind(vt) != LLVMVectorTypeKind ||
        lane >= LLVMGetVectorSize(vt))
      return md_inv_fail(c, vec, "divisor lane is out of its vector");
    w = md_type_width(LLVMGetElementType(vt));
    if (w == 0 || w > 64)
      return md_inv_fail(c, vec, "divisor is a lane of a non-integer vector");
    if (LLVMIsAConstant(vec)) {
      LLVMValueRef e = LLVMGetAggregateElement(vec, lane);
      if (!e || !LLVMIsAConstantInt(e))
        return md_inv_fail(c, vec,
                           "divisor is an undefined or non-integer "
                           "lane of a constant vector");
      md_prog_const(f->out, w, LLVMConstIntGetZExtValue(e));
      return 1;
    }
    if (!LLVMIsAInstruction(vec))
      return md_inv_fail(c, vec, "divisor is a lane of a vector argument");
    switch (LLVMGetInstructionOpcode(vec)) {
    case LLVMInsertElement: {
      LLVMValueRef idx = LLVMGetOperand(vec, 2);
      if (!LLVMIsAConstantInt(idx))
        return md_inv_fail(c, vec,
                           "divisor lane is inserted at a variable index");
      if (LLVMConstIntGetZExtValue(idx) == lane)
        return f->operand(c, LLVMGetOperand(vec, 1), f);
      vec = LLVMGetOperand(vec, 0);
      break;
    }
    case LLVMShuffleVector: {
      int m = LLVMGetMaskValue(vec, lane);
      unsigned n0 = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(vec, 0)));
      if (m < 0 || m == LLVMGetUndefMaskElem())
        return md_inv_fail(c, vec, "divisor is an undefined lane of a shuffle");
      if ((unsigned)m < n0) {
        vec = LLVMGetOperand(vec, 0);
        lane = (unsigned)m;
      } else {
        vec = LLVMGetOperand(vec, 1);
        lane = (unsigned)m - n0;
      }
      break;
    }
    case LLVMFreeze:
      vec = LLVMGetOperand(vec, 0);
      break;
    case LLVMLoad:
      return md_inv_load(c, vec, w, lane, f);
    default:
      return md_lane_op(c, vec, lane, w, f);
    }
  }
  return md_inv_fail(c, vec, "divisor lane is moved through too many shuffles");
}

/* Lane `lane` of an element-wise vector operation: the same operation on
 * the operands' lanes (binary operators with their flags, zext / sext /
 * trunc), written directly in postfix order.  Not memoized: the work is
 * bounded by the program budget (measuring stops past it) and the depth. */
static int md_lane_op(md_inv *c, LLVMValueRef vec, unsigned lane, unsigned w,
                      md_frame *f) {
  LLVMOpcode op = LLVMGetInstructionOpcode(vec);
  int code = md_inv_binop_code(op), ok;
  md_frame sub = *f;
  sub.depth = f->depth + 1;
  sub.height = 0;
  if (code < 0 && op != LLVMZExt && op != LLVMSExt && op != LLVMTrunc)
    return md_inv_fail(c, vec,
                       "divisor is a lane of a vector computed by an "
                       "unsupported instruction");
  if (sub.depth > MD_INV_MAX_DEPTH)
    return md_inv_fail(c, vec, "divisor expression is too deep");
  if (f->out->counting && f->out->n > MD_INV_MAX_BYTES)
    return md_inv_fail(c, vec,
                       "divisor expression is too large (its program "
                       "would exceed the descriptor's budget)");
  if (code >= 0) {
    ok = md_inv_lane(c, LLVMGetOperand(vec, 0), lane, &sub) &&
         md_inv_lane(c, LLVMGetOperand(vec, 1), lane, &sub);
    if (ok)
      md_prog_binop(f->out, code, w, md_inv_binop_flags(vec, op));
  } else {
    LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(vec, 0));
    unsigned from = LLVMGetTypeKind(st) == LLVMVectorTypeKind
                        ? md_type_width(LLVMGetElementType(st))
                        : 0;
    if (from == 0 || from > 64)
      return md_inv_fail(c, vec, "divisor casts from a non-integer");
    ok = md_inv_lane(c, LLVMGetOperand(vec, 0), lane, &sub);
    if (ok)
      md_prog_cast(f->out,
                   op == LLVMZExt   ? MD_OP_ZEXT
                   : op == LLVMSExt ? MD_OP_SEXT
                                    : MD_OP_TRUNC,
                   from, w);
  }
  if (sub.height == UINT32_MAX)
    f->height = UINT32_MAX; /* path-dependent failure below: see md_measure */
  else if (ok && sub.height + 1 > f->height)
    f->height = sub.height + 1;
  return ok;
}

/* extractelement with a constant index. */
int md_inv_extract(md_inv *c, LLVMValueRef v, md_frame *f) {
  LLVMValueRef idx = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(idx) || md_type_width(LLVMTypeOf(idx)) > 64 ||
      LLVMConstIntGetZExtValue(idx) > 0xffffu)
    return md_inv_fail(c, v, "divisor is extracted at a variable index");
  return md_inv_lane(c, LLVMGetOperand(v, 0),
                     (unsigned)LLVMConstIntGetZExtValue(idx), f);
}

/* ==== the rule engine ==== */

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
  LLVMValueRef v = md_call_operand(c->call, i);
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
