/*
 * md_host.c -- the host transform: route the launches of registered CUDA
 * and HIP kernels through the magicdiv runtime (md_cuda.h, md_hip.h).
 *
 * A host module of a CUDA/HIP translation unit registers each kernel in
 * its module constructor,
 *     __cudaRegisterFunction(handle, ptr stub,   ptr name, ptr name, ...)
 *     __hipRegisterFunction(modules, ptr handle, ptr name, ptr name, ...)
 * and launches it (the <<<>>> stub, also after the stub was inlined into
 * its caller, and direct API calls) with
 *     cudaLaunchKernel(ptr stub, <dim3 grid>, <dim3 block>, ptr args,
 *                      i64 shmem, ptr stream)
 * where <dim3> is however the target's C ABI passes a dim3 by value
 * (i64, i32 on x86-64).  Each such call whose kernel operand is a
 * registered handle becomes
 *     md_cuda_launch(<the same operands>, ptr name, ptr @api)
 * whose C prototype is cudaLaunchKernel's plus two trailing pointers, so
 * the operands are forwarded untouched on every ABI.  @api is a private
 * constant md_cuda_api { version, flags, @cudaLaunchKernel,
 * @cudaGetFuncBySymbol }: the program's own cudart does all the work, and
 * the runtime library needs no cudart at link time.  Likewise
 * cudaLaunchKernel_ptsz (flag MD_API_PER_THREAD), and for HIP
 *     md_hip_launch(<operands>, ptr name, ptr @api, ptr @clone-or-null)
 * for hipLaunchKernel / hipLaunchKernel_spt.
 *
 * The registrations are md_host_reg.c's table; HIP clones are found at
 * compile time and registered next to their kernels by md_host_hip.c, and
 * a HIP launch passes the kernel's md_hip_clone constant (or null).  A
 * kernel that the embedded device code shows without a clone
 * (md_host_cuda.c, md_host_hip.c) keeps its launches as they were, unless
 * route-all.
 *
 * The other launch forms go the same way (md_launch_apis below):
 * cudaLaunchCooperativeKernel(_ptsz) to md_cuda_launch with
 * MD_API_COOPERATIVE, cudaLaunchKernelExC(_ptsz) to md_cuda_launch_ex,
 * hipExtLaunchKernel to md_hip_launch_ext, hipLaunchCooperativeKernel(_spt)
 * to md_hip_launch_cooperative -- every operand (launch configuration,
 * attributes, events, flags) forwarded unchanged.
 *
 * Launches inside C++ try blocks are invokes; they stay invokes (same
 * normal and unwind destinations).  Every other call is left alone; a
 * launch whose kernel operand is not a registered handle gets a missed
 * remark, and so do the launch APIs that are not rerouted (multi-device
 * forms, driver-API launches).  Graph kernel-node calls (get, set, add)
 * are routed by md_host_graph.c, in modules with or without
 * registrations.  Modules without registrations are not touched.  The
 * module is marked (!magicdiv.host) so that running the pass again
 * changes nothing.
 */
#include "host/md_host.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_hip.h"
#include "support/md_array.h"
#include "host/md_host_call.h"
#include "host/md_host_cuda.h"
#include "host/md_host_frame.h"
#include "host/md_host_graph.h"
#include "host/md_host_hip.h"
#include "host/md_host_kptr.h"
#include "host/md_host_reg.h"
#include "support/md_ir.h"

#define MD_HOST_MARK "magicdiv.host"

/* Launch functions that are rerouted: each call becomes a call of the
 * runtime function `rt` with the same operands plus (name, @api[, @clone]);
 * `rt`'s C prototype is the launch function's plus those pointers.  The
 * kernel is operand `fn_op`.  hipLaunchKernelGGL is <<<>>> (so
 * hipLaunchKernel) with clang; hipExtLaunchKernelGGL calls
 * hipExtLaunchKernel; the cudaLaunchKernelEx template calls
 * cudaLaunchKernelExC. */
