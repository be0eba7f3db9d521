/*
 * md_inkernel.c -- in-kernel magic (md_inkernel.h): decide, per divisor,
 * whether the kernel computes its magic; then rewrite its sites in place.
 *
 *   split    vector divisions by a splat of such a divisor into their
 *            lanes (option inkernel-vector), each lane a scalar site;
 *   collect  the kernel's scalar udiv/sdiv/urem/srem of 8, 16, 32 (and
 *            with inkernel-64, 64) bits whose divisor md_hoist accepts (reading constant memory, or
 *            any with inkernel-args), grouped by (divisor, signedness,
 *            width); loads of the same address count as one divisor;
 *   decide   a group pays when its sites' saving, each weighted by
 *            MD_BENEFIT_LOOP_TRIPS^(loop depth), reaches the generator's
 *            cost; else its sites stay native, with a remark (a signed
 *            32-bit site whose dividend md_range cannot show >= 0 but can
 *            given a few values of index math tested at run time counts
 *            the unsigned form's saving: the block's sign guard);
 *   rewrite  the divisor is copied (md_hoist_copy) and frozen at the
 *            nearest point dominating every site outside any loop, the
 *            generator emitted there (md_inkernel_gen), each block's range
 *            of sites split around a uniform branch on d != 0 (and the
 *            sign guard) (md_inkernel_split), and the
 *            fast copies rewritten by md_rewrite_sites -- the sequences of
 *            the clones, with the magic values of the generator.
 */
#include "device/md_inkernel.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "device/md_benefit.h"
#include "analysis/md_dom.h"
#include "analysis/md_geometry.h"
#include "analysis/md_hoist.h"
#include "device/md_inkernel_gen.h"
#include "device/md_inkernel_freeze.h"
#include "device/md_inkernel_guard.h"
#include "device/md_inkernel_narrow.h"
#include "device/md_inkernel_price.h"
#include "device/md_inkernel_vector.h"
#include "support/md_ir.h"
#include "analysis/md_loops.h"
#include "analysis/md_omp.h"
#include "analysis/md_range.h"
#include "support/md_remark.h"
#include "device/md_rewrite.h"
#include "device/md_vector.h"

#define MD_IK_MAX_GROUPS 64

typedef struct md_ik_group {
  LLVMValueRef den; /* the first site's divisor */
  LLVMValueRef key; /* den, or a load's address */
  int is_signed;
  unsigned w;
  md_site_mode narrow; /* 64-bit sites of 32-bit dividends: MD_MODE_SEXT /
                          MD_MODE_NARROW (md_inkernel_narrow.h), else
                          MD_MODE_NATIVE */
  int reads;        /* the divisor reads memory */
  LLVMValueRef *sites;
  unsigned char *fit; /* per site, narrow: 1 its dividend (a quotient)
                         fits only when its block's sign guard tests the
                         quotient's dividend >= 0 (md_ik_need), 2 the
                         guard could not take it: the fast copy stays
                         native */
  unsigned char *nonneg; /* per site, signed: dividend proven >= 0 (1), or
                            >= 0 when its block's sign guard passes (2) */
  unsigned n;
  size_t cap;
  double saving;    /* what its sites save, weighted by loop depth */
  double saving_nn; /* the same were every dividend >= 0 (s32) */
} md_ik_group;

typedef struct md_ik {
  LLVMValueRef fn;
  int kernel;       /* fn is a kernel (else a device function: once per call) */
  const md_options *o;
  const md_ik_prices *price; /* the benefit model's, for the target */
  int fast32;       /* s64 sites take MD_S64_FAST32_PTX (md_site.c's test) */
  md_hoist hoist;
  md_dom dom;
  md_loops loops;
  md_range range;
  md_range grange;  /* the same with the sign guard's assumptions */
  md_map anchor_of; /* block -> its first site (any group) */
  md_ik_group g[MD_IK_MAX_GROUPS];
  unsigned ng;
  md_map group_of;  /* site of a group that pays -> group index + 1 */
  md_magic_vals mv[MD_IK_MAX_GROUPS]; /* each group's magic (at its point) */
  LLVMValueRef ok[MD_IK_MAX_GROUPS];  /* its d != 0, or NULL: not built */
  LLVMValueRef d[MD_IK_MAX_GROUPS];   /* its divisor, frozen, site width */
} md_ik;

