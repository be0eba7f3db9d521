/*
 * md_embed_split.c -- build tool (md_embed_gen): the linked runtime module
 * turned into the assembly texts of the embedded runtime's parts.
 *
 * In the module:
 *   - every public function NAME becomes internal as NAME.impl..., and NAME
 *     a trampoline: a weak hidden function of the same type whose body is
 *     `musttail call (load slot)(its parameters)`; the slots of a part are
 *     one array that starts as the NAME.impl functions (md_rt_embed.c's
 *     constructor points them at a loaded libmagicdiv_rt);
 *   - every other definition becomes internal, and every local name gets
 *     the suffix .__magicdiv_rt_TAG (the host module, or a module holding
 *     two plugin builds' copies, may use the same names);
 *   - the definitions are divided into parts by what reaches them: those
 *     reached only from the CUDA (md_cu*), HIP (md_hip*) or OpenMP
 *     (md_omp*) public functions go to that part, the rest to the common
 *     part; every local definition becomes a weak_odr hidden symbol
 *     (what one part uses of another is then a symbol, and a linker that
 *     keeps two copies of a group still binds each name to one definition),
 *     and the common part's constructor finds the other parts' slots
 *     through weak references (a part missing from the image: null);
 *   - each part is compiled on its own to position-independent assembly,
 *     all of it in the COMDAT group of the part (__magicdiv_rt_TAG for the
 *     common part, __magicdiv_rt_TAG_cuda ...), whose signature symbol it
 *     defines.
 */
#include "embed/md_embed_split.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The part of a public function, by its name. */
static int md_eg_family(const char *name) {
  if (strncmp(name, "md_hip", 6) == 0)
    return MD_EMBED_HIP;
  if (strncmp(name, "md_omp", 6) == 0)
    return MD_EMBED_OMP;
  if (strncmp(name, "md_cu", 5) == 0)
    return MD_EMBED_CUDA;
  return MD_EMBED_COMMON;
}

void md_eg_pub_free(md_eg_pub *pub) {
  for (size_t i = 0; i < pub->n; i++)
    free(pub->name[i]);
  pub->n = 0;
}

void md_eg_texts_free(md_eg_texts *t) {
  for (int p = 0; p < MD_EMBED_PARTS; p++)
    if (t->text[p])
      LLVMDisposeMemoryBuffer(t->text[p]);
  memset(t, 0, sizeof *t);
}

/* Make every definition internal; the public functions are renamed
 * NAME.impl and collected into out.  0, or -1 (OOM, too many). */
static int md_eg_internalize(LLVMModuleRef m,
                             int (*is_public)(const char *, size_t, void *),
                             void *arg, md_eg_pub *out) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) || LLVMGetLinkage(f) != LLVMExternalLinkage)
      continue;
    if (!LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) &&
        is_public(name, len, arg)) {
      char *copy = out->n < MD_EG_MAX_PUB ? malloc(len + sizeof ".impl") : NULL;
      if (!copy)
        return -1;
      memcpy(copy, name, len);
      memcpy(copy + len, ".impl", sizeof ".impl");
      LLVMSetValueName2(f, copy, len + 5);
      copy[len] = 0;
      out->impl[out->n] = f;
      out->part[out->n] = md_eg_family(copy);
      out->name[out->n++] = copy;
    }
    LLVMSetLinkage(f, LLVMInternalLinkage);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g) && LLVMGetLinkage(g) == LLVMExternalLinkage)
      LLVMSetLinkage(g, LLVMInternalLinkage);
  return 0;
}

/* v's name (md_anon if none) suffixed ".sig". */
static void md_eg_suffix(LLVMValueRef v, const char *sig) {
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  char buf[512];
  if (len == 0) {
    name = "md_anon";
    len = 7;
  }
  if (strncmp(name, "llvm.", 5) == 0 ||
      (LLVMGetLinkage(v) != LLVMInternalLinkage &&
       LLVMGetLinkage(v) != LLVMPrivateLinkage))
    return;
  int k = snprintf(buf, sizeof buf, "%.*s.%s", (int)len, name, sig);
  if (k > 0 && (size_t)k < sizeof buf)
    LLVMSetValueName2(v, buf, (size_t)k);
}

