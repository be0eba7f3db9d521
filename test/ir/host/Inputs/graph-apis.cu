// Every CUDA graph kernel-node call the host pass routes (host-graph-apis.test).
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void k(unsigned *o, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = i / d;
}

int graph_all(cudaGraph_t g, cudaGraphExec_t x, cudaGraphNode_t nd,
              CUgraphNode cn, CUgraphExec cx, unsigned *o, unsigned n,
              unsigned d) {
  cudaKernelNodeParams p = {};
  cudaGraphNodeParams gp = {};
  CUDA_KERNEL_NODE_PARAMS cp = {};
  CUgraphNodeParams cgp = {};
  void *args[] = {&o, &n, &d};
  cudaGraphNode_t added;
  CUgraphNode cadded;
  int r;
  r = cudaGraphKernelNodeGetParams(nd, &p);
  p.func = (void *)k;
  p.kernelParams = args;
  r |= cudaGraphKernelNodeSetParams(nd, &p);
  r |= cudaGraphExecKernelNodeSetParams(x, nd, &p);
  r |= cudaGraphAddKernelNode(&added, g, &nd, 1, &p);
  gp.type = cudaGraphNodeTypeKernel;
  r |= cudaGraphNodeSetParams(nd, &gp);
  r |= cudaGraphExecNodeSetParams(x, nd, &gp);
  r |= cuGraphKernelNodeGetParams(cn, &cp);
  r |= cuGraphKernelNodeSetParams(cn, &cp);
  r |= cuGraphExecKernelNodeSetParams(cx, cn, &cp);
  r |= cuGraphAddKernelNode(&cadded, (CUgraph)g, &cn, 1, &cp);
  r |= cuGraphNodeSetParams(cn, &cgp);
  r |= cuGraphExecNodeSetParams(cx, cn, &cgp);
  return r;
}
