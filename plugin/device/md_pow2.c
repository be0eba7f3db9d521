/*
 * md_pow2.c -- powers of two at the shift (md_pow2.h).
 *
 * For d = 2^s the runtime passes m = a = 2^64 - 1, and then
 * hi_64(n*m + a) = n for every n (docs/MATH.md 10.2a), so the quotient is
 * n >> s; only a branch skips the products (predication would issue
 * them), and a branch per site ends ptxas' blocks and costs the other
 * divisors 11 % (option pow2-loops).  Two forms of one branch:
 *
 * CUDA and HIP kernels: the pow2 tier.  md_pow2_plan marks a kernel clone whose
 * u64 sites (straight-line and in loops) would save at least
 * MD_POW2_MIN_SHARE percent of its loop-weighted work (the weights of the
 * benefit model, md_benefit.h) for powers of two; md_device.c then builds
 * K__magicdiv_pow2, the clone again with every u64 site the shift
 * (md_pow2_tier_shifts), which the runtime launches when every u64
 * divisor is a power of two: the branch is the runtime's, per launch, and
 * no thread tests anything.
 *
 * OpenMP clones (one region per target construct: no tier): the body
 * twice behind one branch at the entry,
 *
 *   md.pow2.entry:  the entry's static allocas (shared by both copies)
 *                   p = AND over the chosen divisors of (m & a) == 2^64 - 1
 *                   br p, %copy.entry, %entry
 *   %entry ...      the body as it was: every site its general sequence
 *   %copy.entry ... the same body (md_clone_function's copy, moved in):
 *                   the chosen divisors' u64 sites as the shift, the rest
 *                   as in the body
 *
 * p is launch-uniform (kernel parameters): no lane diverges, and each
 * copy is straight code for ptxas.  Exact whatever the runtime passes:
 * where p holds, m = a = 2^64 - 1 for every chosen divisor, hence
 * hi_64(n*m + a) >> s = n >> s at each of their sites; every other
 * instruction is the same in both copies.  Chosen: the u64 divisors (a
 * 64-bit unsigned quotient or remainder computed in 64 bits) with a site
 * in a loop, where those sites would save at least MD_POW2_MIN_SHARE
 * percent of the function's work; with `all`, every u64 divisor (tests). */
#include "device/md_pow2.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "analysis/md_dom.h"
#include "analysis/md_loops.h"
#include "device/md_benefit.h"
#include "device/md_clone.h"
#include "magicdiv/md_abi.h"
#include "support/md_names.h"
#include "support/md_remark.h"

static double md_pow2_weight(unsigned depth) {
  double w = 1.0;
  unsigned i;
  for (i = 0; i < depth && i < MD_BENEFIT_MAX_DEPTH; i++)
    w *= MD_BENEFIT_LOOP_TRIPS;
  return w;
}

static int md_pow2_site_ok(const md_site *s, const md_magic_vals *mv) {
  return mv[s->divisor].kind == MD_KIND_U64 && s->mode == MD_MODE_NATIVE &&
         s->divisor >= 0 && s->divisor < 64;
}

/* The chosen divisors (bit i: divisor i), 0 for none: those with a u64
 * site in a loop, or with `lines` or `all` anywhere; *share: the
 * percentage of fn's weighted work their sites would save for powers of
 * two (not computed with `all`). */
static uint64_t md_pow2_choose(LLVMValueRef fn, const md_site *sites,
                               unsigned n, const md_magic_vals *mv, int all,
                               int lines, double *share) {
  md_dom dom;
  md_loops loops;
  LLVMBasicBlockRef bb;
  uint64_t set = 0;
  double work = 0.0, gain = 0.0;
  unsigned i;
  if (md_dom_build(&dom, fn))
    return 0;
  if (md_loops_build(&loops, &dom)) {
    md_dom_release(&dom);
    return 0;
  }
  for (i = 0; i < n; i++) {
    unsigned depth;
    if (!md_pow2_site_ok(&sites[i], mv))
      continue;
    depth = md_loops_depth(&loops, &dom, LLVMGetInstructionParent(sites[i].inst));
    if (depth || all || lines) {
      set |= 1ull << sites[i].divisor;
      gain += md_pow2_weight(depth) * MD_POW2_SITE_GAIN;
    }
  }
  for (bb = LLVMGetFirstBasicBlock(fn); bb && set && !all;
       bb = LLVMGetNextBasicBlock(bb)) {
    double w = md_pow2_weight(md_loops_depth(&loops, &dom, bb));
    LLVMValueRef in;
    for (in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      work += w;
  }
  md_loops_release(&loops);
  md_dom_release(&dom);
  *share = work + gain > 0 ? 100.0 * gain / (work + gain) : 0.0;
  return set;
}

/* 1 if a block of fn is used by something other than an instruction (a
 * blockaddress): its copy would still name fn's block. */
static int md_pow2_has_blockaddress(LLVMValueRef fn) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMUseRef u;
    for (u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u;
         u = LLVMGetNextUse(u))
      if (!LLVMIsAInstruction(LLVMGetUser(u)))
        return 1;
  }
  return 0;
}

