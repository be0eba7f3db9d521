/*
 * md_kernels.c -- target detection and kernel discovery (see md_kernels.h).
 */
#include "analysis/md_kernels.h"
#include "analysis/md_omp.h"

#include <stdlib.h>
#include <string.h>

#include "support/md_array.h"

md_target md_target_of_module(LLVMModuleRef m) {
  const char *triple = LLVMGetTarget(m);
  if (!triple)
    return MD_TARGET_HOST;
  if (strncmp(triple, "nvptx", 5) == 0)
    return MD_TARGET_NVPTX;
  if (strncmp(triple, "amdgcn", 6) == 0)
    return MD_TARGET_AMDGPU;
  return MD_TARGET_HOST;
}

const char *md_target_name(md_target t) {
  switch (t) {
  case MD_TARGET_NVPTX:
    return "nvptx";
  case MD_TARGET_AMDGPU:
    return "amdgpu";
  default:
    return "host";
  }
}

/* 1 if md is the MDString `s`. */
static int md_mdstring_is(LLVMValueRef md, const char *s) {
  unsigned len = 0;
  const char *str;
  if (!md || !LLVMIsAMDString(md))
    return 0;
  str = LLVMGetMDString(md, &len);
  return str && len == strlen(s) && memcmp(str, s, len) == 0;
}

/* Operands of an MDNode into a malloc'd array (NULL when empty). */
static LLVMValueRef *md_node_operands(LLVMValueRef node, unsigned *n) {
  LLVMValueRef *ops;
  *n = LLVMGetMDNodeNumOperands(node);
  if (*n == 0)
    return NULL;
  ops = calloc(*n, sizeof *ops);
  if (!ops) {
    *n = 0;
    return NULL;
  }
  LLVMGetMDNodeOperands(node, ops);
  return ops;
}

/* Named metadata operands into a malloc'd array (NULL when none). */
static LLVMValueRef *md_named_operands(LLVMModuleRef m, const char *name,
                                       unsigned *n) {
  LLVMValueRef *ops;
  *n = LLVMGetNamedMetadataNumOperands(m, name);
  if (*n == 0)
    return NULL;
  ops = calloc(*n, sizeof *ops);
  if (!ops) {
    *n = 0;
    return NULL;
  }
  LLVMGetNamedMetadataOperands(m, name, ops);
  return ops;
}

/* !nvvm.annotations: does an entry !{f, !"kernel", i32 1} exist? */
static int md_nvvm_annotated_kernel(LLVMModuleRef m, LLVMValueRef f) {
  unsigned n = 0, i;
  int found = 0;
  LLVMValueRef *entries = md_named_operands(m, "nvvm.annotations", &n);
  for (i = 0; i < n && !found; i++) {
    unsigned k = 0, j;
    LLVMValueRef *ops = md_node_operands(entries[i], &k);
    if (k >= 3 && ops[0] == f) {
      for (j = 1; j + 1 < k; j += 2) {
        if (md_mdstring_is(ops[j], "kernel") && ops[j + 1] &&
            LLVMIsAConstantInt(ops[j + 1]) &&
            LLVMConstIntGetZExtValue(ops[j + 1]) == 1)
          found = 1;
      }
    }
    free(ops);
  }
  free(entries);
  return found;
}

/* @llvm.global.annotations: is f annotated with "magicdiv-kernel"? */
static int md_c_annotated_kernel(LLVMModuleRef m, LLVMValueRef f) {
  LLVMValueRef ga = LLVMGetNamedGlobal(m, "llvm.global.annotations");
  LLVMValueRef init;
  int i, n;
  if (!ga || !(init = LLVMGetInitializer(ga)))
    return 0;
  n = LLVMGetNumOperands(init);
  for (i = 0; i < n; i++) {
    LLVMValueRef entry = LLVMGetOperand(init, (unsigned)i);
    LLVMValueRef fn, str, data;
    size_t len = 0;
    const char *s;
    if (!entry || LLVMGetNumOperands(entry) < 2)
      continue;
    fn = LLVMGetOperand(entry, 0);
    while (fn && LLVMIsAConstantExpr(fn))
      fn = LLVMGetOperand(fn, 0);
    if (fn != f)
      continue;
    str = LLVMGetOperand(entry, 1);
    while (str && LLVMIsAConstantExpr(str))
      str = LLVMGetOperand(str, 0);
    if (!str || !LLVMIsAGlobalVariable(str))
      continue;
    data = LLVMGetInitializer(str);
    if (!data || !LLVMIsAConstantDataSequential(data))
      continue;
    s = LLVMGetAsString(data, &len);
    if (s && len >= strlen(MD_KERNEL_ATTR) &&
        strncmp(s, MD_KERNEL_ATTR, strlen(MD_KERNEL_ATTR)) == 0)
      return 1;
  }
  return 0;
}

