/* The stand-in types of md_cuda.h and md_cuda_driver.h against the CUDA
 * headers: the runtime passes a cudaLaunchConfig_t's attribute array to
 * cuLaunchKernelEx unchanged, so cudaLaunchAttribute and CUlaunchAttribute must agree in
 * layout and ids; md_cuda_launch_config / md_CUlaunchConfig must be
 * cudaLaunchConfig_t / CUlaunchConfig.  Compiles only if they do. */
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdio.h>

#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"

#define SAME(a, b) _Static_assert((a) == (b), #a " != " #b)
SAME(sizeof(md_cuda_launch_config), sizeof(cudaLaunchConfig_t));
SAME(offsetof(md_cuda_launch_config, grid), offsetof(cudaLaunchConfig_t, gridDim));
SAME(offsetof(md_cuda_launch_config, block), offsetof(cudaLaunchConfig_t, blockDim));
SAME(offsetof(md_cuda_launch_config, shmem), offsetof(cudaLaunchConfig_t, dynamicSmemBytes));
SAME(offsetof(md_cuda_launch_config, stream), offsetof(cudaLaunchConfig_t, stream));
SAME(offsetof(md_cuda_launch_config, attrs), offsetof(cudaLaunchConfig_t, attrs));
SAME(offsetof(md_cuda_launch_config, num_attrs), offsetof(cudaLaunchConfig_t, numAttrs));
SAME(sizeof(md_CUlaunchConfig), sizeof(CUlaunchConfig));
SAME(offsetof(md_CUlaunchConfig, grid_z), offsetof(CUlaunchConfig, gridDimZ));
SAME(offsetof(md_CUlaunchConfig, block_z), offsetof(CUlaunchConfig, blockDimZ));
SAME(offsetof(md_CUlaunchConfig, shmem), offsetof(CUlaunchConfig, sharedMemBytes));
SAME(offsetof(md_CUlaunchConfig, stream), offsetof(CUlaunchConfig, hStream));
SAME(offsetof(md_CUlaunchConfig, attrs), offsetof(CUlaunchConfig, attrs));
SAME(offsetof(md_CUlaunchConfig, num_attrs), offsetof(CUlaunchConfig, numAttrs));
SAME(sizeof(cudaLaunchAttribute), sizeof(CUlaunchAttribute));
SAME(offsetof(cudaLaunchAttribute, val), offsetof(CUlaunchAttribute, value));
SAME(sizeof(cudaLaunchAttributeValue), sizeof(CUlaunchAttributeValue));
SAME(cudaLaunchAttributeAccessPolicyWindow, CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW);
SAME(cudaLaunchAttributeCooperative, CU_LAUNCH_ATTRIBUTE_COOPERATIVE);
SAME(cudaLaunchAttributeSynchronizationPolicy, CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY);
SAME(cudaLaunchAttributeClusterDimension, CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
SAME(cudaLaunchAttributeClusterSchedulingPolicyPreference, CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE);
SAME(cudaLaunchAttributeProgrammaticStreamSerialization, CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION);
SAME(cudaLaunchAttributeProgrammaticEvent, CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT);
SAME(cudaLaunchAttributePriority, CU_LAUNCH_ATTRIBUTE_PRIORITY);
SAME(cudaLaunchAttributeMemSyncDomainMap, CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP);
SAME(cudaLaunchAttributeMemSyncDomain, CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN);
SAME(cudaLaunchAttributePreferredClusterDimension, CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION);
SAME(cudaLaunchAttributeLaunchCompletionEvent, CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT);
SAME(cudaLaunchAttributeDeviceUpdatableKernelNode, CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE);
SAME(cudaLaunchAttributePreferredSharedMemoryCarveout, CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
/* value members that carry handles or enums */
SAME(offsetof(cudaLaunchAttributeValue, clusterDim), offsetof(CUlaunchAttributeValue, clusterDim));
SAME(offsetof(cudaLaunchAttributeValue, programmaticEvent), offsetof(CUlaunchAttributeValue, programmaticEvent));
SAME(sizeof(((cudaLaunchAttributeValue *)0)->programmaticEvent), sizeof(((CUlaunchAttributeValue *)0)->programmaticEvent));
SAME(sizeof(((cudaLaunchAttributeValue *)0)->accessPolicyWindow), sizeof(((CUlaunchAttributeValue *)0)->accessPolicyWindow));
SAME(sizeof(((cudaLaunchAttributeValue *)0)->memSyncDomainMap), sizeof(((CUlaunchAttributeValue *)0)->memSyncDomainMap));

int main(void) {
  printf("launch ABI ok\n");
  return 0;
}
