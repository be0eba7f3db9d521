// CUDA or HIP, one source: GPU(x) is cudax / hipx.
#ifndef RDC_GPU_H
#define RDC_GPU_H
#ifdef __HIP__
#include <hip/hip_runtime.h>
#define GPU(x) hip##x
#define GPU_NAME "HIP"
#else
#include <cuda_runtime.h>
#define GPU(x) cuda##x
#define GPU_NAME "CUDA"
#endif
__device__ unsigned rdc_helper(unsigned x, unsigned d); // rdc_b.cu
int rdc_run(unsigned *out, const unsigned *in, unsigned n, unsigned d);
#endif
