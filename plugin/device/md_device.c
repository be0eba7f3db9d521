/*
 * md_device.c -- the device transform (see md_pass.c for the overview).
 *
 * For each kernel K, three phases; the module changes only in the last:
 *   decide  md_site.c decides about every division of K in K's analysis
 *           context (md_fctx.h: dominators, invariance, ranges, bounds,
 *           sites), then about those of the functions K calls, each in its
 *           call-site node's own context (md_device_callee.c); equal
 *           (program, kind, flags) share one divisor entry and one set of
 *           magic parameters (md_kdec.h);
 *   build   clone K as K__magicdiv with the magic parameters appended,
 *           rewrite the sites in the clone (md_rewrite), verify it, write
 *           the descriptor bytes and check them with the runtime's own
 *           validator; any failure deletes the clone and leaves K alone;
 *   commit  add the descriptor K__magicdiv_desc, copy K's kernel marking,
 *           keep both in @llvm.used, and only now say "transformed".
 * K itself is not modified by the clone path; before it, md_inkernel.c
 * rewrites K (and, first, the device functions the kernels call) in place
 * where a divisor is one the host cannot see (the clone copies that).
 * Kernels without qualifying sites get no clone; every site or kernel
 * left alone gets a remark saying why.
 *
 * Errors: functions that decide return 1 (yes) / 0 (no, with a remark);
 * functions that build return the new value or NULL, leaving nothing
 * behind in the module.
 */
#include "device/md_device.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_abi.h"
#include "magicdiv/md_desc.h"
#include "support/md_array.h"
#include "device/md_benefit.h"
#include "analysis/md_bounds.h"
#include "device/md_callee.h"
#include "device/md_clone.h"
#include "emit/md_desc_emit.h"
#include "device/md_device_callee.h"
#include "device/md_done.h"
#include "device/md_fctx.h"
#include "device/md_inkernel.h"
#include "analysis/md_invariant.h"
#include "analysis/md_kernels.h"
#include "device/md_kdec.h"
#include "device/md_pow2.h"
#include "support/md_map.h"
#include "support/md_names.h"
#include "support/md_fnorder.h"
#include "analysis/md_omp_capture.h"
#include "emit/md_prog.h"
#include "analysis/md_omp.h"
#include "device/md_omp_kenv.h"
#include "support/md_assert.h"
#include "device/md_omp_pack.h"
#include "device/md_site.h"
#include "device/md_tiers.h"

/* Globals to add to @llvm.used once, at the end of the module. */
typedef struct md_keep {
  LLVMValueRef *v;
  unsigned n;
  size_t cap;
} md_keep;

/* What every kernel of one run shares: the module, its target, the
 * options, the data layout, the globals to keep, the functions whose
 * divisions have a remark (md_callee_plan) and the remarks held until a
 * clone is kept (md_remark.h). */
typedef struct md_run {
  LLVMModuleRef m;
  md_target t;
  const md_options *o;
  LLVMTargetDataRef td;
  md_keep *keep;
  md_map *reported;
  md_remark_queue *held;
} md_run;

/* One kernel being transformed. */
typedef struct md_kstate {
  LLVMModuleRef m;
  md_target t;
  const md_options *o;
  LLVMTargetDataRef td;
  LLVMValueRef kernel;
  const char *kname;
  size_t klen;
  md_keep *keep;
  md_fctx ctx;      /* the kernel's analysis context and its own sites */
  md_kdec dec;      /* divisors, requirements, facts: shared with callees */
  md_cplan *plan;   /* called functions (md_callee.h), or NULL */
  unsigned ncallee; /* sites in called functions */
  LLVMValueRef omp_env[2]; /* the clone's OpenMP kernel environment */
  unsigned nomp_env;
  md_omp_wraps omp_wraps;  /* the wrappers made for its generic-mode regions */
  md_remark_queue *held;   /* the run's: the clones' remarks until commit */
} md_kstate;