typedef struct md_launch_api {
  const char *name;
  md_api_kind kind;
  unsigned flags;     /* MD_API_* */
  const char *rt;     /* runtime entry point */
  unsigned fn_op;     /* operand holding the kernel handle */
  const char *global; /* name of its md_*_api constant */
} md_launch_api;

static const md_launch_api md_launch_apis[] = {
    {"cudaLaunchKernel", MD_CUDA, 0, "md_cuda_launch", 0,
     "__magicdiv_cuda_api"},
    {"cudaLaunchKernel_ptsz", MD_CUDA, MD_API_PER_THREAD, "md_cuda_launch", 0,
     "__magicdiv_cuda_api"},
    {"cudaLaunchCooperativeKernel", MD_CUDA, MD_API_COOPERATIVE,
     "md_cuda_launch", 0, "__magicdiv_cuda_coop_api"},
    {"cudaLaunchCooperativeKernel_ptsz", MD_CUDA,
     MD_API_COOPERATIVE | MD_API_PER_THREAD, "md_cuda_launch", 0,
     "__magicdiv_cuda_coop_api"},
    {"cudaLaunchKernelExC", MD_CUDA, 0, "md_cuda_launch_ex", 1,
     "__magicdiv_cuda_ex_api"},
    {"cudaLaunchKernelExC_ptsz", MD_CUDA, MD_API_PER_THREAD,
     "md_cuda_launch_ex", 1, "__magicdiv_cuda_ex_api"},
    {"hipLaunchKernel", MD_HIP, 0, "md_hip_launch", 0, "__magicdiv_hip_api"},
    {"hipLaunchKernel_spt", MD_HIP, MD_API_PER_THREAD, "md_hip_launch", 0,
     "__magicdiv_hip_api"},
    {"hipExtLaunchKernel", MD_HIP, 0, "md_hip_launch_ext", 0,
     "__magicdiv_hip_ext_api"},
    {"hipLaunchCooperativeKernel", MD_HIP, MD_API_COOPERATIVE,
     "md_hip_launch_cooperative", 0, "__magicdiv_hip_coop_api"},
    {"hipLaunchCooperativeKernel_spt", MD_HIP,
     MD_API_COOPERATIVE | MD_API_PER_THREAD, "md_hip_launch_cooperative", 0,
     "__magicdiv_hip_coop_api"},
};
#define MD_N_LAUNCH_APIS (sizeof md_launch_apis / sizeof md_launch_apis[0])

/* Launch functions that are recognized but left alone, each with a missed
 * remark: the multi-device forms (one call, many kernels and devices),
 * and the driver API (its CUfunction / hipFunction_t
 * comes from a module the program loaded itself: use md_cuLaunchKernel). */
static const char *const md_other_launch_apis[] = {
    "cudaLaunchCooperativeKernelMultiDevice",
    "hipLaunchCooperativeKernelMultiDevice",
    "hipExtLaunchMultiKernelMultiDevice",
    "cudaLaunch",
    "hipLaunchByPtr",
    "cuLaunchKernel",
    "cuLaunchKernel_ptsz",
    "cuLaunchKernelEx",
    "cuLaunchKernelEx_ptsz",
    "cuLaunchCooperativeKernel",
    "cuLaunchCooperativeKernel_ptsz",
    "hipModuleLaunchKernel",
    "hipModuleLaunchCooperativeKernel",
    "hipExtModuleLaunchKernel",
    "hipHccModuleLaunchKernel"};
#define MD_N_OTHER_APIS                                                        \
  (sizeof md_other_launch_apis / sizeof md_other_launch_apis[0])
_Static_assert(MD_N_LAUNCH_APIS <= MD_HOST_MAX_APIS,
               "md_host.api has a constant per launch API");

/* -------------------------------------------------------------- launches */

/* The md_cuda_api / md_cuda_ex_api / md_hip_*api constant for launch API
 * a: { version, flags, the launch function [, cudaGetFuncBySymbol] }; one
 * per API, or with `extra` flags (MD_API_FRAME_ARGS) one of its own. */
