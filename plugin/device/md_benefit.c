/*
 * md_benefit.c -- the benefit model (md_benefit.h).
 *
 * Costs are SASS instructions on sm_90 (ptxas 13.0 -O3), {straight-line,
 * in a loop}, from bench/RESULTS.md "Per site: straight-line and in loop"
 * (2026-12-01, nvdisasm); the same table serves every target (gfx90a's is
 * close: same section).  A native 64-bit division by a value costs the
 * path that NVPTX's (and AMDGPU's) BypassSlowDivision takes for operands
 * below 2^32, a 32-bit division and the test: issued instructions on that
 * path (bench/RESULTS.md "Native 64-bit division at the path real values
 * take"), unless an operand is known to exceed 32 bits (then the full
 * 64-bit path, rows u64_div, s64_div); at a site whose clone computes it in
 * 32 bits (modes NARROW and SEXT) the 32-bit division of row seed32.
 * Other instructions cost 1, 64-bit integer arithmetic 2 (mul 3), moves and
 * markers 0.
 */
#include "device/md_benefit.h"

#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "support/md_ir.h"
#include "analysis/md_loops.h"

/* {straight-line, loop} */
static const double md_native_u32[2] = {19, 9};  /* u32_div */
static const double md_native_s32[2] = {24, 14}; /* s32_div */
static const double md_native_u64[2] = {100, 71}; /* u64_div */
static const double md_native_s64[2] = {115, 86}; /* s64_div */
static const double md_native_64by32[2] = {26, 24}; /* seed32: bypass */
/* The bypass path of a native 64-bit division, issued (pat.cu k1 / kL) */
static const double md_native_u64_bypass[2] = {29, 27};
static const double md_native_s64_bypass[2] = {29, 28};
static const double md_const_div = 4;            /* multiply-high, shift */

/* Magic sequences, quotient and remainder (a pair's extra q*d). */
static const double md_magic_u32[2][2] = {{6, 2}, {8, 4}};     /* u32 */
static const double md_magic_s32[2][2] = {{9, 5}, {11, 7}};    /* d > 0 */
static const double md_magic_s32a[2][2] = {{11, 6}, {13, 8}};  /* any d */
static const double md_magic_u64[2][2] = {{15, 12}, {22, 18}}; /* u64 */
static const double md_magic_u64r32[2] = {17, 15}; /* rem, d < 2^32 */
static const double md_magic_s64[2][2] = {{24, 19}, {26, 21}};
static const double md_magic_s64a[2][2] = {{26, 20}, {28, 22}};
/* s64 with the 32-bit path (MD_DF_FAST32), issued on the path where the
 * dividend fits 32 bits (the one values take; 38 / 34 on the other):
 * bench/RESULTS.md "s64 with a 32-bit path". */
static const double md_magic_s64f[2][2] = {{14, 13}, {19, 17}};
/* ... and on its 64-bit path, taken by a dividend known to exceed 32 bits
 * (md_known_wide): the same measurement. */
static const double md_magic_s64f_wide[2][2] = {{38, 34}, {43, 38}};

/* 1 if v is known to have a bit above the low 32 set (the bypass's test
 * (a | b) >> 32 == 0 then fails): a constant, a shift left by 32 or more,
 * an `or` with such a constant. */
static int md_known_wide(LLVMValueRef v) {
  LLVMValueRef c;
  if (LLVMIsAConstantInt(v))
    return (LLVMConstIntGetZExtValue(v) >> 32) != 0;
  if (!LLVMIsAInstruction(v) || LLVMGetNumOperands(v) != 2)
    return 0;
  c = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(c))
    return 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMShl:
    return LLVMConstIntGetZExtValue(c) >= 32;
  case LLVMOr:
    return md_known_wide(c);
  default:
    return 0;
  }
}

/* Native cost of division inst (any, constant divisors included). */
static double md_div_native(LLVMValueRef in, int loop) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  LLVMTypeRef t = LLVMTypeOf(in);
  int sgn = op == LLVMSDiv || op == LLVMSRem;
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
    t = LLVMGetElementType(t);
  if (LLVMIsAConstant(LLVMGetOperand(in, 1)))
    return md_const_div;
  if (md_type_width(t) > 64) /* i128: no bypass */
    return sgn ? md_native_s64[loop] : md_native_u64[loop];
  if (md_type_width(t) > 32) {
    if (md_known_wide(LLVMGetOperand(in, 0)) ||
        md_known_wide(LLVMGetOperand(in, 1)))
      return sgn ? md_native_s64[loop] : md_native_u64[loop];
    return sgn ? md_native_s64_bypass[loop] : md_native_u64_bypass[loop];
  }
  return op == LLVMSDiv || op == LLVMSRem ? md_native_s32[loop]
                                          : md_native_u32[loop];
}

/* Magic cost of one (lane of a) site: its kind, flags, mode and facts
 * (wide: its dividend is known to exceed 32 bits). */
