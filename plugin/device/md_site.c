/*
 * md_site.c -- the decision about each division site of a function, in its
 * analysis context (md_fctx.h), and the remarks of the sites transformed
 * (md_site.h).
 *
 * A scalar site gets a kind (the magic core: u32 s32 u64 s64), a mode (how
 * the site's operands reach the core, md_rewrite.h) and flags (MD_DF_*);
 * its divisor program comes from md_invariant and the dividend's facts from
 * md_range, or from md_bounds with a launch requirement (the kernel's own
 * sites only).  A vector site's lanes are decided like scalar sites of the
 * same width, without range facts.  Every site left alone gets a missed
 * remark saying why.
 */
#include "md_site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_ir.h"
#include "md_prog.h"
#include "md_remark.h"

/* Decide about a vector division: every lane's divisor must be
 * launch-invariant (md_inv_lane_program); the lanes are then ordinary
 * sites of the same width (8/16-bit lanes extended, 64-bit lanes with the
 * 64-bit kinds; no range facts are used for lanes). */
static void md_consider_vector_site(md_kdec *d, md_fctx *f, LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMValueRef den = LLVMGetOperand(inst, 1);
  unsigned lanes = md_vec_lanes(inst), w, l;
  int is_signed = (op == LLVMSDiv || op == LLVMSRem);
  int kind, flags = 0;
  md_site_mode mode;
  md_buf prog[MD_VEC_MAX_LANES];
  md_vsite vs;

  if (!lanes) {
    md_remarkf(MD_REMARK_MISSED, inst, "VectorDivision",
               "magicdiv: vector %s left alone: not a fixed vector of at most "
               "%d integer lanes of 8, 16, 32 or 64 bits",
               md_op_name(op), MD_VEC_MAX_LANES);
    return;
  }
  w = LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(inst)));
  if (LLVMIsAConstant(den)) {
    md_remarkf(MD_REMARK_MISSED, inst, "ConstantDivisor",
               "magicdiv: %s <%u x i%u> by a compile-time constant left to "
               "LLVM", md_op_name(op), lanes, w);
    return;
  }
  if (is_signed && !d->o->signed_) {
    md_remarkf(MD_REMARK_MISSED, inst, "Disabled",
               "magicdiv: %s <%u x i%u> left alone: signed division disabled "
               "(no-signed)", md_op_name(op), lanes, w);
    return;
  }
  if (w == 64 && !d->o->wide) {
    md_remarkf(MD_REMARK_MISSED, inst, "Disabled",
               "magicdiv: %s <%u x i64> left alone: 64-bit division disabled "
               "(no-wide)", md_op_name(op), lanes);
    return;
  }
  mode = w < 32 ? MD_MODE_EXTEND : MD_MODE_NATIVE;
  kind = w == 64 ? (is_signed ? MD_KIND_S64 : MD_KIND_U64)
                 : (is_signed ? MD_KIND_S32 : MD_KIND_U32);
  if (is_signed && d->o->positive_divisors)
    flags |= MD_DF_POSITIVE;
  for (l = 0; l < lanes; l++) {
    md_buf_init(&prog[l]);
    if (!md_inv_lane_program(&f->inv, den, l, &prog[l])) {
      md_remarkf(MD_REMARK_MISSED, inst, "NotLaunchInvariant",
                 "magicdiv: vector %s <%u x i%u> left alone: lane %u: %s",
                 md_op_name(op), lanes, w, l,
                 f->inv.why ? f->inv.why : "divisor is not launch-invariant");
      for (w = 0; w <= l; w++)
        md_buf_free(&prog[w]);
      return;
    }
    if (mode == MD_MODE_EXTEND)
      md_prog_cast(&prog[l], is_signed ? MD_OP_SEXT : MD_OP_ZEXT, w, 32);
  }
  memset(&vs, 0, sizeof vs);
  vs.inst = inst;
  vs.lanes = lanes;
  vs.mode = (int)mode;
  for (l = 0; l < lanes; l++) {
    vs.divisor[l] = md_kdec_divisor(d, &prog[l], kind, flags);
    md_buf_free(&prog[l]);
  }
  for (l = 0; l < lanes; l++)
    if (vs.divisor[l] < 0) {
      /* (divisors already entered stay in the table: unused, harmless) */
      md_remarkf(MD_REMARK_MISSED, inst, "TooManyDivisors",
                 "magicdiv: vector %s <%u x i%u> left alone: more than %d "
                 "distinct divisors in this kernel",
                 md_op_name(op), lanes, w, MD_MAX_DIVISORS);
      return;
    }
  md_fctx_add_vsite(f, &vs); /* out of memory: the site stays */
}

