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
 * forms, driver-API launches).  Graph kernel-node calls (get, set, add)
 * are routed by md_host_graph.c, in modules with or without
 * registrations.  Modules without registrations are not touched.  The
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
#include "md_host_call.h"
#include "md_host_frame.h"
#include "md_host_codeobj.h"
#include "md_host_images.h"
#include "md_host_graph.h"
#include "md_names.h"

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

/* One kernel registration: a __*RegisterFunction call in the module
 * constructor, or (-fgpu-rdc, the new offload driver) an offload entry
 * from which clang-linker-wrapper makes that call at link time. */
typedef struct md_reg {
  LLVMValueRef handle;    /* the registered stub / handle */
  LLVMValueRef call;      /* the __*RegisterFunction call, or NULL */
  LLVMValueRef entry;     /* the offload entry global, or NULL */
  LLVMValueRef where;     /* where its remarks point (call or function) */
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
  return md_global_init_bytes(md_strip(g), len);
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

/* A new registration of `handle` named bytes[0..len) (up to a NUL), or
 * NULL when the handle is registered already (the first one counts) or
 * memory ran out.  The caller fills in the rest and counts it (h->n++). */
static md_reg *md_reg_new(md_host *h, LLVMValueRef handle, const char *bytes,
                          size_t len) {
  const char *nul = memchr(bytes, 0, len);
  md_reg *r;
  size_t i;
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == handle)
      return NULL;
  if (h->n == h->cap) {
    size_t cap = h->cap ? 2 * h->cap : 16;
    md_reg *nr = realloc(h->regs, cap * sizeof *nr);
    if (!nr)
      return NULL;
    h->regs = nr;
    h->cap = cap;
  }
  r = &h->regs[h->n];
  memset(r, 0, sizeof *r);
  if (nul)
    len = (size_t)(nul - bytes);
  r->name = md_name_suffix(bytes, len, "");
  if (!r->name)
    return NULL;
  r->handle = handle;
  return r;
}

static void md_add_reg(md_host *h, LLVMValueRef call, md_api_kind kind) {
  LLVMValueRef handle, name_op;
  const char *bytes;
  size_t len = 0;
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
  if (!(r = md_reg_new(h, handle, bytes, len)))
    return; /* registered twice (the first one counts), or out of memory */
  r->call = call;
  r->where = call;
  r->kind = kind;
  /* The registration's own name string serves the launch too. */
  r->name_ptr = md_strip(name_op);
  h->n++;
}

/* ------------------------------------------------------ offload entries
 *
 * With -fgpu-rdc and with the new offload driver the host module has no
 * __cudaRegisterFunction / __hipRegisterFunction calls: it has one offload
 * entry per kernel and variable, and clang-linker-wrapper writes the
 * registrations at link time.  clang 20+ (section "llvm_offload_entries"):
 *   { i64 0, i16 version, i16 kind, i32 flags, ptr addr, ptr name,
 *     i64 size, i64 data, ptr aux }   kind 2 CUDA, 4 HIP
 * clang 17-19 ("cuda_offloading_entries" / "hip_offloading_entries"):
 *   { ptr addr, ptr name, i64 size, i32 flags, i32 data }
 * A kernel is an entry of size 0 and flags 0 (variables have a size,
 * surfaces and textures flags); addr is the stub (CUDA) or the handle
 * (HIP), exactly what the launches pass. */

#define MD_OFK_CUDA 2
#define MD_OFK_HIP 4

static uint64_t md_const_u64(LLVMValueRef v, int *ok) {
  if (!v || !LLVMIsAConstantInt(v)) {
    *ok = 0;
    return 0;
  }
  return LLVMConstIntGetZExtValue(v);
}

/* A function of the module with a body: where remarks about an entry that
 * has no call of its own point. */
