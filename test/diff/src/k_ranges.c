/*
 * k_ranges.c -- kernels whose divisions use launch-checked dividend ranges
 * (plugin/md_bounds.c): the clone assumes a range and the descriptor
 * carries the requirement that makes it true.  The driver (d_ranges.c)
 * runs launches where the requirements hold (the clone must be bit-exact)
 * and launches where one fails (md_desc_fill must say
 * MD_FALLBACK_REQUIREMENT; the original runs).  The bounds come from
 * parameters and the grid, so no huge grid is run: the harness runs only
 * the blocks a case selects.
 */
#include "md_diff_kernel.h"

/* int idx = blockIdx.x * blockDim.x + threadIdx.x: requires
 * nctaid.x * ntid.x <= 2^31.  Only blocks first.. are run. */
MD_KERNEL void k_idx(int32_t *out, int32_t d, uint32_t first) {
  int idx = (int)(md_ctaid_x() * md_ntid_x() + md_tid_x());
  uint32_t o = (md_ctaid_x() - first) * md_ntid_x() + md_tid_x();
  out[2 * o + 0] = idx / d;
  out[2 * o + 1] = idx % d;
}

/* size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x, 64-bit
 * divisor: the u32 core, requires nctaid.x * ntid.x <= 2^32 and d < 2^32. */
MD_KERNEL void k_idx64(uint64_t *out, uint64_t d, uint32_t first) {
  uint64_t idx = (uint64_t)md_ctaid_x() * md_ntid_x() + md_tid_x();
  uint32_t o = (md_ctaid_x() - first) * md_ntid_x() + md_tid_x();
  out[2 * o + 0] = idx / d;
  out[2 * o + 1] = idx % d;
}

/* Grid-stride loop from start: requires start + nctaid*ntid - 1, n and
 * (n - 1) + step within int (step as unsigned).  Writes at i - start. */
MD_KERNEL void k_gs(int32_t *out, int32_t d, int32_t start, int32_t n,
                    int32_t step) {
  for (int i = start + (int)MD_GID(); i < n; i += step) {
    out[2 * (i - start) + 0] = i / d;
    out[2 * (i - start) + 1] = i % d;
  }
}

/* 2-D: row < H, col < W, idx = row * W + col: requires
 * nctaid.y*ntid.y*W <= 2^31 and nctaid.x*ntid.x <= 2^31. */
MD_KERNEL void k_2d(int32_t *out, int32_t d, int32_t H, int32_t W) {
  int row = (int)(md_ctaid_y() * md_ntid_y() + md_tid_y());
  int col = (int)(md_ctaid_x() * md_ntid_x() + md_tid_x());
  if (row < H && col < W) {
    int idx = row * W + col;
    int o = (int)((md_ctaid_y() * md_ntid_y() + md_tid_y()) *
                      (md_nctaid_x() * md_ntid_x()) +
                  (unsigned)col);
    out[2 * o + 0] = idx / d;
    out[2 * o + 1] = idx % d;
  }
}

/* A chained index split, the permute shape: (idx / W) % H, idx / (W*H) % C,
 * with idx = blockIdx.x * blockDim.x + threadIdx.x: requires nctaid.x *
 * ntid.x <= 2^31 and W, H, C, W*H within int (the sdiv guards). */
MD_KERNEL void k_chain(int32_t *out, int32_t W, int32_t H, int32_t C,
                       uint32_t first) {
  int idx = (int)(md_ctaid_x() * md_ntid_x() + md_tid_x());
  uint32_t o = (md_ctaid_x() - first) * md_ntid_x() + md_tid_x();
  int w = idx % W;
  int t = idx / W;
  int h = t % H;
  int c = (idx / (W * H)) % C;
  out[4 * o + 0] = w;
  out[4 * o + 1] = h;
  out[4 * o + 2] = c;
  out[4 * o + 3] = t / H / C;
}

/* The padding shape: pos = idx - 3*pad may be negative, so the ranged
 * clone's non-negative form requires pos >= 0 in every thread, i.e.
 * pad <= 0 (an argument); with pad > 0 the plain clone runs. */
MD_KERNEL void k_pad(int32_t *out, int32_t n, int32_t pad, uint32_t first) {
  int idx = (int)(md_ctaid_x() * md_ntid_x() + md_tid_x());
  uint32_t o = (md_ctaid_x() - first) * md_ntid_x() + md_tid_x();
  int pos = idx - 3 * pad;
  out[2 * o + 0] = pos / (n + pad);
  out[2 * o + 1] = pos % (n + pad);
}