static LLVMValueRef md_api_global(md_host *h, size_t a,
                                  LLVMValueRef launch_fn, unsigned extra) {
  LLVMValueRef fields[4], init, g;
  unsigned n = 3;
  if (h->api[a] && !extra)
    return h->api[a];
  fields[0] = LLVMConstInt(h->i32,
                           md_launch_apis[a].kind == MD_CUDA
                               ? MD_CUDA_API_VERSION
                               : MD_HIP_API_VERSION,
                           0);
  fields[1] = LLVMConstInt(h->i32, md_launch_apis[a].flags | extra, 0);
  fields[2] = launch_fn;
  if (md_launch_apis[a].kind == MD_CUDA) {
    /* cudaError_t cudaGetFuncBySymbol(cudaFunction_t *, const void *) */
    LLVMValueRef gf = LLVMGetNamedFunction(h->m, "cudaGetFuncBySymbol");
    if (!gf) {
      LLVMTypeRef ps[2] = {h->ptr, h->ptr};
      gf = LLVMAddFunction(h->m, "cudaGetFuncBySymbol",
                           LLVMFunctionType(h->i32, ps, 2, 0));
    }
    fields[3] = gf;
    n = 4;
  }
  init = LLVMConstStructInContext(h->c, fields, n, 0);
  g = LLVMAddGlobal(h->m, LLVMTypeOf(init),
                    !extra ? md_launch_apis[a].global
                    : md_launch_apis[a].kind == MD_CUDA
                        ? "__magicdiv_cuda_frame_api"
                        : "__magicdiv_hip_frame_api");
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  if (!extra)
    h->api[a] = g;
  return g;
}

/* The runtime function named `name`: the launch function's type with
 * `extra` trailing pointer parameters, and the launch function's own
 * parameter attributes (byval dim3 on ABIs that pass it in memory, the
 * prototype's noundef): its C prototype is the launch function's plus
 * the trailing pointers. */
static LLVMValueRef md_runtime_fn(md_host *h, LLVMValueRef call,
                                  const char *name, unsigned extra,
                                  LLVMTypeRef *fty_out) {
  LLVMTypeRef oty = LLVMGetCalledFunctionType(call), fty, ps[32];
  LLVMValueRef callee = LLVMGetCalledValue(call), f;
  unsigned np = LLVMCountParamTypes(oty), i;
  if (np + extra > 32 || LLVMIsFunctionVarArg(oty))
    return NULL;
  LLVMGetParamTypes(oty, ps);
  for (i = 0; i < extra; i++)
    ps[np + i] = h->ptr;
  fty = LLVMFunctionType(LLVMGetReturnType(oty), ps, np + extra, 0);
  *fty_out = fty;
  f = LLVMGetNamedFunction(h->m, name);
  if (f)
    return f;
  f = LLVMAddFunction(h->m, name, fty);
  if (!LLVMIsAFunction(callee))
    return f;
  for (i = 1; i <= np; i++) {
    unsigned na = LLVMGetAttributeCountAtIndex(callee, i), k;
    LLVMAttributeRef as[64];
    if (na > 64)
      continue;
    LLVMGetAttributesAtIndex(callee, i, as);
    for (k = 0; k < na; k++)
      LLVMAddAttributeAtIndex(f, i, as[k]);
  }
  return f;
}

/* " (inlined into 'F' at line L)" when call's debug location is inlined,
 * else NULL (malloc'd): inlining copies a launch into each caller, and
 * those calls share one source location, so their remarks name the
 * function and the line in it where the inlined code was called. */
static char *md_inlined_into(LLVMValueRef call) {
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(call), at;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
  size_t n = 0;
  const char *name;
  char *buf;
  if (!loc || !(at = LLVMDILocationGetInlinedAt(loc)))
    return NULL;
  while (LLVMDILocationGetInlinedAt(at))
    at = LLVMDILocationGetInlinedAt(at);
  name = LLVMGetValueName2(fn, &n);
  if ((buf = malloc(n + 48)))
    snprintf(buf, n + 48, " (inlined into '%.*s' at line %u)", (int)n, name,
             LLVMDILocationGetLine(at));
  return buf;
}

/* Replace launch `call` of registered kernel r through launch API a.  r
 * NULL (CUDA only): a kernel pointer this module does not register (loaded
 * from memory, a select, an extern kernel); the runtime gets the name from
 * the driver (cuFuncGetName, CUDA 12.3+) or runs the original. */