static void md_eg_suffix_locals(LLVMModuleRef m, const char *sig) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      md_eg_suffix(f, sig);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g))
      md_eg_suffix(g, sig);
}

/* Copy f's return and parameter attributes to g (idx 0..n) or, when call is
 * set, to that call site; and f's string attributes and nounwind to g (not
 * uwtable: a trampoline is one jump, with no frame to unwind). */
static void md_eg_copy_attrs(LLVMValueRef f, LLVMValueRef g, LLVMValueRef call) {
  unsigned n = LLVMCountParams(f);
  unsigned nounwind = LLVMGetEnumAttributeKindForName("nounwind", 8);
  for (int idx = -1; idx <= (int)n; idx++) {
    unsigned k = LLVMGetAttributeCountAtIndex(f, (unsigned)idx);
    LLVMAttributeRef a[64];
    if (k == 0 || k > 64 || (call && idx < 0))
      continue;
    LLVMGetAttributesAtIndex(f, (unsigned)idx, a);
    for (unsigned i = 0; i < k; i++) {
      if (idx < 0 && !LLVMIsStringAttribute(a[i]) &&
          LLVMGetEnumAttributeKind(a[i]) != nounwind)
        continue;
      if (call)
        LLVMAddCallSiteAttribute(call, (unsigned)idx, a[i]);
      else
        LLVMAddAttributeAtIndex(g, (unsigned)idx, a[i]);
    }
  }
}

/* The trampoline `name` of impl: a weak hidden function of impl's type
 * whose body is musttail call (load slots[i])(its parameters). */
static LLVMValueRef md_eg_trampoline(LLVMModuleRef m, LLVMValueRef impl,
                                     const char *name, LLVMValueRef slots,
                                     unsigned i) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef fty = LLVMGlobalGetValueType(impl), i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef g = LLVMAddFunction(m, name, fty), args[64];
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMValueRef idx[2] = {LLVMConstInt(i64, 0, 0), LLVMConstInt(i64, i, 0)};
  unsigned n = LLVMCountParams(g);
  LLVMSetLinkage(g, LLVMWeakAnyLinkage);
  LLVMSetVisibility(g, LLVMHiddenVisibility);
  md_eg_copy_attrs(impl, g, NULL);
  LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, g, ""));
  LLVMValueRef slot = LLVMBuildInBoundsGEP2(b, LLVMGlobalGetValueType(slots),
                                            slots, idx, 2, "");
  LLVMValueRef p = LLVMBuildLoad2(b, ptr, slot, "");
  for (unsigned k = 0; k < n && k < 64; k++)
    args[k] = LLVMGetParam(g, k);
  LLVMValueRef call = LLVMBuildCall2(b, fty, p, args, n, "");
  LLVMSetTailCallKind(call, LLVMTailCallKindMustTail);
  md_eg_copy_attrs(impl, NULL, call);
  if (LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMVoidTypeKind)
    LLVMBuildRetVoid(b);
  else
    LLVMBuildRet(b, call);
  LLVMDisposeBuilder(b);
  return g;
}

/* A global holding init, with linkage l, named name (LLVM makes it unique). */
static LLVMValueRef md_eg_global(LLVMModuleRef m, LLVMValueRef init,
                                 const char *name, LLVMLinkage l, int constant) {
  LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(init), name);
  LLVMSetInitializer(g, init);
  LLVMSetGlobalConstant(g, constant);
  LLVMSetLinkage(g, l);
  return g;
}

/* Replace md_rt_embed.c's external declaration `name` by g. */
static void md_eg_define(LLVMModuleRef m, const char *name, LLVMValueRef g) {
  LLVMValueRef decl = LLVMGetNamedGlobal(m, name);
  if (decl && decl != g) {
    LLVMReplaceAllUsesWith(decl, g);
    LLVMDeleteGlobal(decl);
  }
  LLVMSetValueName2(g, name, strlen(name));
}