static void md_free_kstate(md_kstate *k) {
  md_kdec_release(&k->dec);
  md_callee_plan_free(k->plan);
  md_fctx_release(&k->ctx);
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
  for (i = 0; i < np + k->dec.n_extra; i++) {
    LLVMTypeRef t =
        i < np ? md_inv_param_passed_type(k->kernel, i) : extra[i - np];
    unsigned long long size, align;
    size = LLVMABISizeOfType(k->td, t);
    align = LLVMABIAlignmentOfType(k->td, t);
    if (align > 1)
      total = (total + align - 1) / align * align;
    total += size;
  }
  return total;
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
  if (!md_bounds_cond_leaf(k->ctx.bounds, &k->dec.req, i, &prog, &w, &limit) ||
      (w != 32 && w != 64) || limit < (1ull << (w - 1)) - 1)
    return 0;
  for (j = 0; j < k->dec.ndivs; j++)
    if ((k->dec.divs[j].flags & MD_DF_POSITIVE) &&
        md_kind_width(k->dec.divs[j].kind) == (int)w &&
        md_buf_cmp(&k->dec.divs[j].prog, prog) == 0)
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
  for (i = 0; i < k->dec.req.n; i++) {
    if (md_req_implied(k, i))
      continue;
    if (md_bounds_program(k->ctx.bounds, &k->dec.req, i, &reqs[nreqs]) ||
        reqs[nreqs].oom) {
      reqs_ok = 0; /* cannot happen: checked when each was added */
      break;
    }
    nreqs++;
  }
  for (i = 0; i < np; i++) /* OpenMP by-reference objects: their size */
    sizes[i] = md_omp_ref_param_bytes(k->kernel, i)
                   ? md_omp_ref_param_bytes(k->kernel, i)
                   : (uint32_t)LLVMABISizeOfType(
                         k->td, md_inv_param_passed_type(k->kernel, i));
  for (i = 0; i < k->dec.ndivs; i++) {
    divs[i].prog = &k->dec.divs[i].prog;
    divs[i].kind = k->dec.divs[i].kind;
    divs[i].flags = k->dec.divs[i].flags;
    divs[i].first_extra = k->dec.divs[i].first_extra;
  }
  if (reqs_ok && md_prog_desc_build(out, sizes, np, divs, k->dec.ndivs,
                                    k->dec.n_extra, reqs, nreqs) == 0) {
    st = md_desc_validate(out->p, out->n) == MD_OK ? 0 : -1;
    MD_ASSERT(st == 0); /* what the plugin just wrote validates */
  }
  for (i = 0; i < MD_MAX_REQS; i++)
    md_buf_free(&reqs[i]);
  free(sizes);
  if (st)
    md_buf_free(out);
  return st;
}


/* Remove a clone md_build_clone made, with its callee clones and OpenMP
 * environments. */
static void md_drop_clone(md_kstate *k, LLVMValueRef clone) {
  unsigned i;
  /* the wrappers call the microtask clones md_callee_drop deletes */
  md_omp_wrappers_undo(&k->omp_wraps);
  md_callee_drop(k->plan, clone, k->held);
  for (i = 0; i < k->nomp_env; i++) /* the kernel environment (which
                                       names the dynamic one) first */
    LLVMDeleteGlobal(k->omp_env[i]);
  k->nomp_env = 0;
}

/* Build: K__magicdiv with its sites rewritten and verified, and the clones
 * of the functions it calls; NULL (nothing left in the module) with a
 * remark when they cannot be made. */
