/*
 * md_launch_cuda.h -- the CUDA backend's capture query (md_launch_cuda.c);
 * the context key and the first-launch lookup of a kernel's clone and
 * descriptor are md_launch_cuda_entry.h's (included).  Not installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_CUDA_H
#define MAGICDIV_MD_LAUNCH_CUDA_H

#include "launch/md_launch_cuda_entry.h"
#include "launch/md_launch_internal.h"

/* 1 if launches into s are being captured into a graph. */
int md_cuda_capturing(const md_cuda_driver *d, md_CUstream s);

#endif /* MAGICDIV_MD_LAUNCH_CUDA_H */
