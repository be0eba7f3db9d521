/*
 * d_ranges.c -- driver of k_ranges.c: launches where the launch
 * requirements of the clones hold (md_desc_fill must succeed and the clone
 * be bit-exact) and where one fails (md_desc_fill must return
 * MD_FALLBACK_REQUIREMENT; the harness then runs the original, as the
 * runtime would).  Each kernel is strict (md_diff_kernel.strict_req): a
 * requirement failure where the driver expects the clone is a failure.
 */
#include <stdio.h>
#include <string.h>

#include "md_diff.h"

MD_DIFF_DECL(k_idx);
MD_DIFF_DECL(k_idx64);
MD_DIFF_DECL(k_gs);
MD_DIFF_DECL(k_2d);
MD_DIFF_DECL(k_chain);
MD_DIFF_DECL(k_pad);

static const int32_t md_d32[] = {1,     2,      3,          7,   10, 64,
                                 1000,  65537,  0x7fffffff, -7, 0};

/* req_ok: 1 the requirements hold, 0 one fails, 2 it depends on the
 * loop's shape (a 32-bit induction variable: fails; widened to i64 by
 * the compiler: holds). */
static md_expect md_exp_d32(int32_t d, int req_ok) {
  if (req_ok == 2)
    return MD_EXPECT_RUN_OR_REQ;
  if (!req_ok)
    return MD_EXPECT_REQ_FAIL;
  return d == 0 ? MD_EXPECT_FALLBACK : d < 0 ? MD_EXPECT_RUN_OR_NEG
                                             : MD_EXPECT_RUN;
}

/* A 1-D launch of grid blocks of `block` threads, running `count` blocks
 * from `first`. */
static md_diff_launch md_grid(uint32_t grid, uint32_t block, uint32_t first,
                              uint32_t count) {
  md_diff_launch l;
  memset(&l, 0, sizeof l);
  l.dims.block[0] = block;
  l.dims.grid[0] = grid;
  l.dims.block[1] = l.dims.block[2] = l.dims.grid[1] = l.dims.grid[2] = 1;
  l.first[0] = first;
  l.count[0] = count;
  l.count[1] = l.count[2] = 1;
  return l;
}

/* ---- k_idx: nctaid.x * ntid.x <= 2^31 ---- */
static void md_sw_idx(md_diff_kernel *k) {
  static const struct {
    uint32_t grid, block;
    int ok;
  } grids[] = {
      {3, 64, 1},
      {1u << 26, 32, 1},       /* exactly 2^31 threads: idx up to INT_MAX */
      {(1u << 26) + 1, 32, 0}, /* 2^31 + 32: the last block wraps */
      {0x7fffffffu, 1024, 0},
  };
  for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++)
    for (size_t i = 0; i < sizeof md_d32 / sizeof md_d32[0]; i++) {
      int32_t d = md_d32[i];
      if (!grids[g].ok && d == 0)
        continue; /* the original would divide by zero */
      uint32_t count = grids[g].grid < 4 ? grids[g].grid : 4;
      uint32_t first = grids[g].grid - count;
      md_diff_launch l = md_grid(grids[g].grid, grids[g].block, first, count);
      void *args[3] = {NULL, &d, &first};
      md_diff_note(k, "grid %u x %u, d=%d", grids[g].grid, grids[g].block, d);
      md_diff_case(k, args, &l, 2ull * count * grids[g].block,
                   md_exp_d32(d, grids[g].ok));
    }
}

/* ---- k_idx64: nctaid.x * ntid.x <= 2^32 and d < 2^32 ---- */
static void md_sw_idx64(md_diff_kernel *k) {
  static const struct {
    uint32_t grid, block;
    int ok;
  } grids[] = {
      {3, 64, 1},
      {1u << 26, 64, 1},       /* exactly 2^32 threads */
      {(1u << 26) + 1, 64, 0}, /* idx reaches 2^32 */
  };
  static const uint64_t ds[] = {1, 3, 7, 1000, 0xFFFFFFFFull,
                                0x100000000ull, (1ull << 40) + 3, 0};
  for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++)
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
      uint64_t d = ds[i];
      int ok = grids[g].ok && d <= 0xFFFFFFFFull;
      if (!ok && d == 0)
        continue;
      uint32_t count = grids[g].grid < 4 ? grids[g].grid : 4;
      uint32_t first = grids[g].grid - count;
      md_diff_launch l = md_grid(grids[g].grid, grids[g].block, first, count);
      void *args[3] = {NULL, &d, &first};
      md_diff_note(k, "grid %u x %u, d=%llu", grids[g].grid, grids[g].block,
                   (unsigned long long)d);
      md_diff_case(k, args, &l, 2ull * count * grids[g].block,
                   !ok ? MD_EXPECT_REQ_FAIL
                       : d == 0 ? MD_EXPECT_FALLBACK : MD_EXPECT_RUN);
    }
}