static LLVMValueRef md_build_clone(md_kstate *k, const char *cname) {
  LLVMTypeRef types[MD_MAX_EXTRA];
  md_magic_vals mv[MD_MAX_DIVISORS];
  md_vmap *map = NULL;
  LLVMValueRef clone;
  const char *why = NULL;
  /* an OpenMP kernel gets every argument in an 8-byte slot (libomptarget
   * passes each one pointer-sized): magic parameters as i64, narrowed in
   * the clone */
  int omp = md_omp_is_device_module(k->m);
  unsigned i;

  md_kdec_extra_types(&k->dec, LLVMGetModuleContext(k->m), types);
  for (i = 0; omp && i < k->dec.n_extra; i++)
    types[i] = LLVMInt64TypeInContext(LLVMGetModuleContext(k->m));
  if (k->t == MD_TARGET_NVPTX &&
      md_clone_param_bytes(k, types) > MD_NVPTX_PARAM_LIMIT) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, MD_RN(ParamSpace),
               "magicdiv: kernel '%.*s' left alone: its parameters and %u "
               "magic parameter(s) would exceed %d bytes of parameter space",
               (int)k->klen, k->kname, k->dec.n_extra, MD_NVPTX_PARAM_LIMIT);
    return NULL;
  }
  clone = md_clone_function(k->kernel, cname, types, k->dec.n_extra, &map,
                            &why);
  if (!clone) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, MD_RN(CloneFailed),
               "magicdiv: kernel '%.*s' left alone: it cannot be cloned (%s)",
               (int)k->klen, k->kname, why);
    return NULL;
  }
  md_kdec_magic_params(&k->dec, clone, MD_ALL_DIVISORS, mv);
  if (omp)
    md_omp_narrow_params(clone, mv, k->dec.ndivs);
  if (md_fctx_rewrite(&k->ctx, clone, map, mv, k->held) < 0) {
    md_vmap_free(map);
    md_remark(MD_REMARK_MISSED, k->kernel, MD_RN(InternalError),
              "magicdiv: internal error: a division has no copy in the "
              "clone; the clone was dropped");
    md_remark_drop(k->held, clone);
    LLVMDeleteFunction(clone);
    return NULL;
  }
  if (k->plan && k->ncallee &&
      md_callee_build(&k->dec, k->plan, k->kernel, clone, map, k->held)) {
    md_vmap_free(map);
    md_callee_drop(k->plan, clone, k->held);
    return NULL;
  }
  md_vmap_free(map);
  if (md_omp_kernel_env(k->kernel, clone, k->omp_env, &k->nomp_env,
                        &k->omp_wraps)) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, MD_RN(CloneFailed),
               "magicdiv: kernel '%.*s' left alone: its OpenMP kernel "
               "environment cannot be copied for the clone",
               (int)k->klen, k->kname);
    md_callee_drop(k->plan, clone, k->held);
    return NULL;
  }
  if (k->o->verify && LLVMVerifyFunction(clone, LLVMReturnStatusAction)) {
    md_remark(MD_REMARK_MISSED, k->kernel, MD_RN(InternalError),
              "magicdiv: internal error: the clone failed verification and "
              "was dropped; please report this kernel");
    md_drop_clone(k, clone);
    return NULL;
  }
  return clone;
}

/* Build and commit K__magicdiv and its descriptor.  Returns 1 if the
 * module changed. */
static int md_make_clone(md_kstate *k, const char *cname, const char *dname) {
  LLVMValueRef clone, desc;
  md_annots annots;
  md_buf bytes;
  /* room for the globals to keep (descriptor, clone, OpenMP environments) */
  LLVMValueRef *kv = md_array_room(k->keep->v, k->keep->n + 3, &k->keep->cap,
                                   sizeof *kv, 16);
  unsigned i;

  if (!kv) { /* the commit cannot fail */
    md_remark(MD_REMARK_MISSED, k->kernel, MD_RN(OutOfMemory),
              "magicdiv: kernel left alone: out of memory");
    return 0;
  }
  k->keep->v = kv;
  if (md_build_descriptor(k, &bytes)) {
    md_remark(MD_REMARK_MISSED, k->kernel, MD_RN(InternalError),
              "magicdiv: internal error: the descriptor failed the "
              "runtime's validation; kernel left alone");
    return 0;
  }
  clone = md_build_clone(k, cname);
  if (!clone) {
    md_buf_free(&bytes);
    return 0;
  }
  if (md_kernel_annotations_make(k->m, k->kernel, clone, &annots)) {
    md_buf_free(&bytes);
    md_drop_clone(k, clone);
    md_remark(MD_REMARK_MISSED, k->kernel, MD_RN(OutOfMemory),
              "magicdiv: kernel left alone: out of memory");
    return 0;
  }

  /* Commit. */
  desc = md_emit_descriptor(k->m, k->t, k->kernel, &bytes, dname,
                            k->o->same_originals);
  md_buf_free(&bytes);
  md_kernel_annotations_add(k->m, &annots);
  /* LLVM < 20 marks NVPTX kernels by !nvvm.annotations only, and caches
   * them per module: a cache filled before this pass ran does not list the
   * clone, which then compiles as a .func.  The ptx_kernel calling
   * convention is checked when the cache has no entry, so set it too. */
  if (k->t == MD_TARGET_NVPTX)
    LLVMSetFunctionCallConv(clone, LLVMPTXKernelCallConv);
  k->keep->v[k->keep->n++] = desc; /* (room made above) */
  k->keep->v[k->keep->n++] = clone;
  for (i = 0; i < k->nomp_env; i++)
    k->keep->v[k->keep->n++] = k->omp_env[i];
  md_remark_flush(k->held, clone); /* kept: its pow2 decision, its loops */
  md_callee_kept_remarks(k->plan, k->held);
  md_site_remarks(&k->dec, &k->ctx); /* at the original's sites */
  md_callee_remarks(&k->dec, k->plan, k->kernel);
  md_remarkf(MD_REMARK_PASSED, k->kernel, MD_RN(Cloned),
             "magicdiv: kernel '%.*s' cloned as '%s': %u division "
             "site(s), %u distinct divisor(s), %u magic parameter(s)",
             (int)k->klen, k->kname, cname,
             k->ctx.nsites + k->ctx.nvsites + k->ncallee, k->dec.ndivs, k->dec.n_extra);
  return 1;
}

