/*
 * md_kstate.h -- the device transform's per-kernel state, shared by its
 * three files (private to plugin/):
 *   md_device.c         decide -> build -> commit for one kernel
 *   md_device_vector.c  vector divisions, decided and split per lane
 *   md_device_callee.c  divisions in called functions: the call-site tree
 *                       (md_callee.h), callee clones and their remarks
 */
#ifndef MAGICDIV_MD_KSTATE_H
#define MAGICDIV_MD_KSTATE_H

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stddef.h>
#include <stdint.h>

#include "magicdiv/md_abi.h"
#include "md_bounds.h"
#include "md_buf.h"
#include "md_callee.h"
#include "md_clone.h"
#include "md_dom.h"
#include "md_invariant.h"
#include "md_kernels.h"
#include "md_map.h"
#include "md_options.h"
#include "md_range.h"
#include "md_rewrite.h"
#include "md_vector.h"

/* Globals to add to @llvm.used once, at the end of the module. */
typedef struct md_keep {
  LLVMValueRef *v;
  unsigned n, cap;
} md_keep;


/* One distinct divisor of a kernel. */
typedef struct md_divisor {
  md_buf prog;          /* postfix program, without the final END */
  int kind;             /* enum md_kind */
  int flags;            /* MD_DF_* */
  unsigned first_extra; /* index of its first magic parameter */
} md_divisor;

typedef struct md_kstate {
  LLVMModuleRef m;
  md_target t;
  const md_options *o;
  LLVMTargetDataRef td;
  LLVMValueRef kernel;
  const char *kname;
  size_t klen;
  md_keep *keep;
  md_dom dom;     /* of the original kernel */
  md_inv inv;     /* launch-invariance, memoized for the kernel */
  md_range range; /* dividend facts, memoized for the kernel */
  md_bounds bounds; /* launch-checked dividend ranges (md_bounds.h) */
  md_breq req;    /* the kernel's launch conditions, merged (md_bounds.h):
                     one requirement program each */
  md_map facts;   /* original site -> malloc'd remark text of its fact */
  md_divisor divs[MD_MAX_DIVISORS];
  unsigned ndivs;
  unsigned n_extra;
  md_site *sites; /* inst = the site in the ORIGINAL kernel until cloned */
  unsigned nsites, capsites;
  md_vsite *vsites; /* vector divisions, split per lane in the clone */
  unsigned nvsites, capvsites;
  md_cplan *plan;   /* called functions (md_callee.h), or NULL */
  unsigned ncallee; /* sites in called functions */
  int in_callee;  /* the state is swapped to a callee's (md_node_swap) */
} md_kstate;

/* md_magic_params' `used`: every divisor (the kernel's own clone). */
#define MD_ALL_DIVISORS (~0ull)

/* ---- md_device.c ---- */
void md_keep_add(md_keep *k, LLVMValueRef g);
/* Decide, build and commit the clone of one kernel under the names K+csuffix
 * and K+dsuffix.  1 if the module changed. */
int md_transform_kernel(LLVMModuleRef m, md_target t, const md_options *o,
                        LLVMTargetDataRef td, LLVMValueRef kernel,
                        md_keep *keep, md_map *reported, const char *csuffix,
                        const char *dsuffix);

/* ---- md_tiers.c ---- */
/* After kernel got K__magicdiv: if that clone bets on more than the launch
 * geometry, also build K__magicdiv_plain without the bets (dropped again
 * when it equals the first).  1 if the module changed. */
int md_tiers_add(LLVMModuleRef m, md_target t, const md_options *o,
                 LLVMTargetDataRef td, LLVMValueRef kernel, md_keep *keep);
const char *md_op_name(LLVMOpcode op);
int md_is_div(LLVMValueRef i);
int md_find_divisor(md_kstate *k, md_buf *prog, int kind, int flags);
void md_consider_site(md_kstate *k, LLVMValueRef inst);
void md_extra_types(md_kstate *k, LLVMTypeRef *types);
void md_magic_params(md_kstate *k, LLVMValueRef clone, uint64_t used, md_magic_vals *mv);
unsigned md_used_offset(const md_kstate *k, uint64_t used, unsigned d);
void md_site_remark(md_kstate *k, const md_site *s);

/* ---- md_device_vector.c ---- */
void md_consider_vector_site(md_kstate *k, LLVMValueRef inst);
unsigned md_split_vector_sites(md_kstate *k, const md_vmap *map, md_site *sites, unsigned n);
void md_vector_remarks(md_kstate *k);
unsigned md_vector_lane_count(const md_kstate *k);

/* ---- md_device_callee.c ---- */
unsigned md_consider_callees(md_kstate *k);
int md_rewrite_clone(md_kstate *k, LLVMValueRef clone, const md_vmap *map, md_magic_vals *mv);
void md_drop_clones(md_kstate *k, LLVMValueRef clone);
int md_build_callee_clones(md_kstate *k, LLVMValueRef kclone, const md_vmap *kmap);
void md_callee_remarks(md_kstate *k);

#endif
