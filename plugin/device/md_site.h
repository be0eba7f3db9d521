/*
 * md_site.h -- the decision about each division site of a function
 * (md_site.c): kind, mode and flags of each site whose divisor is
 * launch-invariant, in the function's analysis context (md_fctx.h), with
 * the kernel's shared decisions (md_kdec.h); the remarks of the sites
 * transformed.
 */
#ifndef MAGICDIV_MD_SITE_H
#define MAGICDIV_MD_SITE_H

#include <llvm-c/Core.h>

#include "device/md_fctx.h"
#include "device/md_kdec.h"

/* Decide about every division of f->fn: the sites transformed go to f
 * (md_fctx_add_site / md_fctx_add_vsite), their divisors, launch
 * requirements and fact texts to d; every site left alone gets a missed
 * remark. */
void md_site_decide_function(md_kdec *d, md_fctx *f);

/* The same for one division inst (md_is_div) of f->fn. */
void md_site_consider(md_kdec *d, md_fctx *f, LLVMValueRef inst);

/* Commit: the "Transformed" remark of each of f's sites (scalar, then
 * vector), at the original instructions. */
void md_site_remarks(const md_kdec *d, const md_fctx *f);

#endif
