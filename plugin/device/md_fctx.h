/*
 * md_fctx.h -- the analysis context of one function whose divisions are
 * decided (md_fctx.c): the kernel, or a function it calls (a node of
 * md_callee.h).
 *
 * A context owns everything the site decision (md_site.h) asks about the
 * function -- its dominators, its launch-invariance context, its range
 * facts, the launch-checked bounds when the function has them -- and the
 * sites decided in it.  The kernel's context has bounds; a called
 * function's has none, except an OpenMP microtask's (md_bounds_init_callee:
 * its arguments are bounded as the call's operands in the parent's bounds),
 * and its invariance context reads its arguments as the call's operands in
 * the parent's context.  Contexts refer to each other and to their own fields
 * by address: initialize one where it stays, never copy it.
 */
#ifndef MAGICDIV_MD_FCTX_H
#define MAGICDIV_MD_FCTX_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/md_bounds.h"
#include "device/md_clone.h"
#include "analysis/md_dom.h"
#include "analysis/md_invariant.h"
#include "analysis/md_kernels.h"
#include "analysis/md_range.h"
#include "device/md_rewrite.h"
#include "device/md_vector.h"

typedef struct md_fctx {
  LLVMValueRef fn; /* the function (original) */
  md_dom dom;
  md_inv inv;           /* launch-invariance, memoized for fn */
  md_range range;       /* dividend facts, memoized for fn */
  md_bounds *bounds;    /* launch-checked dividend ranges, or NULL: none */
  md_bounds own_bounds; /* what `bounds` points to, when not NULL */
  md_site *sites;       /* decided scalar sites (instructions of fn) */
  unsigned nsites;
  size_t capsites;
  md_vsite *vsites; /* decided vector sites, split per lane when cloned */
  unsigned nvsites;
  size_t capvsites;
  char *where; /* appended to its sites' remarks (malloc'd, whole names):
                  NULL for the kernel (and when out of memory),
                  " (in device function 'f', called from ...)" */
} md_fctx;

/* The context of a kernel (with bounds).  0, or -1 when out of memory: the
 * context is then valid without dominators (no branch condition is used,
 * which is still exact); the caller says so in a remark. */
int md_fctx_init_kernel(md_fctx *f, LLVMValueRef kernel, LLVMTargetDataRef td,
                        md_target t);

/* The context of `callee` as called by `call`, an instruction of parent's
 * function (no bounds, except for an OpenMP microtask of a parent with
 * bounds: md_bounds_init_callee).  parent must outlive f and stay at its
 * address.  0, or -1 as for md_fctx_init_kernel. */
int md_fctx_init_callee(md_fctx *f, LLVMValueRef callee, md_fctx *parent,
                        LLVMValueRef call);

void md_fctx_release(md_fctx *f);

/* Append a decided site.  0, or -1 when out of memory (not added). */
int md_fctx_add_site(md_fctx *f, const md_site *s);
int md_fctx_add_vsite(md_fctx *f, const md_vsite *vs);

/* Bit d set: divisor d is used by a site of f. */
uint64_t md_fctx_divisors_used(const md_fctx *f);

/* Rewrite f's sites in `clone`, a clone of f->fn (map: original ->
 * clone), vector sites split per lane, the clone's remarks held in `held`
 * until it is kept (md_rewrite_sites).  0, or -1 when a site has no copy
 * or out of memory (nothing was changed). */
int md_fctx_rewrite(const md_fctx *f, LLVMValueRef clone, const md_vmap *map,
                    md_magic_vals *mv, md_remark_queue *held);

#endif
