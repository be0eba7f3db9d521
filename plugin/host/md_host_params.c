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
 * name) is not registered.
 */
#include "md_host_params.h"

#include <stdio.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_host_frame.h"
#include "md_host_reg.h"
#include "md_ir.h"

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
    if (md_rd32(desc + table + 4 * i) != sizes[i]) {
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
          md_strip(LLVMGetOperand(i, 0)) != handle)
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
  stub = md_strip(LLVMGetInitializer(handle));
  if (!stub || !LLVMIsAFunction(stub) || LLVMIsDeclaration(stub) ||
      !(call = md_stub_launch(stub, handle)))
    return 0;
  n = LLVMGetNumArgOperands(call); /* (fn, grid, block, args, shmem, stream)
                                      with the dim3s as the ABI passes them:
                                      args is third from the end */
  return md_frame_args_sizes(m, call, LLVMGetOperand(call, n - 3), sizes,
                             cap);
}
