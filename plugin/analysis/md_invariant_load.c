/*
 * md_invariant_load.c -- loads in divisor expressions: fields of the
 * kernel's read-only struct parameters (followed through called functions'
 * pointer arguments), the AMDGPU launch geometry, -O0 stack slots written
 * once, and OpenMP captured objects (md_invariant_load.h).
 */
#include "analysis/md_invariant_load.h"

#include <stdint.h>

#include "analysis/md_invariant_ptr.h"
#include "support/md_ir.h"
#include "analysis/md_omp.h"
#include "analysis/md_omp_capture.h"

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
    if (!md_omp_call_operand(c->call, i))
      return md_inv_fail(c, ld,
                         "divisor is loaded through an argument the "
                         "call does not pass");
    if (!md_inv_arg_readonly(c, base))
      return md_inv_fail(c, ld,
                         "divisor is loaded through a pointer argument "
                         "that the device function writes through or "
                         "lets escape");
    pbase = md_inv_ptr_base(p, md_omp_call_operand(c->call, i), &poff);
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
  pointee = md_inv_param_pointee(c->kernel, i);
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
