/*
 * md_vector.h -- vector divisions split into per-lane scalar divisions
 * (md_vector.c).
 *
 * At -O2 the SLP vectorizer turns neighbouring divisions into one
 * `srem <2 x i32> %a, %b` (AMDGPU permute kernels).  md_device.c decides
 * about each lane (its divisor program comes from md_inv_lane_program); in
 * the clone, md_vec_split replaces the vector operation by one scalar
 * operation per lane on extractelements of its operands, reassembled with
 * insertelement, and the scalar operations are then rewritten as ordinary
 * sites.  A lane divides exactly what it divided in the vector operation,
 * so the split itself changes nothing (division by zero in any lane is
 * undefined behaviour in both forms).
 */
#ifndef MAGICDIV_MD_VECTOR_H
#define MAGICDIV_MD_VECTOR_H

#include <llvm-c/Core.h>

#define MD_VEC_MAX_LANES 16

/* A vector division of the original kernel, and each lane's divisor. */
typedef struct md_vsite {
  LLVMValueRef inst; /* in the original until the clone is built */
  unsigned lanes;
  int mode;          /* md_site_mode of every lane */
  int divisor[MD_VEC_MAX_LANES];
} md_vsite;

/* Number of lanes of a fixed integer vector division, 0 for anything else
 * (scalable vectors, more than MD_VEC_MAX_LANES lanes). */
unsigned md_vec_lanes(LLVMValueRef inst);

/* Replace the vector division inst by per-lane scalar divisions; their
 * instructions go to lane[0..lanes).  Returns the number of lanes. */
unsigned md_vec_split(LLVMValueRef inst, LLVMValueRef *lane);

/* x when v is a splat of x (shufflevector of insertelement _, x, 0 with a
 * zero mask; of `load <1 x iW>`: a new scalar load beside it, *made = 1,
 * the caller erases it if unused), else NULL. */
LLVMValueRef md_vec_splat_of(LLVMValueRef v, int *made);

/* freeze (splat x) -> splat (freeze x) for every use of the freeze fr (a
 * refinement); fr erased.  Returns freeze x. */
LLVMValueRef md_vec_freeze_splat(LLVMValueRef fr, LLVMValueRef x);

#endif
