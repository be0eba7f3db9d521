/*
 * md_launch_hip.h -- the HIP backend's entry of a kernel outside a launch
 * (md_launch_hip.c), for the graph calls.  Not installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_HIP_H
#define MAGICDIV_MD_LAUNCH_HIP_H

#include "launch/md_launch_internal.h"

/* The HIP entry of `fn`, made from name and clone (a record of
 * MD_HIP_API_VERSION `version`) when there is none and clone is not NULL;
 * NULL otherwise. */
const md_entry *md_hip_entry(const void *fn, const char *name,
                             const md_hip_clone *clone, uint32_t version);

#endif /* MAGICDIV_MD_LAUNCH_HIP_H */
