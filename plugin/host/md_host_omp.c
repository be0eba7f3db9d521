/*
 * md_host_omp.c -- the host transform for OpenMP offload: route
 * __tgt_target_kernel launches through md_omp_launch (md_host_omp.h).
 *
 * The host module names its target regions by offload entries (section
 * "llvm_offload_entries", kind 1; LLVM 19: "omp_offloading_entries"), each
 * with a host region id that the launches pass, and embeds the device
 * images (@llvm.embedded.object, ".llvm.offloading": one LLVM offload
 * binary per target; an ELF object for a CPU target or a linked GPU image,
 * LLVM bitcode when the device code is linked with LTO).  A kernel K has a
 * clone when every OpenMP image defines K__magicdiv and K__magicdiv_desc
 * with the same descriptor bytes: then the clone gets a region id and an
 * offload entry of its own next to K's (libomptarget registers it and
 * aborts on an entry the image lacks, so it is never made otherwise), and
 * every launch of K becomes
 *
 *   call i32 @md_omp_launch(ident, device, teams, threads, @K.region_id,
 *                           %kernel_args, ptr @K.magicdiv.omp)
 *   @K.magicdiv.omp = private constant { i32 2, i32 size, ptr clone_region,
 *                       ptr desc, ptr name, ptr @__tgt_target_kernel,
 *                       ptr plain_region, ptr plain_desc, i64 plain_size }
 *
 * with a null clone region and descriptor for a kernel without a clone.
 * The plain tier K__magicdiv_plain (with K__magicdiv_plain_desc) of a
 * kernel with a clone gets a region id and entry the same way, only when
 * every image has it with the same descriptor; else its fields are null
 * (the runtime then has no plain tier: a clone the image lacks is never
 * launched).
 */
#include "md_host_omp.h"

#include <llvm-c/DebugInfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "md_host_codeobj.h"
#include "md_host_images.h"
#include "md_ir.h"
#include "md_names.h"

#define MD_OFK_OPENMP 1

typedef struct md_omp_host {
  LLVMModuleRef m;
  LLVMContextRef c;
  md_dev_images im;
  const char *why; /* why no image can be read, or NULL */
  LLVMValueRef launch_fn; /* md_omp_launch */
  LLVMTypeRef launch_ty, info_ty;
  unsigned routed, cloned;
} md_omp_host;

static int md_want_omp(const md_offload_image *im) {
  return im->offload_kind == MD_OFK_OPENMP;
}

static void md_images_load(md_omp_host *h) {
  md_dev_images_load(h->m, md_want_omp, 1, &h->im);
  h->why = h->im.why;
  if (!h->why && !h->im.n)
    h->why = h->im.seen ? "no OpenMP image in the embedded offload binary"
                        : "the device code is not embedded in the host module";
}

/* The descriptor bytes of clone `cl` (descriptor `ds`) in image o, or
 * NULL if o does not define both. */
static const unsigned char *md_img_clone(const md_dev_image *o, const char *cl,
                                         const char *ds, size_t *size) {
  if (o->mod) {
    LLVMValueRef f = LLVMGetNamedFunction(o->mod, cl);
    const char *b;
    if (!f || LLVMIsDeclaration(f))
      return NULL;
    b = md_global_init_bytes(LLVMGetNamedGlobal(o->mod, ds), size);
    return (const unsigned char *)b;
  } else {
    uint64_t ksz = 0, dsz = 0;
    const unsigned char *kb = NULL, *db = NULL;
    if (!md_elf_symbol(o->elf, o->size, cl, &ksz, &kb) ||
        !md_elf_symbol(o->elf, o->size, ds, &dsz, &db) || !db)
      return NULL;
    *size = (size_t)dsz;
    return db;
  }
}

/* The descriptor of K's clone K<suffix> (descriptor K<dsuffix>), the same
 * in every image; NULL (why) if not. */
static const unsigned char *md_find_omp_clone(md_omp_host *h, const char *k,
                                              const char *suffix,
                                              const char *dsuffix,
                                              size_t *size,
                                              const char **why) {
  size_t len = strlen(k), i, sz = 0;
  char *cl = md_name_suffix(k, len, suffix);
  char *ds = md_name_suffix(k, len, dsuffix);
  const unsigned char *desc = NULL;
  *why = h->why;
  if (!cl || !ds)
    *why = "out of memory";
  for (i = 0; !*why && i < h->im.n; i++) {
    const unsigned char *b = md_img_clone(&h->im.img[i], cl, ds, &sz);
    if (!b)
      *why = "a device image has no clone";
    else if (desc && (sz != *size || memcmp(b, desc, sz) != 0))
      *why = "the device images' descriptors differ";
    else {
      desc = b;
      *size = sz;
    }
  }
  free(cl);
  free(ds);
  return *why ? NULL : desc;
}