static LLVMValueRef md_some_function(md_host *h, LLVMValueRef handle) {
  LLVMValueRef f;
  if (LLVMIsAFunction(handle) && !LLVMIsDeclaration(handle))
    return handle;
  for (f = LLVMGetFirstFunction(h->m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      return f;
  return NULL;
}

static void md_add_entry(md_host *h, LLVMValueRef g) {
  const char *sec = LLVMGetSection(g), *bytes;
  LLVMValueRef init = LLVMGetInitializer(g), addr, name;
  md_api_kind kind;
  unsigned nf;
  size_t len = 0, i;
  uint64_t size, flags;
  int ok = 1;
  md_reg *r;
  if (!sec || !init || !LLVMIsAConstantStruct(init))
    return;
  nf = (unsigned)LLVMCountStructElementTypes(LLVMTypeOf(init));
  if (strcmp(sec, "llvm_offload_entries") == 0 && nf >= 7) {
    uint64_t ofk = md_const_u64(LLVMGetAggregateElement(init, 2), &ok);
    flags = md_const_u64(LLVMGetAggregateElement(init, 3), &ok);
    addr = LLVMGetAggregateElement(init, 4);
    name = LLVMGetAggregateElement(init, 5);
    size = md_const_u64(LLVMGetAggregateElement(init, 6), &ok);
    if (ofk == MD_OFK_CUDA)
      kind = MD_CUDA;
    else if (ofk == MD_OFK_HIP)
      kind = MD_HIP;
    else
      return; /* OpenMP, SYCL */
  } else if ((strcmp(sec, "cuda_offloading_entries") == 0 ||
              strcmp(sec, "hip_offloading_entries") == 0) &&
             nf >= 4) {
    addr = LLVMGetAggregateElement(init, 0);
    name = LLVMGetAggregateElement(init, 1);
    size = md_const_u64(LLVMGetAggregateElement(init, 2), &ok);
    flags = md_const_u64(LLVMGetAggregateElement(init, 3), &ok);
    kind = sec[0] == 'c' ? MD_CUDA : MD_HIP;
  } else {
    return;
  }
  if (!ok || size != 0 || flags != 0)
    return; /* a variable, surface or texture */
  addr = md_strip(addr);
  if (!addr || !LLVMIsAGlobalValue(addr))
    return;
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == addr)
      return; /* registered by a call too */
  bytes = md_global_bytes(name, &len);
  if (!bytes)
    return;
  if (!(r = md_reg_new(h, addr, bytes, len)))
    return;
  r->entry = g;
  r->where = md_some_function(h, addr);
  r->kind = kind;
  r->name_ptr = md_strip(name);
  h->n++;
}

static void md_scan_entries(md_host *h) {
  LLVMValueRef g;
  for (g = LLVMGetFirstGlobal(h->m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g))
      md_add_entry(h, g);
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
              "(old-driver -fgpu-rdc links the device code later; with "
              "--offload-new-driver the clones are registered)";
    return;
  }
  if (md_codeobjs_add((const unsigned char *)bytes, len, &fb->objs,
                      &fb->why) < 0)
    fb->bad = 1;
}

/* The symbol suffixes of one tier: the ranged clone K__magicdiv or the
 * plain one K__magicdiv_plain (docs/ABI.md 1). */
typedef struct md_tier_names {
  const char *clone, *kd, *desc;
} md_tier_names;
static const md_tier_names md_ranged_names = {
    MD_CLONE_SUFFIX, MD_CLONE_SUFFIX ".kd", MD_DESC_SUFFIX};
static const md_tier_names md_plain_names = {
    MD_PLAIN_SUFFIX, MD_PLAIN_SUFFIX ".kd", MD_PLAIN_DESC_SUFFIX};

/* The descriptor of `name`'s clone of tier tn if every code object holds
 * the clone and the same descriptor bytes; NULL with a reason otherwise. */
