/*
 * d_ipa.c -- driver of k_ipa.c: the vector kernels with the permute sweep
 * (they compute what MD_PERMUTE_KERNEL computes, with the same divisors).
 */
#include "k_shapes.h"
#include "md_diff_sweep.h"

MD_DIFF_DECL(k_vperm);
MD_DIFF_DECL(k_vperm_u);

static void md_sw_vperm(md_diff_kernel *k) { md_sweep_permute(k, 32, 1, 8); }
static void md_sw_vperm_u(md_diff_kernel *k) { md_sweep_permute(k, 32, 0, 6); }

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_vperm, 4, 1, md_sw_vperm, MD_P, NULL, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_vperm_u, 4, 1, md_sw_vperm_u, MD_P, NULL, MD_U32,
                     MD_U32),
  };
  static ffi_type shape4, ushape4;
  static ffi_type *shape4_el[9], *ushape4_el[7];
  md_diff_struct_type(&shape4, shape4_el, MD_I32, 8);
  md_diff_struct_type(&ushape4, ushape4_el, MD_U32, 6);
  ks[0].types[1] = &shape4;
  ks[1].types[1] = &ushape4;
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
