/*
 * md_host_clock.c -- the host clock as events of the measured choice
 * (md_host_clock.h).  An event is one timestamp, owned by the choice that
 * made it (created, recorded, read and destroyed as a driver's event is:
 * launch/md_choice.c); results as the drivers': 0 success, else an error.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, CLOCK_MONOTONIC */
#include <stdlib.h>
#include <time.h>

#include "launch/md_host_clock.h"

typedef struct md_stamp {
  uint64_t ns;
  int recorded;
} md_stamp;

static uint64_t md_monotonic_ns(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
    return 0;
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t (*md_host_clock_now)(void) = md_monotonic_ns;

static int md_stamp_create(void **ev, unsigned int flags) {
  (void)flags;
  *ev = calloc(1, sizeof(md_stamp));
  return *ev ? 0 : 1;
}

static int md_stamp_record(void *ev, void *stream) {
  md_stamp *s = ev;
  (void)stream;
  s->ns = md_host_clock_now();
  s->recorded = s->ns != 0;
  return s->recorded ? 0 : 1;
}

/* A recorded stamp is ready: the launch it ends has returned. */
static int md_stamp_query(void *ev) {
  return ((md_stamp *)ev)->recorded ? 0 : 1;
}

static int md_stamp_elapsed(float *ms, void *start, void *stop) {
  const md_stamp *a = start, *b = stop;
  if (!a->recorded || !b->recorded || b->ns < a->ns)
    return 1;
  *ms = (float)((double)(b->ns - a->ns) / 1e6);
  return 0;
}

static int md_stamp_destroy(void *ev) {
  free(ev);
  return 0;
}

static const md_event_fns md_host_clock = {
    md_stamp_create,  md_stamp_record,  md_stamp_query,
    md_stamp_elapsed, md_stamp_destroy, 1};

const md_event_fns *md_host_clock_events(void) { return &md_host_clock; }
