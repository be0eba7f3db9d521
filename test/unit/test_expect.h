/*
 * test_expect.h -- the unit tests' check macro: EXPECT(cond) reports a
 * failed condition with its file and line and counts it in `failures`;
 * section(name) starts a block of the output ("== name").  Each test
 * binary includes it once and ends with its failures count.
 */
#ifndef MAGICDIV_TEST_EXPECT_H
#define MAGICDIV_TEST_EXPECT_H

#include <stdio.h>

static int failures;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);          \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static void section(const char *name) { fprintf(stderr, "== %s\n", name); }

#endif
