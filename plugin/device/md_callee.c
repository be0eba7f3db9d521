/*
 * md_callee.c -- the call-site tree of a kernel and the interprocedural
 * clones' plumbing (md_callee.h).  The decisions about each callee's
 * divisions and the rewriting are md_site.c's and md_fctx.c's, with the
 * node's context (md_device_callee.c).
 */
#include "device/md_callee.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/md_ir.h"
#include "analysis/md_omp.h"
#include "analysis/md_omp_generic.h"
#include "support/md_remark.h"

/* The defined, non-intrinsic function a call instruction calls directly,
 * or NULL. */
static LLVMValueRef md_direct_callee(LLVMValueRef i) {
  LLVMValueRef f;
  if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i) &&
      LLVMGetInstructionOpcode(i) != LLVMCallBr)
    return NULL;
  if ((f = md_omp_microtask(i)))
    return f; /* an OpenMP parallel region: a call of its microtask */
  f = LLVMGetCalledValue(i);
  if (!f || !LLVMIsAFunction(f) || LLVMIsDeclaration(f) ||
      LLVMGetIntrinsicID(f))
    return NULL;
  return f;
}

/* Does f, or a function it calls (transitively), divide by a
 * non-constant? */
static int md_has_div(LLVMValueRef f, md_map *seen) {
  LLVMBasicBlockRef bb;
  if (md_map_get(seen, f))
    return 0;
  if (md_map_put(seen, f, f))
    return 1; /* out of memory: as if it had one (then decided or reported) */
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i, g;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (md_is_div(i) && !LLVMIsAConstant(LLVMGetOperand(i, 1)))
        return 1;
      if ((g = md_direct_callee(i)) && md_has_div(g, seen))
        return 1;
    }
  }
  return 0;
}

static int md_has_div_memo(md_map *memo, LLVMValueRef f) {
  uintptr_t r = (uintptr_t)md_map_get(memo, f);
  if (!r) {
    md_map seen = {0};
    r = md_has_div(f, &seen) ? 1 : 2;
    md_map_release(&seen);
    md_map_put(memo, f, (void *)r); /* on OOM: asked again */
  }
  return r == 1;
}

/* Divisions in f and the functions it calls (transitively) are left
 * alone: a remark at each, once per function and module.  Returns their
 * number. */
static unsigned md_report(LLVMValueRef kernel, LLVMValueRef root,
                          LLVMValueRef f, const char *why, md_map *seen,
                          md_map *reported) {
  LLVMBasicBlockRef bb;
  unsigned count = 0;
  size_t fl = 0, kl = 0, rl = 0;
  const char *fname = LLVMGetValueName2(f, &fl);
  const char *kname = LLVMGetValueName2(kernel, &kl);
  const char *rname = LLVMGetValueName2(root, &rl);
  int report = !md_map_get(reported, f);
  if (md_map_get(seen, f) || md_map_put(seen, f, f))
    return 0;
  if (report)
    md_map_put(reported, f, f);
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i, g;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (md_is_div(i) && !LLVMIsAConstant(LLVMGetOperand(i, 1))) {
        count++;
        if (report && f == root)
          md_remarkf(MD_REMARK_MISSED, i, MD_RN(InCalledFunction),
                     "magicdiv: %s in device function '%.*s' (called from "
                     "kernel '%.*s') left alone: %s",
                     md_op_name(LLVMGetInstructionOpcode(i)), (int)fl, fname,
                     (int)kl, kname, why);
        else if (report)
          md_remarkf(MD_REMARK_MISSED, i, MD_RN(InCalledFunction),
                     "magicdiv: %s in device function '%.*s' (called from "
                     "kernel '%.*s') left alone: it is reached through "
                     "'%.*s', which gets no clone: %s",
                     md_op_name(LLVMGetInstructionOpcode(i)), (int)fl, fname,
                     (int)kl, kname, (int)rl, rname, why);
      }
      if ((g = md_direct_callee(i)))
        count += md_report(kernel, root, g, why, seen, reported);
    }
  }
  return count;
}

