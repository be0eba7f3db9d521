/*
 * md_invariant_ptr.h -- the pointers the launch-invariance analysis reads
 * through (md_invariant_ptr.c): a pointer's base and constant offset, the
 * kernel's by-value and by-reference struct parameters, and whether a
 * function only reads through a pointer argument (md_reads.h), asked once
 * per argument and context.
 */
#ifndef MAGICDIV_MD_INVARIANT_PTR_H
#define MAGICDIV_MD_INVARIANT_PTR_H

#include <llvm-c/Core.h>
#include <stdint.h>

struct md_inv;

/* The byval/byref pointee type of parameter i of f, or NULL. */
LLVMTypeRef md_inv_param_pointee(LLVMValueRef f, unsigned i);

/* The type of the value a launch passes for parameter i of f: the struct
 * of a byval/byref parameter, else the parameter's own type. */
LLVMTypeRef md_inv_param_passed_type(LLVMValueRef f, unsigned i);

/* 1 if the context's function only reads through its pointer argument
 * arg (md_reads_ptr_only_loaded), memoized per argument. */
int md_inv_arg_readonly(struct md_inv *c, LLVMValueRef arg);

/* p stripped of constant-offset GEPs and pointer casts: the base pointer,
 * with the accumulated byte offset in *off; NULL if an offset is not
 * constant or the sum leaves int64. */
LLVMValueRef md_inv_ptr_base(struct md_inv *c, LLVMValueRef p, int64_t *off);

/* The index of arg among the parameters of the context's function. */
unsigned md_inv_param_index(struct md_inv *c, LLVMValueRef arg);

#endif
