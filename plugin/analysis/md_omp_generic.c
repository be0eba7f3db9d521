/*
 * md_omp_generic.c -- parallel regions with a wrapper function in SPMD
 * kernels, and the values of captured objects that the microtask reads
 * by reference (md_omp_generic.h).
 */
#include <string.h>

#include "md_dom.h"
#include "md_ir.h"
#include "md_map.h"
#include "md_omp.h"
#include "md_omp_generic.h"

#define MD_OMP_EXEC_SPMD 2 /* OMP_TGT_EXEC_MODE_SPMD, a bit of ExecMode */
#define MD_OMP_DEPTH 8

static int md_calls(LLVMValueRef i, const char *name) {
  LLVMValueRef f;
  size_t len = 0;
  const char *s;
  if (!i || !LLVMIsACallInst(i) || !(f = LLVMGetCalledValue(i)) ||
      !LLVMIsAFunction(f))
    return 0;
  s = LLVMGetValueName2(f, &len);
  return len == strlen(name) && memcmp(s, name, len) == 0;
}

static LLVMValueRef md_fn_of(LLVMValueRef inst) {
  return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

static int md_is_ascast(LLVMValueRef v) {
  return LLVMIsAAddrSpaceCastInst(v) ||
         (LLVMIsAConstantExpr(v) &&
          LLVMGetConstOpcode(v) == LLVMAddrSpaceCast);
}

LLVMValueRef md_omp_target_init(LLVMValueRef f) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (md_calls(i, "__kmpc_target_init"))
        return i;
  }
  return NULL;
}

/* The ExecMode of kernel f's environment (the i8 third field of its
 * configuration, the environment's first field), or -1 if not known. */
static int md_exec_mode(LLVMValueRef f) {
  LLVMValueRef init = md_omp_target_init(f), env, ival, cfg, mode;
  if (!init || LLVMGetNumArgOperands(init) < 1)
    return -1;
  env = md_omp_strip_ascast(LLVMGetOperand(init, 0));
  if (!LLVMIsAGlobalVariable(env) || !LLVMIsGlobalConstant(env) ||
      !(ival = LLVMGetInitializer(env)) ||
      LLVMGetTypeKind(LLVMTypeOf(ival)) != LLVMStructTypeKind ||
      LLVMGetNumOperands(ival) < 1)
    return -1;
  cfg = LLVMGetOperand(ival, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(cfg)) != LLVMStructTypeKind ||
      LLVMGetNumOperands(cfg) < 3)
    return -1;
  mode = LLVMGetOperand(cfg, 2);
  if (!LLVMIsAConstantInt(mode) || LLVMGetIntTypeWidth(LLVMTypeOf(mode)) != 8)
    return -1;
  return (int)LLVMConstIntGetZExtValue(mode);
}

const char *md_omp_wrapper_refusal(LLVMValueRef call) {
  int mode = md_exec_mode(md_fn_of(call));
  if (mode < 0 || !(mode & MD_OMP_EXEC_SPMD))
    return "it is a generic-mode parallel region (its workers call it "
           "through a wrapper function)";
  return NULL;
}

int md_omp_is_wrapper(LLVMValueRef f) {
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (md_omp_call_kind(user) == MD_OMP_PAR &&
        LLVMGetOperand(user, MD_OMP_PAR_WRAPPER) == f)
      return 1;
  }
  return 0;
}

const char *md_omp_region_refusal(LLVMValueRef call) {
  if (md_omp_call_kind(call) == MD_OMP_PAR && md_omp_microtask(call) &&
      !LLVMIsAConstantPointerNull(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER)) &&
      md_omp_wrapper_refusal(call))
    return md_omp_wrapper_refusal(call);
  return md_omp_refusal(call);
}

/* ---- who may write the object ---- */

/* 1 if every use of p (through GEPs and casts) is a load. */
static int md_only_loaded(LLVMValueRef p, unsigned depth) {
  LLVMUseRef u;
  if (depth > MD_OMP_DEPTH)
    return 0;
  for (u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsALoadInst(user) && !LLVMGetVolatile(user))
      continue;
    if ((LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == p) ||
        LLVMIsABitCastInst(user) || LLVMIsAAddrSpaceCastInst(user)) {
      if (!md_only_loaded(user, depth + 1))
        return 0;
      continue;
    }
    return 0;
  }
  return 1;
}

