// The shared library's kernel and its launch.
#include <cstdio>
#include <cuda_runtime.h>
#include "kernels.h"

__global__ void k_scale(unsigned *out, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i / d * 3 + i % d;
}

int scale_run(unsigned d) {
  unsigned *out = nullptr;
  cudaMalloc(&out, 1024 * sizeof *out);
  k_scale<<<8, 128>>>(out, 1024, d);
  int e = (int)cudaGetLastError();
  std::printf("scale: launch returned %d\n", e);
  return e;
}
