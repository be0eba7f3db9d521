/*
 * md_omp_wrap.c -- the wrappers of a generic-mode OpenMP kernel clone:
 * the parallel calls md_omp_redirect tagged each get a wrapper of their
 * own that starts the microtask's clone (md_omp_wrap.h).
 */
#include <llvm-c/Analysis.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"
#include "device/md_callee.h"
#include "device/md_omp_wrap.h"
#include "support/md_assert.h"

#define MD_TAG "magicdiv.omp.wrap" /* a parallel call needing a wrapper */

static unsigned md_tag_kind(LLVMValueRef v) {
  return LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(v)), MD_TAG,
                                  (unsigned)strlen(MD_TAG));
}

void md_omp_wrapper_tag(LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  LLVMSetMetadata(call, md_tag_kind(call),
                  LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0)));
}

static int md_tagged(LLVMValueRef i) {
  return LLVMIsACallInst(i) && LLVMGetMetadata(i, md_tag_kind(i)) != NULL;
}

int md_omp_wrapper_runs(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  return md_omp_call_kind(call) == MD_OMP_PAR &&
         !LLVMIsAConstantPointerNull(LLVMGetOperand(call, MD_OMP_PAR_WRAPPER)) &&
         md_omp_config_field(f, MD_OMP_CFG_EXEC_MODE) == MD_OMP_EXEC_GENERIC;
}

/* The instruction after i in f, across blocks (i NULL: f's first). */
static LLVMValueRef md_next_inst(LLVMValueRef f, LLVMValueRef i) {
  LLVMBasicBlockRef bb = i ? LLVMGetInstructionParent(i) : NULL;
  LLVMValueRef n = i ? LLVMGetNextInstruction(i) : NULL;
  while (!n) {
    bb = bb ? LLVMGetNextBasicBlock(bb) : LLVMGetFirstBasicBlock(f);
    if (!bb)
      return NULL;
    n = LLVMGetFirstInstruction(bb);
  }
  return n;
}

/* v, or the global under v's address-space cast expression. */
static LLVMValueRef md_under_cast(LLVMValueRef v) {
  if (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMAddrSpaceCast)
    return LLVMGetOperand(v, 0);
  return v;
}

/* One wrapper to replace in the clone. */
typedef struct md_wjob {
  LLVMValueRef w, id;  /* the original wrapper and its ID (or NULL) */
  LLVMValueRef call;   /* the tagged parallel call */
} md_wjob;

/* 1 if instruction i of the clone uses v (= job's wrapper or ID) in one of
 * the forms that may be renamed. */
static int md_use_ok(const md_wjob *j, LLVMValueRef i, unsigned op) {
  if (md_omp_call_kind(i) == MD_OMP_PAR)
    return i == j->call && op == MD_OMP_PAR_WRAPPER;
  if (LLVMIsAICmpInst(i))
    return LLVMGetICmpPredicate(i) == LLVMIntEQ ||
           LLVMGetICmpPredicate(i) == LLVMIntNE;
  return LLVMIsACallInst(i) && j->w &&
         op == (unsigned)LLVMGetNumOperands(i) - 1 &&
         md_under_cast(LLVMGetOperand(i, op)) == j->w &&
         LLVMGetNumArgOperands(i) == 2;
}

/* 0 if every use of the job's wrapper and ID in the clone may be renamed
 * (and the tagged call is the only parallel call using them). */
static int md_job_check(const md_wjob *j, LLVMValueRef clone) {
  LLVMValueRef i;
  for (i = md_next_inst(clone, NULL); i; i = md_next_inst(clone, i)) {
    unsigned n = (unsigned)LLVMGetNumOperands(i), k;
    for (k = 0; k < n; k++) {
      LLVMValueRef v = md_under_cast(LLVMGetOperand(i, k));
      if (v == j->id && !md_use_ok(j, i, k))
        return -1;
      if (v == j->w && (j->id ? !(LLVMIsACallInst(i) && md_use_ok(j, i, k) &&
                                  md_omp_call_kind(i) != MD_OMP_PAR)
                              : !md_use_ok(j, i, k)))
        return -1;
    }
  }
  return 0;
}

/* Function attributes of w that describe the target or control flow (not
 * its inferred memory effects) copied to f, and its parameter attributes. */
static void md_copy_wrapper_attrs(LLVMValueRef w, LLVMValueRef f) {
  static const char *const kinds[] = {"nounwind", "norecurse", "convergent",
                                      "mustprogress"};
  unsigned n = LLVMGetAttributeCountAtIndex(w, LLVMAttributeFunctionIndex), i;
  LLVMAttributeRef *a = n ? malloc(n * sizeof *a) : NULL;
  unsigned p;
  if (a) {
    LLVMGetAttributesAtIndex(w, LLVMAttributeFunctionIndex, a);
    for (i = 0; i < n; i++) {
      unsigned k, keep = LLVMIsStringAttribute(a[i]);
      for (k = 0; !keep && k < sizeof kinds / sizeof *kinds; k++)
        keep = LLVMIsEnumAttribute(a[i]) &&
               LLVMGetEnumAttributeKind(a[i]) ==
                   LLVMGetEnumAttributeKindForName(kinds[k],
                                                   strlen(kinds[k]));
      if (keep)
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, a[i]);
    }
    free(a);
  }
  for (p = 1; p <= 2; p++) {
    unsigned m = LLVMGetAttributeCountAtIndex(w, p);
    LLVMAttributeRef *b = m ? malloc(m * sizeof *b) : NULL;
    if (!b)
      continue;
    LLVMGetAttributesAtIndex(w, p, b);
    for (i = 0; i < m; i++)
      if (LLVMIsEnumAttribute(b[i]))
        LLVMAddAttributeAtIndex(f, p, b[i]);
    free(b);
  }
}

