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
 * clone and descriptor are in every one of them (and whose descriptor
 * describes the kernel's parameters) it registers the clone
 * (__hipRegisterFunction, with a host handle of its own) and copies the
 * descriptor bytes into the host module.  It hands both over as
 * md_hip_clone (with the plain tier from version 2 and the pow2 tier from
 * version 3 of the launch's api struct); the clone is launched through the
 * program's own hipLaunchKernel with the clone's handle, so HIP picks the
 * right code object per device and the clone shares the module's globals.
 *
 * Each entry point is the HIP backend of the one launch flow
 * (md_launch_flow.h): the launch in one of three forms, the capture query
 * of MAGICDIV_GRAPHS=original (hipStreamIsCapturing), this thread's
 * record of the kernel, and the cache entry (one per kernel handle: the
 * registration covers every device) that holds the result of validating
 * the descriptor once and decides who prints the kernel's MAGICDIV_LOG
 * line, and the events the measured choice times a launch with
 * (hipEventCreateWithFlags ..., by dlsym, or md_hip_set_event_api).
 * md_hip_launch first takes the fast path of a repeated launch.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "magicdiv/md_hip.h"
#include "base/md_graph_map.h"
#include "launch/md_launch_hip.h"
#include "launch/md_launch_flow.h"
#include "memo/md_memo_fast.h"

#define MD_HIP_INVALID_VALUE 1 /* hipErrorInvalidValue */
#define MD_HIP_STREAM_PER_THREAD ((void *)(uintptr_t)2) /* hipStreamPerThread */

/* ---- hipStreamIsCapturing ---- */

typedef int (*md_hip_capt_fn)(void *, int *);
static _Atomic(md_hip_capt_fn) md_hip_capt;
static atomic_int md_hip_capt_known;

void md_hip_set_stream_is_capturing(int (*fn)(void *stream, int *status)) {
  atomic_store(&md_hip_capt, fn);
  atomic_store(&md_hip_capt_known, fn != NULL);
}

/* hipStreamIsCapturing, resolved on first use; NULL: not there. */
static md_hip_capt_fn md_hip_capt_fn_get(void) {
  md_hip_capt_fn f;
  if (!atomic_load(&md_hip_capt_known)) {
    void *p = dlsym(RTLD_DEFAULT, "hipStreamIsCapturing");
    memcpy(&f, &p, sizeof f);
    atomic_store(&md_hip_capt, f);
    atomic_store(&md_hip_capt_known, 1);
  }
  return atomic_load(&md_hip_capt);
}

/* 1 when launches into HIP stream s are captured (or it cannot tell). */
static int md_hip_capturing(void *stream) {
  md_hip_capt_fn f = md_hip_capt_fn_get();
  int status = 0;
  if (!f || f(stream, &status) != 0)
    return 1; /* cannot tell: as if capturing */
  return status != 0;
}

/* ---- HIP's events (the measured choice) ---- */

static md_event_fns md_hip_ev;      /* installed or resolved */
static pthread_once_t md_hip_ev_once = PTHREAD_ONCE_INIT;
static _Atomic(const md_event_fns *) md_hip_ev_known; /* NULL: none */
static md_event_fns md_hip_ev_set;  /* md_hip_set_event_api's copy */
static atomic_int md_hip_ev_is_set;

#define MD_HIP_SYM(field, sym)                                                 \
  do {                                                                         \
    void *p_ = dlsym(RTLD_DEFAULT, sym);                                       \
    memcpy(&md_hip_ev.field, &p_, sizeof p_);                                  \
  } while (0)

static void md_hip_ev_load(void) {
  MD_HIP_SYM(create, "hipEventCreateWithFlags");
  MD_HIP_SYM(record, "hipEventRecord");
  MD_HIP_SYM(query, "hipEventQuery");
  MD_HIP_SYM(elapsed, "hipEventElapsedTime");
  MD_HIP_SYM(destroy, "hipEventDestroy");
  if (md_hip_ev.create && md_hip_ev.record && md_hip_ev.query &&
      md_hip_ev.elapsed && md_hip_ev.destroy)
    atomic_store(&md_hip_ev_known, &md_hip_ev);
}

void md_hip_set_event_api(const md_hip_event_api *api) {
  if (api && api->create && api->record && api->query &&
      api->elapsed_time && api->destroy) {
    md_hip_ev_set.create = api->create;
    md_hip_ev_set.record = api->record;
    md_hip_ev_set.query = api->query;
    md_hip_ev_set.elapsed = api->elapsed_time;
    md_hip_ev_set.destroy = api->destroy;
    atomic_store(&md_hip_ev_is_set, 1);
  } else {
    atomic_store(&md_hip_ev_is_set, api ? 2 : 0); /* 2: none at all */
  }
}

/* The events a HIP launch is timed with, or NULL. */
static const md_event_fns *md_hip_events(void) {
  int set = atomic_load(&md_hip_ev_is_set);
  if (set)
    return set == 1 ? &md_hip_ev_set : NULL;
  pthread_once(&md_hip_ev_once, md_hip_ev_load);
  return atomic_load(&md_hip_ev_known);
}

/* ---- entries ---- */

typedef struct md_hip_make_arg {
  const char *name;
  const md_hip_clone *clone;
  uint32_t version; /* the launch api's: 2 and up has the plain tier, 3 and
                       up the pow2 tier */
} md_hip_make_arg;

static void md_hip_make(md_entry *e, void *argp) {
  const md_hip_make_arg *a = argp;
  const md_hip_clone *k = a->clone;
  md_registered r;
  memset(&r, 0, sizeof r);
  r.name = a->name;
  r.where = "code objects";
  if (k && k->handle) {
    r.clone = k->handle;
    r.desc = k->desc;
    r.desc_size = k->desc_size;
    if (a->version >= 2) {
      r.plain = k->plain_handle;
      r.plain_desc = k->plain_desc;
      r.plain_desc_size = k->plain_desc_size;
    }
    if (a->version >= 3)
      r.pow2 = k->pow2_handle;
  }
  md_entry_registered(e, &r);
  if (e->status != MD_OK)
    return;
  /* graph nodes running the clone read back as the original */
  md_graph_note(e->clone, e->key, NULL);
  if (e->plain)
    md_graph_note(e->plain, e->key, NULL);
  if (e->pow2)
    md_graph_note(e->pow2, e->key, NULL);
}

/* For graph nodes (md_graph_hip.c): the entry a launch of fn would use;
 * made only with the clone the host pass found (a record of `version`). */
const md_entry *md_hip_entry(const void *fn, const char *name,
                             const md_hip_clone *clone, uint32_t version) {
  const md_entry *e = md_cache_find(fn, 0);
  int created = 0;
  if (!e && clone) {
    /* the host pass emits one md_hip_clone per kernel, for launches and
     * graphs alike; the graph api's flags say its version */
    md_hip_make_arg a = {name, clone, version};
    e = md_cache_get(fn, 0, md_hip_make, &a, &created);
  }
  return e;
}

/* ---- a HIP launch and the operations of the flow ---- */

/* A HIP launch as the program made it (api: the md_hip_*api of its
 * form). */
typedef struct md_hip_call {
  md_call l;
  const void *api;
  size_t shmem;
  void *stream, *start, *stop;
  int flags;
  int per_thread;   /* _spt: stream 0 is the per-thread default stream */
  uint32_t version; /* the api struct's */
  const char *name;
  const md_hip_clone *clone;
} md_hip_call;

static int md_hip_run_plain(const md_call *l, const void *fn, void **args) {
  const md_hip_call *c = (const md_hip_call *)l;
  const md_hip_api *api = c->api;
  return api->launch_kernel(fn, l->grid, l->block, args, c->shmem,
                            c->stream);
}

static int md_hip_run_ext(const md_call *l, const void *fn, void **args) {
  const md_hip_call *c = (const md_hip_call *)l;
  const md_hip_ext_api *api = c->api;
  return api->launch_kernel(fn, l->grid, l->block, args, c->shmem, c->stream,
                            c->start, c->stop, c->flags);
}

static int md_hip_run_coop(const md_call *l, const void *fn, void **args) {
  const md_hip_call *c = (const md_hip_call *)l;
  const md_hip_coop_api *api = c->api;
  return api->launch_kernel(fn, l->grid, l->block, args,
                            (unsigned int)c->shmem, c->stream);
}

static int md_hip_capture(const md_call *l) {
  const md_hip_call *c = (const md_hip_call *)l;
  return md_hip_capturing(!c->stream && c->per_thread
                              ? MD_HIP_STREAM_PER_THREAD
                              : c->stream);
}

static md_memo *md_hip_record(md_call *l) {
  return md_memo_at(l->fn, 0); /* HIP has no context */
}

static const md_entry *md_hip_entry_of(md_call *l, int *created) {
  const md_hip_call *c = (const md_hip_call *)l;
  const md_entry *e = md_cache_find(l->fn, 0);
  md_hip_make_arg a = {c->name, c->clone, c->version};
  return e ? e : md_cache_get(l->fn, 0, md_hip_make, &a, created);
}

static const char *md_hip_err(const md_call *l, int r, char *buf,
                              size_t n) {
  (void)l;
  snprintf(buf, n, "hip error %d", r);
  return buf;
}

/* HIP's events, recorded on the launch's stream. */
static const md_event_fns *md_hip_timer(const md_call *l, void **stream,
                                        int *may) {
  const md_hip_call *c = (const md_hip_call *)l;
  *stream = !c->stream && c->per_thread ? MD_HIP_STREAM_PER_THREAD
                                        : c->stream;
  *may = 1;
  /* a launch that cannot tell a capture counts as one: never timed */
  return md_hip_capt_fn_get() ? md_hip_events() : NULL;
}

static const md_launch_ops md_hip_plain_ops = {
    md_hip_run_plain, NULL, md_hip_capture, md_hip_record, md_hip_entry_of,
    NULL, md_hip_err, md_hip_timer};
static const md_launch_ops md_hip_ext_ops = {
    md_hip_run_ext, NULL, md_hip_capture, md_hip_record, md_hip_entry_of,
    NULL, md_hip_err, md_hip_timer};
static const md_launch_ops md_hip_coop_ops = {
    md_hip_run_coop, NULL, md_hip_capture, md_hip_record, md_hip_entry_of,
    NULL, md_hip_err, md_hip_timer};

/* The call of a HIP launch of fn through api (flags, version) of the form
 * ops; the form's own operands are set by the caller. */
static void md_hip_call_init(md_hip_call *c, const md_launch_ops *ops,
                             const void *api, uint32_t version,
                             uint32_t flags, const void *fn, md_dim3 grid,
                             md_dim3 block, void **args, size_t shmem,
                             void *stream, const char *name,
                             const md_hip_clone *clone) {
  memset(c, 0, sizeof *c);
  md_call_init(&c->l, ops, fn, args, grid, block);
  if (flags & MD_API_FRAME_ARGS) /* (set by the host pass on md_hip_api
                                    sites only) */
    c->l.slots = MD_API_FRAME_SLOTS(flags);
  c->api = api;
  c->per_thread = (flags & MD_API_PER_THREAD) != 0;
  c->version = version;
  c->shmem = shmem;
  c->stream = stream;
  c->name = name;
  c->clone = clone;
}

/* ---- the entry points ---- */

/* md_hip_launch past its fast path: the flow (md_launch_run). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int md_hip_launch_slow(const void *fn, md_dim3 grid, md_dim3 block,
                              void **args, size_t shmem, void *stream,
                              const char *name, const md_hip_api *api,
                              const md_hip_clone *clone) {
  md_hip_call c;
  md_hip_call_init(&c, &md_hip_plain_ops, api, api->version, api->flags, fn,
                   grid, block, args, shmem, stream, name, clone);
  return md_launch_run(&c.l);
}

/* The fast path is a repeated launch whose record (md_memo_at: one
 * thread-local probe; HIP has no context) is ready and holds this
 * launch's inputs (md_memo_hit, inlined; a call site with
 * MD_API_FRAME_ARGS compares its return address and the array's address
 * instead of the pointers, as md_cuda_launch does): the clone through the
 * program's launch function with the record's argument array (a failed
 * clone launch runs the original, as the flow does).  Anything else --
 * the first launch, other inputs, a record of the original, of a
 * fallback, of a kernel that reads the launch geometry, made under
 * MAGICDIV_GRAPHS=original, or lent -- is the flow's
 * (md_hip_launch_slow, a sibling call). */
#if defined(__GNUC__)
__attribute__((noinline)) /* MD_RETURN_ADDRESS: the return address is the
                             site */
#endif
int md_hip_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                  size_t shmem, void *stream, const char *name,
                  const md_hip_api *api, const md_hip_clone *clone) {
  md_memo *m;
  int rc;
  if (!api || !api->launch_kernel)
    return MD_HIP_INVALID_VALUE;
  if (!(m = md_memo_at(fn, 0)) || !md_memo_ready(m) ||
      md_memo_hit(m, args, api->flags, MD_RETURN_ADDRESS()) != 1)
    return md_hip_launch_slow(fn, grid, block, args, shmem, stream, name,
                              api, clone);
  if (!md_memo_grid_ok(m, grid)) { /* another grid: its shape compared */
    md_memo_end(m);
    return md_hip_launch_slow(fn, grid, block, args, shmem, stream, name,
                              api, clone);
  }
  rc = api->launch_kernel(md_memo_fn(m), grid, block, md_memo_args(m),
                          shmem, stream);
  md_memo_end(m);
  if (rc != 0) /* the original, as the flow does */
    rc = api->launch_kernel(fn, grid, block, args, shmem, stream);
  return rc;
}

int md_hip_launch_ext(const void *fn, md_dim3 grid, md_dim3 block,
                      void **args, size_t shmem, void *stream,
                      void *start_event, void *stop_event, int flags,
                      const char *name, const md_hip_ext_api *api,
                      const md_hip_clone *clone) {
  md_hip_call c;
  if (!api || !api->launch_kernel)
    return MD_HIP_INVALID_VALUE;
  md_hip_call_init(&c, &md_hip_ext_ops, api, api->version, api->flags, fn,
                   grid, block, args, shmem, stream, name, clone);
  c.start = start_event;
  c.stop = stop_event;
  c.flags = flags;
  return md_launch_run(&c.l);
}

int md_hip_launch_cooperative(const void *fn, md_dim3 grid, md_dim3 block,
                              void **args, unsigned int shmem, void *stream,
                              const char *name, const md_hip_coop_api *api,
                              const md_hip_clone *clone) {
  md_hip_call c;
  if (!api || !api->launch_kernel)
    return MD_HIP_INVALID_VALUE;
  md_hip_call_init(&c, &md_hip_coop_ops, api, api->version, api->flags, fn,
                   grid, block, args, shmem, stream, name, clone);
  return md_launch_run(&c.l);
}
