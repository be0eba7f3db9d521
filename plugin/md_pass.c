/*
 * md_pass.c -- the magicdiv module pass: entry point and dispatch.
 *
 * What it does, per module:
 *
 *   NVPTX / AMDGPU device module (and, with `any-target`, functions marked
 *   "magicdiv-kernel" on any target): for every kernel with at least one
 *   udiv/sdiv/urem/srem whose divisor is computed only from kernel
 *   arguments and the launch geometry, add a clone `K__magicdiv` that takes
 *   extra magic parameters and divides by multiply-high, plus a descriptor
 *   `K__magicdiv_desc` telling the runtime how to compute them
 *   (md_device.c).  The original kernel is never modified.
 *
 *   OpenMP offload device code for a CPU target (host offloading) is a
 *   device module too: its kernels are named by its offload entries.
 *
 *   Host module with CUDA/HIP kernel registrations: route the launches of
 *   registered kernels through the runtime (md_host.c); with OpenMP target
 *   regions, route __tgt_target_kernel (md_host_omp.c).  A host module
 *   that then calls the runtime carries a copy of it (md_host_embed.c);
 *   where this compiler cannot assemble that copy (flang), the host module
 *   is left as it was.
 *
 * Anything it cannot prove safe is left alone, with a missed remark.
 */
#include "md_pass.h"

#include "device/md_device.h"
#include "host/md_host.h"
#include "host/md_host_embed.h"
#include "host/md_host_omp.h"
#include "analysis/md_kernels.h"
#include "analysis/md_omp.h"
#include "testing/md_test_hooks.h"

int md_pass_run_module(LLVMModuleRef m, const md_options *o) {
  md_target t;
  int changed = md_test_hook_module(m), omp_dev;
  if (changed >= 0) /* a test hook ran instead (none without them) */
    return changed;
  changed = 0;
  t = md_target_of_module(m);
  omp_dev = md_omp_is_device_module(m); /* OpenMP device code for a CPU */
  if (o->device && (t != MD_TARGET_HOST || o->any_target || omp_dev))
    changed |= md_device_run(m, t, o);
  if (o->host && t == MD_TARGET_HOST && !omp_dev) {
    if (md_host_embed_blocked(m, o))
      return 1; /* left as it was (its mark: named metadata only) */
    changed |= md_host_run(m, o);
    changed |= md_host_omp_run(m, o);
    changed |= md_host_embed_run(m, o); /* after the routing above */
  }
  return changed;
}