/* ---- k_gs: start + threads - 1 <= INT_MAX, n <= 2^31 (n >= 1), and
 * (n - 1) + step <= INT_MAX ---- */
static void md_sw_gs(md_diff_kernel *k) {
  static const struct {
    int32_t start, n, step;
    uint32_t threads;
    int ok;
    uint32_t span; /* output pairs written: i - start < span */
  } cs[] = {
      {0, 300, 64, 64, 1, 300},
      {5, 1000, 96, 96, 1, 995},
      {0x7fffffff - 200, 0x7fffffff - 100, 64, 64, 1, 100}, /* near INT_MAX */
      {0, 0x7fffffff, 0x7fffffff, 1, 2, 1}, /* n + step wraps (1 iteration) */
      {0, 1000, 0x7fffffff - 998, 1, 2, 1}, /* (n - 1) + step = 2^31 */
      {0, 1000, 0x7fffffff - 999, 1, 1, 1}, /* (n - 1) + step = INT_MAX */
      {-10, 50, 64, 64, 0, 60},             /* a negative start */
      {0, 0, 64, 64, 0, 1},                 /* n = 0: nothing runs */
      {0, -5, 64, 64, 0, 1},                /* n < 0 */
  };
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++)
    for (size_t i = 0; i < sizeof md_d32 / sizeof md_d32[0]; i++) {
      int32_t d = md_d32[i], start = cs[c].start, n = cs[c].n,
              step = cs[c].step;
      if ((cs[c].ok != 1 && d == 0) || (cs[c].ok == 2 && d < 0))
        continue;
      md_diff_launch l = md_diff_1d(cs[c].threads, cs[c].threads < 32
                                                       ? cs[c].threads
                                                       : 32);
      void *args[5] = {NULL, &d, &start, &n, &step};
      md_diff_note(k, "start=%d n=%d step=%d d=%d", start, n, step, d);
      md_diff_case(k, args, &l, 2 * (size_t)cs[c].span,
                   md_exp_d32(d, cs[c].ok));
    }
}

/* ---- k_2d: nctaid.y*ntid.y*W <= 2^31, nctaid.x*ntid.x <= 2^31 ---- */
static void md_sw_2d(md_diff_kernel *k) {
  static const struct {
    int32_t H, W;
    uint32_t gx, gy;
    int ok;
  } cs[] = {
      {10, 20, 3, 3, 1},
      {1 << 29, 4, 1, 1, 1},
      {2, (1 << 30) + 5, 1, 1, 0}, /* 4 rows of W > 2^31 */
      {3, 7, 2, 2, 1},
  };
  for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++)
    for (size_t i = 0; i < sizeof md_d32 / sizeof md_d32[0]; i++) {
      int32_t d = md_d32[i], H = cs[c].H, W = cs[c].W;
      if (!cs[c].ok && d == 0)
        continue;
      md_diff_launch l;
      memset(&l, 0, sizeof l);
      l.dims.block[0] = 8;
      l.dims.block[1] = 4;
      l.dims.block[2] = 1;
      l.dims.grid[0] = cs[c].gx;
      l.dims.grid[1] = cs[c].gy;
      l.dims.grid[2] = 1;
      void *args[4] = {NULL, &d, &H, &W};
      md_diff_note(k, "H=%d W=%d grid %ux%u d=%d", H, W, cs[c].gx, cs[c].gy,
                   d);
      md_diff_case(k, args, &l, 2ull * (8 * cs[c].gx) * (4 * cs[c].gy),
                   md_exp_d32(d, cs[c].ok));
    }
}

/* ---- k_chain: nctaid.x * ntid.x <= 2^31; positive W, H, C (W * H
 * within int, else the C kernel is undefined) ---- */
