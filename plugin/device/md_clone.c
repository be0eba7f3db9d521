/*
 * md_clone.c -- clone a function through the LLVM C API, appending extra
 * parameters (interface and guarantees: md_clone.h).
 *
 * The C API has no CloneFunction, so this is one:
 *
 *   1. check f for what the cloner refuses (below), before touching the
 *      module;
 *   2. create the clone with type (f's params..., extra...) -> f's return
 *      type and copy f's properties (calling convention, linkage,
 *      visibility, DLL storage, unnamed_addr, section, alignment, GC,
 *      personality, prefix/prologue data, function/return/parameter
 *      attributes, parameter names, metadata attachments except !dbg);
 *   3. create every block first, map arguments and blocks, then copy each
 *      instruction with LLVMInstructionClone (flags and metadata come
 *      along), in order, and map it.  PHIs are rebuilt with LLVMBuildPhi
 *      because the C API cannot reset a PHI's incoming blocks;
 *   4. once everything exists, remap every operand of every copy (blocks
 *      are operands too, so br/switch/invoke/callbr/indirectbr/catchswitch
 *      successors are covered), including blockaddress(@f, %bb) operands
 *      and function-local metadata arguments (metadata i32 %x);
 *   5. debug info: give the clone its own distinct DISubprogram in f's
 *      compile unit and remap every !dbg location (and the locations inside
 *      !llvm.loop) so that each scope chain ends in the clone's subprogram.
 *
 * Refused (NULL, module untouched): declarations; a name already taken;
 * blockaddress(@f, ...) used anywhere but as a direct operand of f's own
 * instructions (in a global, another function, or nested in a constant
 * expression: the clone would jump into f, or the constant would need
 * rebuilding; direct operands are remapped to blockaddress(@clone, ...));
 * DIArgList metadata arguments outside llvm.dbg.* calls; `musttail` calls
 * when extra parameters are added (they need matching prototypes).
 *
 * Debug info details.  The verifier wants each DISubprogram attached to one
 * function, definitions distinct and in a compile unit listed in
 * !llvm.dbg.cu, and every location's inlined-at scope to be the function's
 * own subprogram.  The C API's DIBuilder only puts a unit into a definition
 * after LLVMDIBuilderCreateCompileUnit, which would add a second unit.  To
 * keep one unit, the new subprogram is created without a unit and f's unit
 * is then written into it with LLVMReplaceMDNodeOperandWith (allowed: the
 * node is distinct).  Its operand layout (DISubprogram::getRawUnit() ==
 * operand 5, getRawType() == operand 4, getRawScope() == operand 1) is the
 * same in LLVM 19 and 22 and is checked at run time: if the operand found
 * there is not a DICompileUnit, the clone gets no subprogram and its
 * instructions no locations (still valid IR, just without line info).
 * Locations without inlinedAt get scope = the new subprogram (lexical
 * blocks are flattened: the C API cannot read a block's line to rebuild
 * it); locations with inlinedAt keep their (callee) scope and get their
 * inlinedAt chain remapped the same way.  Debug records / llvm.dbg.*
 * calls are not copied, and !DIAssignID attachments are dropped (their
 * dbg.assign users stay in f, and the verifier wants them in one function).
 */
#include "device/md_clone.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h>

#include "support/md_array.h"
#include "support/md_map.h"
#include "support/md_ir.h"

/* ---------------------------------------------------------------------- */
/* The value map: md_map plus what blockaddress lookups need (constants
 * are not stored). */

struct md_vmap {
  md_map m;
  LLVMValueRef orig, clone;
};

void md_vmap_free(md_vmap *map) {
  if (!map)
    return;
  md_map_release(&map->m);
  free(map);
}

static LLVMValueRef md_blockaddress_of(const md_vmap *map, LLVMValueRef ba) {
  LLVMBasicBlockRef bb = LLVMGetBlockAddressBasicBlock(ba);
  LLVMValueRef nb = md_map_get(&map->m, LLVMBasicBlockAsValue(bb));
  return nb ? LLVMBlockAddress(map->clone, LLVMValueAsBasicBlock(nb)) : NULL;
}