/* 1 if the microtask of the parallel call reads its argument i only. */
static int md_param_only_loaded(LLVMValueRef call, unsigned i) {
  LLVMValueRef fn = md_omp_microtask(call);
  if (!fn || i >= LLVMCountParams(fn))
    return 0;
  if (md_omp_call_kind(call) == MD_OMP_PAR &&
      !LLVMIsAConstantPointerNull(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER)) &&
      md_omp_wrapper_refusal(call))
    return 0; /* its wrapper may run too */
  return md_only_loaded(LLVMGetParam(fn, i), 0);
}

/* 1 if slot `slot` of the captured-values array p (byte `off` of it) is
 * read by nothing but the microtasks of the parallel calls passing the
 * array, which only load through it. */
static int md_slot_readers_ok(LLVMValueRef p, long long off, unsigned slot,
                              unsigned depth) {
  LLVMUseRef u;
  if (depth > MD_OMP_DEPTH)
    return 0;
  for (u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    long long d;
    if (md_is_lifetime_marker(user))
      continue;
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == p &&
        LLVMGetOperand(user, 0) != p)
      continue; /* a store into the array */
    if (md_is_ascast(user) || LLVMIsABitCastInst(user)) {
      if (!md_slot_readers_ok(user, off, slot, depth + 1))
        return 0;
      continue;
    }
    if (LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == p &&
        (d = md_omp_gep_offset(user)) >= 0) {
      if (!md_slot_readers_ok(user, off + d, slot, depth + 1))
        return 0;
      continue;
    }
    if (md_omp_call_kind(user) == MD_OMP_PAR && off == 0 &&
        LLVMGetOperand(user, MD_OMP_PAR_ARGS) == p &&
        md_param_only_loaded(user, slot + 2))
      continue;
    return 0;
  }
  return 1;
}

/* 1 if the store of the object's address `st` puts it into a slot of a
 * captured-values array read only by microtasks that only load. */
static int md_addr_store_ok(LLVMValueRef st) {
  LLVMValueRef p = LLVMGetOperand(st, 1);
  long long off = 0, d;
  unsigned guard;
  for (guard = 0; guard < MD_OMP_DEPTH; guard++) {
    if (md_is_ascast(p) || LLVMIsABitCastInst(p)) {
      p = LLVMGetOperand(p, 0);
    } else if (LLVMIsAGetElementPtrInst(p) &&
               (d = md_omp_gep_offset(p)) >= 0) {
      off += d;
      p = LLVMGetOperand(p, 0);
    } else {
      break;
    }
  }
  if (!LLVMIsAAllocaInst(p) || off < 0 || off % 8 ||
      md_fn_of(p) != md_fn_of(st))
    return 0;
  return md_slot_readers_ok(p, 0, (unsigned)(off / 8), 0);
}

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
        (j < MD_OMP_FORK_ARGS || !md_param_only_loaded(call, j - 1))) {
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
               md_fn_of(user) == o->fn) {
      o->nstores++;
      o->store = user;
    } else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == p &&
               LLVMGetOperand(user, 1) != p && md_fn_of(user) == o->fn) {
      if (!md_addr_store_ok(user))
        o->why = "divisor is loaded from a captured object that a parallel "
                 "region may write or whose address escapes";
    } else if (LLVMIsACallInst(user) && md_fn_of(user) == o->fn) {
      md_obj_call(o, user, p);
    } else {
      o->why = "divisor is loaded from a captured object that is written "
               "elsewhere or whose address escapes";
    }
  }
}

/* ---- the store comes first ---- */

/* 1 if block `to` can be reached from block `from` (a successor path). */
static int md_reaches(LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                      md_map *seen) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(from);
  unsigned n, i;
  if (from == to)
    return 1;
  if (md_map_get(seen, from) || !term)
    return 0;
  if (md_map_put(seen, from, from))
    return 1; /* out of memory: as if it did */
  n = LLVMGetNumSuccessors(term);
  for (i = 0; i < n; i++)
    if (md_reaches(LLVMGetSuccessor(term, i), to, seen))
      return 1;
  return 0;
}

