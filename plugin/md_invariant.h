/*
 * md_invariant.h -- launch-invariance analysis (md_invariant.c).
 *
 * A value is launch-invariant when it is computed only from
 *   - integer kernel arguments (widths 8/16/32/64);
 *   - (for -O0 code) loads of a stack slot written exactly once, in the
 *     entry block, with a qualifying value;
 *   - fields loaded at constant offsets from a byval / byref struct argument
 *     that the kernel never writes (through GEPs, casts, freeze);
 *   - integer constants;
 *   - add sub mul shl lshr ashr and or xor udiv sdiv urem srem, zext sext
 *     trunc, icmp, select, freeze, llvm.{s,u}{min,max} of such values;
 *   - the launch geometry: NVPTX ntid / nctaid special registers, AMDGPU
 *     workgroup size and group counts read from the implicit-argument or
 *     dispatch-packet pointer.
 * For such a value the analysis emits the postfix program (md_abi.h) that
 * recomputes it on the host from the launch's arguments.  Commutative
 * operands are put in a canonical order, so equal expressions give equal
 * bytes and can share one set of magic parameters.
 */
#ifndef MAGICDIV_MD_INVARIANT_H
#define MAGICDIV_MD_INVARIANT_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "md_buf.h"
#include "md_kernels.h"

typedef struct md_inv {
  LLVMModuleRef m;
  LLVMValueRef kernel;
  LLVMTargetDataRef td;
  md_target target;
  const char *why;     /* why the last query failed (static string) */
  LLVMValueRef why_at; /* the value that made it fail */
} md_inv;

/* Append the program of v to out.  Returns 1 if v is launch-invariant,
 * 0 if not (c->why, c->why_at say why). */
int md_inv_program(md_inv *c, LLVMValueRef v, md_buf *out);

/* 1 if the pointer argument `arg` is only ever read (loads through GEPs and
 * casts), so fields loaded from it are fixed for the launch. */
int md_arg_readonly(LLVMValueRef arg);

/* The byval/byref pointee type of parameter i of f, or NULL. */
LLVMTypeRef md_param_pointee(LLVMValueRef f, unsigned i);

/* The type of the value a launch passes for parameter i of f: the struct
 * of a byval/byref parameter, else the parameter's own type. */
LLVMTypeRef md_param_passed_type(LLVMValueRef f, unsigned i);

#endif