LLVMValueRef md_vmap_lookup(const md_vmap *map, LLVMValueRef orig) {
  LLVMValueRef v;
  if (!orig)
    return NULL;
  if ((v = md_map_get(map ? &map->m : NULL, orig)))
    return v;
  if (map && LLVMIsABlockAddress(orig) &&
      LLVMGetBlockAddressFunction(orig) == map->orig)
    return md_blockaddress_of(map, orig);
  if (LLVMIsAConstant(orig) || LLVMIsAInlineAsm(orig) ||
      LLVMGetValueKind(orig) == LLVMMetadataAsValueValueKind)
    return orig;
  return NULL;
}

/* ---------------------------------------------------------------------- */
/* Checks on f before anything is created. */

/* Where constant c ends up: 0 nowhere (dead), 1 only in f's instructions,
 * 2 elsewhere (or too deep to tell). */
static int md_const_reach(LLVMValueRef c, LLVMValueRef f, unsigned depth) {
  LLVMUseRef u;
  int r = 0;
  for (u = LLVMGetFirstUse(c); u && r < 2; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    int k = 2;
    if (LLVMIsAInstruction(user))
      k = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == f ? 1 : 2;
    else if (LLVMIsAConstant(user) && !LLVMIsAGlobalValue(user) && depth < 16)
      k = md_const_reach(user, f, depth + 1);
    if (k > r)
      r = k;
  }
  return r;
}

/* NULL if f can be cloned, else a static reason. */
static const char *md_clone_refusal(LLVMValueRef f, unsigned n_extra) {
  LLVMBasicBlockRef bb;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef in;
    LLVMUseRef u, uu;
    /* blockaddress(@f, %bb) is remapped where it is a direct operand of one
     * of f's instructions.  Anywhere else (a global's initializer, another
     * function) the clone would jump into f, and inside a constant
     * expression it would need rebuilding.  Dead constant users are
     * ignored. */
    for (u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef ba = LLVMGetUser(u);
      if (!LLVMIsABlockAddress(ba))
        continue;
      for (uu = LLVMGetFirstUse(ba); uu; uu = LLVMGetNextUse(uu)) {
        LLVMValueRef user = LLVMGetUser(uu);
        if (LLVMIsAInstruction(user)) {
          if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) != f)
            return "address of a block used outside the function";
        } else if (LLVMIsAGlobalValue(user) || !LLVMIsAConstant(user) ||
                   md_const_reach(user, f, 0) == 2) {
          return "address of a block used outside the function";
        } else if (md_const_reach(user, f, 0) == 1) {
          return "blockaddress of itself inside a constant expression";
        }
      }
    }
    for (in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      int n, i;
      if (md_is_dbg_call(in))
        continue;
      if (n_extra && LLVMIsACallInst(in) &&
          LLVMGetTailCallKind(in) == LLVMTailCallKindMustTail)
        return "musttail call";
      n = LLVMGetNumOperands(in);
      for (i = 0; i < n; i++) {
        LLVMValueRef op = LLVMGetOperand(in, (unsigned)i);
        if (op && LLVMGetValueKind(op) == LLVMMetadataAsValueValueKind &&
            LLVMGetMetadataKind(LLVMValueAsMetadata(op)) == LLVMDIArgListMetadataKind)
          return "DIArgList argument";
      }
    }
  }
  return NULL;
}

/* (md_clone.h) the refusal, checked before anything is built */
const char *md_clone_check(LLVMValueRef f, unsigned n_extra) {
  if (!f || !LLVMIsAFunction(f) || LLVMIsDeclaration(f))
    return "not a function definition";
  return md_clone_refusal(f, n_extra);
}