/* A generic pointer to a new stack slot of type t (in the allocation
 * address space of the target, cast like clang does). */
static LLVMValueRef md_slot(LLVMBuilderRef b, LLVMContextRef ctx,
                            LLVMTypeRef t, unsigned align, const char *nm) {
  LLVMValueRef a = LLVMBuildAlloca(b, t, nm);
  LLVMSetAlignment(a, align);
  if (LLVMGetPointerAddressSpace(LLVMTypeOf(a)) != 0)
    a = LLVMBuildAddrSpaceCast(b, a, LLVMPointerTypeInContext(ctx, 0), "");
  return a;
}

static LLVMValueRef md_get_shared_fn(LLVMModuleRef m, LLVMContextRef ctx) {
  LLVMValueRef f = LLVMGetNamedFunction(m, "__kmpc_get_shared_variables");
  LLVMTypeRef p = LLVMPointerTypeInContext(ctx, 0);
  if (f)
    return LLVMCountParams(f) == 1 && !LLVMIsFunctionVarArg(
                                          LLVMGlobalGetValueType(f))
               ? f
               : NULL;
  return LLVMAddFunction(
      m, "__kmpc_get_shared_variables",
      LLVMFunctionType(LLVMVoidTypeInContext(ctx), &p, 1, 0));
}

/* The new wrapper of job j: calls the tagged call's microtask with every
 * slot the call passes; NULL (nothing made) if it cannot be built. */
static LLVMValueRef md_build_wrapper(const md_wjob *j) {
  LLVMModuleRef m = LLVMGetGlobalParent(j->w);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMValueRef mt = LLVMGetOperand(j->call, MD_OMP_PAR_FN);
  LLVMValueRef nargs = LLVMGetOperand(j->call, MD_OMP_PAR_NARGS);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef getsh = md_get_shared_fn(m, ctx), f, tid, zero, ga, base, c;
  LLVMValueRef *args;
  LLVMBuilderRef b;
  unsigned ns, k;
  char *name;
  if (!getsh || !LLVMIsAFunction(mt) || !LLVMIsAConstantInt(nargs))
    return NULL;
  ns = (unsigned)LLVMConstIntGetZExtValue(nargs);
  if (LLVMCountParams(mt) != ns + 2 ||
      !(args = malloc((ns + 2) * sizeof *args)))
    return NULL;
  if (!(name = md_callee_clone_name(j->w))) {
    free(args);
    return NULL;
  }
  f = LLVMAddFunction(m, name, LLVMGlobalGetValueType(j->w));
  free(name);
  LLVMSetLinkage(f, LLVMInternalLinkage);
  LLVMSetFunctionCallConv(f, LLVMGetFunctionCallConv(j->w));
  md_copy_wrapper_attrs(j->w, f);
  b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, f, "entry"));
  tid = md_slot(b, ctx, i32, 4, "tid.addr");
  zero = md_slot(b, ctx, i32, 4, "zero.addr");
  ga = md_slot(b, ctx, ptr, 8, "global_args");
  LLVMSetAlignment(LLVMBuildStore(b, LLVMGetParam(f, 1), tid), 4);
  LLVMSetAlignment(LLVMBuildStore(b, LLVMConstInt(i32, 0, 0), zero), 4);
  LLVMBuildCall2(b, LLVMGlobalGetValueType(getsh), getsh, &ga, 1, "");
  base = LLVMBuildLoad2(b, ptr, ga, "");
  LLVMSetAlignment(base, 8);
  args[0] = tid;
  args[1] = zero;
  for (k = 0; k < ns; k++) {
    LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(ctx), k, 0);
    LLVMValueRef p = LLVMBuildGEP2(b, ptr, base, &idx, 1, "");
    LLVMValueRef v = LLVMBuildLoad2(b, ptr, p, "");
    LLVMTypeRef want = LLVMTypeOf(LLVMGetParam(mt, k + 2));
    LLVMSetAlignment(v, 8);
    args[k + 2] = LLVMGetTypeKind(want) == LLVMIntegerTypeKind
                      ? LLVMBuildPtrToInt(b, v, want, "")
                      : v;
  }
  c = LLVMBuildCall2(b, LLVMGlobalGetValueType(mt), mt, args, ns + 2, "");
  LLVMSetInstructionCallConv(c, LLVMGetFunctionCallConv(mt));
  LLVMBuildRetVoid(b);
  LLVMDisposeBuilder(b);
  free(args);
  return f;
}

