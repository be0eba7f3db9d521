/*
 * md_done.c -- the !magicdiv.done list (md_done.h).
 */
#include "device/md_done.h"

#include <stdlib.h>
#include <string.h>

/* Add the functions among node's operands to done.  0, or -1. */
static int md_done_node(LLVMValueRef node, md_map *done) {
  unsigned n = LLVMGetMDNodeNumOperands(node), i;
  LLVMValueRef *ops;
  int st = 0;
  if (n == 0)
    return 0;
  if (!(ops = calloc(n, sizeof *ops)))
    return -1;
  LLVMGetMDNodeOperands(node, ops);
  for (i = 0; i < n && st == 0; i++)
    if (ops[i] && LLVMIsAFunction(ops[i]))
      st = md_map_put(done, ops[i], ops[i]);
  free(ops);
  return st;
}

int md_done_read(LLVMModuleRef m, md_map *done) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, MD_DONE_MD), i;
  LLVMValueRef *nodes;
  int st = 0;
  if (n == 0)
    return 0;
  if (!(nodes = calloc(n, sizeof *nodes)))
    return -1;
  LLVMGetNamedMetadataOperands(m, MD_DONE_MD, nodes);
  for (i = 0; i < n && st == 0; i++)
    st = md_done_node(nodes[i], done);
  free(nodes);
  return st;
}

void md_done_add(LLVMModuleRef m, LLVMValueRef *fns, unsigned n) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMMetadataRef *mds;
  unsigned i;
  if (n == 0 || !(mds = calloc(n, sizeof *mds)))
    return; /* out of memory: a second run decides again (NameTaken) */
  for (i = 0; i < n; i++)
    mds[i] = LLVMValueAsMetadata(fns[i]);
  LLVMAddNamedMetadataOperand(
      m, MD_DONE_MD, LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, mds, n)));
  free(mds);
}
