// One kernel that gets a clone (k_div: a division by an argument) and one
// that does not (k_add), each launched by <<<>>> and by a direct API call,
// and a graph call: cuda-fatbin.test.
#include <cuda_runtime.h>

__global__ void k_div(unsigned *o, const unsigned *in, unsigned n,
                      unsigned d) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    o[t] = in[t] / d;
}

__global__ void k_add(unsigned *o, const unsigned *in, unsigned n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    o[t] = in[t] + 1;
}

void run(unsigned *o, const unsigned *in, unsigned n, unsigned d) {
  void *args[3] = {&o, &in, &n};
  k_div<<<n / 256, 256>>>(o, in, n, d);
  k_add<<<n / 256, 256>>>(o, in, n);
  cudaLaunchCooperativeKernel((void *)k_add, dim3(n / 256), dim3(256), args,
                              0, 0);
}

cudaError_t read_node(cudaGraphNode_t node, cudaKernelNodeParams *p) {
  return cudaGraphKernelNodeGetParams(node, p);
}