static void md_reroute(md_host *h, LLVMValueRef call, size_t a, md_reg *r) {
  int hip = md_launch_apis[a].kind == MD_HIP;
  const char *rt = md_launch_apis[a].rt;
  unsigned extra = hip ? 3 : 2, n = LLVMGetNumArgOperands(call), i,
           frame = 0;
  LLVMTypeRef fty;
  LLVMValueRef f = md_runtime_fn(h, call, rt, extra, &fty), args[32], nc;
  char *where;
  if (!f || n + extra > 32) {
    md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostLaunch),
               "magicdiv: launch of '%s' not rerouted: unexpected signature "
               "of %s",
               r ? r->name : "?", md_launch_apis[a].name);
    return;
  }
  for (i = 0; i < n; i++)
    args[i] = LLVMGetOperand(call, i);
  args[n] = r ? r->name_ptr : LLVMConstPointerNull(h->ptr);
  /* a stub's array of its own stack slots (md_host_frame.c): the repeated
   * launch compares the site and the array's address, not each pointer */
  if ((strcmp(rt, "md_cuda_launch") == 0 ||
       strcmp(rt, "md_hip_launch") == 0) &&
      n >= 3 &&
      (frame = md_frame_args_slots(h->m, call, LLVMGetOperand(call, n - 3))))
    frame = MD_API_FRAME_ARGS | frame << MD_API_FRAME_SHIFT;
  args[n + 1] = md_api_global(h, a, LLVMGetCalledValue(call), frame);
  if (hip)
    args[n + 2] = r && r->hip_clone ? r->hip_clone
                                    : LLVMConstPointerNull(h->ptr);
  nc = md_host_replace_call(call, fty, f, args, n + extra, n);
  where = md_inlined_into(nc);
  if (!r)
    md_remarkf_in(MD_REMARK_PASSED, nc, MD_RN(HostLaunch), where,
                  "magicdiv: %s of a kernel pointer not registered in this "
                  "module routed through %s (its name comes from the "
                  "driver, CUDA 12.3+; else the original runs)",
                  md_launch_apis[a].name, rt);
  else
    md_remarkf_in(MD_REMARK_PASSED, nc, MD_RN(HostLaunch), where,
                  "magicdiv: launch of '%s' routed through %s%s", r->name,
                  rt,
                  hip && !r->hip_clone ? " (no clone: runs the original)"
                                       : "");
  free(where);
}

/* Every call in the module of a launch API, in order. */
typedef struct md_launch_site {
  LLVMValueRef call;
  size_t api; /* index into md_launch_apis, or MD_N_LAUNCH_APIS + other */
} md_launch_site;

typedef struct md_launches {
  md_launch_site *site;
  size_t n, cap;
  int oom;
} md_launches;

static void md_host_launch_cb(md_host *h, LLVMValueRef call, void *arg) {
  md_launches *l = arg;
  md_launch_site *ns;
  size_t k;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  (void)h;
  if (!(ns = md_array_room(l->site, l->n, &l->cap, sizeof *ns, 32))) {
    l->oom = 1;
    return;
  }
  l->site = ns;
  for (k = 0; k < MD_N_LAUNCH_APIS; k++)
    if (md_name_is(callee, md_launch_apis[k].name))
      break;
  if (k == MD_N_LAUNCH_APIS)
    for (k = 0; k < MD_N_OTHER_APIS; k++)
      if (md_name_is(callee, md_other_launch_apis[k])) {
        k += MD_N_LAUNCH_APIS;
        break;
      }
  l->site[l->n].call = call;
  l->site[l->n++].api = k;
}

/* Every launch call of the module into l.  0, or -1 when out of memory. */
static int md_launches_find(md_host *h, md_launches *l) {
  size_t i;
  memset(l, 0, sizeof *l);
  for (i = 0; i < MD_N_LAUNCH_APIS; i++)
    md_reg_for_calls(h, md_launch_apis[i].name, md_host_launch_cb, l);
  for (i = 0; i < MD_N_OTHER_APIS; i++)
    md_reg_for_calls(h, md_other_launch_apis[i], md_host_launch_cb, l);
  return l->oom ? -1 : 0;
}

