/*
 * md_device.c -- the device transform (see md_pass.c for the overview).
 *
 * For each kernel K, three phases; the module changes only in the last:
 *   decide  find the candidate sites (scalar udiv/sdiv/urem/srem of width
 *           8, 16, 32 or 64 whose divisor is not a constant), ask
 *           md_invariant for each divisor's host program (one memoizing
 *           context per kernel) and md_range for the dividend's facts,
 *           pick each site's kind and mode; equal (program, kind, flags)
 *           share one divisor entry and one set of magic parameters;
 *   build   clone K as K__magicdiv with the magic parameters appended,
 *           rewrite the sites in the clone (md_rewrite), verify it, write
 *           the descriptor bytes and check them with the runtime's own
 *           validator; any failure deletes the clone and leaves K alone;
 *   commit  add the descriptor K__magicdiv_desc, copy K's kernel marking,
 *           keep both in @llvm.used, and only now say "transformed".
 * K itself is never modified.  Kernels without qualifying sites get no
 * clone; every site or kernel left alone gets a remark saying why.
 *
 * Errors: functions that decide return 1 (yes) / 0 (no, with a remark);
 * functions that build return the new value or NULL, leaving nothing
 * behind in the module.
 */
#include "md_device.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_desc.h"
#include "md_callee.h"
#include "md_bounds.h"
#include "md_clone.h"
#include "md_desc_emit.h"
#include "md_dom.h"
#include "md_invariant.h"
#include "md_names.h"
#include "md_prog.h"
#include "md_range.h"
#include "md_rewrite.h"
#include "md_vector.h"

#include "md_kstate.h"

void md_keep_add(md_keep *k, LLVMValueRef g) {
  if (k->n == k->cap) {
    unsigned cap = k->cap ? 2 * k->cap : 16;
    LLVMValueRef *nv = realloc(k->v, cap * sizeof *nv);
    if (!nv)
      return; /* not kept in @llvm.used: still correct at this point */
    k->v = nv;
    k->cap = cap;
  }
  k->v[k->n++] = g;
}


const char *md_op_name(LLVMOpcode op) {
  switch (op) {
  case LLVMUDiv: return "udiv";
  case LLVMSDiv: return "sdiv";
  case LLVMURem: return "urem";
  default: return "srem";
  }
}

int md_is_div(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  return op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem;
}

/* Index of the divisor entry (prog, kind, flags), adding it if new; -1 when
 * the table is full. */
int md_find_divisor(md_kstate *k, md_buf *prog, int kind, int flags) {
  unsigned i;
  for (i = 0; i < k->ndivs; i++)
    if (k->divs[i].kind == kind && k->divs[i].flags == flags &&
        md_buf_cmp(&k->divs[i].prog, prog) == 0)
      return (int)i;
  if (k->ndivs == MD_MAX_DIVISORS)
    return -1;
  k->divs[k->ndivs].prog = *prog;
  md_buf_init(prog); /* ownership moved */
  k->divs[k->ndivs].kind = kind;
  k->divs[k->ndivs].flags = flags;
  k->divs[k->ndivs].first_extra = k->n_extra;
  k->n_extra += (unsigned)md_kind_params(kind, flags);
  return (int)k->ndivs++;
}

static int md_add_site(md_kstate *k, LLVMValueRef inst, int divisor,
                       md_site_mode mode, int nonneg, int rem32) {
  if (k->nsites == k->capsites) {
    unsigned cap = k->capsites ? 2 * k->capsites : 16;
    md_site *ns = realloc(k->sites, cap * sizeof *ns);
    if (!ns)
      return 0;
    k->sites = ns;
    k->capsites = cap;
  }
  k->sites[k->nsites].inst = inst;
  k->sites[k->nsites].divisor = divisor;
  k->sites[k->nsites].mode = mode;
  k->sites[k->nsites].nonneg = nonneg;
  k->sites[k->nsites].rem32 = rem32;
  k->nsites++;
  return 1;
}

/* ---- launch-checked facts (issue 10; the analysis is md_bounds.c) ---- */

/* The kernel's conditions with those of r added, in *merged; 0 when they
 * would exceed MD_MAX_REQS (the fact is then not used). */
