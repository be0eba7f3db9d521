/*
 * md_omp.c -- the parallel regions of OpenMP device code as calls of
 * their microtasks: which argument the microtask gets (md_omp.h).
 */
#include <stdlib.h>
#include <string.h>

#include "support/md_ir.h"
#include "analysis/md_omp.h"

/* MD_OMP_PAR (__kmpc_parallel_60, LLVM 20+, 10 operands; _51, LLVM
 * 17..19, 9), MD_OMP_FORK (__kmpc_fork_call / __kmpc_fork_teams: the
 * captured values are the variadic operands), or 0. */
int md_omp_call_kind(LLVMValueRef call) {
  LLVMValueRef f = md_called_fn(call);
  if (!f)
    return 0;
  if (md_name_is(f, "__kmpc_parallel_60") &&
      LLVMGetNumArgOperands(call) == 10)
    return MD_OMP_PAR;
  if (md_name_is(f, "__kmpc_parallel_51") &&
      LLVMGetNumArgOperands(call) == 9)
    return MD_OMP_PAR;
  if ((md_name_is(f, "__kmpc_fork_call") ||
       md_name_is(f, "__kmpc_fork_teams")) &&
      LLVMGetNumArgOperands(call) >= 3 &&
      LLVMIsFunctionVarArg(LLVMGetCalledFunctionType(call)))
    return MD_OMP_FORK;
  return 0;
}

LLVMValueRef md_omp_microtask(LLVMValueRef call) {
  LLVMValueRef fn;
  int kind = md_omp_call_kind(call);
  if (!kind)
    return NULL;
  fn = LLVMGetOperand(call, kind == MD_OMP_PAR ? MD_OMP_PAR_FN
                                               : MD_OMP_FORK_FN);
  if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn))
    return NULL;
  return fn;
}

unsigned md_omp_nslots(LLVMValueRef call) {
  LLVMValueRef n;
  switch (md_omp_call_kind(call)) {
  case MD_OMP_PAR:
    n = LLVMGetOperand(call, MD_OMP_PAR_NARGS);
    return LLVMIsAConstantInt(n) && LLVMConstIntGetZExtValue(n) < 1u << 20
               ? (unsigned)LLVMConstIntGetZExtValue(n)
               : 0;
  case MD_OMP_FORK:
    return (unsigned)LLVMGetNumArgOperands(call) - MD_OMP_FORK_ARGS;
  default:
    return 0;
  }
}

LLVMValueRef md_omp_strip_ascast(LLVMValueRef v) {
  for (;;) {
    if (LLVMIsAAddrSpaceCastInst(v) ||
        (LLVMIsAConstantExpr(v) &&
         LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
      v = LLVMGetOperand(v, 0);
    else
      return v;
  }
}

/* The captured-values array of a parallel call, analysed: the store to
 * each slot when there is exactly one (NULL: none or several). */
typedef struct md_omp_args {
  LLVMValueRef store[MD_OMP_MAX_SLOTS];
  unsigned nstores[MD_OMP_MAX_SLOTS];
  unsigned nargs;
  LLVMTargetDataRef td; /* the module's data layout */
  long long slot;       /* bytes per slot: a pointer's */
  const char *why;
} md_omp_args;

/* Walk the uses of p, which points at byte `off` of the array. */
static void md_args_walk(md_omp_args *a, LLVMValueRef call, LLVMValueRef p,
                         long long off, unsigned depth) {
  LLVMUseRef u;
  if (depth > 8) {
    a->why = "the captured-values array is used in a way not understood";
    return;
  }
  for (u = LLVMGetFirstUse(p); u && !a->why; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user == call) {
      /* the call reads it: as its array operand only */
      unsigned j, n = (unsigned)LLVMGetNumArgOperands(call), uses = 0;
      for (j = 0; j < n; j++)
        uses += LLVMGetOperand(call, j) == p;
      if (off != 0 || uses != 1 ||
          LLVMGetOperand(call, MD_OMP_PAR_ARGS) != p)
        a->why = "the captured-values array is passed twice";
    } else if (LLVMIsAStoreInst(user)) {
      long long slot;
      if (LLVMGetOperand(user, 1) != p || LLVMGetVolatile(user) ||
          off % a->slot) {
        a->why = "the address of the captured-values array is stored";
        return;
      }
      {
        LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(user, 0));
        if (LLVMGetTypeKind(vt) != LLVMPointerTypeKind &&
            !(LLVMGetTypeKind(vt) == LLVMIntegerTypeKind &&
              LLVMGetIntTypeWidth(vt) == 64)) {
          a->why = "a captured value is stored with another size";
          return;
        }
      }
      slot = off / a->slot;
      if (slot < 0 || slot >= MD_OMP_MAX_SLOTS)
        continue; /* beyond the slots the call passes: checked below */
      a->nstores[slot]++;
      a->store[slot] = user;
    } else if (md_is_lifetime_marker(user)) {
      continue;
    } else if (LLVMIsAAddrSpaceCastInst(user) ||
               (LLVMIsAConstantExpr(user) &&
                LLVMGetConstOpcode(user) == LLVMAddrSpaceCast)) {
      md_args_walk(a, call, user, off, depth + 1);
    } else if (LLVMIsAGetElementPtrInst(user) &&
               LLVMGetOperand(user, 0) == p) {
      int64_t d;
      if (!md_gep_const_offset(a->td, user, &d) || d < 0 ||
          __builtin_add_overflow(off, d, &d)) {
        a->why = "the captured-values array is indexed by a variable";
        return;
      }
      md_args_walk(a, call, user, d, depth + 1);
    } else {
      a->why = "the captured-values array is used in a way not understood";
    }
  }
}

