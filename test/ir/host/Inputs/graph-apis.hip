// Every HIP graph kernel-node call the host pass routes (host-graph-apis.test).
#include <hip/hip_runtime.h>

__global__ void k(unsigned *o, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = i / d;
}

int graph_all(hipGraph_t g, hipGraphExec_t x, hipGraphNode_t nd, unsigned *o,
              unsigned n, unsigned d) {
  hipKernelNodeParams p = {};
  void *args[] = {&o, &n, &d};
  hipGraphNode_t added;
  int r;
  r = hipGraphKernelNodeGetParams(nd, &p);
  p.func = (void *)k;
  p.kernelParams = args;
  r |= hipGraphKernelNodeSetParams(nd, &p);
  r |= hipGraphExecKernelNodeSetParams(x, nd, &p);
  r |= hipGraphAddKernelNode(&added, g, &nd, 1, &p);
  return r;
}