/* An i64 site whose operands are < 2^32 by launch-checked facts (what
 * compile-time facts did not show): the u32 core (MD_MODE_NARROW).  Both
 * < 2^32 are >= 0 as i64, so sdiv/srem agree with udiv/urem.  1 with the
 * prepared requirement in req and the remark text in fact. */
static int md_launch_narrow(md_kdec *d, md_fctx *f, LLVMValueRef inst, LLVMValueRef num,
                            LLVMValueRef den, md_breq *req, char *fact,
                            size_t size) {
  md_breq br;
  int num_ok = md_fits_unsigned(&f->range, num, 32);
  int den_ok = md_fits_unsigned(&f->range, den, 32);
  char bound[128];
  md_breq_init(&br);
  if (!num_ok && !md_bounds_need(f->bounds, &br, num, inst, 0xFFFFFFFFull,
                                 MD_BND_NOT_INVARIANT))
    return 0;
  md_bounds_describe(f->bounds, &br, bound, sizeof bound);
  if (!den_ok && !md_bounds_need(f->bounds, &br, den, inst, 0xFFFFFFFFull, 0))
    return 0;
  if (!md_kdec_req_prepare(d, f->bounds, &br, req))
    return 0;
  snprintf(fact, size, "%s%s%s%s%s", num_ok ? "" : "dividend in ",
           num_ok ? "" : bound, !num_ok && !den_ok ? " and " : "",
           den_ok ? "" : "divisor < 2^32",
           br.n ? " checked at launch" : " (constant bounds)");
  return 1;
}

