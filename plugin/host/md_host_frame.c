/*
 * md_host_frame.c -- launch sites whose argument array is fixed by the
 * caller's frame (md_host_frame.h).
 *
 * A CUDA launch stub (and the stub inlined into its caller) passes
 * cudaLaunchKernel an array it filled with the addresses of its own stack
 * slots, the parameters spilled to memory:
 *
 *   %a.addr = alloca i32                     ; entry block, constant size
 *   %args   = alloca [2 x ptr]               ; entry block, constant size
 *   ...
 *   store ptr %a.addr, ptr %args
 *   %s1 = getelementptr inbounds i8, ptr %args, i64 8
 *   store ptr %b.addr, ptr %s1
 *   ... call @cudaLaunchKernel(..., ptr %args, ...)
 *
 * Static allocas live at offsets from the frame that the compiled function
 * fixes, so when the same call instruction runs with the array at the same
 * address the frame is at the same address and the array holds the same
 * pointers.  The runtime (md_cuda_launch) then compares the call's return
 * address and the array's address instead of every pointer
 * (MD_API_FRAME_ARGS, docs/LAUNCH.md).  The conditions, all of which must
 * hold at this point of the pipeline (later passes keep the array's
 * contents at the call, which is all the runtime relies on):
 *
 * - the array is a static alloca (entry block, constant size) of N
 *   pointers: [N x ptr], or ptr with array size N;
 * - every use of it is the launch call, a lifetime marker, a store into it
 *   at offset 0, or a getelementptr of it with constant indices and a
 *   byte offset >= 0 (md_gep_const_offset, sizes from the data layout)
 *   whose only uses are stores into it;
 * - every such store stores a pointer-sized value at a slot boundary
 *   inside the array, is in the launch call's block before the call, and
 *   stores the address of a static alloca of the same function (not the
 *   array);
 * - every slot 0..N-1 gets such a store.
 *
 * So on every execution of the call each slot holds, at the call, the
 * address of a static stack slot of the function: a fixed offset from the
 * frame.  Anything else -- a heap array, a global one, a slot that keeps a
 * parameter's pointer, a store in another block -- gives 0.
 */
#include <llvm-c/Target.h>

#include "host/md_host_frame.h"
#include "support/md_ir.h"

#define MD_FRAME_MAX_SLOTS 65535u

/* Is v a static alloca of function f (entry block, constant size)? */
static int md_static_alloca(LLVMValueRef v, LLVMValueRef f) {
  return v && LLVMIsAAllocaInst(v) &&
         LLVMGetInstructionParent(v) == LLVMGetEntryBasicBlock(f) &&
         LLVMIsAConstantInt(LLVMGetOperand(v, 0));
}

/* The byte offset of gep from its base (md_gep_const_offset), or -1 when
 * it is not constant or negative. */
static long long md_gep_offset(LLVMValueRef gep, LLVMTargetDataRef dl) {
  int64_t off;
  return md_gep_const_offset(dl, gep, &off) && off >= 0 ? off : -1;
}

/* The slot a store into the array (at byte offset off) fills, or -1 when
 * it does not store the address of a static alloca of f at a slot
 * boundary. */
static long long md_store_slot(LLVMValueRef st, long long off,
                               unsigned long long ps, unsigned n,
                               LLVMValueRef f, LLVMValueRef args) {
  LLVMValueRef v = LLVMGetOperand(st, 0);
  if (off < 0 || off % (long long)ps || off / (long long)ps >= (long long)n ||
      LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind || v == args ||
      !md_static_alloca(v, f))
    return -1;
  return off / (long long)ps;
}

/* The store's offset into the array when its pointer operand is the
 * array or a getelementptr of it (-2: neither, -1: a form not allowed). */
static long long md_store_offset(LLVMValueRef st, LLVMValueRef args,
                                 LLVMTargetDataRef dl) {
  LLVMValueRef p = LLVMGetOperand(st, 1);
  if (p == args)
    return 0;
  if (LLVMIsAGetElementPtrInst(p) && LLVMGetOperand(p, 0) == args)
    return md_gep_offset(p, dl);
  return -2;
}

/* Every use of the array is allowed (see the file comment); *stores: how
 * many stores into it there are. */
