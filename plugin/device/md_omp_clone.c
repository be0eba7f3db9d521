/*
 * md_omp_clone.c -- clones in OpenMP device code: the microtask's magic
 * arguments, the redirected parallel call, the kernel environment
 * (md_omp_clone.h).
 */
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_ir.h"
#include "md_omp.h"
#include "md_omp_generic.h"
#include "md_omp_clone.h"

static LLVMValueRef md_first_non_alloca(LLVMValueRef fn) {
  LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  while (i && LLVMIsAAllocaInst(i))
    i = LLVMGetNextInstruction(i);
  return i;
}

void md_omp_narrow_params(LLVMValueRef clone, md_magic_vals *mv,
                          unsigned n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned d, j;
  LLVMPositionBuilderBefore(b, md_first_non_alloca(clone));
  for (d = 0; d < n; d++) {
    LLVMValueRef *f[4] = {&mv[d].m, &mv[d].a, &mv[d].s, &mv[d].dsgn};
    unsigned w;
    if (!mv[d].m)
      continue;
    w = (unsigned)md_kind_width(mv[d].kind);
    for (j = 0; j < 4; j++) {
      char nm[64];
      size_t len = 0;
      const char *pn;
      if (!*f[j] || LLVMGetIntTypeWidth(LLVMTypeOf(*f[j])) == w)
        continue;
      pn = LLVMGetValueName2(*f[j], &len);
      snprintf(nm, sizeof nm, "%.*s.w", (int)len, pn);
      *f[j] = LLVMBuildTrunc(b, *f[j], LLVMIntTypeInContext(ctx, w), nm);
    }
  }
  LLVMDisposeBuilder(b);
}

/* v as a pointer-sized integer (the magic values are i32 or i64). */
static LLVMValueRef md_as_i64(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  return LLVMGetIntTypeWidth(LLVMTypeOf(v)) < 64 ? LLVMBuildZExt(b, v, i64, "")
                                                 : v;
}

/* __kmpc_fork_call/_teams: a new call with the microtask's clone and the
 * magic values appended to the variadic operands, argc counting them. */
static int md_fork_redirect(LLVMValueRef call, LLVMValueRef microtask,
                            LLVMValueRef *extra, unsigned n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  unsigned na = (unsigned)LLVMGetNumArgOperands(call), i;
  LLVMValueRef *ops = malloc((na + n + 1) * sizeof *ops), nc;
  LLVMValueRef argc = LLVMGetOperand(call, MD_OMP_FORK_ARGC);
  LLVMBuilderRef b;
  if (!ops)
    return -1;
  b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  for (i = 0; i < na; i++)
    ops[i] = LLVMGetOperand(call, i);
  ops[MD_OMP_FORK_FN] = microtask;
  ops[MD_OMP_FORK_ARGC] =
      LLVMConstInt(LLVMTypeOf(argc), LLVMConstIntGetZExtValue(argc) + n, 0);
  for (i = 0; i < n; i++)
    ops[na + i] = md_as_i64(b, extra[i]);
  nc = LLVMBuildCall2(b, LLVMGetCalledFunctionType(call),
                      LLVMGetCalledValue(call), ops, na + n, "");
  free(ops);
  LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call));
  LLVMInstructionEraseFromParent(call);
  LLVMDisposeBuilder(b);
  return 0;
}

/* LLVM <= 19's lifetime markers carry the object's size: the markers of
 * the enlarged array (through address-space casts) get its new size. */
static void md_lifetime_size(LLVMValueRef p, unsigned long long size,
                             unsigned depth) {
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(p); u && depth < 4; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u), sz;
    if (LLVMIsAAddrSpaceCastInst(user)) {
      md_lifetime_size(user, size, depth + 1);
      continue;
    }
    if (!md_is_lifetime_marker(user) || LLVMGetNumArgOperands(user) != 2)
      continue;
    sz = LLVMGetOperand(user, 0);
    if (LLVMIsAConstantInt(sz) && LLVMGetOperand(user, 1) == p)
      LLVMSetOperand(user, 0, LLVMConstInt(LLVMTypeOf(sz), size, 0));
  }
}