static int md_req_prepare(md_kstate *k, const md_breq *r, md_breq *merged) {
  *merged = k->req;
  return md_bounds_merge(&k->bounds, merged, r);
}

/* Commit prepared conditions and the remark text of site inst. */
static void md_req_commit(md_kstate *k, LLVMValueRef inst,
                          const md_breq *merged, const char *fact) {
  char *t = malloc(strlen(fact) + 1);
  k->req = *merged;
  if (t) {
    char *old = md_map_get(&k->facts, inst); /* each site is decided once */
    strcpy(t, fact);
    if (md_map_put(&k->facts, inst, t))
      free(t); /* out of memory: the remark omits the fact */
    else
      free(old);
  }
}

/* An i64 site whose operands are < 2^32 by launch-checked facts (what
 * compile-time facts did not show): the u32 core (MD_MODE_NARROW).  Both
 * < 2^32 are >= 0 as i64, so sdiv/srem agree with udiv/urem.  1 with the
 * prepared requirement in req and the remark text in fact. */
static int md_launch_narrow(md_kstate *k, LLVMValueRef inst, LLVMValueRef num,
                            LLVMValueRef den, md_breq *req, char *fact,
                            size_t size) {
  md_breq br;
  int num_ok = md_fits_unsigned(&k->range, num, 32);
  int den_ok = md_fits_unsigned(&k->range, den, 32);
  char bound[128];
  md_breq_init(&br);
  if (!num_ok && !md_bounds_need(&k->bounds, &br, num, inst, 0xFFFFFFFFull,
                                 MD_BND_NOT_INVARIANT))
    return 0;
  md_bounds_describe(&k->bounds, &br, bound, sizeof bound);
  if (!den_ok && !md_bounds_need(&k->bounds, &br, den, inst, 0xFFFFFFFFull, 0))
    return 0;
  if (!md_req_prepare(k, &br, req))
    return 0;
  snprintf(fact, size, "%s%s%s%s%s", num_ok ? "" : "dividend in ",
           num_ok ? "" : bound, !num_ok && !den_ok ? " and " : "",
           den_ok ? "" : "divisor < 2^32",
           br.n ? " checked at launch" : " (constant bounds)");
  return 1;
}

