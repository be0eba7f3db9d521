// Every HIP launch form the host pass knows (host/launch-apis.test).
#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>

__global__ void k(unsigned *o, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = i / d;
}

int launch_all(unsigned *o, unsigned n, unsigned d, hipStream_t s,
               hipFunction_t f) {
  void *args[] = {&o, &n, &d};
  int r;
  hipLaunchKernelGGL(k, dim3(4), dim3(128), 0, s, o, n, d);
  r = hipExtLaunchKernel((void *)k, dim3(4), dim3(128), args, 0, s, nullptr,
                         nullptr, 0);
  hipExtLaunchKernelGGL(k, dim3(4), dim3(128), 0, s, nullptr, nullptr, 1, o,
                        n, d);
  r |= hipLaunchCooperativeKernel((void *)k, dim3(4), dim3(128), args, 0, s);
  r |= hipModuleLaunchKernel(f, 4, 1, 1, 128, 1, 1, 0, s, args, nullptr);
  return r;
}