/* The divisor's identity: freezes stripped (DivRemPairs freezes the
 * divisor once per site), a load by its address. */
static LLVMValueRef md_ik_key(LLVMValueRef den) {
  while (LLVMIsAFreezeInst(den))
    den = LLVMGetOperand(den, 0);
  return LLVMIsALoadInst(den) ? LLVMGetOperand(den, 0) : den;
}

static double md_ik_weight(md_ik *k, LLVMValueRef inst) {
  unsigned d = md_loops_depth(&k->loops, &k->dom, LLVMGetInstructionParent(inst));
  double w = 1;
  if (d > MD_BENEFIT_MAX_DEPTH)
    d = MD_BENEFIT_MAX_DEPTH;
  while (d--)
    w *= MD_BENEFIT_LOOP_TRIPS;
  return w;
}


/* What one computation of the magic serves: a kernel's thread, or one
 * call of a device function. */
static const char *md_ik_per(const md_ik *k) {
  return k->kernel ? "thread" : "call";
}

/* The value whose sign the unsigned form of signed site inst needs >= 0:
 * its dividend itself (what the site divides, frozen or not: a fact about
 * a freeze's operand would say nothing about it, docs/MATH.md 11.2). */
static LLVMValueRef md_ik_sign(LLVMValueRef inst) {
  return LLVMGetOperand(inst, 0);
}

/* A narrow site whose dividend is a quotient q = n sdiv d1 (fit): the
 * value n that must be >= 0 for q to fit 32 bits (md_narrow.need). */
static LLVMValueRef md_ik_need(LLVMValueRef inst) {
  return LLVMGetOperand(LLVMGetOperand(inst, 0), 0);
}

/* The nonneg fact of signed site inst whose dividend's sign is n's: 1
 * proven, 2 under its block's sign guard (option inkernel-guard; 32-bit
 * sites and the narrow form's), else 0. */
static unsigned char md_ik_nonneg(md_ik *k, LLVMValueRef inst, LLVMValueRef n,
                                  int guard) {
  LLVMValueRef bv = LLVMBasicBlockAsValue(LLVMGetInstructionParent(inst));
  md_guard gd;
  if (!n)
    return 0;
  if (md_range_nonneg(&k->range, n, inst))
    return 1;
  if (!guard || !k->o->inkernel_guard)
    return 0;
  memset(&gd, 0, sizeof gd);
  gd.dom = &k->dom;
  gd.anchor = md_map_get(&k->anchor_of, bv);
  return gd.anchor && md_guard_query(&k->grange, &gd, n, inst) ? 2 : 0;
}

/* The narrow form of site inst (md_inkernel_narrow.h; 64-bit sites with
 * option inkernel-narrow) in *nw; *fit 1 where the dividend fits 32 bits
 * only when its block's sign guard tests nw->need (a quotient's dividend
 * >= 0), else 0.  A need that can be neither proven nor guarded leaves
 * the site 64-bit. */
static void md_ik_narrow(md_ik *k, LLVMValueRef inst, md_narrow *nw,
                         unsigned char *fit) {
  unsigned char f;
  memset(nw, 0, sizeof *nw);
  *fit = 0;
  if (md_value_width(inst) == 64 && k->o->inkernel_narrow)
    md_narrow_of(&k->range, inst, nw);
  if (nw->need) {
    f = md_ik_nonneg(k, inst, nw->need, 1);
    if (!f)
      memset(nw, 0, sizeof *nw);
    *fit = f == 2;
  }
}

/* Room for one more site in g.  0, or -1 (out of memory). */
static int md_ik_grow(md_ik_group *g) {
  size_t cap = g->cap ? 2 * g->cap : 8;
  LLVMValueRef *room;
  unsigned char *nn;
  if (g->n < g->cap)
    return 0;
  if (!(room = realloc(g->sites, cap * sizeof *room)))
    return -1;
  g->sites = room;
  if (!(nn = realloc(g->nonneg, cap)))
    return -1;
  g->nonneg = nn;
  if (!(nn = realloc(g->fit, cap)))
    return -1;
  g->fit = nn;
  g->cap = cap;
  return 0;
}