/* Decide about one division site of the original kernel. */
void md_consider_site(md_kstate *k, LLVMValueRef inst) {
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

  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind) {
    md_consider_vector_site(k, inst);
    return;
  }
  w = LLVMGetIntTypeWidth(ty);
  if (LLVMIsAConstant(den)) {
    md_remarkf(MD_REMARK_MISSED, inst, "ConstantDivisor",
               "magicdiv: %s i%u by a compile-time constant left to LLVM",
               md_op_name(op), w);
    return;
  }
  if (is_signed && !k->o->signed_) {
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
  } else if (w == 64 && md_fits_unsigned(&k->range, num, 32) &&
             md_fits_unsigned(&k->range, den, 32)) {
    /* Both operands are < 2^32, hence also >= 0 as i64: the signed and
     * unsigned results agree with the 32-bit unsigned ones. */
    mode = MD_MODE_NARROW;
    kind = MD_KIND_U32;
  } else if (w == 64 && is_signed && md_fits_signed(&k->range, num, 32) &&
             md_fits_signed(&k->range, den, 32)) {
    /* sext'd 32-bit operands: the s32 core, quotient fixed up in 64 bits */
    mode = MD_MODE_SEXT;
    kind = MD_KIND_S32;
  } else if (w == 64 && k->o->launch_ranges && !k->in_callee &&
             md_launch_narrow(k, inst, num, den, &req, fact, sizeof fact)) {
    mode = MD_MODE_NARROW;
    kind = MD_KIND_U32;
    has_req = 1;
  } else if (w == 64) {
    if (!k->o->wide) {
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
  if (!md_inv_program(&k->inv, den, &prog)) {
    md_remarkf(MD_REMARK_MISSED, inst, "NotLaunchInvariant",
               "magicdiv: %s i%u left alone: %s", md_op_name(op), w,
               k->inv.why ? k->inv.why : "divisor is not launch-invariant");
    md_buf_free(&prog);
    return;
  }
  if (mode == MD_MODE_EXTEND) {
    md_prog_cast(&prog, is_signed ? MD_OP_SEXT : MD_OP_ZEXT, w, 32);
  } else if (mode == MD_MODE_NARROW || mode == MD_MODE_SEXT) {
    md_prog_cast(&prog, MD_OP_TRUNC, 64, 32);
  }
  if (kind == MD_KIND_S32 || kind == MD_KIND_S64) {
    if (k->o->positive_divisors)
      flags |= MD_DF_POSITIVE;
    nonneg = md_known_nonneg(&k->range, num, inst);
    /* Not provable at compile time: 0 <= num <= 2^(w-1) - 1, i.e. >= 0,
     * from a launch-checked bound. */
    md_breq_init(&br);
    if (!nonneg && !has_req && k->o->launch_ranges && !k->in_callee &&
        md_bounds_need(&k->bounds, &br, num, inst, (1ull << (w - 1)) - 1,
                       MD_BND_NOT_INVARIANT) &&
        md_req_prepare(k, &br, &req)) {
      char bound[128];
      md_bounds_describe(&k->bounds, &br, bound, sizeof bound);
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
  idx = md_find_divisor(k, &prog, kind, flags);
  md_buf_free(&prog);
  if (has_req && idx >= 0)
    md_req_commit(k, inst, &req, fact);
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
                    (is_signed ? md_fits_signed(&k->range, den, 32)
                               : md_fits_unsigned(&k->range, den, 32))
              : 0;
  md_add_site(k, inst, idx, mode, nonneg, rem32); /* on OOM: the site stays */
}


static void md_free_kstate(md_kstate *k) {
  unsigned i;
  size_t j;
  for (i = 0; i < k->ndivs; i++)
    md_buf_free(&k->divs[i].prog);
  free(k->vsites);
  for (j = 0; j < k->facts.cap; j++)
    if (k->facts.keys[j])
      free(k->facts.vals[j]);
  md_map_release(&k->facts);
  md_bounds_release(&k->bounds);
  free(k->sites);
  md_callee_plan_free(k->plan);
  md_range_release(&k->range);
  md_inv_release(&k->inv);
  md_dom_release(&k->dom);
}

void md_site_remark(md_kstate *k, const md_site *s) {
  LLVMOpcode op = LLVMGetInstructionOpcode(s->inst);
  const md_divisor *d = &k->divs[s->divisor];
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(s->inst));
  const char *how =
      s->mode == MD_MODE_EXTEND   ? ", extended to 32 bits"
      : s->mode == MD_MODE_NARROW ? ", operands proven < 2^32"
      : s->mode == MD_MODE_SEXT   ? ", operands proven to fit signed 32 bits"
                                  : "";
  const char *sign = "";
  const char *fact = md_map_get(&k->facts, s->inst);
  if (fact && s->mode == MD_MODE_NARROW)
    how = "";
  if (d->kind == MD_KIND_S32 || d->kind == MD_KIND_S64)
    sign = s->nonneg && !fact ? ((d->flags & MD_DF_POSITIVE)
                            ? ", dividend >= 0, divisor > 0 checked at launch"
                            : ", dividend >= 0")
                     : ((d->flags & MD_DF_POSITIVE)
                            ? ", divisor > 0 checked at launch"
                            : "");
  md_remarkf(MD_REMARK_PASSED, s->inst, "Transformed",
             "magicdiv: %s i%u by launch-invariant divisor #%d -> magic %s "
             "multiply-high%s%s%s%s",
             md_op_name(op), w, s->divisor, md_kind_str(d->kind), how, sign,
             fact ? ", " : "", fact ? fact : "");
}

/* CUDA's classic limit on a kernel's parameter space (bytes).  Newer
 * drivers allow 32 KB on sm_70+, but a clone must build wherever its
 * original builds, so the conservative limit is used. */
#define MD_NVPTX_PARAM_LIMIT 4096

/* Bytes of parameter space the clone would need: the original parameters
 * (byval structs by value) and the magic parameters, each aligned. */
static unsigned long long md_clone_param_bytes(md_kstate *k,
                                               const LLVMTypeRef *extra) {
  unsigned np = LLVMCountParams(k->kernel), i;
  unsigned long long total = 0;
  for (i = 0; i < np + k->n_extra; i++) {
    LLVMTypeRef t =
        i < np ? md_param_passed_type(k->kernel, i) : extra[i - np];
    unsigned long long size, align;
    size = LLVMABISizeOfType(k->td, t);
    align = LLVMABIAlignmentOfType(k->td, t);
    if (align > 1)
      total = (total + align - 1) / align * align;
    total += size;
  }
  return total;
}

/* The magic parameter types of the clone, in order. */
void md_extra_types(md_kstate *k, LLVMTypeRef *types) {
  LLVMContextRef ctx = LLVMGetModuleContext(k->m);
  unsigned i;
  for (i = 0; i < k->ndivs; i++) {
    int j, n = md_kind_params(k->divs[i].kind, k->divs[i].flags);
    LLVMTypeRef t = LLVMIntTypeInContext(
        ctx, (unsigned)md_kind_width(k->divs[i].kind));
    for (j = 0; j < n; j++)
      types[k->divs[i].first_extra + (unsigned)j] = t;
  }
}

/* A called function's clone has the magic parameters of the divisors in
 * `used` only (bit d: divisor d), in divisor order; the kernel's clone has
 * all of them (used = MD_ALL_DIVISORS). */

/* Index, among the magic parameters of a clone with `used`, of divisor
 * d's first one; with d = k->ndivs, their number. */
unsigned md_used_offset(const md_kstate *k, uint64_t used,
                        unsigned d) {
  unsigned i, off = 0;
  for (i = 0; i < d && i < k->ndivs; i++)
    if (used >> i & 1)
      off += (unsigned)md_kind_params(k->divs[i].kind, k->divs[i].flags);
  return off;
}

/* Name the clone's magic parameters md.dI.{m,a,s,dsgn} and collect them
 * per divisor (the kernel's clone: used = MD_ALL_DIVISORS; a called
 * function's clone: its divisors, md_callee.h). */
void md_magic_params(md_kstate *k, LLVMValueRef clone, uint64_t used,
                     md_magic_vals *mv) {
  static const char *pn[4] = {"m", "a", "s", "dsgn"};
  unsigned np = LLVMCountParams(clone) - md_used_offset(k, used, k->ndivs);
  unsigned i;
  for (i = 0; i < k->ndivs; i++) {
    unsigned base = np + md_used_offset(k, used, i);
    int j, n = md_kind_params(k->divs[i].kind, k->divs[i].flags);
    if (!(used >> i & 1)) {
      memset(&mv[i], 0, sizeof mv[i]); /* no site of this clone uses it */
      continue;
    }
    char nm[32];
    memset(&mv[i], 0, sizeof mv[i]);
    mv[i].kind = k->divs[i].kind;
    mv[i].m = LLVMGetParam(clone, base);
    mv[i].a = LLVMGetParam(clone, base + 1);
    mv[i].s = LLVMGetParam(clone, base + 2);
    mv[i].dsgn = n > 3 ? LLVMGetParam(clone, base + 3) : NULL;
    for (j = 0; j < n; j++) {
      int len = snprintf(nm, sizeof nm, "md.d%u.%s", i, pn[j]);
      LLVMSetValueName2(LLVMGetParam(clone, base + (unsigned)j), nm,
                        (size_t)len);
    }
  }
}

/* Does a launch check that runs anyway imply condition i of the kernel's
 * requirements?  "zext(d) <= 2^(w-1) - 1" (md_bounds' guard for d > 0)
 * holds whenever the clone runs if d is also a w-bit MD_DF_POSITIVE
 * divisor of this descriptor (same program): the runtime launches the
 * clone only after checking d > 0. */
static int md_req_implied(md_kstate *k, unsigned i) {
  const md_buf *prog;
  unsigned w, j;
  uint64_t limit;
  if (!md_bounds_cond_leaf(&k->bounds, &k->req, i, &prog, &w, &limit) ||
      (w != 32 && w != 64) || limit < (1ull << (w - 1)) - 1)
    return 0;
  for (j = 0; j < k->ndivs; j++)
    if ((k->divs[j].flags & MD_DF_POSITIVE) &&
        md_kind_width(k->divs[j].kind) == (int)w &&
        md_buf_cmp(&k->divs[j].prog, prog) == 0)
      return 1;
  return 0;
}

/* Build: the descriptor bytes of the kernel's clone, checked by the
 * runtime's validator.  0, or -1 (out is empty). */
static int md_build_descriptor(md_kstate *k, md_buf *out) {
  unsigned np = LLVMCountParams(k->kernel), i;
  uint32_t *sizes = malloc((np ? np : 1) * sizeof *sizes);
  md_desc_div divs[MD_MAX_DIVISORS];
  md_buf reqs[MD_MAX_REQS];
  unsigned nreqs = 0;
  int st = -1, reqs_ok = 1;
  md_buf_init(out);
  if (!sizes)
    return -1;
  for (i = 0; i < MD_MAX_REQS; i++)
    md_buf_init(&reqs[i]);
  for (i = 0; i < k->req.n; i++) {
    if (md_req_implied(k, i))
      continue;
    if (!md_bounds_program(&k->bounds, &k->req, i, &reqs[nreqs]) ||
        reqs[nreqs].oom) {
      reqs_ok = 0; /* cannot happen: checked when each was added */
      break;
    }
    nreqs++;
  }
  for (i = 0; i < np; i++)
    sizes[i] = (uint32_t)LLVMABISizeOfType(
        k->td, md_param_passed_type(k->kernel, i));
  for (i = 0; i < k->ndivs; i++) {
    divs[i].prog = &k->divs[i].prog;
    divs[i].kind = k->divs[i].kind;
    divs[i].flags = k->divs[i].flags;
    divs[i].first_extra = k->divs[i].first_extra;
  }
  if (reqs_ok &&
      md_desc_build(out, sizes, np, divs, k->ndivs, k->n_extra, reqs,
                    nreqs) == 0)
    st = md_desc_validate(out->p, out->n) == MD_OK ? 0 : -1;
  for (i = 0; i < MD_MAX_REQS; i++)
    md_buf_free(&reqs[i]);
  free(sizes);
  if (st)
    md_buf_free(out);
  return st;
}


/* Build: K__magicdiv with its sites rewritten and verified, and the clones
 * of the functions it calls; NULL (nothing left in the module) with a
 * remark when they cannot be made. */
static LLVMValueRef md_build_clone(md_kstate *k, const char *cname) {
  LLVMTypeRef types[MD_MAX_EXTRA];
  md_magic_vals mv[MD_MAX_DIVISORS];
  md_vmap *map = NULL;
  LLVMValueRef clone;

  md_extra_types(k, types);
  if (k->t == MD_TARGET_NVPTX &&
      md_clone_param_bytes(k, types) > MD_NVPTX_PARAM_LIMIT) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, "ParamSpace",
               "magicdiv: kernel '%.*s' left alone: its parameters and %u "
               "magic parameter(s) would exceed %d bytes of parameter space",
               (int)k->klen, k->kname, k->n_extra, MD_NVPTX_PARAM_LIMIT);
    return NULL;
  }
  clone = md_clone_function(k->kernel, cname, types, k->n_extra, &map);
  if (!clone) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, "CloneFailed",
               "magicdiv: kernel '%.*s' left alone: it cannot be cloned (%s)",
               (int)k->klen, k->kname, md_clone_refusal_reason());
    return NULL;
  }
  md_magic_params(k, clone, MD_ALL_DIVISORS, mv);
  if (md_rewrite_clone(k, clone, map, mv)) {
    md_vmap_free(map);
    md_remark(MD_REMARK_MISSED, k->kernel, "InternalError",
              "magicdiv: internal error: a division has no copy in the "
              "clone; the clone was dropped");
    LLVMDeleteFunction(clone);
    return NULL;
  }
  if (k->plan && k->ncallee && md_build_callee_clones(k, clone, map)) {
    md_vmap_free(map);
    md_drop_clones(k, clone);
    return NULL;
  }
  md_vmap_free(map);
  if (k->o->verify && LLVMVerifyFunction(clone, LLVMReturnStatusAction)) {
    md_remark(MD_REMARK_MISSED, k->kernel, "InternalError",
              "magicdiv: internal error: the clone failed verification and "
              "was dropped; please report this kernel");
    md_drop_clones(k, clone);
    return NULL;
  }
  return clone;
}