void md_site_consider(md_kdec *d, md_fctx *f, LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef ty = LLVMTypeOf(inst);
  LLVMValueRef num = LLVMGetOperand(inst, 0), den = LLVMGetOperand(inst, 1);
  int is_signed = (op == LLVMSDiv || op == LLVMSRem);
  unsigned w;
  md_site_mode mode;
  int kind, flags = 0, nonneg = 0, idx, rem32;
  md_buf prog;
  md_breq req; /* the kernel's conditions with those the site assumes */
  int has_req = 0;
  char fact[256];
  md_breq br;
  md_site site;

  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind) {
    md_consider_vector_site(d, f, inst);
    return;
  }
  w = LLVMGetIntTypeWidth(ty);
  if (LLVMIsAConstant(den)) {
    md_remarkf(MD_REMARK_MISSED, inst, "ConstantDivisor",
               "magicdiv: %s i%u by a compile-time constant left to LLVM",
               md_op_name(op), w);
    return;
  }
  if (is_signed && !d->o->signed_) {
    md_remarkf(MD_REMARK_MISSED, inst, "Disabled",
               "magicdiv: %s i%u left alone: signed division disabled "
               "(no-signed)",
               md_op_name(op), w);
    return;
  }
  if (w == 32) {
    mode = MD_MODE_NATIVE;
    kind = is_signed ? MD_KIND_S32 : MD_KIND_U32;
  } else if (w == 8 || w == 16) {
    mode = MD_MODE_EXTEND;
    kind = is_signed ? MD_KIND_S32 : MD_KIND_U32;
  } else if (w == 64 && md_fits_unsigned(&f->range, num, 32) &&
             md_fits_unsigned(&f->range, den, 32)) {
    /* Both operands are < 2^32, hence also >= 0 as i64: the signed and
     * unsigned results agree with the 32-bit unsigned ones. */
    mode = MD_MODE_NARROW;
    kind = MD_KIND_U32;
  } else if (w == 64 && is_signed && md_fits_signed(&f->range, num, 32) &&
             md_fits_signed(&f->range, den, 32)) {
    /* sext'd 32-bit operands: the s32 core, quotient fixed up in 64 bits */
    mode = MD_MODE_SEXT;
    kind = MD_KIND_S32;
  } else if (w == 64 && d->o->launch_ranges && f->bounds &&
             md_launch_narrow(d, f, inst, num, den, &req, fact, sizeof fact)) {
    mode = MD_MODE_NARROW;
    kind = MD_KIND_U32;
    has_req = 1;
  } else if (w == 64) {
    if (!d->o->wide) {
      md_remarkf(MD_REMARK_MISSED, inst, "Disabled",
                 "magicdiv: %s i64 left alone: 64-bit division disabled "
                 "(no-wide)",
                 md_op_name(op));
      return;
    }
    mode = MD_MODE_NATIVE;
    kind = is_signed ? MD_KIND_S64 : MD_KIND_U64;
  } else {
    md_remarkf(MD_REMARK_MISSED, inst, "UnsupportedWidth",
               "magicdiv: %s i%u left alone: unsupported width",
               md_op_name(op), w);
    return;
  }

  md_buf_init(&prog);
  if (!md_inv_program(&f->inv, den, &prog)) {
    md_remarkf(MD_REMARK_MISSED, inst, "NotLaunchInvariant",
               "magicdiv: %s i%u left alone: %s", md_op_name(op), w,
               f->inv.why ? f->inv.why : "divisor is not launch-invariant");
    md_buf_free(&prog);
    return;
  }
  if (mode == MD_MODE_EXTEND) {
    md_prog_cast(&prog, is_signed ? MD_OP_SEXT : MD_OP_ZEXT, w, 32);
  } else if (mode == MD_MODE_NARROW || mode == MD_MODE_SEXT) {
    md_prog_cast(&prog, MD_OP_TRUNC, 64, 32);
  }
  if (kind == MD_KIND_S32 || kind == MD_KIND_S64) {
    if (d->o->positive_divisors)
      flags |= MD_DF_POSITIVE;
    nonneg = md_known_nonneg(&f->range, num, inst);
    /* Not provable at compile time: 0 <= num <= 2^(w-1) - 1, i.e. >= 0,
     * from a launch-checked bound. */
    md_breq_init(&br);
    if (!nonneg && !has_req && d->o->launch_ranges && f->bounds &&
        md_bounds_need(f->bounds, &br, num, inst, (1ull << (w - 1)) - 1,
                       MD_BND_NOT_INVARIANT) &&
        md_kdec_req_prepare(d, f->bounds, &br, &req)) {
      char bound[128];
      md_bounds_describe(f->bounds, &br, bound, sizeof bound);
      snprintf(fact, sizeof fact, "dividend in %s%s", bound,
               br.n ? " checked at launch" : " (constant bounds)");
      nonneg = 1;
      has_req = 1;
    }
  }
  /* issue 11: u64 by a sign-extended <= 32-bit value (size_t % int):
   * require d < 2^32 at launch (MD_DF_DIV32) so that remainders run in 32
   * bits; a negative int divisor (d >= 2^64 - 2^31) runs the original. */
  if (kind == MD_KIND_U64 && LLVMIsAInstruction(den) &&
      LLVMGetInstructionOpcode(den) == LLVMSExt &&
      LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(den, 0))) <= 32)
    flags |= MD_DF_DIV32;
  idx = md_kdec_divisor(d, &prog, kind, flags);
  md_buf_free(&prog);
  if (has_req && idx >= 0)
    md_kdec_req_commit(d, inst, &req, fact);
  if (idx < 0) {
    md_remarkf(MD_REMARK_MISSED, inst, "TooManyDivisors",
               "magicdiv: %s i%u left alone: more than %d distinct divisors "
               "in this kernel",
               md_op_name(op), w, MD_MAX_DIVISORS);
    return;
  }
  /* A 64-bit site's divisor fits 32 bits (unsigned: d < 2^32; signed:
   * -2^31 <= d < 2^31), proven or required at launch: 32-bit remainders. */
  rem32 = kind == MD_KIND_U64 || kind == MD_KIND_S64
              ? (flags & MD_DF_DIV32) ||
                    (is_signed ? md_fits_signed(&f->range, den, 32)
                               : md_fits_unsigned(&f->range, den, 32))
              : 0;
  site.inst = inst;
  site.divisor = idx;
  site.mode = mode;
  site.nonneg = nonneg;
  site.rem32 = rem32;
  md_fctx_add_site(f, &site); /* on OOM: the site stays */
}

