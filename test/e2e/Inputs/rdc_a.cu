// Relocatable device code, file 1 of 3: the kernel divides by its argument
// and calls a __device__ function defined in rdc_b.cu.
#include "rdc_gpu.h"

__global__ void rdc_kernel(unsigned *out, const unsigned *in, unsigned n,
                           unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] / d + rdc_helper(in[i], d);
}

int rdc_run(unsigned *out, const unsigned *in, unsigned n, unsigned d) {
  rdc_kernel<<<(n + 127) / 128, 128>>>(out, in, n, d);
  return (int)GPU(GetLastError)();
}
