/*
 * md_host_clock.h -- the host's monotonic clock in the shape of the
 * measured choice's events (md_host_clock.c), for launches whose call
 * returns when the kernel is done: OpenMP offload without `nowait`
 * (__tgt_target_kernel waits for the region).  A "record" reads the clock,
 * a "query" is always ready, "elapsed" is the difference.  The time of
 * such a launch is what the program waits for: the kernel and
 * libomptarget's work for the region (its map clauses' transfers, the
 * same for clone and original).  Not installed.
 */
#ifndef MAGICDIV_MD_HOST_CLOCK_H
#define MAGICDIV_MD_HOST_CLOCK_H

#include <stdint.h>

#include "launch/md_launch_driver.h"

/* The events (never NULL). */
const md_event_fns *md_host_clock_events(void);

/* The clock the events read, in nanoseconds: CLOCK_MONOTONIC.  A unit
 * test of the launch layer sets its own (test/unit/test_launch_omp.c); no
 * other code writes it. */
extern uint64_t (*md_host_clock_now)(void);

#endif /* MAGICDIV_MD_HOST_CLOCK_H */