/* Add site inst to its group.  0, or -1 (too many groups, out of memory). */
static int md_ik_add(md_ik *k, LLVMValueRef inst, int reads) {
  LLVMValueRef den = LLVMGetOperand(inst, 1), key = md_ik_key(den);
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  int s = op == LLVMSDiv || op == LLVMSRem;
  unsigned w = md_value_width(inst), i;
  md_ik_group *g = NULL;
  LLVMValueRef bv = LLVMBasicBlockAsValue(LLVMGetInstructionParent(inst));
  md_narrow nw;
  unsigned char fit;
  if (!md_map_get(&k->anchor_of, bv)) /* the block's first site */
    md_map_put(&k->anchor_of, bv, inst); /* out of memory: no guard */
  md_ik_narrow(k, inst, &nw, &fit);
  for (i = 0; i < k->ng && !g; i++)
    if (k->g[i].key == key && k->g[i].is_signed == s && k->g[i].w == w &&
        k->g[i].narrow == nw.mode && LLVMTypeOf(k->g[i].den) == LLVMTypeOf(den))
      g = &k->g[i];
  if (!g) {
    if (k->ng == MD_IK_MAX_GROUPS)
      return -1;
    g = &k->g[k->ng++];
    memset(g, 0, sizeof *g);
    g->den = den;
    g->key = key;
    g->is_signed = s;
    g->w = w;
    g->narrow = nw.mode;
    g->reads = reads;
  }
  if (md_ik_grow(g))
    return -1;
  g->fit[g->n] = fit;
  g->nonneg[g->n] = !s                  ? 0
                    : nw.nonneg         ? 1
                    : md_ik_nonneg(k, inst, md_ik_sign(inst),
                                   w == 32 || nw.mode == MD_MODE_SEXT);
  g->saving += md_ik_weight(k, inst) *
               md_inkernel_price_site(k->price, inst, nw.mode,
                                      g->nonneg[g->n]);
  /* the same were the dividend >= 0 (read only for signed 32-bit and
   * narrow groups: md_ik_native_remarks' hint) */
  g->saving_nn += md_ik_weight(k, inst) *
                  md_inkernel_price_site(k->price, inst, nw.mode,
                                         nw.mode == MD_MODE_SEXT ? 2 : 1);
  g->sites[g->n++] = inst;
  return 0;
}

/* Consider one division: eligible sites go to their group; with
 * inkernel-args (no clone path runs) the others get a remark. */
static void md_ik_consider(md_ik *k, LLVMValueRef inst) {
  LLVMValueRef den = LLVMGetOperand(inst, 1);
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  unsigned w = md_value_width(inst);
  int reads = 0, ok;
  if (!w || LLVMIsAConstant(den) || md_inkernel_marked(inst))
    return;
  ok = md_hoist_check(&k->hoist, den, &reads);
  if (!k->o->inkernel_args && (!ok || !reads))
    return; /* the clone path decides (and remarks) */
  if (ok && w != 8 && w != 16 && w != 32 && (w != 64 || !k->o->inkernel_64)) {
    md_remarkf(MD_REMARK_MISSED, inst, MD_RN(InKernelWidth),
               "magicdiv: %s i%u left native: in-kernel magic covers 8-, 16-, "
               "32- and (option inkernel-64) 64-bit divisions",
               md_op_name(op), w);
    return;
  }
  if (ok && (op == LLVMSDiv || op == LLVMSRem) && !k->o->signed_)
    return;
  if (!ok) {
    md_remarkf(MD_REMARK_MISSED, inst, MD_RN(NotLaunchInvariant),
               "magicdiv: %s i%u left alone: %s", md_op_name(op), w,
               k->hoist.why ? k->hoist.why : "divisor is not invariant");
    return;
  }
  if (md_ik_add(k, inst, reads))
    md_remarkf(MD_REMARK_MISSED, inst, MD_RN(TooManyDivisors),
               "magicdiv: %s i%u left alone: more than %d distinct divisors "
               "(or out of memory)", md_op_name(op), w, MD_IK_MAX_GROUPS);
}

