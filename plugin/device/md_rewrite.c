/*
 * md_rewrite.c -- replace the division sites of a clone by their magic
 * sequences (md_rewrite.h): each site's operands brought to its kind's
 * width, its quotient shared with an earlier site of the same (dividend,
 * divisor) in a dominating block or emitted anew (md_emit_quot.h), its
 * remainder and the remainders beside its quotient emitted
 * (md_emit_rem.h); with keep-rolled, the loops a 64-bit site reaches
 * marked (md_loopmd.h); with pow2-kernel, a CUDA or HIP kernel clone marked for
 * the pow2 tier, or an OpenMP clone first versioned on a power-of-two
 * divisor, and in the tier every u64 site the shift (md_pow2.h).
 */
#include "device/md_rewrite.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_magic.h"
#include "analysis/md_kernels.h"
#include "analysis/md_dom.h"
#include "device/md_emit_quot.h"
#include "device/md_emit_rem.h"
#include "device/md_loopmd.h"
#include "analysis/md_loops.h"
#include "device/md_pow2.h"
#include "analysis/md_omp.h"

static LLVMTypeRef md_int(LLVMContextRef ctx, unsigned bits) {
  return LLVMIntTypeInContext(ctx, bits);
}

typedef struct md_qcache {
  LLVMValueRef n;   /* the site's dividend operand */
  int divisor;
  LLVMBasicBlockRef bb;
  LLVMValueRef q;
  LLVMValueRef fn;  /* the frozen dividend q was computed from */
} md_qcache;

/* v (an operand of a site) brought to the kind's width: extended for
 * MD_MODE_EXTEND, truncated for the NARROW/SEXT modes (the analysis proved
 * the truncation exact), unchanged otherwise. */
static LLVMValueRef md_to_kind(LLVMBuilderRef b, LLVMValueRef v,
                               md_site_mode mode, int is_signed,
                               LLVMTypeRef kty, int is_num) {
  switch (mode) {
  case MD_MODE_EXTEND: {
    const char *name = is_num ? "md.n.ext" : "md.d.ext";
    return is_signed ? LLVMBuildSExt(b, v, kty, name)
                     : LLVMBuildZExt(b, v, kty, name);
  }
  case MD_MODE_NARROW:
  case MD_MODE_SEXT:
    return LLVMBuildTrunc(b, v, kty, is_num ? "md.n.narrow" : "md.d.narrow");
  default:
    return v;
  }
}

static int md_is_signed_op(LLVMOpcode op) {
  return op == LLVMSDiv || op == LLVMSRem;
}

/* A NARROW site's dividend freeze(X), X < 2^32 whenever it is not poison
 * (the site's facts), replaced everywhere by zext(freeze(trunc X)): the
 * same value when X is not poison, and a value below 2^32 -- one that
 * freeze(poison) may take -- when it is.  So the truncation of the site is
 * exact, and a remainder n - q*d next to it sees the same n. */
static void md_refine_freeze(LLVMBuilderRef b, LLVMContextRef ctx,
                             LLVMValueRef inst) {
  LLVMValueRef fr = LLVMGetOperand(inst, 0), x, z;
  LLVMTypeRef ty = LLVMTypeOf(fr);
  if (!LLVMIsAInstruction(fr) || LLVMGetInstructionOpcode(fr) != LLVMFreeze ||
      LLVMGetIntTypeWidth(ty) != 64)
    return;
  LLVMPositionBuilderBefore(b, fr);
  x = LLVMBuildTrunc(b, LLVMGetOperand(fr, 0), md_int(ctx, 32), "md.n.lo32");
  x = LLVMBuildFreeze(b, x, "md.n.fr32");
  z = LLVMBuildZExt(b, x, ty, "md.n.z32");
  LLVMReplaceAllUsesWith(fr, z);
  LLVMInstructionEraseFromParent(fr);
  LLVMPositionBuilderBefore(b, inst);
}

/* Sites in an order where a dominating block comes first: by the clone's
 * reverse post-order, program order within a block (the sites array lists
 * them in program order per block). */
typedef struct md_site_order {
  unsigned rpo, index;
} md_site_order;

