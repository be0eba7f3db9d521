/*
 * md_host_params.c -- a clone's descriptor checked against the kernel's
 * host-side parameters (md_host_params.h).
 *
 * The descriptor's parameter table lists the size of each parameter of
 * the original kernel as the device compile saw it (docs/ABI.md 4.2).
 * The host side passes the kernel's arguments as an array of pointers,
 * one per parameter; a HIP launch stub fills it with the addresses of its
 * spilled parameters, each a stack slot of the parameter's type
 * (md_host_frame.c proves the array's form), so the slots' sizes from the
 * host's data layout are the parameters the launch passes.  HIP's own
 * ABI makes the two agree for every kernel; a descriptor that does not
 * (a stale or foreign code object, a clone of another kernel of the same
 * name) is not registered, nor is one with parameters for a stub that
 * does not show its own (md_host_hip.c).
 */
#include "host/md_host_params.h"

#include <stdio.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_omp.h"
#include "host/md_host_frame.h"
#include "host/md_host_reg.h"
#include "support/md_ir.h"
#include "analysis/md_ptr_walk.h"

int md_host_params_match(const unsigned char *desc, size_t size,
                         const uint64_t *sizes, unsigned n, char *why,
                         size_t len) {
  uint32_t np, table, i;
  if (size < MD_DESC_HEADER_SIZE) {
    snprintf(why, len, "a descriptor of %zu bytes", size);
    return 0;
  }
  np = md_rd16(desc + MD_H_NPARAMS);
  table = md_rd16(desc + MD_H_HEADER_SIZE);
  if (table > size || size - table < 4 * (size_t)np) {
    snprintf(why, len, "a descriptor too short for its %u parameters",
             (unsigned)np);
    return 0;
  }
  if (np != n) {
    snprintf(why, len,
             "its descriptor does not match the kernel: the descriptor has "
             "%u parameters, the kernel %u",
             (unsigned)np, n);
    return 0;
  }
  for (i = 0; i < np; i++)
    if (sizes[i] != MD_HOST_PARAM_ANY &&
        md_rd32(desc + table + 4 * i) != sizes[i]) {
      snprintf(why, len,
               "its descriptor does not match the kernel: parameter %u is "
               "%llu bytes, the descriptor says %u",
               (unsigned)i, (unsigned long long)sizes[i],
               (unsigned)md_rd32(desc + table + 4 * i));
      return 0;
    }
  return 1;
}

/* The launch in stub f of the kernel registered under handle: a call of
 * hipLaunchKernel(_spt) whose kernel operand is the handle, or NULL. */
static LLVMValueRef md_stub_launch(LLVMValueRef f, LLVMValueRef handle) {
  LLVMBasicBlockRef bb;
  LLVMValueRef i;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef callee;
      if (!LLVMIsACallInst(i) || LLVMGetNumArgOperands(i) < 4 ||
          md_reg_strip(LLVMGetOperand(i, 0)) != handle)
        continue;
      callee = md_called_fn(i);
      if (md_name_is(callee, "hipLaunchKernel") ||
          md_name_has_prefix(callee, "hipLaunchKernel"))
        return i;
    }
  return NULL;
}

unsigned md_host_hip_params(LLVMModuleRef m, LLVMValueRef handle,
                            uint64_t *sizes, unsigned cap) {
  LLVMValueRef stub, call;
  unsigned n;
  if (!LLVMIsAGlobalVariable(handle) || !LLVMGetInitializer(handle))
    return 0;
  stub = md_reg_strip(LLVMGetInitializer(handle));
  if (!stub || !LLVMIsAFunction(stub) || LLVMIsDeclaration(stub) ||
      !(call = md_stub_launch(stub, handle)))
    return 0;
  n = LLVMGetNumArgOperands(call); /* (fn, grid, block, args, shmem, stream)
                                      with the dim3s as the ABI passes them:
                                      args is third from the end */
  return md_frame_args_sizes(m, call, LLVMGetOperand(call, n - 3), sizes,
                             cap);
}

/* ---- OpenMP: the parameters a __tgt_target_kernel launch passes ---- */

/* The walk over the uses of a launch's KernelArgsTy slot: the stores to
 * its num_args and map-types fields. */
typedef struct md_kargs {
  md_ptr_walk w; /* first: the policy (md_kargs_use) */
  LLVMValueRef call;
  int64_t nargs_off, types_off; /* the fields' offsets */
  uint64_t ps;                  /* a pointer's size */
  LLVMValueRef nargs, types;    /* the values stored there */
  unsigned n_nargs, n_types;    /* stores to them */
} md_kargs;

/* A write of [off, off + n) of the slot (value v, or NULL for a memset or
 * memcpy): 1 if it leaves the two fields alone or stores one of them
 * whole, else 0. */
