/* The graph-node stand-ins of md_graph.h against this machine's CUDA
 * headers: md_kernel_node_params is cudaKernelNodeParams,
 * cudaKernelNodeParamsV2 and CUDA_KERNEL_NODE_PARAMS_v1 (and the start of
 * _v2 / _v3), md_CUkernel_node_params is CUDA_KERNEL_NODE_PARAMS_v2 / _v3,
 * md_graph_node_params is cudaGraphNodeParams and CUgraphNodeParams, and a
 * cudaGraphNode_t is a CUgraphNode (the runtime writes clones into
 * runtime-API nodes through the driver).  Compiles only if they are. */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdio.h>

#include "magicdiv/md_graph.h"

#define SAME(a, b) _Static_assert((a) == (b), #a " != " #b)
#define KP md_kernel_node_params
SAME(sizeof(KP), sizeof(struct cudaKernelNodeParams));
SAME(offsetof(KP, func), offsetof(struct cudaKernelNodeParams, func));
SAME(offsetof(KP, grid), offsetof(struct cudaKernelNodeParams, gridDim));
SAME(offsetof(KP, block), offsetof(struct cudaKernelNodeParams, blockDim));
SAME(offsetof(KP, shmem), offsetof(struct cudaKernelNodeParams, sharedMemBytes));
SAME(offsetof(KP, kernel_params), offsetof(struct cudaKernelNodeParams, kernelParams));
SAME(offsetof(KP, extra), offsetof(struct cudaKernelNodeParams, extra));
SAME(sizeof(KP), sizeof(struct cudaKernelNodeParamsV2));
SAME(offsetof(KP, grid), offsetof(struct cudaKernelNodeParamsV2, gridDim));
SAME(offsetof(KP, kernel_params), offsetof(struct cudaKernelNodeParamsV2, kernelParams));
SAME(offsetof(KP, extra), offsetof(struct cudaKernelNodeParamsV2, extra));
SAME(sizeof(KP), sizeof(CUDA_KERNEL_NODE_PARAMS_v1));
SAME(offsetof(KP, grid) + 8, offsetof(CUDA_KERNEL_NODE_PARAMS_v1, gridDimZ));
SAME(offsetof(KP, block), offsetof(CUDA_KERNEL_NODE_PARAMS_v1, blockDimX));
SAME(offsetof(KP, shmem), offsetof(CUDA_KERNEL_NODE_PARAMS_v1, sharedMemBytes));
SAME(offsetof(KP, kernel_params), offsetof(CUDA_KERNEL_NODE_PARAMS_v1, kernelParams));
SAME(offsetof(KP, extra), offsetof(CUDA_KERNEL_NODE_PARAMS_v1, extra));
SAME(sizeof(md_CUkernel_node_params), sizeof(CUDA_KERNEL_NODE_PARAMS_v2));
SAME(offsetof(md_CUkernel_node_params, p.extra), offsetof(CUDA_KERNEL_NODE_PARAMS_v2, extra));
SAME(offsetof(md_CUkernel_node_params, kern), offsetof(CUDA_KERNEL_NODE_PARAMS_v2, kern));
SAME(offsetof(md_CUkernel_node_params, ctx), offsetof(CUDA_KERNEL_NODE_PARAMS_v2, ctx));
SAME(sizeof(md_CUkernel_node_params), sizeof(CUDA_KERNEL_NODE_PARAMS_v3));
SAME(offsetof(md_CUkernel_node_params, ctx), offsetof(CUDA_KERNEL_NODE_PARAMS_v3, ctx));
SAME(sizeof(md_graph_node_params), sizeof(struct cudaGraphNodeParams));
SAME(offsetof(md_graph_node_params, u.kernel), offsetof(struct cudaGraphNodeParams, kernel));
SAME(offsetof(md_graph_node_params, reserved2), offsetof(struct cudaGraphNodeParams, reserved2));
SAME(sizeof(md_graph_node_params), sizeof(CUgraphNodeParams));
SAME(offsetof(md_graph_node_params, u.kernel), offsetof(CUgraphNodeParams, kernel));
SAME(offsetof(md_graph_node_params, reserved2), offsetof(CUgraphNodeParams, reserved2));
SAME(MD_GRAPH_NODE_KERNEL, cudaGraphNodeTypeKernel);
SAME(MD_GRAPH_NODE_KERNEL, CU_GRAPH_NODE_TYPE_KERNEL);
SAME(sizeof(cudaGraphNode_t), sizeof(CUgraphNode));
SAME(sizeof(cudaGraphExec_t), sizeof(CUgraphExec));

int main(void) {
  printf("graph ABI ok\n");
  return 0;
}