static double md_site_magic(const md_divisor *dv, int mode, int nonneg,
                            int rem32, int rem, int wide, int loop) {
  int pos = (dv->flags & MD_DF_POSITIVE) != 0;
  double c;
  switch (dv->kind) {
  case MD_KIND_S32:
    if (nonneg)
      return md_magic_u32[rem][loop];
    c = pos ? md_magic_s32[rem][loop] : md_magic_s32a[rem][loop];
    return mode == MD_MODE_SEXT ? c + 2 : c; /* the 64-bit sign fix */
  case MD_KIND_U64:
    return rem && rem32 ? md_magic_u64r32[loop] : md_magic_u64[rem][loop];
  case MD_KIND_S64:
    if (dv->flags & MD_DF_FAST32)
      return wide ? md_magic_s64f_wide[rem][loop] : md_magic_s64f[rem][loop];
    if (nonneg)
      return md_magic_u64[rem][loop];
    return pos ? md_magic_s64[rem][loop] : md_magic_s64a[rem][loop];
  default:
    return md_magic_u32[rem][loop];
  }
}

static int md_is_rem(LLVMValueRef in) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  return op == LLVMURem || op == LLVMSRem;
}

/* Cost of a call: 0 for markers, else 1 (a body the model does not see
 * counts as one instruction: the share is then overestimated, which keeps
 * clones). */
static double md_call_cost(LLVMValueRef in) {
  LLVMValueRef f = LLVMGetCalledValue(in);
  size_t len = 0;
  const char *s;
  if (!f || !LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f))
    return 1;
  s = LLVMGetValueName2(f, &len);
  if ((len > 9 && memcmp(s, "llvm.dbg.", 9) == 0) ||
      md_is_lifetime_marker(in) ||
      (len >= 11 && memcmp(s, "llvm.assume", 11) == 0) ||
      (len > 18 && memcmp(s, "llvm.experimental.", 18) == 0))
    return 0;
  return 1;
}

/* Cost of an instruction that is no site. */
static double md_inst_cost(LLVMValueRef in, int loop) {
  LLVMTypeRef t = LLVMTypeOf(in);
  unsigned lanes = 1, w;
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    lanes = LLVMGetVectorSize(t);
    t = LLVMGetElementType(t);
  }
  w = md_type_width(t);
  switch (LLVMGetInstructionOpcode(in)) {
  case LLVMPHI:
  case LLVMFreeze:
  case LLVMBitCast:
  case LLVMUnreachable:
    return 0;
  case LLVMCall:
    return md_call_cost(in);
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
    return lanes * md_div_native(in, loop);
  case LLVMMul:
    return lanes * (w > 32 ? 3 : 1);
  case LLVMAdd:
  case LLVMSub:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    return lanes * (w > 32 ? 2 : 1);
  default:
    return 1;
  }
}

/* The estimate of one function (the kernel or a node's callee). */
typedef struct md_fn_est {
  double work, saving, loop_share;
  double code, code_saving; /* the same with every loop counted once */
  unsigned sites, in_loop; /* its sites and those below it */
} md_fn_est;

/* Everything one function's walk reads. */
typedef struct md_est {
  const md_kdec *d;
  const md_cplan *plan;
  md_fn_est node[MD_CALLEE_MAX];
  md_map sites, vsites; /* instruction -> md_site / md_vsite */
} md_est;

/* What one instruction costs and saves: weighted (cost, save) and with
 * loops counted once (code, code_save). */
typedef struct md_inst_costs {
  double cost, save, code, code_save;
} md_inst_costs;

/* The costs r of instruction in of the function of node self (-1: the
 * kernel), adding the sites it stands for to f. */
static void md_inst_est(md_est *e, int self, LLVMValueRef in, int loop,
                        md_inst_costs *r, md_fn_est *f) {
  const md_site *s = md_map_get(&e->sites, in);
  const md_vsite *vs = md_map_get(&e->vsites, in);
  unsigned i;
  int node = 0;
  r->save = 0;
  if (s) {
    r->cost = s->mode == MD_MODE_NARROW || s->mode == MD_MODE_SEXT
                ? md_native_64by32[loop]
                : md_div_native(in, loop);
    r->save = r->cost - md_site_magic(&e->d->divs[s->divisor], s->mode,
                                  s->nonneg, s->rem32, md_is_rem(in),
                                  md_known_wide(LLVMGetOperand(in, 0)), loop);
    f->sites++;
    f->in_loop += loop;
  } else if (vs) {
    r->cost = vs->lanes * md_div_native(in, loop);
    for (i = 0; i < vs->lanes; i++)
      r->save += md_div_native(in, loop) -
               md_site_magic(&e->d->divs[vs->divisor[i]], vs->mode, 0, 0,
                             md_is_rem(in), 0, loop);
    f->sites += vs->lanes;
    f->in_loop += loop ? vs->lanes : 0;
  } else {
    r->cost = md_inst_cost(in, loop);
    for (i = 0; e->plan && LLVMIsACallInst(in) && i < e->plan->n; i++)
      if (e->plan->node[i].parent == self && e->plan->node[i].needed &&
          e->plan->node[i].call == in) {
        const md_fn_est *c = &e->node[i];
        r->cost = c->work;
        r->save = c->saving;
        r->code = c->code;
        r->code_save = c->code_saving;
        node = 1;
        f->sites += c->sites;
        f->in_loop += loop ? c->sites : c->in_loop;
        if (c->loop_share > f->loop_share)
          f->loop_share = c->loop_share;
        break;
      }
  }
  if (r->save < 0)
    r->save = 0;
  if (!node) { /* a node's call counts its function's code instead */
    r->code = r->cost;
    r->code_save = r->save;
  }
}