static int md_kargs_write(md_kargs *k, int64_t off, uint64_t n,
                          LLVMValueRef v) {
  if (v && off == k->nargs_off && n == 4) {
    k->nargs = v;
    k->n_nargs++;
    return 1;
  }
  if (v && off == k->types_off && n == k->ps) {
    k->types = v;
    k->n_types++;
    return 1;
  }
  return n < (1ull << 32) &&
         (off + (int64_t)n <= k->nargs_off || off >= k->nargs_off + 4) &&
         (off + (int64_t)n <= k->types_off ||
          off >= k->types_off + (int64_t)k->ps);
}

/* A use of the slot (p, byte off of it): a load, a lifetime marker, the
 * launch (its args operand only), a store into it, a memset / memcpy into
 * it with a constant length, or a memcpy out of it. */
static int md_kargs_use(md_ptr_walk *w, LLVMValueRef user, LLVMValueRef p,
                        int64_t off, int depth) {
  md_kargs *k = (md_kargs *)w;
  LLVMValueRef f = md_called_fn(user), len;
  unsigned i;
  (void)depth;
  if (LLVMIsALoadInst(user) || md_is_lifetime_marker(user))
    return 1;
  if (user == k->call) {
    for (i = 0; i < 5; i++)
      if (LLVMGetOperand(user, i) == p)
        return 0;
    return off == 0;
  }
  if (LLVMIsAStoreInst(user))
    return LLVMGetOperand(user, 0) != p &&
           md_kargs_write(k, off,
                          LLVMABISizeOfType(w->td, LLVMTypeOf(
                                                       LLVMGetOperand(user, 0))),
                          LLVMGetOperand(user, 0));
  if (!(md_name_has_prefix(f, "llvm.memset.") ||
        md_name_has_prefix(f, "llvm.memcpy.")) ||
      LLVMGetNumArgOperands(user) != 4)
    return 0;
  if (LLVMGetOperand(user, 0) != p) /* a copy out of the slot */
    return md_name_has_prefix(f, "llvm.memcpy.") &&
           LLVMGetOperand(user, 1) == p;
  len = LLVMGetOperand(user, 2);
  return LLVMIsAConstantInt(len) &&
         md_kargs_write(k, off, LLVMConstIntGetZExtValue(len), NULL);
}

/* The stores to num_args and the map types of the launch's KernelArgsTy
 * slot (one each), or 0. */
static int md_kargs_read(LLVMModuleRef m, LLVMValueRef call, md_kargs *k) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  LLVMContextRef c = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(c, 0);
  LLVMTypeRef head[6] = {i32, i32, ptr, ptr, ptr, ptr}; /* ... types */
  LLVMTypeRef ty = LLVMStructTypeInContext(c, head, 6, 0);
  LLVMValueRef args = md_reg_strip(LLVMGetOperand(call, 5));
  memset(k, 0, sizeof *k);
  if (!LLVMIsAAllocaInst(args))
    return 0;
  k->w.td = td;
  k->w.max_depth = 4;
  k->w.gep = MD_PW_GEP_CONST;
  k->w.use = md_kargs_use;
  k->call = call;
  k->nargs_off = (int64_t)LLVMOffsetOfElement(td, ty, 1);
  k->types_off = (int64_t)LLVMOffsetOfElement(td, ty, 5);
  k->ps = LLVMPointerSize(td);
  return md_ptr_walk_uses(&k->w, args, 0, 0) && k->n_nargs == 1 &&
         k->n_types <= 1 && LLVMIsAConstantInt(k->nargs);
}

unsigned md_host_omp_params(LLVMModuleRef m, LLVMValueRef call,
                            uint64_t *sizes, unsigned cap) {
  md_kargs k;
  LLVMValueRef g, init;
  unsigned long long na, i;
  unsigned n = 0;
  if (cap < 1 || !md_kargs_read(m, call, &k))
    return 0;
  sizes[n++] = k.ps; /* the dynamic environment */
  na = LLVMConstIntGetZExtValue(k.nargs);
  if (!na)
    return n;
  g = k.n_types ? md_reg_strip(k.types) : NULL;
  if (!g || !LLVMIsAGlobalVariable(g) || !LLVMIsGlobalConstant(g) ||
      !(init = LLVMGetInitializer(g)) ||
      LLVMGetTypeKind(LLVMTypeOf(init)) != LLVMArrayTypeKind ||
      LLVMGetArrayLength2(LLVMTypeOf(init)) < na ||
      md_type_width(LLVMGetElementType(LLVMTypeOf(init))) != 64)
    return 0;
  for (i = 0; i < na; i++) {
    LLVMValueRef e = LLVMGetAggregateElement(init, (unsigned)i);
    uint64_t t;
    if (!e || !LLVMIsAConstantInt(e))
      return 0;
    t = LLVMConstIntGetZExtValue(e);
    if (!(t & MD_OMP_MAPTYPE_TARGET_PARAM))
      continue;
    if (n >= cap)
      return 0;
    sizes[n++] = t & MD_OMP_MAPTYPE_LITERAL ? k.ps : MD_HOST_PARAM_ANY;
  }
  return n;
}
