/*
 * md_host_hip.h -- the host transform's HIP clone discovery
 * (md_host_hip.c): which registered HIP kernels have a clone in every
 * device image the module embeds, registered next to them.
 */
#ifndef MAGICDIV_MD_HOST_HIP_H
#define MAGICDIV_MD_HOST_HIP_H

#include "host/md_host_reg.h"

/* For each HIP registration of h: register its clone (and plain tier)
 * like the kernel and build its md_hip_clone constant (r->hip_clone) when
 * every code object / device image holds it with the same descriptor;
 * else an analysis remark says why the kernel keeps its original. */
void md_hip_clones(md_host *h);

#endif /* MAGICDIV_MD_HOST_HIP_H */