/* NULL if the call of callee can get a clone, else why not. */
static const char *md_refusal(LLVMValueRef call, LLVMValueRef callee) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(callee);
  switch (LLVMGetLinkage(callee)) {
  case LLVMExternalLinkage:
  case LLVMAvailableExternallyLinkage:
  case LLVMLinkOnceODRLinkage:
  case LLVMWeakODRLinkage:
  case LLVMInternalLinkage:
  case LLVMPrivateLinkage:
    break;
  default:
    return "its definition may be replaced at link time (weak or linkonce "
           "linkage), so a copy of this body might not be what runs";
  }
  if (md_omp_microtask(call))
    return md_omp_region_refusal(call);
  if (!LLVMIsACallInst(call))
    return "it is called through an invoke or callbr";
  if (LLVMIsFunctionVarArg(ft))
    return "it is variadic";
  if (LLVMGetCalledFunctionType(call) != ft ||
      (unsigned)LLVMGetNumArgOperands(call) != LLVMCountParams(callee))
    return "the call's type differs from the function's";
  if (LLVMGetNumOperandBundles(call))
    return "the call has operand bundles";
  if (LLVMGetTailCallKind(call) == LLVMTailCallKindMustTail)
    return "the call is musttail";
  if (LLVMGetFunctionCallConv(callee) == LLVMPTXKernelCallConv ||
      LLVMGetFunctionCallConv(callee) == LLVMAMDGPUKERNELCallConv)
    return "it is a kernel";
  return NULL;
}

typedef struct md_planner {
  md_cplan *p;
  LLVMValueRef kernel;
  md_fctx *kctx;
  md_map *reported;
  md_map hasdiv; /* function -> 1 has a division (transitively), 2 not */
} md_planner;

static void md_plan_fn(md_planner *w, LLVMValueRef f, int parent,
                       unsigned depth) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i, g;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      const char *why;
      md_cnode *n;
      char buf[96];
      if (!(g = md_direct_callee(i)) || !md_has_div_memo(&w->hasdiv, g))
        continue;
      why = md_refusal(i, g);
      if (!why && (why = md_clone_check(g, 1))) {
        snprintf(buf, sizeof buf, "it cannot be cloned (%s)", why);
        why = buf;
      }
      if (!why && depth + 1 > MD_CALLEE_DEPTH) {
        snprintf(buf, sizeof buf, "it is more than %d calls deep from the "
                 "kernel", MD_CALLEE_DEPTH);
        why = buf;
      }
      if (!why && w->p->n == MD_CALLEE_MAX) {
        snprintf(buf, sizeof buf, "the kernel has more than %d calls of "
                 "functions with divisions", MD_CALLEE_MAX);
        why = buf;
      }
      if (why) {
        md_map seen = {0};
        w->p->left_out +=
            md_report(w->kernel, g, g, why, &seen, w->reported);
        md_map_release(&seen);
        continue;
      }
      n = &w->p->node[w->p->n];
      memset(n, 0, sizeof *n);
      n->fn = g;
      n->call = i;
      n->parent = parent;
      n->depth = depth + 1;
      if (md_fctx_init_callee(&n->ctx, g,
                              parent < 0 ? w->kctx : &w->p->node[parent].ctx,
                              i))
        md_remark(MD_REMARK_ANALYSIS, i, MD_RN(OutOfMemory),
                  "magicdiv: out of memory: the called function's branch "
                  "conditions are not used");
      md_plan_fn(w, g, (int)w->p->n++, depth + 1);
    }
  }
}

md_cplan *md_callee_plan(md_fctx *kctx, md_map *reported) {
  LLVMValueRef kernel = kctx->fn;
  md_planner w;
  md_cplan *p = calloc(1, sizeof *p);
  if (!p) {
    md_map seen = {0};
    LLVMBasicBlockRef bb;
    md_map_put(&seen, kernel, kernel);
    for (bb = LLVMGetFirstBasicBlock(kernel); bb;
         bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef i, g;
      for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if ((g = md_direct_callee(i)))
          md_report(kernel, g, g, "out of memory", &seen, reported);
    }
    md_map_release(&seen);
    return NULL;
  }
  memset(&w, 0, sizeof w);
  w.p = p;
  w.kernel = kernel;
  w.kctx = kctx;
  w.reported = reported;
  md_plan_fn(&w, kernel, -1, 0);
  md_map_release(&w.hasdiv);
  return p;
}

void md_callee_plan_free(md_cplan *p) {
  unsigned i;
  if (!p)
    return;
  for (i = 0; i < p->n; i++) {
    md_cnode *n = &p->node[i];
    md_fctx_release(&n->ctx);
    md_vmap_free(n->map);
  }
  free(p);
}

unsigned md_callee_mark_needed(md_cplan *p) {
  unsigned i, total = 0;
  for (i = 0; i < p->n; i++) {
    p->node[i].needed = 0;
    p->node[i].used = 0;
  }
  for (i = p->n; i-- > 0;) { /* children after their parents */
    md_cnode *n = &p->node[i];
    unsigned own = n->ctx.nsites + n->ctx.nvsites;
    total += own;
    if (own)
      n->needed = 1;
    n->used |= md_fctx_divisors_used(&n->ctx);
    if (n->needed && n->parent >= 0) {
      p->node[n->parent].needed = 1;
      p->node[n->parent].used |= n->used;
    }
  }
  return total;
}

