/*
 * md_host_hip.c -- the host transform's HIP clone discovery
 * (md_host_hip.h).
 *
 * HIP only: the runtime cannot find a clone from a registered kernel, so
 * the clones are found here, in the code objects embedded in the module
 * (md_host_codeobj.c).  For a kernel whose clone `K__magicdiv` (its kernel
 * descriptor `K__magicdiv.kd`) and descriptor `K__magicdiv_desc` are in
 * every code object, with the same descriptor bytes, the constructor gets
 *     __hipRegisterFunction(modules, @K.magicdiv.handle,
 *                           "K__magicdiv", "K__magicdiv", <K's rest>)
 * right after K's own registration, and the launch gets a constant
 * md_hip_clone { @K.magicdiv.handle, <descriptor bytes>, size, <plain
 * tier>, <pow2 tier> } (version 3, md_hip.h).  The tiers K__magicdiv_plain
 * and K__magicdiv_pow2 are registered the same way when every code object
 * has them (the pow2 tier has no descriptor of its own: the device pass
 * keeps it only with K__magicdiv's parameters and descriptor).  Only
 * clones that exist are registered: HIP aborts on a registered name that
 * the code object lacks.  With the new offload driver the device images
 * are the module's own (@llvm.embedded.object) and the clone gets an
 * offload entry of its own instead of the call.  A kernel whose clone is
 * in none of the code objects read keeps its launches as they were
 * (md_reg.no_clone); one whose clone was found but cannot be used (the
 * descriptors differ, its parameters do not match or cannot be checked)
 * is routed with no clone, so that MAGICDIV_LOG says why.
 */
#include "host/md_host_hip.h"

