/*
 * md_host.c -- the host transform: route the launches of registered CUDA
 * and HIP kernels through the magicdiv runtime (md_launch.h).
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
 * HIP only: the runtime cannot find a clone from a registered kernel, so
 * the clones are found here, in the code objects embedded in the module
 * (md_host_codeobj.c).  For a kernel whose clone `K__magicdiv` (its kernel
 * descriptor `K__magicdiv.kd`) and descriptor `K__magicdiv_desc` are in
 * every code object, with the same descriptor bytes, the constructor gets
 *     __hipRegisterFunction(modules, @K.magicdiv.handle,
 *                           "K__magicdiv", "K__magicdiv", <K's rest>)
 * right after K's own registration, and the launch gets a constant
 * md_hip_clone { @K.magicdiv.handle, <descriptor bytes>, size }.  Only
 * clones that exist are registered: HIP aborts on a registered name that
 * the code object lacks.
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
 * forms, graph kernel nodes, driver-API launches).  Modules without registrations are not touched.  The
 * module is marked (!magicdiv.host) so that running the pass again
 * changes nothing.
 */
#include "md_host.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "magicdiv/md_launch.h"
#include "md_host_codeobj.h"

#define MD_HOST_MARK "magicdiv.host"

typedef enum md_api_kind { MD_CUDA = 0, MD_HIP = 1 } md_api_kind;

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
 * graph kernel nodes, and the driver API (its CUfunction / hipFunction_t
 * comes from a module the program loaded itself: use md_cuLaunchKernel). */
