/*
 * md_omp_redirect.c -- the parallel call of an OpenMP clone started with
 * its microtask's clone, the magic values in the captured-values array
 * (md_omp_redirect.h).
 */
#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

#include "analysis/md_omp.h"
#include "device/md_omp_redirect.h"
#include "device/md_omp_wrap.h"
#include "support/md_ir.h"

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
  /* the device runtime starts the microtask through invokeMicrotask (SPMD,
   * and the serialized cases of a generic-mode kernel, whose workers run a
   * wrapper made for the clone by md_omp_kernel_env), which takes a
   * bounded number of slots */
  if (na + n > MD_OMP_MAX_SLOTS)
    return -1;
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
  if (md_omp_wrapper_runs(call))
    md_omp_wrapper_tag(call);
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
