/*
 * md_launch_flow.h -- the one launch flow (md_launch_flow.c): what every
 * launch of CUDA (runtime and driver API), HIP and OpenMP decides, written
 * once -- MAGICDIV_DISABLE, this thread's record of the kernel (the memo),
 * the cache entry, MAGICDIV_GRAPHS=original, the tier, the log line, the
 * fallback to the original -- over a few operations each backend supplies
 * (md_launch_ops: launch the original, launch a clone, ask whether the
 * stream is being captured, find the record and the entry, the events
 * that time it).  Not installed.
 *
 * A launch as the program made it is an md_call: the operations and the
 * operands the flow reads, at the start of the backend's own struct of
 * the rest (md_cuda_call, md_hip_call, md_omp_call).  The entry points'
 * fast paths (md_cuda_launch, md_hip_launch) take a repeated launch whose
 * record is ready before any md_call is made (memo/md_memo_fast.h);
 * everything else comes here.
 */
#ifndef MAGICDIV_MD_LAUNCH_FLOW_H
#define MAGICDIV_MD_LAUNCH_FLOW_H

#include "launch/md_launch_internal.h"
#include "memo/md_memo.h"

typedef struct md_call md_call;

typedef struct md_launch_ops {
  /* Launch fn with argument array args exactly as the program's launch
   * call, every other operand as it asked: the original is
   * run(l, l->fn, l->args).  Returns the API's result. */
  int (*run)(const md_call *l, const void *fn, void **args);
  /* Launch clone ca->fn of entry e with ca->args like the program's
   * launch.  MD_OK with *r the API's result; else a status and nothing
   * launched (*why, when not NULL: a reason for the log line in place of
   * the status).  NULL: run(l, ca->fn, ca->args). */
  int (*clone)(const md_call *l, const md_entry *e, const md_clone_args *ca,
               int *r, const char **why);
  /* 1 if the launch's stream is being captured into a graph.  NULL:
   * never. */
  int (*capturing)(const md_call *l);
  /* This thread's current memo record of the kernel in the launch's
   * context, or NULL.  NULL: no record is looked for. */
  md_memo *(*record)(md_call *l);
  /* The cache entry of the kernel in the launch's context, made when
   * there is none (*created: by this call, which then prints the kernel's
   * log line); NULL: the launch runs the original. */
  const md_entry *(*entry)(md_call *l, int *created);
  /* MD_OK when this launch can run a clone of e; else a status (*why, when
   * not NULL: a reason for the log line in place of the status).  NULL:
   * always. */
  int (*check)(const md_call *l, const md_entry *e, const char **why);
  /* The text of the API's result r of a failed clone launch, in buf (at
   * least 32 bytes) or a constant. */
  const char *(*err)(const md_call *l, int r, char *buf, size_t n);
  /* The events the measured choice times this launch with (launch/
   * md_choice.c), *stream the stream to record them on, *may 0 when the
   * launch must not be timed (programmatic dependent launch); NULL when
   * it cannot be timed.  NULL: never. */
  const md_event_fns *(*timer)(const md_call *l, void **stream, int *may);
} md_launch_ops;

struct md_call {
  const md_launch_ops *ops;
  const void *fn; /* the kernel as the program launches it: the cache key */
  void **args;    /* the kernel's parameters, as descriptor programs read
                     them (OpenMP: made from the offload arguments) */
  uint32_t slots; /* how many args holds where the call site says
                     (MD_API_FRAME_ARGS), else 0 */
  int find;       /* 0: this thread's record was just compared with this
                     launch and differs (no second compare) */
  md_dim3 grid, block;
  /* What the measured choice buckets this launch by (launch/md_choice.c)
   * and its unit in the log: the grid ("blocks"), or where the offload
   * runtime chooses the geometry, the loop's trip count (OpenMP: {trip
   * count, at most 2^32 - 1, 1, 1}, "iterations"). */
  md_dim3 choice_grid;
  const char *choice_unit;
};

/* l: a launch of kernel fn with argument array args (grid, block) whose
 * program's launch call the operations ops make; compared with this
 * thread's record as usual (find). */
static inline void md_call_init(md_call *l, const md_launch_ops *ops,
                                const void *fn, void **args, md_dim3 grid,
                                md_dim3 block) {
  l->ops = ops;
  l->fn = fn;
  l->args = args;
  l->slots = 0;
  l->find = 1;
  l->grid = grid;
  l->block = block;
  l->choice_grid = grid;
  l->choice_unit = "blocks";
}

/* A launch past its entry point's fast path: the original when magicdiv
 * is disabled, else this thread's record (md_launch_repeat), else the
 * entry (md_launch_decide).  Returns the API's result. */
int md_launch_run(md_call *l);

/* The launch with the kernel's entry e in its context (created: e was
 * made by this launch): the original when e says so or a capture wants
 * it, else the tier md_clone_args_make chooses -- or the original where
 * the measured choice says so (md_choice.h) --, launched, with the
 * original on every fallback and the MAGICDIV_LOG line (md_flow_tier_log). */
int md_launch_decide(md_call *l, const md_entry *e, int created);

/* The launch with this thread's current record m of the kernel in its
 * context: what md_memo_repeat decides, the entry's path when the inputs
 * are not the record's. */
int md_launch_repeat(md_call *l, md_memo *m);

/* The MAGICDIV_LOG line of a launch of e that ran ca's tier (status MD_OK)
 * or the original (status: md_clone_args_make's answer): on the entry's
 * first launch (created), and for an entry with a plain tier whenever the
 * tier changes.  args/dims: the launch's, to name a failed requirement. */
void md_flow_tier_log(const md_entry *e, int created, const md_clone_args *ca,
                      int status, void **args, const md_dims *dims);

#endif /* MAGICDIV_MD_LAUNCH_FLOW_H */