static int md_name_taken(LLVMModuleRef m, const char *name) {
  return LLVMGetNamedFunction(m, name) || LLVMGetNamedGlobal(m, name) ||
         LLVMGetNamedGlobalAlias(m, name, strlen(name)) ||
         LLVMGetNamedGlobalIFunc(m, name, strlen(name));
}

/* ---------------------------------------------------------------------- */
/* The clone in progress. */

typedef struct md_cloner {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMValueRef f, g;
  md_vmap *map;   /* orig -> clone: arguments, blocks, instructions */
  md_map *locs;   /* orig DILocation -> remapped DILocation */
  md_map *loops;  /* orig !llvm.loop node -> remapped node */
  LLVMMetadataRef sp; /* the clone's subprogram, or NULL */
  LLVMValueRef *pairs; /* orig0, clone0, orig1, clone1, ... */
  size_t npairs, cappairs;
  unsigned kind_loop, kind_assign;
} md_cloner;

static int md_push_pair(md_cloner *c, LLVMValueRef o, LLVMValueRef n) {
  LLVMValueRef *np =
      md_array_room(c->pairs, c->npairs + 1, &c->cappairs, sizeof *np, 256);
  if (!np)
    return -1;
  c->pairs = np;
  c->pairs[c->npairs++] = o;
  c->pairs[c->npairs++] = n;
  return 0;
}

static void md_copy_name(LLVMValueRef from, LLVMValueRef to) {
  size_t len = 0;
  const char *s = LLVMGetValueName2(from, &len);
  if (len)
    LLVMSetValueName2(to, s, len);
}

/* Returns 0, or -1 when out of memory (a lost byval would change the ABI). */
static int md_copy_attrs(LLVMValueRef f, LLVMValueRef g, LLVMAttributeIndex idx) {
  unsigned n = LLVMGetAttributeCountAtIndex(f, idx), i;
  LLVMAttributeRef *a;
  if (!n)
    return 0;
  if (!(a = malloc(n * sizeof *a)))
    return -1;
  LLVMGetAttributesAtIndex(f, idx, a);
  for (i = 0; i < n; i++)
    LLVMAddAttributeAtIndex(g, idx, a[i]); /* context-uniqued: shareable */
  free(a);
  return 0;
}

