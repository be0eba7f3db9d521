/*
 * md_device.c -- the device transform (see md_pass.c for the overview).
 *
 * For each kernel K:
 *   1. find the candidate sites: scalar udiv/sdiv/urem/srem of width 8, 16,
 *      32 or 64 whose divisor is not a constant;
 *   2. ask md_invariant for each divisor's host program; a site whose
 *      divisor is not launch-invariant stays as it is (missed remark);
 *   3. pick the kind and mode of each site from its width, signedness and
 *      what md_range proves about the operands; equal (program, kind,
 *      flags) share one divisor entry and one set of magic parameters;
 *   4. clone K as K__magicdiv with the magic parameters appended, rewrite
 *      the sites in the clone (md_rewrite), verify the clone (dropping it
 *      if the verifier objects), then write the descriptor
 *      K__magicdiv_desc and duplicate K's !nvvm.annotations.
 * K itself is never modified.  Kernels without qualifying sites get no
 * clone.
 */
#include "md_device.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_clone.h"
#include "md_desc_emit.h"
#include "md_invariant.h"
#include "md_range.h"
#include "md_rewrite.h"

/* Globals to add to @llvm.used once, at the end of the module. */
typedef struct md_keep {
  LLVMValueRef *v;
  unsigned n, cap;
} md_keep;

