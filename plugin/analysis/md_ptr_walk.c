/*
 * md_ptr_walk.c -- the one walk over the uses of a pointer, with a policy
 * (md_ptr_walk.h).
 */
#include "analysis/md_ptr_walk.h"

#include "support/md_ir.h"

/* A bitcast or address-space cast, instruction or constant expression. */
static int md_is_ptr_cast(LLVMValueRef v) {
  return LLVMIsABitCastInst(v) || md_is_ascast(v) ||
         (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMBitCast);
}

/* If user is a GEP with base p that w follows: 1 with *off advanced by
 * its offset (unchanged for MD_PW_GEP_ANY). */
static int md_gep_step(const md_ptr_walk *w, LLVMValueRef user,
                       LLVMValueRef p, int64_t *off) {
  int64_t d;
  if (!(LLVMIsAGetElementPtrInst(user) ||
        (LLVMIsAConstantExpr(user) &&
         LLVMGetConstOpcode(user) == LLVMGetElementPtr)) ||
      LLVMGetOperand(user, 0) != p)
    return 0;
  if (w->gep == MD_PW_GEP_ANY)
    return 1;
  if (!md_gep_const_offset(w->td, user, &d) ||
      (w->gep == MD_PW_GEP_FORWARD && d < 0) ||
      __builtin_add_overflow(*off, d, &d))
    return 0;
  *off = d;
  return 1;
}

int md_ptr_walk_uses(md_ptr_walk *w, LLVMValueRef p, int64_t off,
                     int depth) {
  LLVMUseRef u;
  if (depth > w->max_depth) {
    w->too_deep = 1;
    return 0;
  }
  for (u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    int64_t next = off;
    int ok;
    if (md_is_ptr_cast(user))
      ok = md_ptr_walk_uses(w, user, off, depth + 1);
    else if (md_gep_step(w, user, p, &next))
      ok = md_ptr_walk_uses(w, user, next, depth + 1);
    else
      ok = w->use(w, user, p, off, depth);
    if (!ok)
      return 0;
  }
  return 1;
}
