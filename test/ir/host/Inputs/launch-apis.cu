// Every CUDA launch form the host pass knows (host/launch-apis.test).
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void k(unsigned *o, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = i / d;
}

int launch_all(unsigned *o, unsigned n, unsigned d, cudaStream_t s,
               CUfunction f) {
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute at[1];
  void *args[] = {&o, &n, &d};
  int r;
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(128);
  cfg.stream = s;
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = 2;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  k<<<4, 128, 0, s>>>(o, n, d);
  r = cudaLaunchKernelEx(&cfg, k, o, n, d);
  r |= cudaLaunchCooperativeKernel((void *)k, dim3(4), dim3(128), args, 0, s);
  r |= cuLaunchKernel(f, 4, 1, 1, 128, 1, 1, 0, s, args, nullptr);
  return r;
}
