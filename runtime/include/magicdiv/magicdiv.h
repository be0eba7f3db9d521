/*
 * magicdiv.h -- the core C API of the magicdiv runtime (libmagicdiv_rt),
 * what a program needs without any GPU API:
 *
 *   - status codes and their texts                (md_magic.h, below)
 *   - magic numbers and reference evaluators      (md_magic.h)
 *   - descriptor evaluation: from a clone's descriptor, the launch's
 *     argument values and dimensions to the clone's magic parameters
 *
 * Launching clones has one header per API, none of them included here:
 * md_cuda.h (CUDA runtime API), md_cuda_driver.h (CUDA driver API),
 * md_hip.h, md_graph.h (graph kernel nodes), md_omp.h (OpenMP offload),
 * or md_launch.h for all of them (docs/ABI.md, "Public headers").
 *
 * Every function returns an int status: MD_OK (0) or one of MD_ERR_* /
 * MD_FALLBACK_*.  A MD_FALLBACK_* status is not an error: it means "this
 * launch must run the original kernel" (the divisor values of this launch
 * are outside what the clone handles).  md_status_str() names each code.
 */
#ifndef MAGICDIV_MAGICDIV_H
#define MAGICDIV_MAGICDIV_H

#include <stddef.h>
#include <stdint.h>

#include "md_abi.h"
#include "md_magic.h"

#ifdef __cplusplus
extern "C" {
#endif
/* What the header declares is libmagicdiv_rt's interface: exported, with
 * the library built -fvisibility=hidden (its internals are not). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* Status codes: MD_STATUS_LIST in md_magic.h (MD_OK, MD_ERR_*,
 * MD_FALLBACK_*, with their texts). */
const char *md_status_str(int status);

/* Launch dimensions as the kernel sees them. */
typedef struct md_dims {
  uint32_t grid[3];  /* blocks per grid, x y z */
  uint32_t block[3]; /* threads per block, x y z */
} md_dims;

/* The magic parameters of one launch of a clone. */
typedef struct md_extra {
  uint32_t n_params; /* parameters of the original kernel */
  uint32_t n_extra;  /* magic parameters that follow them */
  /* value[i] holds magic parameter i, zero-extended: an i32 parameter is
   * read from the first 4 bytes of its slot (little-endian), so &value[i]
   * can be passed as the argument pointer of either width. */
  uint64_t value[MD_MAX_EXTRA];
} md_extra;

/* Check a descriptor's structure (bounds, version, opcodes, stack depth,
 * parameter references) without evaluating it.  MD_OK or
 * MD_ERR_DESC_MALFORMED / MD_ERR_DESC_VERSION / MD_ERR_INVALID. */
int md_desc_validate(const void *desc, size_t size);

/* Evaluate every divisor of `desc` with the launch's argument pointers
 * (args[i] points at the value of original parameter i, as for
 * cudaLaunchKernel) and dimensions, and compute the magic parameters.
 * MD_OK: out is filled and the clone may run.  MD_FALLBACK_*: run the
 * original.  MD_ERR_*: bad input; run the original. */
int md_desc_fill(const void *desc, size_t size, void *const *args,
                 const md_dims *dims, md_extra *out);

/* md_desc_fill without the validation, for a caller that validated `desc`
 * once with md_desc_validate (which must have returned MD_OK for these
 * exact bytes and size) and fills it on every launch.  Same results. */
int md_desc_fill_validated(const void *desc, size_t size, void *const *args,
                           const md_dims *dims, md_extra *out);

/* The clone's argument array: args[0 .. n_params) followed by pointers to
 * ex->value[0 .. n_extra).  out_cap is the capacity of out_args in
 * entries.  MD_OK or MD_ERR_INVALID. */
int md_build_args(const md_extra *ex, void *const *args, void **out_args,
                  size_t out_cap);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MAGICDIV_H */