/* What md_eg_tables made: per part its slots, signature symbol and
 * trampolines (the nodes whose part is fixed). */
typedef struct md_eg_made {
  LLVMValueRef slots[MD_EMBED_PARTS];
  LLVMValueRef marker[MD_EMBED_PARTS];
  LLVMValueRef tramp[MD_EG_MAX_PUB];
  int tramp_part[MD_EG_MAX_PUB];
  size_t n_tramp;
} md_eg_made;

/* Part p's slots (an array of its NAME.impl, or NULL when it has none) and
 * trampolines, and its names appended to names[*len]. */
static void md_eg_part_rows(LLVMModuleRef m, const md_eg_pub *pub, int p,
                            md_eg_made *made, char *names, size_t *len,
                            size_t cap, uint64_t *rows) {
  LLVMTypeRef ptr = LLVMPointerTypeInContext(LLVMGetModuleContext(m), 0);
  LLVMValueRef impls[MD_EG_MAX_PUB];
  unsigned n = 0;
  for (size_t i = 0; i < pub->n; i++)
    if (pub->part[i] == p) {
      size_t k = strlen(pub->name[i]) + 1;
      impls[n++] = pub->impl[i];
      if (*len + k <= cap) {
        memcpy(names + *len, pub->name[i], k);
        *len += k;
      }
    }
  *rows = n;
  if (n == 0)
    return;
  made->slots[p] = md_eg_global(m, LLVMConstArray2(ptr, impls, n),
                                "md_embed_slots", LLVMInternalLinkage, 0);
  for (size_t i = 0, k = 0; i < pub->n; i++)
    if (pub->part[i] == p && made->n_tramp < MD_EG_MAX_PUB) {
      made->tramp_part[made->n_tramp] = p;
      made->tramp[made->n_tramp++] = md_eg_trampoline(
          m, pub->impl[i], pub->name[i], made->slots[p], (unsigned)k++);
    }
}

/* Each part's signature symbol: the common part's is a weak hidden string
 * "TAG", which md_rt_embed.c reads as md_embed_tag; the others' a byte. */
static void md_eg_markers(LLVMModuleRef m, const char *sig, const char *tag,
                          md_eg_made *made) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  char name[96];
  for (int p = 0; p < MD_EMBED_PARTS; p++) {
    LLVMValueRef init =
        p == MD_EMBED_COMMON
            ? LLVMConstStringInContext(ctx, tag, (unsigned)strlen(tag), 0)
            : LLVMConstInt(LLVMInt8TypeInContext(ctx), 0, 0);
    if (p != MD_EMBED_COMMON && !made->slots[p])
      continue;
    made->marker[p] = md_eg_global(m, init, "", LLVMWeakAnyLinkage, 1);
    LLVMSetVisibility(made->marker[p], LLVMHiddenVisibility);
    if (p == MD_EMBED_COMMON)
      md_eg_define(m, "md_embed_tag", made->marker[p]);
    snprintf(name, sizeof name, "%s%s", sig, md_embed_part_suffix(p));
    LLVMSetValueName2(made->marker[p], name, strlen(name));
  }
}

/* The trampolines, slots and signature symbols of every part, and the
 * tables md_rt_embed.c reads: md_embed_part_slots (each part's slots),
 * md_embed_part_rows, md_embed_n_parts, md_embed_names (the public names,
 * part by part, each NUL-terminated). */