/* Decide: may K get a clone under the reserved names?  1, or 0 with a
 * remark. */
static int md_names_free(md_kstate *k, const char *cname, const char *dname) {
  if (md_name_ends_with(k->kname, k->klen, MD_CLONE_SUFFIX) ||
      md_name_ends_with(k->kname, k->klen, MD_PLAIN_SUFFIX) ||
      md_name_ends_with(k->kname, k->klen, MD_POW2_SUFFIX)) {
    md_remarkf(MD_REMARK_ANALYSIS, k->kernel, MD_RN(ReservedName),
               "magicdiv: kernel '%.*s' left alone: its name ends in the "
               "reserved suffix '%s' (a clone made by magicdiv, or a name "
               "that looks like one)",
               (int)k->klen, k->kname, MD_CLONE_SUFFIX);
    return 0;
  }
  if (LLVMGetNamedFunction(k->m, cname) || LLVMGetNamedGlobal(k->m, cname)) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, MD_RN(NameTaken),
               "magicdiv: kernel '%.*s' left alone: '%s' already exists "
               "(the pass ran twice on this module, or the name is taken)",
               (int)k->klen, k->kname, cname);
    return 0;
  }
  if (LLVMGetNamedGlobal(k->m, dname) || LLVMGetNamedFunction(k->m, dname)) {
    md_remarkf(MD_REMARK_MISSED, k->kernel, MD_RN(NameTaken),
               "magicdiv: kernel '%.*s' left alone: '%s', the name of its "
               "descriptor, already exists",
               (int)k->klen, k->kname, dname);
    return 0;
  }
  return 1;
}

/* Decide: does the clone pay for its build cost (md_benefit.h)?  1 (also
 * when min-gain is 0, or without an estimate: out of memory), or 0 with
 * the missed remark that gives the estimate.  *pct: the estimate, or -1. */
static int md_clone_pays(md_kstate *k, double *pct) {
  md_benefit b;
  *pct = -1;
  if (k->o->min_gain <= 0 ||
      md_benefit_estimate(&k->dec, &k->ctx, k->plan, &b))
    return 1;
  *pct = md_benefit_percent(&b);
  if (md_benefit_pays(&b, k->o->min_gain))
    return 1;
  md_remarkf(MD_REMARK_MISSED, k->kernel, MD_RN(MinGain),
             "magicdiv: kernel '%.*s' left alone: estimated saving %.2f %% "
             "of the kernel's work (%u division site(s), %u in a loop; "
             "%.2f %% of the busiest loop with one; %.2f %% of its code), "
             "threshold %g %% (of its code: %g %%; option min-gain=)",
             (int)k->klen, k->kname,
             b.work > 0 ? 100 * b.saving / b.work : 0.0,
             k->ctx.nsites + k->ctx.nvsites + k->ncallee, b.in_loop,
             100 * b.loop_share, md_benefit_code_percent(&b),
             k->o->min_gain, MD_BENEFIT_CODE_FACTOR * k->o->min_gain);
  return 0;
}

