/* md_hip_kernel_node_params against this machine's HIP headers
 * (hipKernelNodeParams: its own field order).  Compiles only if equal. */
#define __HIP_PLATFORM_AMD__ 1
#include <hip/hip_runtime_api.h>
#include <stddef.h>
#include <stdio.h>

#include "magicdiv/md_graph.h"

#define SAME(a, b) _Static_assert((a) == (b), #a " != " #b)
#define HP md_hip_kernel_node_params
SAME(sizeof(HP), sizeof(hipKernelNodeParams));
SAME(offsetof(HP, block), offsetof(hipKernelNodeParams, blockDim));
SAME(offsetof(HP, extra), offsetof(hipKernelNodeParams, extra));
SAME(offsetof(HP, func), offsetof(hipKernelNodeParams, func));
SAME(offsetof(HP, grid), offsetof(hipKernelNodeParams, gridDim));
SAME(offsetof(HP, kernel_params), offsetof(hipKernelNodeParams, kernelParams));
SAME(offsetof(HP, shmem), offsetof(hipKernelNodeParams, sharedMemBytes));

int main(void) {
  printf("hip graph ABI ok\n");
  return 0;
}