static void md_keep_add(md_keep *k, LLVMValueRef g) {
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

typedef struct md_kstate {
  LLVMModuleRef m;
  md_target t;
  const md_options *o;
  LLVMTargetDataRef td;
  LLVMValueRef kernel;
  md_keep *keep;
  md_divisor divs[MD_MAX_DIVISORS];
  unsigned ndivs;
  unsigned n_extra;
  md_site *sites; /* inst = the site in the ORIGINAL kernel until cloned */
  unsigned nsites, capsites;
} md_kstate;

static const char *md_kind_name(int kind) {
  switch (kind) {
  case MD_KIND_U32: return "u32";
  case MD_KIND_S32: return "s32";
  case MD_KIND_U64: return "u64";
  default: return "s64";
  }
}

static const char *md_op_name(LLVMOpcode op) {
  switch (op) {
  case LLVMUDiv: return "udiv";
  case LLVMSDiv: return "sdiv";
  case LLVMURem: return "urem";
  default: return "srem";
  }
}

static int md_is_div(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  return op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem;
}

/* Index of the divisor entry (prog, kind, flags), adding it if new; -1 when
 * the table is full. */
static int md_find_divisor(md_kstate *k, md_buf *prog, int kind, int flags) {
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
                       md_site_mode mode, int nonneg) {
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
  k->nsites++;
  return 1;
}

/* Decide about one division site of the original kernel. */
static void md_consider_site(md_kstate *k, LLVMValueRef inst) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef ty = LLVMTypeOf(inst);
  LLVMValueRef num = LLVMGetOperand(inst, 0), den = LLVMGetOperand(inst, 1);
  int is_signed = (op == LLVMSDiv || op == LLVMSRem);
  unsigned w;
  md_site_mode mode;
  int kind, flags = 0, nonneg = 0, idx;
  md_inv inv;
  md_buf prog;

  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind) {
    md_remark(MD_REMARK_MISSED, inst, "VectorDivision",
              "magicdiv: vector division left alone");
    return;
  }
  w = LLVMGetIntTypeWidth(ty);
  if (LLVMIsAConstant(den)) {
    md_remarkf(MD_REMARK_MISSED, inst, "ConstantDivisor",
               "magicdiv: %s i%u by a compile-time constant left to LLVM",
               md_op_name(op), w);
    return;
  }
  if (is_signed && !k->o->sdiv) {
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
  } else if (w == 64 && md_fits_unsigned(num, 32) && md_fits_unsigned(den, 32)) {
    /* Both operands are < 2^32, hence also >= 0 as i64: the signed and
     * unsigned results agree with the 32-bit unsigned ones. */
    mode = MD_MODE_NARROW;
    kind = MD_KIND_U32;
  } else if (w == 64 && is_signed && md_fits_signed(num, 32) &&
             md_fits_signed(den, 32)) {
    /* sext'd 32-bit operands: the s32 core, quotient fixed up in 64 bits */
    mode = MD_MODE_SEXT;
    kind = MD_KIND_S32;
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

  memset(&inv, 0, sizeof inv);
  inv.m = k->m;
  inv.kernel = k->kernel;
  inv.td = k->td;
  inv.target = k->t;
  md_buf_init(&prog);
  if (!md_inv_program(&inv, den, &prog)) {
    md_remarkf(MD_REMARK_MISSED, inst, "NotLaunchInvariant",
               "magicdiv: %s i%u left alone: %s", md_op_name(op), w,
               inv.why ? inv.why : "divisor is not launch-invariant");
    md_buf_free(&prog);
    return;
  }
  if (mode == MD_MODE_EXTEND) {
    md_buf_u8(&prog, is_signed ? MD_OP_SEXT : MD_OP_ZEXT);
    md_buf_u8(&prog, (uint8_t)w);
    md_buf_u8(&prog, 32);
  } else if (mode == MD_MODE_NARROW || mode == MD_MODE_SEXT) {
    md_buf_u8(&prog, MD_OP_TRUNC);
    md_buf_u8(&prog, 64);
    md_buf_u8(&prog, 32);
  }
  if (kind == MD_KIND_S32 || kind == MD_KIND_S64) {
    if (k->o->positive)
      flags |= MD_DF_POSITIVE;
    nonneg = md_known_nonneg(num, inst);
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
  if (idx < 0) {
    md_remarkf(MD_REMARK_MISSED, inst, "TooManyDivisors",
               "magicdiv: %s i%u left alone: more than %d distinct divisors "
               "in this kernel",
               md_op_name(op), w, MD_MAX_DIVISORS);
    return;
  }
  md_add_site(k, inst, idx, mode, nonneg); /* on OOM: the site stays */
}

static void md_free_kstate(md_kstate *k) {
  unsigned i;
  for (i = 0; i < k->ndivs; i++)
    md_buf_free(&k->divs[i].prog);
  free(k->sites);
}

static void md_site_remark(md_kstate *k, const md_site *s) {
  LLVMOpcode op = LLVMGetInstructionOpcode(s->inst);
  const md_divisor *d = &k->divs[s->divisor];
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(s->inst));
  const char *how =
      s->mode == MD_MODE_EXTEND   ? ", extended to 32 bits"
      : s->mode == MD_MODE_NARROW ? ", operands proven < 2^32"
      : s->mode == MD_MODE_SEXT   ? ", operands proven to fit signed 32 bits"
                                  : "";
  const char *sign = "";
  if (d->kind == MD_KIND_S32 || d->kind == MD_KIND_S64)
    sign = s->nonneg ? ((d->flags & MD_DF_POSITIVE)
                            ? ", dividend >= 0, divisor > 0 checked at launch"
                            : ", dividend >= 0")
                     : ((d->flags & MD_DF_POSITIVE)
                            ? ", divisor > 0 checked at launch"
                            : "");
  md_remarkf(MD_REMARK_PASSED, s->inst, "Transformed",
             "magicdiv: %s i%u by launch-invariant divisor #%d -> magic %s "
             "multiply-high%s%s",
             md_op_name(op), w, s->divisor, md_kind_name(d->kind), how, sign);
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

/* Make K__magicdiv and its descriptor.  Returns 1 if the module changed. */
static int md_make_clone(md_kstate *k, const char *kname, size_t klen) {
  LLVMContextRef ctx = LLVMGetModuleContext(k->m);
  LLVMTypeRef types[MD_MAX_EXTRA];
  md_magic_vals mv[MD_MAX_DIVISORS];
  unsigned np = LLVMCountParams(k->kernel), i;
  char *cname = malloc(klen + sizeof MD_DESC_SUFFIX);
  md_vmap *map = NULL;
  LLVMValueRef clone, desc;

  if (!cname)
    return 0;
  for (i = 0; i < k->ndivs; i++) {
    int j, n = md_kind_params(k->divs[i].kind, k->divs[i].flags);
    LLVMTypeRef t = LLVMIntTypeInContext(
        ctx, (unsigned)md_kind_width(k->divs[i].kind));
    for (j = 0; j < n; j++)
      types[k->divs[i].first_extra + (unsigned)j] = t;
  }
  if (k->t == MD_TARGET_NVPTX &&
      md_clone_param_bytes(k, types) > MD_NVPTX_PARAM_LIMIT) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, "ParamSpace",
               "magicdiv: kernel '%.*s' left alone: its parameters and %u "
               "magic parameter(s) would exceed %d bytes of parameter space",
               (int)klen, kname, k->n_extra, MD_NVPTX_PARAM_LIMIT);
    free(cname);
    return 0;
  }
  memcpy(cname, kname, klen);
  memcpy(cname + klen, MD_CLONE_SUFFIX, sizeof MD_CLONE_SUFFIX);
  clone = md_clone_function(k->kernel, cname, types, k->n_extra, &map);
  if (!clone) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, "CloneFailed",
               "magicdiv: kernel '%.*s' left alone: it cannot be cloned (%s)",
               (int)klen, kname, md_clone_refusal_reason());
    free(cname);
    return 0;
  }

  for (i = 0; i < k->ndivs; i++) {
    static const char *pn[4] = {"m", "a", "s", "dsgn"};
    unsigned base = np + k->divs[i].first_extra;
    int j, n = md_kind_params(k->divs[i].kind, k->divs[i].flags);
    char nm[32];
    memset(&mv[i], 0, sizeof mv[i]);
    mv[i].kind = k->divs[i].kind;
    mv[i].flags = k->divs[i].flags; /* issue 11: MD_DF_DIV32 */
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

  /* Remarks name the original sites; then move the sites into the clone. */
  for (i = 0; i < k->nsites; i++) {
    md_site_remark(k, &k->sites[i]);
    k->sites[i].inst = md_vmap_lookup(map, k->sites[i].inst);
  }
  md_vmap_free(map);
  for (i = 0; i < k->nsites; i++)
    if (!k->sites[i].inst) {
      LLVMDeleteFunction(clone);
      free(cname);
      return 0;
    }
  md_rewrite_sites(clone, k->sites, k->nsites, mv);

  if (k->o->verify && LLVMVerifyFunction(clone, LLVMReturnStatusAction)) {
    md_remark(MD_REMARK_MISSED, k->kernel, "InternalError",
              "magicdiv: internal error: the clone failed verification and "
              "was dropped; please report this kernel");
    LLVMDeleteFunction(clone);
    free(cname);
    return 0;
  }

  memcpy(cname + klen, MD_DESC_SUFFIX, sizeof MD_DESC_SUFFIX);
  desc = md_emit_descriptor(k->m, k->t, k->td, k->kernel, k->divs, k->ndivs,
                            k->n_extra, cname);
  if (!desc) {
    LLVMDeleteFunction(clone);
    free(cname);
    return 0;
  }
  md_copy_kernel_annotations(k->m, k->kernel, clone);
  /* LLVM < 20 marks NVPTX kernels by !nvvm.annotations only, and caches
   * them per module: a cache filled before this pass ran does not list the
   * clone, which then compiles as a .func.  The ptx_kernel calling
   * convention is checked when the cache has no entry, so set it too. */
  if (k->t == MD_TARGET_NVPTX)
    LLVMSetFunctionCallConv(clone, LLVMPTXKernelCallConv);
  md_keep_add(k->keep, desc);
  md_keep_add(k->keep, clone);
  md_remarkf(MD_REMARK_PASSED, k->kernel, "Cloned",
             "magicdiv: kernel '%.*s' cloned as '%.*s%s': %u division "
             "site(s), %u distinct divisor(s), %u magic parameter(s)",
             (int)klen, kname, (int)klen, kname, MD_CLONE_SUFFIX, k->nsites,
             k->ndivs, k->n_extra);
  free(cname);
  return 1;
}

