/*
 * md_diff_kernel.h -- what a test kernel (k_*.c) includes: the kernel
 * marker and the launch geometry, declared as the NVPTX special-register
 * intrinsics.  The pass's launch-invariance analysis knows these on any
 * target; after the pass the test renames them to md_sreg_* (md_diff_sreg.c)
 * so the x86 object links against the harness.
 */
#ifndef MD_DIFF_KERNEL_H
#define MD_DIFF_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#define MD_KERNEL __attribute__((annotate("magicdiv-kernel")))

#define MD_SREG_DECL(fn, reg)                                                  \
  unsigned fn##_x(void) __asm__("llvm.nvvm.read.ptx.sreg." #reg ".x");         \
  unsigned fn##_y(void) __asm__("llvm.nvvm.read.ptx.sreg." #reg ".y");         \
  unsigned fn##_z(void) __asm__("llvm.nvvm.read.ptx.sreg." #reg ".z");

MD_SREG_DECL(md_tid, tid)       /* threadIdx */
MD_SREG_DECL(md_ctaid, ctaid)   /* blockIdx */
MD_SREG_DECL(md_ntid, ntid)     /* blockDim */
MD_SREG_DECL(md_nctaid, nctaid) /* gridDim */

/* The usual global thread index, blockIdx.x * blockDim.x + threadIdx.x
 * (unsigned, as in CUDA). */
#define MD_GID() (md_ctaid_x() * md_ntid_x() + md_tid_x())

#endif /* MD_DIFF_KERNEL_H */
