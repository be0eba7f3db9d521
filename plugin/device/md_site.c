/*
 * md_site.c -- the decision about each division site of a function, in its
 * analysis context (md_fctx.h), and every remark about a site (md_site.h).
 *
 * One site, scalar or vector, is decided in four steps:
 *   facts   what the site is and what is known about its operands, each
 *           asked once (md_site_facts_of): width, lanes, signedness,
 *           constant divisor, operands < 2^32 or within signed 32 bits
 *           (md_range), a sign-extended <= 32-bit divisor;
 *   choice  kind (the magic core: u32 s32 u64 s64), mode (how the operands
 *           reach it, md_rewrite.h) and flags (MD_DF_*) from the facts and
 *           the options, by one pure function (md_site_choose); it may ask
 *           for one more fact, operands < 2^32 by a launch requirement
 *           (md_bounds; the kernel's own scalar sites only);
 *   divisor the divisor's program (md_invariant; each lane's for vectors),
 *           narrowed to the core's width, entered in the kernel's divisor
 *           table (md_kdec.h);
 *   dividend signed cores only: the dividend >= 0, proven (md_range) or by
 *           a launch requirement.
 * Every site left alone gets one missed remark (md_site_missed; a divisor
 * read from constant memory has the in-kernel path's instead), every
 * site transformed one passed remark when the clone is committed.
 */
#include "device/md_site.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/md_hoist.h"
#include "device/md_inkernel_gen.h"
#include "support/md_ir.h"
#include "analysis/md_omp.h"
#include "emit/md_prog.h"
#include "support/md_remark.h"

/* What a site is and what is known about its operands. */
typedef struct md_site_facts {
  LLVMValueRef inst, num, den;
  LLVMOpcode op;
  int vector; /* a vector division (lanes: 0 when not a supported one) */
  unsigned lanes;
  unsigned w;    /* width of the operation (of one lane) */
  int is_signed; /* sdiv / srem */
  int den_const; /* the divisor is a compile-time constant */
  /* 64-bit scalar sites with a non-constant divisor (else 0): */
  int num_u32, den_u32; /* < 2^32 */
  int num_s32, den_s32; /* within signed 32 bits (signed sites) */
  int den_sext32;       /* divisor: sext of a <= 32-bit value */
  int launch_u32;       /* both < 2^32 by a launch requirement: 1 yes, 0 no,
                           -1 not asked yet (only where it can be asked) */
  int fast32_target;    /* NVPTX (or a CPU target with option s64-fast32-ir),
                           not OpenMP offload: MD_DF_FAST32 possible */
} md_site_facts;

/* Why a site is left alone, one list: X(WHY, remark name, text) gives
 * MD_WHY_WHY, the name of its missed remark and the remark's tail (NULL:
 * md_site_missed writes it).  MD_WHY_OK: it is not left alone;
 * MD_WHY_ASK_LAUNCH: md_site_choose needs launch_u32 (neither remarks). */
#define MD_SITE_WHY_LIST(X)                                                    \
  X(OK, "", NULL)                                                              \
  X(ASK_LAUNCH, "", NULL)                                                      \
  X(VECTOR_SHAPE, MD_RN(VectorDivision), NULL)                                 \
  X(CONSTANT, MD_RN(ConstantDivisor),                                          \
    "by a compile-time constant left to LLVM")                                 \
  X(NO_SIGNED, MD_RN(Disabled),                                                \
    "left alone: signed division disabled (no-signed)")                        \
  X(NO_WIDE, MD_RN(Disabled),                                                 \
    "left alone: 64-bit division disabled (no-wide)")                          \
  X(WIDTH, MD_RN(UnsupportedWidth), "left alone: unsupported width")           \
  X(NOT_INVARIANT, MD_RN(NotLaunchInvariant), NULL)                            \
  X(TOO_MANY, MD_RN(TooManyDivisors), NULL)                                    \
  X(NO_MEMORY, MD_RN(OutOfMemory), "left alone: out of memory")
