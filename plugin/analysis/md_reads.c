/*
 * md_reads.c -- which pointers are only read (md_reads.h): through loads,
 * calls that cannot write through them, and the OpenMP parallel regions
 * that get them as captured values.
 */
#include "analysis/md_reads.h"

#include <stdint.h>
#include <string.h>

#include "support/md_ir.h"
#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"
#include "analysis/md_ptr_walk.h"

#define MD_OMP_DEPTH 8

/* The enum attribute `name` of argument k (0-based) of a call, at the
 * call site or on the called function; its value in *val. */
static int md_call_arg_attr(LLVMValueRef call, LLVMValueRef fn, unsigned k,
                            const char *name, uint64_t *val) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAttributeRef a;
  if (!kind)
    return 0; /* not an attribute of this LLVM version */
  a = LLVMGetCallSiteEnumAttribute(call, k + 1, kind);
  if (!a && fn && k < LLVMCountParams(fn))
    a = LLVMGetEnumAttributeAtIndex(fn, k + 1, kind);
  if (!a)
    return 0;
  if (val)
    *val = LLVMGetEnumAttributeValue(a);
  return 1;
}

/* Argument k of a direct call never lets the callee (or anything it calls)
 * write the memory behind it: passed byval (the callee gets a copy made
 * from it), or readonly/readnone and not captured (nocapture before LLVM
 * 21, captures(none) -- value 0 -- after). */
int md_reads_call_arg_unwritten(LLVMValueRef call, unsigned k) {
  LLVMValueRef fn = LLVMGetCalledValue(call);
  uint64_t v = 1;
  if (!fn || !LLVMIsAFunction(fn) || k >= LLVMCountParams(fn) ||
      LLVMGetCalledFunctionType(call) != LLVMGlobalGetValueType(fn) ||
      LLVMGetNumOperandBundles(call))
    return 0;
  if (md_call_arg_attr(call, fn, k, "byval", NULL))
    return 1;
  if (!md_call_arg_attr(call, fn, k, "readonly", NULL) &&
      !md_call_arg_attr(call, fn, k, "readnone", NULL))
    return 0;
  return md_call_arg_attr(call, fn, k, "nocapture", NULL) ||
         (md_call_arg_attr(call, fn, k, "captures", &v) && v == 0);
}

static int md_param_reads(LLVMValueRef call, unsigned i, int depth);
static int md_addr_store_reads(LLVMValueRef st, int depth);

/* The operands of a call that are ptr only let the callee read through it:
 * arguments md_reads_call_arg_unwritten allows, variadic operands of a fork
 * call whose microtask only reads that argument, and llvm.assume's
 * operand-bundle operands. */
static int md_call_reads(LLVMValueRef call, LLVMValueRef ptr, int depth) {
  unsigned k, n = (unsigned)LLVMGetNumArgOperands(call);
  unsigned nops = (unsigned)LLVMGetNumOperands(call);
  LLVMValueRef fn = LLVMGetCalledValue(call);
  int fork = md_omp_call_kind(call) == MD_OMP_FORK;
  if (fn == ptr)
    return 0;
  for (k = 0; k + 1 < nops; k++) {
    if (LLVMGetOperand(call, k) != ptr)
      continue;
    if (fork && k >= MD_OMP_FORK_ARGS && k < n) {
      if (!md_param_reads(call, k - 1, depth + 1))
        return 0; /* variadic operand k is the microtask's argument k-1 */
    } else if (k < n ? !md_reads_call_arg_unwritten(call, k)
                     : !(fn && LLVMIsAFunction(fn) &&
                         LLVMGetIntrinsicID(fn) ==
                             LLVMLookupIntrinsicID("llvm.assume", 11))) {
      return 0; /* (an operand bundle's operand: only assume's) */
    }
  }
  return 1;
}

/* The reads policy of md_ptr_walk (md_reads_walk): a use of ptr may be a
 * simple load, a call that only lets the callee read through it
 * (md_call_reads), or a store of ptr itself into a slot of a
 * captured-values array read only by regions that only read
 * (md_addr_store_reads). */
static int md_reads_use(md_ptr_walk *w, LLVMValueRef user, LLVMValueRef ptr,
                        int64_t off, int depth) {
  (void)w;
  (void)off;
  if (!LLVMIsAInstruction(user))
    return 0;
  switch (LLVMGetInstructionOpcode(user)) {
  case LLVMLoad:
    return LLVMGetOperand(user, 0) == ptr && !LLVMGetVolatile(user);
  case LLVMCall:
    return md_call_reads(user, ptr, depth);
  case LLVMStore:
    return LLVMGetOperand(user, 0) == ptr && LLVMGetOperand(user, 1) != ptr &&
           !LLVMGetVolatile(user) && md_addr_store_reads(user, depth + 1);
  default:
    return 0;
  }
}