/* md_host_first_launch's callback: the first call it is given. */
static void md_first_launch_cb(md_host *h, LLVMValueRef call, void *arg) {
  LLVMValueRef *first = arg;
  (void)h;
  if (!*first)
    *first = call;
}

LLVMValueRef md_host_first_launch(LLVMModuleRef m) {
  md_host h;
  LLVMValueRef first = NULL;
  memset(&h, 0, sizeof h);
  h.m = m;
  for (size_t i = 0; i < MD_N_LAUNCH_APIS && !first; i++)
    md_reg_for_calls(&h, md_launch_apis[i].name, md_first_launch_cb, &first);
  return first;
}

/* Reroute the launches of registered kernels among l's; returns how
 * many, and in *left how many of kernels without a clone were left
 * alone. */
static size_t md_launches_run(md_host *h, const md_launches *l,
                              size_t *left) {
  size_t i, changed = 0;
  *left = 0;
  for (i = 0; i < l->n; i++) {
    LLVMValueRef call = l->site[i].call, fn, via;
    size_t a = l->site[i].api;
    md_reg *r;
    if (LLVMGetNumArgOperands(call) < 1)
      continue;
    if (a >= MD_N_LAUNCH_APIS) {
      md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostLaunch),
                 "magicdiv: %s launches are not rerouted (the original "
                 "kernel runs)",
                 md_other_launch_apis[a - MD_N_LAUNCH_APIS]);
      continue;
    }
    if (LLVMGetNumArgOperands(call) <= md_launch_apis[a].fn_op) {
      md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostLaunch),
                 "magicdiv: %s call with too few operands: not rerouted",
                 md_launch_apis[a].name);
      continue;
    }
    fn = md_reg_strip(LLVMGetOperand(call, md_launch_apis[a].fn_op));
    r = md_reg_find(h, fn, md_launch_apis[a].kind);
    if (r && r->no_clone) {
      ++*left; /* md_host_cuda.c said why, once per kernel */
      continue;
    }
    if (!r && md_launch_apis[a].kind == MD_CUDA &&
        md_kptr_cloneless(h, fn, MD_CUDA, &via)) {
      /* a launch helper's parameter (thrust's doit_host): every kernel it
       * is handed here has no clone */
      size_t n = 0;
      const char *vn = via ? LLVMGetValueName2(via, &n) : "";
      ++*left;
      md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostLaunch),
                 "magicdiv: %s of a kernel pointer%s%.*s%s that only ever "
                 "holds kernels of this module without a clone: left alone",
                 md_launch_apis[a].name, via ? " (a parameter of '" : "",
                 (int)n, vn, via ? "')" : "");
      continue;
    }
    if (!r && md_launch_apis[a].kind == MD_HIP) {
      /* HIP clones are registered at compile time, per kernel: nothing
       * to gain from the runtime for a kernel this module does not know */
      md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostLaunch),
                 "magicdiv: %s of a kernel that is not registered in this "
                 "module (or a function pointer): not rerouted",
                 md_launch_apis[a].name);
      continue;
    }
    md_reroute(h, call, a, r);
    changed++;
  }
  return changed;
}

/* ---------------------------------------------------------------- plan */

/* What md_host_run changes, found -- and the memory that takes, taken --
 * before it changes anything: the launch calls, the graph calls, the
 * graph calls' table of the module's kernels. */
typedef struct md_host_plan {
  md_launches l;
  md_graph_plan g;
  md_host_kernel *k; /* h->n rows */
} md_host_plan;

static void md_host_plan_free(md_host_plan *p) {
  free(p->l.site);
  md_host_graphs_free(&p->g);
  free(p->k);
  memset(p, 0, sizeof *p);
}

/* p for module h (launches only where it registers kernels).  0, or -1
 * when out of memory (p empty). */