static const char *const md_other_launch_apis[] = {
    "cudaLaunchCooperativeKernelMultiDevice",
    "hipLaunchCooperativeKernelMultiDevice",
    "hipExtLaunchMultiKernelMultiDevice",
    "cudaGraphAddKernelNode",
    "hipGraphAddKernelNode",
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

/* One kernel registration. */
typedef struct md_reg {
  LLVMValueRef handle;    /* the registered stub / handle */
  LLVMValueRef call;      /* the __*RegisterFunction call */
  md_api_kind kind;
  char *name;             /* device name, NUL-terminated (owned) */
  LLVMValueRef name_ptr;  /* constant pointer to it, for the launch */
  LLVMValueRef hip_clone; /* HIP: md_hip_clone constant, or NULL */
} md_reg;

typedef struct md_host {
  LLVMModuleRef m;
  LLVMContextRef c;
  LLVMTypeRef ptr, i32, i64;
  md_reg *regs;
  size_t n, cap;
  LLVMValueRef api[MD_N_LAUNCH_APIS]; /* md_*_api constant per launch API */
} md_host;

/* ---------------------------------------------------------------- utils */

static int md_name_is(LLVMValueRef v, const char *s) {
  size_t len = 0;
  const char *n = LLVMGetValueName2(v, &len);
  return len == strlen(s) && memcmp(n, s, len) == 0;
}

/* v without pointer casts (constant-expression bitcast / addrspacecast). */
static LLVMValueRef md_strip(LLVMValueRef v) {
  while (v && LLVMIsAConstantExpr(v) &&
         (LLVMGetConstOpcode(v) == LLVMBitCast ||
          LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* The bytes of a global constant's initializer (i8 array), or NULL. */
static const char *md_global_bytes(LLVMValueRef g, size_t *len) {
  LLVMValueRef init;
  g = md_strip(g);
  if (!g || !LLVMIsAGlobalVariable(g) || LLVMIsDeclaration(g))
    return NULL;
  init = LLVMGetInitializer(g);
  if (!init || !LLVMIsAConstantDataSequential(init))
    return NULL;
  return LLVMGetAsString(init, len);
}

/* A private constant i8 array global holding [s, s + len) (no NUL added). */
static LLVMValueRef md_const_bytes(md_host *h, const char *gname,
                                   const char *s, size_t len, int unnamed) {
  LLVMValueRef init = LLVMConstStringInContext2(h->c, s, len, 1);
  LLVMValueRef g = LLVMAddGlobal(h->m, LLVMTypeOf(init), gname);
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  if (unnamed)
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  LLVMSetAlignment(g, 1);
  return g;
}

/* --------------------------------------------------------- registrations */

static void md_add_reg(md_host *h, LLVMValueRef call, md_api_kind kind) {
  LLVMValueRef handle, name_op;
  const char *bytes;
  size_t len = 0, i;
  md_reg *r;
  if (LLVMGetNumArgOperands(call) < 4)
    return;
  handle = md_strip(LLVMGetOperand(call, 1));
  name_op = LLVMGetOperand(call, 2);
  if (!handle || !LLVMIsAGlobalValue(handle))
    return;
  bytes = md_global_bytes(name_op, &len);
  if (!bytes) {
    md_remarkf(MD_REMARK_MISSED, call, "HostRegistration",
               "magicdiv: kernel registration without a constant device "
               "name; its launches are not rerouted");
    return;
  }
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == handle)
      return; /* registered twice: the first one counts */
  if (h->n == h->cap) {
    size_t cap = h->cap ? 2 * h->cap : 16;
    md_reg *nr = realloc(h->regs, cap * sizeof *nr);
    if (!nr)
      return;
    h->regs = nr;
    h->cap = cap;
  }
  r = &h->regs[h->n];
  memset(r, 0, sizeof *r);
  {
    const char *nul = memchr(bytes, 0, len);
    if (nul)
      len = (size_t)(nul - bytes);
  }
  r->name = malloc(len + 1);
  if (!r->name)
    return;
  memcpy(r->name, bytes, len);
  r->name[len] = 0;
  r->handle = handle;
  r->call = call;
  r->kind = kind;
  /* The registration's own name string serves the launch too. */
  r->name_ptr = md_strip(name_op);
  h->n++;
}

/* Calls of the function named `fname`, passed to fn one by one. */
static void md_for_calls(md_host *h, const char *fname,
                         void (*fn)(md_host *, LLVMValueRef, void *),
                         void *arg) {
  LLVMValueRef f = LLVMGetNamedFunction(h->m, fname);
  LLVMUseRef u;
  if (!f)
    return;
  for (u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if ((LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) &&
        LLVMGetCalledValue(user) == f)
      fn(h, user, arg);
  }
}

static void md_reg_cb(md_host *h, LLVMValueRef call, void *arg) {
  md_add_reg(h, call, *(md_api_kind *)arg);
}

static md_reg *md_find_reg(md_host *h, LLVMValueRef handle,
                           md_api_kind kind) {
  size_t i;
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == handle && h->regs[i].kind == kind)
      return &h->regs[i];
  return NULL;
}

/* ------------------------------------------------------ HIP code objects */

typedef struct md_fatbins {
  md_codeobjs objs;
  int bad;          /* an embedded binary could not be read */
  const char *why;
  int seen;         /* __hipRegisterFatBinary calls */
} md_fatbins;

/* __hipRegisterFatBinary(ptr @__hip_fatbin_wrapper): the wrapper is
 * { i32 magic, i32 version, ptr binary, ptr unused }. */
static void md_fatbin_cb(md_host *h, LLVMValueRef call, void *arg) {
  md_fatbins *fb = arg;
  LLVMValueRef w = md_strip(LLVMGetOperand(call, 0)), init, bin;
  const char *bytes;
  size_t len = 0;
  (void)h;
  fb->seen++;
  if (!w || !LLVMIsAGlobalVariable(w) || !(init = LLVMGetInitializer(w)) ||
      !LLVMIsAConstantStruct(init) ||
      !(bin = LLVMGetAggregateElement(init, 2)) ||
      !(bytes = md_global_bytes(bin, &len))) {
    fb->bad = 1;
    fb->why = "the GPU binary is not embedded in the host module "
              "(-fgpu-rdc or new offload driver)";
    return;
  }
  if (md_codeobjs_add((const unsigned char *)bytes, len, &fb->objs,
                      &fb->why) < 0)
    fb->bad = 1;
}

/* The descriptor of `name` if every code object holds the clone and the
 * same descriptor bytes; NULL with a reason otherwise. */
static const unsigned char *md_find_clone(const md_fatbins *fb,
                                          const char *name, size_t *size,
                                          const char **why) {
  size_t len = strlen(name), i;
  char *sym = malloc(len + sizeof MD_DESC_SUFFIX + 3);
  const unsigned char *desc = NULL;
  uint64_t dsize = 0;
  if (!sym) {
    *why = "out of memory";
    return NULL;
  }
  *why = NULL;
  for (i = 0; i < fb->objs.n && !*why; i++) {
    const unsigned char *b = NULL;
    uint64_t ksz, sz = 0;
    memcpy(sym, name, len);
    memcpy(sym + len, MD_CLONE_SUFFIX ".kd", sizeof MD_CLONE_SUFFIX + 3);
    if (!md_elf_symbol(fb->objs.obj[i], fb->objs.size[i], sym, &ksz, &b)) {
      *why = "no clone in the embedded code objects";
      break;
    }
    memcpy(sym + len, MD_DESC_SUFFIX, sizeof MD_DESC_SUFFIX);
    b = NULL;
    if (!md_elf_symbol(fb->objs.obj[i], fb->objs.size[i], sym, &sz, &b) ||
        !b || sz < MD_DESC_HEADER_SIZE)
      *why = "a clone without a readable descriptor";
    else if (desc && (sz != dsize || memcmp(desc, b, (size_t)sz) != 0))
      *why = "the code objects' descriptors differ";
    else {
      desc = b;
      dsize = sz;
    }
  }
  free(sym);
  if (*why || !desc) {
    if (!*why)
      *why = "no code objects";
    return NULL;
  }
  *size = (size_t)dsize;
  return desc;
}

/* Register K__magicdiv after K's registration and build its md_hip_clone
 * constant. */
static void md_hip_add_clone(md_host *h, md_reg *r, const unsigned char *desc,
                             size_t dsize) {
  LLVMBuilderRef b;
  LLVMValueRef handle, cname, dglob, args[16], call, fields[3], info, next;
  LLVMTypeRef fty = LLVMGetCalledFunctionType(r->call);
  unsigned n = LLVMGetNumArgOperands(r->call), i;
  size_t len = strlen(r->name);
  char *s;
  if (n > 16 || n < 4)
    return;
  s = malloc(len + sizeof MD_DESC_SUFFIX + 16);
  if (!s)
    return;
  /* A handle of its own: a writable byte, so no linker merges it. */
  snprintf(s, len + sizeof MD_DESC_SUFFIX + 16, "%s.magicdiv.handle",
           r->name);
  handle = LLVMAddGlobal(h->m, LLVMInt8TypeInContext(h->c), s);
  LLVMSetInitializer(handle, LLVMConstInt(LLVMInt8TypeInContext(h->c), 0, 0));
  LLVMSetLinkage(handle, LLVMInternalLinkage);
  memcpy(s, r->name, len);
  memcpy(s + len, MD_CLONE_SUFFIX, sizeof MD_CLONE_SUFFIX);
  {
    size_t glen = len + 32;
    char *g = malloc(glen);
    if (!g) {
      free(s);
      return;
    }
    snprintf(g, glen, "%s.magicdiv.name", r->name);
    cname = md_const_bytes(h, g, s, len + sizeof MD_CLONE_SUFFIX, 1);
    snprintf(g, glen, "%s.magicdiv.desc", r->name);
    dglob = md_const_bytes(h, g, (const char *)desc, dsize, 1);
    free(g);
  }
  LLVMSetAlignment(dglob, 8);

  for (i = 0; i < n; i++)
    args[i] = LLVMGetOperand(r->call, i);
  args[1] = handle;
  args[2] = cname;
  args[3] = cname;
  b = LLVMCreateBuilderInContext(h->c);
  next = LLVMGetNextInstruction(r->call);
  LLVMPositionBuilderBefore(b, next);
  call = LLVMBuildCall2(b, fty, LLVMGetCalledValue(r->call), args, n, "");
  LLVMInstructionSetDebugLoc(call, LLVMInstructionGetDebugLoc(r->call));
  LLVMDisposeBuilder(b);

  fields[0] = handle;
  fields[1] = dglob;
  fields[2] = LLVMConstInt(h->i64, dsize, 0);
  info = LLVMConstStructInContext(h->c, fields, 3, 0);
  snprintf(s, len + sizeof MD_DESC_SUFFIX + 16, "%s.magicdiv.clone", r->name);
  r->hip_clone = LLVMAddGlobal(h->m, LLVMTypeOf(info), s);
  LLVMSetInitializer(r->hip_clone, info);
  LLVMSetGlobalConstant(r->hip_clone, 1);
  LLVMSetLinkage(r->hip_clone, LLVMPrivateLinkage);
  free(s);
  md_remarkf(MD_REMARK_PASSED, call, "HostCloneRegistered",
             "magicdiv: registered clone %s" MD_CLONE_SUFFIX
             " (descriptor of %zu bytes)",
             r->name, dsize);
}

static void md_hip_clones(md_host *h) {
  md_fatbins fb;
  size_t i;
  memset(&fb, 0, sizeof fb);
  md_for_calls(h, "__hipRegisterFatBinary", md_fatbin_cb, &fb);
  for (i = 0; i < h->n; i++) {
    md_reg *r = &h->regs[i];
    const unsigned char *desc = NULL;
    const char *why = NULL;
    size_t dsize = 0;
    if (r->kind != MD_HIP)
      continue;
    if (fb.bad || !fb.seen)
      why = fb.seen ? fb.why : "no __hipRegisterFatBinary call";
    else
      desc = md_find_clone(&fb, r->name, &dsize, &why);
    if (desc)
      md_hip_add_clone(h, r, desc, dsize);
    else
      md_remarkf(MD_REMARK_ANALYSIS, r->call, "HostNoClone",
                 "magicdiv: kernel '%s' keeps its original: %s", r->name,
                 why);
  }
}

/* -------------------------------------------------------------- launches */

/* The md_cuda_api / md_cuda_ex_api / md_hip_*api constant for launch API
 * a: { version, flags, the launch function [, cudaGetFuncBySymbol] }. */
static LLVMValueRef md_api_global(md_host *h, size_t a,
                                  LLVMValueRef launch_fn) {
  LLVMValueRef fields[4], init, g;
  unsigned n = 3;
  if (h->api[a])
    return h->api[a];
  fields[0] = LLVMConstInt(h->i32,
                           md_launch_apis[a].kind == MD_CUDA
                               ? MD_CUDA_API_VERSION
                               : MD_HIP_API_VERSION,
                           0);
  fields[1] = LLVMConstInt(h->i32, md_launch_apis[a].flags, 0);
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
  g = LLVMAddGlobal(h->m, LLVMTypeOf(init), md_launch_apis[a].global);
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
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

/* Replace launch `call` of registered kernel r through launch API a. */
static void md_reroute(md_host *h, LLVMValueRef call, size_t a, md_reg *r) {
  int hip = md_launch_apis[a].kind == MD_HIP;
  const char *rt = md_launch_apis[a].rt;
  unsigned extra = hip ? 3 : 2, n = LLVMGetNumArgOperands(call), i, k;
  LLVMTypeRef fty;
  LLVMValueRef f = md_runtime_fn(h, call, rt, extra, &fty), args[32], nc;
  LLVMBuilderRef b;
  if (!f || n + extra > 32) {
    md_remarkf(MD_REMARK_MISSED, call, "HostLaunch",
               "magicdiv: launch of '%s' not rerouted: unexpected signature "
               "of %s",
               r->name, md_launch_apis[a].name);
    return;
  }
  for (i = 0; i < n; i++)
    args[i] = LLVMGetOperand(call, i);
  args[n] = r->name_ptr;
  args[n + 1] = md_api_global(h, a, LLVMGetCalledValue(call));
  if (hip)
    args[n + 2] = r->hip_clone ? r->hip_clone : LLVMConstPointerNull(h->ptr);
  b = LLVMCreateBuilderInContext(h->c);
  LLVMPositionBuilderBefore(b, call);
  if (LLVMIsAInvokeInst(call)) /* a launch inside a C++ try block */
    nc = LLVMBuildInvoke2(b, fty, f, args, n + extra, LLVMGetNormalDest(call),
                          LLVMGetUnwindDest(call), "");
  else
    nc = LLVMBuildCall2(b, fty, f, args, n + extra, "");
  LLVMDisposeBuilder(b);
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  /* Call-site attributes describe the forwarded values: keep them. */
  for (i = 1; i <= n; i++) {
    unsigned na = LLVMGetCallSiteAttributeCount(call, i);
    LLVMAttributeRef as[64];
    if (na > 64)
      continue;
    LLVMGetCallSiteAttributes(call, i, as);
    for (k = 0; k < na; k++)
      LLVMAddCallSiteAttribute(nc, i, as[k]);
  }
  LLVMReplaceAllUsesWith(call, nc);
  LLVMInstructionEraseFromParent(call);
  md_remarkf(MD_REMARK_PASSED, nc, "HostLaunch",
             "magicdiv: launch of '%s' routed through %s%s", r->name, rt,
             hip && !r->hip_clone ? " (no clone: runs the original)" : "");
}

/* Every call in the module of a launch API, in order. */
typedef struct md_launches {
  LLVMValueRef *call;
  size_t *api; /* index into md_launch_apis, or MD_N_LAUNCH_APIS + other */
  size_t n, cap;
} md_launches;

static void md_launch_cb(md_host *h, LLVMValueRef call, void *arg) {
  md_launches *l = arg;
  size_t k;
  LLVMValueRef callee = LLVMGetCalledValue(call);
  (void)h;
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 32;
    LLVMValueRef *nc = realloc(l->call, cap * sizeof *nc);
    size_t *na;
    if (!nc)
      return;
    l->call = nc;
    na = realloc(l->api, cap * sizeof *na);
    if (!na)
      return;
    l->api = na;
    l->cap = cap;
  }
  for (k = 0; k < MD_N_LAUNCH_APIS; k++)
    if (md_name_is(callee, md_launch_apis[k].name))
      break;
  if (k == MD_N_LAUNCH_APIS)
    for (k = 0; k < MD_N_OTHER_APIS; k++)
      if (md_name_is(callee, md_other_launch_apis[k])) {
        k += MD_N_LAUNCH_APIS;
        break;
      }
  l->call[l->n] = call;
  l->api[l->n++] = k;
}

/* Reroute the launches of registered kernels; returns how many. */
static size_t md_launches_run(md_host *h) {
  md_launches l;
  size_t i, changed = 0;
  memset(&l, 0, sizeof l);
  for (i = 0; i < MD_N_LAUNCH_APIS; i++)
    md_for_calls(h, md_launch_apis[i].name, md_launch_cb, &l);
  for (i = 0; i < MD_N_OTHER_APIS; i++)
    md_for_calls(h, md_other_launch_apis[i], md_launch_cb, &l);
  for (i = 0; i < l.n; i++) {
    LLVMValueRef call = l.call[i], fn;
    size_t a = l.api[i];
    md_reg *r;
    if (LLVMGetNumArgOperands(call) < 1)
      continue;
    if (a >= MD_N_LAUNCH_APIS) {
      md_remarkf(MD_REMARK_MISSED, call, "HostLaunch",
                 "magicdiv: %s launches are not rerouted (the original "
                 "kernel runs)",
                 md_other_launch_apis[a - MD_N_LAUNCH_APIS]);
      continue;
    }
    if (LLVMGetNumArgOperands(call) <= md_launch_apis[a].fn_op) {
      md_remarkf(MD_REMARK_MISSED, call, "HostLaunch",
                 "magicdiv: %s call with too few operands: not rerouted",
                 md_launch_apis[a].name);
      continue;
    }
    fn = md_strip(LLVMGetOperand(call, md_launch_apis[a].fn_op));
    r = md_find_reg(h, fn, md_launch_apis[a].kind);
    if (!r) {
      md_remarkf(MD_REMARK_MISSED, call, "HostLaunch",
                 "magicdiv: %s of a kernel that is not registered in this "
                 "module (or a function pointer): not rerouted",
                 md_launch_apis[a].name);
      continue;
    }
    md_reroute(h, call, a, r);
    changed++;
  }
  free(l.call);
  free(l.api);
  return changed;
}

/* ------------------------------------------------------------------ run */

int md_host_run(LLVMModuleRef m, const md_options *o) {
  md_host h;
  md_api_kind cuda = MD_CUDA, hip = MD_HIP;
  int changed = 0;
  size_t i, routed;
  (void)o;
  if (LLVMGetNamedMetadata(m, MD_HOST_MARK, strlen(MD_HOST_MARK)))
    return 0; /* done before (e.g. pre-link and LTO pipelines) */
  memset(&h, 0, sizeof h);
  h.m = m;
  h.c = LLVMGetModuleContext(m);
  h.ptr = LLVMPointerTypeInContext(h.c, 0);
  h.i32 = LLVMInt32TypeInContext(h.c);
  h.i64 = LLVMInt64TypeInContext(h.c);
  md_for_calls(&h, "__cudaRegisterFunction", md_reg_cb, &cuda);
  md_for_calls(&h, "__hipRegisterFunction", md_reg_cb, &hip);
  if (h.n == 0)
    return 0;
  md_hip_clones(&h);
  for (i = 0; i < h.n; i++)
    if (h.regs[i].hip_clone)
      changed = 1;
  routed = md_launches_run(&h);
  changed |= routed > 0;
  md_remarkf(MD_REMARK_ANALYSIS, h.regs[0].call, "HostSummary",
             "magicdiv: host module: %zu kernel registration(s), %zu "
             "launch(es) routed through the runtime",
             h.n, routed);
  if (changed)
    LLVMGetOrInsertNamedMetadata(m, MD_HOST_MARK, strlen(MD_HOST_MARK));
  for (i = 0; i < h.n; i++)
    free(h.regs[i].name);
  free(h.regs);
  return changed;
}
