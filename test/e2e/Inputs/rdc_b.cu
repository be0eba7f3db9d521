// Relocatable device code, file 2 of 3: the __device__ function.
#include "rdc_gpu.h"

__device__ unsigned rdc_helper(unsigned x, unsigned d) { return x % d; }
