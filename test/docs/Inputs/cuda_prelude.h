/* cuda_prelude.h -- what a doc example's CUDA source needs from the CUDA
 * headers (compiled with -nocudainc): __global__ and blockIdx / blockDim /
 * threadIdx (clang's own header, the one the CUDA wrapper includes). */
#define __global__ __attribute__((global))
#include <__clang_cuda_builtin_vars.h>
