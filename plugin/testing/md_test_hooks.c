/*
 * md_test_hooks.c -- which test hook the environment asks for
 * (md_test_hooks.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "emit/md_prog.h"
#include "magicdiv/md_abi.h"
#include "testing/md_test_clone.h"
#include "testing/md_test_hooks.h"

/* MD_ASSERT's lit test (test/ir/pass/internal-assert.ll): a descriptor op
 * written with another op's operand count, the writer's bug md_prog.c
 * checks.  With MAGICDIV_ASSERTS the check stops the compiler; without,
 * the writer marks its buffer failed, as a release build does. */
static int md_test_assert(void) {
  md_buf b;
  md_buf_init_counting(&b);
  md_prog_binop(&b, MD_OP_ARG, 32, 0);
  fprintf(stderr, "md_test_assert: not stopped; buffer failed: %d\n", b.oom);
  md_buf_free(&b);
  return 0;
}

int md_test_hook_module(LLVMModuleRef m) {
  /* the cloner's lit tests (test/ir/clone/): clone every function named
   * clone_me* and nothing else */
  if (getenv("MAGICDIV_CLONE_SELFTEST"))
    return md_test_clone(m) > 0;
  if (getenv("MAGICDIV_TEST_ASSERT"))
    return md_test_assert();
  return -1;
}