static void md_eg_tables(LLVMModuleRef m, const char *sig, const char *tag,
                         const md_eg_pub *pub, md_eg_made *made) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  static char names[MD_EG_MAX_PUB * 64];
  LLVMValueRef slots[MD_EMBED_PARTS], rows[MD_EMBED_PARTS];
  size_t len = 0;
  for (int p = 0; p < MD_EMBED_PARTS; p++) {
    uint64_t n;
    md_eg_part_rows(m, pub, p, made, names, &len, sizeof names, &n);
    rows[p] = LLVMConstInt(i64, n, 0);
    slots[p] = made->slots[p] ? made->slots[p] : LLVMConstNull(ptr);
  }
  md_eg_markers(m, sig, tag, made);
  md_eg_define(m, "md_embed_part_slots",
               md_eg_global(m, LLVMConstArray2(ptr, slots, MD_EMBED_PARTS), "",
                            LLVMInternalLinkage, 1));
  md_eg_define(m, "md_embed_part_rows",
               md_eg_global(m, LLVMConstArray2(i64, rows, MD_EMBED_PARTS), "",
                            LLVMInternalLinkage, 1));
  md_eg_define(m, "md_embed_n_parts",
               md_eg_global(m, LLVMConstInt(i64, MD_EMBED_PARTS, 0), "",
                            LLVMInternalLinkage, 1));
  md_eg_define(m, "md_embed_names",
               md_eg_global(m, LLVMConstStringInContext(ctx, names, (unsigned)len, 1),
                            "", LLVMInternalLinkage, 1));
}

/* ---- parts by reachability ---- */

typedef struct md_eg_node {
  LLVMValueRef v;
  unsigned reach; /* bit p: reached from part p's roots */
  int fixed;      /* the part of a trampoline, slots, signature; else -1 */
  int part;
} md_eg_node;

typedef struct md_eg_graph {
  md_eg_node *n;
  size_t count;
} md_eg_graph;

static int md_eg_node_cmp(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const md_eg_node *)a)->v;
  uintptr_t y = (uintptr_t)((const md_eg_node *)b)->v;
  return x < y ? -1 : x > y;
}

static md_eg_node *md_eg_find(md_eg_graph *g, LLVMValueRef v) {
  md_eg_node key = {.v = v};
  return bsearch(&key, g->n, g->count, sizeof key, md_eg_node_cmp);
}

/* Every definition but the llvm.* ones, sorted for md_eg_find. */
static int md_eg_graph_make(LLVMModuleRef m, md_eg_graph *g) {
  size_t cap = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    cap++;
  for (LLVMValueRef v = LLVMGetFirstGlobal(m); v; v = LLVMGetNextGlobal(v))
    cap++;
  g->count = 0;
  g->n = calloc(cap ? cap : 1, sizeof *g->n);
  if (!g->n)
    return -1;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      g->n[g->count++] = (md_eg_node){f, 0, -1, MD_EMBED_COMMON};
  for (LLVMValueRef v = LLVMGetFirstGlobal(m); v; v = LLVMGetNextGlobal(v)) {
    size_t len;
    if (!LLVMIsDeclaration(v) && strncmp(LLVMGetValueName2(v, &len), "llvm.", 5))
      g->n[g->count++] = (md_eg_node){v, 0, -1, MD_EMBED_COMMON};
  }
  qsort(g->n, g->count, sizeof *g->n, md_eg_node_cmp);
  return 0;
}

typedef void (*md_eg_ref_fn)(LLVMValueRef target, void *arg);

/* fn on each global value that constant c refers to. */
static void md_eg_const_refs(LLVMValueRef c, md_eg_ref_fn fn, void *arg,
                             int depth) {
  if (!c || depth > 64)
    return;
  if (LLVMIsAGlobalValue(c)) {
    fn(c, arg);
    return;
  }
  if (!LLVMIsAConstant(c))
    return;
  for (int i = 0, n = LLVMGetNumOperands(c); i < n; i++)
    md_eg_const_refs(LLVMGetOperand(c, i), fn, arg, depth + 1);
}

/* fn on each global value that definition v refers to. */
static void md_eg_refs(LLVMValueRef v, md_eg_ref_fn fn, void *arg) {
  if (LLVMIsAGlobalVariable(v)) {
    md_eg_const_refs(LLVMGetInitializer(v), fn, arg, 0);
    return;
  }
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(v); b;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i;
         i = LLVMGetNextInstruction(i))
      for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++)
        md_eg_const_refs(LLVMGetOperand(i, k), fn, arg, 0);
}

typedef struct md_eg_walk {
  md_eg_graph *g;
  size_t *stack, top;
  int part;
} md_eg_walk;

/* Mark target reached from w->part and queue it, unless it belongs to
 * another part by construction (a part's slots seen from the common
 * part's table) or is marked already. */
