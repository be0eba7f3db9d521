/*
 * md_invariant.c -- which divisors are fixed for a whole launch, and the
 * host program that recomputes them (see md_invariant.h).
 *
 * The walk is a plain recursion over the divisor's def tree with a depth
 * and a size limit; each accepted node appends its postfix code.  Nothing
 * is accepted that could differ between two threads of one launch or
 * between the kernel's view and the host's: no memory other than the
 * kernel's own read-only parameter structs and the launch packet, no
 * calls other than the geometry intrinsics, no PHIs.
 */
#include "md_invariant.h"

#include <string.h>

#include "magicdiv/md_abi.h"

#define MD_INV_MAX_DEPTH 32
#define MD_INV_MAX_BYTES 1024

static int md_fail(md_inv *c, LLVMValueRef v, const char *why) {
  if (!c->why) {
    c->why = why;
    c->why_at = v;
  }
  return 0;
}

/* Width of an integer type, 0 for anything else. */
static unsigned md_int_width(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t)
                                                   : 0;
}

static int md_name_is(LLVMValueRef fn, const char *s) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  return name && len == strlen(s) && memcmp(name, s, len) == 0;
}

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

/* Every use of ptr, transitively through GEPs and pointer casts, is the
 * pointer operand of a simple load. */
static int md_ptr_only_loaded(LLVMValueRef ptr, int depth) {
  LLVMUseRef u;
  if (depth > 16)
    return 0;
  for (u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
      if (LLVMGetOperand(user, 0) != ptr || LLVMGetVolatile(user))
        return 0;
      break;
    case LLVMGetElementPtr:
      if (LLVMGetOperand(user, 0) != ptr ||
          !md_ptr_only_loaded(user, depth + 1))
        return 0;
      break;
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
      if (!md_ptr_only_loaded(user, depth + 1))
        return 0;
      break;
    default:
      return 0;
    }
  }
  return 1;
}

int md_arg_readonly(LLVMValueRef arg) { return md_ptr_only_loaded(arg, 0); }

/* Constant byte offset of a GEP with all-constant indices. */
static int md_gep_offset(md_inv *c, LLVMValueRef gep, int64_t *off) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep), i;
  int64_t total = 0;
  for (i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    int64_t k;
    if (!LLVMIsAConstantInt(idx) || md_int_width(LLVMTypeOf(idx)) > 64)
      return 0;
    k = LLVMConstIntGetSExtValue(idx);
    if (i == 1) {
      total += k * (int64_t)LLVMABISizeOfType(c->td, ty);
      continue;
    }
    switch (LLVMGetTypeKind(ty)) {
    case LLVMStructTypeKind:
      if (k < 0 || (unsigned)k >= LLVMCountStructElementTypes(ty))
        return 0;
      total += (int64_t)LLVMOffsetOfElement(c->td, ty, (unsigned)k);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
      break;
    case LLVMArrayTypeKind:
      ty = LLVMGetElementType(ty);
      total += k * (int64_t)LLVMABISizeOfType(c->td, ty);
      break;
    default:
      return 0;
    }
  }
  *off = total;
  return 1;
}

/* Strip constant-offset GEPs and pointer casts; return the base pointer and
 * the accumulated offset, or NULL. */