/* Build and commit K__magicdiv and its descriptor.  Returns 1 if the
 * module changed. */
static int md_make_clone(md_kstate *k, const char *cname, const char *dname) {
  LLVMValueRef *orig = malloc((k->nsites ? k->nsites : 1) * sizeof *orig);
  LLVMValueRef clone, desc;
  md_buf bytes;
  unsigned i;

  if (!orig)
    return 0;
  for (i = 0; i < k->nsites; i++)
    orig[i] = k->sites[i].inst;
  if (md_build_descriptor(k, &bytes)) {
    md_remark(MD_REMARK_MISSED, k->kernel, "InternalError",
              "magicdiv: internal error: the descriptor failed the "
              "runtime's validation; kernel left alone");
    free(orig);
    return 0;
  }
  clone = md_build_clone(k, cname);
  if (!clone) {
    md_buf_free(&bytes);
    free(orig);
    return 0;
  }

  /* Commit. */
  desc = md_emit_descriptor(k->m, k->t, k->kernel, &bytes, dname);
  md_buf_free(&bytes);
  md_copy_kernel_annotations(k->m, k->kernel, clone);
  /* LLVM < 20 marks NVPTX kernels by !nvvm.annotations only, and caches
   * them per module: a cache filled before this pass ran does not list the
   * clone, which then compiles as a .func.  The ptx_kernel calling
   * convention is checked when the cache has no entry, so set it too. */
  if (k->t == MD_TARGET_NVPTX)
    LLVMSetFunctionCallConv(clone, LLVMPTXKernelCallConv);
  md_keep_add(k->keep, desc);
  md_keep_add(k->keep, clone);
  for (i = 0; i < k->nsites; i++) {
    md_site s = k->sites[i];
    s.inst = orig[i]; /* remarks name the original's sites */
    md_site_remark(k, &s);
  }
  md_vector_remarks(k);
  md_callee_remarks(k);
  free(orig);
  md_remarkf(MD_REMARK_PASSED, k->kernel, "Cloned",
             "magicdiv: kernel '%.*s' cloned as '%s': %u division "
             "site(s), %u distinct divisor(s), %u magic parameter(s)",
             (int)k->klen, k->kname, cname,
             k->nsites + k->nvsites + k->ncallee, k->ndivs, k->n_extra);
  return 1;
}