/* A new state-machine ID for wrapper f, like id: `<f>.ID`. */
static LLVMValueRef md_build_id(LLVMValueRef id, LLVMValueRef f) {
  LLVMModuleRef m = LLVMGetGlobalParent(f);
  size_t len = 0;
  const char *fn = LLVMGetValueName2(f, &len);
  char *name = malloc(len + 4);
  LLVMValueRef g;
  if (!name)
    return NULL;
  memcpy(name, fn, len);
  memcpy(name + len, ".ID", 4);
  g = LLVMAddGlobalInAddressSpace(m, LLVMGlobalGetValueType(id), name,
                                  LLVMGetPointerAddressSpace(LLVMTypeOf(id)));
  free(name);
  LLVMSetInitializer(g, LLVMGetUndef(LLVMGlobalGetValueType(id)));
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  return g;
}

/* In the clone, every operand that is `from` (or an address-space cast
 * of it) becomes `to` (cast the same way). */
static void md_rename_in(LLVMValueRef clone, LLVMValueRef from,
                         LLVMValueRef to) {
  LLVMValueRef i;
  for (i = md_next_inst(clone, NULL); i; i = md_next_inst(clone, i)) {
    unsigned n = (unsigned)LLVMGetNumOperands(i), k;
    for (k = 0; k < n; k++) {
      LLVMValueRef v = LLVMGetOperand(i, k);
      if (v == from)
        LLVMSetOperand(i, k, to);
      else if (md_under_cast(v) == from)
        LLVMSetOperand(i, k, LLVMConstAddrSpaceCast(to, LLVMTypeOf(v)));
    }
  }
}

/* The jobs: one per tagged call.  0, or -1 if a wrapper is not
 * understood or there are too many. */
static int md_jobs_collect(LLVMValueRef clone, md_wjob *jobs, unsigned *n) {
  LLVMValueRef i;
  *n = 0;
  for (i = md_next_inst(clone, NULL); i; i = md_next_inst(clone, i)) {
    md_wjob *j;
    unsigned k;
    if (!md_tagged(i))
      continue;
    if (*n == MD_OMP_WRAP_MAX)
      return -1;
    j = &jobs[*n];
    j->call = i;
    j->w = md_omp_wrapper_of(LLVMGetOperand(i, MD_OMP_PAR_WRAPPER), &j->id);
    if (!j->w || md_job_check(j, clone))
      return -1;
    for (k = 0; k < *n; k++)
      if (jobs[k].w == j->w)
        return -1; /* two parallel calls with one wrapper */
    (*n)++;
  }
  return 0;
}

static void md_untag(LLVMValueRef clone) {
  LLVMValueRef i;
  for (i = md_next_inst(clone, NULL); i; i = md_next_inst(clone, i))
    if (md_tagged(i))
      LLVMSetMetadata(i, md_tag_kind(i), NULL);
}

int md_omp_wrappers_make(LLVMValueRef clone, md_omp_wraps *w) {
  md_wjob jobs[MD_OMP_WRAP_MAX];
  unsigned n, k;
  memset(w, 0, sizeof *w);
  if (md_jobs_collect(clone, jobs, &n))
    return -1;
  for (k = 0; k < n; k++) {
    w->old_fn[k] = jobs[k].w;
    w->old_id[k] = jobs[k].id;
    w->new_fn[k] = md_build_wrapper(&jobs[k]);
    w->new_id[k] = w->new_fn[k] && jobs[k].id
                       ? md_build_id(jobs[k].id, w->new_fn[k])
                       : NULL;
    w->n = k + 1;
    if (!w->new_fn[k] || (jobs[k].id && !w->new_id[k])) {
      md_omp_wrappers_undo(w);
      return -1;
    }
  }
  for (k = 0; k < n; k++) {
    md_rename_in(clone, w->old_fn[k], w->new_fn[k]);
    if (w->old_id[k])
      md_rename_in(clone, w->old_id[k], w->new_id[k]);
  }
  md_untag(clone);
  return 0;
}

void md_omp_wrappers_undo(md_omp_wraps *w) {
  unsigned k;
  MD_ASSERT(w->n <= MD_OMP_WRAP_MAX);
  for (k = 0; k < w->n; k++) {
    if (w->new_fn[k]) {
      LLVMReplaceAllUsesWith(w->new_fn[k], w->old_fn[k]);
      LLVMDeleteFunction(w->new_fn[k]);
    }
    if (w->new_id[k]) {
      LLVMReplaceAllUsesWith(w->new_id[k], w->old_id[k]);
      LLVMDeleteGlobal(w->new_id[k]);
    }
  }
  w->n = 0;
}

int md_omp_wrappers_verify(const md_omp_wraps *w) {
  unsigned k;
  for (k = 0; k < w->n; k++)
    if (LLVMVerifyFunction(w->new_fn[k], LLVMReturnStatusAction))
      return -1;
  return 0;
}