#define MD_X_WHY_ENUM(why, name, text) MD_WHY_##why,
typedef enum md_site_why { MD_SITE_WHY_LIST(MD_X_WHY_ENUM) } md_site_why;
#undef MD_X_WHY_ENUM

typedef struct md_site_choice {
  md_site_mode mode;
  int kind;  /* enum md_kind */
  int flags; /* MD_DF_* */
} md_site_choice;

static void md_site_facts_of(const md_kdec *d, md_fctx *f, LLVMValueRef inst,
                             md_site_facts *sf) {
  LLVMTypeRef ty = LLVMTypeOf(inst);
  memset(sf, 0, sizeof *sf);
  sf->inst = inst;
  sf->num = LLVMGetOperand(inst, 0);
  sf->den = LLVMGetOperand(inst, 1);
  sf->op = LLVMGetInstructionOpcode(inst);
  sf->is_signed = sf->op == LLVMSDiv || sf->op == LLVMSRem;
  sf->vector = LLVMGetTypeKind(ty) != LLVMIntegerTypeKind;
  if (sf->vector) {
    sf->lanes = md_vec_lanes(inst);
    if (!sf->lanes)
      return;
    ty = LLVMGetElementType(ty);
  }
  sf->w = LLVMGetIntTypeWidth(ty);
  sf->den_const = LLVMIsAConstant(sf->den) != NULL;
  if (sf->vector || sf->w != 64 || sf->den_const)
    return;
  sf->num_u32 = md_range_fits_unsigned(&f->range, sf->num, 32);
  /* freeze(X) with X < 2^32 (DivRemPairs freezes the dividend of a pair):
   * the rewrite refines it to zext(freeze(trunc X)) (md_rewrite.c
   * md_refine_freeze), which is X whenever X is not poison. */
  if (!sf->num_u32 && LLVMIsAInstruction(sf->num) &&
      LLVMGetInstructionOpcode(sf->num) == LLVMFreeze)
    sf->num_u32 =
        md_range_fits_unsigned(&f->range, LLVMGetOperand(sf->num, 0), 32);
  sf->den_u32 = md_range_fits_unsigned(&f->range, sf->den, 32);
  if (sf->is_signed) {
    sf->num_s32 = md_range_fits_signed(&f->range, sf->num, 32);
    sf->den_s32 = md_range_fits_signed(&f->range, sf->den, 32);
  }
  sf->den_sext32 = LLVMIsAInstruction(sf->den) &&
                   LLVMGetInstructionOpcode(sf->den) == LLVMSExt &&
                   md_value_width(LLVMGetOperand(sf->den, 0)) <= 32;
  sf->launch_u32 = d->o->launch_ranges && f->bounds ? -1 : 0;
  {
    LLVMModuleRef m = LLVMGetGlobalParent(f->fn);
    md_target t = md_target_of_module(m);
    sf->fast32_target =
        (t == MD_TARGET_NVPTX || (t == MD_TARGET_HOST && d->o->s64_fast32_ir)) &&
        !md_omp_is_device_module(m);
  }
}

