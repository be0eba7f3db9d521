// The executable's main file: a kernel of its own, then the other file's
// and the shared library's launches.
#include <cstdio>
#include <hip/hip_runtime.h>
#include "kernels.h"

__global__ void k_main(unsigned long long *out, unsigned long long n,
                       unsigned long long d) {
  unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i / d;
}

int main() {
  unsigned long long *out = nullptr;
  std::printf("app: started\n");
  hipMalloc(&out, 1024 * sizeof *out);
  k_main<<<8, 128>>>(out, 1024, 7);
  std::printf("main: launch returned %d\n", (int)hipGetLastError());
  other_run(5);
  scale_run(3);
  return 0;
}
