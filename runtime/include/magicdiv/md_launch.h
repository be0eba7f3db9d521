/*
 * md_launch.h -- launching magicdiv clones through CUDA, HIP and OpenMP:
 * every launch API header of the runtime in one include.
 *
 *   md_cuda.h         the CUDA runtime API (md_cuda_launch, md_cuda_launch_ex)
 *   md_cuda_driver.h  the CUDA driver API (md_cuLaunchKernel) and the driver
 *                     table (md_cuda_set_driver)
 *   md_hip.h          HIP (md_hip_launch, _ext, _cooperative)
 *   md_graph.h        graph kernel nodes (md_cudaGraph*, md_cuGraph*,
 *                     md_hipGraph*)
 *   md_omp.h          OpenMP offload (md_omp_launch)
 *   md_api_common.h   what they share (md_dim3, md_CU*, MD_API_*,
 *                     md_launch_reset, md_launch_release)
 *
 * A program includes the one it needs, or this header for all; magicdiv.h
 * (statuses, magic math, descriptors) declares none of them.
 *
 * Entry points, one design (docs/LAUNCH.md has the whole flow):
 *
 *   md_cuda_launch     what the host pass puts in place of each
 *                      cudaLaunchKernel / cudaLaunchKernel_ptsz /
 *                      cudaLaunchCooperativeKernel(_ptsz) call of a
 *                      registered kernel (clang -fpass-plugin=MagicDiv.so).
 *   md_cuda_launch_ex  the same for cudaLaunchKernelExC(_ptsz) (and so the
 *                      cudaLaunchKernelEx template): attributes kept.
 *   md_hip_launch      the same for hipLaunchKernel / hipLaunchKernel_spt
 *                      (and hipLaunchKernelGGL, which is <<<>>>).
 *   md_hip_launch_ext  hipExtLaunchKernel (and hipExtLaunchKernelGGL).
 *   md_hip_launch_cooperative  hipLaunchCooperativeKernel(_spt).
 *   md_cuLaunchKernel  a drop-in for the driver API's cuLaunchKernel, for
 *                      programs that load PTX or cubins themselves.
 *   md_omp_launch      in place of libomptarget's __tgt_target_kernel.
 *
 * Each finds the kernel's clone `K__magicdiv` and descriptor
 * `K__magicdiv_desc` (md_abi.h), computes the magic parameters of this
 * launch (md_desc_fill) and launches the clone with the same grid, block,
 * dynamic shared memory and stream.  Whenever anything is missing or fails
 * it launches the ORIGINAL kernel exactly as the program asked and returns
 * what that launch returns.  They return the API's own error code (a
 * cudaError_t, hipError_t or CUresult value), not an MD_* status: they
 * stand in for the API call.
 *
 * No CUDA or HIP header is needed: the types of md_api_common.h are opaque
 * stand-ins with the same representation (every CUDA/HIP handle is a
 * pointer, dim3 is three unsigned ints), so CUfunction, CUstream,
 * cudaStream_t and dim3 values convert to them without casts.  libmagicdiv_rt has no link-time
 * dependency on cudart, libcuda or libamdhip64: the program's own runtime
 * functions are handed in by the host pass, and the CUDA driver is reached
 * through dlopen("libcuda.so.1") (already loaded by cudart in a CUDA
 * process).
 *
 * Environment (read on first use and by md_launch_reset):
 *   MAGICDIV_DISABLE=1   never launch a clone; every launch is the original
 *   MAGICDIV_LOG=1       one line on stderr per kernel (and context) on its
 *                        first launch: clone used, or why not; and one per
 *                        measured choice when it is made
 *   MAGICDIV_GRAPHS=original  launches into a capturing stream (and graph
 *                        kernel nodes written through md_graph.h)
 *                        run the original: for graphs that code not
 *                        compiled with the plugin edits
 *   MAGICDIV_CHOICE=measured (default) | clone | original  which of a
 *                        kernel's clone and original runs: the faster as
 *                        measured with events on the first launches, the
 *                        clone always, or the original always
 */
#ifndef MAGICDIV_MD_LAUNCH_H
#define MAGICDIV_MD_LAUNCH_H

#include "md_api_common.h"
#include "md_cuda.h"
#include "md_cuda_driver.h"
#include "md_graph.h"
#include "md_hip.h"
#include "md_omp.h"

#endif /* MAGICDIV_MD_LAUNCH_H */
