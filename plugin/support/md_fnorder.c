/*
 * md_fnorder.c -- keep a module's last function last: the mover the host
 * sets (md_bridge.cpp), and the module's last definition.
 */
#include "support/md_fnorder.h"

#include <stddef.h>

static md_fn_mover md_mover;

void md_fnorder_set_mover(md_fn_mover mover) { md_mover = mover; }

LLVMValueRef md_fnorder_last(LLVMModuleRef m) {
  LLVMValueRef f;
  for (f = LLVMGetLastFunction(m); f; f = LLVMGetPreviousFunction(f))
    if (!LLVMIsDeclaration(f))
      return f;
  return NULL;
}

int md_fnorder_move_to_end(LLVMValueRef f) {
  if (!md_mover || !f)
    return 0;
  md_mover(f);
  return 1;
}
