/*
 * md_geometry.h -- the GPU launch-geometry intrinsics, one table per
 * target (md_geometry.c): thread and block indices, block and grid sizes,
 * as md_invariant (sizes are launch-invariant), md_range (known ranges)
 * and md_bounds (indices bounded by sizes) read them.
 */
#ifndef MAGICDIV_MD_GEOMETRY_H
#define MAGICDIV_MD_GEOMETRY_H

#include <llvm-c/Core.h>

#include "analysis/md_kernels.h"

typedef enum md_geom_kind {
  MD_GEOM_THREAD_ID,  /* tid.k, workitem.id.k:  < the block size k */
  MD_GEOM_BLOCK_ID,   /* ctaid.k, workgroup.id.k: < the grid size k */
  MD_GEOM_BLOCK_SIZE, /* ntid.k (AMDGPU reads it from memory) */
  MD_GEOM_GRID_SIZE   /* nctaid.k (likewise) */
} md_geom_kind;

typedef struct md_geom {
  md_target target; /* whose intrinsic it is */
  md_geom_kind kind;
  int axis; /* 0, 1, 2 when the name is the table's prefix followed
               by exactly x, y or z; -1 for another suffix */
} md_geom;

/* Is v a direct call of a function whose name is one of the table's
 * prefixes followed by at least one character?  1 with *g, or 0. */
int md_geom_of_call(LLVMValueRef v, md_geom *g);

#endif
