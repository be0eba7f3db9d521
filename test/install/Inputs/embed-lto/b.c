/* The second object of test/install/embed-lto.test. */
#include <stdio.h>
#include "magicdiv/magicdiv.h"

int other(void) {
  md_u32_magic m;
  int r = md_magic_u32(7, &m);
  printf("b: md_magic_u32(7) %s\n", md_status_str(r));
  return r;
}