/* An OpenMP kernel entry: its region id (the address launches pass), its
 * name (NUL-terminated, in the module), the entry global and the operand
 * numbers of address and name in it. */
typedef struct md_omp_entry {
  LLVMValueRef entry, region;
  const char *name;
  unsigned addr_op, name_op;
} md_omp_entry;

static int md_entry_of(LLVMValueRef g, md_omp_entry *out) {
  const char *sec = LLVMGetSection(g), *nm;
  LLVMValueRef e = LLVMGetInitializer(g), addr, name;
  unsigned n, a, s, size_op, flags_op;
  size_t len = 0;
  if (!sec || !e || LLVMGetTypeKind(LLVMTypeOf(e)) != LLVMStructTypeKind)
    return 0;
  n = (unsigned)LLVMGetNumOperands(e);
  if (strcmp(sec, "llvm_offload_entries") == 0 && n == 9) {
    LLVMValueRef kind = LLVMGetOperand(e, 2);
    if (!LLVMIsAConstantInt(kind) ||
        LLVMConstIntGetZExtValue(kind) != MD_OFK_OPENMP)
      return 0;
    a = 4, s = 5, size_op = 6, flags_op = 3;
  } else if (strcmp(sec, "omp_offloading_entries") == 0 && n == 5) {
    a = 0, s = 1, size_op = 2, flags_op = 3; /* LLVM <= 19 */
  } else {
    return 0;
  }
  if (!LLVMIsAConstantInt(LLVMGetOperand(e, size_op)) ||
      LLVMConstIntGetZExtValue(LLVMGetOperand(e, size_op)) != 0 ||
      !LLVMIsAConstantInt(LLVMGetOperand(e, flags_op)) ||
      LLVMConstIntGetZExtValue(LLVMGetOperand(e, flags_op)) != 0)
    return 0;
  addr = LLVMGetOperand(e, a);
  name = LLVMGetOperand(e, s);
  if (!LLVMIsAGlobalVariable(addr) || !LLVMIsAGlobalVariable(name) ||
      !(nm = md_global_init_bytes(name, &len)) || !len || nm[len - 1] != 0)
    return 0;
  out->entry = g;
  out->region = addr;
  out->name = nm;
  out->addr_op = a;
  out->name_op = s;
  return 1;
}

static LLVMValueRef md_private_bytes(md_omp_host *h, const char *gname,
                                     const void *b, size_t len,
                                     const char *section) {
  LLVMValueRef init = LLVMConstStringInContext2(h->c, b, len, 1);
  LLVMValueRef g = LLVMAddGlobal(h->m, LLVMTypeOf(init), gname);
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, section ? LLVMInternalLinkage : LLVMPrivateLinkage);
  if (section)
    LLVMSetSection(g, section);
  return g;
}

/* The region id and offload entry of K<suffix> (K__magicdiv,
 * K__magicdiv_plain), made like K's.  The region id, or NULL. */
static LLVMValueRef md_clone_entry(md_omp_host *h, const md_omp_entry *k,
                                   const char *suffix) {
  LLVMValueRef init = LLVMGetInitializer(k->entry), *ops, region, name, e;
  size_t len = strlen(k->name);
  char *cname = md_name_suffix(k->name, len, suffix);
  char *gname = malloc(len + 64);
  unsigned n = (unsigned)LLVMGetNumOperands(init), i;
  if (!cname || !gname) {
    free(cname);
    free(gname);
    return NULL;
  }
  ops = malloc(n * sizeof *ops);
  if (!ops) {
    free(cname);
    free(gname);
    return NULL;
  }
  snprintf(gname, len + 64, ".%s.region_id", cname);
  region = LLVMAddGlobal(h->m, LLVMInt8TypeInContext(h->c), gname);
  LLVMSetInitializer(region, LLVMConstInt(LLVMInt8TypeInContext(h->c), 0, 0));
  LLVMSetGlobalConstant(region, 1);
  LLVMSetLinkage(region, LLVMWeakAnyLinkage);
  name = md_private_bytes(h, ".offloading.entry_name.magicdiv", cname,
                          strlen(cname) + 1, ".llvm.rodata.offloading");
  LLVMSetUnnamedAddress(name, LLVMGlobalUnnamedAddr);
  for (i = 0; i < n; i++)
    ops[i] = LLVMGetOperand(init, i);
  ops[k->addr_op] = region;
  ops[k->name_op] = name;
  snprintf(gname, len + 64, ".offloading.entry.%s", cname);
  e = LLVMAddGlobal(h->m, LLVMTypeOf(init), gname);
  LLVMSetInitializer(e, LLVMConstNamedStruct(LLVMTypeOf(init), ops, n));
  LLVMSetGlobalConstant(e, 1);
  LLVMSetLinkage(e, LLVMGetLinkage(k->entry));
  LLVMSetSection(e, LLVMGetSection(k->entry));
  LLVMSetAlignment(e, LLVMGetAlignment(k->entry));
  free(ops);
  free(cname);
  free(gname);
  return region;
}

