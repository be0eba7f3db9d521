/*
 * md_assert.h -- MD_ASSERT: the plugin's checks of its own invariants
 * (indices in range, counts that must match, what it just wrote reading
 * back), compiled in only when CMake's MAGICDIV_ASSERTS is ON (it defines
 * MD_ASSERTS; scripts/test.sh's builds).  Off -- the default, and every
 * release build, which also defines NDEBUG -- an MD_ASSERT is nothing, not
 * even its condition's evaluation.  On, a false condition prints
 * "magicdiv: internal check failed: COND (FILE:LINE)" and aborts.  The
 * runtime's own copy is runtime/src/desc/md_rt_assert.h.
 */
#ifndef MAGICDIV_MD_ASSERT_H
#define MAGICDIV_MD_ASSERT_H

#ifdef MD_ASSERTS
#include <stdio.h>
#include <stdlib.h>

static inline void md_assert_fail(const char *cond, const char *file,
                                  int line) {
  fprintf(stderr, "magicdiv: internal check failed: %s (%s:%d)\n", cond, file,
          line);
  abort();
}
#define MD_ASSERT(c) ((c) ? (void)0 : md_assert_fail(#c, __FILE__, __LINE__))
#else
#define MD_ASSERT(c) ((void)0)
#endif

#endif
