/*
 * md_reads.c -- which pointers are only read (md_reads.h): through loads,
 * calls that cannot write through them, and the OpenMP parallel regions
 * that get them as captured values.
 */
#include "md_reads.h"

#include <stdint.h>
#include <string.h>

#include "md_ir.h"
#include "md_omp.h"
#include "md_omp_generic.h"

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
int md_call_arg_unwritten(LLVMValueRef call, unsigned k) {
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
 * arguments md_call_arg_unwritten allows, variadic operands of a fork
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
    } else if (k < n ? !md_call_arg_unwritten(call, k)
                     : !(fn && LLVMIsAFunction(fn) &&
                         LLVMGetIntrinsicID(fn) ==
                             LLVMLookupIntrinsicID("llvm.assume", 11))) {
      return 0; /* (an operand bundle's operand: only assume's) */
    }
  }
  return 1;
}

/* md_ptr_only_loaded, and through the parallel regions ptr is passed to:
 * its address stored into a slot of a captured-values array, or passed to
 * a fork call, whose microtask only reads through that argument. */
static int md_reads_walk(LLVMValueRef ptr, int depth) {
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
      if (LLVMGetOperand(user, 0) != ptr || !md_reads_walk(user, depth + 1))
        return 0;
      break;
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
      if (!md_reads_walk(user, depth + 1))
        return 0;
      break;
    case LLVMCall:
      if (!md_call_reads(user, ptr, depth))
        return 0;
      break;
    case LLVMStore:
      if (LLVMGetOperand(user, 0) != ptr || LLVMGetOperand(user, 1) == ptr ||
          LLVMGetVolatile(user) || !md_addr_store_reads(user, depth + 1))
        return 0;
      break;
    default:
      return 0;
    }
  }
  return 1;
}

int md_ptr_only_loaded(LLVMValueRef ptr, int depth) {
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

int md_omp_param_only_loaded(LLVMValueRef call, unsigned i) {
  return md_param_reads(call, i, 0);
}

/* 1 if slot `slot` of the captured-values array p (byte `off` of it) is
 * read by nothing but the microtasks of the parallel calls passing the
 * array, which only read through it. */
static int md_slot_readers_ok(LLVMTargetDataRef td, LLVMValueRef p,
                              long long off, unsigned slot, int depth) {
  LLVMUseRef u;
  if (depth > 16)
    return 0;
  for (u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    int64_t d;
    if (md_is_lifetime_marker(user))
      continue;
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == p &&
        LLVMGetOperand(user, 0) != p)
      continue; /* a store into the array */
    if (md_is_ascast(user) || LLVMIsABitCastInst(user)) {
      if (!md_slot_readers_ok(td, user, off, slot, depth + 1))
        return 0;
      continue;
    }
    if (LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == p &&
        md_gep_const_offset(td, user, &d) && d >= 0 &&
        !__builtin_add_overflow(off, d, &d)) {
      if (!md_slot_readers_ok(td, user, d, slot, depth + 1))
        return 0;
      continue;
    }
    if (md_omp_call_kind(user) == MD_OMP_PAR && off == 0 &&
        LLVMGetOperand(user, MD_OMP_PAR_ARGS) == p &&
        md_param_reads(user, slot + 2, depth))
      continue;
    return 0;
  }
  return 1;
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
  return md_slot_readers_ok(td, p, 0, (unsigned)(off / slot), depth);
}

int md_omp_addr_store_ok(LLVMValueRef st) {
  return md_addr_store_reads(st, 0);
}