/* Returns 1, or 0 when out of memory. */
static int md_copy_function_props(LLVMValueRef f, LLVMValueRef g, unsigned nparams) {
  const char *s;
  size_t n = 0, i;
  LLVMValueMetadataEntry *md;
  LLVMSetFunctionCallConv(g, LLVMGetFunctionCallConv(f));
  LLVMSetLinkage(g, LLVMGetLinkage(f));
  LLVMSetVisibility(g, LLVMGetVisibility(f));
  LLVMSetDLLStorageClass(g, LLVMGetDLLStorageClass(f));
  LLVMSetUnnamedAddress(g, LLVMGetUnnamedAddress(f));
  if ((s = LLVMGetSection(f)) && *s)
    LLVMSetSection(g, s);
  LLVMSetAlignment(g, LLVMGetAlignment(f));
  if ((s = LLVMGetGC(f)))
    LLVMSetGC(g, s);
  if (LLVMHasPersonalityFn(f))
    LLVMSetPersonalityFn(g, LLVMGetPersonalityFn(f));
  if (LLVMHasPrefixData(f))
    LLVMSetPrefixData(g, LLVMGetPrefixData(f));
  if (LLVMHasPrologueData(f))
    LLVMSetPrologueData(g, LLVMGetPrologueData(f));
  if (md_copy_attrs(f, g, (LLVMAttributeIndex)LLVMAttributeFunctionIndex) ||
      md_copy_attrs(f, g, LLVMAttributeReturnIndex))
    return 0;
  for (i = 0; i < nparams; i++) {
    if (md_copy_attrs(f, g, (LLVMAttributeIndex)(i + 1)))
      return 0;
    md_copy_name(LLVMGetParam(f, (unsigned)i), LLVMGetParam(g, (unsigned)i));
  }
  md = LLVMGlobalCopyAllMetadata(f, &n);
  for (i = 0; i < n; i++) {
    unsigned kind = LLVMValueMetadataEntriesGetKind(md, (unsigned)i);
    if (kind != 0 /* LLVMContext::MD_dbg, fixed */)
      LLVMGlobalSetMetadata(g, kind, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
  }
  if (md)
    LLVMDisposeValueMetadataEntries(md);
  return 1;
}

/* The clone's value for operand v of a copied instruction, or NULL if v is
 * local to f but has no copy (then the clone is abandoned). */
static LLVMValueRef md_map_operand(md_cloner *c, LLVMValueRef v) {
  LLVMValueRef r = md_vmap_lookup(c->map, v);
  if (r && LLVMGetValueKind(v) == LLVMMetadataAsValueValueKind) {
    /* `metadata i32 %x` arguments: remap the wrapped local value. */
    LLVMMetadataRef md = LLVMValueAsMetadata(v);
    if (LLVMGetMetadataKind(md) == LLVMLocalAsMetadataMetadataKind) {
      LLVMValueRef inner = md_vmap_lookup(c->map, LLVMGetOperand(v, 0));
      return inner ? LLVMMetadataAsValue(c->ctx, LLVMValueAsMetadata(inner)) : NULL;
    }
    if (LLVMGetMetadataKind(md) == LLVMDIArgListMetadataKind)
      return NULL;
  }
  return r;
}

/* Steps 1-4: blocks, arguments, instructions, operands. */
static int md_clone_body(md_cloner *c, unsigned nparams) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c->ctx);
  LLVMBasicBlockRef bb;
  size_t k;
  unsigned i;
  int ok = b != NULL;
  for (bb = LLVMGetFirstBasicBlock(c->f); bb && ok; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMBasicBlockRef nb = LLVMAppendBasicBlockInContext(c->ctx, c->g, "");
    md_copy_name(LLVMBasicBlockAsValue(bb), LLVMBasicBlockAsValue(nb));
    ok = !md_map_put(&c->map->m, LLVMBasicBlockAsValue(bb), LLVMBasicBlockAsValue(nb));
  }
  for (i = 0; i < nparams && ok; i++)
    ok = !md_map_put(&c->map->m, LLVMGetParam(c->f, i), LLVMGetParam(c->g, i));
  for (bb = LLVMGetFirstBasicBlock(c->f); bb && ok; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef in;
    LLVMPositionBuilderAtEnd(
        b, LLVMValueAsBasicBlock(md_map_get(&c->map->m, LLVMBasicBlockAsValue(bb))));
    for (in = LLVMGetFirstInstruction(bb); in && ok; in = LLVMGetNextInstruction(in)) {
      LLVMValueRef ni;
      if (md_is_dbg_call(in))
        continue;
      if (LLVMIsAPHINode(in)) {
        ni = LLVMBuildPhi(b, LLVMTypeOf(in), "");
      } else {
        if (!(ni = LLVMInstructionClone(in)))
          return LLVMDisposeBuilder(b), 0;
        LLVMInsertIntoBuilder(b, ni);
      }
      md_copy_name(in, ni);
      ok = !md_map_put(&c->map->m, in, ni) && !md_push_pair(c, in, ni);
    }
  }
  if (b)
    LLVMDisposeBuilder(b);
  /* Operands, now that every value has its copy. */
  for (k = 0; k < c->npairs && ok; k += 2) {
    LLVMValueRef in = c->pairs[k], ni = c->pairs[k + 1];
    if (LLVMIsAPHINode(in)) {
      unsigned n = LLVMCountIncoming(in), j;
      size_t nmd = 0, m;
      LLVMValueMetadataEntry *md;
      for (j = 0; j < n && ok; j++) {
        LLVMValueRef v = md_map_operand(c, LLVMGetIncomingValue(in, j));
        LLVMValueRef blk =
            md_map_get(&c->map->m, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(in, j)));
        LLVMBasicBlockRef nbb;
        if (!v || !blk) {
          ok = 0;
          break;
        }
        nbb = LLVMValueAsBasicBlock(blk);
        LLVMAddIncoming(ni, &v, &nbb, 1);
      }
      if (LLVMCanValueUseFastMathFlags(in))
        LLVMSetFastMathFlags(ni, LLVMGetFastMathFlags(in));
      md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(in, &nmd);
      for (m = 0; m < nmd; m++)
        LLVMSetMetadata(ni, LLVMValueMetadataEntriesGetKind(md, (unsigned)m),
                        LLVMMetadataAsValue(c->ctx, LLVMValueMetadataEntriesGetMetadata(
                                                        md, (unsigned)m)));
      if (md)
        LLVMDisposeValueMetadataEntries(md);
    } else {
      int n = LLVMGetNumOperands(ni), j;
      for (j = 0; j < n && ok; j++) {
        LLVMValueRef op = LLVMGetOperand(ni, (unsigned)j), nv;
        if (!op)
          continue;
        if (!(nv = md_map_operand(c, op)))
          ok = 0;
        else if (nv != op)
          LLVMSetOperand(ni, (unsigned)j, nv);
      }
    }
  }
  return ok;
}