static LLVMValueRef md_ptr_base(md_inv *c, LLVMValueRef p, int64_t *off) {
  int64_t total = 0;
  int guard = 0;
  while (guard++ < 16) {
    if (LLVMIsAGetElementPtrInst(p)) {
      int64_t o;
      if (!md_gep_offset(c, p, &o))
        return NULL;
      total += o;
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

static void md_emit_launch(md_buf *out, int which, unsigned w) {
  md_buf_u8(out, MD_OP_LAUNCH);
  md_buf_u8(out, (uint8_t)which);
  if (w < 32) {
    md_buf_u8(out, MD_OP_TRUNC);
    md_buf_u8(out, 32);
    md_buf_u8(out, (uint8_t)w);
  }
}

/* A load from the AMDGPU implicit-argument (code object v5) or dispatch
 * packet pointer at a known offset: the launch geometry. */
static int md_amdgpu_geometry(md_inv *c, LLVMValueRef base, int64_t off,
                              unsigned w, md_buf *out) {
  LLVMValueRef callee;
  if (c->target != MD_TARGET_AMDGPU || !LLVMIsACallInst(base))
    return 0;
  callee = LLVMGetCalledValue(base);
  if (!callee || !LLVMIsAFunction(callee))
    return 0;
  if (md_name_is(callee, "llvm.amdgcn.implicitarg.ptr")) {
    /* hidden_block_count_{x,y,z}: u32 at 0, 4, 8;
       hidden_group_size_{x,y,z}: u16 at 12, 14, 16. */
    if (w == 32 && (off == 0 || off == 4 || off == 8)) {
      md_emit_launch(out, MD_LAUNCH_GRID_X + (int)(off / 4), 32);
      return 1;
    }
    if (w == 16 && (off == 12 || off == 14 || off == 16)) {
      md_emit_launch(out, MD_LAUNCH_BLOCK_X + (int)((off - 12) / 2), 16);
      return 1;
    }
  } else if (md_name_is(callee, "llvm.amdgcn.dispatch.ptr")) {
    /* hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} u16 at 4, 6, 8;
       grid_size_{x,y,z} u32 at 12, 16, 20 (in work-items). */
    if (w == 16 && (off == 4 || off == 6 || off == 8)) {
      md_emit_launch(out, MD_LAUNCH_BLOCK_X + (int)((off - 4) / 2), 16);
      return 1;
    }
    if (w == 32 && (off == 12 || off == 16 || off == 20)) {
      md_emit_launch(out, MD_LAUNCH_ITEMS_X + (int)((off - 12) / 4), 32);
      return 1;
    }
  }
  return 0;
}

static int md_prog(md_inv *c, LLVMValueRef v, md_buf *out, int depth);

/* Append `a b OP w flags`.  Commutative operands go in a canonical order,
 * the larger program first: equal expressions give equal bytes, and
 * left-deep evaluation keeps the host's stack shallow. */
static int md_prog_pair(md_inv *c, LLVMValueRef va, LLVMValueRef vb, int code,
                        unsigned w, uint8_t flags, int commutative,
                        md_buf *out, int depth) {
  md_buf a, b;
  int ok;
  md_buf_init(&a);
  md_buf_init(&b);
  ok = md_prog(c, va, &a, depth + 1) && md_prog(c, vb, &b, depth + 1);
  if (ok) {
    int swap = commutative && md_buf_cmp(&a, &b) < 0;
    md_buf_bytes(out, swap ? b.p : a.p, swap ? b.n : a.n);
    md_buf_bytes(out, swap ? a.p : b.p, swap ? a.n : b.n);
    md_buf_u8(out, (uint8_t)code);
    md_buf_u8(out, (uint8_t)w);
    md_buf_u8(out, flags);
  }
  md_buf_free(&a);
  md_buf_free(&b);
  return ok;
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

/* A load: a field of a read-only byval/byref kernel argument, or the
 * launch geometry on AMDGPU. */
static int md_prog_load(md_inv *c, LLVMValueRef ld, md_buf *out, int depth) {
  unsigned w = md_int_width(LLVMTypeOf(ld)), i, np;
  int64_t off = 0;
  LLVMValueRef base;
  if (LLVMGetVolatile(ld) || LLVMGetOrdering(ld) != LLVMAtomicOrderingNotAtomic)
    return md_fail(c, ld, "divisor is a volatile or atomic load");
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return md_fail(c, ld, "divisor is loaded with an unsupported width");
  base = md_ptr_base(c, LLVMGetOperand(ld, 0), &off);
  if (!base)
    return md_fail(c, ld, "divisor is loaded through a non-constant address");
  if (md_amdgpu_geometry(c, base, off, w, out))
    return 1;
  if (off == 0 && LLVMIsAAllocaInst(base)) {
    LLVMValueRef val = md_slot_value(c, base);
    if (val && LLVMTypeOf(val) == LLVMTypeOf(ld))
      return md_prog(c, val, out, depth + 1);
    return md_fail(c, ld, "divisor is loaded from a stack slot");
  }
  if (!LLVMIsAArgument(base) || LLVMGetParamParent(base) != c->kernel)
    return md_fail(c, ld, "divisor is loaded from memory");
  np = LLVMCountParams(c->kernel);
  for (i = 0; i < np && LLVMGetParam(c->kernel, i) != base; i++)
    ;
  {
    LLVMTypeRef pointee = md_param_pointee(c->kernel, i);
    if (!pointee)
      return md_fail(c, ld, "divisor is loaded from memory behind a pointer "
                            "argument (not a by-value struct)");
    if (off < 0 || off > 0x7fffffff ||
        (unsigned long long)off + w / 8 > LLVMABISizeOfType(c->td, pointee))
      return md_fail(c, ld, "divisor is loaded outside its struct argument");
    if (!md_arg_readonly(base))
      return md_fail(c, ld, "divisor is a field of a struct argument that "
                            "the kernel writes or lets escape");
  }
  md_buf_u8(out, MD_OP_ARG);
  md_buf_u16(out, (uint16_t)i);
  md_buf_u32(out, (uint32_t)off);
  md_buf_u8(out, (uint8_t)(w / 8));
  return 1;
}

/* Calls: NVPTX geometry registers and min/max intrinsics. */
static int md_prog_call(md_inv *c, LLVMValueRef call, md_buf *out,
                        int depth) {
  static const struct {
    const char *name;
    int which;
  } sregs[] = {
      {"llvm.nvvm.read.ptx.sreg.ntid.x", MD_LAUNCH_BLOCK_X},
      {"llvm.nvvm.read.ptx.sreg.ntid.y", MD_LAUNCH_BLOCK_Y},
      {"llvm.nvvm.read.ptx.sreg.ntid.z", MD_LAUNCH_BLOCK_Z},
      {"llvm.nvvm.read.ptx.sreg.nctaid.x", MD_LAUNCH_GRID_X},
      {"llvm.nvvm.read.ptx.sreg.nctaid.y", MD_LAUNCH_GRID_Y},
      {"llvm.nvvm.read.ptx.sreg.nctaid.z", MD_LAUNCH_GRID_Z},
  };
  static const struct {
    const char *prefix;
    int op;
  } minmax[] = {{"llvm.smin.", MD_OP_SMIN},
                {"llvm.smax.", MD_OP_SMAX},
                {"llvm.umin.", MD_OP_UMIN},
                {"llvm.umax.", MD_OP_UMAX}};
  LLVMValueRef callee = LLVMGetCalledValue(call);
  unsigned w = md_int_width(LLVMTypeOf(call)), k;
  size_t len = 0;
  const char *name;
  if (!callee || !LLVMIsAFunction(callee))
    return md_fail(c, call, "divisor comes from an indirect call");
  name = LLVMGetValueName2(callee, &len);
  for (k = 0; k < sizeof sregs / sizeof sregs[0]; k++)
    if (w == 32 && md_name_is(callee, sregs[k].name)) {
      md_emit_launch(out, sregs[k].which, 32);
      return 1;
    }
  for (k = 0; k < sizeof minmax / sizeof minmax[0]; k++) {
    size_t pl = strlen(minmax[k].prefix);
    if (len > pl && memcmp(name, minmax[k].prefix, pl) == 0 &&
        LLVMGetNumArgOperands(call) == 2) {
      return md_prog_pair(c, LLVMGetOperand(call, 0), LLVMGetOperand(call, 1),
                          minmax[k].op, w, 0, 1, out, depth);
    }
  }
  if (len > 14 && memcmp(name, "llvm.nvvm.read", 14) == 0)
    return md_fail(c, call, "divisor depends on the thread or block index");
  if (len > 11 && memcmp(name, "llvm.amdgcn", 11) == 0 &&
      (strstr(name, ".id.") != NULL))
    return md_fail(c, call, "divisor depends on the thread or block index");
  return md_fail(c, call, "divisor comes from a call");
}

static int md_binop_code(LLVMOpcode op) {
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

static int md_commutative(int code) {
  return code == MD_OP_ADD || code == MD_OP_MUL || code == MD_OP_AND ||
         code == MD_OP_OR || code == MD_OP_XOR;
}

/* Poison-generating flags of a binary operator, as MD_OF_*. */
static uint8_t md_binop_flags(LLVMValueRef inst, LLVMOpcode op) {
  uint8_t f = 0;
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

static int md_prog_binop(md_inv *c, LLVMValueRef v, LLVMOpcode op, int code,
                         unsigned w, md_buf *out, int depth) {
  return md_prog_pair(c, LLVMGetOperand(v, 0), LLVMGetOperand(v, 1), code, w,
                      md_binop_flags(v, op), md_commutative(code), out, depth);
}

static int md_prog(md_inv *c, LLVMValueRef v, md_buf *out, int depth) {
  unsigned w = md_int_width(LLVMTypeOf(v));
  LLVMOpcode op;
  int code;
  if (depth > MD_INV_MAX_DEPTH || out->n > MD_INV_MAX_BYTES)
    return md_fail(c, v, "divisor expression is too large");
  if (w == 0 || w > 64)
    return md_fail(c, v, "divisor expression has a non-integer or wider "
                         "than 64-bit value");
  if (LLVMIsAConstantInt(v)) {
    md_buf_u8(out, MD_OP_CONST);
    md_buf_u8(out, (uint8_t)w);
    md_buf_u64(out, LLVMConstIntGetZExtValue(v));
    return 1;
  }
  if (LLVMIsAArgument(v)) {
    unsigned i, np = LLVMCountParams(c->kernel);
    if (LLVMGetParamParent(v) != c->kernel)
      return md_fail(c, v, "divisor is an argument of another function");
    if (w != 8 && w != 16 && w != 32 && w != 64)
      return md_fail(c, v, "divisor is an argument of unsupported width");
    for (i = 0; i < np && LLVMGetParam(c->kernel, i) != v; i++)
      ;
    md_buf_u8(out, MD_OP_ARG);
    md_buf_u16(out, (uint16_t)i);
    md_buf_u32(out, 0);
    md_buf_u8(out, (uint8_t)(w / 8));
    return 1;
  }
  if (LLVMIsAConstant(v))
    return md_fail(c, v, "divisor is a constant expression");
  if (!LLVMIsAInstruction(v))
    return md_fail(c, v, "divisor is not an instruction");

  op = LLVMGetInstructionOpcode(v);
  code = md_binop_code(op);
  if (code >= 0)
    return md_prog_binop(c, v, op, code, w, out, depth);
  switch (op) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc: {
    unsigned from = md_int_width(LLVMTypeOf(LLVMGetOperand(v, 0)));
    if (from == 0 || from > 64)
      return md_fail(c, v, "divisor casts from a non-integer");
    if (!md_prog(c, LLVMGetOperand(v, 0), out, depth + 1))
      return 0;
    md_buf_u8(out, op == LLVMZExt   ? MD_OP_ZEXT
                   : op == LLVMSExt ? MD_OP_SEXT
                                    : MD_OP_TRUNC);
    md_buf_u8(out, (uint8_t)from);
    md_buf_u8(out, (uint8_t)w);
    return 1;
  }
  case LLVMFreeze:
    return md_prog(c, LLVMGetOperand(v, 0), out, depth + 1);
  case LLVMICmp: {
    LLVMValueRef a = LLVMGetOperand(v, 0);
    unsigned aw = md_int_width(LLVMTypeOf(a));
    if (aw == 0 || aw > 64)
      return md_fail(c, v, "divisor compares non-integers");
    if (!md_prog(c, a, out, depth + 1) ||
        !md_prog(c, LLVMGetOperand(v, 1), out, depth + 1))
      return 0;
    md_buf_u8(out, MD_OP_ICMP);
    md_buf_u8(out, (uint8_t)aw);
    md_buf_u8(out, (uint8_t)LLVMGetICmpPredicate(v));
    return 1;
  }
  case LLVMSelect:
    if (md_int_width(LLVMTypeOf(LLVMGetOperand(v, 0))) != 1)
      return md_fail(c, v, "divisor selects on a vector condition");
    if (!md_prog(c, LLVMGetOperand(v, 0), out, depth + 1) ||
        !md_prog(c, LLVMGetOperand(v, 1), out, depth + 1) ||
        !md_prog(c, LLVMGetOperand(v, 2), out, depth + 1))
      return 0;
    md_buf_u8(out, MD_OP_SELECT);
    md_buf_u8(out, (uint8_t)w);
    return 1;
  case LLVMLoad:
    return md_prog_load(c, v, out, depth);
  case LLVMCall:
    return md_prog_call(c, v, out, depth);
  case LLVMPHI:
    return md_fail(c, v, "divisor is a PHI (differs across control flow)");
  default:
    return md_fail(c, v, "divisor is computed by an unsupported instruction");
  }
}

/* Maximum evaluation stack depth of the program p[0..n) (the encoding of
 * md_abi.h, without END), or -1 if it cannot be walked. */
static int md_prog_stack_depth(const uint8_t *p, size_t n) {
  size_t i = 0;
  int depth = 0, max = 0;
  while (i < n) {
    int op = p[i++];
    int pops = md_op_pops(op), operands = md_op_operand_bytes(op);
    if (pops < 0 || operands < 0 || op == MD_OP_END)
      return -1;
    i += (size_t)operands;
    depth += 1 - pops;
    if (depth > max)
      max = depth;
  }
  return i == n ? max : -1;
}

int md_inv_program(md_inv *c, LLVMValueRef v, md_buf *out) {
  size_t start = out->n;
  c->why = NULL;
  c->why_at = NULL;
  if (!md_prog(c, v, out, 0)) {
    out->n = start;
    return 0;
  }
  if (out->oom || out->n - start > MD_INV_MAX_BYTES) {
    out->n = start;
    return md_fail(c, v, "divisor expression is too large");
  }
  {
    /* (a cast the site may append pops one and pushes one) */
    int depth = md_prog_stack_depth(out->p + start, out->n - start);
    if (depth < 0 || depth > MD_STACK_MAX) {
      out->n = start;
      return md_fail(c, v, "divisor expression needs too deep an evaluation "
                           "stack");
    }
  }
  return 1;
}