static void md_eg_visit(LLVMValueRef target, void *arg) {
  md_eg_walk *w = arg;
  md_eg_node *n = md_eg_find(w->g, target);
  if (!n || (n->fixed >= 0 && n->fixed != w->part) ||
      (n->reach & (1u << w->part)))
    return;
  n->reach |= 1u << w->part;
  w->stack[w->top++] = (size_t)(n - w->g->n);
}

/* Every node's part: fixed, else the one non-common part that reaches it
 * alone, else common.  Roots: the fixed nodes and llvm.used's members. */
static int md_eg_classify(LLVMModuleRef m, md_eg_graph *g) {
  md_eg_walk w = {g, malloc((g->count + 1) * sizeof(size_t)), 0, 0};
  LLVMValueRef used = LLVMGetNamedGlobal(m, "llvm.used");
  if (!w.stack)
    return -1;
  for (size_t r = 0; r <= g->count; r++) {
    if (r < g->count && g->n[r].fixed < 0)
      continue;
    w.part = r < g->count ? g->n[r].fixed : MD_EMBED_COMMON;
    if (r < g->count)
      md_eg_visit(g->n[r].v, &w);
    else if (used)
      md_eg_const_refs(LLVMGetInitializer(used), md_eg_visit, &w, 0);
    while (w.top > 0)
      md_eg_refs(g->n[w.stack[--w.top]].v, md_eg_visit, &w);
  }
  free(w.stack);
  for (size_t i = 0; i < g->count; i++) {
    unsigned r = g->n[i].reach;
    g->n[i].part = g->n[i].fixed >= 0 ? g->n[i].fixed
                   : (r && !(r & (r - 1)) && !(r & 1u)) ? __builtin_ctz(r)
                                                        : MD_EMBED_COMMON;
  }
  return 0;
}

/* Every local definition (internal or private) becomes a weak_odr hidden
 * symbol: so that what one part uses of another is a symbol, and so that
 * where a linker keeps two copies of a group -- lld with ThinLTO does not
 * merge the COMDAT groups of the objects its LTO backends make -- each
 * name still has one definition in the image: one cache, one memo. */
static void md_eg_publish_one(LLVMValueRef v) {
  LLVMLinkage l = LLVMGetLinkage(v);
  if (!LLVMIsDeclaration(v) &&
      (l == LLVMInternalLinkage || l == LLVMPrivateLinkage)) {
    LLVMSetLinkage(v, LLVMWeakODRLinkage);
    LLVMSetVisibility(v, LLVMHiddenVisibility);
  }
}

static void md_eg_publish(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    md_eg_publish_one(f);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    if (strncmp(LLVMGetValueName2(g, &len), "llvm.", 5) != 0)
      md_eg_publish_one(g);
  }
}

/* ---- one module per part ---- */

/* Function or variable v of a part's module becomes a declaration of the
 * same hidden symbol (extern_weak when weak: another part's slots). */
static void md_eg_declare(LLVMModuleRef c, LLVMValueRef v, int weak) {
  LLVMLinkage l = weak ? LLVMExternalWeakLinkage : LLVMExternalLinkage;
  if (LLVMIsAFunction(v)) {
    LLVMBasicBlockRef b;
    while ((b = LLVMGetFirstBasicBlock(v)) != NULL)
      LLVMDeleteBasicBlock(b);
    LLVMSetLinkage(v, l);
    LLVMSetVisibility(v, LLVMHiddenVisibility);
    return;
  }
  size_t len;
  char name[512];
  snprintf(name, sizeof name, "%s", LLVMGetValueName2(v, &len));
  LLVMValueRef d = LLVMAddGlobal(c, LLVMGlobalGetValueType(v), "");
  LLVMSetThreadLocalMode(d, LLVMGetThreadLocalMode(v));
  LLVMSetGlobalConstant(d, LLVMIsGlobalConstant(v));
  LLVMSetLinkage(d, l);
  LLVMSetVisibility(d, LLVMHiddenVisibility);
  LLVMReplaceAllUsesWith(v, d);
  LLVMDeleteGlobal(v);
  LLVMSetValueName2(d, name, strlen(name));
}