/* ---------------------------------------------------------------------- */
/* Step 5: debug info. */

enum { MD_SP_SCOPE = 1, MD_SP_TYPE = 4, MD_SP_UNIT = 5 }; /* see header comment */

/* A new distinct definition DISubprogram for the clone, in f's compile unit,
 * or NULL if f has none or its unit cannot be found. */
static LLVMMetadataRef md_clone_subprogram(md_cloner *c) {
  LLVMMetadataRef old = LLVMGetSubprogram(c->f), file, unit, type = NULL,
                  scope, sp = NULL;
  LLVMValueRef oldv, *ops, spv;
  LLVMDIBuilderRef db;
  LLVMMetadataKind k;
  unsigned nops;
  size_t len = 0;
  const char *name = LLVMGetValueName2(c->g, &len);
  LLVMLinkage lk = LLVMGetLinkage(c->g);
  if (!old || !(file = LLVMDIScopeGetFile(old)))
    return NULL;
  oldv = LLVMMetadataAsValue(c->ctx, old);
  nops = LLVMGetMDNodeNumOperands(oldv);
  if (nops <= MD_SP_UNIT || !(ops = calloc(nops, sizeof *ops)))
    return NULL;
  LLVMGetMDNodeOperands(oldv, ops);
  unit = ops[MD_SP_UNIT] ? LLVMValueAsMetadata(ops[MD_SP_UNIT]) : NULL;
  if (ops[MD_SP_TYPE]) {
    type = LLVMValueAsMetadata(ops[MD_SP_TYPE]);
    if (LLVMGetMetadataKind(type) != LLVMDISubroutineTypeMetadataKind)
      type = NULL;
  }
  scope = file;
  if (ops[MD_SP_SCOPE]) {
    LLVMMetadataRef s = LLVMValueAsMetadata(ops[MD_SP_SCOPE]);
    k = LLVMGetMetadataKind(s);
    if (k == LLVMDINamespaceMetadataKind || k == LLVMDIFileMetadataKind ||
        k == LLVMDIModuleMetadataKind)
      scope = s;
  }
  free(ops);
  if (!unit || LLVMGetMetadataKind(unit) != LLVMDICompileUnitMetadataKind)
    return NULL;
  if (!(db = LLVMCreateDIBuilderDisallowUnresolved(c->mod)))
    return NULL;
  if (!type)
    type = LLVMDIBuilderCreateSubroutineType(db, file, NULL, 0, LLVMDIFlagZero);
  sp = LLVMDIBuilderCreateFunction(
      db, scope, name, len, name, len, file, LLVMDISubprogramGetLine(old), type,
      lk == LLVMInternalLinkage || lk == LLVMPrivateLinkage, /*definition*/ 1,
      LLVMDISubprogramGetLine(old), LLVMDIFlagPrototyped, /*optimized*/ 1);
  LLVMDIBuilderFinalizeSubprogram(db, sp);
  LLVMDIBuilderFinalize(db);
  LLVMDisposeDIBuilder(db);
  /* The builder had no unit to give: put f's in (operand layout checked). */
  spv = LLVMMetadataAsValue(c->ctx, sp);
  if (LLVMGetMDNodeNumOperands(spv) != nops)
    return NULL;
  if (!(ops = calloc(nops, sizeof *ops)))
    return NULL;
  LLVMGetMDNodeOperands(spv, ops);
  if (ops[MD_SP_UNIT] || !ops[MD_SP_TYPE] ||
      LLVMValueAsMetadata(ops[MD_SP_TYPE]) != type) {
    free(ops);
    return NULL; /* layout not as expected: no subprogram */
  }
  free(ops);
  LLVMReplaceMDNodeOperandWith(spv, MD_SP_UNIT, unit);
  return sp;
}

