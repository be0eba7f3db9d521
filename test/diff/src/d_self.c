/*
 * d_self.c -- driver of k_self.c: the harness must pass a right clone and
 * catch a wrong clone, a wrong descriptor and a missing clone.
 */
#include "md_diff.h"
#include "md_diff_vals.h"

MD_DIFF_DECL(k_mock_ok);
MD_DIFF_DECL(k_mock_bad);
MD_DIFF_DECL(k_mock_plus1);
MD_DIFF_DECL(k_mock_noclone);

#define MD_MAXN 256

/* The mock kernels loop over n dividends themselves: one thread. */
static void md_sweep_mock(md_diff_kernel *k) {
  static uint64_t divs[4096], nums[MD_MAXN];
  static uint32_t in[MD_MAXN];
  md_rng r = {md_diff_cfg.seed};
  size_t nd = md_vals_divisors(divs, 4096, 32, &r, 200);
  md_diff_launch l = md_diff_1d(1, 1);
  void *inp = in;
  for (size_t i = 0; i <= nd; i++) {
    uint32_t d = i < nd ? (uint32_t)divs[i] : 0;
    int n = (int)md_vals_dividends_u(d ? d : 1, 32, nums, MD_MAXN, &r, 16);
    for (int j = 0; j < n; j++)
      in[j] = (uint32_t)nums[j];
    void *args[4] = {NULL, &inp, &d, &n};
    md_diff_note(k, "d=%u", d);
    md_diff_case(k, args, &l, 2 * (size_t)n,
                 d ? MD_EXPECT_RUN : MD_EXPECT_FALLBACK);
  }
}

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_mock_ok, 4, 1, md_sweep_mock, MD_P, MD_P, MD_U32,
                     MD_I32),
      MD_DIFF_KERNEL(k_mock_bad, 4, 1, md_sweep_mock, MD_P, MD_P, MD_U32,
                     MD_I32),
      MD_DIFF_KERNEL(k_mock_plus1, 4, 1, md_sweep_mock, MD_P, MD_P, MD_U32,
                     MD_I32),
      MD_DIFF_KERNEL(k_mock_noclone, 4, 1, md_sweep_mock, MD_P, MD_P, MD_U32,
                     MD_I32),
  };
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
