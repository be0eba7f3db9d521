/* A library that a program loads with dlopen: compiled with the plugin, it
 * calls the runtime and so carries it (test/install/embed-dlopen.test). */
#include <stdio.h>
#include "magicdiv/magicdiv.h"

int plug_run(void) {
  md_u32_magic m;
  int r = md_magic_u32(7, &m);
  printf("plug: md_magic_u32(7) %s\n", md_status_str(r));
  return r;
}
