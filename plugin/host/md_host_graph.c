/*
 * md_host_graph.c -- route the calls that read, write or add graph kernel
 * nodes through the magicdiv runtime (md_graph.h):
 *     cudaGraphKernelNodeGetParams(node, ptr params)
 * becomes
 *     md_cudaGraphKernelNodeGetParams(node, ptr params, ptr @api)
 * with @api a private constant md_graph_api { version, flags,
 * @cudaGraphKernelNodeGetParams, @cudaGetFuncBySymbol (runtime API) or
 * null, @__magicdiv_graph_kernels, n }: the program's own function does
 * the work, and the runtime knows the module's kernels by handle (name,
 * HIP clone) for nodes written with a kernel no launch has run yet.  The
 * runtime API, the driver API (the _v2 ABI names and the older v1 ones,
 * told apart by MD_GRAPH_CU_V1) and HIP's twins; every operand forwarded
 * unchanged, invokes stay invokes.  A call whose operand count is not the
 * API's gets a missed remark and stays.  Modules without kernel
 * registrations are routed too (a graph is often edited away from the
 * file that launches its kernels); their table is empty.
 */
#include "host/md_host_graph.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_graph.h"
#include "support/md_array.h"
#include "host/md_host_call.h"
#include "support/md_remark.h"

typedef enum md_graph_family {
  MD_G_CUDART, /* runtime API: the api gets cudaGetFuncBySymbol */
  MD_G_CU,     /* driver API */
  MD_G_HIP
} md_graph_family;

typedef struct md_graph_route {
  const char *name; /* the ABI name the program calls */
  md_graph_family family;
  unsigned flags; /* MD_GRAPH_* */
  unsigned n_ops; /* its operand count */
  const char *rt; /* runtime entry point */
} md_graph_route;

static const md_graph_route md_graph_routes[] = {
    {"cudaGraphKernelNodeGetParams", MD_G_CUDART, 0, 2,
     "md_cudaGraphKernelNodeGetParams"},
    {"cudaGraphKernelNodeSetParams", MD_G_CUDART, 0, 2,
     "md_cudaGraphKernelNodeSetParams"},
    {"cudaGraphExecKernelNodeSetParams", MD_G_CUDART, 0, 3,
     "md_cudaGraphExecKernelNodeSetParams"},
    {"cudaGraphAddKernelNode", MD_G_CUDART, 0, 5, "md_cudaGraphAddKernelNode"},
    {"cudaGraphNodeGetParams", MD_G_CUDART, 0, 2, "md_cudaGraphNodeGetParams"},
    {"cudaGraphNodeSetParams", MD_G_CUDART, 0, 2, "md_cudaGraphNodeSetParams"},
    {"cudaGraphExecNodeSetParams", MD_G_CUDART, 0, 3,
     "md_cudaGraphExecNodeSetParams"},
    {"cuGraphKernelNodeGetParams_v2", MD_G_CU, 0, 2,
     "md_cuGraphKernelNodeGetParams"},
    {"cuGraphKernelNodeSetParams_v2", MD_G_CU, 0, 2,
     "md_cuGraphKernelNodeSetParams"},
    {"cuGraphExecKernelNodeSetParams_v2", MD_G_CU, 0, 3,
     "md_cuGraphExecKernelNodeSetParams"},
    {"cuGraphAddKernelNode_v2", MD_G_CU, 0, 5, "md_cuGraphAddKernelNode"},
    {"cuGraphKernelNodeGetParams", MD_G_CU, MD_GRAPH_CU_V1, 2,
     "md_cuGraphKernelNodeGetParams"},
    {"cuGraphKernelNodeSetParams", MD_G_CU, MD_GRAPH_CU_V1, 2,
     "md_cuGraphKernelNodeSetParams"},
    {"cuGraphExecKernelNodeSetParams", MD_G_CU, MD_GRAPH_CU_V1, 3,
     "md_cuGraphExecKernelNodeSetParams"},
    {"cuGraphAddKernelNode", MD_G_CU, MD_GRAPH_CU_V1, 5,
     "md_cuGraphAddKernelNode"},
    {"cuGraphNodeSetParams", MD_G_CU, 0, 2, "md_cuGraphNodeSetParams"},
    {"cuGraphExecNodeSetParams", MD_G_CU, 0, 3, "md_cuGraphExecNodeSetParams"},
    {"hipGraphKernelNodeGetParams", MD_G_HIP, MD_GRAPH_HIP_CLONE_V3, 2,
     "md_hipGraphKernelNodeGetParams"},
    {"hipGraphKernelNodeSetParams", MD_G_HIP, MD_GRAPH_HIP_CLONE_V3, 2,
     "md_hipGraphKernelNodeSetParams"},
    {"hipGraphExecKernelNodeSetParams", MD_G_HIP, MD_GRAPH_HIP_CLONE_V3, 3,
     "md_hipGraphExecKernelNodeSetParams"},
    {"hipGraphAddKernelNode", MD_G_HIP, MD_GRAPH_HIP_CLONE_V3, 5,
     "md_hipGraphAddKernelNode"},
};
#define MD_N_GRAPH_ROUTES (sizeof md_graph_routes / sizeof md_graph_routes[0])