/* The copy's instructions get the locations and loop metadata of the ones
 * they copy (the copy was made as another function, with its own
 * subprogram, which it leaves behind). */
static void md_pow2_debug(LLVMValueRef fn, const md_vmap *map) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  unsigned kloop = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef in;
    for (in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      LLVMValueRef c = md_vmap_lookup(map, in);
      if (!c || c == in)
        continue;
      LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(in));
      if (LLVMGetMetadata(c, kloop) || LLVMGetMetadata(in, kloop))
        LLVMSetMetadata(c, kloop, LLVMGetMetadata(in, kloop));
    }
  }
}

/* Copy fn's body into fn itself (after its blocks).  Returns the copy's
 * entry block and *map (orig -> copy), or NULL with nothing changed. */
static LLVMBasicBlockRef md_pow2_copy(LLVMValueRef fn, md_vmap **map) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  char *tmp = malloc(len + 16);
  LLVMValueRef t;
  LLVMBasicBlockRef bb, next, last, entry;
  unsigned i, np = LLVMCountParams(fn);
  *map = NULL;
  if (!tmp)
    return NULL;
  snprintf(tmp, len + 16, "%.*s.md.pow2", (int)len, name);
  t = md_clone_function(fn, tmp, NULL, 0, map, NULL);
  free(tmp);
  if (!t)
    return NULL;
  md_pow2_debug(fn, *map);
  for (i = 0; i < np; i++)
    LLVMReplaceAllUsesWith(LLVMGetParam(t, i), LLVMGetParam(fn, i));
  entry = LLVMGetEntryBasicBlock(t);
  last = LLVMGetLastBasicBlock(fn);
  for (bb = entry; bb; bb = next) {
    next = LLVMGetNextBasicBlock(bb);
    LLVMMoveBasicBlockAfter(bb, last);
    last = bb;
  }
  LLVMDeleteFunction(t);
  return entry;
}

/* The new entry: the static allocas of the old one (their copies
 * replaced by them), p, and the branch. */
static void md_pow2_entry(LLVMValueRef fn, LLVMBasicBlockRef old,
                          LLVMBasicBlockRef copy, const md_vmap *map,
                          uint64_t set, const md_magic_vals *mv) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMBasicBlockRef top =
      LLVMInsertBasicBlockInContext(ctx, old, "md.pow2.entry");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMValueRef in, next, p = NULL;
  unsigned i;
  LLVMPositionBuilderAtEnd(b, top);
  for (in = LLVMGetFirstInstruction(old); in; in = next) {
    next = LLVMGetNextInstruction(in);
    if (LLVMIsAAllocaInst(in) && LLVMIsAConstant(LLVMGetOperand(in, 0))) {
      LLVMValueRef c = md_vmap_lookup(map, in);
      size_t len = 0;
      const char *nm = LLVMGetValueName2(in, &len);
      char *keep = malloc(len + 1);
      if (keep) {
        memcpy(keep, nm, len);
        keep[len] = 0;
      }
      LLVMInstructionRemoveFromParent(in);
      LLVMInsertIntoBuilderWithName(b, in, keep ? keep : "");
      free(keep);
      if (c && c != in) {
        LLVMReplaceAllUsesWith(c, in);
        LLVMInstructionEraseFromParent(c);
      }
    }
  }
  for (i = 0; i < 64; i++) {
    LLVMValueRef e;
    if (!(set >> i & 1))
      continue;
    e = LLVMBuildICmp(b, LLVMIntEQ, LLVMBuildAnd(b, mv[i].m, mv[i].a, "md.ma"),
                      LLVMConstAllOnes(LLVMTypeOf(mv[i].m)), "md.pow2");
    p = p ? LLVMBuildAnd(b, p, e, "md.pow2.all") : e;
  }
  LLVMBuildCondBr(b, p, copy, old);
  LLVMDisposeBuilder(b);
}

