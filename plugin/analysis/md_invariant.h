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
 *   - lanes (extractelement at a constant index) of vector loads of such
 *     fields, of constant vectors, and of insertelement / shufflevector
 *     chains of such scalars;
 *   - the launch geometry: NVPTX ntid / nctaid special registers, AMDGPU
 *     workgroup size and group counts read from the implicit-argument or
 *     dispatch-packet pointer;
 *   - OpenMP: fields of objects a kernel gets by reference (a map(to:)
 *     scalar, a firstprivate struct or lambda), and the bytes of a stack
 *     slot or team-shared variable that one write fills before the use
 *     (md_omp_capture.h).
 * For such a value the analysis emits the postfix program (md_abi.h) that
 * recomputes it on the host from the launch's arguments.  Commutative
 * operands are put in a canonical order, so equal expressions give equal
 * bytes and can share one set of magic parameters.
 *
 * Cost: one md_inv per kernel memoizes every value it has looked at (the
 * expressions are DAGs), so each value is analysed once per kernel; the
 * program size and height of a value are known from its operands' before
 * any byte is written, and a program over the budgets is refused without
 * being materialized.  Budgets (docs/DESIGN.md): MD_INV_MAX_NODES values
 * per kernel, MD_INV_MAX_DEPTH operator height, MD_INV_MAX_BYTES program
 * bytes, MD_STACK_MAX evaluation stack.
 */
#ifndef MAGICDIV_MD_INVARIANT_H
#define MAGICDIV_MD_INVARIANT_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "support/md_buf.h"
#include "analysis/md_invariant_ptr.h"
#include "analysis/md_kernels.h"
#include "support/md_map.h"

#define MD_INV_MAX_NODES 100000 /* values analysed per kernel */
#define MD_INV_MAX_DEPTH 32     /* operator height of one program */
#define MD_INV_MAX_BYTES 1024   /* bytes of one program */

typedef struct md_inv_node md_inv_node;

/* The analysis context of one kernel. */
typedef struct md_inv {
  LLVMValueRef kernel;
  LLVMTargetDataRef td;
  md_target target;
  md_map memo;       /* value -> node index + 1 */
  md_map readonly;   /* pointer argument -> 1 read-only, 2 not */
  md_inv_node *nodes;
  unsigned nnodes;
  size_t capnodes;
  const char *why;     /* why the last query failed (static string) */
  LLVMValueRef why_at; /* the value that made it fail */
  /* A called function's context (md_callee.c): `kernel` is then the callee,
   * and its arguments are the operands of `call` (an instruction of the
   * parent context's function), analysed in `parent`. */
  struct md_inv *parent;
  LLVMValueRef call;
} md_inv;

void md_inv_init(md_inv *c, LLVMValueRef kernel, LLVMTargetDataRef td,
                 md_target target);
void md_inv_release(md_inv *c);

/* The context of `callee` as called by `call` (in parent's function): an
 * argument of callee is launch-invariant when the call's operand is, in
 * parent.  parent must outlive c and stay at its address. */
void md_inv_init_callee(md_inv *c, LLVMValueRef callee, md_inv *parent,
                        LLVMValueRef call);

/* Append the program of v to out.  Returns 1 if v is launch-invariant and
 * its program fits the budgets, 0 if not (c->why, c->why_at say why). */
int md_inv_program(md_inv *c, LLVMValueRef v, md_buf *out);

/* The same for lane `lane` of the integer vector v (extractelement of a
 * vector load from a struct argument, insertelement / shufflevector chains
 * of invariant scalars, constant vectors). */
int md_inv_lane_program(md_inv *c, LLVMValueRef v, unsigned lane,
                        md_buf *out);

#endif
