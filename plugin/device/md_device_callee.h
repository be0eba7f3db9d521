/*
 * md_device_callee.h -- the device transform's steps for the functions a
 * kernel calls (md_device_callee.c): decide about each node's divisions in
 * its own context, build the callee clones next to the kernel's clone,
 * drop them, and their remarks.  The call-site tree itself is md_callee.h.
 */
#ifndef MAGICDIV_MD_DEVICE_CALLEE_H
#define MAGICDIV_MD_DEVICE_CALLEE_H

#include <llvm-c/Core.h>

#include "device/md_callee.h"
#include "device/md_clone.h"
#include "device/md_kdec.h"
#include "support/md_remark.h"

/* Decide: the divisions of every node's function, each in its node's
 * context, with the kernel's shared decisions d; returns the number of
 * sites in called functions. */
unsigned md_callee_decide(md_kdec *d, md_cplan *p, LLVMValueRef kernel);

/* Build: a clone of every needed node's function with the magic
 * parameters appended, its sites rewritten, called by the copy of its call
 * in the parent's clone (kclone, kmap: the kernel's) with the parent
 * clone's magic parameters, their remarks held in `held` until they are
 * kept.  0, or -1 with a remark at kernel (the caller drops all clones,
 * md_callee_drop). */
int md_callee_build(const md_kdec *d, md_cplan *p, LLVMValueRef kernel,
                    LLVMValueRef kclone, const md_vmap *kmap,
                    md_remark_queue *held);

/* Delete the kernel's clone and the called functions' clones (parents
 * before the children they call), their held remarks dropped; p may be
 * NULL. */
void md_callee_drop(md_cplan *p, LLVMValueRef kclone, md_remark_queue *held);

/* Commit: the remarks held for the called functions' clones until they
 * are kept (`Pow2Copy` / `Pow2NoCopy` / `Pow2NoTier`, md_pow2.h;
 * `KeptRolled`, md_loopmd.h), flushed in the order the clones were built;
 * p may be NULL. */
void md_callee_kept_remarks(const md_cplan *p, md_remark_queue *held);

/* Commit: the remarks of the called functions' sites and clones; p may be
 * NULL. */
void md_callee_remarks(const md_kdec *d, const md_cplan *p,
                       LLVMValueRef kernel);

#endif