/* md_reads_ptr_only_loaded: the uses of ptr through casts and any GEPs, 16
 * deep (the parallel regions it is passed to and the slots its address is
 * stored into count towards the depth too). */
static int md_reads_walk(LLVMValueRef ptr, int depth) {
  md_ptr_walk w;
  memset(&w, 0, sizeof w);
  w.max_depth = 16;
  w.gep = MD_PW_GEP_ANY;
  w.use = md_reads_use;
  return md_ptr_walk_uses(&w, ptr, 0, depth);
}

int md_reads_ptr_only_loaded(LLVMValueRef ptr, int depth) {
  return md_reads_walk(ptr, depth);
}

/* 1 if the microtask of the parallel call reads its argument i only. */
static int md_param_reads(LLVMValueRef call, unsigned i, int depth) {
  LLVMValueRef fn = md_omp_microtask(call);
  if (!fn || i >= LLVMCountParams(fn))
    return 0;
  if (md_omp_call_kind(call) == MD_OMP_PAR &&
      !LLVMIsAConstantPointerNull(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER)) &&
      md_omp_config_field(md_inst_fn(call), MD_OMP_CFG_EXEC_MODE) !=
          MD_OMP_EXEC_GENERIC &&
      md_omp_wrapper_refusal(call))
    return 0; /* its wrapper may run too */
  if (md_omp_call_kind(call) == MD_OMP_PAR &&
      md_omp_config_field(md_inst_fn(call), MD_OMP_CFG_EXEC_MODE) ==
          MD_OMP_EXEC_GENERIC &&
      !md_omp_wrapper_is_clangs(call))
    return 0; /* its wrapper runs, and it may be anything */
  return md_reads_walk(LLVMGetParam(fn, i), depth + 1);
}

int md_reads_omp_param_only_loaded(LLVMValueRef call, unsigned i) {
  return md_param_reads(call, i, 0);
}

/* The slot readers' policy of md_ptr_walk: the walk of a captured-values
 * array whose slot `slot` holds an object's address. */
typedef struct md_slot_walk {
  md_ptr_walk w; /* first: the policy */
  unsigned slot;
} md_slot_walk;

/* A use of the array (p at byte `off` of it): a lifetime marker, a store
 * into it, or the array operand of a parallel call whose microtask only
 * reads through the slot's argument. */
static int md_slot_use(md_ptr_walk *w, LLVMValueRef user, LLVMValueRef p,
                       int64_t off, int depth) {
  const md_slot_walk *s = (const md_slot_walk *)w;
  if (md_is_lifetime_marker(user))
    return 1;
  if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == p &&
      LLVMGetOperand(user, 0) != p)
    return 1; /* a store into the array */
  return md_omp_call_kind(user) == MD_OMP_PAR && off == 0 &&
         LLVMGetOperand(user, MD_OMP_PAR_ARGS) == p &&
         md_param_reads(user, s->slot + 2, depth);
}

/* 1 if slot `slot` of the captured-values array p is read by nothing but
 * the microtasks of the parallel calls passing the array, which only read
 * through it (casts and GEPs of constant offset >= 0 followed, 16 deep). */
static int md_slot_readers_ok(LLVMTargetDataRef td, LLVMValueRef p,
                              unsigned slot, int depth) {
  md_slot_walk s;
  memset(&s, 0, sizeof s);
  s.w.td = td;
  s.w.max_depth = 16;
  s.w.gep = MD_PW_GEP_FORWARD;
  s.w.use = md_slot_use;
  s.slot = slot;
  return md_ptr_walk_uses(&s.w, p, 0, depth);
}

/* 1 if the store of the object's address `st` puts it into a slot of a
 * captured-values array read only by microtasks that only read. */
static int md_addr_store_reads(LLVMValueRef st, int depth) {
  LLVMTargetDataRef td =
      LLVMGetModuleDataLayout(LLVMGetGlobalParent(md_inst_fn(st)));
  long long slot = (long long)LLVMPointerSize(td); /* a pointer per slot */
  LLVMValueRef p = LLVMGetOperand(st, 1);
  int64_t off = 0, d;
  unsigned guard;
  for (guard = 0; guard < MD_OMP_DEPTH; guard++) {
    if (md_is_ascast(p) || LLVMIsABitCastInst(p)) {
      p = LLVMGetOperand(p, 0);
    } else if (LLVMIsAGetElementPtrInst(p) &&
               md_gep_const_offset(td, p, &d) && d >= 0 &&
               !__builtin_add_overflow(off, d, &off)) {
      p = LLVMGetOperand(p, 0);
    } else {
      break;
    }
  }
  if (!LLVMIsAAllocaInst(p) || off < 0 || off % slot ||
      md_inst_fn(p) != md_inst_fn(st))
    return 0;
  return md_slot_readers_ok(td, p, (unsigned)(off / slot), depth);
}

int md_reads_omp_addr_store_ok(LLVMValueRef st) {
  return md_addr_store_reads(st, 0);
}