/* Site inst's index in g, or g->n. */
static unsigned md_ik_site_index(const md_ik_group *g, LLVMValueRef inst) {
  unsigned j;
  for (j = 0; j < g->n && g->sites[j] != inst; j++)
    ;
  return j;
}

/* Group g's sites entered group_of (md_ik_decide). */
static int md_inkernel_group_pays(const md_ik *k, unsigned g) {
  return k->g[g].n && md_map_get(&k->group_of, k->g[g].sites[0]) != NULL;
}

static double md_ik_saving(const md_ik *k, const md_ik_group *g) {
  return (g->w == 64 ? k->price->first_64 : k->price->first) + g->saving;
}

static double md_ik_cost(const md_ik *k, const md_ik_group *g) {
  return g->narrow     ? k->price->gen_narrow
         : g->w == 64 ? k->price->gen_64
                      : k->price->gen;
}

/* The remarks of a group that does not pay. */
static void md_ik_native_remarks(const md_ik *k, const md_ik_group *g) {
  unsigned i;
  for (i = 0; i < g->n; i++)
    md_remarkf(MD_REMARK_MISSED, g->sites[i], MD_RN(InKernelNative),
               "magicdiv: %s i%u left native: %s per %s: native is cheaper "
               "(divisor used %u time(s) per %s, estimated saving %.0f < %.0f "
               "SASS to compute its magic in the %s%s)",
               md_op_name(LLVMGetInstructionOpcode(g->sites[i])), g->w,
               g->n == 1 ? "used once" : "too few uses", md_ik_per(k), g->n,
               md_ik_per(k), md_ik_saving(k, g), md_ik_cost(k, g),
               k->kernel ? "kernel" : "function",
               g->is_signed && (g->w == 32 || g->narrow) && !g->nonneg[i] &&
                       md_ik_saving(k, g) - g->saving + g->saving_nn >=
                           md_ik_cost(k, g)
                   ? "; it would pay with dividends >= 0, but its "
                     "dividend's sign is unknown and no sign guard was found"
                   : "");
}

/* Where the group's magic is computed: the nearest block dominating every
 * site, moved up out of any loop; before the first site of any group
 * transformed there (the block's versioned range starts at it), else
 * before its terminator. */
static LLVMValueRef md_ik_point(md_ik *k, const md_ik_group *g) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(g->sites[0]), s;
  LLVMValueRef i;
  unsigned j;
  for (j = 1; j < g->n; j++) {
    s = LLVMGetInstructionParent(g->sites[j]);
    while (bb && !md_dom_dominates(&k->dom, bb, s))
      bb = md_dom_idom(&k->dom, bb);
  }
  while (bb && md_loops_depth(&k->loops, &k->dom, bb) > 0)
    bb = md_dom_idom(&k->dom, bb);
  if (!bb)
    bb = LLVMGetEntryBasicBlock(k->fn);
  for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (md_map_get(&k->group_of, i))
      return i;
  return LLVMGetBasicBlockTerminator(bb);
}

/* The magic of g's divisor before `at`: the divisor copied, extended to
 * 32 bits (8/16-bit sites) and frozen (one value for every use: the original's poison
 * would make its divisions undefined anyway), then the generator.  *ok
 * NULL when out of memory. */
static void md_ik_magic(LLVMBuilderRef b, LLVMValueRef at, const md_ik_group *g,
                        md_hoist *h, md_magic_vals *mv, LLVMValueRef *ok,
                        LLVMValueRef *dsite, int fast32) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(LLVMTypeOf(g->den)));
  LLVMValueRef d;
  LLVMPositionBuilderBefore(b, at);
  d = md_hoist_copy(h, b, g->den);
  *ok = NULL;
  if (!d)
    return;
  d = *dsite = LLVMBuildFreeze(b, d, "md.ik.dfr");
  if (g->w < 32)
    d = g->is_signed ? LLVMBuildSExt(b, d, i32, "md.ik.dext")
                     : LLVMBuildZExt(b, d, i32, "md.ik.dext");
  md_inkernel_gen(b, d, g->is_signed, fast32, g->narrow != MD_MODE_NATIVE, mv,
                  ok);
}