static int md_has_needed_child(const md_cplan *p, unsigned i) {
  unsigned j;
  for (j = i + 1; j < p->n; j++)
    if (p->node[j].parent == (int)i && p->node[j].needed)
      return 1;
  return 0;
}

int md_callee_same_as(const md_cplan *p, unsigned i) {
  const md_cnode *n = &p->node[i];
  unsigned j, k;
  if (md_has_needed_child(p, i))
    return -1;
  for (j = 0; j < i; j++) {
    const md_cnode *o = &p->node[j];
    const md_fctx *oc = &o->ctx, *nc = &n->ctx;
    int same = o->fn == n->fn && o->clone && oc->nsites == nc->nsites &&
               oc->nvsites == nc->nvsites && !md_has_needed_child(p, j);
    for (k = 0; same && k < nc->nsites; k++)
      same = oc->sites[k].inst == nc->sites[k].inst &&
             oc->sites[k].divisor == nc->sites[k].divisor &&
             oc->sites[k].mode == nc->sites[k].mode &&
             oc->sites[k].nonneg == nc->sites[k].nonneg;
    for (k = 0; same && k < nc->nvsites; k++)
      same = oc->vsites[k].inst == nc->vsites[k].inst &&
             memcmp(oc->vsites[k].divisor, nc->vsites[k].divisor,
                    sizeof nc->vsites[k].divisor) == 0;
    if (same)
      return (int)j;
  }
  return -1;
}

char *md_callee_clone_name(LLVMValueRef fn) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  size_t cap = len + 32;
  char *s = malloc(cap);
  unsigned k;
  if (!s)
    return NULL;
  for (k = 0; k < 100000; k++) {
    snprintf(s, cap, "%.*s.magicdiv.%u", (int)len, name, k);
    if (!LLVMGetNamedFunction(m, s) && !LLVMGetNamedGlobal(m, s) &&
        !LLVMGetNamedGlobalAlias(m, s, strlen(s)))
      return s;
  }
  free(s);
  return NULL;
}

/* 0, or -1 when out of memory (nothing copied). */
static int md_copy_call_attrs(LLVMValueRef from, LLVMValueRef to,
                              LLVMAttributeIndex idx) {
  unsigned n = LLVMGetCallSiteAttributeCount(from, idx), i;
  LLVMAttributeRef *a;
  if (!n)
    return 0;
  if (!(a = malloc(n * sizeof *a)))
    return -1;
  LLVMGetCallSiteAttributes(from, idx, a);
  for (i = 0; i < n; i++)
    LLVMAddCallSiteAttribute(to, idx, a[i]);
  free(a);
  return 0;
}

int md_callee_redirect(LLVMValueRef call, LLVMValueRef clone,
                       LLVMValueRef *extra, unsigned n_extra) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(call));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned na = (unsigned)LLVMGetNumArgOperands(call), i;
  LLVMValueRef *args = malloc((na + n_extra + 1) * sizeof *args);
  LLVMValueRef nc;
  LLVMValueMetadataEntry *md;
  size_t nmd = 0, j, len = 0;
  const char *name;
  char *saved = NULL;
  int bad = 0;
  if (!args) {
    LLVMDisposeBuilder(b);
    return -1;
  }
  for (i = 0; i < na; i++)
    args[i] = LLVMGetOperand(call, i);
  for (i = 0; i < n_extra; i++)
    args[na + i] = extra[i];
  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  nc = LLVMBuildCall2(b, LLVMGlobalGetValueType(clone), clone, args,
                      na + n_extra, "");
  free(args);
  LLVMSetInstructionCallConv(nc, LLVMGetInstructionCallConv(call));
  LLVMSetTailCallKind(nc, LLVMGetTailCallKind(call));
  bad |= md_copy_call_attrs(call, nc, LLVMAttributeFunctionIndex);
  bad |= md_copy_call_attrs(call, nc, LLVMAttributeReturnIndex);
  for (i = 0; i < na; i++)
    bad |= md_copy_call_attrs(call, nc, i + 1);
  if (bad) {
    LLVMInstructionEraseFromParent(nc); /* unused yet: the call stays */
    LLVMDisposeBuilder(b);
    return -1;
  }
  if (LLVMCanValueUseFastMathFlags(call))
    LLVMSetFastMathFlags(nc, LLVMGetFastMathFlags(call));
  md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(call, &nmd);
  for (j = 0; j < nmd; j++)
    LLVMSetMetadata(nc, LLVMValueMetadataEntriesGetKind(md, (unsigned)j),
                    LLVMMetadataAsValue(
                        ctx, LLVMValueMetadataEntriesGetMetadata(
                                 md, (unsigned)j)));
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  name = LLVMGetValueName2(call, &len);
  if (len && !(saved = malloc(len))) {
    LLVMInstructionEraseFromParent(nc); /* unused yet: the call stays */
    LLVMDisposeBuilder(b);
    return -1;
  }
  if (len)
    memcpy(saved, name, len);
  if (LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMVoidTypeKind)
    LLVMReplaceAllUsesWith(call, nc);
  LLVMInstructionEraseFromParent(call);
  if (saved)
    LLVMSetValueName2(nc, saved, len);
  free(saved);
  LLVMDisposeBuilder(b);
  return 0;
}

