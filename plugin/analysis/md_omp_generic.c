/*
 * md_omp_generic.c -- parallel regions with a wrapper function in SPMD
 * kernels and in generic-mode ones (with their state machines), and the
 * values of captured objects that the microtask reads
 * by reference (md_omp_generic.h).
 */
#include <string.h>

#include "analysis/md_dom.h"
#include "support/md_ir.h"
#include "support/md_map.h"
#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"

#define MD_OMP_EXEC_SPMD 2 /* OMP_TGT_EXEC_MODE_SPMD, a bit of ExecMode */

LLVMValueRef md_omp_target_init(LLVMValueRef f) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (md_calls_fn(i, "__kmpc_target_init"))
        return i;
  }
  return NULL;
}

int md_omp_config_field(LLVMValueRef f, unsigned i) {
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
  mode = LLVMGetOperand(cfg, i);
  if (!LLVMIsAConstantInt(mode) || LLVMGetIntTypeWidth(LLVMTypeOf(mode)) != 8)
    return -1;
  return (int)LLVMConstIntGetZExtValue(mode);
}

const char *md_omp_wrapper_refusal(LLVMValueRef call) {
  int mode = md_omp_config_field(md_inst_fn(call), MD_OMP_CFG_EXEC_MODE);
  if (mode == MD_OMP_EXEC_GENERIC)
    return md_omp_mode1_refusal(call);
  if (mode < 0 || !(mode & MD_OMP_EXEC_SPMD))
    return "it is a generic-mode parallel region (its workers call it "
           "through a wrapper function)";
  return NULL;
}

LLVMValueRef md_omp_wrapper_call(LLVMValueRef f) {
  LLVMValueRef first = NULL;
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (md_omp_call_kind(user) != MD_OMP_PAR ||
        LLVMGetOperand(user, MD_OMP_PAR_WRAPPER) != f)
      continue;
    if (md_omp_wrapper_is_clangs(user))
      return user; /* (not a clone's copy, which starts another function) */
    if (!first)
      first = user;
  }
  return first;
}

const char *md_omp_region_refusal(LLVMValueRef call) {
  if (md_omp_call_kind(call) == MD_OMP_PAR && md_omp_microtask(call) &&
      !LLVMIsAConstantPointerNull(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER)) &&
      md_omp_wrapper_refusal(call))
    return md_omp_wrapper_refusal(call);
  return md_omp_refusal(call);
}

/* ---- the store comes first ---- */

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

/* If block b's only predecessor ends in a conditional branch on `icmp
 * eq/ne %x, C` (C an integer constant) whose "equal" edge enters b: %x,
 * with *c = C (sign-extended) and *other the branch's other successor;
 * else NULL. */
static LLVMValueRef md_omp_equal_edge(const md_dom *d, LLVMBasicBlockRef b,
                               long long *c, LLVMBasicBlockRef *other) {
  LLVMBasicBlockRef p = md_dom_single_pred(d, b);
  LLVMValueRef br = p ? LLVMGetBasicBlockTerminator(p) : NULL, cond, k;
  LLVMIntPredicate pred;
  unsigned eq;
  if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return NULL;
  cond = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cond) || !LLVMIsAConstantInt(k = LLVMGetOperand(cond, 1)))
    return NULL;
  pred = LLVMGetICmpPredicate(cond);
  if (pred != LLVMIntEQ && pred != LLVMIntNE)
    return NULL;
  eq = pred == LLVMIntEQ ? 0 : 1;
  if (LLVMGetSuccessor(br, eq) != b)
    return NULL;
  *c = LLVMConstIntGetSExtValue(k);
  *other = LLVMGetSuccessor(br, 1 - eq);
  return LLVMGetOperand(cond, 0);
}

/* 1 if the guard of block b (its only predecessor's branch) is "the
 * hardware thread id in the block is 0", b continuing at join. */
static int md_thread0_guard(const md_dom *d, LLVMBasicBlockRef b,
                            LLVMBasicBlockRef *join) {
  long long c = -1;
  LLVMValueRef x = md_omp_equal_edge(d, b, &c, join), bt;
  LLVMBasicBlockRef p = md_dom_single_pred(d, b);
  if (!x || c != 0 ||
      !md_calls_fn(x, "__kmpc_get_hardware_thread_id_in_block"))
    return 0;
  bt = LLVMGetBasicBlockTerminator(b);
  return bt && LLVMIsABranchInst(bt) && !LLVMIsConditional(bt) &&
         LLVMGetSuccessor(bt, 0) == *join && md_preds_are(d, *join, p, b);
}