/* Decide: may K get a clone under the reserved names?  1, or 0 with a
 * remark. */
static int md_names_free(md_kstate *k, const char *cname, const char *dname) {
  if (md_name_ends_with(k->kname, k->klen, MD_CLONE_SUFFIX) ||
      md_name_ends_with(k->kname, k->klen, MD_PLAIN_SUFFIX)) {
    md_remarkf(MD_REMARK_ANALYSIS, k->kernel, "ReservedName",
               "magicdiv: kernel '%.*s' left alone: its name ends in the "
               "reserved suffix '%s' (a clone made by magicdiv, or a name "
               "that looks like one)",
               (int)k->klen, k->kname, MD_CLONE_SUFFIX);
    return 0;
  }
  if (LLVMGetNamedFunction(k->m, cname) || LLVMGetNamedGlobal(k->m, cname)) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, "NameTaken",
               "magicdiv: kernel '%.*s' left alone: '%s' already exists "
               "(the pass ran twice on this module, or the name is taken)",
               (int)k->klen, k->kname, cname);
    return 0;
  }
  if (LLVMGetNamedGlobal(k->m, dname) || LLVMGetNamedFunction(k->m, dname)) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, "NameTaken",
               "magicdiv: kernel '%.*s' left alone: '%s', the name of its "
               "descriptor, already exists",
               (int)k->klen, k->kname, dname);
    return 0;
  }
  return 1;
}