static const unsigned char *md_find_clone(const md_fatbins *fb,
                                          const char *name,
                                          const md_tier_names *tn,
                                          size_t *size, const char **why) {
  size_t len = strlen(name), i;
  char *kd = md_name_suffix(name, len, tn->kd);
  char *ds = md_name_suffix(name, len, tn->desc);
  const unsigned char *desc = NULL;
  uint64_t dsize = 0;
  *why = NULL;
  if (!kd || !ds)
    *why = "out of memory";
  for (i = 0; i < fb->objs.n && !*why; i++) {
    const unsigned char *b = NULL;
    uint64_t ksz, sz = 0;
    if (!md_elf_symbol(fb->objs.obj[i], fb->objs.size[i], kd, &ksz, &b)) {
      *why = "no clone in the embedded code objects";
      break;
    }
    b = NULL;
    if (!md_elf_symbol(fb->objs.obj[i], fb->objs.size[i], ds, &sz, &b) ||
        !b || sz < MD_DESC_HEADER_SIZE)
      *why = "a clone without a readable descriptor";
    else if (desc && (sz != dsize || memcmp(desc, b, (size_t)sz) != 0))
      *why = "the code objects' descriptors differ";
    else {
      desc = b;
      dsize = sz;
    }
  }
  free(kd);
  free(ds);
  if (*why || !desc) {
    if (!*why)
      *why = "no code objects";
    return NULL;
  }
  *size = (size_t)dsize;
  return desc;
}

/* K's offload entry with the clone's handle and name s (of n bytes with
 * its NUL), its globals tagged `tag` (g: a name buffer of glen bytes): the
 * new entry, in K's section, so that clang-linker-wrapper registers it. */
static LLVMValueRef md_hip_clone_entry(md_host *h, md_reg *r,
                                       LLVMValueRef handle, const char *s,
                                       size_t n, const char *tag, char *g,
                                       size_t glen) {
  LLVMValueRef init = LLVMGetInitializer(r->entry), ent, ef[16], nm, reg;
  unsigned nf = LLVMCountStructElementTypes(LLVMTypeOf(init)), i;
  int newfmt = strcmp(LLVMGetSection(r->entry), "llvm_offload_entries") == 0;
  LLVMMetadataRef md;
  if (nf > 16)
    nf = 16;
  for (i = 0; i < nf; i++)
    ef[i] = LLVMGetAggregateElement(init, i);
  /* the name lives where clang puts entry names */
  snprintf(g, glen, "%s.%s.entry_name", r->name, tag);
  nm = md_const_bytes(h, g, s, n, 1);
  LLVMSetLinkage(nm, LLVMInternalLinkage);
  LLVMSetSection(nm, ".llvm.rodata.offloading");
  ef[newfmt ? 4 : 0] = handle;
  ef[newfmt ? 5 : 1] = nm;
  ent = LLVMConstNamedStruct(LLVMTypeOf(init), ef, nf);
  snprintf(g, glen, "%s.%s.entry", r->name, tag);
  reg = LLVMAddGlobal(h->m, LLVMTypeOf(init), g);
  LLVMSetInitializer(reg, ent);
  LLVMSetGlobalConstant(reg, 1);
  LLVMSetLinkage(reg, LLVMWeakAnyLinkage);
  LLVMSetSection(reg, LLVMGetSection(r->entry));
  LLVMSetAlignment(reg, LLVMGetAlignment(r->entry));
  md = LLVMValueAsMetadata(nm);
  LLVMAddNamedMetadataOperand(
      h->m, "llvm.offloading.symbols",
      LLVMMetadataAsValue(h->c, LLVMMDNodeInContext2(h->c, &md, 1)));
  return reg;
}

/* Register K+suffix like K (see md_hip_add_clone) with its descriptor
 * bytes in a constant of the host module (*dglob_out); its handle, or
 * NULL. */