static void md_args_analyse(LLVMValueRef call, md_omp_args *a) {
  LLVMValueRef base, nargs;
  memset(a, 0, sizeof *a);
  a->td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(md_inst_fn(call)));
  a->slot = (long long)LLVMPointerSize(a->td);
  nargs = LLVMGetOperand(call, MD_OMP_PAR_NARGS);
  if (!LLVMIsAConstantInt(nargs) ||
      LLVMConstIntGetZExtValue(nargs) > MD_OMP_MAX_SLOTS) {
    a->why = "the number of captured values is not a small constant";
    return;
  }
  a->nargs = (unsigned)LLVMConstIntGetZExtValue(nargs);
  if (!a->nargs)
    return;
  base = md_omp_strip_ascast(LLVMGetOperand(call, MD_OMP_PAR_ARGS));
  if (!LLVMIsAAllocaInst(base)) {
    a->why = "the captured-values array is not a local array";
    return;
  }
  md_args_walk(a, call, base, 0, 0);
}

/* The fork calls' refusal: argc must count the variadic operands. */
static const char *md_fork_refusal(LLVMValueRef call, LLVMValueRef fn) {
  LLVMValueRef argc = LLVMGetOperand(call, MD_OMP_FORK_ARGC);
  unsigned n = (unsigned)LLVMGetNumArgOperands(call) - MD_OMP_FORK_ARGS;
  if (!LLVMIsAConstantInt(argc) || LLVMConstIntGetZExtValue(argc) != n ||
      LLVMCountParams(fn) != n + 2)
    return "the parallel region's function does not take the captured "
           "values the call passes";
  return NULL;
}

const char *md_omp_refusal(LLVMValueRef call) {
  LLVMValueRef fn = md_omp_microtask(call);
  md_omp_args a;
  if (!fn)
    return "the parallel region's function is not defined here";
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(fn)))
    return "it is variadic";
  if (LLVMGetNumOperandBundles(call))
    return "the call has operand bundles";
  if (md_omp_call_kind(call) == MD_OMP_FORK)
    return md_fork_refusal(call, fn);
  md_args_analyse(call, &a);
  if (a.why)
    return a.why;
  if (LLVMCountParams(fn) != a.nargs + 2)
    return "the parallel region's function does not take the captured "
           "values the call passes";
  return NULL;
}

LLVMValueRef md_omp_operand(LLVMValueRef call, unsigned i) {
  LLVMValueRef fn = md_omp_microtask(call), st, v, in;
  LLVMTypeRef pt;
  md_omp_args a;
  unsigned k;
  if (!fn || i < 2 || i >= LLVMCountParams(fn))
    return NULL;
  if (md_omp_call_kind(call) == MD_OMP_FORK) {
    if (md_fork_refusal(call, fn))
      return NULL;
    v = LLVMGetOperand(call, MD_OMP_FORK_ARGS + i - 2);
    return LLVMTypeOf(v) == LLVMTypeOf(LLVMGetParam(fn, i)) ? v : NULL;
  }
  md_args_analyse(call, &a);
  k = i - 2;
  if (a.why || k >= a.nargs || a.nstores[k] != 1)
    return NULL;
  st = a.store[k];
  if (LLVMGetInstructionParent(st) != LLVMGetInstructionParent(call))
    return NULL;
  for (in = LLVMGetNextInstruction(st); in && in != call;
       in = LLVMGetNextInstruction(in))
    ;
  if (in != call)
    return NULL; /* the store is after the call */
  v = LLVMGetOperand(st, 0);
  pt = LLVMTypeOf(LLVMGetParam(fn, i));
  if (LLVMTypeOf(v) == pt)
    return v;
  if (LLVMIsAIntToPtrInst(v) || (LLVMIsAConstantExpr(v) &&
                                 LLVMGetConstOpcode(v) == LLVMIntToPtr)) {
    LLVMValueRef x = LLVMGetOperand(v, 0);
    if (LLVMTypeOf(x) == pt && LLVMGetTypeKind(pt) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(pt) == 64)
      return x;
  }
  return NULL;
}

LLVMValueRef md_omp_call_operand(LLVMValueRef call, unsigned i) {
  if (md_omp_microtask(call))
    return md_omp_operand(call, i);
  if (i >= (unsigned)LLVMGetNumArgOperands(call))
    return NULL;
  return LLVMGetOperand(call, i);
}

int md_omp_is_device_module(LLVMModuleRef m) {
  return LLVMGetModuleFlag(m, "openmp-device", 13) != NULL;
}

/* Entry layout of clang 20+: { i64 0, i16 version, i16 kind, i32 flags,
 * ptr addr, ptr name, i64 size, i64 data, ptr aux }. */
int md_omp_is_cpu_kernel(LLVMModuleRef m, LLVMValueRef f) {
  LLVMValueRef g;
  const char *sec;
  if (!md_omp_is_device_module(m))
    return 0;
  for (g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef e = LLVMGetInitializer(g), kind, size;
    if (!e || !(sec = LLVMGetSection(g)) ||
        strcmp(sec, "llvm_offload_entries") != 0 ||
        LLVMGetTypeKind(LLVMTypeOf(e)) != LLVMStructTypeKind ||
        LLVMCountStructElementTypes(LLVMTypeOf(e)) != 9 ||
        LLVMGetNumOperands(e) != 9)
      continue;
    kind = LLVMGetOperand(e, 2);
    size = LLVMGetOperand(e, 6);
    if (LLVMGetOperand(e, 4) == f && LLVMIsAConstantInt(kind) &&
        LLVMConstIntGetZExtValue(kind) == 1 && LLVMIsAConstantInt(size) &&
        LLVMConstIntGetZExtValue(size) == 0)
      return 1;
  }
  return 0;
}