/* The site's kind, mode and flags from its facts and the options: pure. */
static md_site_why md_site_choose(const md_site_facts *sf, const md_options *o,
                                  md_site_choice *c) {
  int s = sf->is_signed;
  if (sf->vector && !sf->lanes)
    return MD_WHY_VECTOR_SHAPE;
  if (sf->den_const)
    return MD_WHY_CONSTANT;
  if (s && !o->signed_)
    return MD_WHY_NO_SIGNED;
  c->flags = 0;
  if (sf->w == 32 || sf->w == 8 || sf->w == 16) {
    c->mode = sf->w == 32 ? MD_MODE_NATIVE : MD_MODE_EXTEND;
    c->kind = s ? MD_KIND_S32 : MD_KIND_U32;
  } else if (sf->w == 64 && sf->num_u32 && sf->den_u32) {
    /* Both operands are < 2^32, hence also >= 0 as i64: the signed and
     * unsigned results agree with the 32-bit unsigned ones. */
    c->mode = MD_MODE_NARROW;
    c->kind = MD_KIND_U32;
  } else if (sf->w == 64 && s && sf->num_s32 && sf->den_s32) {
    /* sext'd 32-bit operands: the s32 core, quotient fixed up in 64 bits */
    c->mode = MD_MODE_SEXT;
    c->kind = MD_KIND_S32;
  } else if (sf->w == 64 && sf->launch_u32 < 0) {
    return MD_WHY_ASK_LAUNCH;
  } else if (sf->w == 64 && sf->launch_u32) {
    c->mode = MD_MODE_NARROW;
    c->kind = MD_KIND_U32;
  } else if (sf->w == 64) {
    if (!o->wide)
      return MD_WHY_NO_WIDE;
    c->mode = MD_MODE_NATIVE;
    c->kind = s ? MD_KIND_S64 : MD_KIND_U64;
  } else {
    return MD_WHY_WIDTH;
  }
  if ((c->kind == MD_KIND_S32 || c->kind == MD_KIND_S64) &&
      o->positive_divisors)
    c->flags |= MD_DF_POSITIVE;
  /* u64 by a sign-extended <= 32-bit value (size_t % int): require
   * d < 2^32 at launch (MD_DF_DIV32) so that remainders run in 32 bits; a
   * negative int divisor (d >= 2^64 - 2^31) runs the original. */
  if (c->kind == MD_KIND_U64 && sf->den_sext32)
    c->flags |= MD_DF_DIV32;
  /* s64 on NVPTX (and, for the CPU differential, option s64-fast32-ir):
   * the 32-bit path for dividends in [0, 2^32). */
  if (c->kind == MD_KIND_S64 && sf->fast32_target && o->s64_fast32)
    c->flags |= MD_DF_FAST32;
  return MD_WHY_OK;
}

/* The missed remark of a site left alone (detail: md_invariant's reason
 * for MD_WHY_NOT_INVARIANT, at lane `lane` of a vector). */
static void md_site_missed(const md_fctx *f, const md_site_facts *sf,
                           md_site_why why, unsigned lane, const char *detail) {
#define MD_X_WHY_NAME(why, name, text) name,
#define MD_X_WHY_TEXT(why, name, text) text,
  static const char *const name[] = {MD_SITE_WHY_LIST(MD_X_WHY_NAME)};
  static const char *const text[] = {MD_SITE_WHY_LIST(MD_X_WHY_TEXT)};
#undef MD_X_WHY_NAME
#undef MD_X_WHY_TEXT
  const char *op = md_op_name(sf->op);
  char ty[32], tail[320];
  const char *vec =
      sf->vector && (why == MD_WHY_NOT_INVARIANT || why == MD_WHY_TOO_MANY)
          ? "vector "
          : "";
  if (why == MD_WHY_VECTOR_SHAPE) {
    md_remarkf_in(
        MD_REMARK_MISSED, sf->inst, name[why], f->where,
        "magicdiv: vector %s left alone: not a fixed vector of at most "
        "%d integer lanes of 8, 16, 32 or 64 bits",
        op, MD_VEC_MAX_LANES);
    return;
  }
  if (sf->vector)
    snprintf(ty, sizeof ty, "<%u x i%u>", sf->lanes, sf->w);
  else
    snprintf(ty, sizeof ty, "i%u", sf->w);
  switch (why) {
  case MD_WHY_NOT_INVARIANT:
    if (sf->vector)
      snprintf(tail, sizeof tail, "left alone: lane %u: %s", lane, detail);
    else
      snprintf(tail, sizeof tail, "left alone: %s", detail);
    break;
  case MD_WHY_TOO_MANY:
    snprintf(tail, sizeof tail,
             "left alone: more than %d distinct divisors in this kernel",
             MD_MAX_DIVISORS);
    break;
  default: /* the list's text */
    snprintf(tail, sizeof tail, "%s", text[why]);
    break;
  }
  md_remarkf_in(MD_REMARK_MISSED, sf->inst, name[why], f->where,
                "magicdiv: %s%s %s %s", vec, op, ty, tail);
}

/* md_invariant's reason why the last program of f's context failed. */
static const char *md_site_inv_why(const md_fctx *f) {
  return f->inv.why ? f->inv.why : "divisor is not launch-invariant";
}