static void md_sw_chain(md_diff_kernel *k) {
  static const struct {
    uint32_t grid, block;
    int ok;
  } grids[] = {
      {5, 64, 1},
      {1u << 26, 32, 1},       /* idx up to INT_MAX */
      {(1u << 26) + 1, 32, 0}, /* the last block wraps */
  };
  static const int32_t dims[][3] = {{1, 1, 1},   {3, 5, 7},     {7, 1, 3},
                                    {64, 32, 5}, {1000, 999, 3},
                                    {46340, 46340, 2}, {0x7fffffff, 1, 1}};
  for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++)
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++) {
      int32_t W = dims[i][0], H = dims[i][1], C = dims[i][2];
      uint32_t count = grids[g].grid < 4 ? grids[g].grid : 4;
      uint32_t first = grids[g].grid - count;
      md_diff_launch l = md_grid(grids[g].grid, grids[g].block, first, count);
      void *args[5] = {NULL, &W, &H, &C, &first};
      md_diff_note(k, "grid %u x %u, W=%d H=%d C=%d", grids[g].grid,
                   grids[g].block, W, H, C);
      md_diff_case(k, args, &l, 4ull * count * grids[g].block,
                   grids[g].ok ? MD_EXPECT_RUN : MD_EXPECT_REQ_FAIL);
    }
}

/* ---- k_pad: the ranged clone requires pos = idx - 3*pad >= 0 in every
 * thread (pad <= 0); with pad > 0 the plain clone must run, bit-exact.
 * Checked per case: which tier ran. ---- */
static void md_sw_pad(md_diff_kernel *k) {
  static const int32_t pads[] = {0, -1, -7, 1, 2, 5, 100, 1000};
  static const int32_t ns[] = {1, 2, 3, 7, 10, 64, 1000, 65537, 0, -3};
  static const struct {
    uint32_t grid, block;
  } grids[] = {{1, 32}, {3, 64}, {5, 1024}};
  for (size_t g = 0; g < sizeof grids / sizeof grids[0]; g++)
    for (size_t p = 0; p < sizeof pads / sizeof pads[0]; p++)
      for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int32_t pad = pads[p], n = ns[i], d = n + pad;
        uint32_t first = 0;
        unsigned long long r0 = k->ran, p0 = k->ran_plain;
        md_diff_launch l = md_grid(grids[g].grid, grids[g].block, 0, 0);
        md_expect e = d == 0 ? MD_EXPECT_FALLBACK
                      : d < 0 ? MD_EXPECT_RUN_OR_NEG
                              : pad > 0 ? MD_EXPECT_REQ_FAIL : MD_EXPECT_RUN;
        void *args[4] = {NULL, &n, &pad, &first};
        if (pad > 0 && d <= 0)
          continue; /* both checks would fail; the order is not the point */
        md_diff_note(k, "grid %u x %u, n=%d pad=%d", grids[g].grid,
                     grids[g].block, n, pad);
        md_diff_case(k, args, &l, 2ull * grids[g].grid * grids[g].block, e);
        /* which tier ran: ranged for pad <= 0, plain for pad > 0 */
        if (d > 0 && (pad > 0 ? k->ran_plain != p0 + 1 || k->ran != r0
                              : k->ran != r0 + 1 || k->ran_plain != p0)) {
          k->failures++;
          printf("FAIL: kernel %s: wrong tier ran [%s]\n", k->name, k->note);
        }
      }
}

int main(int argc, char **argv) {
  md_diff_kernel ks[] = {
      MD_DIFF_KERNEL(k_idx, 4, 1, md_sw_idx, MD_P, MD_I32, MD_U32),
      MD_DIFF_KERNEL(k_idx64, 8, 1, md_sw_idx64, MD_P, MD_U64, MD_U32),
      MD_DIFF_KERNEL(k_gs, 4, 1, md_sw_gs, MD_P, MD_I32, MD_I32, MD_I32,
                     MD_I32),
      MD_DIFF_KERNEL(k_2d, 4, 1, md_sw_2d, MD_P, MD_I32, MD_I32, MD_I32),
      MD_DIFF_KERNEL(k_chain, 4, 1, md_sw_chain, MD_P, MD_I32, MD_I32, MD_I32,
                     MD_U32),
      MD_DIFF_KERNEL(k_pad, 4, 1, md_sw_pad, MD_P, MD_I32, MD_I32, MD_U32),
  };
  for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
    ks[i].strict_req = 1;
  return md_diff_main(argc, argv, ks, sizeof ks / sizeof ks[0]);
}
