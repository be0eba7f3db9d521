// A kernel calling __noinline__ device functions that divide by
// num_heads / num_kv_heads, by the kernel's arguments and by gridDim.x
// (paged attention's shape), with the CUDA headers (callee/clang.test).
#include <cuda_runtime.h>

__device__ __noinline__ int kv_head_of(int head_idx, int num_heads,
                                       int num_kv_heads) {
  int num_queries_per_kv = num_heads / num_kv_heads;
  return head_idx / num_queries_per_kv;
}

__device__ __noinline__ int slot_of(int x, int num_heads, int num_kv_heads) {
  return kv_head_of(x % num_heads, num_heads, num_kv_heads) +
         x / (int)gridDim.x;
}

__global__ void attn(int *out, int num_heads, int num_kv_heads, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = kv_head_of(blockIdx.y, num_heads, num_kv_heads) +
           slot_of(i, num_heads, num_kv_heads);
}

int main() {
  int *out = nullptr;
  cudaMalloc(&out, 1024 * sizeof(int));
  attn<<<dim3(4, 8), 256>>>(out, 32, 8, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