static void md_ik_remark(const md_ik *k, const md_ik_group *g,
                         LLVMValueRef inst, int nn, int fit) {
  int w64 = g->w == 64, k32 = !w64 || g->narrow;
  md_remarkf(MD_REMARK_PASSED, inst, MD_RN(InKernel),
             "magicdiv: %s i%u by a divisor %s -> magic %s multiply-high%s, "
             "the magic computed in the %s (%u site(s) share it; divisor "
             "%s runs the original division)%s",
             md_op_name(LLVMGetInstructionOpcode(inst)), g->w,
             g->reads ? "read from constant memory" : "the host does not see",
             k32 ? (g->is_signed ? "s32" : "u32") : g->is_signed ? "s64" : "u64",
             fit ? " (dividend a quotient within signed 32 bits when its "
                   "block's sign guard passes)"
             : g->narrow == MD_MODE_SEXT   ? " (dividend within signed 32 bits)"
             : g->narrow == MD_MODE_NARROW ? " (dividend below 2^32)"
                                           : "",
             k->kernel ? "kernel" : "device function, once per call", g->n,
             w64 ? (g->is_signed ? "<= 0 or >= 2^31" : "0 or >= 2^32")
                 : g->is_signed ? "<= 0" : "0",
             nn == 2 ? "; its dividend >= 0 when its block's sign guard "
                       "passes: the unsigned form (else the original)"
                     : "");
}

/* The range of bb's transformed sites: first and last, and the AND of
 * their groups' d != 0.  0 when bb has none. */
static int md_ik_block_range(md_ik *k, LLVMBasicBlockRef bb,
                             LLVMValueRef *first, LLVMValueRef *last,
                             uint64_t *groups) {
  LLVMValueRef i;
  *first = *last = NULL;
  *groups = 0;
  for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    uintptr_t gi = (uintptr_t)md_map_get(&k->group_of, i);
    if (!gi || !k->ok[gi - 1])
      continue;
    if (!*first)
      *first = i;
    *last = i;
    *groups |= 1ull << (gi - 1);
  }
  return *first != NULL;
}

/* ok AND the sign guard's test of its values of width w (md_guard_test),
 * before first; the frozen divisors of the signed groups among `groups`
 * are tested already (d > 0) -- the divisors their paying sites divide
 * by (md_ik_divide_by_d). */
static LLVMValueRef md_ik_sign_test(md_ik *k, LLVMBuilderRef b,
                                    LLVMValueRef first, LLVMValueRef ok,
                                    uint64_t groups, const md_guard *gd,
                                    unsigned w) {
  LLVMValueRef tested[MD_IK_MAX_GROUPS], sign;
  unsigned j, n = 0;
  for (j = 0; j < k->ng; j++)
    if ((groups >> j & 1) && k->g[j].is_signed)
      tested[n++] = k->d[j];
  sign = md_guard_test(b, first, gd, w, tested, n);
  return sign ? LLVMBuildAnd(b, ok, sign, "md.ik.ok") : ok;
}

/* Site i of group gi (now on the slow path) and its fast copy c: *site
 * set up for md_rewrite_sites, with its remark.  0 when the copy stays
 * the original division (a dividend that fits 32 bits only under a sign
 * guard that could not take its need). */
