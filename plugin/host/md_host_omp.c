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
 * with the same descriptor bytes, and that descriptor's parameter table is
 * the kernel's parameters as every launch of K shows them
 * (md_host_omp_params, md_host_params_match): then the clone gets a region
 * id and an offload entry of its own next to K's (libomptarget registers
 * it and aborts on an entry the image lacks, so it is never made
 * otherwise), and
 * every launch of K becomes (md_host_replace_call)
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
 * launched).  Everything the pass changes, and the memory that takes, is
 * found first (md_omp_plan_make): out of memory there leaves the module as
 * it was, with a remark.
 */
#include "host/md_host_omp.h"

#include <llvm-c/DebugInfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "support/md_array.h"
#include "host/md_host_call.h"
#include "host/md_host_codeobj.h"
#include "host/md_host_images.h"
#include "host/md_host_params.h"
#include "host/md_host_reg.h"
#include "support/md_ir.h"
#include "support/md_names.h"

#define MD_OFK_OPENMP 1

/* An OpenMP kernel entry: its region id (the address launches pass), its
 * name (NUL-terminated, in the module), the entry global and the operand
 * numbers of address and name in it. */
typedef struct md_omp_entry {
  LLVMValueRef entry, region;
  const char *name;
  unsigned addr_op, name_op;
} md_omp_entry;

#define MD_OMP_NO_ENTRY ((size_t)-1)

/* A launch: the __tgt_target_kernel call, its region's entry (or
 * MD_OMP_NO_ENTRY), and its name (nlen bytes at names + name), which the
 * new call keeps. */
typedef struct md_omp_site {
  LLVMValueRef call;
  size_t ent, name, nlen;
} md_omp_site;

/* What md_host_omp_run changes, found -- and the memory that takes,
 * taken -- before it changes anything. */
typedef struct md_omp_plan {
  md_omp_entry *ents; /* the module's target regions */
  size_t ne, cap_e;
  md_omp_site *sites; /* their launches */
  size_t ns, cap_s;
  LLVMValueRef *infos; /* per entry: its md_omp_kernel, made on first use */
  char *names;         /* the launches' names */
  uint64_t *sizes;     /* room for MD_MAX_PARAMS host-side parameters */
} md_omp_plan;

typedef struct md_omp_host {
  LLVMModuleRef m;
  LLVMContextRef c;
  md_dev_images im;
  const char *why; /* why no image can be read, or NULL */
  LLVMValueRef launch_fn; /* md_omp_launch */
  LLVMTypeRef launch_ty, info_ty;
  md_omp_plan *p;
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
    b = md_images_global_init_bytes(LLVMGetNamedGlobal(o->mod, ds), size);
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
    *why = md_host_oom;
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
      !(nm = md_images_global_init_bytes(name, &len)) || !len ||
      nm[len - 1] != 0)
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

/* NULL if descriptor d (dsize bytes) describes the kernel of entry e as
 * every launch of it that shows its parameters passes them
 * (md_host_omp_params, md_host_params_match), else why not (in buf). */
static const char *md_omp_params_ok(md_omp_host *h, size_t e,
                                    const unsigned char *d, size_t dsize,
                                    char *buf, size_t len) {
  size_t i;
  for (i = 0; i < h->p->ns; i++) {
    unsigned n;
    if (h->p->sites[i].ent != e)
      continue;
    n = md_host_omp_params(h->m, h->p->sites[i].call, h->p->sizes,
                           MD_MAX_PARAMS);
    if (n && !md_host_params_match(d, dsize, h->p->sizes, n, buf, len))
      return buf;
  }
  return NULL;
}

/* The plain tier of kernel e whose clone is registered: f[6..8] of its
 * md_omp_kernel (plain region, descriptor, size), nulls when some image
 * lacks K__magicdiv_plain, the images' descriptors differ or the
 * descriptor does not describe the kernel's launches (a remark). */
static void md_plain_info(md_omp_host *h, size_t e, LLVMValueRef call,
                          LLVMValueRef *f) {
  const md_omp_entry *k = &h->p->ents[e];
  LLVMTypeRef ptr = LLVMPointerTypeInContext(h->c, 0);
  LLVMValueRef region = NULL;
  const unsigned char *d;
  const char *why;
  char buf[160];
  size_t dsize = 0;
  d = md_find_omp_clone(h, k->name, MD_PLAIN_SUFFIX, MD_PLAIN_DESC_SUFFIX,
                        &dsize, &why);
  if (d && (why = md_omp_params_ok(h, e, d, dsize, buf, sizeof buf))) {
    md_remarkf(MD_REMARK_ANALYSIS, call, MD_RN(OmpNoClone),
               "magicdiv: target region '%s' gets no plain tier: %s",
               k->name, why);
    d = NULL;
  }
  if (d)
    region = md_clone_entry(h, k, MD_PLAIN_SUFFIX);
  f[6] = region ? region : LLVMConstNull(ptr);
  f[7] = region ? md_private_bytes(h, ".magicdiv.omp.plain_desc", d, dsize,
                                   NULL)
                : LLVMConstNull(ptr);
  f[8] = LLVMConstInt(LLVMInt64TypeInContext(h->c), region ? dsize : 0, 0);
  if (region)
    md_remarkf(MD_REMARK_PASSED, call, MD_RN(OmpPlainClone),
               "magicdiv: target region '%s': plain clone '%s" MD_PLAIN_SUFFIX
               "' registered through an offload entry (descriptor of %zu "
               "bytes)", k->name, k->name, dsize);
}