/* loc, re-rooted in the clone's subprogram (see header comment). */
static LLVMMetadataRef md_remap_loc(md_cloner *c, LLVMMetadataRef loc) {
  LLVMMetadataRef r = md_map_get(c->locs, loc), ia, scope;
  if (r)
    return r;
  ia = LLVMDILocationGetInlinedAt(loc);
  scope = LLVMDILocationGetScope(loc);
  if (ia) {
    if (!(ia = md_remap_loc(c, ia)))
      return NULL;
  } else {
    scope = c->sp;
  }
  r = LLVMDIBuilderCreateDebugLocation(c->ctx, LLVMDILocationGetLine(loc),
                                       LLVMDILocationGetColumn(loc), scope, ia);
  return md_map_put(c->locs, loc, r) ? NULL : r;
}

/* A loop ID (distinct, operand 0 = itself) whose DILocations are remapped;
 * the node itself if it has none or is not a loop ID.  The new node is made
 * self-referential through a temporary: a uniqued node whose operand becomes
 * itself is turned distinct by LLVM. */
static LLVMMetadataRef md_remap_loop(md_cloner *c, LLVMMetadataRef loop) {
  LLVMMetadataRef r = md_map_get(c->loops, loop), *mds, tmp;
  LLVMValueRef lv = LLVMMetadataAsValue(c->ctx, loop), *ops;
  unsigned n, i, nloc = 0;
  if (r)
    return r;
  if (LLVMGetMetadataKind(loop) != LLVMMDTupleMetadataKind ||
      !(n = LLVMGetMDNodeNumOperands(lv)))
    return loop;
  ops = calloc(n, sizeof *ops);
  mds = calloc(n, sizeof *mds);
  if (!ops || !mds) {
    free(ops);
    free(mds);
    return NULL;
  }
  LLVMGetMDNodeOperands(lv, ops);
  if (ops[0] && LLVMValueAsMetadata(ops[0]) == loop)
    for (i = 1; i < n; i++) {
      mds[i] = ops[i] ? LLVMValueAsMetadata(ops[i]) : NULL;
      if (mds[i] && LLVMGetMetadataKind(mds[i]) == LLVMDILocationMetadataKind) {
        nloc++;
        if (!(mds[i] = md_remap_loc(c, mds[i]))) {
          nloc = 0;
          r = NULL;
          goto out;
        }
      }
    }
  r = loop;
  if (nloc) {
    tmp = LLVMTemporaryMDNode(c->ctx, NULL, 0);
    mds[0] = tmp;
    r = LLVMMDNodeInContext2(c->ctx, mds, n);
    LLVMMetadataReplaceAllUsesWith(tmp, r);
  }
  if (md_map_put(c->loops, loop, r))
    r = NULL;
out:
  free(ops);
  free(mds);
  return r;
}