static int md_ik_fast_site(md_ik *k, LLVMValueRef i, LLVMValueRef c,
                           unsigned gi, md_site *site) {
  md_ik_group *g = &k->g[gi];
  unsigned j = md_ik_site_index(g, i);
  if (j < g->n && g->fit[j] == 2) {
    md_remarkf(MD_REMARK_MISSED, i, MD_RN(InKernelNative),
               "magicdiv: %s i64 left native: its dividend, a quotient, fits "
               "32 bits only when its block's sign guard passes, and the "
               "guard is full", md_op_name(LLVMGetInstructionOpcode(i)));
    return 0;
  }
  site->inst = c;
  md_inkernel_use_divisor(c, k->d[gi]);
  site->divisor = (int)gi;
  /* the narrow form: the 32-bit core on truncated operands (exact: the
   * dividend fits by md_narrow_of, the divisor by the group's test) */
  site->mode = g->narrow ? g->narrow
               : g->w >= 32 ? MD_MODE_NATIVE
                            : MD_MODE_EXTEND;
  /* 64-bit: the fast path's divisor is below 2^32 (u64) or 2^31 (s64),
   * so the remainders run in 32 bits (md_emit_rem.c) */
  site->rem32 = g->w == 64 && !g->narrow;
  site->nonneg = j < g->n && g->nonneg[j];
  md_ik_remark(k, g, i, j < g->n ? g->nonneg[j] : 0, j < g->n && g->fit[j]);
  return 1;
}

/* One block with paying sites: its range (first..last), its guard, and
 * the condition of its fast path (ok; NULL: no range). */
typedef struct md_ik_block {
  LLVMBasicBlockRef bb;
  md_guard gd;
  LLVMValueRef first, last, ok;
} md_ik_block;

/* bl's condition, before its first site: its groups' d tests and its
 * sign guard.  Built for every block before any is versioned: a guard
 * value in a dominating block's range then has a use outside it when it
 * is split, which md_inkernel_split turns into its PHI. */
static void md_ik_condition(md_ik *k, LLVMBuilderRef b, md_ik_block *bl) {
  uint64_t groups;
  unsigned j;
  bl->ok = NULL;
  if (!md_ik_block_range(k, bl->bb, &bl->first, &bl->last, &groups))
    return;
  LLVMPositionBuilderBefore(b, bl->first);
  for (j = 0; j < k->ng; j++)
    if (groups >> j & 1)
      bl->ok = bl->ok ? LLVMBuildAnd(b, bl->ok, k->ok[j], "md.ik.ok") : k->ok[j];
  bl->ok = md_ik_sign_test(k, b, bl->first, bl->ok, groups, &bl->gd, 32);
  bl->ok = md_ik_sign_test(k, b, bl->first, bl->ok, groups, &bl->gd, 64);
}

/* Version one block's range on its condition and append its sites' fast
 * copies.  Returns the number appended. */
static unsigned md_ik_version(md_ik *k, LLVMBuilderRef b, const md_ik_block *bl,
                              md_site *sites) {
  LLVMValueRef first = bl->first, last = bl->last, i;
  md_map map = {0};
  unsigned n = 0;
  if (!bl->ok)
    return 0;
  if (md_inkernel_split(b, first, last, bl->ok, &map)) {    for (i = first; i; i = i == last ? NULL : LLVMGetNextInstruction(i))
      if (md_map_get(&k->group_of, i))
        md_remarkf(MD_REMARK_MISSED, i, MD_RN(InKernelBlock),
                   "magicdiv: %s left native: its block cannot be versioned "
                   "(a blockaddress, or an alloca or PHI among its "
                   "divisions, or out of memory)",
                   md_op_name(LLVMGetInstructionOpcode(i)));
    return 0;
  }
  /* the originals are now in the slow block, in order, up to last */
  for (i = first; i; i = i == last ? NULL : LLVMGetNextInstruction(i)) {
    uintptr_t gi = (uintptr_t)md_map_get(&k->group_of, i);
    if (!gi || !k->ok[gi - 1])
      continue;
    n += md_ik_fast_site(k, i, md_map_get(&map, i), (unsigned)gi - 1,
                         &sites[n]);
  }
  md_map_release(&map);
  return n;
}
/* Decide every group: a group that pays enters group_of, one that does
 * not gets its native remarks.  The number of sites that pay. */