static int md_site_order_cmp(const void *pa, const void *pb) {
  const md_site_order *a = pa, *b = pb;
  if (a->rpo != b->rpo)
    return a->rpo < b->rpo ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

/* The state of one md_rewrite_sites call. */
typedef struct md_rewriter {
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  LLVMValueRef clone;
  md_dom dom;         /* of the clone */
  md_loops loops;     /* of the clone, on NVPTX (md_magic_vals.in_loop) */
  md_qcache *cache;   /* quotients computed so far */
  unsigned ncache;
  md_emit_rem_state rem; /* the remainders' negated divisors */
  const unsigned char *shift; /* per site: md_pow2's shift, or NULL */
} md_rewriter;

/* The quotient of site s computed before for the same (dividend, divisor)
 * in a dominating block, with *num its frozen dividend at the kind's width;
 * or NULL, with *num (the site's dividend) brought to the kind's width and
 * frozen for md_site_new_quotient. */
static LLVMValueRef md_cached_quotient(md_rewriter *r, const md_site *s,
                                       LLVMTypeRef kty, LLVMValueRef *num) {
  LLVMValueRef inst = s->inst;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  int is_signed = md_is_signed_op(LLVMGetInstructionOpcode(inst));
  unsigned k;
  for (k = 0; k < r->ncache; k++)
    if (r->cache[k].n == *num && r->cache[k].divisor == s->divisor &&
        md_dom_dominates(&r->dom, r->cache[k].bb, bb)) {
      *num = r->cache[k].fn;
      return r->cache[k].q;
    }
  /* The operands at the kind's width, where they are needed.  The
   * dividend is used several times by the sequences (and again by the
   * remainder, also of a site sharing q): freeze it once, so that an
   * undef dividend takes one value at every use, as it does in the one
   * instruction replaced. */
  *num = md_to_kind(r->b, *num, s->mode, is_signed, kty, 1);
  if (!LLVMIsAConstant(*num))
    *num = LLVMBuildFreeze(r->b, *num, "md.n.fr");
  return NULL;
}

/* A new quotient of site s (dividend num), remembered for later sites. */
static LLVMValueRef md_site_new_quotient(md_rewriter *r, const md_site *s,
                                         md_magic_vals *v,
                                         LLVMTypeRef kty, LLVMValueRef num) {
  LLVMValueRef q;
  if (v->kind == MD_KIND_U32 || v->kind == MD_KIND_U64)
    q = md_emit_quot_unsigned(r->b, r->ctx, num, v);
  else
    q = md_emit_quot_signed(r->b, r->ctx, num, s->nonneg, v,
                       s->mode == MD_MODE_SEXT ? LLVMTypeOf(s->inst) : kty);
  r->cache[r->ncache].n = LLVMGetOperand(s->inst, 0);
  r->cache[r->ncache].divisor = s->divisor;
  r->cache[r->ncache].bb = LLVMGetInstructionParent(s->inst);
  r->cache[r->ncache].q = q;
  r->cache[r->ncache].fn = num;
  r->ncache++;
  return q;
}

/* Replace site s by its sequence (shift: md_pow2's copy, a power of two). */
static void md_rewrite_one(md_rewriter *r, md_site *s, md_magic_vals *v,
                           int shift) {
  LLVMBuilderRef b = r->b;
  LLVMValueRef inst = s->inst;
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef ty = LLVMTypeOf(inst);
  LLVMTypeRef kty = md_int(r->ctx, (unsigned)md_kind_width(v->kind));
  LLVMValueRef num = LLVMGetOperand(inst, 0);
  LLVMValueRef den = LLVMGetOperand(inst, 1);
  LLVMValueRef q, res;
  int is_signed = md_is_signed_op(op);
  int is_div = op == LLVMUDiv || op == LLVMSDiv;
  int wide = md_kind_width(v->kind) == 64;

  if (s->mode == MD_MODE_NARROW) {
    md_refine_freeze(b, r->ctx, inst);
    num = LLVMGetOperand(inst, 0);
  }
  LLVMPositionBuilderBefore(b, inst);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(inst));
  v->shift = shift;
  v->in_loop =
      v->pow2_loops &&
      md_loops_depth(&r->loops, &r->dom, LLVMGetInstructionParent(inst)) > 0;
  q = md_cached_quotient(r, s, kty, &num);
  if (!is_div)
    den = md_to_kind(b, den, s->mode, is_signed, kty, 0);
  if (!q)
    q = md_site_new_quotient(r, s, v, kty, num);

  if (is_div && s->mode == MD_MODE_NARROW) {
    /* n - q*d beside the quotient: both < 2^32, so in 32 bits (zext) */
    res = LLVMBuildZExt(b, q, ty, "md.res");
    md_emit_rem_fold(&r->rem, inst, res, 0, 1);
    LLVMReplaceAllUsesWith(inst, res);
    LLVMInstructionEraseFromParent(inst);
    return;
  } else if (is_div) {
    if (wide && s->mode == MD_MODE_NATIVE)
      md_emit_rem_fold(&r->rem, inst, q, is_signed, s->rem32);
    else if (s->mode == MD_MODE_SEXT) /* |n - q*d| < |d| <= 2^31 */
      md_emit_rem_fold(&r->rem, inst, q, is_signed, 1);
    res = q;
  } else if (s->mode == MD_MODE_SEXT) {
    /* r = n - q*d with |r| < |d| <= 2^31: exact in 32 bits, then sext */
    LLVMValueRef q32 = LLVMBuildTrunc(b, q, kty, "md.q.narrow");
    res = LLVMBuildSub(b, num, LLVMBuildMul(b, q32, den, "md.qd"), "md.r");
    res = LLVMBuildSExt(b, res, ty, "md.res");
  } else if (wide && s->mode == MD_MODE_NATIVE) {
    res = md_emit_rem_wide(&r->rem, inst, num, q, den, is_signed, s->rem32);
  } else {
    res = LLVMBuildSub(b, num, LLVMBuildMul(b, q, den, "md.qd"), "md.r");
  }
  if (s->mode == MD_MODE_EXTEND)
    res = LLVMBuildTrunc(b, res, ty, "md.res");
  else if (s->mode == MD_MODE_NARROW)
    res = LLVMBuildZExt(b, res, ty, "md.res");
  LLVMReplaceAllUsesWith(inst, res);
  LLVMInstructionEraseFromParent(inst);
}

