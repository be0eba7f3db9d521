// The README's app.cu: one kernel dividing by its argument, one launch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k_div(unsigned *out, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i / d + i % d;
}

int main() {
  unsigned *out = nullptr;
  std::printf("app: started\n");
  cudaMalloc(&out, 1024 * sizeof *out);
  k_div<<<8, 128>>>(out, 1024, 7);
  cudaError_t e = cudaGetLastError();
  std::printf("app: launch returned %d\n", (int)e);
  return 0;
}