static int md_ends_with(const char *s, size_t len, const char *suffix) {
  size_t n = strlen(suffix);
  return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

static int md_transform_kernel(LLVMModuleRef m, md_target t,
                               const md_options *o, LLVMTargetDataRef td,
                               LLVMValueRef kernel, md_keep *keep) {
  md_kstate k;
  size_t klen = 0;
  const char *kname = LLVMGetValueName2(kernel, &klen);
  LLVMBasicBlockRef bb;
  int changed = 0;
  char *probe;

  if (md_ends_with(kname, klen, MD_CLONE_SUFFIX))
    return 0;
  probe = malloc(klen + sizeof MD_CLONE_SUFFIX);
  if (!probe)
    return 0;
  memcpy(probe, kname, klen);
  memcpy(probe + klen, MD_CLONE_SUFFIX, sizeof MD_CLONE_SUFFIX);
  if (LLVMGetNamedFunction(m, probe)) {
    free(probe);
    return 0; /* already transformed (the pass ran twice) */
  }
  free(probe);
  if (LLVMCountParams(kernel) > MD_MAX_PARAMS - MD_MAX_EXTRA) {
    md_remarkf(MD_REMARK_MISSED, kernel, "TooManyParams",
               "magicdiv: kernel left alone: more than %d parameters",
               MD_MAX_PARAMS - MD_MAX_EXTRA);
    return 0;
  }
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(kernel))) {
    md_remark(MD_REMARK_MISSED, kernel, "VarArg",
              "magicdiv: variadic kernel left alone");
    return 0;
  }

  memset(&k, 0, sizeof k);
  k.m = m;
  k.t = t;
  k.o = o;
  k.td = td;
  k.kernel = kernel;
  k.keep = keep;
  for (bb = LLVMGetFirstBasicBlock(kernel); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (md_is_div(i))
        md_consider_site(&k, i);
  }
  if (k.nsites == 0)
    md_remarkf(MD_REMARK_ANALYSIS, kernel, "NoSites",
               "magicdiv: %s kernel '%.*s': no division by a launch-invariant "
               "divisor",
               md_target_name(t), (int)klen, kname);
  else {
    changed = md_make_clone(&k, kname, klen);
    md_remarkf(MD_REMARK_ANALYSIS, kernel, "KernelSummary",
               "magicdiv: %s kernel '%.*s': %u division site(s) with a "
               "launch-invariant divisor, %s",
               md_target_name(t), (int)klen, kname, k.nsites,
               changed ? "cloned" : "not cloned");
  }
  md_free_kstate(&k);
  return changed;
}

int md_device_run(LLVMModuleRef m, md_target t, const md_options *o) {
  LLVMValueRef *kernels = NULL;
  unsigned n = md_collect_kernels(m, t, o, &kernels), i;
  LLVMTargetDataRef td;
  md_keep keep = {NULL, 0, 0};
  int changed = 0;
  if (n == 0) {
    free(kernels);
    return 0;
  }
  td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  for (i = 0; i < n; i++)
    changed |= md_transform_kernel(m, t, o, td, kernels[i], &keep);
  md_append_used(m, keep.v, keep.n);
  free(keep.v);
  LLVMDisposeTargetData(td);
  free(kernels);
  return changed;
}