/* A team-shared object: the store is made by thread 0 in a block guarded
 * by "thread id == 0" (as OpenMPOpt guards the sequential code of an SPMD
 * kernel), which continues at a team barrier that dominates the call; so
 * every thread's call starts after thread 0's latest store.  The store may
 * be in a loop (a team's distribute loop): the caller checks that its value
 * is launch-invariant, so every execution stores the same value. */
int md_omp_spmd_store_first(LLVMValueRef st, LLVMValueRef call) {
  LLVMBasicBlockRef b = LLVMGetInstructionParent(st), join = NULL;
  LLVMValueRef first;
  md_dom d;
  int ok;
  if (md_dom_build(&d, md_inst_fn(call)))
    return 0;
  ok = md_thread0_guard(&d, b, &join) &&
       b != LLVMGetInstructionParent(call) &&
       md_dom_dominates(&d, join, LLVMGetInstructionParent(call));
  md_dom_release(&d);
  if (!ok)
    return 0;
  first = LLVMGetFirstInstruction(join);
  return md_calls_fn(first, "__kmpc_barrier_simple_spmd") ||
         md_calls_fn(first, "__kmpc_barrier");
}

/* ==== generic-mode kernels (ExecMode 1): the wrapper and its state-machine
 * uses, and captured objects stored by the main thread ==== */
#define MD_ID_SUFFIX ".ID"
#define MD_WRAPPER_SUFFIX "_wrapper"

static int md_is_ascast_expr(LLVMValueRef v) {
  return LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast;
}

LLVMValueRef md_omp_wrapper_of(LLVMValueRef op, LLVMValueRef *id) {
  LLVMModuleRef m;
  size_t len = 0, sl = strlen(MD_ID_SUFFIX);
  const char *name;
  char buf[512];
  LLVMValueRef f;
  *id = NULL;
  op = md_omp_strip_ascast(op);
  if (LLVMIsAFunction(op))
    return op;
  if (!LLVMIsAGlobalVariable(op) || !LLVMIsGlobalConstant(op) ||
      LLVMGetLinkage(op) != LLVMPrivateLinkage ||
      LLVMGetTypeKind(LLVMGlobalGetValueType(op)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMGlobalGetValueType(op)) != 8)
    return NULL;
  name = LLVMGetValueName2(op, &len);
  if (len <= sl || len - sl >= sizeof buf ||
      memcmp(name + len - sl, MD_ID_SUFFIX, sl) != 0)
    return NULL;
  memcpy(buf, name, len - sl);
  buf[len - sl] = 0;
  m = LLVMGetGlobalParent(op);
  f = LLVMGetNamedFunction(m, buf);
  if (!f)
    return NULL;
  *id = op;
  return f;
}

/* 1 if f has type void(i16, i32), the work function type of the runtime's
 * state machines. */
static int md_is_work_fn_type(LLVMValueRef f) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(f), p[2];
  if (LLVMCountParamTypes(ft) != 2 || LLVMIsFunctionVarArg(ft) ||
      LLVMGetTypeKind(LLVMGetReturnType(ft)) != LLVMVoidTypeKind)
    return 0;
  LLVMGetParamTypes(ft, p);
  return LLVMGetTypeKind(p[0]) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(p[0]) == 16 &&
         LLVMGetTypeKind(p[1]) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(p[1]) == 32;
}

int md_omp_wrapper_is_clangs(LLVMValueRef call) {
  LLVMValueRef id, w, fn = md_omp_microtask(call);
  size_t wl = 0, fl = 0, sl = strlen(MD_WRAPPER_SUFFIX);
  const char *wn, *fnm;
  if (!fn || md_omp_call_kind(call) != MD_OMP_PAR ||
      !(w = md_omp_wrapper_of(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER), &id)))
    return 0;
  if (LLVMIsDeclaration(w) || !md_is_work_fn_type(w) ||
      (LLVMGetLinkage(w) != LLVMInternalLinkage &&
       LLVMGetLinkage(w) != LLVMPrivateLinkage))
    return 0;
  wn = LLVMGetValueName2(w, &wl);
  fnm = LLVMGetValueName2(fn, &fl);
  return wl == fl + sl && memcmp(wn, fnm, fl) == 0 &&
         memcmp(wn + fl, MD_WRAPPER_SUFFIX, sl) == 0;
}

