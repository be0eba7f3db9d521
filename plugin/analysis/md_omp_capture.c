/*
 * md_omp_capture.c -- what a parallel region's microtask reads through a
 * pointer to an object of its caller (md_omp_capture.h).
 */
#include "analysis/md_omp_capture.h"

#include <stdint.h>
#include <string.h>

#include "analysis/md_dom.h"
#include "support/md_ir.h"
#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"
#include "analysis/md_ptr_walk.h"
#include "analysis/md_reads.h"

#define MD_OMP_DEPTH 8

/* The uses of the object, analysed: the writes to the bytes a load reads,
 * [off, off + bytes). */
typedef struct md_obj {
  md_ptr_walk w;      /* first: the walk's policy (md_obj_use) */
  LLVMValueRef fn;    /* the function with the parallel call */
  LLVMTargetDataRef td;
  long long off;      /* the bytes read */
  unsigned bytes;
  LLVMValueRef write; /* the (last seen) write to them: a store or memcpy */
  long long woff;     /* the byte of the object it writes first ... */
  unsigned long long wbytes; /* ... and how many */
  unsigned nwrites;   /* writes to the bytes read */
  LLVMValueRef starts[8]; /* the object's lifetime starts */
  unsigned nstarts;
  const char *why;
} md_obj;

/* A write of [woff, woff + n) of the object by instruction w: counted when
 * it touches the bytes read. */
static void md_obj_write(md_obj *o, LLVMValueRef w, long long woff,
                         unsigned long long n) {
  if (md_inst_fn(w) != o->fn) {
    o->why = "divisor is loaded from a captured object that is written "
             "elsewhere or whose address escapes";
    return;
  }
  if (woff >= o->off + (long long)o->bytes ||
      (woff + (long long)n <= o->off && n < (1ull << 40)))
    return; /* another field */
  o->nwrites++;
  o->write = w;
  o->woff = woff;
  o->wbytes = n;
}

/* 1 if call is llvm.memcpy / llvm.memmove (any overload, inline too). */
static int md_is_memcpy(LLVMValueRef call) {
  LLVMValueRef f = md_called_fn(call);
  return md_name_has_prefix(f, "llvm.memcpy") ||
         md_name_has_prefix(f, "llvm.memmove");
}

/* A call that gets a pointer p to byte poff of the object: a lifetime
 * marker, a memcpy into it (a write) or from it, a fork call passing it to
 * a microtask that only reads through it, a call that cannot write
 * through it. */
static void md_obj_call(md_obj *o, LLVMValueRef call, LLVMValueRef p,
                        long long poff) {
  unsigned n = (unsigned)LLVMGetNumArgOperands(call), j;
  LLVMValueRef len;
  if (md_is_lifetime_marker(call)) {
    if (md_name_has_prefix(md_called_fn(call), "llvm.lifetime.start")) {
      if (o->nstarts == sizeof o->starts / sizeof o->starts[0])
        o->why = "divisor is loaded from a captured object with too many "
                 "lifetime markers";
      else
        o->starts[o->nstarts++] = call;
    }
    return;
  }
  if (md_is_memcpy(call) && n == 4 && LLVMGetOperand(call, 0) == p &&
      LLVMGetOperand(call, 1) != p) {
    len = LLVMGetOperand(call, 2);
    if (!LLVMIsAConstantInt(len) || LLVMConstIntGetZExtValue(len) > (1u << 30) ||
        !LLVMIsAConstantInt(LLVMGetOperand(call, 3)) ||
        LLVMConstIntGetZExtValue(LLVMGetOperand(call, 3)))
      o->why = "divisor is loaded from a captured object that is copied "
               "into with a variable length or volatile";
    else
      md_obj_write(o, call, poff, LLVMConstIntGetZExtValue(len));
    return;
  }
  for (j = 0; j < n; j++) {
    if (LLVMGetOperand(call, j) != p)
      continue;
    if (md_omp_call_kind(call) == MD_OMP_FORK) {
      if (j < MD_OMP_FORK_ARGS ||
          !md_reads_omp_param_only_loaded(call, j - 1)) {
        o->why = "divisor is loaded from a captured object that a parallel "
                 "region may write";
        return;
      }
    } else if (!md_reads_call_arg_unwritten(call, j)) {
      o->why = "divisor is loaded from a captured object whose address "
               "escapes";
      return;
    }
  }
  if (LLVMGetCalledValue(call) == p)
    o->why = "divisor is loaded from a captured object whose address "
             "escapes";
}

