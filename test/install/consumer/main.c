#include <magicdiv/magicdiv.h>
#include <stdio.h>

int main(void) {
  md_u32_magic g;
  if (md_magic_u32(7, &g) != MD_OK)
    return 1;
  printf("100 / 7 = %u (%s)\n", md_eval_u32(100, &g), md_status_str(MD_OK));
  return 0;
}