/* 1 if i is `call void @w(i16 0, i32 %tid)`: the state machine's direct
 * call of a known parallel region. */
static int md_is_sm_call(LLVMValueRef i, LLVMValueRef w) {
  LLVMValueRef a0;
  if (!LLVMIsACallInst(i) || LLVMGetCalledValue(i) != w ||
      LLVMGetNumArgOperands(i) != 2 || LLVMGetNumOperandBundles(i))
    return 0;
  a0 = LLVMGetOperand(i, 0);
  return LLVMIsAConstantInt(a0) && LLVMConstIntGetZExtValue(a0) == 0;
}

/* 1 if i is an equality compare of pointers (the state machine's "is the
 * work function this region?"). */
static int md_is_sm_compare(LLVMValueRef i) {
  LLVMIntPredicate p;
  if (!LLVMIsAICmpInst(i))
    return 0;
  p = LLVMGetICmpPredicate(i);
  return p == LLVMIntEQ || p == LLVMIntNE;
}

/* The uses of a wrapper or its ID, seen through address-space casts. */
typedef struct md_wuses {
  LLVMValueRef kernel, call, w;
  unsigned ncalls, ncompares, nsm;
  int sm_allowed; /* the kernel has OpenMPOpt's state machine */
  const char *why;
} md_wuses;

static void md_wuses_walk(md_wuses *u, LLVMValueRef v, int is_w,
                          unsigned depth) {
  LLVMUseRef use;
  for (use = LLVMGetFirstUse(v); use && !u->why; use = LLVMGetNextUse(use)) {
    LLVMValueRef user = LLVMGetUser(use);
    if (md_is_ascast_expr(user) && depth < 2) {
      md_wuses_walk(u, user, 0, depth + 1);
      continue;
    }
    if (!LLVMIsAInstruction(user) || md_inst_fn(user) != u->kernel) {
      u->why = "its wrapper function is used outside its kernel";
      return;
    }
    if (md_omp_call_kind(user) == MD_OMP_PAR &&
        LLVMGetOperand(user, MD_OMP_PAR_WRAPPER) == v) {
      if (user != u->call) {
        u->why = "its wrapper function is used by another parallel call";
        return;
      }
      u->ncalls++;
    } else if (md_is_sm_compare(user) && u->sm_allowed) {
      u->ncompares++;
    } else if (is_w && u->sm_allowed && md_is_sm_call(user, u->w)) {
      u->nsm++;
    } else {
      u->why = u->sm_allowed
                   ? "its wrapper function is used in a way not understood "
                     "(neither the parallel call nor the state machine's "
                     "compares and direct calls)"
                   : "its wrapper function is used by more than the parallel "
                     "call in a kernel with the runtime's state machine";
      return;
    }
  }
}

/* NULL if every use of the wrapper w and of its ID (NULL: none) is the
 * parallel call `call` or a form of the kernel's state machine. */
static const char *md_wrapper_uses_refusal(LLVMValueRef call, LLVMValueRef w,
                                           LLVMValueRef id) {
  md_wuses u;
  int gsm = md_omp_config_field(md_inst_fn(call), MD_OMP_CFG_GENERIC_SM);
  memset(&u, 0, sizeof u);
  u.kernel = md_inst_fn(call);
  u.call = call;
  u.w = w;
  if (gsm != 0 && gsm != 1)
    return "it is a generic-mode parallel region whose kernel's state "
           "machine is not known";
  u.sm_allowed = gsm == 0;
  if (id && !u.sm_allowed)
    return "its wrapper operand is a state-machine ID in a kernel with the "
           "runtime's state machine";
  if (id) {
    md_wuses_walk(&u, id, 0, 0);
    if (!u.why) {
      unsigned before = u.ncompares;
      md_wuses_walk(&u, w, 1, 0);
      if (!u.why && (u.ncompares != before || u.ncalls != 1))
        u.why = "its wrapper function is used in a way not understood "
                "(the function itself beside its state-machine ID)";
    }
  } else {
    md_wuses_walk(&u, w, 1, 0);
  }
  if (!u.why && u.ncalls != 1)
    u.why = "its wrapper function is not the parallel call's operand";
  return u.why;
}