/* A store through p (byte poff of the object), or of p itself. */
static void md_obj_store(md_obj *o, LLVMValueRef st, LLVMValueRef p,
                         long long poff) {
  LLVMValueRef v = LLVMGetOperand(st, 0);
  if (LLVMGetOperand(st, 1) == p && v != p && !LLVMGetVolatile(st)) {
    md_obj_write(o, st, poff, LLVMABISizeOfType(o->td, LLVMTypeOf(v)));
  } else if (v == p && LLVMGetOperand(st, 1) != p &&
             md_inst_fn(st) == o->fn) {
    if (!md_reads_omp_addr_store_ok(st))
      o->why = "divisor is loaded from a captured object that a parallel "
               "region may write or whose address escapes";
  } else {
    o->why = "divisor is loaded from a captured object that is written "
             "elsewhere or whose address escapes";
  }
}

/* The object's policy of md_ptr_walk: a use of p (byte poff of the
 * object) may be a simple load, a store (md_obj_store) or a call in the
 * caller (md_obj_call); anything else may write the object or let its
 * address escape. */
static int md_obj_use(md_ptr_walk *w, LLVMValueRef user, LLVMValueRef p,
                      int64_t poff, int depth) {
  md_obj *o = (md_obj *)w;
  (void)depth;
  if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user))
    return 1;
  if (LLVMIsAStoreInst(user))
    md_obj_store(o, user, p, poff);
  else if (LLVMIsACallInst(user) && md_inst_fn(user) == o->fn)
    md_obj_call(o, user, p, poff);
  else
    o->why = "divisor is loaded from a captured object that is written "
             "elsewhere or whose address escapes";
  return !o->why;
}

/* Every use of the object `base`: casts and GEPs of constant offsets
 * followed (MD_OMP_DEPTH deep), the others md_obj_use's. */
static void md_obj_walk(md_obj *o, LLVMValueRef base) {
  o->w.td = o->td;
  o->w.max_depth = MD_OMP_DEPTH;
  o->w.gep = MD_PW_GEP_CONST;
  o->w.use = md_obj_use;
  if (!md_ptr_walk_uses(&o->w, base, 0, 0) && o->w.too_deep && !o->why)
    o->why = "divisor is loaded from a captured object used in a way not "
             "understood";
}

/* A stack slot: the write dominates the call (comes before it in its
 * block), and every lifetime start of the slot dominates the write, so
 * that no start (which makes the contents undefined) lies between them:
 * every path from a start to the call passes the write. */
static int md_slot_first(const md_obj *o, LLVMValueRef call) {
  LLVMBasicBlockRef wb = LLVMGetInstructionParent(o->write);
  md_dom d;
  unsigned k;
  int ok;
  if (md_dom_build(&d, o->fn))
    return 0;
  ok = wb == LLVMGetInstructionParent(call)
           ? md_inst_before(o->write, call)
           : md_dom_dominates(&d, wb, LLVMGetInstructionParent(call));
  for (k = 0; ok && k < o->nstarts; k++) {
    LLVMBasicBlockRef sb = LLVMGetInstructionParent(o->starts[k]);
    ok = sb == wb ? md_inst_before(o->starts[k], o->write)
                  : md_dom_dominates(&d, sb, wb);
  }
  md_dom_release(&d);
  return ok;
}

/* The object behind the captured pointer, checked: a stack slot of the
 * caller, or a team-shared variable (internal, addrspace(3), poison
 * initializer); NULL otherwise. */
