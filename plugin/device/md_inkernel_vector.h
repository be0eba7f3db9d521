/*
 * md_inkernel_vector.h -- vector divisions for in-kernel magic
 * (md_inkernel_vector.c): a vector division by a splat of a divisor the
 * in-kernel form takes is split into its lanes first (option
 * inkernel-vector), each lane dividing by the splatted scalar itself, so
 * that md_inkernel.c takes the lanes as ordinary sites of that divisor.
 */
#ifndef MAGICDIV_MD_INKERNEL_VECTOR_H
#define MAGICDIV_MD_INKERNEL_VECTOR_H

#include <llvm-c/Core.h>

#include "analysis/md_hoist.h"
#include "support/md_options.h"

/* Split every such vector division of fn (h: fn's hoist checker, o: the
 * options; a frozen splat taken as md_vec_freeze_splat makes it).  1 if
 * any was split. */
int md_inkernel_vectors(LLVMValueRef fn, const md_options *o, md_hoist *h);

#endif
