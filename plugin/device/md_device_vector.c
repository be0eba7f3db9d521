/*
 * md_device_vector.c -- vector divisions in a kernel (md_kstate.h): each
 * lane decided like a scalar site, the division split per lane in the
 * clone (md_vector.h), remarks for lanes left alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_kstate.h"
#include "md_prog.h"
#include "md_remark.h"

/* ---- vector divisions (md_vector.h): decided per lane ---- */

/* Decide about a vector division: every lane's divisor must be
 * launch-invariant (md_inv_lane_program); the lanes are then ordinary
 * sites of the same width (8/16-bit lanes extended, 64-bit lanes with the
 * 64-bit kinds; no range facts are used for lanes). */
void md_consider_vector_site(md_kstate *k, LLVMValueRef inst) {
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
  if (is_signed && !k->o->signed_) {
    md_remarkf(MD_REMARK_MISSED, inst, "Disabled",
               "magicdiv: %s <%u x i%u> left alone: signed division disabled "
               "(no-signed)", md_op_name(op), lanes, w);
    return;
  }
  if (w == 64 && !k->o->wide) {
    md_remarkf(MD_REMARK_MISSED, inst, "Disabled",
               "magicdiv: %s <%u x i64> left alone: 64-bit division disabled "
               "(no-wide)", md_op_name(op), lanes);
    return;
  }
  mode = w < 32 ? MD_MODE_EXTEND : MD_MODE_NATIVE;
  kind = w == 64 ? (is_signed ? MD_KIND_S64 : MD_KIND_U64)
                 : (is_signed ? MD_KIND_S32 : MD_KIND_U32);
  if (is_signed && k->o->positive_divisors)
    flags |= MD_DF_POSITIVE;
  for (l = 0; l < lanes; l++) {
    md_buf_init(&prog[l]);
    if (!md_inv_lane_program(&k->inv, den, l, &prog[l])) {
      md_remarkf(MD_REMARK_MISSED, inst, "NotLaunchInvariant",
                 "magicdiv: vector %s <%u x i%u> left alone: lane %u: %s",
                 md_op_name(op), lanes, w, l,
                 k->inv.why ? k->inv.why : "divisor is not launch-invariant");
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
    vs.divisor[l] = md_find_divisor(k, &prog[l], kind, flags);
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
  if (k->nvsites == k->capvsites) {
    unsigned cap = k->capvsites ? 2 * k->capvsites : 4;
    md_vsite *nv = realloc(k->vsites, cap * sizeof *nv);
    if (!nv)
      return; /* out of memory: the site stays */
    k->vsites = nv;
    k->capvsites = cap;
  }
  k->vsites[k->nvsites++] = vs;
}

/* Build: split the vector sites in the clone (map: original -> clone) and
 * append their lanes to sites[n..); returns the new count, or 0 with
 * nothing split when a vector site has no copy. */
unsigned md_split_vector_sites(md_kstate *k, const md_vmap *map,
                               md_site *sites, unsigned n) {
  unsigned i, l;
  LLVMValueRef lane[MD_VEC_MAX_LANES];
  for (i = 0; i < k->nvsites; i++)
    if (!md_vmap_lookup(map, k->vsites[i].inst))
      return 0;
  for (i = 0; i < k->nvsites; i++) {
    md_vsite *vs = &k->vsites[i];
    md_vec_split(md_vmap_lookup(map, vs->inst), lane);
    for (l = 0; l < vs->lanes; l++) {
      sites[n].inst = lane[l];
      sites[n].divisor = vs->divisor[l];
      sites[n].mode = (md_site_mode)vs->mode;
      sites[n].nonneg = 0;
      sites[n].rem32 = 0;
      n++;
    }
  }
  return n;
}

void md_vector_remarks(md_kstate *k) {
  unsigned i, l;
  for (i = 0; i < k->nvsites; i++) {
    md_vsite *vs = &k->vsites[i];
    char list[8 * MD_VEC_MAX_LANES + 1];
    size_t len = 0;
    const md_divisor *d = &k->divs[vs->divisor[0]];
    list[0] = 0;
    for (l = 0; l < vs->lanes; l++)
      len += (size_t)snprintf(list + len, sizeof list - len, "%s#%d",
                              l ? ", " : "", vs->divisor[l]);
    md_remarkf(MD_REMARK_PASSED, vs->inst, "Transformed",
               "magicdiv: vector %s <%u x i%u> split into %u lanes by "
               "launch-invariant divisors %s -> magic %s multiply-high%s",
               md_op_name(LLVMGetInstructionOpcode(vs->inst)), vs->lanes,
               LLVMGetIntTypeWidth(LLVMGetElementType(LLVMTypeOf(vs->inst))),
               vs->lanes, list, md_kind_str(d->kind),
               vs->mode == MD_MODE_EXTEND ? ", extended to 32 bits" : "");
  }
}

unsigned md_vector_lane_count(const md_kstate *k) {
  unsigned i, n = 0;
  for (i = 0; i < k->nvsites; i++)
    n += k->vsites[i].lanes;
  return n;
}

/* ---- end of vector divisions ---- */
