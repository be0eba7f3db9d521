/*
 * md_omp_pack.h -- the magic values of an OpenMP clone at the width its
 * callers pass them (md_omp_pack.c; the rest of what a clone needs in
 * OpenMP device code: md_omp_redirect.h, md_omp_wrap.h, md_omp_kenv.h).
 *
 *  - The clone of a parallel region's microtask takes its magic values
 *    packed into pointer-sized (i64) arguments, as the device runtime
 *    passes every captured value: one per 32-bit divisor, two per 64-bit
 *    one (md_omp_pack, md_omp_unpack; the layout below).  The kernel clone
 *    takes one i64 per magic value, as libomptarget passes every kernel
 *    argument in an 8-byte slot; md_omp_narrow_params gives its sites the
 *    values at their own width.
 */
#ifndef MAGICDIV_MD_OMP_PACK_H
#define MAGICDIV_MD_OMP_PACK_H

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

#endif
