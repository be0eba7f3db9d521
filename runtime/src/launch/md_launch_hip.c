/*
 * md_launch_hip.c -- launching clones on HIP: md_hip_launch, called where
 * the host pass rerouted hipLaunchKernel / hipLaunchKernel_spt (and so
 * hipLaunchKernelGGL, which clang lowers to <<<>>>), md_hip_launch_ext
 * (hipExtLaunchKernel: events and flags kept) and
 * md_hip_launch_cooperative (hipLaunchCooperativeKernel(_spt)).  All three
 * launch the clone through the program's own launch function, with the
 * clone's handle and argument array and every other operand unchanged.
 *
 * HIP (5.x) cannot go from a registered kernel to its code object, and it
 * aborts the process when a registered name is missing from the code
 * object.  So the host pass does the lookup at compile time: it reads the
 * code objects embedded in the host module, and only for a kernel whose
 * clone and descriptor are in every one of them it registers the clone
 * (__hipRegisterFunction, with a host handle of its own) and copies the
 * descriptor bytes into the host module.  It hands both over as
 * md_hip_clone; the clone is launched through the program's own
 * hipLaunchKernel with the clone's handle, so HIP picks the right code
 * object per device and the clone shares the module's globals.
 *
 * The cache (one entry per kernel handle; the registration covers every
 * device) holds the result of validating the descriptor once and decides
 * who prints the kernel's MAGICDIV_LOG line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_graph_internal.h"
#include "md_launch_internal.h"
#include "md_memo.h"

#define MD_HIP_INVALID_VALUE 1 /* hipErrorInvalidValue */

typedef struct md_hip_make_arg {
  const char *name;
  const md_hip_clone *clone;
  uint32_t version; /* the launch api's: 2 and up has the plain tier */
} md_hip_make_arg;

static void md_hip_make(md_entry *e, void *argp) {
  md_hip_make_arg *a = argp;
  e->name = md_strdup(a->name ? a->name : "?");
  if (!e->name) {
    e->status = MD_ERR_INVALID;
    snprintf(e->why, sizeof e->why, "out of memory");
    return;
  }
  if (!a->clone || !a->clone->handle || !a->clone->desc) {
    e->status = MD_ERR_NO_CLONE;
    snprintf(e->why, sizeof e->why,
             "no clone in the code objects of the host module");
    return;
  }
  if (a->clone->desc_size > MD_DESC_MAX_BYTES) {
    e->status = MD_ERR_DESC_MALFORMED;
    snprintf(e->why, sizeof e->why, "descriptor too large");
    return;
  }
  if (md_entry_set_desc(e, a->clone->desc, (size_t)a->clone->desc_size) != 0)
    return;
  e->clone = (void *)a->clone->handle;
  if (a->version >= 2 && a->clone->plain_handle &&
      a->clone->plain_desc_size <= MD_DESC_MAX_BYTES &&
      md_entry_set_plain(e, (void *)a->clone->plain_handle,
                         a->clone->plain_desc,
                         (size_t)a->clone->plain_desc_size) != 0)
    md_logf("kernel '%s': %s" MD_PLAIN_SUFFIX " registered but its "
            "descriptor is unusable; no plain tier", e->name, e->name);
  /* graph nodes running the clone read back as the original */
  md_graph_note(e->clone, e->key, NULL);
  if (e->plain)
    md_graph_note(e->plain, e->key, NULL);
}

/* One HIP launch as the program asked for it: launch(l, handle, args)
 * runs it with another kernel handle and argument array (the clone's) and
 * every other operand unchanged. */
typedef struct md_hip_call {
  int (*launch)(const struct md_hip_call *l, const void *fn, void **args);
  const void *api;
  md_dim3 grid, block;
  size_t shmem;
  void *stream, *start, *stop;
  int flags;
  int per_thread; /* _spt: stream 0 is the per-thread default stream */
  uint32_t version; /* the api struct's */
} md_hip_call;

#define MD_HIP_STREAM_PER_THREAD ((void *)(uintptr_t)2) /* hipStreamPerThread */

static int md_hip_plain(const md_hip_call *l, const void *fn, void **args) {
  const md_hip_api *api = l->api;
  return api->launch_kernel(fn, l->grid, l->block, args, l->shmem, l->stream);
}

