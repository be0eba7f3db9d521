// A second file of the executable, with a kernel of its own.
#include <cstdio>
#include <cuda_runtime.h>
#include "kernels.h"

__global__ void k_other(int *out, int n, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i / w + i % w;
}

int other_run(unsigned d) {
  int *out = nullptr;
  cudaMalloc(&out, 1024 * sizeof *out);
  k_other<<<8, 128>>>(out, 1024, (int)d);
  int e = (int)cudaGetLastError();
  std::printf("other: launch returned %d\n", e);
  return e;
}
