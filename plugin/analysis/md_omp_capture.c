/*
 * md_omp_capture.c -- what a parallel region's microtask reads through a
 * pointer to an object of its caller (md_omp_capture.h).
 */
#include "md_omp_capture.h"

#include <string.h>

#include "md_ir.h"
#include "md_omp.h"
#include "md_omp_generic.h"
#include "md_reads.h"

#define MD_OMP_DEPTH 8

/* The uses of the object, analysed: its one store. */
typedef struct md_obj {
  LLVMValueRef fn;    /* the function with the parallel call */
  LLVMValueRef store; /* the store to the object */
  unsigned nstores;
  int lifetime; /* it has lifetime markers */
  const char *why;
} md_obj;

/* A call that gets the object's address p: a lifetime marker, or a fork
 * call passing it to a microtask that only loads through it. */
static void md_obj_call(md_obj *o, LLVMValueRef call, LLVMValueRef p) {
  unsigned n = (unsigned)LLVMGetNumArgOperands(call), j;
  if (md_is_lifetime_marker(call)) {
    o->lifetime = 1;
    return;
  }
  if (md_omp_call_kind(call) != MD_OMP_FORK) {
    o->why = "divisor is loaded from a captured object whose address "
             "escapes";
    return;
  }
  for (j = 0; j < n; j++)
    if (LLVMGetOperand(call, j) == p &&
        (j < MD_OMP_FORK_ARGS || !md_omp_param_only_loaded(call, j - 1))) {
      o->why = "divisor is loaded from a captured object that a parallel "
               "region may write";
      return;
    }
}

static void md_obj_walk(md_obj *o, LLVMValueRef p, unsigned depth) {
  LLVMUseRef u;
  if (depth > MD_OMP_DEPTH) {
    o->why = "divisor is loaded from a captured object used in a way not "
             "understood";
    return;
  }
  for (u = LLVMGetFirstUse(p); u && !o->why; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user))
      continue;
    if (md_is_ascast(user)) {
      md_obj_walk(o, user, depth + 1);
    } else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == p &&
               LLVMGetOperand(user, 0) != p && !LLVMGetVolatile(user) &&
               md_inst_fn(user) == o->fn) {
      o->nstores++;
      o->store = user;
    } else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == p &&
               LLVMGetOperand(user, 1) != p && md_inst_fn(user) == o->fn) {
      if (!md_omp_addr_store_ok(user))
        o->why = "divisor is loaded from a captured object that a parallel "
                 "region may write or whose address escapes";
    } else if (LLVMIsACallInst(user) && md_inst_fn(user) == o->fn) {
      md_obj_call(o, user, p);
    } else {
      o->why = "divisor is loaded from a captured object that is written "
               "elsewhere or whose address escapes";
    }
  }
}

/* A stack slot: the store is before the call in its block, or in the
 * entry block (which comes before every other block) when the slot has no
 * lifetime markers (a lifetime start would make its contents undefined);
 * in the call's block no lifetime marker may come between them. */
static int md_slot_first(const md_obj *o, LLVMValueRef call) {
  LLVMBasicBlockRef b = LLVMGetInstructionParent(o->store);
  LLVMValueRef i;
  if (b != LLVMGetInstructionParent(call))
    return !o->lifetime && b == LLVMGetEntryBasicBlock(md_inst_fn(call));
  for (i = LLVMGetNextInstruction(o->store); i && i != call;
       i = LLVMGetNextInstruction(i))
    if (md_is_lifetime_marker(i))
      return 0;
  return i == call;
}

LLVMValueRef md_omp_captured_value(LLVMValueRef call, LLVMValueRef obj,
                                   long long off, const char **why) {
  md_obj o;
  memset(&o, 0, sizeof o);
  o.fn = md_inst_fn(call);
  obj = md_omp_strip_ascast(obj);
  *why = "divisor is loaded from a captured object that is neither a stack "
         "slot nor a team-shared variable of the caller";
  if (off != 0) {
    *why = "divisor is loaded from a captured object at an offset";
    return NULL;
  }
  if (LLVMIsAGlobalVariable(obj)) {
    LLVMValueRef init = LLVMGetInitializer(obj);
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(obj)) != 3 || !init ||
        !LLVMIsUndef(init) || (LLVMGetLinkage(obj) != LLVMInternalLinkage &&
                               LLVMGetLinkage(obj) != LLVMPrivateLinkage))
      return NULL;
  } else if (!LLVMIsAAllocaInst(obj) || md_inst_fn(obj) != o.fn) {
    return NULL;
  }
  md_obj_walk(&o, obj, 0);
  if (o.why) {
    *why = o.why;
    return NULL;
  }
  if (o.nstores != 1) {
    *why = "divisor is loaded from a captured object that is not stored "
           "exactly once";
    return NULL;
  }
  if (LLVMIsAAllocaInst(obj) ? !md_slot_first(&o, call)
      : md_omp_config_field(o.fn, MD_OMP_CFG_EXEC_MODE) == MD_OMP_EXEC_GENERIC
          ? !md_omp_mode1_store_first(o.store, call)
          : !md_omp_spmd_store_first(o.store, call)) {
    *why = "divisor is loaded from a captured object whose store is not "
           "known to come before the parallel region";
    return NULL;
  }
  return LLVMGetOperand(o.store, 0);
}

