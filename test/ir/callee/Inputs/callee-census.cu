// Census input (test/ir/callee/census.test): kernels calling
// several noinline device functions, as the device side of a multi-file
// program sees them (paged-attention-like: num_heads / num_kv_heads, block
// tables, the grid size).  Every division must end up transformed or with
// a missed remark that says why.  No CUDA headers: builds with clang 19.
#define DEV __attribute__((device)) __attribute__((noinline))
#define KERNEL extern "C" __attribute__((global))
#define TID_X __nvvm_read_ptx_sreg_tid_x()
#define NTID_X __nvvm_read_ptx_sreg_ntid_x()
#define CTAID_X __nvvm_read_ptx_sreg_ctaid_x()
#define CTAID_Y __nvvm_read_ptx_sreg_ctaid_y()
#define NCTAID_X __nvvm_read_ptx_sreg_nctaid_x()

DEV int kv_head_idx(int head, int num_heads, int num_kv_heads) {
  int qpk = num_heads / num_kv_heads;
  return head / qpk;
}
DEV int block_of(int token, int block_size, int *off) {
  *off = token % block_size;
  return token / block_size;
}
DEV int by_lane(int x) { return x / (int)(TID_X + 1); }
DEV int by_memory(const int *p, int x) { return x / p[1]; }
__attribute__((device)) __attribute__((weak)) int weak_div(int x, int d) {
  return x / d;
}
DEV int deep4(int x, int d) { return x % d; }
DEV int deep3(int x, int d) { return deep4(x, d) + 1; }
DEV int deep2(int x, int d) { return deep3(x, d) + 1; }
DEV int deep1(int x, int d) { return deep2(x, d) + 1; }
struct Geo { int w, h; };
DEV int by_ref(const Geo &g, int x) { return x % g.w; }
DEV int writes(Geo *g, int x) {
  g->h = x;
  return x / g->w;
}
// called by no kernel of this file (only through a pointer, or from another
// file's kernel)
DEV int orphan(int x, int d) { return x / d; }
DEV int outer(int x, int nh, int nkv) {
  return kv_head_idx(x, nh, nkv) + x / (int)NCTAID_X;
}

KERNEL void paged_attention(int *out, const int *tables, int num_heads,
                            int num_kv_heads, int block_size, int n, Geo g,
                            Geo g2) {
  int i = CTAID_X * NTID_X + TID_X;
  if (i >= n)
    return;
  int off;
  int head = CTAID_Y;
  int kv = kv_head_idx(head, num_heads, num_kv_heads);
  int blk = block_of(i, block_size, &off);
  out[i] = kv + blk + off + by_lane(i) + by_memory(tables, i) +
           weak_div(i, num_heads) + deep2(i, block_size) + deep1(i, num_heads) +
           outer(i, num_heads, num_kv_heads) + i / (int)NCTAID_X +
           by_ref(g, i) + writes(&g2, i);
}

KERNEL void per_thread(int *out, int num_heads) {
  int i = CTAID_X * NTID_X + TID_X;
  out[i] = kv_head_idx(i, num_heads, (int)TID_X + 1);
}
