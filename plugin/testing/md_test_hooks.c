/*
 * md_test_hooks.c -- which test hook the environment asks for
 * (md_test_hooks.h).
 */
#include <stdlib.h>

#include "testing/md_test_clone.h"
#include "testing/md_test_hooks.h"

int md_test_hook_module(LLVMModuleRef m) {
  /* the cloner's lit tests (test/ir/clone/): clone every function named
   * clone_me* and nothing else */
  if (getenv("MAGICDIV_CLONE_SELFTEST"))
    return md_test_clone(m) > 0;
  return -1;
}