static int md_clone_debug(md_cloner *c) {
  size_t k;
  c->sp = md_clone_subprogram(c);
  if (c->sp)
    LLVMSetSubprogram(c->g, c->sp);
  for (k = 0; k < c->npairs; k += 2) {
    LLVMValueRef in = c->pairs[k], ni = c->pairs[k + 1], lv;
    LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(in), nl = NULL;
    LLVMSetMetadata(ni, c->kind_assign, NULL);
    if (c->sp && loc && !(nl = md_remap_loc(c, loc)))
      return 0;
    LLVMInstructionSetDebugLoc(ni, nl);
    if (c->sp && (lv = LLVMGetMetadata(in, c->kind_loop))) {
      LLVMMetadataRef nloop = md_remap_loop(c, LLVMValueAsMetadata(lv));
      if (!nloop)
        return 0;
      LLVMSetMetadata(ni, c->kind_loop, LLVMMetadataAsValue(c->ctx, nloop));
    }
  }
  return 1;
}

/* ---------------------------------------------------------------------- */

LLVMValueRef md_clone_function(LLVMValueRef f, const char *name,
                               LLVMTypeRef *extra, unsigned n_extra,
                               md_vmap **map_out, const char **why) {
  const char *ignored;
  const char **reason = why ? why : &ignored;
  md_cloner c;
  LLVMTypeRef ft, nft, *params;
  unsigned nparams;
  int ok;
  if (map_out)
    *map_out = NULL;
  *reason = "not a function definition";
  if (!f || !LLVMIsAFunction(f) || LLVMIsDeclaration(f) || !name)
    return NULL;
  memset(&c, 0, sizeof c);
  c.f = f;
  c.mod = LLVMGetGlobalParent(f);
  c.ctx = LLVMGetModuleContext(c.mod);
  *reason = "name already taken";
  if (md_name_taken(c.mod, name) || (*reason = md_clone_refusal(f, n_extra)))
    return NULL;
  *reason = "out of memory";

  ft = LLVMGlobalGetValueType(f);
  nparams = LLVMCountParamTypes(ft);
  if (!(params = malloc((nparams + n_extra + 1) * sizeof *params)))
    return NULL;
  LLVMGetParamTypes(ft, params);
  if (n_extra)
    memcpy(params + nparams, extra, n_extra * sizeof *params);
  nft = LLVMFunctionType(LLVMGetReturnType(ft), params, nparams + n_extra,
                         LLVMIsFunctionVarArg(ft));
  free(params);

  c.map = calloc(1, sizeof *c.map);
  c.locs = md_map_new();
  c.loops = md_map_new();
  c.kind_loop = LLVMGetMDKindIDInContext(c.ctx, "llvm.loop", 9);
  c.kind_assign = LLVMGetMDKindIDInContext(c.ctx, "DIAssignID", 10);
  ok = c.map && c.locs && c.loops;
  if (ok) {
    c.g = LLVMAddFunction(c.mod, name, nft);
    c.map->orig = f;
    c.map->clone = c.g;
    ok = LLVMGetPointerAddressSpace(LLVMTypeOf(c.g)) ==
         LLVMGetPointerAddressSpace(LLVMTypeOf(f));
    if (!ok)
      *reason = "function address space differs from the module's";
  }
  if (ok) {
    /* Out of memory, or (invalid IR) an operand local to another function. */
    *reason = "out of memory or an operand without a copy";
    ok = md_copy_function_props(f, c.g, nparams) && md_clone_body(&c, nparams) &&
         md_clone_debug(&c);
  }
  free(c.pairs);
  md_map_free(c.locs);
  md_map_free(c.loops);
  if (!ok) {
    if (c.g)
      LLVMDeleteFunction(c.g);
    md_vmap_free(c.map);
    return NULL;
  }
  *reason = NULL;
  if (map_out)
    *map_out = c.map;
  else
    md_vmap_free(c.map);
  return c.g;
}