/* The plain tier of kernel k whose clone is registered: f[6..8] of its
 * md_omp_kernel (plain region, descriptor, size), nulls when some image
 * lacks K__magicdiv_plain or the images' descriptors differ. */
static void md_plain_info(md_omp_host *h, const md_omp_entry *k,
                          LLVMValueRef call, LLVMValueRef *f) {
  LLVMTypeRef ptr = LLVMPointerTypeInContext(h->c, 0);
  LLVMValueRef region = NULL;
  const unsigned char *d;
  const char *why;
  size_t dsize = 0;
  d = md_find_omp_clone(h, k->name, MD_PLAIN_SUFFIX, MD_PLAIN_DESC_SUFFIX,
                        &dsize, &why);
  if (d)
    region = md_clone_entry(h, k, MD_PLAIN_SUFFIX);
  f[6] = region ? region : LLVMConstNull(ptr);
  f[7] = region ? md_private_bytes(h, ".magicdiv.omp.plain_desc", d, dsize,
                                   NULL)
                : LLVMConstNull(ptr);
  f[8] = LLVMConstInt(LLVMInt64TypeInContext(h->c), region ? dsize : 0, 0);
  if (region)
    md_remarkf(MD_REMARK_PASSED, call, "OmpPlainClone",
               "magicdiv: target region '%s': plain clone '%s" MD_PLAIN_SUFFIX
               "' registered through an offload entry (descriptor of %zu "
               "bytes)", k->name, k->name, dsize);
}

/* The md_omp_kernel constant of kernel k, made once. */
static LLVMValueRef md_kernel_info(md_omp_host *h, const md_omp_entry *k,
                                   LLVMValueRef target_kernel,
                                   LLVMValueRef call) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(h->c);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(h->c, 0);
  LLVMValueRef f[9], g, clone = NULL, desc = NULL;
  const unsigned char *d;
  const char *why;
  size_t dsize = 0;
  d = md_find_omp_clone(h, k->name, MD_CLONE_SUFFIX, MD_DESC_SUFFIX, &dsize,
                        &why);
  if (d && !(clone = md_clone_entry(h, k, MD_CLONE_SUFFIX)))
    why = "out of memory";
  if (clone) {
    desc = md_private_bytes(h, ".magicdiv.omp.desc", d, dsize, NULL);
    h->cloned++;
    md_remarkf(MD_REMARK_PASSED, call, "OmpClone",
               "magicdiv: target region '%s': clone '%s" MD_CLONE_SUFFIX
               "' registered through an offload entry (descriptor of %zu "
               "bytes)", k->name, k->name, dsize);
  } else {
    md_remarkf(MD_REMARK_ANALYSIS, call, "OmpNoClone",
               "magicdiv: target region '%s' keeps its original: %s",
               k->name, why ? why : "no clone");
  }
  f[0] = LLVMConstInt(i32, 2, 0); /* MD_OMP_KERNEL_VERSION */
  f[1] = LLVMConstInt(i32, clone ? dsize : 0, 0);
  f[2] = clone ? clone : LLVMConstNull(ptr);
  f[3] = desc ? desc : LLVMConstNull(ptr);
  f[4] = md_private_bytes(h, ".magicdiv.omp.name", k->name,
                          strlen(k->name) + 1, NULL);
  f[5] = target_kernel;
  if (clone) {
    md_plain_info(h, k, call, f);
  } else {
    f[6] = f[7] = LLVMConstNull(ptr);
    f[8] = LLVMConstInt(LLVMInt64TypeInContext(h->c), 0, 0);
  }
  g = LLVMAddGlobal(h->m, h->info_ty, ".magicdiv.omp");
  LLVMSetInitializer(g, LLVMConstNamedStruct(h->info_ty, f, 9));
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  return g;
}

static int md_is_target_kernel(LLVMValueRef i) {
  return md_calls_fn(i, "__tgt_target_kernel") &&
         LLVMGetNumArgOperands(i) == 6;
}

