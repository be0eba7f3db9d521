/*
 * md_omp_clone.h -- what a clone needs in OpenMP device code
 * (md_omp_clone.c; the analysis side is md_omp.h).
 *
 *  - The clone of a parallel region's microtask takes its magic values
 *    packed into pointer-sized (i64) arguments, as the device runtime
 *    passes every captured value: one per 32-bit divisor, two per 64-bit
 *    one (md_omp_pack, md_omp_unpack; the layout below).  The kernel clone
 *    takes one i64 per magic value, as libomptarget passes every kernel
 *    argument in an 8-byte slot; md_omp_narrow_params gives its sites the
 *    values at their own width.
 *  - The copy of the __kmpc_parallel_60/51 call in the caller's clone gets
 *    a larger captured-values array, with the magic values in the slots
 *    after the original ones, and starts the microtask's clone
 *    (md_omp_redirect).
 *  - A kernel clone gets its own `<clone>_kernel_environment` (and
 *    `_dynamic_environment`), which libomptarget loads with each kernel
 *    by name and __kmpc_target_init reads (md_omp_kernel_env).
 *  - In a kernel that stays in generic mode, md_omp_redirect tags the
 *    call and md_omp_kernel_env gives the clone a wrapper of its own for
 *    it (md_omp_clone.h).
 */
#ifndef MAGICDIV_MD_OMP_CLONE_H
#define MAGICDIV_MD_OMP_CLONE_H

#include <llvm-c/Core.h>

#include "device/md_kdec.h"
#include "device/md_rewrite.h"

/* mv[0..n): every 64-bit magic parameter of a divisor narrower than 64
 * bits replaced by its truncation (in the clone's entry block). */
void md_omp_narrow_params(LLVMValueRef clone, md_magic_vals *mv,
                          unsigned n);

/* ---- Packed magic values: what a microtask's clone gets ----
 *
 * A divisor's magic values (m, a, s and dsgn, md_abi.h) take one 8-byte
 * slot of the captured-values array for a 32-bit kind, two for a 64-bit
 * one; a is 0 or m (md_magic.h), so one bit says which, and dsgn (0 or
 * -1) is one bit too:
 *
 *   32-bit kind:  m in bits 0..31, (a != 0) in bit 32, s in bits 40..47,
 *                 (dsgn != 0) in bit 48
 *   64-bit kind:  slot 0: m;  slot 1: (a != 0) in bit 0, s in bits 8..15,
 *                 (dsgn != 0) in bit 16
 *
 * The caller's clone packs its values before the parallel call, the
 * microtask's clone unpacks them in its entry block (a = m & -bit). */

/* Slots the packed magic values of the divisors in `used` take. */
unsigned md_omp_packed_slots(const md_kdec *d, uint64_t used);

/* vals[] (the magic values of the divisors in `used`, in divisor order,
 * md_kind_params each, any integer widths) packed before instruction
 * `before` into md_omp_packed_slots i64 values, written to vals[] and
 * their types (i64) to types[]; returns their number. */
unsigned md_omp_pack(LLVMValueRef before, const md_kdec *d, uint64_t used,
                     LLVMValueRef *vals, LLVMTypeRef *types);

/* mv[0..ndivs): the magic values of the divisors in `used` unpacked, at
 * their own width, in clone's entry block from its last
 * md_omp_packed_slots parameters (which are named md.pK). */
void md_omp_unpack(LLVMValueRef clone, const md_kdec *d, uint64_t used,
                   md_magic_vals *mv);

/* call (a parallel call, md_omp.h, in a clone) starts `microtask` with the
 * n values `extra` appended to its captured values.  0, or -1 (nothing
 * changed). */
int md_omp_redirect(LLVMValueRef call, LLVMValueRef microtask,
                    LLVMValueRef *extra, unsigned n);

/* extra[0..n) converted, before call, to types[0..n) (a microtask's clone
 * has its magic values as i64; a function it calls takes them at their own
 * width, and the other way round). */
void md_omp_fit_args(LLVMValueRef call, LLVMValueRef *extra,
                     const LLVMTypeRef *types, unsigned n);


/* ---- The wrapper function a kernel clone of a generic-mode OpenMP kernel
 * needs for each parallel region it starts with a clone of the microtask
 * (why: md_omp_generic.h).
 *
 * md_omp_redirect (md_omp_clone.h) tags such a parallel call of the clone;
 * md_omp_wrappers_make then gives each tagged call's wrapper W a new one,
 * `<W>.magicdiv.N`, that does what clang's wrapper does at -O0 --
 *
 *   %tid = alloca i32; %zero = alloca i32; %ga = alloca ptr
 *   store i32 %1, %tid; store i32 0, %zero
 *   call void @__kmpc_get_shared_variables(ptr %ga)
 *   call void @microtask.clone(ptr %tid, ptr %zero, slot 0, ..., slot n-1)
 *
 * with every slot the call passes (the original ones and the magic values
 * after them) -- and replaces, in the clone only, every use of W (and of
 * its state-machine ID `W.ID`, then by a new `<W'>.ID`): the parallel
 * call's wrapper operand, the state machine's compares and direct calls.
 */
#define MD_OMP_WRAP_MAX 8 /* wrappers made for one kernel clone */

/* What md_omp_wrappers_make made, to undo. */
typedef struct md_omp_wraps {
  LLVMValueRef old_fn[MD_OMP_WRAP_MAX], new_fn[MD_OMP_WRAP_MAX];
  LLVMValueRef old_id[MD_OMP_WRAP_MAX], new_id[MD_OMP_WRAP_MAX];
  unsigned n;
} md_omp_wraps;

/* Tag call (a parallel call of a clone just started with its microtask's
 * clone, in a generic-mode kernel): its wrapper must be replaced. */
void md_omp_wrapper_tag(LLVMValueRef call);

/* 1 if call (a parallel call in a clone) is in a kernel that stays in
 * generic mode and names a wrapper: the workers run it. */
int md_omp_wrapper_runs(LLVMValueRef call);

/* The tagged parallel calls of clone get wrappers of their own (see
 * above).  0 (w receives what was made; nothing if none was tagged), or
 * -1: a use not understood, too many wrappers, out of memory -- nothing
 * changed. */
int md_omp_wrappers_make(LLVMValueRef clone, md_omp_wraps *w);

/* Undo md_omp_wrappers_make: the clone uses the original wrappers and IDs
 * again, the new ones are deleted. */
void md_omp_wrappers_undo(md_omp_wraps *w);

/* 0 if the wrappers made verify (when there are any), else -1. */
int md_omp_wrappers_verify(const md_omp_wraps *w);

/* If kernel is an OpenMP kernel (__kmpc_target_init of its
 * `<kernel>_kernel_environment`), give clone an environment of its own
 * and make its __kmpc_target_init use it, and the wrappers its tagged
 * generic-mode parallel calls need (md_omp_wrappers_make; the clone and
 * they are verified when there are any); *made receives the globals made
 * (two at most, to keep; the kernel environment first, then the dynamic
 * one it names: delete them in this order), *nmade their count, *w the
 * wrappers (md_omp_wrappers_undo undoes them before the clone and its
 * microtask clones are deleted).  0, or -1: the clone cannot run as an
 * OpenMP kernel (nothing was added, w->n == 0). */
int md_omp_kernel_env(LLVMValueRef kernel, LLVMValueRef clone,
                      LLVMValueRef made[2], unsigned *nmade,
                      md_omp_wraps *w);

#endif