/* NULL if the microtask takes (ptr, ptr) and then the captured values as
 * pointers or i64 (what a wrapper of the clone can pass from the slots). */
static const char *md_microtask_params_refusal(LLVMValueRef fn) {
  unsigned n = LLVMCountParams(fn), i;
  for (i = 0; i < n; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
    int ptr0 = LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
               LLVMGetPointerAddressSpace(t) == 0;
    int i64 = LLVMGetTypeKind(t) == LLVMIntegerTypeKind &&
              LLVMGetIntTypeWidth(t) == 64;
    if (!ptr0 && !(i >= 2 && i64))
      return "its function takes a captured value that is neither a "
             "generic pointer nor a 64-bit integer";
  }
  return NULL;
}

const char *md_omp_mode1_refusal(LLVMValueRef call) {
  LLVMValueRef id, w, fn = md_omp_microtask(call), nargs;
  const char *why;
  if (!fn || md_omp_call_kind(call) != MD_OMP_PAR)
    return "it is a generic-mode parallel region that is not understood";
  w = md_omp_wrapper_of(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER), &id);
  if (!w)
    return "it is a generic-mode parallel region whose wrapper operand is "
           "neither a function nor a state-machine ID";
  if (!md_omp_wrapper_is_clangs(call))
    return "it is a generic-mode parallel region whose wrapper is not "
           "clang's wrapper of its function ('<function>_wrapper', internal, "
           "void(i16, i32))";
  nargs = LLVMGetOperand(call, MD_OMP_PAR_NARGS);
  if (!LLVMIsAConstantInt(nargs) ||
      LLVMConstIntGetZExtValue(nargs) >= MD_OMP_MAX_SLOTS)
    return "it is a generic-mode parallel region that already passes the "
           "64 captured values the device runtime can pass (no slot is left "
           "for a magic value)";
  why = md_microtask_params_refusal(fn);
  return why ? why : md_wrapper_uses_refusal(call, w, id);
}

/* ---- a store made once by the main thread, before the call ---- */

/* 1 if block s is entered only from the `__kmpc_target_init(...) == -1`
 * edge (a conditional branch on an equality compare of the call with -1,
 * s its only successor for "equal", s having that block as its only
 * predecessor). */
static int md_main_thread_entry(const md_dom *d, LLVMValueRef init,
                                LLVMBasicBlockRef s) {
  long long c = 0;
  LLVMBasicBlockRef other = NULL;
  return md_omp_equal_edge(d, s, &c, &other) == init && c == -1 &&
         other != s;
}

/* 1 if b is dominated by a block entered only by the main thread. */
static int md_main_thread_only(const md_dom *d, LLVMValueRef kernel,
                               LLVMBasicBlockRef b) {
  LLVMValueRef init = md_omp_target_init(kernel);
  LLVMBasicBlockRef s;
  if (!init)
    return 0;
  for (s = LLVMGetFirstBasicBlock(kernel); s; s = LLVMGetNextBasicBlock(s))
    if (md_main_thread_entry(d, init, s) && md_dom_dominates(d, s, b))
      return 1;
  return 0;
}

int md_omp_mode1_store_first(LLVMValueRef st, LLVMValueRef call) {
  LLVMValueRef kernel = md_inst_fn(call);
  LLVMBasicBlockRef sb = LLVMGetInstructionParent(st);
  LLVMBasicBlockRef cb = LLVMGetInstructionParent(call);
  md_dom d;
  int ok;
  if (md_inst_fn(st) != kernel ||
      md_omp_config_field(kernel, MD_OMP_CFG_EXEC_MODE) != MD_OMP_EXEC_GENERIC)
    return 0;
  if (md_dom_build(&d, kernel))
    return 0;
  ok = md_main_thread_only(&d, kernel, sb) &&
       (sb == cb ? md_inst_before(st, call)
                 : md_dom_dominates(&d, sb, cb));
  md_dom_release(&d);
  return ok;
}
