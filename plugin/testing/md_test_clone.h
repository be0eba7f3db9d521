/*
 * md_test_clone.h -- the cloner's test hook (md_test_clone.c; compiled in
 * only with -DMAGICDIV_TEST_HOOKS=ON, md_test_hooks.h).
 */
#ifndef MAGICDIV_MD_TEST_CLONE_H
#define MAGICDIV_MD_TEST_CLONE_H

#include <llvm-c/Core.h>

/* Clone every function definition whose name starts with "clone_me" into
 * "<name>__clone" with extra parameters (i32, i32, i64), check the value
 * map, and return the number cloned.  Refusals and bad maps are reported
 * on stderr ("md_clone_selftest: ..."). */
int md_test_clone(LLVMModuleRef m);

#endif