/* The clone of kernel e: its region id (made), with its descriptor in
 * *d (dsize bytes); NULL with why (buf: room for the reason of a
 * parameter mismatch) if it has none. */
static LLVMValueRef md_clone_of(md_omp_host *h, size_t e,
                                const unsigned char **d, size_t *dsize,
                                const char **why, char *buf, size_t len) {
  const md_omp_entry *k = &h->p->ents[e];
  LLVMValueRef clone;
  *d = md_find_omp_clone(h, k->name, MD_CLONE_SUFFIX, MD_DESC_SUFFIX, dsize,
                         why);
  if (!*d || (*why = md_omp_params_ok(h, e, *d, *dsize, buf, len)))
    return NULL;
  if (!(clone = md_clone_entry(h, k, MD_CLONE_SUFFIX)))
    *why = md_host_oom;
  return clone;
}

/* The md_omp_kernel constant of kernel e, made once. */
static LLVMValueRef md_kernel_info(md_omp_host *h, size_t e,
                                   LLVMValueRef target_kernel,
                                   LLVMValueRef call) {
  const md_omp_entry *k = &h->p->ents[e];
  LLVMTypeRef i32 = LLVMInt32TypeInContext(h->c);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(h->c, 0);
  LLVMValueRef f[9], g, clone, desc = NULL;
  const unsigned char *d;
  const char *why = NULL;
  char buf[160];
  size_t dsize = 0;
  clone = md_clone_of(h, e, &d, &dsize, &why, buf, sizeof buf);
  if (clone) {
    desc = md_private_bytes(h, ".magicdiv.omp.desc", d, dsize, NULL);
    h->cloned++;
    md_remarkf(MD_REMARK_PASSED, call, MD_RN(OmpClone),
               "magicdiv: target region '%s': clone '%s" MD_CLONE_SUFFIX
               "' registered through an offload entry (descriptor of %zu "
               "bytes)", k->name, k->name, dsize);
  } else {
    md_remarkf(MD_REMARK_ANALYSIS, call,
               why == md_host_oom ? MD_RN(OutOfMemory) : MD_RN(OmpNoClone),
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
    md_plain_info(h, e, call, f);
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

/* A launch: __tgt_target_kernel(ident, device, teams, threads, region,
 * args), called (or invoked, in a C++ try block). */
static int md_is_target_kernel(LLVMValueRef i) {
  LLVMValueRef f = LLVMIsACallInst(i) || LLVMIsAInvokeInst(i)
                       ? LLVMGetCalledValue(i)
                       : NULL;
  return f && LLVMIsAFunction(f) && md_name_is(f, "__tgt_target_kernel") &&
         LLVMGetNumArgOperands(i) == 6;
}

LLVMValueRef md_host_omp_first_launch(LLVMModuleRef m) {
  LLVMValueRef f = LLVMGetNamedFunction(m, "__tgt_target_kernel");
  for (LLVMUseRef u = f ? LLVMGetFirstUse(f) : NULL; u; u = LLVMGetNextUse(u))
    if (md_is_target_kernel(LLVMGetUser(u)))
      return LLVMGetUser(u);
  return NULL;
}

/* Route launch s of entry s->ent (md_host_replace_call: the same
 * operands, their call-site attributes, the debug location; its name
 * kept); the entry's md_omp_kernel made on first use. */
static void md_route(md_omp_host *h, const md_omp_site *s) {
  LLVMValueRef ops[7], nc, *info = &h->p->infos[s->ent];
  unsigned i;
  if (!*info)
    *info = md_kernel_info(h, s->ent, LLVMGetCalledValue(s->call), s->call);
  for (i = 0; i < 6; i++)
    ops[i] = LLVMGetOperand(s->call, i);
  ops[6] = *info;
  nc = md_host_replace_call(s->call, h->launch_ty, h->launch_fn, ops, 7, 6);
  if (s->nlen)
    LLVMSetValueName2(nc, h->p->names + s->name, s->nlen);
  h->routed++;
}

/* ---------------------------------------------------------------- plan */

static void md_omp_plan_free(md_omp_plan *p) {
  free(p->ents);
  free(p->sites);
  free(p->infos);
  free(p->names);
  free(p->sizes);
  memset(p, 0, sizeof *p);
}

/* The module's target regions into p->ents.  0, or -1 (out of memory). */
static int md_plan_entries(LLVMModuleRef m, md_omp_plan *p) {
  LLVMValueRef g;
  for (g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    md_omp_entry e, *ne;
    if (!md_entry_of(g, &e))
      continue;
    if (!(ne = md_array_room(p->ents, p->ne, &p->cap_e, sizeof *ne, 16)))
      return -1;
    p->ents = ne;
    p->ents[p->ne++] = e;
  }
  return 0;
}

/* The launches of the module into p->sites, each with its entry and the
 * length of its name.  0, or -1 (out of memory). */
static int md_plan_sites(LLVMModuleRef m, md_omp_plan *p) {
  LLVMValueRef f, in;
  LLVMBasicBlockRef bb;
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (in = LLVMGetFirstInstruction(bb); in;
           in = LLVMGetNextInstruction(in)) {
        md_omp_site *ns;
        size_t j;
        if (!md_is_target_kernel(in))
          continue;
        if (!(ns = md_array_room(p->sites, p->ns, &p->cap_s, sizeof *ns, 16)))
          return -1;
        p->sites = ns;
        for (j = 0; j < p->ne && p->ents[j].region != LLVMGetOperand(in, 4);
             j++)
          ;
        ns[p->ns].call = in;
        ns[p->ns].ent = j < p->ne ? j : MD_OMP_NO_ENTRY;
        LLVMGetValueName2(in, &ns[p->ns].nlen);
        p->ns++;
      }
  return 0;
}

/* What md_host_omp_run changes, into p: nothing when the module has no
 * target region or no launch.  0, or -1 when out of memory (p empty). */
static int md_omp_plan_make(LLVMModuleRef m, md_omp_plan *p) {
  size_t i, total = 0;
  memset(p, 0, sizeof *p);
  if (md_plan_entries(m, p) != 0 || (p->ne && md_plan_sites(m, p) != 0))
    goto oom;
  if (!p->ns)
    return 0;
  for (i = 0; i < p->ns; i++)
    total += p->sites[i].nlen;
  if (!(p->infos = calloc(p->ne, sizeof *p->infos)) ||
      !(p->names = malloc(total ? total : 1)) ||
      !(p->sizes = malloc(MD_MAX_PARAMS * sizeof *p->sizes)))
    goto oom;
  for (i = 0, total = 0; i < p->ns; i++) {
    size_t len = 0;
    const char *nm = LLVMGetValueName2(p->sites[i].call, &len);
    memcpy(p->names + total, nm, len);
    p->sites[i].name = total;
    total += len;
  }
  return 0;
oom:
  md_omp_plan_free(p);
  return -1;
}

/* ------------------------------------------------------------------ run */

/* Where a remark about the whole module points: its first function with
 * a body, else its first function. */
static LLVMValueRef md_omp_where(LLVMModuleRef m) {
  LLVMValueRef f;
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      return f;
  return LLVMGetFirstFunction(m);
}

/* md_omp_launch and the md_omp_kernel type, for h's module. */
static void md_omp_types(md_omp_host *h) {
  LLVMTypeRef ptr = LLVMPointerTypeInContext(h->c, 0);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(h->c);
  LLVMTypeRef params[7] = {ptr, LLVMInt64TypeInContext(h->c), i32, i32,
                           ptr, ptr, ptr};
  LLVMTypeRef fields[9] = {i32, i32, ptr, ptr, ptr, ptr, ptr, ptr,
                           LLVMInt64TypeInContext(h->c)};
  h->launch_ty = LLVMFunctionType(i32, params, 7, 0);
  h->launch_fn = LLVMGetNamedFunction(h->m, "md_omp_launch");
  if (!h->launch_fn)
    h->launch_fn = LLVMAddFunction(h->m, "md_omp_launch", h->launch_ty);
  h->info_ty = LLVMStructTypeInContext(h->c, fields, 9, 0);
}

int md_host_omp_run(LLVMModuleRef m, const md_options *o) {
  md_omp_host h;
  md_omp_plan p;
  size_t i;
  (void)o;
  memset(&h, 0, sizeof h);
  h.m = m;
  h.c = LLVMGetModuleContext(m);
  h.p = &p;
  if (md_omp_plan_make(m, &p) != 0) {
    md_remark(MD_REMARK_MISSED, md_omp_where(m), MD_RN(OutOfMemory),
              "magicdiv: out of memory while reading the host module: its "
              "OpenMP target region launches are left as they were");
    return 0;
  }
  if (!p.ns) {
    md_omp_plan_free(&p);
    return 0;
  }
  md_images_load(&h);
  md_omp_types(&h);
  for (i = 0; i < p.ns; i++) {
    if (p.sites[i].ent == MD_OMP_NO_ENTRY) {
      md_remark(MD_REMARK_MISSED, p.sites[i].call, MD_RN(OmpUnknownRegion),
                "magicdiv: __tgt_target_kernel of a region id that is no "
                "target region of this module left alone");
      continue;
    }
    md_route(&h, &p.sites[i]);
  }
  if (h.routed)
    md_remarkf(MD_REMARK_ANALYSIS, LLVMGetFirstFunction(m), MD_RN(OmpHost),
               "magicdiv: host module: %u OpenMP target region launch(es) "
               "routed through the runtime, %u clone(s) registered",
               h.routed, h.cloned);
  md_dev_images_free(&h.im);
  md_omp_plan_free(&p);
  return h.routed > 0;
}
