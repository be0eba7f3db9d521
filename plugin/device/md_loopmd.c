/*
 * md_loopmd.c -- unroll-disable loop metadata on the clone's loops that
 * the original's 64-bit division calls kept rolled (md_loopmd.h).
 *
 * A loop ID is a distinct node whose first operand is itself: built here
 * from a temporary node replaced by the new node (the C API has no
 * distinct nodes; a uniqued node that comes to refer to itself is made
 * distinct by LLVM, as loop IDs were built before `distinct` existed).
 */
#include "device/md_loopmd.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

#include "support/md_ir.h"
#include "analysis/md_loops.h"
#include "support/md_remark.h"

#define MD_UNROLL_PREFIX "llvm.loop.unroll."
#define MD_UNROLL_DISABLE "llvm.loop.unroll.disable"

/* reach[i] = 1 for every block (rpo index) reachable from a block of
 * from[] (those included).  0, or -1 out of memory. */
static int md_reach(const md_dom *d, const LLVMBasicBlockRef *from,
                    unsigned n, unsigned char *reach) {
  unsigned *stack = malloc((d->n + 1) * sizeof *stack), top = 0, i, k;
  if (!stack)
    return -1;
  for (i = 0; i < n; i++) {
    unsigned b = md_dom_order(d, from[i]);
    if (b < d->n && !reach[b]) {
      reach[b] = 1;
      stack[top++] = b;
    }
  }
  while (top) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(d->rpo[stack[--top]]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (k = 0; k < ns; k++) {
      unsigned s = md_dom_order(d, LLVMGetSuccessor(term, k));
      if (s < d->n && !reach[s]) {
        reach[s] = 1;
        stack[top++] = s;
      }
    }
  }
  free(stack);
  return 0;
}

/* The name of a loop property (its node's first operand), or "". */
static const char *md_prop_name(LLVMValueRef prop, unsigned *len) {
  LLVMValueRef first = NULL;
  const char *s;
  *len = 0;
  if (!prop || !LLVMIsAMDNode(prop) || LLVMGetMDNodeNumOperands(prop) < 1)
    return "";
  {
    unsigned n = LLVMGetMDNodeNumOperands(prop);
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    if (!ops)
      return "";
    LLVMGetMDNodeOperands(prop, ops);
    first = ops[0];
    free(ops);
  }
  s = first ? LLVMGetMDString(first, len) : NULL;
  return s ? s : "";
}

/* The operands of the loop ID on term (NULL: none) after its self
 * reference: *n of them in a new array (NULL when none), or -1 out of
 * memory; 1 when one of them is an unroll property (the loop keeps its
 * own choice). */
static int md_loop_props(LLVMValueRef term, unsigned kind, LLVMValueRef **ops,
                         unsigned *n) {
  LLVMValueRef id = LLVMGetMetadata(term, kind);
  unsigned k, len;
  *ops = NULL;
  *n = 0;
  if (!id || !LLVMIsAMDNode(id) || LLVMGetMDNodeNumOperands(id) < 1)
    return 0;
  *n = LLVMGetMDNodeNumOperands(id);
  *ops = malloc(*n * sizeof **ops);
  if (!*ops)
    return -1;
  LLVMGetMDNodeOperands(id, *ops);
  for (k = 1; k < *n; k++) {
    const char *s = md_prop_name((*ops)[k], &len);
    if (len >= sizeof MD_UNROLL_PREFIX - 1 &&
        memcmp(s, MD_UNROLL_PREFIX, sizeof MD_UNROLL_PREFIX - 1) == 0)
      return 1;
  }
  return 0;
}

/* A new loop ID: itself, the properties ops[1..n), unroll.disable. */
static LLVMMetadataRef md_new_loop_id(LLVMContextRef ctx, LLVMValueRef *ops,
                                      unsigned n) {
  LLVMMetadataRef *md = malloc((n + 2) * sizeof *md), id, dis, self;
  unsigned k, m = 1;
  if (!md)
    return NULL;
  self = LLVMTemporaryMDNode(ctx, NULL, 0);
  dis = LLVMMDStringInContext2(ctx, MD_UNROLL_DISABLE,
                               sizeof MD_UNROLL_DISABLE - 1);
  md[0] = self;
  for (k = 1; k < n; k++)
    if (ops[k])
      md[m++] = LLVMValueAsMetadata(ops[k]);
  md[m++] = LLVMMDNodeInContext2(ctx, &dis, 1);
  id = LLVMMDNodeInContext2(ctx, md, m);
  LLVMMetadataReplaceAllUsesWith(self, id); /* frees the temporary */
  free(md);
  return id;
}

