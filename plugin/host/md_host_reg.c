/*
 * md_host_reg.c -- the table of a host module's kernel registrations
 * (md_host_reg.h): the __cudaRegisterFunction / __hipRegisterFunction
 * calls of the module constructor, and (-fgpu-rdc, the new offload driver)
 * the offload entries from which clang-linker-wrapper makes them at link
 * time.  The launch rewrite (md_host.c) routes the launches of these
 * handles; HIP clones are found for them (md_host_hip.c).
 */
#include "host/md_host_reg.h"

#include <stdlib.h>
#include <string.h>

#include "support/md_array.h"
#include "host/md_host_images.h"
#include "support/md_names.h"
#include "support/md_remark.h"

/* ---------------------------------------------------------------- utils */

/* v without pointer casts (constant-expression bitcast / addrspacecast). */
LLVMValueRef md_reg_strip(LLVMValueRef v) {
  while (v && LLVMIsAConstantExpr(v) &&
         (LLVMGetConstOpcode(v) == LLVMBitCast ||
          LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* The bytes of a global constant's initializer (i8 array), or NULL. */
const char *md_reg_global_bytes(LLVMValueRef g, size_t *len) {
  return md_images_global_init_bytes(md_reg_strip(g), len);
}

const char md_host_oom[] = "out of memory";

const char *md_host_why_name(const char *why) {
  return why == md_host_oom ? MD_RN(OutOfMemory) : MD_RN(HostNoClone);
}

/* --------------------------------------------------------- registrations */

/* A new registration of `handle` named bytes[0..len) (up to a NUL), or
 * NULL when the handle is registered already (the first one counts) or
 * memory ran out (then h->oom is set).  The caller fills in the rest and
 * counts it (h->n++). */
static md_reg *md_reg_new(md_host *h, LLVMValueRef handle, const char *bytes,
                          size_t len) {
  const char *nul = memchr(bytes, 0, len);
  md_reg *r, *nr;
  size_t i;
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == handle)
      return NULL;
  if (!(nr = md_array_room(h->regs, h->n, &h->cap, sizeof *nr, 16))) {
    h->oom = 1;
    return NULL;
  }
  h->regs = nr;
  r = &h->regs[h->n];
  memset(r, 0, sizeof *r);
  if (nul)
    len = (size_t)(nul - bytes);
  r->name = md_name_suffix(bytes, len, "");
  if (!r->name) {
    h->oom = 1;
    return NULL;
  }
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
  handle = md_reg_strip(LLVMGetOperand(call, 1));
  name_op = LLVMGetOperand(call, 2);
  if (!handle || !LLVMIsAGlobalValue(handle))
    return;
  bytes = md_reg_global_bytes(name_op, &len);
  if (!bytes) {
    md_remarkf(MD_REMARK_MISSED, call, MD_RN(HostRegistration),
               "magicdiv: kernel registration without a constant device "
               "name; its launches are not rerouted");
    return;
  }
  if (!(r = md_reg_new(h, handle, bytes, len)))
    return; /* registered twice (the first one counts), or out of memory
               (h->oom) */
  r->call = call;
  r->where = call;
  r->kind = kind;
  /* The registration's own name string serves the launch too. */
  r->name_ptr = md_reg_strip(name_op);
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
  addr = md_reg_strip(addr);
  if (!addr || !LLVMIsAGlobalValue(addr))
    return;
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == addr)
      return; /* registered by a call too */
  bytes = md_reg_global_bytes(name, &len);
  if (!bytes)
    return;
  if (!(r = md_reg_new(h, addr, bytes, len)))
    return;
  r->entry = g;
  r->where = md_some_function(h, addr);
  r->kind = kind;
  r->name_ptr = md_reg_strip(name);
  h->n++;
}

static void md_scan_entries(md_host *h) {
  LLVMValueRef g;
  for (g = LLVMGetFirstGlobal(h->m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g))
      md_add_entry(h, g);
}

/* Calls of the function named `fname`, passed to fn one by one. */
void md_reg_for_calls(md_host *h, const char *fname,
                      void (*fn)(md_host *, LLVMValueRef, void *), void *arg) {
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

void md_host_regs(md_host *h) {
  md_api_kind cuda = MD_CUDA, hip = MD_HIP;
  md_reg_for_calls(h, "__cudaRegisterFunction", md_reg_cb, &cuda);
  md_reg_for_calls(h, "__hipRegisterFunction", md_reg_cb, &hip);
  md_scan_entries(h);
}

md_reg *md_reg_find(md_host *h, LLVMValueRef handle, md_api_kind kind) {
  size_t i;
  for (i = 0; i < h->n; i++)
    if (h->regs[i].handle == handle && h->regs[i].kind == kind)
      return &h->regs[i];
  return NULL;
}