/* v (a definition of the split module m): in c, a declaration if it is
 * another part's. */
static void md_eg_strip_one(LLVMModuleRef c, md_eg_graph *g, LLVMValueRef v,
                            int p) {
  md_eg_node *n = md_eg_find(g, v);
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  LLVMValueRef cv = !n || n->part == p ? NULL
                    : LLVMIsAFunction(v) ? LLVMGetNamedFunction(c, name)
                                         : LLVMGetNamedGlobal(c, name);
  if (cv)
    md_eg_declare(c, cv, n->fixed >= 0);
}

/* In c (a clone of the split module m): every definition of another part
 * becomes a declaration; part p keeps llvm.used only if it is common.  In
 * m's order, not g's (sorted by address): the declarations md_eg_declare
 * adds, and so the text, follow it. */
static void md_eg_strip(LLVMModuleRef c, LLVMModuleRef m, md_eg_graph *g,
                        int p) {
  LLVMValueRef used = LLVMGetNamedGlobal(c, "llvm.used");
  if (used && p != MD_EMBED_COMMON)
    LLVMDeleteGlobal(used);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    md_eg_strip_one(c, g, f, p);
  for (LLVMValueRef v = LLVMGetFirstGlobal(m); v; v = LLVMGetNextGlobal(v))
    md_eg_strip_one(c, g, v, p);
}

