/*
 * md_invariant_lane.h -- vector lanes in divisor expressions
 * (md_invariant_lane.c).  AMDGPU -O2 loads adjacent struct fields as one
 * vector and the SLP vectorizer builds vectors of scalars: lane k of a
 * vector value is followed through the instructions that only move scalars
 * (insertelement / shufflevector with constant indices, freeze, constant
 * vectors) to a scalar or a vector load, and through element-wise
 * arithmetic lane by lane.
 */
#ifndef MAGICDIV_MD_INVARIANT_LANE_H
#define MAGICDIV_MD_INVARIANT_LANE_H

#include "analysis/md_invariant_rule.h"

/* The program of lane `lane` of the integer vector vec, written to
 * f->out: 1, or 0 with c->why. */
int md_inv_lane(md_inv *c, LLVMValueRef vec, unsigned lane, md_frame *f);

/* The rule of extractelement v (a constant index): its lane. */
int md_inv_extract(md_inv *c, LLVMValueRef v, md_frame *f);

#endif
