/*
 * d_ipa.c -- driver of k_ipa.c: the vector kernels with the permute sweep
 * (they compute what MD_PERMUTE_KERNEL computes, with the same divisors);
 * k_call (divisions in called functions) with its own sweep; k_sref (the
 * shape struct passed on to called functions) with the permute sweep.
 */
#include "k_shapes.h"
#include "md_diff_sweep.h"

MD_DIFF_DECL(k_vperm);
MD_DIFF_DECL(k_vperm_u);
MD_DIFF_DECL(k_call);
MD_DIFF_DECL(k_sref);

/* k_call: divisors nh / nkv, nh, nkv (signed) and gridDim.x. */
static void md_sw_call(md_diff_kernel *k) {
  md_divset v;
  if (md_divset_init(&v, k, 32, 700))
    return;
  int32_t count = MD_COUNT;
  for (size_t i = 0; i < v.ns; i++) {
    int32_t x = (int32_t)v.s[i];
    int32_t nh = (int32_t)md_small(&v.r), nkv = (int32_t)md_small(&v.r);
    switch (i % 3) {
    case 0:
      nh = x;
      break;
    case 1:
      nkv = x;
      break;
    default:
      nh = x;
      nkv = (int32_t)md_pick_s(&v);
      break;
    }
    md_expect e;
    int64_t q = 1;
    if (nkv == 0) {
      e = MD_EXPECT_FALLBACK;
    } else if (nh == INT32_MIN && nkv == -1) {
      e = MD_EXPECT_UNDEF;
    } else {
      q = (int64_t)(nh / nkv);
      int64_t ds[3] = {q, nh, nkv};
      e = md_expect_signed(ds, 3, 32);
    }
    for (unsigned b = 0; b < MD_BASES; b++) {
      int32_t base = (int32_t)md_vals_base_s(&v.r, 32, (uint64_t)count,
                                             q ? q : 1, (unsigned)i + 3 * b);
      void *args[5] = {NULL, &nh, &nkv, &base, &count};
      md_diff_note(k, "nh=%d nkv=%d base=%d", nh, nkv, base);
      md_run_1d(k, args, (uint32_t)count, 4, e);
    }
  }
  md_divset_free(&v);
}

static void md_sw_vperm(md_diff_kernel *k) { md_sweep_permute(k, 32, 1, 8); }
static void md_sw_vperm_u(md_diff_kernel *k) { md_sweep_permute(k, 32, 0, 6); }

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_vperm, 4, 1, md_sw_vperm, MD_P, NULL, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_vperm_u, 4, 1, md_sw_vperm_u, MD_P, NULL, MD_U32,
                     MD_U32),
      MD_DIFF_KERNEL(k_call, 4, 1, md_sw_call, MD_P, MD_I32, MD_I32, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_sref, 4, 1, md_sw_vperm, MD_P, NULL, MD_I32, MD_I32),
  };
  static ffi_type shape4, ushape4;
  static ffi_type *shape4_el[9], *ushape4_el[7];
  md_diff_struct_type(&shape4, shape4_el, MD_I32, 8);
  md_diff_struct_type(&ushape4, ushape4_el, MD_U32, 6);
  ks[0].types[1] = &shape4;
  ks[1].types[1] = &ushape4;
  ks[3].types[1] = &shape4;
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
