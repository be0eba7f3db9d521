/*
 * md_test_clone.c -- the cloner's test hook (MAGICDIV_CLONE_SELFTEST=1,
 * md_test_hooks.c): every function named clone_me* cloned with extra
 * parameters and its value map checked (md_test_clone.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device/md_clone.h"
#include "support/md_array.h"
#include "support/md_ir.h"
#include "testing/md_test_clone.h"

/* Every argument, block and copied instruction of f maps into g. */
static int md_map_ok(LLVMValueRef f, LLVMValueRef g, const md_vmap *map) {
  LLVMBasicBlockRef bb;
  unsigned i, n = LLVMCountParams(f);
  for (i = 0; i < n; i++)
    if (md_vmap_lookup(map, LLVMGetParam(f, i)) != LLVMGetParam(g, i))
      return 0;
  for (bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef nb = md_vmap_lookup(map, LLVMBasicBlockAsValue(bb)), in;
    if (!nb || LLVMGetBasicBlockParent(LLVMValueAsBasicBlock(nb)) != g)
      return 0;
    for (in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      LLVMValueRef ni = md_vmap_lookup(map, in);
      if (md_is_dbg_call(in) ? ni != NULL
                                       : (!ni || LLVMGetInstructionParent(ni) !=
                                                     LLVMValueAsBasicBlock(nb) ||
                                          LLVMGetInstructionOpcode(ni) !=
                                              LLVMGetInstructionOpcode(in)))
        return 0;
    }
  }
  return md_vmap_lookup(map, f) == f;
}

int md_test_clone(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef extra[3];
  LLVMValueRef fn, *todo = NULL;
  size_t n = 0, cap = 0, i;
  int count = 0;
  extra[0] = extra[1] = LLVMInt32TypeInContext(ctx);
  extra[2] = LLVMInt64TypeInContext(ctx);
  for (fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    size_t len = 0;
    const char *s = LLVMGetValueName2(fn, &len);
    if (LLVMIsDeclaration(fn) || len < 8 || memcmp(s, "clone_me", 8) != 0)
      continue;
    LLVMValueRef *t = md_array_room(todo, n, &cap, sizeof *t, 16);
    if (!t)
      break;
    todo = t;
    todo[n++] = fn;
  }
  for (i = 0; i < n; i++) {
    size_t len = 0;
    const char *s = LLVMGetValueName2(todo[i], &len);
    char *name = malloc(len + sizeof "__clone");
    md_vmap *map = NULL;
    LLVMValueRef g;
    const char *why = NULL;
    if (!name)
      break;
    memcpy(name, s, len);
    memcpy(name + len, "__clone", sizeof "__clone");
    g = md_clone_function(todo[i], name, extra, 3, &map, &why);
    if (!g)
      fprintf(stderr, "md_clone_selftest: refused '%s': %s\n", name, why);
    else if (!md_map_ok(todo[i], g, map))
      fprintf(stderr, "md_clone_selftest: bad value map for '%s'\n", name);
    else
      count++;
    md_vmap_free(map);
    free(name);
  }
  free(todo);
  return count;
}