/* Decide, build and commit the clone of one kernel under the names
 * K + csuffix and K + dsuffix.  1 if the module changed. */
static int md_transform_kernel(const md_run *run, LLVMValueRef kernel,
                               const char *csuffix, const char *dsuffix) {
  md_target t = run->t;
  const md_options *o = run->o;
  md_kstate k;
  int changed = 0;
  char *cname, *dname, est[64] = "";
  double pct;

  memset(&k, 0, sizeof k);
  k.m = run->m;
  k.t = t;
  k.o = o;
  k.td = run->td;
  k.kernel = kernel;
  k.keep = run->keep;
  k.held = run->held;
  k.kname = LLVMGetValueName2(kernel, &k.klen);
  cname = md_name_suffix(k.kname, k.klen, csuffix);
  dname = md_name_suffix(k.kname, k.klen, dsuffix);
  if (!cname || !dname || !md_names_free(&k, cname, dname)) {
    free(cname);
    free(dname);
    return 0;
  }
  if (LLVMCountParams(kernel) > MD_MAX_PARAMS - MD_MAX_EXTRA) {
    md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(TooManyParams),
               "magicdiv: kernel left alone: more than %d parameters",
               MD_MAX_PARAMS - MD_MAX_EXTRA);
    free(cname);
    free(dname);
    return 0;
  }
  if (LLVMIsFunctionVarArg(LLVMGlobalGetValueType(kernel))) {
    md_remark(MD_REMARK_MISSED, kernel, MD_RN(VarArg),
              "magicdiv: variadic kernel left alone");
    free(cname);
    free(dname);
    return 0;
  }

  /* Decide. */
  if (md_fctx_init_kernel(&k.ctx, kernel, run->td, t))
    md_remark(MD_REMARK_ANALYSIS, kernel, MD_RN(OutOfMemory),
              "magicdiv: out of memory: the kernel's branch conditions are "
              "not used");
  if (k.ctx.bounds)
    k.ctx.bounds->omp_contract = o->omp_bounds;
  md_kdec_init(&k.dec, o);
  md_site_decide_function(&k.dec, &k.ctx);
  /* Divisions in the device functions it calls (md_callee.h). */
  k.plan = md_callee_plan(&k.ctx, run->reported);
  if (k.plan)
    k.ncallee = md_callee_decide(&k.dec, k.plan, kernel);
  if (k.ctx.nsites + k.ctx.nvsites + k.ncallee == 0)
    md_remarkf(MD_REMARK_ANALYSIS, kernel, MD_RN(NoSites),
               "magicdiv: %s kernel '%.*s': no division by a launch-invariant "
               "divisor in its own code or the device functions it calls",
               md_target_name(t), (int)k.klen, k.kname);
  else {
    /* Build, then commit. */
    if (md_clone_pays(&k, &pct))
      changed = md_make_clone(&k, cname, dname);
    if (pct >= 0)
      snprintf(est, sizeof est, " (estimated saving %.2f %%)", pct);
    md_remarkf(MD_REMARK_ANALYSIS, kernel, MD_RN(KernelSummary),
               "magicdiv: %s kernel '%.*s': %u division site(s) with a "
               "launch-invariant divisor, %s%s",
               md_target_name(t), (int)k.klen, k.kname,
               k.ctx.nsites + k.ctx.nvsites + k.ncallee,
               changed ? "cloned" : "not cloned", est);
  }
  md_free_kstate(&k);
  free(cname);
  free(dname);
  return changed;
}

static void md_keep_drop(md_keep *keep, LLVMValueRef v) {
  unsigned i;
  for (i = 0; i < keep->n; i++)
    if (keep->v[i] == v) {
      keep->v[i] = keep->v[--keep->n];
      return;
    }
}

/* Drop v (a function or a global, or NULL) from keep and the module. */
static void md_keep_delete(md_keep *keep, md_remark_queue *held,
                           LLVMValueRef v) {
  if (!v)
    return;
  md_keep_drop(keep, v);
  md_remark_drop(held, v); /* (a kept clone's were flushed: none) */
  if (LLVMIsAFunction(v))
    LLVMDeleteFunction(v);
  else
    LLVMDeleteGlobal(v);
}

