/*
 * md_host_frame.h -- launch sites whose argument array is fixed by the
 * caller's frame (md_host_frame.c): what lets the runtime's repeated
 * launch skip comparing the argument pointers (MD_API_FRAME_ARGS).
 */
#ifndef MAGICDIV_MD_HOST_FRAME_H
#define MAGICDIV_MD_HOST_FRAME_H

#include <llvm-c/Core.h>
#include <stdint.h>

/* The number of slots N of the argument array `args` of launch `call`
 * when every execution of the call sees in args[0..N) the addresses of
 * stack slots of the calling function's own frame, at offsets fixed by
 * the function, so that two executions of the same call instruction with
 * the array at the same address see the same pointers; 0 otherwise (and
 * for N above 65535).  See md_host_frame.c for the exact conditions. */
unsigned md_frame_args_slots(LLVMModuleRef m, LLVMValueRef call,
                             LLVMValueRef args);

/* md_frame_args_slots, and the bytes of the stack slot each of the N
 * slots points to (sizes[0..N): a launch stub's spilled parameters, as
 * the launch passes them); 0 also when N > cap. */
unsigned md_frame_args_sizes(LLVMModuleRef m, LLVMValueRef call,
                             LLVMValueRef args, uint64_t *sizes,
                             unsigned cap);

#endif
