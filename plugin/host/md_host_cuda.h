/*
 * md_host_cuda.h -- the host transform's CUDA clone discovery
 * (md_host_cuda.c): which registered kernels have no clone in the
 * fatbinary the module embeds, so that their launches are left alone.
 */
#ifndef MAGICDIV_MD_HOST_CUDA_H
#define MAGICDIV_MD_HOST_CUDA_H

#include "host/md_host_reg.h"

/* Marks every CUDA kernel that h registers by a __cudaRegisterFunction
 * call and that has no clone in the module's embedded fatbinary
 * (md_reg.no_clone), with a remark each.  Where the fatbinary is not there
 * or cannot be read, marks none (every launch is routed, the runtime looks
 * for the clones) and says why in one remark. */
void md_cuda_clones(md_host *h);

#endif /* MAGICDIV_MD_HOST_CUDA_H */