int md_omp_redirect(LLVMValueRef call, LLVMValueRef microtask,
                    LLVMValueRef *extra, unsigned n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  LLVMValueRef args, old, fresh, nargs;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBuilderRef b;
  unsigned na, j;
  if (md_omp_call_kind(call) == MD_OMP_FORK)
    return md_fork_redirect(call, microtask, extra, n);
  args = LLVMGetOperand(call, MD_OMP_PAR_ARGS);
  old = md_omp_strip_ascast(args);
  nargs = LLVMGetOperand(call, MD_OMP_PAR_NARGS);
  if (!LLVMIsAAllocaInst(old) || !LLVMIsAConstantInt(nargs))
    return -1;
  na = (unsigned)LLVMConstIntGetZExtValue(nargs);
  b = LLVMCreateBuilderInContext(ctx);
  /* the array, now with room for the magic values; every use of the old
   * one (its stores, lifetime markers, the call) uses the new one */
  LLVMPositionBuilderBefore(b, old);
  fresh = LLVMBuildAlloca(
      b, LLVMArrayType2(LLVMPointerTypeInContext(ctx, 0), na + n), "");
  LLVMSetAlignment(fresh, LLVMGetAlignment(old) > 8 ? LLVMGetAlignment(old)
                                                    : 8);
  if (LLVMTypeOf(fresh) != LLVMTypeOf(old)) {
    LLVMInstructionEraseFromParent(fresh);
    LLVMDisposeBuilder(b);
    return -1;
  }
  LLVMReplaceAllUsesWith(old, fresh);
  LLVMInstructionEraseFromParent(old);
  md_lifetime_size(fresh, (unsigned long long)(na + n) * 8, 0);
  args = LLVMGetOperand(call, MD_OMP_PAR_ARGS);
  LLVMPositionBuilderBefore(b, call);
  for (j = 0; j < n; j++) {
    LLVMValueRef idx = LLVMConstInt(i64, (unsigned long long)(na + j) * 8, 0);
    LLVMValueRef slot = LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), args,
                                      &idx, 1, "md.arg");
    LLVMValueRef v = LLVMBuildIntToPtr(b, md_as_i64(b, extra[j]),
                                       LLVMPointerTypeInContext(ctx, 0), "");
    LLVMSetAlignment(LLVMBuildStore(b, v, slot), 8);
  }
  LLVMSetOperand(call, MD_OMP_PAR_FN, microtask);
  LLVMSetOperand(call, MD_OMP_PAR_NARGS,
                 LLVMConstInt(LLVMTypeOf(nargs), na + n, 0));
  LLVMDisposeBuilder(b);
  return 0;
}

void md_omp_fit_args(LLVMValueRef call, LLVMValueRef *extra,
                     const LLVMTypeRef *types, unsigned n) {
  LLVMBuilderRef b = NULL;
  unsigned j;
  for (j = 0; j < n; j++) {
    unsigned have = LLVMGetIntTypeWidth(LLVMTypeOf(extra[j]));
    unsigned want = LLVMGetIntTypeWidth(types[j]);
    if (have == want)
      continue;
    if (!b) {
      b = LLVMCreateBuilderInContext(LLVMGetTypeContext(types[j]));
      LLVMPositionBuilderBefore(b, call);
    }
    extra[j] = have > want ? LLVMBuildTrunc(b, extra[j], types[j], "")
                           : LLVMBuildZExt(b, extra[j], types[j], "");
  }
  if (b)
    LLVMDisposeBuilder(b);
}

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

int md_omp_kernel_env(LLVMValueRef kernel, LLVMValueRef clone,
                      LLVMValueRef made[2], unsigned *nmade) {
  LLVMValueRef init = md_omp_target_init(clone), env, ival, ops[3], dyn, ndyn,
               nenv;
  *nmade = 0;
  if (!init)
    return 0; /* not an OpenMP kernel */
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