/* Route one launch (call) of entry k; info made on first use. */
static void md_route(md_omp_host *h, LLVMValueRef call,
                     const md_omp_entry *k, LLVMValueRef *info) {
  LLVMBuilderRef b;
  LLVMValueRef ops[7], nc;
  unsigned i;
  if (!*info)
    *info = md_kernel_info(h, k, LLVMGetCalledValue(call), call);
  for (i = 0; i < 6; i++)
    ops[i] = LLVMGetOperand(call, i);
  ops[6] = *info;
  b = LLVMCreateBuilderInContext(h->c);
  LLVMPositionBuilderBefore(b, call);
  nc = LLVMBuildCall2(b, h->launch_ty, h->launch_fn, ops, 7, "");
  LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
  LLVMReplaceAllUsesWith(call, nc);
  {
    size_t len = 0;
    const char *nm = LLVMGetValueName2(call, &len);
    char *saved = len ? malloc(len) : NULL;
    if (saved)
      memcpy(saved, nm, len);
    LLVMInstructionEraseFromParent(call);
    if (saved)
      LLVMSetValueName2(nc, saved, len);
    free(saved);
  }
  LLVMDisposeBuilder(b);
  h->routed++;
}

/* Room for element n of the array *p (capacity *cap): 0, or -1 when out
 * of memory (the array is kept). */
static int md_grow(void **p, unsigned *cap, unsigned n, size_t elt) {
  void *q;
  if (n < *cap)
    return 0;
  if (!(q = realloc(*p, (size_t)(*cap ? 2 * *cap : 16) * elt)))
    return -1;
  *p = q;
  *cap = *cap ? 2 * *cap : 16;
  return 0;
}

int md_host_omp_run(LLVMModuleRef m, const md_options *o) {
  md_omp_host h;
  md_omp_entry *ents = NULL;
  LLVMValueRef *infos = NULL, *calls = NULL, g, f;
  unsigned ne = 0, nc = 0, cap = 0, ccap = 0, i, j;
  (void)o;
  memset(&h, 0, sizeof h);
  h.m = m;
  h.c = LLVMGetModuleContext(m);
  for (g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    md_omp_entry e;
    if (!md_entry_of(g, &e))
      continue;
    if (md_grow((void **)&ents, &cap, ne, sizeof *ents))
      goto done;
    ents[ne++] = e;
  }
  if (!ne)
    goto done;
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    LLVMBasicBlockRef bb;
    for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef in;
      for (in = LLVMGetFirstInstruction(bb); in;
           in = LLVMGetNextInstruction(in)) {
        if (!md_is_target_kernel(in))
          continue;
        if (md_grow((void **)&calls, &ccap, nc, sizeof *calls))
          goto done;
        calls[nc++] = in;
      }
    }
  }
  if (!nc || !(infos = calloc(ne, sizeof *infos)))
    goto done;
  md_images_load(&h);
  {
    LLVMTypeRef ptr = LLVMPointerTypeInContext(h.c, 0);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(h.c);
    LLVMTypeRef params[7] = {ptr, LLVMInt64TypeInContext(h.c), i32, i32,
                             ptr, ptr, ptr};
    LLVMTypeRef fields[9] = {i32, i32, ptr, ptr, ptr, ptr, ptr, ptr,
                             LLVMInt64TypeInContext(h.c)};
    h.launch_ty = LLVMFunctionType(i32, params, 7, 0);
    h.launch_fn = LLVMGetNamedFunction(m, "md_omp_launch");
    if (!h.launch_fn)
      h.launch_fn = LLVMAddFunction(m, "md_omp_launch", h.launch_ty);
    h.info_ty = LLVMStructTypeInContext(h.c, fields, 9, 0);
  }
  for (i = 0; i < nc; i++) {
    LLVMValueRef region = LLVMGetOperand(calls[i], 4);
    for (j = 0; j < ne && ents[j].region != region; j++)
      ;
    if (j == ne) {
      md_remark(MD_REMARK_MISSED, calls[i], "OmpUnknownRegion",
                "magicdiv: __tgt_target_kernel of a region id that is no "
                "target region of this module left alone");
      continue;
    }
    md_route(&h, calls[i], &ents[j], &infos[j]);
  }
  if (h.routed)
    md_remarkf(MD_REMARK_ANALYSIS, LLVMGetFirstFunction(m), "OmpHost",
               "magicdiv: host module: %u OpenMP target region launch(es) "
               "routed through the runtime, %u clone(s) registered",
               h.routed, h.cloned);
done:
  md_dev_images_free(&h.im);
  free(ents);
  free(calls);
  free(infos);
  return h.routed > 0;
}