typedef struct md_graph_ctx {
  LLVMModuleRef m;
  LLVMContextRef c;
  LLVMTypeRef ptr, i32, i64;
  LLVMValueRef kernels; /* @__magicdiv_graph_kernels or a null pointer */
  size_t n_kernels;
} md_graph_ctx;

/* @__magicdiv_graph_kernels: md_graph_kernel[n] { handle, name, clone },
 * its rows built in rows[0..n). */
static LLVMValueRef md_kernel_table(md_graph_ctx *g, const md_host_kernel *k,
                                    size_t n, LLVMValueRef *rows) {
  LLVMTypeRef fields[3] = {g->ptr, g->ptr, g->ptr}, ety;
  LLVMValueRef init, gv;
  size_t i;
  if (!n)
    return LLVMConstPointerNull(g->ptr);
  ety = LLVMStructTypeInContext(g->c, fields, 3, 0);
  for (i = 0; i < n; i++) {
    LLVMValueRef v[3];
    v[0] = k[i].handle;
    v[1] = k[i].name_ptr ? k[i].name_ptr : LLVMConstPointerNull(g->ptr);
    v[2] = k[i].hip_clone ? k[i].hip_clone : LLVMConstPointerNull(g->ptr);
    rows[i] = LLVMConstNamedStruct(ety, v, 3);
  }
  init = LLVMConstArray2(ety, rows, n);
  gv = LLVMAddGlobal(g->m, LLVMTypeOf(init), "__magicdiv_graph_kernels");
  LLVMSetInitializer(gv, init);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, LLVMPrivateLinkage);
  return gv;
}

/* The md_graph_api constant of route r called as `callee`. */
static LLVMValueRef md_graph_api_global(md_graph_ctx *g,
                                        const md_graph_route *r,
                                        LLVMValueRef callee) {
  LLVMValueRef f[6], init, gv, gfs = NULL;
  f[0] = LLVMConstInt(g->i32, MD_GRAPH_API_VERSION, 0);
  f[1] = LLVMConstInt(g->i32, r->flags, 0);
  f[2] = callee;
  if (r->family == MD_G_CUDART) {
    /* cudaError_t cudaGetFuncBySymbol(cudaFunction_t *, const void *) */
    gfs = LLVMGetNamedFunction(g->m, "cudaGetFuncBySymbol");
    if (!gfs) {
      LLVMTypeRef ps[2] = {g->ptr, g->ptr};
      gfs = LLVMAddFunction(g->m, "cudaGetFuncBySymbol",
                            LLVMFunctionType(g->i32, ps, 2, 0));
    }
  }
  f[3] = gfs ? gfs : LLVMConstPointerNull(g->ptr);
  f[4] = g->kernels;
  f[5] = LLVMConstInt(g->i64, g->n_kernels, 0);
  init = LLVMConstStructInContext(g->c, f, 6, 0);
  gv = LLVMAddGlobal(g->m, LLVMTypeOf(init), "__magicdiv_graph_api");
  LLVMSetInitializer(gv, init);
  LLVMSetGlobalConstant(gv, 1);
  LLVMSetLinkage(gv, LLVMPrivateLinkage);
  return gv;
}

/* Replace `call` by a call (or invoke) of rt with its operands and one
 * trailing pointer `api`. */
static LLVMValueRef md_graph_reroute(md_graph_ctx *g, LLVMValueRef call,
                                     const md_graph_route *r,
                                     LLVMValueRef api) {
  LLVMTypeRef oty = LLVMGetCalledFunctionType(call), ps[8], fty;
  unsigned np = LLVMCountParamTypes(oty), n = LLVMGetNumArgOperands(call), i;
  LLVMValueRef f, args[8];
  LLVMGetParamTypes(oty, ps);
  ps[np] = g->ptr;
  fty = LLVMFunctionType(LLVMGetReturnType(oty), ps, np + 1, 0);
  f = LLVMGetNamedFunction(g->m, r->rt);
  if (!f)
    f = LLVMAddFunction(g->m, r->rt, fty);
  for (i = 0; i < n; i++)
    args[i] = LLVMGetOperand(call, i);
  args[n] = api;
  return md_host_replace_call(call, fty, f, args, n + 1, n);
}