static LLVMValueRef md_obj_base(LLVMValueRef obj, LLVMValueRef fn) {
  obj = md_omp_strip_ascast(obj);
  if (LLVMIsAGlobalVariable(obj)) {
    LLVMValueRef init = LLVMGetInitializer(obj);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(obj)) != 3 || !init ||
        !LLVMIsUndef(init) || (LLVMGetLinkage(obj) != LLVMInternalLinkage &&
                               LLVMGetLinkage(obj) != LLVMPrivateLinkage))
      return NULL;
    return obj;
  }
  return LLVMIsAAllocaInst(obj) && md_inst_fn(obj) == fn ? obj : NULL;
}

/* What the one write of the bytes read writes there: the store's value
 * and the bit it starts at, or the memcpy's source pointer and offset. */
static int md_obj_src(const md_obj *o, md_omp_src *src, const char **why) {
  long long rel = o->off - o->woff;
  memset(src, 0, sizeof *src);
  if (rel < 0 || (unsigned long long)rel + o->bytes > o->wbytes) {
    *why = "divisor is loaded from a captured object whose bytes are "
           "written in parts";
    return 0;
  }
  if (LLVMIsACallInst(o->write)) {
    src->ptr = LLVMGetOperand(o->write, 1);
    src->off = rel;
    return 1;
  }
  src->value = LLVMGetOperand(o->write, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(src->value)) != LLVMIntegerTypeKind ||
      (rel && LLVMByteOrder(o->td) != LLVMLittleEndian)) {
    *why = "divisor is loaded from a captured object stored with another "
           "type";
    return 0;
  }
  src->shift = (unsigned)rel * 8;
  return 1;
}

int md_omp_captured_src(LLVMValueRef call, LLVMValueRef obj, long long off,
                        unsigned bytes, md_omp_src *src, const char **why) {
  md_obj o;
  LLVMValueRef base;
  memset(&o, 0, sizeof o);
  o.fn = md_inst_fn(call);
  o.td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(o.fn));
  o.off = off;
  o.bytes = bytes;
  *why = "divisor is loaded from a captured object that is neither a stack "
         "slot nor a team-shared variable of the caller";
  if (!(base = md_obj_base(obj, o.fn)))
    return 0;
  md_obj_walk(&o, base);
  if (o.why) {
    *why = o.why;
    return 0;
  }
  if (o.nwrites != 1) {
    *why = "divisor is loaded from a captured object that is not stored "
           "exactly once";
    return 0;
  }
  if (LLVMIsAAllocaInst(base) ? !md_slot_first(&o, call)
      : md_omp_config_field(o.fn, MD_OMP_CFG_EXEC_MODE) == MD_OMP_EXEC_GENERIC
          ? !md_omp_mode1_store_first(o.write, call)
          : !md_omp_spmd_store_first(o.write, call)) {
    *why = "divisor is loaded from a captured object whose store is not "
           "known to come before the parallel region";
    return 0;
  }
  return md_obj_src(&o, src, why);
}

unsigned md_omp_ref_param_bytes(LLVMValueRef kernel, unsigned i) {
  unsigned kind = LLVMGetEnumAttributeKindForName("dereferenceable", 15);
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned byref = LLVMGetEnumAttributeKindForName("byref", 5);
  LLVMAttributeRef at;
  uint64_t n;
  if (!md_omp_is_device_module(LLVMGetGlobalParent(kernel)) ||
      i >= LLVMCountParams(kernel) ||
      LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(kernel, i))) !=
          LLVMPointerTypeKind ||
      LLVMGetEnumAttributeAtIndex(kernel, i + 1, byval) ||
      LLVMGetEnumAttributeAtIndex(kernel, i + 1, byref) ||
      !(at = LLVMGetEnumAttributeAtIndex(kernel, i + 1, kind)))
    return 0;
  n = LLVMGetEnumAttributeValue(at);
  return n > 0 && n <= MD_OMP_REF_MAX ? (unsigned)n : 0;
}