/* Mark f and every function it calls directly (transitively) in reach. */
static void md_reach(LLVMValueRef f, md_map *reach) {
  LLVMBasicBlockRef bb;
  if (md_map_get(reach, f) || md_map_put(reach, f, f))
    return;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef i, g;
    for (i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if ((g = md_direct_callee(i)))
        md_reach(g, reach);
  }
}

void md_callee_reach(LLVMValueRef *kernels, unsigned n, md_map *reach) {
  unsigned i;
  for (i = 0; i < n; i++)
    md_reach(kernels[i], reach);
}

/* The remark of division `in` in f, the wrapper function of the parallel
 * call `call`: clang's wrapper only runs the region's function (inlined
 * into it at -O2), so its divisions are copies of that function's, which
 * have their own remarks; the device runtime never calls it in an SPMD
 * kernel, and a generic-mode kernel's clone starts the region's clone
 * through a wrapper of its own (md_omp_wrap.h).  Any other wrapper's
 * divisions are left alone. */
static void md_wrapper_remark(LLVMValueRef in, LLVMValueRef f,
                              LLVMValueRef call) {
  LLVMValueRef k = md_inst_fn(call), mt = md_omp_microtask(call);
  int mode = md_omp_config_field(k, MD_OMP_CFG_EXEC_MODE);
  const char *op = md_op_name(LLVMGetInstructionOpcode(in));
  size_t fl = 0, ml = 0, kl = 0;
  const char *fname = LLVMGetValueName2(f, &fl);
  const char *mname = mt ? LLVMGetValueName2(mt, &ml) : "";
  const char *kname = LLVMGetValueName2(k, &kl);
  if (!mt || !md_omp_wrapper_is_clangs(call) || mode < 0 ||
      !(mode == MD_OMP_EXEC_GENERIC || (mode & 2)))
    md_remarkf(MD_REMARK_MISSED, in, MD_RN(NotReached),
               "magicdiv: %s in device function '%.*s' left alone: it is the "
               "wrapper function of a parallel region, which the device "
               "runtime calls only in a generic-mode kernel",
               op, (int)fl, fname);
  else
    md_remarkf(MD_REMARK_ANALYSIS, in, MD_RN(WrapperCopy),
               "magicdiv: %s in the wrapper '%.*s' is a copy of the code of "
               "parallel region '%.*s' (kernel '%.*s'), decided there: %s",
               op, (int)fl, fname, (int)ml, mname, (int)kl, kname,
               mode == MD_OMP_EXEC_GENERIC
                   ? "the wrapper runs in the original kernel only; its clone "
                     "starts the region's clone through a wrapper of its own"
                   : "the device runtime never calls the wrapper of an SPMD "
                     "kernel");
}

void md_callee_report_unreached(LLVMModuleRef m, LLVMValueRef *kernels,
                                unsigned n, const md_map *done,
                                md_map *reported) {
  md_map reach = {0};
  LLVMValueRef f;
  md_callee_reach(kernels, n, &reach);
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    LLVMBasicBlockRef bb;
    size_t fl = 0;
    const char *fname;
    if (LLVMIsDeclaration(f) || md_map_get(&reach, f) || md_map_get(done, f))
      continue;
    fname = LLVMGetValueName2(f, &fl);
    for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef in;
      for (in = LLVMGetFirstInstruction(bb); in;
           in = LLVMGetNextInstruction(in)) {
        if (!md_is_div(in) || LLVMIsAConstant(LLVMGetOperand(in, 1)))
          continue;
        /* (out of memory: a second run may report it again) */
        (void)md_map_put(reported, f, f);
        if (md_omp_wrapper_call(f))
          md_wrapper_remark(in, f, md_omp_wrapper_call(f));
        else
          md_remarkf(MD_REMARK_MISSED, in, MD_RN(NotReached),
                     "magicdiv: %s in device function '%.*s' left alone: no "
                     "kernel of this module calls it directly (its kernels "
                     "are in another file, as with -fgpu-rdc without LTO, "
                     "or it is called indirectly)",
                     md_op_name(LLVMGetInstructionOpcode(in)), (int)fl,
                     fname);
      }
    }
  }
  md_map_release(&reach);
}