static int md_hip_ext(const md_hip_call *l, const void *fn, void **args) {
  const md_hip_ext_api *api = l->api;
  return api->launch_kernel(fn, l->grid, l->block, args, l->shmem, l->stream,
                            l->start, l->stop, l->flags);
}

static int md_hip_coop(const md_hip_call *l, const void *fn, void **args) {
  const md_hip_coop_api *api = l->api;
  return api->launch_kernel(fn, l->grid, l->block, args,
                            (unsigned int)l->shmem, l->stream);
}

/* A repeated launch: this thread's memo has a record of fn -- found
 * without the cache -- that runs the original, or whose inputs are this
 * launch's, so the remembered outcome runs at once.  1 with *rc when it
 * launched (a failed clone launch runs the original, as in md_hip_run);
 * else *missed is set when the record was compared and differs. */
static int md_hip_repeat(const md_hip_call *l, const void *fn, void **args,
                         int *missed, int *rc) {
  md_memo *m = md_memo_at(fn, 0);
  md_dims dims;
  void **ca;
  if (!m)
    return 0;
  if (!m->orig) {
    if (m->any_dims)
      dims = md_dims_of(l->grid, l->block);
    if (!md_memo_same(m, args, &dims)) {
      *missed = 1;
      return 0;
    }
  }
  if (!m->ok) {
    *rc = l->launch(l, fn, args);
    return 1;
  }
  if (m->graphs_orig &&
      md_hip_capturing(!l->stream && l->per_thread ? MD_HIP_STREAM_PER_THREAD
                                                   : l->stream))
    return 0; /* the general path launches the original */
  if (!(ca = md_memo_lend(m)))
    return 0;
  *rc = l->launch(l, m->fn, ca);
  md_memo_return(m);
  if (*rc != 0)
    *rc = l->launch(l, fn, args);
  return 1;
}

static int md_hip_run(const md_hip_call *l, const void *fn, void **args,
                      const char *name, const md_hip_clone *clone) {
  const md_entry *e;
  md_clone_args ca;
  md_dims dims;
  int created = 0, s, r, missed = 0;

  if (md_hip_repeat(l, fn, args, &missed, &r))
    return r;
  if (md_env_disabled()) {
    md_log_disabled_once();
    return l->launch(l, fn, args);
  }
  e = md_cache_find(fn, 0);
  if (!e) {
    md_hip_make_arg a = {name, clone, l->version};
    e = md_cache_get(fn, 0, md_hip_make, &a, &created);
    if (!e)
      return l->launch(l, fn, args);
  }
  if (md_env_graphs_original() &&
      md_hip_capturing(!l->stream && l->per_thread ? MD_HIP_STREAM_PER_THREAD
                                                   : l->stream))
    return l->launch(l, fn, args); /* MAGICDIV_GRAPHS=original */
  if (e->status != MD_OK) {
    if (created)
      md_logf("kernel '%s': original (%s: %s)", e->name,
              md_status_str(e->status), e->why);
    md_memo_store_orig(e); /* later launches: md_hip_repeat finds it */
    return l->launch(l, fn, args);
  }
  dims = md_dims_of(l->grid, l->block);
  s = md_clone_args_make_memo(e, args, &dims, &ca, !missed);
  if (s != MD_OK) {
    md_clone_args_free(&ca);
    md_tier_log(e, created, &ca, s, args, &dims);
    return l->launch(l, fn, args);
  }
  r = l->launch(l, ca.fn, ca.args);
  md_clone_args_free(&ca);
  if (r != 0) {
    if (created)
      md_logf("kernel '%s': clone launch failed (hip error %d); original "
              "launched", e->name, r);
    return l->launch(l, fn, args);
  }
  md_tier_log(e, created, &ca, MD_OK, args, &dims);
  return 0;
}