static LLVMValueRef md_hip_register(md_host *h, md_reg *r, const char *suffix,
                                    const unsigned char *desc, size_t dsize,
                                    LLVMValueRef *dglob_out) {
  LLVMValueRef handle, cname, dglob, reg = NULL;
  size_t len = strlen(r->name), slen = strlen(suffix), glen = len + 48;
  /* the tier's tag in the names of its globals: "magicdiv", "magicdiv_plain" */
  const char *tag = suffix + 2;
  char *g, *s;
  if (r->call) {
    unsigned n = LLVMGetNumArgOperands(r->call);
    if (n > 16 || n < 4)
      return NULL;
  } else if (!r->entry) {
    return NULL;
  }
  g = malloc(glen);
  s = md_name_suffix(r->name, len, suffix);
  if (!g || !s) {
    free(g);
    free(s);
    return NULL;
  }
  /* A handle of its own: a writable byte, so no linker merges it. */
  snprintf(g, glen, "%s.%s.handle", r->name, tag);
  handle = LLVMAddGlobal(h->m, LLVMInt8TypeInContext(h->c), g);
  LLVMSetInitializer(handle, LLVMConstInt(LLVMInt8TypeInContext(h->c), 0, 0));
  LLVMSetLinkage(handle, LLVMInternalLinkage);
  snprintf(g, glen, "%s.%s.name", r->name, tag);
  cname = md_const_bytes(h, g, s, len + slen + 1, 1);
  snprintf(g, glen, "%s.%s.desc", r->name, tag);
  dglob = md_const_bytes(h, g, (const char *)desc, dsize, 1);
  LLVMSetAlignment(dglob, 8);

  if (r->call) {
    LLVMTypeRef fty = LLVMGetCalledFunctionType(r->call);
    LLVMValueRef args[16];
    unsigned n = LLVMGetNumArgOperands(r->call), i;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(h->c);
    for (i = 0; i < n; i++)
      args[i] = LLVMGetOperand(r->call, i);
    args[1] = handle;
    args[2] = cname;
    args[3] = cname;
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(r->call));
    reg = LLVMBuildCall2(b, fty, LLVMGetCalledValue(r->call), args, n, "");
    LLVMInstructionSetDebugLoc(reg, LLVMInstructionGetDebugLoc(r->call));
    LLVMDisposeBuilder(b);
  } else {
    reg = md_hip_clone_entry(h, r, handle, s, len + slen + 1, tag, g, glen);
  }

  free(g);
  md_remarkf(MD_REMARK_PASSED, r->call ? reg : r->where, "HostCloneRegistered",
             "magicdiv: registered clone %s (descriptor of %zu bytes)%s", s,
             dsize, r->call ? "" : " through an offload entry");
  free(s);
  *dglob_out = dglob;
  return handle;
}

/* Register K__magicdiv (and K__magicdiv_plain when pdesc) like K: a
 * __hipRegisterFunction call right after K's, or (K registered by an
 * offload entry) an offload entry of its own next to K's, so that
 * clang-linker-wrapper registers it at link time.  Then build K's
 * md_hip_clone constant. */
static void md_hip_add_clone(md_host *h, md_reg *r, const unsigned char *desc,
                             size_t dsize, const unsigned char *pdesc,
                             size_t pdsize) {
  LLVMValueRef handle, dglob, phandle = NULL, pdglob = NULL, fields[6], info;
  size_t glen = strlen(r->name) + 32;
  char *g;
  handle = md_hip_register(h, r, MD_CLONE_SUFFIX, desc, dsize, &dglob);
  if (!handle || !(g = malloc(glen)))
    return;
  if (pdesc)
    phandle = md_hip_register(h, r, MD_PLAIN_SUFFIX, pdesc, pdsize, &pdglob);
  fields[0] = handle;
  fields[1] = dglob;
  fields[2] = LLVMConstInt(h->i64, dsize, 0);
  fields[3] = phandle ? phandle : LLVMConstNull(h->ptr);
  fields[4] = phandle ? pdglob : LLVMConstNull(h->ptr);
  fields[5] = LLVMConstInt(h->i64, phandle ? pdsize : 0, 0);
  info = LLVMConstStructInContext(h->c, fields, 6, 0);
  snprintf(g, glen, "%s.magicdiv.clone", r->name);
  r->hip_clone = LLVMAddGlobal(h->m, LLVMTypeOf(info), g);
  LLVMSetInitializer(r->hip_clone, info);
  LLVMSetGlobalConstant(r->hip_clone, 1);
  LLVMSetLinkage(r->hip_clone, LLVMPrivateLinkage);
  free(g);
}

