// The CUDA/HIP keywords the in-kernel tests' sources use, without the
// CUDA or HIP headers (-nocudainc / -nogpuinc): one copy for callee.cu,
// constant.cu, constant64.cu and vector.cu.
#define __constant__ __attribute__((constant))
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __noinline__ __attribute__((noinline))
#ifdef __HIP__
#define TID __builtin_amdgcn_workitem_id_x()
#else
#define TID __nvvm_read_ptx_sreg_tid_x()
#endif