static int md_uses_allowed(LLVMValueRef args, LLVMValueRef call,
                           LLVMTargetDataRef dl, unsigned *stores) {
  LLVMUseRef u, w;
  *stores = 0;
  for (u = LLVMGetFirstUse(args); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (user == call || md_is_lifetime_marker(user))
      continue;
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == args &&
        LLVMGetOperand(user, 0) != args) {
      ++*stores;
      continue;
    }
    if (!LLVMIsAGetElementPtrInst(user) || LLVMGetOperand(user, 0) != args ||
        md_gep_offset(user, dl) < 0)
      return 0;
    for (w = LLVMGetFirstUse(user); w; w = LLVMGetNextUse(w)) {
      LLVMValueRef s = LLVMGetUser(w);
      if (!LLVMIsAStoreInst(s) || LLVMGetOperand(s, 1) != user ||
          LLVMGetOperand(s, 0) == user)
        return 0;
      ++*stores;
    }
  }
  return 1;
}

/* md_frame_args_slots, and with sizes (not NULL, room for the N slots)
 * the bytes of the stack slot each slot points to (its alloca's type and
 * count, from the data layout). */
static unsigned md_frame_args(LLVMModuleRef m, LLVMValueRef call,
                              LLVMValueRef args, uint64_t *sizes) {
  LLVMTargetDataRef dl = LLVMGetModuleDataLayout(m);
  LLVMBasicBlockRef bb;
  LLVMValueRef f, i;
  LLVMTypeRef t;
  unsigned long long ps;
  unsigned n, stores, before = 0, filled = 0, k;
  unsigned char seen[MD_FRAME_MAX_SLOTS / 8 + 1];
  if (!call || !args || !LLVMIsAInstruction(call) ||
      !(bb = LLVMGetInstructionParent(call)) ||
      !(f = LLVMGetBasicBlockParent(bb)) || !md_static_alloca(args, f))
    return 0;
  ps = LLVMABISizeOfType(dl, LLVMTypeOf(args));
  t = LLVMGetAllocatedType(args);
  if (LLVMGetTypeKind(t) == LLVMArrayTypeKind &&
      LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMPointerTypeKind &&
      LLVMConstIntGetZExtValue(LLVMGetOperand(args, 0)) == 1) {
    unsigned long long len = LLVMGetArrayLength2(t);
    n = len > MD_FRAME_MAX_SLOTS ? 0 : (unsigned)len;
  } else if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) {
    unsigned long long len = LLVMConstIntGetZExtValue(LLVMGetOperand(args, 0));
    n = len > MD_FRAME_MAX_SLOTS ? 0 : (unsigned)len;
  } else {
    return 0;
  }
  if (n == 0 || ps == 0 || !md_uses_allowed(args, call, dl, &stores))
    return 0;
  memset(seen, 0, (n + 7) / 8);
  /* the stores before the call in its block: each fills a slot */
  for (i = LLVMGetFirstInstruction(bb); i && i != call;
       i = LLVMGetNextInstruction(i)) {
    long long off, slot;
    if (!LLVMIsAStoreInst(i) || (off = md_store_offset(i, args, dl)) == -2)
      continue;
    if ((slot = md_store_slot(i, off, ps, n, f, args)) < 0)
      return 0;
    before++;
    k = (unsigned)slot;
    if (sizes) { /* the stored address: a static alloca (md_store_slot) */
      LLVMValueRef a = LLVMGetOperand(i, 0);
      sizes[k] = LLVMABISizeOfType(dl, LLVMGetAllocatedType(a)) *
                 LLVMConstIntGetZExtValue(LLVMGetOperand(a, 0));
    }
    if (!(seen[k / 8] & (1u << (k % 8)))) {
      seen[k / 8] |= (unsigned char)(1u << (k % 8));
      filled++;
    }
  }
  if (!i || before != stores || filled != n)
    return 0; /* a store elsewhere, or a slot never filled */
  return n;
}

unsigned md_frame_args_slots(LLVMModuleRef m, LLVMValueRef call,
                             LLVMValueRef args) {
  return md_frame_args(m, call, args, NULL);
}

unsigned md_frame_args_sizes(LLVMModuleRef m, LLVMValueRef call,
                             LLVMValueRef args, uint64_t *sizes,
                             unsigned cap) {
  unsigned n = md_frame_args(m, call, args, NULL);
  if (!n || n > cap)
    return 0;
  return md_frame_args(m, call, args, sizes);
}