/* ---------------------------------- HIP, new offload driver / -fgpu-rdc
 *
 * The device images are in the host module itself (@llvm.embedded.object,
 * section ".llvm.offloading", one LLVM offload binary per --offload-arch):
 * AMDGPU ELF objects, or LLVM bitcode with -fgpu-rdc (device LTO happens
 * at link time).  A bitcode image is read with the LLVM C API in a
 * context of its own; the clone is there when it defines the kernel
 * K__magicdiv and the constant K__magicdiv_desc. */

static int md_want_amdgpu(const md_offload_image *im) {
  return im->offload_kind == MD_OFK_HIP && strncmp(im->triple, "amdgcn", 6) == 0;
}

static void md_embedded_load(md_host *h, md_dev_images *em) {
  md_dev_images_load(h->m, md_want_amdgpu, 0, em);
  if (em->seen && !em->n && !em->why)
    em->why = "no AMDGPU image in the embedded offload binary";
}

/* K__magicdiv_desc's bytes in bitcode module `mod` if it also defines the
 * kernel K__magicdiv; NULL otherwise. */
static const unsigned char *md_bitcode_clone(LLVMModuleRef mod,
                                             const char *clone,
                                             const char *dname,
                                             uint64_t *size) {
  LLVMValueRef f = LLVMGetNamedFunction(mod, clone);
  const char *b;
  size_t len = 0;
  if (!f || LLVMIsDeclaration(f) ||
      LLVMGetFunctionCallConv(f) != LLVMAMDGPUKERNELCallConv)
    return NULL;
  if (!(b = md_global_init_bytes(LLVMGetNamedGlobal(mod, dname), &len)))
    return NULL;
  *size = len;
  return (const unsigned char *)b;
}

/* As md_find_clone, over the embedded images. */
static const unsigned char *md_find_clone_embedded(const md_dev_images *em,
                                                   const char *name,
                                                   const md_tier_names *tn,
                                                   size_t *size,
                                                   const char **why) {
  size_t len = strlen(name), i;
  char *kd = md_name_suffix(name, len, tn->kd),
       *cl = md_name_suffix(name, len, tn->clone),
       *ds = md_name_suffix(name, len, tn->desc);
  const unsigned char *desc = NULL;
  uint64_t dsize = 0;
  *why = NULL;
  if (!kd || !cl || !ds) {
    *why = "out of memory";
    goto done;
  }
  for (i = 0; i < em->n && !*why; i++) {
    const unsigned char *b = NULL;
    uint64_t ksz, sz = 0;
    if (em->img[i].mod) {
      b = md_bitcode_clone(em->img[i].mod, cl, ds, &sz);
      if (!b) {
        *why = "no clone in the embedded device code";
        break;
      }
    } else if (!md_elf_symbol(em->img[i].elf, em->img[i].size, kd, &ksz,
                              &b)) {
      *why = "no clone in the embedded device code";
      break;
    } else {
      b = NULL;
      if (!md_elf_symbol(em->img[i].elf, em->img[i].size, ds, &sz, &b))
        b = NULL;
    }
    if (!b || sz < MD_DESC_HEADER_SIZE)
      *why = "a clone without a readable descriptor";
    else if (desc && (sz != dsize || memcmp(desc, b, (size_t)sz) != 0))
      *why = "the device images' descriptors differ";
    else {
      desc = b;
      dsize = sz;
    }
  }
done:
  free(kd);
  free(cl);
  free(ds);
  if (*why || !desc) {
    if (!*why)
      *why = "no device images";
    return NULL;
  }
  *size = (size_t)dsize;
  return desc;
}