int md_transform_kernel(LLVMModuleRef m, md_target t, const md_options *o,
                        LLVMTargetDataRef td, LLVMValueRef kernel,
                        md_keep *keep, md_map *reported, const char *csuffix,
                        const char *dsuffix) {
  md_kstate k;
  LLVMBasicBlockRef bb;
  int changed = 0;
  char *cname, *dname;

  memset(&k, 0, sizeof k);
  k.m = m;
  k.t = t;
  k.o = o;
  k.td = td;
  k.kernel = kernel;
  k.keep = keep;
  k.kname = LLVMGetValueName2(kernel, &k.klen);
  cname = md_name_suffix(k.kname, k.klen, csuffix);
  dname = md_name_suffix(k.kname, k.klen, dsuffix);
  if (!cname || !dname || !md_names_free(&k, cname, dname)) {
    free(cname);
    free(dname);
    return 0;
  }
  if (LLVMCountParams(kernel) > MD_MAX_PARAMS - MD_MAX_EXTRA) {
    md_remarkf(MD_REMARK_MISSED, kernel, "TooManyParams",
               "magicdiv: kernel left alone: more than %d parameters",
               MD_MAX_PARAMS - MD_MAX_EXTRA);
    free(cname);
    free(dname);
    return 0;
  }
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(kernel))) {
    md_remark(MD_REMARK_MISSED, kernel, "VarArg",
              "magicdiv: variadic kernel left alone");
    free(cname);
    free(dname);
    return 0;
  }

  /* Decide. */
  md_dom_build(&k.dom, kernel); /* out of memory: no branch facts */
  md_inv_init(&k.inv, kernel, td, t);
  md_range_init(&k.range, &k.dom);
  md_bounds_init(&k.bounds, &k.inv, &k.dom, &k.range, t);
  md_breq_init(&k.req);
  for (bb = LLVMGetFirstBasicBlock(kernel); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (md_is_div(i))
        md_consider_site(&k, i);
  }
  /* Divisions in the device functions it calls (md_callee.h). */
  k.plan = md_callee_plan(kernel, td, t, reported);
  if (k.plan)
    k.ncallee = md_consider_callees(&k);
  if (k.nsites + k.nvsites + k.ncallee == 0)
    md_remarkf(MD_REMARK_ANALYSIS, kernel, "NoSites",
               "magicdiv: %s kernel '%.*s': no division by a launch-invariant "
               "divisor in its own code or the device functions it calls",
               md_target_name(t), (int)k.klen, k.kname);
  else {
    /* Build, then commit. */
    changed = md_make_clone(&k, cname, dname);
    md_remarkf(MD_REMARK_ANALYSIS, kernel, "KernelSummary",
               "magicdiv: %s kernel '%.*s': %u division site(s) with a "
               "launch-invariant divisor, %s",
               md_target_name(t), (int)k.klen, k.kname,
               k.nsites + k.nvsites + k.ncallee,
               changed ? "cloned" : "not cloned");
  }
  md_free_kstate(&k);
  free(cname);
  free(dname);
  return changed;
}

int md_device_run(LLVMModuleRef m, md_target t, const md_options *o) {
  LLVMValueRef *kernels = NULL;
  unsigned n = md_collect_kernels(m, t, o, &kernels), i;
  LLVMTargetDataRef td;
  md_keep keep = {NULL, 0, 0};
  md_map reported = {0}; /* functions whose divisions have a remark */
  int changed = 0;
  if (t != MD_TARGET_HOST) /* (not for any-target test modules) */
    md_callee_report_unreached(m, kernels, n);
  if (n == 0) {
    free(kernels);
    return 0;
  }
  td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  for (i = 0; i < n; i++)
    if (md_transform_kernel(m, t, o, td, kernels[i], &keep, &reported,
                            MD_CLONE_SUFFIX, MD_DESC_SUFFIX)) {
      md_tiers_add(m, t, o, td, kernels[i], &keep); /* md_tiers.c */
      changed = 1;
    }
  md_append_used(m, keep.v, keep.n);
  md_map_release(&reported);
  free(keep.v);
  LLVMDisposeTargetData(td);
  free(kernels);
  return changed;
}