/* md_hip_launch past its fast path: md_hip_run with the call. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_hip_launch_slow(const void *fn, md_dim3 grid, md_dim3 block,
                              void **args, size_t shmem, void *stream,
                              const char *name, const md_hip_api *api,
                              const md_hip_clone *clone) {
  md_hip_call l;
  memset(&l, 0, sizeof l);
  l.launch = md_hip_plain;
  l.api = api;
  l.per_thread = (api->flags & MD_API_PER_THREAD) != 0;
  l.version = api->version;
  l.grid = grid;
  l.block = block;
  l.shmem = shmem;
  l.stream = stream;
  return md_hip_run(&l, fn, args, name, clone);
}

/* The fast path is a repeated launch whose record (md_memo_at: one
 * thread-local probe; HIP has no context) is `direct` and holds this
 * launch's inputs (md_memo_inputs_same, inlined; a call site with
 * MD_API_FRAME_ARGS compares its return address and the array's address
 * instead of the pointers, as md_cuda_launch does): the clone through the
 * program's launch function with the record's argument array (a failed
 * clone launch runs the original, as in md_hip_run).  Anything else --
 * the first launch, other inputs, a record of the original, of a
 * fallback, of a kernel that reads the launch geometry, made under
 * MAGICDIV_GRAPHS=original, or lent -- is md_hip_run's
 * (md_hip_launch_slow, a sibling call). */
#if defined(__GNUC__)
__attribute__((noinline)) /* md_frame_site: the return address is the site */
#endif
int md_hip_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                  size_t shmem, void *stream, const char *name,
                  const md_hip_api *api, const md_hip_clone *clone) {
  md_memo *m;
  int rc;
  if (!api || !api->launch_kernel)
    return MD_HIP_INVALID_VALUE;
  if (!(m = md_memo_at(fn, 0)) || !m->direct || m->lent ||
      md_memo_inputs_same(m, args, md_frame_site(m, api)) != 1)
    return md_hip_launch_slow(fn, grid, block, args, shmem, stream, name,
                              api, clone);
  m->lent = 1; /* a launch from inside this one copies (md_memo_lend) */
  rc = api->launch_kernel(m->fn, grid, block, m->args, shmem, stream);
  m->lent = 0;
  if (rc != 0) /* the original, as in md_hip_run */
    rc = api->launch_kernel(fn, grid, block, args, shmem, stream);
  return rc;
}

int md_hip_launch_ext(const void *fn, md_dim3 grid, md_dim3 block,
                      void **args, size_t shmem, void *stream,
                      void *start_event, void *stop_event, int flags,
                      const char *name, const md_hip_ext_api *api,
                      const md_hip_clone *clone) {
  md_hip_call l;
  if (!api || !api->launch_kernel)
    return MD_HIP_INVALID_VALUE;
  memset(&l, 0, sizeof l);
  l.launch = md_hip_ext;
  l.api = api;
  l.per_thread = (api->flags & MD_API_PER_THREAD) != 0;
  l.version = api->version;
  l.grid = grid;
  l.block = block;
  l.shmem = shmem;
  l.stream = stream;
  l.start = start_event;
  l.stop = stop_event;
  l.flags = flags;
  return md_hip_run(&l, fn, args, name, clone);
}

int md_hip_launch_cooperative(const void *fn, md_dim3 grid, md_dim3 block,
                              void **args, unsigned int shmem, void *stream,
                              const char *name, const md_hip_coop_api *api,
                              const md_hip_clone *clone) {
  md_hip_call l;
  if (!api || !api->launch_kernel)
    return MD_HIP_INVALID_VALUE;
  memset(&l, 0, sizeof l);
  l.launch = md_hip_coop;
  l.api = api;
  l.per_thread = (api->flags & MD_API_PER_THREAD) != 0;
  l.version = api->version;
  l.grid = grid;
  l.block = block;
  l.shmem = shmem;
  l.stream = stream;
  return md_hip_run(&l, fn, args, name, clone);
}

/* For graph nodes (md_graph_hip.c): the entry a launch of fn would use;
 * made only with the clone the host pass found. */
const md_entry *md_hip_entry(const void *fn, const char *name,
                             const md_hip_clone *clone) {
  const md_entry *e = md_cache_find(fn, 0);
  int created = 0;
  if (!e && clone) {
    /* the host pass emits one md_hip_clone per kernel, in the layout of
     * this runtime's MD_HIP_API_VERSION, for launches and graphs alike */
    md_hip_make_arg a = {name, clone, MD_HIP_API_VERSION};
    e = md_cache_get(fn, 0, md_hip_make, &a, &created);
  }
  return e;
}
