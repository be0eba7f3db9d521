// A launch helper that gets the kernel as a value, as thrust's and CUB's
// triple_chevron::doit_host<K>(K k, ...) does (cuda-kptr.test): the host
// pass follows the launch's kernel operand to the stubs the module's calls
// hand it.
#include <cuda_runtime.h>

typedef void (*kern)(int, int *);

template <class K>
__attribute__((noinline)) cudaError_t launch(K k, int n, int *p) {
  void *args[] = {&n, &p};
  return cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
}

__global__ void k_a(int n, int *p) { p[threadIdx.x] = n; }
__global__ void k_b(int n, int *p) { p[threadIdx.x] = n + 1; }

#ifdef WITH_CLONE
// a grid-stride loop dividing by an argument: the plugin clones it
__global__ void k_c(int n, int *p) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < 4096;
       i += gridDim.x * blockDim.x)
    p[i] = i / n + i % n;
}
#endif

#ifdef ESCAPES
// the helper's address is taken: it may be called with any kernel
cudaError_t (*volatile hook)(kern, int, int *) = launch<kern>;
#endif

#ifdef EXPORTED
// an exported helper: other files may call it with their kernels
__attribute__((noinline)) cudaError_t launch_ext(kern k, int n, int *p) {
  return launch(k, n, p);
}
#endif

int go(int *p, int which) {
  launch<kern>(k_a, 1, p);
  launch<kern>(which ? k_a : k_b, 2, p); // a select of two stubs
#ifdef WITH_CLONE
  launch<kern>(k_c, 3, p);
#endif
#ifdef EXPORTED
  launch_ext(k_b, 4, p);
#endif
  return 0;
}