int md_pow2_version(LLVMValueRef fn, const md_site *sites, unsigned n,
                    const md_magic_vals *mv, int all, md_site **out,
                    unsigned char **shift, md_remark_queue *held) {
  LLVMBasicBlockRef old = LLVMGetEntryBasicBlock(fn), copy;
  md_vmap *map = NULL;
  uint64_t set;
  double share = 0.0;
  unsigned i, nd = 0;
  *out = NULL;
  *shift = NULL;
  if (!n || md_pow2_has_blockaddress(fn) ||
      !(set = md_pow2_choose(fn, sites, n, mv, all, 0, &share)))
    return 0;
  if (!all && share < MD_POW2_MIN_SHARE) {
    md_remark_hold(held, MD_REMARK_ANALYSIS, fn, MD_RN(Pow2NoCopy),
                 "magicdiv: clone '%s': no copy for powers of two: its u64 "
                 "divisions in loops would save %.1f %% of its work, below "
                 "%.0f %% (option pow2-kernel)",
                 LLVMGetValueName2(fn, &(size_t){0}), share,
                 MD_POW2_MIN_SHARE);
    return 0;
  }
  *out = malloc(2 * n * sizeof **out);
  *shift = calloc(2 * n, 1);
  if (!*out || !*shift || !(copy = md_pow2_copy(fn, &map))) {
    free(*out);
    free(*shift);
    *out = NULL;
    *shift = NULL;
    return 0;
  }
  for (i = 0; i < n; i++) {
    (*out)[i] = sites[i];
    (*out)[n + i] = sites[i];
    (*out)[n + i].inst = md_vmap_lookup(map, sites[i].inst);
    (*shift)[n + i] = md_pow2_site_ok(&sites[i], mv) &&
                      (set >> sites[i].divisor & 1);
  }
  md_pow2_entry(fn, old, copy, map, set, mv);
  md_vmap_free(map);
  for (i = 0; i < 64; i++)
    nd += (unsigned)(set >> i & 1);
  md_remark_hold(held, MD_REMARK_ANALYSIS, fn, MD_RN(Pow2Copy),
             "magicdiv: clone '%s': body copied for powers of two: %u u64 "
             "divisor(s)%s, %.1f %% of its work; one branch at its entry "
             "picks the copy that divides by a shift (option pow2-kernel)",
             LLVMGetValueName2(fn, &(size_t){0}), nd,
             all ? "" : " in loops", share);
  return 1;
}

/* The string attribute that marks a kernel clone for the pow2 tier (its
 * value: the share, as text) until md_device.c builds it
 * (md_pow2_tier_take). */
#define MD_POW2_TIER "magicdiv-pow2-tier"

void md_pow2_plan(LLVMValueRef fn, const md_site *sites, unsigned n,
                  const md_magic_vals *mv, int all, md_remark_queue *held) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  double share = 0.0;
  char text[32];
  int tl;
  if (!n || !md_name_ends_with(name, len, MD_CLONE_SUFFIX) ||
      !md_pow2_choose(fn, sites, n, mv, all, 1, &share))
    return;
  if (!all && share < MD_POW2_MIN_SHARE) {
    md_remark_hold(held, MD_REMARK_ANALYSIS, fn, MD_RN(Pow2NoTier),
                 "magicdiv: clone '%.*s': no pow2 tier: its u64 divisions "
                 "would save %.1f %% of its work for powers of two, below "
                 "%.0f %% (option pow2-kernel)",
                 (int)len, name, share, MD_POW2_MIN_SHARE);
    return;
  }
  tl = snprintf(text, sizeof text, "%.1f", all ? -1.0 : share);
  LLVMAddAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(LLVMGetTypeContext(LLVMTypeOf(fn)),
                                MD_POW2_TIER, sizeof MD_POW2_TIER - 1, text,
                                (unsigned)tl));
}

int md_pow2_tier_take(LLVMValueRef fn, double *share) {
  unsigned klen = sizeof MD_POW2_TIER - 1, len = 0;
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(
      fn, LLVMAttributeFunctionIndex, MD_POW2_TIER, klen);
  const char *v = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
  char text[32];
  if (!v)
    return 0;
  snprintf(text, sizeof text, "%.*s", (int)len, v);
  *share = atof(text);
  LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                   MD_POW2_TIER, klen);
  return 1;
}

unsigned char *md_pow2_tier_shifts(const md_site *sites, unsigned n,
                                   const md_magic_vals *mv) {
  unsigned char *shift = n ? calloc(n, 1) : NULL;
  unsigned i;
  for (i = 0; shift && i < n; i++)
    shift[i] = (unsigned char)md_pow2_site_ok(&sites[i], mv);
  return shift;
}