/* The back edges into header h: their terminators in t[] (room for the
 * header's predecessors); 0 when one of them is also the back edge of
 * another loop (one terminator, one loop ID: left alone). */
static unsigned md_latches(const md_dom *d, unsigned h, LLVMValueRef *t) {
  unsigned k, j, nt = 0;
  for (k = d->pred_start[h]; k < d->pred_start[h + 1]; k++) {
    unsigned p = d->preds[k], back = 0;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(d->rpo[p]);
    if (!md_loops_back_edge(d, p, h) || !term)
      continue;
    for (j = 0; j < LLVMGetNumSuccessors(term); j++) {
      unsigned s = md_dom_order(d, LLVMGetSuccessor(term, j));
      back += s != h && md_loops_back_edge(d, p, s);
    }
    if (back)
      return 0;
    t[nt++] = term;
  }
  return nt;
}

/* Mark the loop with header h.  1 marked, 0 left alone, -1 no memory. */
static int md_mark_loop(LLVMContextRef ctx, const md_dom *d, unsigned h,
                        unsigned kind) {
  unsigned np = d->pred_start[h + 1] - d->pred_start[h], nt, n, k;
  LLVMValueRef *t = malloc((np + 1) * sizeof *t), *ops = NULL;
  LLVMMetadataRef id;
  int st;
  if (!t)
    return -1;
  nt = md_latches(d, h, t);
  st = nt ? md_loop_props(t[0], kind, &ops, &n) : 0;
  for (k = 1; st == 0 && k < nt; k++) /* every latch: the same ID */
    if (LLVMGetMetadata(t[k], kind) != LLVMGetMetadata(t[0], kind))
      st = 1;
  if (nt && st == 0) {
    id = md_new_loop_id(ctx, ops, n);
    st = id ? 1 : -1;
    for (k = 0; id && k < nt; k++)
      LLVMSetMetadata(t[k], kind, LLVMMetadataAsValue(ctx, id));
  } else if (st == 1) {
    st = 0;
  }
  free(ops);
  free(t);
  return st;
}

/* The blocks of the 64-bit sites (a new array, *nb of them; NULL when
 * out of memory). */
static LLVMBasicBlockRef *md_wide_blocks(const md_site *sites, unsigned n,
                                         unsigned *nb) {
  LLVMBasicBlockRef *b = malloc((n + 1) * sizeof *b);
  unsigned i;
  *nb = 0;
  for (i = 0; b && i < n; i++)
    if (md_value_width(sites[i].inst) > 32)
      b[(*nb)++] = LLVMGetInstructionParent(sites[i].inst);
  return b;
}

int md_loopmd_keep_rolled(LLVMValueRef fn, const md_dom *d,
                          const md_site *sites, unsigned n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9), k, nb;
  unsigned char *reach;
  LLVMBasicBlockRef *from = md_wide_blocks(sites, n, &nb);
  md_loops l;
  int marked = 0, st;
  if (!from || !nb || d->n == 0) {
    free(from);
    return from ? 0 : -1;
  }
  reach = calloc(d->n, 1);
  if (!reach || md_reach(d, from, nb, reach) || md_loops_build(&l, d)) {
    free(reach);
    free(from);
    return -1;
  }
  free(from);
  for (k = 0; k < l.n && marked >= 0; k++)
    if (reach[l.header[k]]) {
      st = md_mark_loop(ctx, d, l.header[k], kind);
      marked = st < 0 ? -1 : marked + st;
    }
  md_loops_release(&l);
  free(reach);
  return marked;
}

void md_loopmd_hold(md_remark_queue *held, LLVMValueRef fn, int marked) {
  if (marked > 0)
    md_remark_hold(held, MD_REMARK_ANALYSIS, fn, MD_RN(KeptRolled),
               "magicdiv: clone '%s': %d loop(s) kept rolled (unroll disabled): in "
               "the original, the 64-bit divisions before or in them are "
               "calls, which keep ptxas from unrolling them (option "
               "keep-rolled)",
               LLVMGetValueName2(fn, &(size_t){0}), marked);
}
