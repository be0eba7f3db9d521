/*
 * md_rt_assert.h -- MD_RT_ASSERT: the runtime's checks of its own
 * invariants (a validated descriptor's stack and opcodes, counts that
 * must match), compiled in only when CMake's MAGICDIV_ASSERTS is ON (it
 * defines MD_ASSERTS for libmagicdiv_rt; never for the copy the plugin
 * embeds in programs).  Off, an MD_RT_ASSERT is nothing, not even its
 * condition's evaluation: the launch path costs what it did.  On, a false
 * condition prints "magicdiv runtime: internal check failed: COND
 * (FILE:LINE)" and aborts.  The plugin's is plugin/support/md_assert.h.
 */
#ifndef MAGICDIV_MD_RT_ASSERT_H
#define MAGICDIV_MD_RT_ASSERT_H

#ifdef MD_ASSERTS
#include <stdio.h>
#include <stdlib.h>

static inline void md_rt_assert_fail(const char *cond, const char *file,
                                     int line) {
  fprintf(stderr, "magicdiv runtime: internal check failed: %s (%s:%d)\n",
          cond, file, line);
  abort();
}
#define MD_RT_ASSERT(c) \
  ((c) ? (void)0 : md_rt_assert_fail(#c, __FILE__, __LINE__))
#else
#define MD_RT_ASSERT(c) ((void)0)
#endif

#endif