/* 1 if a site's divisor has option pow2-loops (the loops are wanted). */
static int md_any_pow2_loops(const md_magic_vals *mv, const md_site *sites,
                             unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    if (mv[sites[i].divisor].pow2_loops)
      return 1;
  return 0;
}

/* keep-rolled's loops: those reached by the sites computed with the
 * general sequence (md_pow2's shift is no call in the original's place:
 * its loops are left to ptxas, as a constant divisor's are). */
static int md_keep_rolled(LLVMValueRef clone, const md_dom *dom,
                          const md_site *sites, unsigned n,
                          const unsigned char *shift) {
  md_site *gen;
  unsigned i, k = 0;
  int marked;
  if (!shift)
    return md_loopmd_keep_rolled(clone, dom, sites, n);
  if (!(gen = malloc(n * sizeof *gen)))
    return 0; /* the loops as they are (exact either way) */
  for (i = 0; i < n; i++)
    if (!shift[i])
      gen[k++] = sites[i];
  marked = md_loopmd_keep_rolled(clone, dom, gen, k);
  free(gen);
  return marked;
}

/* md_rewrite_sites on the given sites; shift: per site, md_pow2's shift. */
static int md_rewrite_all(LLVMValueRef clone, md_site *sites, unsigned n,
                          md_magic_vals *mv, const unsigned char *shift) {
  md_rewriter r;
  md_site_order *order = calloc(n ? n : 1, sizeof *order);
  md_target tgt = md_target_of_module(LLVMGetGlobalParent(clone));
  int nvptx = tgt == MD_TARGET_NVPTX, host = tgt == MD_TARGET_HOST;
  unsigned i;
  int rolled = 0;
  memset(&r, 0, sizeof r);
  r.ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  r.b = LLVMCreateBuilderInContext(r.ctx);
  r.clone = clone;
  r.shift = shift;
  r.cache = calloc(n ? n : 1, sizeof *r.cache);
  if (md_emit_rem_init(&r.rem, r.b, clone, n) || !r.cache || !order ||
      md_dom_build(&r.dom, clone)) {
    free(order); /* out of memory: nothing rewritten */
    md_emit_rem_release(&r.rem);
    free(r.cache);
    LLVMDisposeBuilder(r.b);
    return -1;
  }
  /* Out of memory there leaves no loops: every site straight-line, the
   * chain without the branch (exact either way). */
  if (!nvptx || !md_any_pow2_loops(mv, sites, n) ||
      md_loops_build(&r.loops, &r.dom))
    memset(&r.loops, 0, sizeof r.loops);
  /* out of memory there: the loops as they are (exact either way) */
  if (nvptx && n && mv[sites[0].divisor].keep_rolled &&
      (rolled = md_keep_rolled(clone, &r.dom, sites, n, shift)) < 0)
    rolled = 0;
  for (i = 0; i < n; i++) {
    mv[sites[i].divisor].nvptx = nvptx;
    mv[sites[i].divisor].host = host;
    order[i].rpo =
        md_dom_order(&r.dom, LLVMGetInstructionParent(sites[i].inst));
    order[i].index = i;
  }
  if (n)
    qsort(order, n, sizeof *order, md_site_order_cmp);
  for (i = 0; i < n; i++) {
    md_site *s = &sites[order[i].index];
    md_rewrite_one(&r, s, &mv[s->divisor],
                   r.shift && r.shift[order[i].index]);
  }
  md_loops_release(&r.loops);
  md_dom_release(&r.dom);
  free(order);
  md_emit_rem_release(&r.rem);
  free(r.cache);
  LLVMDisposeBuilder(r.b);
  return rolled;
}