/* Every definition of c into the COMDAT group `sig` (not the llvm.*). */
static void md_eg_comdat(LLVMModuleRef c, const char *sig) {
  LLVMComdatRef k = LLVMGetOrInsertComdat(c, sig);
  for (LLVMValueRef f = LLVMGetFirstFunction(c); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      LLVMSetComdat(f, k);
  for (LLVMValueRef g = LLVMGetFirstGlobal(c); g; g = LLVMGetNextGlobal(g)) {
    size_t len;
    if (!LLVMIsDeclaration(g) && strncmp(LLVMGetValueName2(g, &len), "llvm.", 5))
      LLVMSetComdat(g, k);
  }
}

/* Run `passes` on c and compile it to assembly text; NULL on failure
 * (message printed). */
static LLVMMemoryBufferRef md_eg_codegen(LLVMModuleRef c, const char *passes) {
  const char *triple = LLVMGetTarget(c);
  char *err = NULL;
  LLVMTargetRef t;
  LLVMMemoryBufferRef out = NULL;
  if (LLVMGetTargetFromTriple(triple, &t, &err)) {
    fprintf(stderr, "md_embed_gen: %s\n", err);
    LLVMDisposeMessage(err);
    return NULL;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(t, triple, "", "", LLVMCodeGenLevelDefault,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  LLVMSetTargetMachineAsmVerbosity(tm, 0);
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(c, passes, tm, po);
  if (e) {
    char *s = LLVMGetErrorMessage(e);
    fprintf(stderr, "md_embed_gen: passes: %s\n", s);
    LLVMDisposeErrorMessage(s);
  } else if (LLVMVerifyModule(c, LLVMPrintMessageAction, NULL) ||
             LLVMTargetMachineEmitToMemoryBuffer(tm, c, LLVMAssemblyFile, &err,
                                                 &out)) {
    fprintf(stderr, "md_embed_gen: codegen: %s\n", err ? err : "invalid IR");
    LLVMDisposeMessage(err);
    out = NULL;
  }
  LLVMDisposePassBuilderOptions(po);
  LLVMDisposeTargetMachine(tm);
  return out;
}

/* Parts, promotion and one text per non-empty part.  0 or -1. */
static int md_eg_emit_parts(LLVMModuleRef m, const char *sig,
                            const md_eg_made *made, md_eg_texts *out) {
  md_eg_graph g;
  char name[96];
  int rc = 0;
  if (md_eg_graph_make(m, &g) != 0)
    return -1;
  for (int p = 0; p < MD_EMBED_PARTS; p++) {
    md_eg_node *n = made->slots[p] ? md_eg_find(&g, made->slots[p]) : NULL;
    md_eg_node *k = made->marker[p] ? md_eg_find(&g, made->marker[p]) : NULL;
    if (n)
      n->fixed = p;
    if (k)
      k->fixed = p;
  }
  for (size_t i = 0; i < made->n_tramp; i++)
    md_eg_find(&g, made->tramp[i])->fixed = made->tramp_part[i];
  if (md_eg_classify(m, &g) != 0)
    rc = -1;
  for (int p = 0; rc == 0 && p < MD_EMBED_PARTS; p++) {
    if (!made->marker[p])
      continue;
    LLVMModuleRef c = LLVMCloneModule(m);
    md_eg_strip(c, m, &g, p);
    snprintf(name, sizeof name, "%s%s", sig, md_embed_part_suffix(p));
    md_eg_comdat(c, name);
    out->text[p] = md_eg_codegen(c, "globaldce");
    rc = out->text[p] ? 0 : -1;
    LLVMDisposeModule(c);
  }
  free(g.n);
  return rc;
}

/* md_rt_embed.c's note (md_rt_embed.h: an ELF note whose last field is
 * an i32) gets, in its last field, the address of md_embed_record minus
 * that field's own: a PC-relative word the linker resolves (C cannot
 * write it as a constant).  0, or -1 if the note or record is missing. */
static int md_eg_note(LLVMModuleRef m) {
  LLVMValueRef note = LLVMGetNamedGlobal(m, "md_embed_note");
  LLVMValueRef rec = LLVMGetNamedGlobal(m, "md_embed_record");
  LLVMValueRef init = note ? LLVMGetInitializer(note) : NULL;
  LLVMTypeRef ty = note ? LLVMGlobalGetValueType(note) : NULL;
  if (!rec || !init || LLVMGetTypeKind(ty) != LLVMStructTypeKind)
    return -1;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  unsigned n = LLVMCountStructElementTypes(ty);
  LLVMValueRef ops[8], idx[2] = {LLVMConstInt(i32, 0, 0), LLVMConstInt(i32, n - 1, 0)};
  if (n < 2 || n > 8 || LLVMStructGetTypeAtIndex(ty, n - 1) != i32)
    return -1;
  for (unsigned i = 0; i + 1 < n; i++)
    ops[i] = LLVMGetAggregateElement(init, i);
  LLVMValueRef field = LLVMConstInBoundsGEP2(ty, note, idx, 2);
  ops[n - 1] = LLVMConstTrunc(
      LLVMConstSub(LLVMConstPtrToInt(rec, i64), LLVMConstPtrToInt(field, i64)),
      i32);
  LLVMSetInitializer(note, LLVMConstNamedStruct(ty, ops, n));
  return 0;
}

int md_eg_split(LLVMModuleRef m, const char *sig, const char *tag,
                int (*is_public)(const char *, size_t, void *), void *arg,
                md_eg_pub *pub, md_eg_texts *out) {
  static md_eg_made made;
  memset(&made, 0, sizeof made);
  memset(out, 0, sizeof *out);
  if (!LLVMGetNamedGlobal(m, "md_embed_tag") ||
      !LLVMGetNamedGlobal(m, "md_embed_part_slots") || md_eg_note(m) != 0) {
    fprintf(stderr, "md_embed_gen: md_rt_embed.c's bitcode is missing\n");
    return -1;
  }
  if (md_eg_internalize(m, is_public, arg, pub) != 0 || pub->n == 0) {
    fprintf(stderr, "md_embed_gen: no public runtime function found\n");
    return -1;
  }
  md_eg_tables(m, sig, tag, pub, &made);
  md_eg_suffix_locals(m, sig);
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(m, "constmerge,globaldce", NULL, po);
  LLVMDisposePassBuilderOptions(po);
  if (e) {
    char *s = LLVMGetErrorMessage(e);
    fprintf(stderr, "md_embed_gen: passes: %s\n", s);
    LLVMDisposeErrorMessage(s);
    return -1;
  }
  md_eg_publish(m);
  if (md_eg_emit_parts(m, sig, &made, out) != 0) {
    md_eg_texts_free(out);
    return -1;
  }
  return 0;
}
