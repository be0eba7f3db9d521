/*
 * md_test_hooks.h -- the hooks the lit tests drive through the environment
 * of opt (md_test_hooks.c, docs/DESIGN.md "Test hooks").
 *
 * plugin/testing/ is compiled into the plugin only when CMake's
 * MAGICDIV_TEST_HOOKS is ON (scripts/test.sh's builds), which defines
 * MD_TEST_HOOKS; without it md_test_hook_module is an inline no-op and the
 * plugin carries none of them (the tests that need them are UNSUPPORTED,
 * lit feature `test-hooks`).
 */
#ifndef MAGICDIV_MD_TEST_HOOKS_H
#define MAGICDIV_MD_TEST_HOOKS_H

#include <llvm-c/Core.h>

#ifdef MD_TEST_HOOKS
/* If the environment asks for a hook, run it on m instead of the pass and
 * return whether it changed m (0 or 1); else -1 (run the pass).
 *   MAGICDIV_CLONE_SELFTEST   the cloner's hook (md_test_clone.h)
 *   MAGICDIV_TEST_ASSERT      a writer's bug that MD_ASSERT stops
 *                             (support/md_assert.h) */
int md_test_hook_module(LLVMModuleRef m);
#else
static inline int md_test_hook_module(LLVMModuleRef m) {
  (void)m;
  return -1;
}
#endif

#endif
