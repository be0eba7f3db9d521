/*
 * md_omp_clone.c -- clones in OpenMP device code: the microtask's magic
 * arguments, the redirected parallel call, the kernel environment
 * (md_omp_clone.h).
 */
#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "device/md_callee.h"
#include "support/md_ir.h"
#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"
#include "device/md_omp_clone.h"
#include "support/md_remark.h"

#define MD_TAG "magicdiv.omp.wrap" /* a parallel call needing a wrapper */

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

/* ==== packed magic values (md_omp_clone.h) ==== */
#define MD_PACK32_A 32   /* bit of (a != 0) in a 32-bit kind's slot */
#define MD_PACK32_S 40   /* its s */
#define MD_PACK32_SGN 48 /* its (dsgn != 0) */
#define MD_PACK64_S 8    /* s in a 64-bit kind's second slot (a: bit 0) */
#define MD_PACK64_SGN 16 /* its (dsgn != 0) */

unsigned md_omp_packed_slots(const md_kdec *d, uint64_t used) {
  unsigned i, n = 0;
  for (i = 0; i < d->ndivs; i++)
    if (used >> i & 1)
      n += md_kind_width(d->divs[i].kind) == 64 ? 2 : 1;
  return n;
}

/* v (an integer) as i64: truncated or zero-extended. */
static LLVMValueRef md_to_i64(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  return w < 64 ? LLVMBuildZExt(b, v, i64, "") : w > 64 ? LLVMBuildTrunc(
                                                            b, v, i64, "")
                                                      : v;
}

/* (v != 0) as i64, shifted left by k. */
static LLVMValueRef md_flag_at(LLVMBuilderRef b, LLVMValueRef v, unsigned k) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  LLVMValueRef f = LLVMBuildZExt(
      b, LLVMBuildICmp(b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), ""), i64,
      "");
  return k ? LLVMBuildShl(b, f, LLVMConstInt(i64, k, 0), "") : f;
}

/* The low 8 bits of v as i64, shifted left by k. */
static LLVMValueRef md_byte_at(LLVMBuilderRef b, LLVMValueRef v, unsigned k) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  LLVMValueRef x = LLVMBuildAnd(b, md_to_i64(b, v), LLVMConstInt(i64, 0xff, 0),
                                "");
  return LLVMBuildShl(b, x, LLVMConstInt(i64, k, 0), "");
}

unsigned md_omp_pack(LLVMValueRef before, const md_kdec *d, uint64_t used,
                     LLVMValueRef *vals, LLVMTypeRef *types) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(vals[0]));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned i, in = 0, out = 0;
  LLVMPositionBuilderBefore(b, before);
  for (i = 0; i < d->ndivs; i++) {
    int np = md_kind_params(d->divs[i].kind, d->divs[i].flags);
    LLVMValueRef m, a, sh, sg, x;
    if (!(used >> i & 1))
      continue;
    m = vals[in], a = vals[in + 1], sh = vals[in + 2];
    sg = np > 3 ? vals[in + 3] : NULL;
    in += (unsigned)np;
    if (md_kind_width(d->divs[i].kind) == 64) {
      x = LLVMBuildOr(b, md_flag_at(b, a, 0), md_byte_at(b, sh, MD_PACK64_S),
                      "");
      if (sg)
        x = LLVMBuildOr(b, x, md_flag_at(b, sg, MD_PACK64_SGN), "");
      vals[out] = md_to_i64(b, m);
      types[out++] = i64;
    } else {
      x = LLVMBuildZExt(b, LLVMGetIntTypeWidth(LLVMTypeOf(m)) == 32
                               ? m
                               : LLVMBuildTrunc(b, m, i32, ""),
                        i64, "");
      x = LLVMBuildOr(b, x, md_flag_at(b, a, MD_PACK32_A), "");
      x = LLVMBuildOr(b, x, md_byte_at(b, sh, MD_PACK32_S), "");
      if (sg)
        x = LLVMBuildOr(b, x, md_flag_at(b, sg, MD_PACK32_SGN), "");
    }
    vals[out] = x;
    types[out++] = i64;
  }
  LLVMDisposeBuilder(b);
  return out;
}

/* Bit k of x (i64) as a w-bit 0 or -1. */
static LLVMValueRef md_bit_mask(LLVMBuilderRef b, LLVMValueRef x, unsigned k,
                                LLVMTypeRef t) {
  LLVMTypeRef i64 = LLVMTypeOf(x);
  LLVMValueRef bit = LLVMBuildAnd(
      b, k ? LLVMBuildLShr(b, x, LLVMConstInt(i64, k, 0), "") : x,
      LLVMConstInt(i64, 1, 0), "");
  return LLVMBuildNeg(b, t == i64 ? bit : LLVMBuildTrunc(b, bit, t, ""), "");
}

/* Bits k..k+7 of x (i64) as a w-bit value. */
static LLVMValueRef md_byte_of(LLVMBuilderRef b, LLVMValueRef x, unsigned k,
                               LLVMTypeRef t, const char *nm) {
  LLVMTypeRef i64 = LLVMTypeOf(x);
  LLVMValueRef v = LLVMBuildAnd(
      b, LLVMBuildLShr(b, x, LLVMConstInt(i64, k, 0), ""),
      LLVMConstInt(i64, 0xff, 0), t == i64 ? nm : "");
  return t == i64 ? v : LLVMBuildTrunc(b, v, t, nm);
}

void md_omp_unpack(LLVMValueRef clone, const md_kdec *d, uint64_t used,
                   md_magic_vals *mv) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned p = LLVMCountParams(clone) - md_omp_packed_slots(d, used), i;
  char nm[48];
  LLVMPositionBuilderBefore(b, md_first_non_alloca(clone));
  for (i = 0; i < d->ndivs; i++) {
    int np = md_kind_params(d->divs[i].kind, d->divs[i].flags);
    unsigned w = (unsigned)md_kind_width(d->divs[i].kind);
    LLVMTypeRef t = LLVMIntTypeInContext(ctx, w);
    LLVMValueRef x, y;
    memset(&mv[i], 0, sizeof mv[i]);
    if (!(used >> i & 1))
      continue;
    mv[i].kind = d->divs[i].kind;
    mv[i].pow2_loops = d->o && d->o->pow2_loops;
    mv[i].keep_rolled = d->o && d->o->keep_rolled;
    x = LLVMGetParam(clone, p);
    snprintf(nm, sizeof nm, "md.p%u", p++);
    LLVMSetValueName2(x, nm, strlen(nm));
    y = x;
    if (w == 64) {
      y = LLVMGetParam(clone, p);
      snprintf(nm, sizeof nm, "md.p%u", p++);
      LLVMSetValueName2(y, nm, strlen(nm));
    }
    snprintf(nm, sizeof nm, "md.d%u.m", i);
    mv[i].m = w == 64 ? x : LLVMBuildTrunc(b, x, t, nm);
    snprintf(nm, sizeof nm, "md.d%u.a", i);
    mv[i].a = LLVMBuildAnd(
        b, mv[i].m, md_bit_mask(b, y, w == 64 ? 0 : MD_PACK32_A, t), nm);
    snprintf(nm, sizeof nm, "md.d%u.s", i);
    mv[i].s = md_byte_of(b, y, w == 64 ? MD_PACK64_S : MD_PACK32_S, t, nm);
    if (np > 3)
      mv[i].dsgn =
          md_bit_mask(b, y, w == 64 ? MD_PACK64_SGN : MD_PACK32_SGN, t);
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

/* ==== the wrappers of a generic-mode kernel clone ==== */


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
