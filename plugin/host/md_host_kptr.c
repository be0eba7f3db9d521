/*
 * md_host_kptr.c -- where a launch's kernel pointer comes from.
 *
 * A launch whose kernel operand is a registered stub is routed or left
 * alone by that kernel's clone (md_host.c).  Launch helpers hand the
 * kernel down as a value: thrust and CUB launch every kernel through
 * triple_chevron::doit_host<K>(K k, ...), whose cudaLaunchKernelExC gets
 * its parameter `k`, and each caller in the module passes it a stub.  So
 * the operand is followed back to every value it may take: through PHIs,
 * selects and stack slots that only loads and stores use (unoptimized
 * code), and from a parameter of function F to the operand each call
 * of F passes -- when F is only ever called directly (no other use of F)
 * and no other module can call it with other values: F is local
 * (internal, private) or a one-definition copy (linkonce_odr, weak_odr),
 * whose callers elsewhere call a copy of their own or, if the linker keeps
 * this one, run the original kernel through it (correct; at worst their
 * clone is not used).  If every value is a kernel the module registers and
 * its embedded device code shows without a clone, the launch has nothing
 * to gain from the runtime and stays as it was.  Anything else (a load, a
 * call's result, an exported function's parameter, a kernel with a clone,
 * more than MD_KPTR_MAX values) keeps today's routing.
 */
#include "host/md_host_kptr.h"

#define MD_KPTR_MAX 64

typedef struct md_kptr_walk {
  LLVMValueRef val[MD_KPTR_MAX];
  unsigned n;
} md_kptr_walk;

/* Queue v (without pointer casts) once; 0 when the walk is full. */
static int md_kptr_push(md_kptr_walk *w, LLVMValueRef v) {
  unsigned i;
  v = md_reg_strip(v);
  for (i = 0; i < w->n; i++)
    if (w->val[i] == v)
      return 1;
  if (w->n == MD_KPTR_MAX)
    return 0;
  w->val[w->n++] = v;
  return 1;
}

/* No other module calls f with values of its own: local, or a
 * one-definition copy. */
static int md_kptr_closed(LLVMValueRef f) {
  switch (LLVMGetLinkage(f)) {
  case LLVMInternalLinkage:
  case LLVMPrivateLinkage:
  case LLVMLinkOnceODRLinkage:
  case LLVMWeakODRLinkage:
    return 1;
  default:
    return 0;
  }
}

/* Queue what every call of f passes as its parameter number idx; 0 when f
 * has another use, or no call at all. */
static int md_kptr_callers(md_kptr_walk *w, LLVMValueRef f, unsigned idx) {
  LLVMUseRef u;
  unsigned calls = 0, i, na;
  if (LLVMIsDeclaration(f) || !md_kptr_closed(f))
    return 0;
  for (u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if ((!LLVMIsACallInst(c) && !LLVMIsAInvokeInst(c)) ||
        LLVMGetCalledValue(c) != f)
      return 0;
    na = LLVMGetNumArgOperands(c);
    for (i = 0; i < na; i++) /* f passed as a value, too */
      if (LLVMGetOperand(c, i) == f)
        return 0;
    if (idx >= na || !md_kptr_push(w, LLVMGetOperand(c, idx)))
      return 0;
    calls++;
  }
  return calls > 0;
}

/* Queue every value stored into alloca a, whose only uses are loads and
 * stores into it (unoptimized code keeps a parameter in such a slot); 0
 * when a has another use (its address escapes) or none is stored. */
static int md_kptr_slot(md_kptr_walk *w, LLVMValueRef a) {
  LLVMUseRef u;
  unsigned stores = 0;
  for (u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef x = LLVMGetUser(u);
    if (LLVMIsALoadInst(x))
      continue;
    if (!LLVMIsAStoreInst(x) || LLVMGetOperand(x, 1) != a ||
        LLVMGetOperand(x, 0) == a || !md_kptr_push(w, LLVMGetOperand(x, 0)))
      return 0;
    stores++;
  }
  return stores > 0;
}

/* Queue the values v may take next; 0 when v may be something else. */
static int md_kptr_step(md_kptr_walk *w, LLVMValueRef v, LLVMValueRef *via) {
  unsigned i, n;
  if (LLVMIsALoadInst(v) && LLVMIsAAllocaInst(LLVMGetOperand(v, 0)))
    return md_kptr_slot(w, LLVMGetOperand(v, 0));
  if (LLVMIsAPHINode(v)) {
    n = LLVMCountIncoming(v);
    for (i = 0; i < n; i++)
      if (!md_kptr_push(w, LLVMGetIncomingValue(v, i)))
        return 0;
    return 1;
  }
  if (LLVMIsASelectInst(v))
    return md_kptr_push(w, LLVMGetOperand(v, 1)) &&
           md_kptr_push(w, LLVMGetOperand(v, 2));
  if (LLVMIsAArgument(v)) {
    LLVMValueRef f = LLVMGetParamParent(v);
    n = LLVMCountParams(f);
    for (i = 0; i < n && LLVMGetParam(f, i) != v; i++)
      ;
    if (!*via)
      *via = f;
    return i < n && md_kptr_callers(w, f, i);
  }
  return 0;
}

int md_kptr_cloneless(md_host *h, LLVMValueRef v, md_api_kind kind,
                      LLVMValueRef *via) {
  md_kptr_walk w;
  unsigned i;
  w.n = 0;
  *via = NULL;
  md_kptr_push(&w, v);
  for (i = 0; i < w.n; i++) {
    md_reg *r = md_reg_find(h, w.val[i], kind);
    if (r) {
      if (!r->no_clone)
        return 0;
    } else if (!md_kptr_step(&w, w.val[i], via)) {
      return 0;
    }
  }
  return 1;
}
