/*
 * md_omp_map.h -- OpenMP kernel arguments passed by reference: the host
 * bytes that are the bytes the device reads at a launch (md_omp_map.c).
 * Not installed.
 */
#ifndef MAGICDIV_MD_OMP_MAP_H
#define MAGICDIV_MD_OMP_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "magicdiv/md_omp.h"

/* The most bytes of an implicitly mapped object whose presence is checked
 * byte by byte (larger ones: not known). */
#define MD_OMP_REF_SCAN 256

/* The host address of the object that TARGET_PARAM argument i of launch
 * a (on `device`, -1: the default device) refers to, when its first `need`
 * bytes are the bytes the device reads through the kernel's parameter at
 * this launch; NULL when that is not known (docs/LAUNCH.md section 11):
 *  - a firstprivate object (PRIVATE | TO): libomptarget copies the host
 *    bytes for the launch;
 *  - a mapped one with TO: the mapping is created by this launch (no byte
 *    of the object is present on the device before it, and no other entry
 *    of the launch maps memory overlapping it), or ALWAYS makes the launch
 *    copy it;
 * and in both cases the entry maps the object from its start (base
 * pointer = begin), has at least `need` bytes, no custom mapper, no
 * member entries (but the lambda mappings of a firstprivate lambda, whose
 * pointer fields the device copy has in place of the host's: the bytes
 * read must avoid them, md_omp_ref_args), and no map-type bit besides TO,
 * FROM, ALWAYS, TARGET_PARAM, PRIVATE, IMPLICIT, CLOSE, PRESENT and
 * OMPX_HOLD. */
const void *md_omp_ref_known(const md_omp_kernel_args *a, size_t i,
                             int64_t device, uint32_t need);

/* For each TARGET_PARAM argument of a that is no literal and whose kernel
 * parameter p (1 + its rank among the TARGET_PARAM arguments; 0 is the
 * dynamic environment) an MD_OP_ARG of the validated descriptor desc -- or
 * of desc2, the plain tier's, when not NULL -- reads: args[p] = its host
 * object (md_omp_ref_known, need = the descriptor's size of p), where no
 * MD_OP_ARG reads a lambda pointer field.  MD_OK, or
 * MD_FALLBACK_ARG_UNKNOWN when one of them is not known (the launch runs
 * the original). */
int md_omp_ref_args(const unsigned char *desc, const unsigned char *desc2,
                    const md_omp_kernel_args *a, int64_t device, void **args,
                    size_t np);

#endif
