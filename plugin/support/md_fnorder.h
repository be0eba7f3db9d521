/*
 * md_fnorder.h -- keep a module's last function last (md_fnorder.c).
 * ptxas orders its table of the module's global and external-function
 * addresses (constant bank 4) by the module's last function: functions the
 * pass appends (clones) would move the slots the original kernels load
 * from.  LLVM-C cannot move a function; the host that loads the plugin
 * (md_bridge.cpp) sets a mover, and without one nothing moves.
 */
#ifndef MAGICDIV_MD_FNORDER_H
#define MAGICDIV_MD_FNORDER_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Moves f to the end of its module's function list. */
typedef void (*md_fn_mover)(LLVMValueRef f);

/* Set (or clear, NULL) the mover. */
void md_fnorder_set_mover(md_fn_mover mover);

/* The last function of m that has a body, or NULL. */
LLVMValueRef md_fnorder_last(LLVMModuleRef m);

/* Move f to the end of its module's function list: 1, or 0 if no mover is
 * set (f stays where it is). */
int md_fnorder_move_to_end(LLVMValueRef f);

#ifdef __cplusplus
}
#endif

#endif