/* The map of ctx's sites (scalar and vector).  0, or -1 out of memory. */
static int md_est_sites(md_est *e, const md_fctx *ctx) {
  unsigned i;
  md_map_release(&e->sites);
  md_map_release(&e->vsites);
  for (i = 0; i < ctx->nsites; i++)
    if (md_map_put(&e->sites, ctx->sites[i].inst, &ctx->sites[i]))
      return -1;
  for (i = 0; i < ctx->nvsites; i++)
    if (md_map_put(&e->vsites, ctx->vsites[i].inst, &ctx->vsites[i]))
      return -1;
  return 0;
}

/* The loops' work and saving (lw, ls: per loop, nested ones included) give
 * f's best loop share. */
static void md_loop_shares(const md_loops *l, double *lw, double *ls,
                           md_fn_est *f) {
  unsigned k;
  for (k = l->n; k-- > 0;) {
    if (l->parent[k] < l->n) {
      lw[l->parent[k]] += lw[k];
      ls[l->parent[k]] += ls[k];
    }
    if (ls[k] > 0 && lw[k] > 0 && ls[k] / lw[k] > f->loop_share)
      f->loop_share = ls[k] / lw[k];
  }
}

/* Estimate the function of context ctx (node self, or -1: the kernel). */
static int md_fn_estimate(md_est *e, const md_fctx *ctx, int self,
                          md_fn_est *f) {
  md_loops l;
  double *lw, *ls, w;
  md_inst_costs r;
  unsigned i, depth, k;
  LLVMValueRef in;
  memset(f, 0, sizeof *f);
  if (ctx->dom.n == 0) /* no dominators (out of memory): no estimate */
    return -1;
  if (md_est_sites(e, ctx) || md_loops_build(&l, &ctx->dom))
    return -1;
  lw = calloc(2 * (size_t)l.n + 1, sizeof *lw);
  if (!lw) {
    md_loops_release(&l);
    return -1;
  }
  ls = lw + l.n;
  for (i = 0; i < ctx->dom.n; i++) {
    depth = l.depth[i];
    for (w = 1, k = 0; k < depth && k < MD_BENEFIT_MAX_DEPTH; k++)
      w *= MD_BENEFIT_LOOP_TRIPS;
    for (in = LLVMGetFirstInstruction(ctx->dom.rpo[i]); in;
         in = LLVMGetNextInstruction(in)) {
      md_inst_est(e, self, in, depth > 0, &r, f);
      f->work += w * r.cost;
      f->saving += w * r.save;
      f->code += r.code;
      f->code_saving += r.code_save;
      if (l.inner[i] < l.n) {
        lw[l.inner[i]] += w * r.cost;
        ls[l.inner[i]] += w * r.save;
      }
    }
  }
  md_loop_shares(&l, lw, ls, f);
  free(lw);
  md_loops_release(&l);
  return 0;
}

int md_benefit_estimate(const md_kdec *d, const md_fctx *kctx,
                        const md_cplan *plan,
                        md_benefit *b) {
  md_est *e = calloc(1, sizeof *e);
  md_fn_est k;
  unsigned i;
  int st = -1;
  memset(b, 0, sizeof *b);
  if (!e)
    return -1;
  e->d = d;
  e->plan = plan;
  for (i = plan ? plan->n : 0; i-- > 0;) /* children after their parents */
    if (plan->node[i].needed &&
        md_fn_estimate(e, &plan->node[i].ctx, (int)i, &e->node[i]))
      goto done;
  if (md_fn_estimate(e, kctx, -1, &k))
    goto done;
  b->work = k.work;
  b->saving = k.saving;
  b->loop_share = k.loop_share;
  b->code = k.code;
  b->code_saving = k.code_saving;
  b->in_loop = k.in_loop;
  st = 0;
done:
  md_map_release(&e->sites);
  md_map_release(&e->vsites);
  free(e);
  return st;
}

double md_benefit_percent(const md_benefit *b) {
  double share = b->work > 0 ? b->saving / b->work : 0;
  if (b->loop_share > share)
    share = b->loop_share;
  return 100 * share;
}

double md_benefit_code_percent(const md_benefit *b) {
  return b->code > 0 ? 100 * b->code_saving / b->code : 0;
}

int md_benefit_pays(const md_benefit *b, double min_gain) {
  return md_benefit_percent(b) >= min_gain ||
         md_benefit_code_percent(b) >= MD_BENEFIT_CODE_FACTOR * min_gain;
}