static unsigned md_ik_decide(md_ik *k) {
  unsigned i, j, n = 0;
  for (i = 0; i < k->ng; i++) {
    md_ik_group *g = &k->g[i];
    if (!k->o->inkernel_force && md_ik_saving(k, g) < md_ik_cost(k, g)) {
      md_ik_native_remarks(k, g);
      continue;
    }
    for (j = 0; j < g->n; j++)
      if (md_map_put(&k->group_of, g->sites[j], (void *)(uintptr_t)(i + 1)))
        return 0; /* out of memory: nothing changes */
    n += g->n;
  }
  return n;
}

/* One paying site's query into its block's guard gd: pass 0 its need (a
 * narrow dividend that fits only under the guard: dropped, fit 2, when
 * the guard cannot take it), pass 1 its sign (the unsigned form: the
 * signed one when the guard cannot take it). */
static void md_ik_guard_site(md_ik *k, md_guard *gd, LLVMValueRef i, int pass) {
  uintptr_t gi = (uintptr_t)md_map_get(&k->group_of, i);
  md_ik_group *g;
  unsigned j;
  if (!gi)
    return;
  g = &k->g[gi - 1];
  if ((j = md_ik_site_index(g, i)) == g->n)
    return;
  if (pass == 0 && g->fit[j] == 1 &&
      (!gd->anchor || !md_guard_query(&k->grange, gd, md_ik_need(i), i)))
    g->fit[j] = 2;
  if (pass == 1 && g->nonneg[j] == 2 && g->fit[j] != 2 &&
      (!gd->anchor || !md_guard_query(&k->grange, gd, md_ik_sign(i), i)))
    g->nonneg[j] = 0;
}

/* Each block's sign guard, before any block is versioned (the queries
 * walk the kernel's dominators): the needs, then the dividends, of every
 * paying site that needs the guard queried again into its block's guard
 * (md_ik_guard_site), on the refined dividends and the groups' frozen
 * divisors (gd.known: a quotient's sign by such a divisor needs no test
 * of its own). */
static void md_ik_guards(md_ik *k, md_ik_block *bl, unsigned nb) {
  LLVMValueRef i;
  unsigned j;
  int pass;
  for (j = 0; j < nb; j++) {
    md_guard *gd = &bl[j].gd;
    memset(gd, 0, sizeof *gd);
    gd->dom = &k->dom;
    gd->known = k->d;
    gd->nknown = k->ng;
    gd->anchor = md_map_get(&k->anchor_of, LLVMBasicBlockAsValue(bl[j].bb));
    for (pass = 0; pass < 2; pass++)
      for (i = LLVMGetFirstInstruction(bl[j].bb); i; i = LLVMGetNextInstruction(i))
        md_ik_guard_site(k, gd, i, pass);
  }
}

/* The paying sites' frozen dividends refined (narrow: md_narrow_refine)
 * or rebuilt over frozen roots (signed: md_freeze_push), so that the
 * guard tests the roots the elements share; before versioning. */
static void md_ik_refine(md_ik *k, LLVMBuilderRef b) {
  md_map map = {0};
  LLVMValueRef s, n;
  unsigned g, j;
  for (g = 0; g < k->ng; g++)
    for (j = 0; md_inkernel_group_pays(k, g) && j < k->g[g].n; j++) {
      s = k->g[g].sites[j];
      if (k->g[g].narrow)
        md_narrow_refine(b, s, k->g[g].narrow, &map);
      else if (k->g[g].is_signed && LLVMIsAFreezeInst(n = LLVMGetOperand(s, 0)))
        md_freeze_push(b, n, &map);
    }
  md_map_release(&map);
}

/* Every paying site of a signed group divides by the group's frozen
 * divisor (both copies, once versioned), whose d > 0 the block tests: a
 * quotient by it is >= 0 where its dividend is (the guard leaves d out).
 * (Other groups' fast copies get it in md_ik_fast_site.) */
static void md_ik_divide_by_d(md_ik *k) {
  unsigned g, j;
  for (g = 0; g < k->ng; g++)
    if (k->ok[g] && k->g[g].is_signed && md_inkernel_group_pays(k, g))
      for (j = 0; j < k->g[g].n; j++)
        md_inkernel_use_divisor(k->g[g].sites[j], k->d[g]);
}