static void md_hip_clones(md_host *h) {
  md_fatbins fb;
  md_dev_images em;
  int have_entries = 0;
  size_t i;
  memset(&fb, 0, sizeof fb);
  memset(&em, 0, sizeof em);
  md_for_calls(h, "__hipRegisterFatBinary", md_fatbin_cb, &fb);
  for (i = 0; i < h->n; i++)
    if (h->regs[i].kind == MD_HIP && h->regs[i].entry)
      have_entries = 1;
  if (have_entries)
    md_embedded_load(h, &em);
  for (i = 0; i < h->n; i++) {
    md_reg *r = &h->regs[i];
    const unsigned char *desc = NULL, *pdesc = NULL;
    const char *why = NULL, *pwhy = NULL;
    size_t dsize = 0, pdsize = 0;
    if (r->kind != MD_HIP)
      continue;
    if (r->entry) {
      if (em.why)
        why = em.why;
      else if (!em.seen)
        why = "the device code is not embedded in the host module "
              "(-fgpu-rdc device objects are linked later)";
      else {
        desc = md_find_clone_embedded(&em, r->name, &md_ranged_names, &dsize,
                                      &why);
        pdesc = desc ? md_find_clone_embedded(&em, r->name, &md_plain_names,
                                              &pdsize, &pwhy)
                     : NULL;
      }
    } else if (fb.bad || !fb.seen) {
      why = fb.seen ? fb.why : "no __hipRegisterFatBinary call";
    } else {
      desc = md_find_clone(&fb, r->name, &md_ranged_names, &dsize, &why);
      pdesc = desc ? md_find_clone(&fb, r->name, &md_plain_names, &pdsize,
                                   &pwhy)
                   : NULL;
    }
    if (desc)
      md_hip_add_clone(h, r, desc, dsize, pdesc, pdsize);
    else
      md_remarkf(MD_REMARK_ANALYSIS, r->where, "HostNoClone",
                 "magicdiv: kernel '%s' keeps its original: %s", r->name,
                 why);
  }
  md_dev_images_free(&em);
}

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
    md_remarkf(MD_REMARK_MISSED, call, "HostLaunch",
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
    md_remarkf_in(MD_REMARK_PASSED, nc, "HostLaunch", where,
                  "magicdiv: %s of a kernel pointer not registered in this "
                  "module routed through %s (its name comes from the "
                  "driver, CUDA 12.3+; else the original runs)",
                  md_launch_apis[a].name, rt);
  else
    md_remarkf_in(MD_REMARK_PASSED, nc, "HostLaunch", where,
                  "magicdiv: launch of '%s' routed through %s%s", r->name,
                  rt,
                  hip && !r->hip_clone ? " (no clone: runs the original)"
                                       : "");
  free(where);
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
    if (!r && md_launch_apis[a].kind == MD_HIP) {
      /* HIP clones are registered at compile time, per kernel: nothing
       * to gain from the runtime for a kernel this module does not know */
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

/* ---------------------------------------------------------------- graphs */

/* Route the module's graph kernel-node calls (md_host_graph.c), handing
 * the runtime this module's kernels; returns how many were routed. */
static size_t md_graph_calls(md_host *h) {
  md_host_kernel *k = h->n ? calloc(h->n, sizeof *k) : NULL;
  size_t i, n;
  if (h->n && !k)
    return 0;
  for (i = 0; i < h->n; i++) {
    k[i].handle = h->regs[i].handle;
    k[i].name_ptr = h->regs[i].name_ptr;
    k[i].hip_clone = h->regs[i].hip_clone;
  }
  n = md_host_graphs(h->m, k, h->n);
  free(k);
  return n;
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
  md_scan_entries(&h);
  if (h.n == 0) {
    /* graph calls need no registrations: nodes are edited anywhere */
    if (!md_graph_calls(&h))
      return 0;
    LLVMGetOrInsertNamedMetadata(m, MD_HOST_MARK, strlen(MD_HOST_MARK));
    return 1;
  }
  md_hip_clones(&h);
  for (i = 0; i < h.n; i++)
    if (h.regs[i].hip_clone)
      changed = 1;
  routed = md_launches_run(&h);
  changed |= routed > 0;
  changed |= md_graph_calls(&h) > 0;
  md_remarkf(MD_REMARK_ANALYSIS, h.regs[0].where, "HostSummary",
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
