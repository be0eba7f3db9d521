/*
 * md_launch_internal.h -- what the launch layer's files share: the lookup
 * cache (md_launch_cache.c) and the entries and clone arguments
 * (md_launch_common.c); it includes their types (base/md_entry.h), the
 * environment switches and the log (base/md_launch_env.h) and the CUDA
 * driver table (md_launch_driver.h).  The launch flow
 * itself is md_launch_flow.h.  Not installed.
 *
 * Error convention (docs/DESIGN.md, "Error convention (the runtime's)"):
 * why a kernel runs its original is recorded once, in its entry, by
 * md_entry_fail (a status and a detail); a launch's own fallbacks are
 * MD_* statuses; the flow prints both, once.
 */
#ifndef MAGICDIV_MD_LAUNCH_INTERNAL_H
#define MAGICDIV_MD_LAUNCH_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_api_common.h"
#include "magicdiv/md_cuda_driver.h"

#include "base/md_entry.h"
#include "base/md_launch_env.h"
#include "launch/md_launch_driver.h"

/* The entry for (key, ctx), or NULL.  Lock-free. */
const md_entry *md_cache_find(const void *key, uint64_t ctx);

/* Slow path: the entry for (key, ctx), made by make(e, arg) on a zeroed
 * entry with e->key and e->ctx set if there is none yet.  make runs
 * without the cache's lock (it calls the driver); when two threads race,
 * one entry is published and the other freed.  *created is 1 for the
 * caller whose entry was published.  NULL only when out of memory. */
typedef void (*md_entry_maker)(md_entry *e, void *arg);
const md_entry *md_cache_get(const void *key, uint64_t ctx,
                             md_entry_maker make, void *arg, int *created);

/* 1 if e's status is the same in every context of the kernel's module
 * image: no clone or descriptor in it, a descriptor rejected, parameters
 * that do not match.  (Driver errors and out of memory are not.) */
int md_status_all_contexts(int status);
/* Record that the kernel `key` runs its original in every context, with
 * e's status and detail (an entry under MD_CTX_ALL).  Best effort. */
void md_cache_mark_all(const md_entry *e);

/* ---- entries (md_launch_common.c) ---- */

/* Sanity bound of a descriptor: the format's own limits (MD_MAX_PARAMS
 * sizes, MD_MAX_DIVISORS entries and their programs) stay far below it. */
#define MD_DESC_MAX_BYTES (1u << 20)

/* The entry says: its kernel runs the original, because of `status`
 * (detail: fmt, ...; MAGICDIV_LOG prints it on the first launch). */
void md_entry_fail(md_entry *e, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Set e->desc_ref/desc_size to `desc` and validate it, filling status,
 * n_params and n_extra (and the read set and plan).  0, or -1 with e
 * failed (md_entry_fail). */
int md_entry_set_desc(md_entry *e, const unsigned char *desc, size_t size);

/* Accept K__magicdiv_plain (fn, descriptor bytes) for entry e, whose
 * ranged descriptor is set: the descriptor must validate and describe the
 * same parameters.  0, or -1 with e unchanged (no plain tier). */
int md_entry_set_plain(md_entry *e, void *fn, const unsigned char *desc,
                       size_t size);

/* The MAGICDIV_LOG line of a kernel whose plain tier K__magicdiv_plain
 * was found but cannot be used (its descriptor missing or unusable). */
void md_log_no_plain(const char *name);

/* A clone the host pass found at compile time and registered (HIP,
 * OpenMP): its handle (region id) and descriptor, and the plain tier's
 * (plain NULL: none), as the launch passes them. */
typedef struct md_registered {
  const char *name;  /* the kernel's device name, or NULL */
  const void *clone; /* NULL: no clone */
  const unsigned char *desc;
  uint64_t desc_size;
  const void *plain;
  const unsigned char *plain_desc;
  uint64_t plain_desc_size;
  const void *pow2; /* the pow2 tier (K__magicdiv's descriptor), or NULL */
  const char *where; /* where the host pass looked: "code objects" */
} md_registered;

/* Fill entry e from the host pass's record r: the name, the validated
 * descriptor, the plain tier; or why the kernel runs its original. */
void md_entry_registered(md_entry *e, const md_registered *r);

/* Fill ca for entry e (status MD_OK) and this launch's original args and
 * dims.  MD_OK: ca->args is the clone's argument array; otherwise the
 * launch must run the original (why: md_status_str).  Always call
 * md_clone_args_free afterwards, in the same thread. */
int md_clone_args_make(const md_entry *e, void **args, const md_dims *dims,
                       md_clone_args *ca);
/* The same; find = 0 when the caller has just compared this thread's memo
 * record of e with this launch and it differs (no second compare). */
int md_clone_args_make_memo(const md_entry *e, void **args,
                            const md_dims *dims, md_clone_args *ca, int find);
void md_clone_args_free(md_clone_args *ca);

/* strdup (not in C11); NULL when out of memory. */
char *md_launch_strdup(const char *s);

/* md_dims from dim3s. */
md_dims md_launch_dims_of(md_dim3 grid, md_dim3 block);

#endif /* MAGICDIV_MD_LAUNCH_INTERNAL_H */