/* Build a tier of kernel under K + csuffix / K + dsuffix with options o,
 * its remarks muted (the caller says what happened).  1 if it was made. */
static int md_tier_build(const md_run *run, LLVMValueRef kernel,
                         const md_options *o, const char *csuffix,
                         const char *dsuffix) {
  md_map scratch = {0};
  md_run prun = *run;
  int made;
  prun.o = o;
  prun.reported = &scratch;
  md_remark_mute(1);
  made = md_transform_kernel(&prun, kernel, csuffix, dsuffix);
  md_remark_mute(0);
  md_map_release(&scratch);
  return made;
}

/* The plain tier of a kernel just cloned (md_tiers.h): K__magicdiv_plain,
 * built without launch bets (its remarks muted), when K__magicdiv bets on
 * more than the launch geometry; deleted again when it is the same code. */
static void md_plain_tier(const md_run *run, LLVMValueRef kernel) {
  md_options plain;
  LLVMValueRef pc = NULL, pd = NULL;
  int made;
  if (!md_tiers_wanted(run->m, run->o, kernel))
    return;
  plain = *run->o;
  plain.launch_ranges = 0;
  plain.min_gain = 0; /* the kernel pays: its fallback is about its bets */
  made = md_tier_build(run, kernel, &plain, MD_PLAIN_SUFFIX,
                       MD_PLAIN_DESC_SUFFIX);
  if (md_tiers_settle(run->m, kernel, made, &pc, &pd)) {
    md_keep_delete(run->keep, run->held, pc);
    md_keep_delete(run->keep, run->held, pd);
  }
}

/* The pow2 tier of a kernel just cloned (md_pow2.h, md_tiers.h):
 * K__magicdiv_pow2, K__magicdiv with every u64 site the shift (its
 * remarks muted), when md_pow2_plan marked the clone for it; kept only
 * with the clone's parameters and descriptor, its own descriptor deleted. */
static void md_pow2_tier(const md_run *run, LLVMValueRef kernel) {
  md_options opt;
  LLVMValueRef clone, pc = NULL, pd = NULL;
  size_t kl = 0;
  const char *kname = LLVMGetValueName2(kernel, &kl);
  char *cname = md_name_suffix(kname, kl, MD_CLONE_SUFFIX);
  double share = 0.0;
  int made;
  clone = cname ? LLVMGetNamedFunction(run->m, cname) : NULL;
  free(cname);
  if (!clone || !md_pow2_tier_take(clone, &share))
    return;
  opt = *run->o;
  opt.pow2_tier = 1;
  opt.min_gain = 0; /* the clone paid */
  made = md_tier_build(run, kernel, &opt, MD_POW2_SUFFIX, MD_POW2_DESC_SUFFIX);
  md_tiers_pow2_settle(run->m, kernel, made, share, &pc, &pd);
  md_keep_delete(run->keep, run->held, pc);
  md_keep_delete(run->keep, run->held, pd);
}

/* Mark what this run decided about in !magicdiv.done (md_done.h): the
 * kernels todo[0..n), the clones made (functions in keep) and the functions
 * reported as reached by no kernel (reported).  1 if the list grew. */
static int md_mark_done(LLVMModuleRef m, LLVMValueRef *todo, unsigned n,
                        const md_keep *keep, const md_map *reported) {
  LLVMValueRef *fns = NULL, f;
  unsigned nf = 0, i;
  size_t cap = 0;
  for (i = 0; i < n + keep->n; i++) {
    LLVMValueRef v = i < n ? todo[i] : keep->v[i - n];
    LLVMValueRef *room = md_array_room(fns, nf, &cap, sizeof *fns, 16);
    if (!room)
      break; /* out of memory: a second run decides again (NameTaken) */
    fns = room;
    if (LLVMIsAFunction(v))
      fns[nf++] = v;
  }
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    LLVMValueRef *room;
    if (!md_map_get(reported, f))
      continue;
    if (!(room = md_array_room(fns, nf, &cap, sizeof *fns, 16)))
      break;
    fns = room;
    fns[nf++] = f;
  }
  md_done_add(m, fns, nf);
  free(fns);
  return nf > 0;
}

