/*
 * md_callee.h -- divisions in the device functions a kernel calls
 * (interprocedural clones, md_callee.c).
 *
 * The plan of one kernel is a tree of call sites: each node is one direct
 * call (in the kernel, or in the function of its parent node) of a device
 * function whose body -- or whose callees' bodies, up to MD_CALLEE_DEPTH
 * calls from the kernel -- contains a division by a non-constant.  Each
 * node has its own analysis context (md_fctx.h): a launch-invariance
 * context in which the callee's arguments are the call's operands,
 * analysed in the parent's context, and its own dominators and range
 * facts; md_site.c decides about the callee's divisions in that context
 * exactly as about the kernel's own (md_device_callee.c).  When the kernel is cloned, every node with a transformed
 * division (or below which one is) gets a clone of its callee with the
 * kernel's magic parameters appended, internal linkage, and the copy of
 * its call in the parent's clone calls it, passing the parent clone's
 * magic parameters through.  The original functions and calls are not
 * changed.
 *
 * Divisions in called functions that get no node (indirect calls,
 * functions that may be replaced at link time, too deep, too many call
 * sites, ...) get a missed remark naming the function and the reason.
 */
#ifndef MAGICDIV_MD_CALLEE_H
#define MAGICDIV_MD_CALLEE_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdint.h>

#include "magicdiv/md_abi.h"

#include "device/md_clone.h"
#include "device/md_fctx.h"
#include "support/md_map.h"

#define MD_CALLEE_DEPTH 3 /* calls from the kernel to a cloned function */
#define MD_CALLEE_MAX 16  /* cloned call sites per kernel */

typedef struct md_cnode {
  LLVMValueRef fn;   /* the called function (original) */
  LLVMValueRef call; /* the call, in the parent's original function */
  int parent;        /* index of the parent node, -1: the kernel */
  unsigned depth;    /* 1: called by the kernel */
  md_fctx ctx;       /* fn's analysis context and decided sites */
  int needed;        /* a clone is made (sites here or below) */
  uint64_t used;     /* bit d: divisor d is used here or below (the clone's
                        magic parameters are those of these divisors) */
  int shared;        /* clone is an earlier node's (same function, same
                        decisions, no clones below): not deleted here */
  LLVMValueRef clone;
  md_vmap *map;      /* fn -> clone, while the kernel's clone is built */
} md_cnode;

typedef struct md_cplan {
  md_cnode node[MD_CALLEE_MAX]; /* parents before children */
  unsigned n;
  unsigned left_out; /* divisions in called functions without a node */
} md_cplan;

/* The plan of the kernel whose context is kctx (NULL: out of memory, no
 * callee is cloned; every division found in a called function then has a
 * remark).  Divisions in functions left out get their remarks here, once
 * per function and module (reported).  The nodes' contexts have kctx as
 * the root parent: it must outlive the plan and stay at its address. */
md_cplan *md_callee_plan(md_fctx *kctx, md_map *reported);
void md_callee_plan_free(md_cplan *p);

#if MD_MAX_DIVISORS > 64
#error "md_cnode.used holds one bit per divisor"
#endif

/* Mark every function that kernels[0..n) call directly (transitively),
 * and the kernels themselves, in reach (out of memory: fewer marked). */
void md_callee_reach(LLVMValueRef *kernels, unsigned n, md_map *reach);

/* Divisions in the module's functions that no kernel in kernels[0..n)
 * reaches through direct calls (device functions whose kernels are in
 * another file, as with -fgpu-rdc, or called only indirectly): a missed
 * remark "NotReached" at each, except in functions listed in done (a
 * run before reported them, md_done.h); the functions reported go to
 * reported.  For device modules. */
void md_callee_report_unreached(LLVMModuleRef m, LLVMValueRef *kernels,
                                unsigned n, const md_map *done,
                                md_map *reported);

/* Marks the nodes that need a clone and the divisors each uses (with
 * those below it); returns the sites over all nodes. */
unsigned md_callee_mark_needed(md_cplan *p);

/* An earlier node whose clone node i can call instead of its own (same
 * function and decisions, nothing cloned below either), or -1. */
int md_callee_same_as(const md_cplan *p, unsigned i);

/* A fresh function name "<fn>.magicdiv.<N>" not taken in the module
 * (malloc'd). */
char *md_callee_clone_name(LLVMValueRef fn);

/* Replace `call` (in a clone) by a call of `clone` with the same
 * arguments followed by extra[0..n_extra), keeping the calling convention,
 * call-site attributes, tail-call kind, metadata and debug location.  0, or
 * -1 when out of memory (`call` is left as it was). */
int md_callee_redirect(LLVMValueRef call, LLVMValueRef clone,
                       LLVMValueRef *extra, unsigned n_extra);

#endif
