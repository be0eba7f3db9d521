/* Two objects that both call the runtime, so both carry it
 * (test/install/embed-lto.test). */
#include <stdio.h>
#include "magicdiv/magicdiv.h"

int other(void);

int main(void) {
  printf("a: %s\n", md_status_str(MD_FALLBACK_DIV_ZERO));
  return other();
}