/* The kernels of kernels[0..n) not listed in done, moved to its front;
 * returns their number. */
static unsigned md_not_done(LLVMValueRef *kernels, unsigned n,
                            const md_map *done) {
  unsigned i, k = 0;
  for (i = 0; i < n; i++)
    if (!md_map_get(done, kernels[i]))
      kernels[k++] = kernels[i];
  return k;
}

/* In place, in the device functions that kernels[0..n) call (directly,
 * transitively; each once): their divisors the host cannot see, the magic
 * computed once per call (md_inkernel.h).  Before the kernels and their
 * clones, which copy what this rewrote; a run after this one skips what
 * it rewrote (the fast paths divide no more, the originals are marked). */
static int md_inkernel_callees(LLVMModuleRef m, LLVMValueRef *kernels,
                               unsigned n, md_target t, const md_options *o,
                               LLVMTargetDataRef td) {
  md_map reach = {0};
  LLVMValueRef f;
  int changed = 0;
  if (!o->inkernel || !o->inkernel_callees || !n)
    return 0;
  md_callee_reach(kernels, n, &reach); /* out of memory: fewer reached */
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (md_map_get(&reach, f) && !LLVMIsDeclaration(f) &&
        !md_is_kernel(m, f, t, o))
      changed |= md_inkernel_run(f, 0, t, o, td);
  md_map_release(&reach);
  return changed;
}

int md_device_run(LLVMModuleRef m, md_target t, const md_options *o) {
  LLVMValueRef *kernels = NULL;
  unsigned n = md_kernels_collect(m, t, o, &kernels), i;
  LLVMTargetDataRef td = NULL;
  md_keep keep = {NULL, 0, 0};
  md_map reported = {0}; /* functions whose divisions have a remark */
  md_remark_queue held = {NULL, 0, 0}; /* remarks until a clone is kept */
  md_map done = {0}, unreached = {0};
  const char *why = NULL;
  md_run run;
  int changed = 0;
  LLVMValueRef last = md_fnorder_last(m);
  /* out of memory: `done` misses some, decided again (NameTaken) */
  (void)md_done_read(m, &done);
  if (t != MD_TARGET_HOST) /* (not for any-target test modules) */
    md_callee_report_unreached(m, kernels, n, &done, &unreached);
  n = md_not_done(kernels, n, &done);
  if (n)
    td = LLVMCreateTargetData(LLVMGetDataLayoutStr(m));
  run.m = m;
  run.t = t;
  run.o = o;
  run.td = td;
  run.keep = &keep;
  run.reported = &reported;
  run.held = &held;
  changed |= md_inkernel_callees(m, kernels, n, t, o, td);
  for (i = 0; i < n; i++) {
    /* in place first: divisors the host cannot see (md_inkernel.h) */
    changed |= md_inkernel_run(kernels[i], 1, t, o, td);
    if (o->inkernel_args)
      continue; /* no launch the runtime sees: no clone */
    if (md_transform_kernel(&run, kernels[i], MD_CLONE_SUFFIX,
                            MD_DESC_SUFFIX)) {
      md_plain_tier(&run, kernels[i]);
      md_pow2_tier(&run, kernels[i]);
      changed = 1;
    }
  }
  /* the clones appended: the module's last function stays last, which
   * leaves the originals' SASS as it was (md_fnorder.h) */
  if (t == MD_TARGET_NVPTX && o->same_originals && last &&
      md_fnorder_last(m) != last)
    (void)md_fnorder_move_to_end(last);
  if (keep.n && md_desc_append_used(m, keep.v, keep.n, &why))
    md_remarkf(MD_REMARK_ANALYSIS, kernels[0], MD_RN(NotKept),
               "magicdiv: the module's clones and descriptors are not added "
               "to @llvm.used (%s); their linkage keeps them", why);
  changed |= md_mark_done(m, kernels, n, &keep, &unreached);
  MD_ASSERT(md_remark_held_count(&held) == 0); /* every clone kept or
                                                 deleted */
  md_remark_queue_release(&held);
  md_map_release(&reported);
  md_map_release(&done);
  md_map_release(&unreached);
  free(keep.v);
  if (td)
    LLVMDisposeTargetData(td);
  free(kernels);
  return changed;
}