int md_is_kernel(LLVMModuleRef m, LLVMValueRef f, md_target t,
                 const md_options *o) {
  unsigned cc = LLVMGetFunctionCallConv(f);
  if (t == MD_TARGET_NVPTX &&
      (cc == LLVMPTXKernelCallConv || md_nvvm_annotated_kernel(m, f)))
    return 1;
  if (t == MD_TARGET_AMDGPU && cc == LLVMAMDGPUKERNELCallConv)
    return 1;
  if (t == MD_TARGET_HOST && md_omp_is_cpu_kernel(m, f))
    return 1;
  if (o->any_target) {
    if (LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                      MD_KERNEL_ATTR,
                                      (unsigned)strlen(MD_KERNEL_ATTR)))
      return 1;
    if (md_c_annotated_kernel(m, f))
      return 1;
  }
  return 0;
}

unsigned md_kernels_collect(LLVMModuleRef m, md_target t, const md_options *o,
                            LLVMValueRef **out) {
  unsigned n = 0;
  size_t cap = 0;
  LLVMValueRef *v = NULL, *nv;
  LLVMValueRef f;
  for (f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !md_is_kernel(m, f, t, o))
      continue;
    nv = md_array_room(v, n, &cap, sizeof *nv, 8);
    if (!nv) {
      md_remark(MD_REMARK_MISSED, f, MD_RN(OutOfMemory),
                "magicdiv: kernel left alone: out of memory");
      continue;
    }
    v = nv;
    v[n++] = f;
  }
  *out = v;
  return n;
}

int md_kernel_annotations_make(LLVMModuleRef m, LLVMValueRef orig,
                               LLVMValueRef clone, md_annots *a) {
  unsigned n = 0, i;
  LLVMValueRef *entries;
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  a->v = NULL;
  a->n = 0;
  if (LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations") == 0)
    return 0;
  entries = md_named_operands(m, "nvvm.annotations", &n);
  if (!entries || !(a->v = calloc(n, sizeof *a->v)))
    goto oom;
  for (i = 0; i < n; i++) {
    unsigned k = 0, j;
    LLVMValueRef *ops = md_node_operands(entries[i], &k);
    LLVMMetadataRef *mds;
    if (!ops && LLVMGetMDNodeNumOperands(entries[i]) != 0)
      goto oom;
    if (k < 1 || ops[0] != orig) {
      free(ops);
      continue;
    }
    mds = calloc(k, sizeof *mds);
    if (!mds) {
      free(ops);
      goto oom;
    }
    mds[0] = LLVMValueAsMetadata(clone);
    for (j = 1; j < k; j++)
      mds[j] = LLVMValueAsMetadata(ops[j]);
    a->v[a->n++] = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, mds, k));
    free(mds);
    free(ops);
  }
  free(entries);
  return 0;
oom:
  free(entries);
  md_annots_free(a);
  return -1;
}

void md_kernel_annotations_add(LLVMModuleRef m, md_annots *a) {
  unsigned i;
  for (i = 0; i < a->n; i++)
    LLVMAddNamedMetadataOperand(m, "nvvm.annotations", a->v[i]);
  md_annots_free(a);
}

void md_annots_free(md_annots *a) {
  free(a->v);
  a->v = NULL;
  a->n = 0;
}