/* Build: the narrow sites' dividends refined, each paying group's magic
 * at its point (all points chosen first: building changes nothing they
 * depend on, splitting would) and its sites dividing by its frozen
 * divisor, each block's sign guard, then each block's range versioned,
 * then the fast copies rewritten. */
static int md_ik_build(md_ik *k, unsigned nsites) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(
      LLVMGetTypeContext(LLVMTypeOf(k->fn)));
  md_site *sites = calloc(nsites, sizeof *sites);
  unsigned nblocks = LLVMCountBasicBlocks(k->fn);
  md_ik_block *bl = calloc(nblocks, sizeof *bl);
  LLVMValueRef at[MD_IK_MAX_GROUPS], i;
  LLVMBasicBlockRef bb;
  unsigned g, nb = 0, n = 0;
  if (sites && bl) {
    for (bb = LLVMGetFirstBasicBlock(k->fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (md_map_get(&k->group_of, i)) {
          bl[nb++].bb = bb;
          break;
        }
    md_ik_refine(k, b);
    for (g = 0; g < k->ng; g++)
      at[g] = md_inkernel_group_pays(k, g) ? md_ik_point(k, &k->g[g]) : NULL;
    for (g = 0; g < k->ng; g++)
      if (at[g])
        md_ik_magic(b, at[g], &k->g[g], &k->hoist, &k->mv[g], &k->ok[g],
                    &k->d[g], k->fast32);
    md_ik_divide_by_d(k);
    md_ik_guards(k, bl, nb);
    for (g = 0; g < nb; g++)
      md_ik_condition(k, b, &bl[g]);
    for (g = 0; g < nb; g++)
      n += md_ik_version(k, b, &bl[g], sites + n);
    /* (out of memory in md_rewrite_sites leaves the fast copies as the
     * original divisions: still exact; the kernel is no clone: no remark
     * is held for it) */
    if (n)
      md_rewrite_sites(k->fn, sites, n, k->mv, NULL);
  }
  free(bl);
  free(sites);
  LLVMDisposeBuilder(b);
  return n > 0;
}

int md_inkernel_run(LLVMValueRef fn, int is_kernel, md_target t,
                    const md_options *o, LLVMTargetDataRef td) {
  md_ik *k;
  LLVMBasicBlockRef bb;
  unsigned i, nsites;
  int changed = 0;
  if (!o->inkernel || !LLVMGetFirstBasicBlock(fn) ||
      !(k = calloc(1, sizeof *k)))
    return 0;
  k->fn = fn;
  k->kernel = is_kernel;
  k->o = o;
  k->price = md_inkernel_price_for(t);
  k->fast32 = o->s64_fast32 &&
              (t == MD_TARGET_NVPTX || (t == MD_TARGET_HOST && o->s64_fast32_ir)) &&
              !md_omp_is_device_module(LLVMGetGlobalParent(fn));
  md_hoist_init(&k->hoist, fn, td, t);
  md_range_init(&k->range, NULL);
  md_range_init(&k->grange, NULL);
  if (!md_dom_build(&k->dom, fn) && !md_loops_build(&k->loops, &k->dom)) {
    k->range.dom = k->grange.dom = &k->dom;
    changed = md_inkernel_vectors(fn, o, &k->hoist);
    for (bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef i2;
      for (i2 = LLVMGetFirstInstruction(bb); i2; i2 = LLVMGetNextInstruction(i2))
        if (md_is_div(i2))
          md_ik_consider(k, i2);
    }
    nsites = md_ik_decide(k);
    if (nsites)
      changed |= md_ik_build(k, nsites);
  }
  for (i = 0; i < k->ng; i++) {
    free(k->g[i].sites);
    free(k->g[i].fit);
    free(k->g[i].nonneg);
  }
  md_range_release(&k->range);
  md_range_release(&k->grange);
  md_map_release(&k->anchor_of);
  md_map_release(&k->group_of);
  md_loops_release(&k->loops);
  md_dom_release(&k->dom);
  md_hoist_release(&k->hoist);
  free(k);
  return changed;
}