static int md_host_plan_make(md_host *h, md_host_plan *p) {
  memset(p, 0, sizeof *p);
  if ((h->n && (md_launches_find(h, &p->l) != 0 ||
                !(p->k = calloc(h->n, sizeof *p->k)))) ||
      md_host_graphs_find(h->m, h->n, &p->g) != 0) {
    md_host_plan_free(p);
    return -1;
  }
  return 0;
}

/* Route the module's graph kernel-node calls (md_host_graph.c), handing
 * the runtime this module's kernels that may have a clone (a node of a
 * kernel without one always holds the original: nothing to map back, and
 * no name needed to put a clone in); returns how many were routed. */
static size_t md_host_graph_calls(md_host *h, md_host_plan *p) {
  size_t i, n = 0;
  for (i = 0; i < h->n; i++) {
    if (h->regs[i].no_clone)
      continue;
    p->k[n].handle = h->regs[i].handle;
    p->k[n].name_ptr = h->regs[i].name_ptr;
    p->k[n++].hip_clone = h->regs[i].hip_clone;
  }
  return md_host_graphs_route(h->m, &p->g, p->k, n);
}

/* Where a remark about the whole module points: its first registration,
 * else its first function with a body. */
static LLVMValueRef md_host_where(const md_host *h) {
  LLVMValueRef f;
  if (h->n)
    return h->regs[0].where;
  for (f = LLVMGetFirstFunction(h->m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      return f;
  return NULL;
}

/* ------------------------------------------------------------------ run */

/* Route what plan p found (h registers kernels): HIP clones, launches
 * (not those of kernels the embedded device code shows without a clone,
 * unless route-all), graph calls.  1 if the module changed. */
static int md_host_route(md_host *h, md_host_plan *p, const md_options *o) {
  size_t i, routed, left;
  int changed = 0;
  char tail[80] = "";
  md_hip_clones(h);
  if (!o->route_all)
    md_cuda_clones(h);
  for (i = 0; i < h->n; i++) {
    if (h->regs[i].hip_clone)
      changed = 1;
    if (o->route_all)
      h->regs[i].no_clone = 0;
  }
  routed = md_launches_run(h, &p->l, &left);
  changed |= routed > 0;
  changed |= md_host_graph_calls(h, p) > 0;
  if (left)
    snprintf(tail, sizeof tail,
             ", %zu launch(es) of kernels without a clone left alone", left);
  md_remarkf(MD_REMARK_ANALYSIS, h->regs[0].where, MD_RN(HostSummary),
             "magicdiv: host module: %zu kernel registration(s), %zu "
             "launch(es) routed through the runtime%s",
             h->n, routed, tail);
  return changed;
}

int md_host_run(LLVMModuleRef m, const md_options *o) {
  md_host h;
  md_host_plan p;
  int changed = 0;
  size_t i;
  if (LLVMGetNamedMetadata(m, MD_HOST_MARK, strlen(MD_HOST_MARK)))
    return 0; /* done before (e.g. pre-link and LTO pipelines) */
  memset(&h, 0, sizeof h);
  h.m = m;
  h.c = LLVMGetModuleContext(m);
  h.ptr = LLVMPointerTypeInContext(h.c, 0);
  h.i32 = LLVMInt32TypeInContext(h.c);
  h.i64 = LLVMInt64TypeInContext(h.c);
  memset(&p, 0, sizeof p);
  md_host_regs(&h);
  if (h.oom || md_host_plan_make(&h, &p) != 0) {
    md_remark(MD_REMARK_MISSED, md_host_where(&h), MD_RN(OutOfMemory),
              "magicdiv: out of memory while reading the host module: its "
              "launches and graph calls are left as they were");
  } else if (h.n == 0) {
    /* graph calls need no registrations: nodes are edited anywhere */
    changed = md_host_graph_calls(&h, &p) > 0;
  } else {
    changed = md_host_route(&h, &p, o);
  }
  md_host_plan_free(&p);
  if (changed)
    LLVMGetOrInsertNamedMetadata(m, MD_HOST_MARK, strlen(MD_HOST_MARK));
  for (i = 0; i < h.n; i++)
    free(h.regs[i].name);
  free(h.regs);
  return changed;
}