/* md_pow2's mode for these sites: 0 none, 1 where it pays (NVPTX, not
 * with option pow2-loops; AMDGPU kernels outside OpenMP: the tier only),
 * 2 every u64 divisor on any target (tests). */
static int md_pow2_mode(const md_magic_vals *mv, const md_site *sites,
                        unsigned n, md_target tgt, int omp) {
  int mode = 0;
  unsigned i;
  for (i = 0; i < n; i++) {
    const md_magic_vals *v = &mv[sites[i].divisor];
    if (v->pow2_kernel > mode)
      mode = v->pow2_kernel;
  }
  if (mode == 1 && !(tgt == MD_TARGET_AMDGPU && !omp) &&
      (tgt != MD_TARGET_NVPTX || md_any_pow2_loops(mv, sites, n)))
    mode = 0;
  return mode;
}

/* 1 if the sites are being rewritten in the pow2 tier (md_pow2.h). */
static int md_is_pow2_tier(const md_magic_vals *mv, const md_site *sites,
                           unsigned n) {
  unsigned i;
  for (i = 0; i < n; i++)
    if (mv[sites[i].divisor].pow2_tier)
      return 1;
  return 0;
}

int md_rewrite_sites(LLVMValueRef clone, md_site *sites, unsigned n,
                     md_magic_vals *mv, md_remark_queue *held) {
  LLVMModuleRef m = LLVMGetGlobalParent(clone);
  md_target tgt = md_target_of_module(m);
  int mode = md_pow2_mode(mv, sites, n, tgt, md_omp_is_device_module(m)), rc;
  md_site *both = NULL;
  unsigned char *shift = NULL;
  if (md_is_pow2_tier(mv, sites, n)) { /* the tier: u64 sites the shift */
    shift = md_pow2_tier_shifts(sites, n, mv);
    rc = md_rewrite_all(clone, sites, n, mv, shift);
    free(shift);
    md_loopmd_hold(held, clone, rc);
    return rc < 0 ? -1 : 0;
  }
  /* CUDA kernels: the pow2 tier decided here, built by md_device.c after
   * the commit; OpenMP kernels (the runtime launches no tier there): the
   * copy behind the branch.  Out of memory in md_rewrite_all after the
   * copy leaves both copies with their divisions: exact either way. */
  if (mode && !md_omp_is_device_module(m))
    md_pow2_plan(clone, sites, n, mv, mode == 2, held);
  if (mode && md_omp_is_device_module(m) &&
      md_pow2_version(clone, sites, n, mv, mode == 2, &both, &shift, held))
    rc = md_rewrite_all(clone, both, 2 * n, mv, shift);
  else
    rc = md_rewrite_all(clone, sites, n, mv, NULL);
  free(both);
  free(shift);
  md_loopmd_hold(held, clone, rc);
  return rc < 0 ? -1 : 0;
}