static void md_site_remark(const md_kdec *d, const md_site *s) {
  LLVMOpcode op = LLVMGetInstructionOpcode(s->inst);
  const md_divisor *dv = &d->divs[s->divisor];
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(s->inst));
  const char *how =
      s->mode == MD_MODE_EXTEND   ? ", extended to 32 bits"
      : s->mode == MD_MODE_NARROW ? ", operands proven < 2^32"
      : s->mode == MD_MODE_SEXT   ? ", operands proven to fit signed 32 bits"
                                  : "";
  const char *sign = "";
  const char *fact = md_kdec_fact(d, s->inst);
  if (fact && s->mode == MD_MODE_NARROW)
    how = "";
  if (dv->kind == MD_KIND_S32 || dv->kind == MD_KIND_S64)
    sign = s->nonneg && !fact ? ((dv->flags & MD_DF_POSITIVE)
                            ? ", dividend >= 0, divisor > 0 checked at launch"
                            : ", dividend >= 0")
                     : ((dv->flags & MD_DF_POSITIVE)
                            ? ", divisor > 0 checked at launch"
                            : "");
  md_remarkf(MD_REMARK_PASSED, s->inst, "Transformed",
             "magicdiv: %s i%u by launch-invariant divisor #%d -> magic %s "
             "multiply-high%s%s%s%s",
             md_op_name(op), w, s->divisor, md_kind_str(dv->kind), how, sign,
             fact ? ", " : "", fact ? fact : "");
}

static void md_vector_remarks(const md_kdec *d, const md_fctx *f) {
  unsigned i, l;
  for (i = 0; i < f->nvsites; i++) {
    const md_vsite *vs = &f->vsites[i];
    char list[8 * MD_VEC_MAX_LANES + 1];
    size_t len = 0;
    const md_divisor *dv = &d->divs[vs->divisor[0]];
    list[0] = 0;
    for (l = 0; l < vs->lanes; l++)
      len += (size_t)snprintf(list + len, sizeof list - len, "%s#%d",
                              l ? ", " : "", vs->divisor[l]);
    md_remarkf(MD_REMARK_PASSED, vs->inst, "Transformed",
               "magicdiv: vector %s <%u x i%u> split into %u lanes by "
               "launch-invariant divisors %s -> magic %s multiply-high%s",
               md_op_name(LLVMGetInstructionOpcode(vs->inst)), vs->lanes,
               LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(vs->inst))),
               vs->lanes, list, md_kind_str(dv->kind),
               vs->mode == MD_MODE_EXTEND ? ", extended to 32 bits" : "");
  }
}

void md_site_decide_function(md_kdec *d, md_fctx *f) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (md_is_div(i))
        md_site_consider(d, f, i);
  }
}

void md_site_remarks(const md_kdec *d, const md_fctx *f) {
  unsigned i;
  for (i = 0; i < f->nsites; i++)
    md_site_remark(d, &f->sites[i]);
  md_vector_remarks(d, f);
}
