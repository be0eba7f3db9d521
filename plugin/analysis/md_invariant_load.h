/*
 * md_invariant_load.h -- the launch-invariance rule for loads
 * (md_invariant_load.c): a field at a constant offset of one of the
 * kernel's read-only struct parameters (through the pointer arguments of
 * the functions on the way, in a called function's context), the AMDGPU
 * launch geometry read from the implicit-argument or dispatch-packet
 * pointer, a -O0 stack slot written once in the entry block, and -- in
 * OpenMP device code -- the bytes of a captured object that one write
 * fills before the use (md_omp_capture.h).
 */
#ifndef MAGICDIV_MD_INVARIANT_LOAD_H
#define MAGICDIV_MD_INVARIANT_LOAD_H

#include "analysis/md_invariant_rule.h"

/* The program of load ld (w bits; for lane `lane` of a vector load, w is
 * the element width and the field lies lane * w / 8 bytes further),
 * written to f->out: 1, or 0 with c->why. */
int md_inv_load(md_inv *c, LLVMValueRef ld, unsigned w, unsigned lane,
                md_frame *f);

#endif