/* A launch requirement and the remark text of the fact it makes true. */
typedef struct md_site_req {
  int has;           /* the site assumes launch conditions */
  md_bounds_req req; /* the kernel's conditions with those the site assumes */
  char fact[256];
} md_site_req;

/* An i64 site whose operands are < 2^32 by launch-checked facts (what
 * compile-time facts did not show): the u32 core (MD_MODE_NARROW).  Both
 * < 2^32 are >= 0 as i64, so sdiv/srem agree with udiv/urem.  1 with the
 * prepared requirement and its remark text in r. */
static int md_site_launch_narrow(md_kdec *d, md_fctx *f,
                                 const md_site_facts *sf, md_site_req *r) {
  md_bounds_req br;
  int num_ok = sf->num_u32, den_ok = sf->den_u32;
  char bound[128];
  md_bounds_req_init(&br);
  if (!num_ok && !md_bounds_need(f->bounds, &br, sf->num, sf->inst,
                                 0xFFFFFFFFull, MD_BOUNDS_NOT_INVARIANT))
    return 0;
  md_bounds_describe(f->bounds, &br, bound, sizeof bound);
  if (!den_ok &&
      !md_bounds_need(f->bounds, &br, sf->den, sf->inst, 0xFFFFFFFFull, 0))
    return 0;
  if (md_kdec_req_prepare(d, f->bounds, &br, &r->req))
    return 0;
  snprintf(r->fact, sizeof r->fact, "%s%s%s%s%s", num_ok ? "" : "dividend in ",
           num_ok ? "" : bound, !num_ok && !den_ok ? " and " : "",
           den_ok ? "" : "divisor < 2^32",
           br.n ? " checked at launch" : " (constant bounds)");
  r->has = 1;
  return 1;
}

/* The dividend of a signed-core site is >= 0: proven, or (not provable at
 * compile time) 0 <= num <= 2^(w-1) - 1 from a launch-checked bound, when
 * the site assumes no launch condition yet. */
static int md_site_nonneg(md_kdec *d, md_fctx *f, const md_site_facts *sf,
                          md_site_req *r) {
  md_bounds_req br;
  char bound[128];
  if (md_range_nonneg(&f->range, sf->num, sf->inst))
    return 1;
  md_bounds_req_init(&br);
  if (r->has || !d->o->launch_ranges || !f->bounds ||
      !md_bounds_need(f->bounds, &br, sf->num, sf->inst,
                      (1ull << (sf->w - 1)) - 1, MD_BOUNDS_NOT_INVARIANT) ||
      md_kdec_req_prepare(d, f->bounds, &br, &r->req))
    return 0;
  md_bounds_describe(f->bounds, &br, bound, sizeof bound);
  snprintf(r->fact, sizeof r->fact, "dividend in %s%s", bound,
           br.n ? " checked at launch" : " (constant bounds)");
  r->has = 1;
  return 1;
}

/* The facts and the choice of a site (the opening checks of scalar and
 * vector sites alike); MD_WHY_OK, or the reason with its remark made. */
static md_site_why md_site_open(md_kdec *d, md_fctx *f, LLVMValueRef inst,
                                md_site_facts *sf, md_site_choice *c,
                                md_site_req *r) {
  md_site_why why;
  md_site_facts_of(d, f, inst, sf);
  r->has = 0;
  why = md_site_choose(sf, d->o, c);
  if (why == MD_WHY_ASK_LAUNCH) {
    sf->launch_u32 = md_site_launch_narrow(d, f, sf, r);
    why = md_site_choose(sf, d->o, c);
  }
  if (why != MD_WHY_OK)
    md_site_missed(f, sf, why, 0, NULL);
  return why;
}

/* The divisor program of one lane (lane 0 of a scalar site), narrowed to
 * the core's width.  1, or 0 (prog freed). */
