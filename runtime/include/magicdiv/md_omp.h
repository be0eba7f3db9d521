/*
 * md_omp.h -- the OpenMP offload entry point md_omp_launch (in place of
 * libomptarget's __tgt_target_kernel), the record the host pass writes
 * for each kernel (md_omp_kernel), libomptarget's KernelArgsTy and its
 * map-type bits.
 */
#ifndef MAGICDIV_MD_OMP_H
#define MAGICDIV_MD_OMP_H

#include <stdint.h>

#include "md_api_common.h" /* md_launch_reset, md_launch_release */

#ifdef __cplusplus
extern "C" {
#endif
/* What the header declares is libmagicdiv_rt's interface: exported, with
 * the library built -fvisibility=hidden (its internals are not). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* ------------------------------------------------------------------------
 * The OpenMP offload path (host pass -> md_omp_launch, md_launch_omp.c).
 * clang lowers `#pragma omp target ...` on the host to
 * __tgt_target_kernel(ident, device, num_teams, thread_limit, region_id,
 * kernel_args); the host pass puts md_omp_launch in its place.  Like HIP,
 * the clones are found at compile time, in the device images the host
 * module embeds: a kernel whose clone and descriptor are in every image
 * gets a host region id and offload entry of its own for the clone (so
 * libomptarget registers it) and its launches pass md_omp_kernel with the
 * clone's region id and the descriptor bytes; any other kernel passes a
 * null clone region (the original runs).  The plain tier K__magicdiv_plain
 * is registered the same way, only when every image has it too; a launch
 * runs the ranged clone, else the plain clone, else the original, as on
 * CUDA and HIP.
 * ---------------------------------------------------------------------- */
#define MD_OMP_KERNEL_VERSION 2 /* 2: the plain-tier fields */

/* libomptarget's map-type bits (offload/include/omptarget.h): the
 * entries of md_omp_kernel_args.types, read by the runtime
 * (md_launch_omp.c, md_omp_map.c) and by the host pass, which counts the
 * kernel's parameters from a launch's constant map types
 * (plugin/host/md_host_params.c). */
#define MD_OMP_MAPTYPE_TO 0x1
#define MD_OMP_MAPTYPE_FROM 0x2
#define MD_OMP_MAPTYPE_ALWAYS 0x4
#define MD_OMP_MAPTYPE_PTR_AND_OBJ 0x10
#define MD_OMP_MAPTYPE_TARGET_PARAM 0x20
#define MD_OMP_MAPTYPE_PRIVATE 0x80
#define MD_OMP_MAPTYPE_LITERAL 0x100
#define MD_OMP_MAPTYPE_IMPLICIT 0x200
#define MD_OMP_MAPTYPE_CLOSE 0x400
#define MD_OMP_MAPTYPE_PRESENT 0x1000
#define MD_OMP_MAPTYPE_OMPX_HOLD 0x2000
#define MD_OMP_MAPTYPE_MEMBER_OF 0xffff000000000000ull

/* libomptarget's KernelArgsTy, version 3 (LLVM 17+). */
typedef struct md_omp_kernel_args {
  uint32_t version; /* 3 */
  uint32_t num_args;
  void **base_ptrs;
  void **ptrs;
  int64_t *sizes;
  int64_t *types; /* OMP_TGT_MAPTYPE_*: 0x20 TARGET_PARAM, 0x100 LITERAL */
  void **names;
  void **mappers;
  uint64_t tripcount;
  uint64_t flags;
  uint32_t num_teams[3];
  uint32_t thread_limit[3];
  uint32_t dyn_cgroup_mem;
} md_omp_kernel_args;

typedef int (*md_omp_target_kernel_fn)(void *ident, int64_t device,
                                       int32_t num_teams,
                                       int32_t thread_limit, void *region,
                                       md_omp_kernel_args *args);

typedef struct md_omp_kernel {
  uint32_t version;      /* MD_OMP_KERNEL_VERSION */
  uint32_t desc_size;    /* bytes of desc */
  const void *clone_region; /* host region id of K__magicdiv, or NULL */
  const unsigned char *desc; /* the bytes of K__magicdiv_desc, or NULL */
  const char *name;      /* the kernel's device name */
  md_omp_target_kernel_fn target_kernel; /* the program's __tgt_target_kernel */
  /* version 2: the plain tier K__magicdiv_plain (read only from version 2
   * on): its host region id, or NULL when some image lacks it, and the
   * bytes of K__magicdiv_plain_desc */
  const void *plain_region;
  const unsigned char *plain_desc;
  uint64_t plain_desc_size;
} md_omp_kernel;

/* In place of `k->target_kernel(ident, device, num_teams, thread_limit,
 * region, args)`: the clone's region with the magic values appended to the
 * arguments as literals, or the original; returns what libomptarget
 * returns (0: offloaded). */
int md_omp_launch(void *ident, int64_t device, int32_t num_teams,
                  int32_t thread_limit, void *region,
                  md_omp_kernel_args *args, const md_omp_kernel *k);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_OMP_H */