/* 1 if the (reachable) predecessors of block j are exactly p and b. */
static int md_preds_are(const md_dom *d, LLVMBasicBlockRef j,
                        LLVMBasicBlockRef p, LLVMBasicBlockRef b) {
  unsigned k = md_dom_order(d, j), i, seen_p = 0, seen_b = 0;
  if (k >= d->n)
    return 0;
  for (i = d->pred_start[k]; i < d->pred_start[k + 1]; i++) {
    LLVMBasicBlockRef q = d->rpo[d->preds[i]];
    if (q == p)
      seen_p = 1;
    else if (q == b)
      seen_b = 1;
    else
      return 0;
  }
  return seen_p && seen_b;
}

/* 1 if the guard of block b (its only predecessor's branch) is "the
 * hardware thread id in the block is 0", b continuing at join. */
static int md_thread0_guard(const md_dom *d, LLVMBasicBlockRef b,
                            LLVMBasicBlockRef *join) {
  LLVMBasicBlockRef p = md_dom_single_pred(d, b);
  LLVMValueRef br = p ? LLVMGetBasicBlockTerminator(p) : NULL, cond, bt;
  LLVMIntPredicate pred;
  unsigned then;
  if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  cond = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cond) || !md_calls(LLVMGetOperand(cond, 0),
                                          "__kmpc_get_hardware_thread_id_in_block") ||
      !LLVMIsAConstantInt(LLVMGetOperand(cond, 1)) ||
      LLVMConstIntGetZExtValue(LLVMGetOperand(cond, 1)) != 0)
    return 0;
  pred = LLVMGetICmpPredicate(cond);
  if (pred != LLVMIntEQ && pred != LLVMIntNE)
    return 0;
  then = pred == LLVMIntEQ ? 0 : 1;
  if (LLVMGetSuccessor(br, then) != b)
    return 0;
  *join = LLVMGetSuccessor(br, 1 - then);
  bt = LLVMGetBasicBlockTerminator(b);
  return bt && LLVMIsABranchInst(bt) && !LLVMIsConditional(bt) &&
         LLVMGetSuccessor(bt, 0) == *join && md_preds_are(d, *join, p, b);
}

/* A team-shared object: the store is made by thread 0 in a block guarded
 * by "thread id == 0" (as OpenMPOpt guards the sequential code of an SPMD
 * kernel), which runs once and continues at a team barrier that dominates
 * the call; so every thread's call starts after the store. */
static int md_guarded_first(LLVMValueRef st, LLVMValueRef call) {
  LLVMBasicBlockRef b = LLVMGetInstructionParent(st), join = NULL;
  LLVMValueRef first;
  md_dom d;
  md_map seen = {0};
  int ok;
  if (md_dom_build(&d, md_fn_of(call)))
    return 0;
  ok = md_thread0_guard(&d, b, &join) &&
       b != LLVMGetInstructionParent(call) &&
       md_dom_dominates(&d, join, LLVMGetInstructionParent(call));
  md_dom_release(&d);
  if (!ok)
    return 0;
  first = LLVMGetFirstInstruction(join);
  if (!md_calls(first, "__kmpc_barrier_simple_spmd") &&
      !md_calls(first, "__kmpc_barrier"))
    return 0;
  ok = !md_reaches(join, b, &seen); /* the guarded block is in no loop */
  md_map_release(&seen);
  return ok;
}

/* A stack slot: the store is before the call in its block, or in the
 * entry block (which comes before every other block) when the slot has no
 * lifetime markers (a lifetime start would make its contents undefined);
 * in the call's block no lifetime marker may come between them. */
static int md_slot_first(const md_obj *o, LLVMValueRef call) {
  LLVMBasicBlockRef b = LLVMGetInstructionParent(o->store);
  LLVMValueRef i;
  if (b != LLVMGetInstructionParent(call))
    return !o->lifetime && b == LLVMGetEntryBasicBlock(md_fn_of(call));
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
  o.fn = md_fn_of(call);
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
  } else if (!LLVMIsAAllocaInst(obj) || md_fn_of(obj) != o.fn) {
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
                             : !md_guarded_first(o.store, call)) {
    *why = "divisor is loaded from a captured object whose store is not "
           "known to come before the parallel region";
    return NULL;
  }
  return LLVMGetOperand(o.store, 0);
}
