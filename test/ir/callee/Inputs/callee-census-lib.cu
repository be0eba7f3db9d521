// The other "file" of the census (callee/census.test): device functions
// only, as the separately compiled device side of a -fgpu-rdc program sees
// them.  No kernel here calls them: each division gets a NotReached remark.
#define DEV __attribute__((device)) __attribute__((noinline))

DEV int lib_head(int head, int num_heads, int num_kv_heads) {
  return head / (num_heads / num_kv_heads);
}
DEV unsigned lib_wrap(unsigned x, unsigned n) { return x % n; }