/* Whether the call's prototype is the API's: n_ops operands, pointers and
 * integers only, an integer result, not variadic. */
static int md_graph_shape_ok(LLVMValueRef call, const md_graph_route *r) {
  LLVMTypeRef oty = LLVMGetCalledFunctionType(call), ps[8];
  unsigned np = LLVMCountParamTypes(oty), i;
  if (LLVMIsFunctionVarArg(oty) || np != r->n_ops ||
      LLVMGetNumArgOperands(call) != r->n_ops ||
      LLVMGetTypeKind(LLVMGetReturnType(oty)) != LLVMIntegerTypeKind)
    return 0;
  LLVMGetParamTypes(oty, ps);
  for (i = 0; i < np; i++)
    if (LLVMGetTypeKind(ps[i]) != LLVMPointerTypeKind &&
        LLVMGetTypeKind(ps[i]) != LLVMIntegerTypeKind)
      return 0;
  return 1;
}

/* Add the calls of route r's function f to p (collected first: rerouting
 * edits its uses).  0, or -1 when out of memory. */
static int md_graph_calls_of(LLVMValueRef f, size_t r, md_graph_plan *p) {
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    md_graph_site *ns;
    if (!(LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) ||
        LLVMGetCalledValue(user) != f)
      continue;
    if (!(ns = md_array_room(p->site, p->n, &p->cap, sizeof *ns, 8)))
      return -1;
    p->site = ns;
    p->site[p->n].call = user;
    p->site[p->n++].route = r;
  }
  return 0;
}

int md_host_graphs_find(LLVMModuleRef m, size_t n_kernels,
                        md_graph_plan *p) {
  size_t i;
  memset(p, 0, sizeof *p);
  for (i = 0; i < MD_N_GRAPH_ROUTES; i++) {
    LLVMValueRef f = LLVMGetNamedFunction(m, md_graph_routes[i].name);
    if (f && md_graph_calls_of(f, i, p) != 0)
      goto oom;
  }
  if (p->n && n_kernels && !(p->rows = malloc(n_kernels * sizeof *p->rows)))
    goto oom;
  return 0;
oom:
  md_host_graphs_free(p);
  return -1;
}

void md_host_graphs_free(md_graph_plan *p) {
  free(p->site);
  free(p->rows);
  memset(p, 0, sizeof *p);
}

/* Reroute call (of route r, function f) unless its prototype is not the
 * API's; api: the route's md_graph_api constant, made on first use.  1 if
 * it was routed. */
static int md_graph_route_call(md_graph_ctx *g, LLVMValueRef call,
                               const md_graph_route *r, LLVMValueRef *api) {
  LLVMValueRef nc;
  if (!md_graph_shape_ok(call, r)) {
    md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostGraph),
               "magicdiv: %s call with an unexpected prototype: not "
               "rerouted (graph nodes of clones read back as clones)",
               r->name);
    return 0;
  }
  if (!*api)
    *api = md_graph_api_global(g, r, LLVMGetCalledValue(call));
  nc = md_graph_reroute(g, call, r, *api);
  md_remarkf(MD_REMARK_PASSED, nc, MD_RN(HostGraph),
             "magicdiv: %s routed through %s (graph kernel nodes of "
             "clones stay transparent)",
             r->name, r->rt);
  return 1;
}

size_t md_host_graphs_route(LLVMModuleRef m, md_graph_plan *p,
                            const md_host_kernel *k, size_t n) {
  LLVMValueRef api[MD_N_GRAPH_ROUTES] = {NULL};
  md_graph_ctx g;
  size_t i, routed = 0;
  memset(&g, 0, sizeof g);
  g.m = m;
  g.c = LLVMGetModuleContext(m);
  g.ptr = LLVMPointerTypeInContext(g.c, 0);
  g.i32 = LLVMInt32TypeInContext(g.c);
  g.i64 = LLVMInt64TypeInContext(g.c);
  for (i = 0; i < p->n; i++) {
    if (!g.kernels) {
      g.kernels = md_kernel_table(&g, k, n, p->rows);
      g.n_kernels = n;
    }
    routed += (size_t)md_graph_route_call(&g, p->site[i].call,
                                          &md_graph_routes[p->site[i].route],
                                          &api[p->site[i].route]);
  }
  md_host_graphs_free(p);
  return routed;
}
