/*
 * md_ptr_walk.h -- the one walk over the uses of a pointer (md_ptr_walk.c).
 *
 * "Is this memory only read?" is asked of a kernel's struct parameter and a
 * called function's pointer argument (md_reads.h), of the slots of an
 * OpenMP captured-values array, and of a captured object whose one write
 * is wanted (md_omp_capture.h).  Each question walks every use of the
 * pointer, through the pointers derived from it (casts and GEPs); what
 * differs is its policy: how GEPs are followed, how deep, and what the
 * other uses may be.  The walk does the first part once; the policy's
 * `use` function answers for every other use.
 */
#ifndef MAGICDIV_MD_PTR_WALK_H
#define MAGICDIV_MD_PTR_WALK_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdint.h>

/* How a GEP whose base is the walked pointer is followed. */
typedef enum md_pw_gep {
  MD_PW_GEP_ANY,     /* any indices; offsets not tracked (0) */
  MD_PW_GEP_CONST,   /* constant byte offset (md_gep_const_offset), added */
  MD_PW_GEP_FORWARD, /* constant byte offset >= 0, added */
} md_pw_gep;

typedef struct md_ptr_walk md_ptr_walk;

/* A walk's policy.  Embed it first in a struct of the policy's own state
 * to reach that state from `use`. */
struct md_ptr_walk {
  LLVMTargetDataRef td; /* sizes for the offsets (MD_PW_GEP_CONST/FORWARD) */
  int max_depth;        /* a pointer derived deeper than this: refused */
  md_pw_gep gep;
  /* Every use of p other than the casts and GEPs followed: p is byte
   * `off` of the walk's start (0 with MD_PW_GEP_ANY), `depth` the walk's
   * depth at p.  1 if it is allowed, 0 if not (the walk stops). */
  int (*use)(md_ptr_walk *w, LLVMValueRef user, LLVMValueRef p, int64_t off,
             int depth);
  int too_deep; /* set when the walk stopped for max_depth */
};

/* Walk the uses of p (byte off of the start, at depth): bitcasts and
 * address-space casts (instructions or constant expressions) are followed
 * at the same offset, GEPs with p as their base as w->gep says, each one
 * level deeper; every other use goes to w->use.  1 if every use was
 * allowed, 0 at the first that was not or past w->max_depth. */
int md_ptr_walk_uses(md_ptr_walk *w, LLVMValueRef p, int64_t off, int depth);

#endif