#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "host/md_host_codeobj.h"
#include "host/md_host_images.h"
#include "host/md_host_params.h"
#include "support/md_names.h"
#include "support/md_remark.h"

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
  LLVMValueRef w = md_reg_strip(LLVMGetOperand(call, 0)), init, bin;
  const char *bytes;
  size_t len = 0;
  (void)h;
  fb->seen++;
  if (!w || !LLVMIsAGlobalVariable(w) || !(init = LLVMGetInitializer(w)) ||
      !LLVMIsAConstantStruct(init) ||
      !(bin = LLVMGetAggregateElement(init, 2)) ||
      !(bytes = md_reg_global_bytes(bin, &len))) {
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

/* Why a kernel has no clone when the device code was read and lacks it
 * (compared by address: such a kernel's launches are left alone). */
static const char md_no_clone_objs[] = "no clone in the embedded code objects";
static const char md_no_clone_dev[] = "no clone in the embedded device code";

/* The symbol suffixes of one tier: the ranged clone K__magicdiv, the
 * plain one K__magicdiv_plain or the pow2 tier K__magicdiv_pow2 (desc
 * NULL: K__magicdiv's) (docs/ABI.md 1). */
typedef struct md_tier_names {
  const char *clone, *kd, *desc;
} md_tier_names;
static const md_tier_names md_ranged_names = {
    MD_CLONE_SUFFIX, MD_CLONE_SUFFIX ".kd", MD_DESC_SUFFIX};
static const md_tier_names md_plain_names = {
    MD_PLAIN_SUFFIX, MD_PLAIN_SUFFIX ".kd", MD_PLAIN_DESC_SUFFIX};
static const md_tier_names md_pow2_names = {
    MD_POW2_SUFFIX, MD_POW2_SUFFIX ".kd", NULL};

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
    *why = md_host_oom;
  for (i = 0; i < fb->objs.n && !*why; i++) {
    const unsigned char *b = NULL;
    uint64_t ksz, sz = 0;
    if (!md_elf_symbol(fb->objs.obj[i], fb->objs.size[i], kd, &ksz, &b)) {
      *why = md_no_clone_objs;
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
 * bytes in a constant of the host module (*dglob_out; desc NULL: none,
 * the pow2 tier); its handle, or NULL with the reason in *why (the module
 * as it was). */
static LLVMValueRef md_hip_register(md_host *h, md_reg *r, const char *suffix,
                                    const unsigned char *desc, size_t dsize,
                                    LLVMValueRef *dglob_out,
                                    const char **why) {
  LLVMValueRef handle, cname, dglob, reg = NULL;
  size_t len = strlen(r->name), slen = strlen(suffix), glen = len + 48;
  /* the tier's tag in the names of its globals: "magicdiv",
   * "magicdiv_plain", "magicdiv_pow2" */
  const char *tag = suffix + 2;
  char *g, *s;
  *why = "its registration has an unexpected form";
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
    *why = md_host_oom;
    return NULL;
  }
  /* A handle of its own: a writable byte, so no linker merges it. */
  snprintf(g, glen, "%s.%s.handle", r->name, tag);
  handle = LLVMAddGlobal(h->m, LLVMInt8TypeInContext(h->c), g);
  LLVMSetInitializer(handle, LLVMConstInt(LLVMInt8TypeInContext(h->c), 0, 0));
  LLVMSetLinkage(handle, LLVMInternalLinkage);
  snprintf(g, glen, "%s.%s.name", r->name, tag);
  cname = md_const_bytes(h, g, s, len + slen + 1, 1);
  dglob = NULL;
  if (desc) {
    snprintf(g, glen, "%s.%s.desc", r->name, tag);
    dglob = md_const_bytes(h, g, (const char *)desc, dsize, 1);
    LLVMSetAlignment(dglob, 8);
  }

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
  md_remarkf(MD_REMARK_PASSED, r->call ? reg : r->where,
             MD_RN(HostCloneRegistered),
             "magicdiv: registered clone %s (%s of %zu bytes)%s", s,
             desc ? "descriptor" : "the clone's descriptor", dsize,
             r->call ? "" : " through an offload entry");
  free(s);
  *dglob_out = dglob;
  return handle;
}

/* Register K__magicdiv (and K__magicdiv_plain when pdesc, K__magicdiv_pow2
 * when pow2) like K: a
 * __hipRegisterFunction call right after K's, or (K registered by an
 * offload entry) an offload entry of its own next to K's, so that
 * clang-linker-wrapper registers it at link time.  Then build K's
 * md_hip_clone constant.  NULL, or why K keeps its original (the module
 * as it was). */
static const char *md_hip_add_clone(md_host *h, md_reg *r,
                                    const unsigned char *desc, size_t dsize,
                                    const unsigned char *pdesc,
                                    size_t pdsize, int pow2) {
  LLVMValueRef handle, dglob, phandle = NULL, pdglob = NULL, fields[7], info;
  LLVMValueRef p2handle = NULL, p2dglob;
  size_t glen = strlen(r->name) + 32;
  const char *why = NULL;
  char *g = malloc(glen);
  if (!g)
    return md_host_oom;
  handle = md_hip_register(h, r, MD_CLONE_SUFFIX, desc, dsize, &dglob, &why);
  if (!handle) {
    free(g);
    return why;
  }
  if (pdesc && !(phandle = md_hip_register(h, r, MD_PLAIN_SUFFIX, pdesc,
                                           pdsize, &pdglob, &why)))
    md_remarkf(MD_REMARK_ANALYSIS, r->where, md_host_why_name(why),
               "magicdiv: kernel '%s' gets no plain tier: %s", r->name, why);
  if (pow2 && !(p2handle = md_hip_register(h, r, MD_POW2_SUFFIX, NULL, dsize,
                                           &p2dglob, &why)))
    md_remarkf(MD_REMARK_ANALYSIS, r->where, md_host_why_name(why),
               "magicdiv: kernel '%s' gets no pow2 tier: %s", r->name, why);
  fields[0] = handle;
  fields[1] = dglob;
  fields[2] = LLVMConstInt(h->i64, dsize, 0);
  fields[3] = phandle ? phandle : LLVMConstNull(h->ptr);
  fields[4] = phandle ? pdglob : LLVMConstNull(h->ptr);
  fields[5] = LLVMConstInt(h->i64, phandle ? pdsize : 0, 0);
  fields[6] = p2handle ? p2handle : LLVMConstNull(h->ptr);
  info = LLVMConstStructInContext(h->c, fields, 7, 0);
  snprintf(g, glen, "%s.magicdiv.clone", r->name);
  r->hip_clone = LLVMAddGlobal(h->m, LLVMTypeOf(info), g);
  LLVMSetInitializer(r->hip_clone, info);
  LLVMSetGlobalConstant(r->hip_clone, 1);
  LLVMSetLinkage(r->hip_clone, LLVMPrivateLinkage);
  free(g);
  return NULL;
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
  if (!(b = md_images_global_init_bytes(LLVMGetNamedGlobal(mod, dname), &len)))
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
    *why = md_host_oom;
    goto done;
  }
  for (i = 0; i < em->n && !*why; i++) {
    const unsigned char *b = NULL;
    uint64_t ksz, sz = 0;
    if (em->img[i].mod) {
      b = md_bitcode_clone(em->img[i].mod, cl, ds, &sz);
      if (!b) {
        *why = md_no_clone_dev;
        break;
      }
    } else if (!md_elf_symbol(em->img[i].elf, em->img[i].size, kd, &ksz,
                              &b)) {
      *why = md_no_clone_dev;
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

/* How many of the module's code objects (fb) or embedded device images
 * (em) define r's pow2 tier K__magicdiv_pow2 (a kernel), of *of. */
static size_t md_hip_pow2_count(const md_reg *r, const md_fatbins *fb,
                                const md_dev_images *em, size_t *of) {
  size_t len = strlen(r->name), i, n = r->entry ? em->n : fb->objs.n, k = 0;
  char *kd = md_name_suffix(r->name, len, md_pow2_names.kd);
  char *cl = md_name_suffix(r->name, len, md_pow2_names.clone);
  *of = n;
  for (i = 0; kd && cl && i < n; i++) {
    const unsigned char *b = NULL;
    uint64_t sz = 0;
    LLVMValueRef f;
    if (r->entry && em->img[i].mod)
      k += (f = LLVMGetNamedFunction(em->img[i].mod, cl)) &&
           !LLVMIsDeclaration(f) &&
           LLVMGetFunctionCallConv(f) == LLVMAMDGPUKERNELCallConv;
    else if (r->entry)
      k += md_elf_symbol(em->img[i].elf, em->img[i].size, kd, &sz, &b) != 0;
    else
      k += md_elf_symbol(fb->objs.obj[i], fb->objs.size[i], kd, &sz, &b) != 0;
  }
  free(kd);
  free(cl);
  return k;
}

/* 1 if every code object (device image) of r has its pow2 tier; a remark
 * when only some have it. */
static int md_hip_pow2(const md_reg *r, const md_fatbins *fb,
                       const md_dev_images *em) {
  size_t of = 0, k = md_hip_pow2_count(r, fb, em, &of);
  if (k && k < of)
    md_remarkf(MD_REMARK_ANALYSIS, r->where, MD_RN(HostNoClone),
               "magicdiv: kernel '%s' gets no pow2 tier: %zu of %zu code "
               "objects have %s" MD_POW2_SUFFIX,
               r->name, k, of, r->name);
  return k && k == of;
}

/* The descriptors of r's clone and plain tier (NULL: none) in the
 * module's code objects (fb) or embedded device images (em); NULL, or why
 * r has no clone. */
static const char *md_hip_find(const md_reg *r, const md_fatbins *fb,
                               const md_dev_images *em,
                               const unsigned char **desc, size_t *dsize,
                               const unsigned char **pdesc, size_t *pdsize) {
  const char *why = NULL, *pwhy = NULL;
  *desc = *pdesc = NULL;
  if (r->entry) {
    if (em->why)
      return em->why;
    if (!em->seen)
      return "the device code is not embedded in the host module "
             "(-fgpu-rdc device objects are linked later)";
    *desc = md_find_clone_embedded(em, r->name, &md_ranged_names, dsize,
                                   &why);
    if (*desc)
      *pdesc = md_find_clone_embedded(em, r->name, &md_plain_names, pdsize,
                                      &pwhy);
  } else if (fb->bad || !fb->seen) {
    return fb->seen ? fb->why : "no __hipRegisterFatBinary call";
  } else {
    *desc = md_find_clone(fb, r->name, &md_ranged_names, dsize, &why);
    if (*desc)
      *pdesc = md_find_clone(fb, r->name, &md_plain_names, pdsize, &pwhy);
  }
  return why;
}

/* Whether descriptor desc describes the n parameters sizes[0..n) the
 * stub shows (n == 0: it shows none): 1, or 0 with why in buf.  A stub
 * that does not show its parameters leaves only a descriptor with none
 * safe: the runtime reads as many argument pointers as the descriptor
 * declares, and nothing bounds the launch's array. */
static int md_hip_desc_fits(const unsigned char *desc, size_t dsize,
                            const uint64_t *sizes, unsigned n, char *buf,
                            size_t len) {
  if (md_host_params_match(desc, dsize, sizes, n, buf, len))
    return 1;
  if (!n)
    snprintf(buf, len,
             "its launch stub does not show the kernel's parameters, so "
             "its descriptor's parameter table cannot be checked");
  return 0;
}

/* Whether r's clone descriptor desc (and its plain tier's, *pdesc)
 * describes r's kernel as the host passes its parameters (sizes: room
 * for MD_MAX_PARAMS): NULL when it does, or when the stub does not show
 * the parameters and the descriptor declares none, else why not (in
 * buf).  A plain descriptor that does not: *pdesc = NULL (no plain tier),
 * with a remark. */
static const char *md_hip_params_ok(md_host *h, const md_reg *r,
                                    const unsigned char *desc, size_t dsize,
                                    const unsigned char **pdesc,
                                    size_t pdsize, uint64_t *sizes,
                                    char *buf, size_t len) {
  unsigned n = md_host_hip_params(h->m, r->handle, sizes, MD_MAX_PARAMS);
  if (!md_hip_desc_fits(desc, dsize, sizes, n, buf, len))
    return buf;
  if (*pdesc && !md_hip_desc_fits(*pdesc, pdsize, sizes, n, buf, len)) {
    md_remarkf(MD_REMARK_ANALYSIS, r->where, MD_RN(HostNoClone),
               "magicdiv: kernel '%s' gets no plain tier: %s", r->name, buf);
    *pdesc = NULL;
  }
  return NULL;
}

void md_hip_clones(md_host *h) {
  md_fatbins fb;
  md_dev_images em;
  int have_entries = 0;
  uint64_t *sizes = malloc(MD_MAX_PARAMS * sizeof *sizes);
  char buf[160];
  size_t i;
  memset(&fb, 0, sizeof fb);
  memset(&em, 0, sizeof em);
  md_reg_for_calls(h, "__hipRegisterFatBinary", md_fatbin_cb, &fb);
  for (i = 0; i < h->n; i++)
    if (h->regs[i].kind == MD_HIP && h->regs[i].entry)
      have_entries = 1;
  if (have_entries)
    md_embedded_load(h, &em);
  for (i = 0; i < h->n; i++) {
    md_reg *r = &h->regs[i];
    const unsigned char *desc, *pdesc;
    const char *why;
    size_t dsize = 0, pdsize = 0;
    if (r->kind != MD_HIP)
      continue;
    why = md_hip_find(r, &fb, &em, &desc, &dsize, &pdesc, &pdsize);
    if (desc && !sizes)
      why = md_host_oom;
    else if (desc)
      why = md_hip_params_ok(h, r, desc, dsize, &pdesc, pdsize, sizes, buf,
                             sizeof buf);
    if (desc && !why)
      why = md_hip_add_clone(h, r, desc, dsize, pdesc, pdsize,
                             md_hip_pow2(r, &fb, &em));
    r->no_clone = why == md_no_clone_objs || why == md_no_clone_dev;
    if (why)
      md_remarkf(MD_REMARK_ANALYSIS, r->where, md_host_why_name(why),
                 "magicdiv: kernel '%s' keeps its original: %s%s", r->name,
                 why, r->no_clone ? ": its launches are left alone" : "");
  }
  free(sizes);
  md_dev_images_free(&em);
}
