/*
 * md_omp_kenv.c -- an OpenMP kernel clone's own kernel environment (and
 * dynamic environment), and its generic-mode wrappers made and verified
 * (md_omp_kenv.h).
 */
#include <llvm-c/Analysis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"
#include "device/md_omp_kenv.h"
#include "support/md_remark.h"

/* A copy of global g named `<fname>_<suffix>`, with initializer init. */
static LLVMValueRef md_copy_global(LLVMValueRef g, LLVMValueRef fn,
                                   const char *suffix, LLVMValueRef init) {
  LLVMModuleRef m = LLVMGetGlobalParent(g);
  size_t len = 0;
  const char *fname = LLVMGetValueName2(fn, &len);
  char *name = malloc(len + strlen(suffix) + 2);
  LLVMValueRef c;
  if (!name)
    return NULL;
  sprintf(name, "%.*s_%s", (int)len, fname, suffix);
  if (LLVMGetNamedGlobal(m, name) || LLVMGetNamedFunction(m, name)) {
    free(name);
    return NULL;
  }
  c = LLVMAddGlobalInAddressSpace(m, LLVMGlobalGetValueType(g), name,
                                  LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
  free(name);
  LLVMSetInitializer(c, init);
  LLVMSetGlobalConstant(c, LLVMIsGlobalConstant(g));
  LLVMSetLinkage(c, LLVMGetLinkage(g));
  LLVMSetVisibility(c, LLVMGetVisibility(g));
  LLVMSetAlignment(c, LLVMGetAlignment(g));
  if (LLVMGetSection(g))
    LLVMSetSection(c, LLVMGetSection(g));
  return c;
}

static int md_named(LLVMValueRef g, LLVMValueRef fn, const char *suffix) {
  size_t gl = 0, fl = 0, sl = strlen(suffix);
  const char *gn = LLVMGetValueName2(g, &gl);
  const char *fnm = LLVMGetValueName2(fn, &fl);
  return gl == fl + 1 + sl && memcmp(gn, fnm, fl) == 0 && gn[fl] == '_' &&
         memcmp(gn + fl + 1, suffix, sl) == 0;
}

/* The environment copies of md_omp_kernel_env: the clone's
 * __kmpc_target_init uses them.  0, or -1 (nothing added). */
static int md_env_copy(LLVMValueRef kernel, LLVMValueRef clone,
                       LLVMValueRef init, LLVMValueRef made[2],
                       unsigned *nmade) {
  LLVMValueRef env, ival, ops[3], dyn, ndyn, nenv;
  env = md_omp_strip_ascast(LLVMGetOperand(init, 0));
  if (!LLVMIsAGlobalVariable(env) || !md_named(env, kernel,
                                                "kernel_environment") ||
      !(ival = LLVMGetInitializer(env)) ||
      LLVMGetTypeKind(LLVMTypeOf(ival)) != LLVMStructTypeKind ||
      LLVMGetNumOperands(ival) != 3)
    return -1;
  ops[0] = LLVMGetOperand(ival, 0);
  ops[1] = LLVMGetOperand(ival, 1);
  dyn = md_omp_strip_ascast(LLVMGetOperand(ival, 2));
  ndyn = NULL;
  if (LLVMIsAGlobalVariable(dyn) && LLVMGetInitializer(dyn) &&
      md_named(dyn, kernel, "dynamic_environment")) {
    ndyn = md_copy_global(dyn, clone, "dynamic_environment",
                          LLVMGetInitializer(dyn));
    if (!ndyn)
      return -1;
    ops[2] = LLVMTypeOf(ndyn) == LLVMTypeOf(LLVMGetOperand(ival, 2))
                 ? ndyn
                 : LLVMConstAddrSpaceCast(ndyn,
                                          LLVMTypeOf(LLVMGetOperand(ival, 2)));
  } else if (LLVMIsAConstantPointerNull(dyn)) {
    ops[2] = LLVMGetOperand(ival, 2);
  } else {
    return -1;
  }
  nenv = md_copy_global(env, clone, "kernel_environment",
                        LLVMConstNamedStruct(LLVMTypeOf(ival), ops, 3));
  if (!nenv) {
    if (ndyn)
      LLVMDeleteGlobal(ndyn);
    return -1;
  }
  LLVMSetOperand(init, 0,
                 LLVMTypeOf(nenv) == LLVMTypeOf(LLVMGetOperand(init, 0))
                     ? nenv
                     : LLVMConstAddrSpaceCast(
                           nenv, LLVMTypeOf(LLVMGetOperand(init, 0))));
  made[(*nmade)++] = nenv;
  if (ndyn)
    made[(*nmade)++] = ndyn;
  return 0;
}

/* The remark of a kernel whose clone cannot get its wrappers. */
static void md_wrappers_failed(LLVMValueRef kernel) {
  size_t kl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(CloneFailed),
             "magicdiv: kernel '%.*s' left alone: the generic-mode parallel "
             "regions of its clone cannot get wrappers of their own",
             (int)kl, kname);
}

int md_omp_kernel_env(LLVMValueRef kernel, LLVMValueRef clone,
                      LLVMValueRef made[2], unsigned *nmade,
                      md_omp_wraps *w) {
  LLVMValueRef init = md_omp_target_init(clone), old;
  *nmade = 0;
  w->n = 0;
  if (!init)
    return 0; /* not an OpenMP kernel */
  /* the generic-mode regions' wrappers first: made here, after every
   * callee clone, so that no failure before leaves one calling a deleted
   * microtask clone */
  if (md_omp_wrappers_make(clone, w)) {
    w->n = 0;
    md_wrappers_failed(kernel);
    return -1;
  }
  old = LLVMGetOperand(init, 0);
  if (md_env_copy(kernel, clone, init, made, nmade)) {
    md_omp_wrappers_undo(w);
    return -1;
  }
  /* verified here too, so that a failing clone is dropped while its
   * wrappers can still be undone */
  if (w->n && (md_omp_wrappers_verify(w) ||
               LLVMVerifyFunction(clone, LLVMReturnStatusAction))) {
    unsigned k;
    LLVMSetOperand(init, 0, old);
    for (k = 0; k < *nmade; k++) /* the environment (using the dynamic
                                    one) first */
      LLVMDeleteGlobal(made[k]);
    *nmade = 0;
    md_omp_wrappers_undo(w);
    md_wrappers_failed(kernel);
    return -1;
  }
  return 0;
}