static int md_site_program(md_fctx *f, const md_site_facts *sf,
                           const md_site_choice *c, unsigned lane,
                           md_buf *prog) {
  int ok;
  md_buf_init(prog);
  ok = sf->vector ? md_inv_lane_program(&f->inv, sf->den, lane, prog)
                  : md_inv_program(&f->inv, sf->den, prog);
  if (!ok) {
    md_buf_free(prog);
    return 0;
  }
  if (c->mode == MD_MODE_EXTEND)
    md_prog_cast(prog, sf->is_signed ? MD_OP_SEXT : MD_OP_ZEXT, sf->w, 32);
  else if (c->mode == MD_MODE_NARROW || c->mode == MD_MODE_SEXT)
    md_prog_cast(prog, MD_OP_TRUNC, 64, 32);
  return 1;
}

/* A vector division: every lane's divisor must be launch-invariant; the
 * lanes are then ordinary sites of the same width (8/16-bit lanes
 * extended, 64-bit lanes with the 64-bit kinds; no range facts). */
static void md_vector_site(md_kdec *d, md_fctx *f, const md_site_facts *sf,
                           const md_site_choice *c) {
  md_buf prog[MD_VEC_MAX_LANES];
  md_vsite vs;
  unsigned l, j;
  for (l = 0; l < sf->lanes; l++)
    if (!md_site_program(f, sf, c, l, &prog[l])) {
      md_site_missed(f, sf, MD_WHY_NOT_INVARIANT, l, md_site_inv_why(f));
      for (j = 0; j < l; j++)
        md_buf_free(&prog[j]);
      return;
    }
  memset(&vs, 0, sizeof vs);
  vs.inst = sf->inst;
  vs.lanes = sf->lanes;
  vs.mode = (int)c->mode;
  for (l = 0; l < sf->lanes; l++) {
    vs.divisor[l] = md_kdec_divisor(d, &prog[l], c->kind, c->flags);
    md_buf_free(&prog[l]);
  }
  for (l = 0; l < sf->lanes; l++)
    if (vs.divisor[l] < 0) {
      /* (divisors already entered stay in the table: unused, harmless) */
      md_site_missed(f, sf, MD_WHY_TOO_MANY, 0, NULL);
      return;
    }
  if (md_fctx_add_vsite(f, &vs))
    md_site_missed(f, sf, MD_WHY_NO_MEMORY, 0, NULL);
}

/* A scalar site whose divisor reads constant memory: the in-kernel path
 * (md_inkernel.h), which ran on this function first, decided about it
 * and said so in its own remark (transformed, native by its model, or
 * why not); the clone path, which cannot use such a divisor, adds none. */
static int md_site_inkernel_decided(const md_kdec *d, const md_fctx *f,
                                    const md_site_facts *sf) {
  md_hoist h;
  int reads = 0, ok;
  if (!d->o->inkernel || d->o->inkernel_args || sf->vector ||
      (f->inv.parent && !d->o->inkernel_callees)) /* a callee's context */
    return 0;
  md_hoist_init(&h, f->fn, f->inv.td, f->inv.target);
  ok = md_hoist_check(&h, sf->den, &reads);
  md_hoist_release(&h);
  return ok && reads;
}

void md_site_consider(md_kdec *d, md_fctx *f, LLVMValueRef inst) {
  md_site_facts sf;
  md_site_choice c;
  md_site_req r;
  md_site site;
  md_buf prog;
  int idx;

  if (md_site_open(d, f, inst, &sf, &c, &r) != MD_WHY_OK)
    return;
  if (sf.vector) {
    md_vector_site(d, f, &sf, &c);
    return;
  }
  if (!md_site_program(f, &sf, &c, 0, &prog)) {
    if (!md_site_inkernel_decided(d, f, &sf))
      md_site_missed(f, &sf, MD_WHY_NOT_INVARIANT, 0, md_site_inv_why(f));
    return;
  }
  site.nonneg = (c.kind == MD_KIND_S32 || c.kind == MD_KIND_S64) &&
                md_site_nonneg(d, f, &sf, &r);
  idx = md_kdec_divisor(d, &prog, c.kind, c.flags);
  md_buf_free(&prog);
  if (idx < 0) {
    md_site_missed(f, &sf, MD_WHY_TOO_MANY, 0, NULL);
    return;
  }
  site.inst = inst;
  site.divisor = idx;
  site.mode = c.mode;
  /* A 64-bit site's divisor fits 32 bits (unsigned: d < 2^32; signed:
   * -2^31 <= d < 2^31), proven or required at launch: 32-bit remainders. */
  site.rem32 =
      (c.kind == MD_KIND_U64 || c.kind == MD_KIND_S64) &&
      ((c.flags & MD_DF_DIV32) || (sf.is_signed ? sf.den_s32 : sf.den_u32));
  if (md_fctx_add_site(f, &site)) {
    md_site_missed(f, &sf, MD_WHY_NO_MEMORY, 0, NULL);
    return;
  }
  if (r.has && md_kdec_req_commit(d, inst, &r.req, r.fact)) {
    f->nsites--; /* its requirement is not recorded: the site stays */
    md_site_missed(f, &sf, MD_WHY_NO_MEMORY, 0, NULL);
  }
}

