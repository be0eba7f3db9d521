/*
 * md_kdec.h -- the decisions of one kernel that its own sites and those of
 * the functions it calls share (md_kdec.c): the divisor table (equal
 * (program, kind, flags) share one set of magic parameters), the merged
 * launch requirements, and the remark text of each launch-checked fact;
 * and the clones' magic parameters derived from the table.
 */
#ifndef MAGICDIV_MD_KDEC_H
#define MAGICDIV_MD_KDEC_H

#include <llvm-c/Core.h>
#include <stdint.h>

#include "magicdiv/md_abi.h"
#include "analysis/md_bounds.h"
#include "support/md_buf.h"
#include "support/md_map.h"
#include "support/md_options.h"
#include "device/md_rewrite.h"

/* One distinct divisor of a kernel. */
typedef struct md_divisor {
  md_buf prog;          /* postfix program, without the final END */
  int kind;             /* enum md_kind */
  int flags;            /* MD_DF_* */
  unsigned first_extra; /* index of its first magic parameter */
} md_divisor;

typedef struct md_kdec {
  const md_options *o;
  md_divisor divs[MD_MAX_DIVISORS];
  unsigned ndivs;
  unsigned n_extra;  /* magic parameters of the kernel's clone */
  md_bounds_req req; /* the kernel's launch conditions, merged (md_bounds.h):
                  one requirement program each */
  md_map facts;      /* original site -> malloc'd remark text of its fact */
} md_kdec;

/* md_kdec_magic_params' `used`: every divisor (the kernel's own clone). */
#define MD_ALL_DIVISORS (~0ull)

void md_kdec_init(md_kdec *d, const md_options *o);
void md_kdec_release(md_kdec *d);

/* Index of the divisor entry (prog, kind, flags), adding it if new (prog's
 * bytes are then moved into the table); -1 when the table is full. */
int md_kdec_divisor(md_kdec *d, md_buf *prog, int kind, int flags);

/* The kernel's conditions with those of r added, in *merged: 0, or -1
 * when they would exceed MD_MAX_REQS (the fact is then not used). */
int md_kdec_req_prepare(md_kdec *d, md_bounds *b, const md_bounds_req *r,
                        md_bounds_req *merged);

/* Commit prepared conditions and the remark text of site inst.  0, or -1
 * when out of memory (nothing committed). */
int md_kdec_req_commit(md_kdec *d, LLVMValueRef inst,
                       const md_bounds_req *merged, const char *fact);

/* The remark text of site inst's launch-checked fact, or NULL. */
const char *md_kdec_fact(const md_kdec *d, LLVMValueRef inst);

/* The magic parameter types of the kernel's clone, in order. */
void md_kdec_extra_types(const md_kdec *d, LLVMContextRef ctx,
                         LLVMTypeRef *types);

/* A called function's clone has the magic parameters of the divisors in
 * `used` only (bit d: divisor d), in divisor order; the kernel's clone has
 * all of them (used = MD_ALL_DIVISORS).  Index, among the magic parameters
 * of a clone with `used`, of divisor d's first one; with d = ndivs, their
 * number. */
unsigned md_kdec_used_offset(const md_kdec *d, uint64_t used, unsigned div);

/* Name the clone's magic parameters md.dI.{m,a,s,dsgn} and collect them
 * per divisor in mv[0..ndivs). */
void md_kdec_magic_params(const md_kdec *d, LLVMValueRef clone, uint64_t used,
                          md_magic_vals *mv);

#endif