void md_site_decide_function(md_kdec *d, md_fctx *f) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(f->fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (md_is_div(i) && !md_inkernel_marked(i))
        md_site_consider(d, f, i);
  }
}

/* ---- remarks of the sites transformed ---- */

static void md_site_remark(const md_kdec *d, const md_fctx *f,
                           const md_site *s) {
  LLVMOpcode op = LLVMGetInstructionOpcode(s->inst);
  const md_divisor *dv = &d->divs[s->divisor];
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(s->inst));
  const char *how = s->mode == MD_MODE_EXTEND   ? ", extended to 32 bits"
                    : s->mode == MD_MODE_NARROW ? ", operands proven < 2^32"
                    : s->mode == MD_MODE_SEXT
                        ? ", operands proven to fit signed 32 bits"
                        : "";
  const char *sign = "";
  const char *fact = md_kdec_fact(d, s->inst);
  if (fact && s->mode == MD_MODE_NARROW)
    how = "";
  if (dv->kind == MD_KIND_S32 || dv->kind == MD_KIND_S64)
    sign =
        s->nonneg && !fact
            ? ((dv->flags & MD_DF_POSITIVE)
                   ? ", dividend >= 0, divisor > 0 checked at launch"
                   : ", dividend >= 0")
            : ((dv->flags & MD_DF_POSITIVE) ? ", divisor > 0 checked at launch"
                                            : "");
  md_remarkf_in(MD_REMARK_PASSED, s->inst, MD_RN(Transformed), f->where,
                "magicdiv: %s i%u by launch-invariant divisor #%d -> magic %s "
                "multiply-high%s%s%s%s",
                md_op_name(op), w, s->divisor, md_kind_str(dv->kind), how, sign,
                fact ? ", " : "", fact ? fact : "");
}

static void md_vector_remark(const md_kdec *d, const md_fctx *f,
                             const md_vsite *vs) {
  char list[8 * MD_VEC_MAX_LANES + 1];
  size_t len = 0;
  unsigned l;
  list[0] = 0;
  for (l = 0; l < vs->lanes; l++)
    len += (size_t)snprintf(list + len, sizeof list - len, "%s#%d",
                            l ? ", " : "", vs->divisor[l]);
  md_remarkf_in(MD_REMARK_PASSED, vs->inst, MD_RN(Transformed), f->where,
                "magicdiv: vector %s <%u x i%u> split into %u lanes by "
                "launch-invariant divisors %s -> magic %s multiply-high%s",
                md_op_name(LLVMGetInstructionOpcode(vs->inst)), vs->lanes,
                LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(vs->inst))),
                vs->lanes, list, md_kind_str(d->divs[vs->divisor[0]].kind),
                vs->mode == MD_MODE_EXTEND ? ", extended to 32 bits" : "");
}

void md_site_remarks(const md_kdec *d, const md_fctx *f) {
  unsigned i;
  for (i = 0; i < f->nsites; i++)
    md_site_remark(d, f, &f->sites[i]);
  for (i = 0; i < f->nvsites; i++)
    md_vector_remark(d, f, &f->vsites[i]);
}
