/*
 * test_launch_choice.c -- the measured choice between a clone and its
 * original (runtime/src/launch/md_choice.c) against the fake CUDA driver
 * of test_launch_fake.h with the fake events of test_choice_fake.h (graph
 * kernel nodes: test_graph_choice.c): the elapsed time of a timed
 * launch is scripted per side (ms_orig, ms_clone), a query can say "not
 * ready" a few times (ev_delay).  Checked: a slower clone keeps the
 * original after the trials, a faster one the clone, one equal within the
 * margin the original; warm-up and alternation; launches in a capture are
 * not timed and a decision made outside is used inside; a kernel launched
 * once runs its clone and makes no event; grid buckets decide apart;
 * MAGICDIV_CHOICE=clone / original; the driver API, HIP and a
 * programmatic dependent launch (never timed); failing events (the static
 * choice); md_launch_reset (trials again, no event left); 16 threads
 * launching one kernel (launch-choice.test also runs them under TSan).
 * After a decision, launches make no event call.  launch-choice.test
 * checks the MAGICDIV_LOG lines.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_hip.h"
#include "test_expect.h"
#include "test_choice_fake.h"

static int rt_launch_ex(const md_cuda_launch_config *c, const void *fn,
                        void **args) {
  return rt_launch(fn, c->grid, c->block, args, c->shmem, c->stream);
}
static const md_cuda_ex_api ex_api = {MD_CUDA_API_VERSION, 0, rt_launch_ex,
                                      fake_cudaGetFuncBySymbol};

/* The trials of k then `after` launches: those must all be `side` and
 * make no event call. */
static void decide_then(int side, int after) {
  char s[64];
  int calls;
  launches(16, 3, s);
  /* warm-up clone, warm-up original, then alternating */
  EXPECT(strncmp(s, "1010101010101", 13) == 0);
  calls = ev_calls;
  launches(after, 3, s);
  for (int i = 0; i < after; i++)
    EXPECT(s[i] == (side ? '1' : '0'));
  EXPECT(ev_calls == calls);
  EXPECT(ev_live == 0);
  EXPECT(fake_bad == 0);
}

static void test_sides(void) {
  section("clone slower");
  fresh(1.0f, 1.5f);
  decide_then(0, 20);
  section("clone faster");
  fresh(1.0f, 0.5f);
  decide_then(1, 20);
  section("equal within the margin");
  fresh(1.0f, 0.98f);
  decide_then(0, 5);
  fresh(0.010f, 0.0096f); /* 4 % but 0.4 us: below the timer's floor */
  decide_then(0, 5);
}

static void test_once_capture(void) {
  char s[64];
  int made;
  section("once");
  fresh(1.0f, 1.5f);
  made = ev_made;
  EXPECT(launch(3, 7) == 1); /* the static choice; nothing timed */
  EXPECT(ev_made == made && ev_live == 0);
  section("capture");
  fresh(1.0f, 1.5f);
  EXPECT(launch(3, 7) == 1); /* the entry is made outside a capture */
  fake_capturing = 1;
  launches(10, 3, s);
  EXPECT(strcmp(s, "1111111111") == 0 && ev_made == made);
  fake_capturing = 0; /* trials on from launch 1 (the original) */
  launches(16, 3, s);
  EXPECT(strncmp(s, "010101010101", 12) == 0 && ev_live == 0);
  fake_capturing = 1; /* the decision holds in a capture */
  launches(3, 3, s);
  EXPECT(strcmp(s, "000") == 0);
  fake_capturing = 0;
}

static void test_delay_buckets(void) {
  char s[64];
  section("events not ready yet");
  fresh(1.0f, 1.5f);
  ev_delay = 3;
  launches(40, 3, s);
  EXPECT(strcmp(s + 30, "0000000000") == 0);
  EXPECT(ev_live == 0);
  section("buckets");
  launches(3, 1000, s); /* 512-1023 blocks: trials again */
  EXPECT(strcmp(s, "101") == 0);
  ms_clone = 0.5f;
  launches(30, 1000, s);
  EXPECT(strcmp(s + 20, "1111111111") == 0);
  EXPECT(launch(3, 7) == 0 && launch(2, 7) == 0); /* 2-3 blocks: original */
  EXPECT(launch(700, 7) == 1);
}

static void test_policy(void) {
  char s[64];
  int made = ev_made;
  section("MAGICDIV_CHOICE=clone");
  policy("clone");
  launches(20, 3, s);
  EXPECT(strcmp(s, "11111111111111111111") == 0 && ev_made == made);
  section("MAGICDIV_CHOICE=original");
  policy("original");
  launches(20, 3, s);
  EXPECT(strcmp(s, "00000000000000000000") == 0 && ev_made == made);
  section("MAGICDIV_CHOICE=measured");
  policy("measured");
  decide_then(0, 3);
  policy(NULL);
}

static void test_driver_api(void) {
  int out = 0, last = -1;
  uint32_t n = 100, d = 7;
  void *params[3] = {&out, &n, &d};
  section("driver api");
  fresh(1.0f, 1.5f);
  for (int i = 0; i < 20; i++) {
    EXPECT(md_cuLaunchKernel((md_CUfunction)&f_k, 3, 1, 1, 64, 1, 1, 0, NULL,
                             params, NULL, "k") == 0);
    last = t_side;
  }
  EXPECT(last == 0 && ev_live == 0);
}

/* A CUlaunchAttribute: id, padding, a 64-byte value. */
typedef struct attr {
  int id;
  char pad[4];
  union {
    int i;
    char bytes[64];
  } v;
} attr;

static void test_programmatic(void) {
  attr a[2];
  md_cuda_launch_config cf;
  int out = 0, made;
  uint32_t n = 100, d = 7;
  void *args[3] = {&out, &n, &d};
  section("programmatic dependent launch");
  fresh(1.0f, 1.5f);
  memset(a, 0, sizeof a);
  a[0].id = 5; /* cudaLaunchAttributePriority: no matter */
  a[1].id = 6; /* ProgrammaticStreamSerialization */
  a[1].v.i = 1;
  memset(&cf, 0, sizeof cf);
  cf.grid.x = 3, cf.grid.y = cf.grid.z = 1;
  cf.block.x = 64, cf.block.y = cf.block.z = 1;
  cf.attrs = a;
  cf.num_attrs = 2;
  made = ev_made;
  for (int i = 0; i < 20; i++) {
    EXPECT(md_cuda_launch_ex(&cf, &s_k, args, "k", &ex_api) == 0);
    EXPECT(t_side == 1);
  }
  EXPECT(ev_made == made);
}

static void test_errors(void) {
  char s[64];
  section("failing events");
  fresh(1.0f, 1.5f);
  ev_fail_create = 1;
  launches(30, 3, s);
  EXPECT(strcmp(s + 20, "1111111111") == 0); /* the static choice */
  ev_fail_create = 0;
  EXPECT(ev_live == 0);
}

static void test_reset(void) {
  char s[64];
  section("reset");
  fresh(1.0f, 1.5f);
  ev_delay = 1000; /* nothing completes: events held */
  launches(12, 3, s);
  EXPECT(ev_live > 0);
  md_launch_reset(); /* the trial's events destroyed, trials again */
  EXPECT(ev_live == 0);
  ev_delay = 0;
  decide_then(0, 3);
}

/* ---- HIP ---- */

static void test_hip(void) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, hip_run};
  md_hip_event_api ev = {MD_HIP_EVENT_API_VERSION, ev_create, ev_record,
                         ev_query, ev_elapsed, ev_destroy};
  md_hip_clone c = {&f_kc, desc, 0, NULL, NULL, 0};
  c.desc_size = desc_n;
  int out = 0;
  uint32_t n = 100, d = 7;
  void *args[3] = {&out, &n, &d};
  md_dim3 grid = {3, 1, 1}, block = {64, 1, 1};
  char s[64];
  section("hip");
  md_hip_set_event_api(&ev);
  md_hip_set_stream_is_capturing(hip_not_capturing);
  fresh(1.0f, 1.5f);
  for (int i = 0; i < 30; i++) {
    EXPECT(md_hip_launch(&h_k, grid, block, args, 0, NULL, "h_k", &hapi,
                         &c) == 0);
    s[i] = t_side ? '1' : '0';
  }
  s[30] = 0;
  EXPECT(strncmp(s, "1010", 4) == 0 && strcmp(s + 20, "0000000000") == 0);
  md_hip_set_event_api(NULL);
}

/* ---- 16 threads launching one kernel ---- */

#define N_THREADS 16
#define N_LAUNCH 300
static atomic_int late_clone;

static void *worker(void *arg) {
  (void)arg;
  for (int i = 0; i < N_LAUNCH; i++) {
    int out = 0;
    uint32_t n = 100, d = 7 + (uint32_t)(i % 3);
    void *args[3] = {&out, &n, &d};
    md_dim3 grid = {3, 1, 1}, block = {64, 1, 1};
    if (md_cuda_launch(&s_k, grid, block, args, 0, NULL, "k", &api) != 0)
      atomic_fetch_add(&fake_bad, 1);
    if (i >= N_LAUNCH - 20 && t_side)
      atomic_fetch_add(&late_clone, 1);
  }
  return NULL;
}

static void test_threads(void) {
  pthread_t t[N_THREADS];
  section("16 threads");
  fresh(1.0f, 1.5f);
  fake_threaded = 1;
  for (int i = 0; i < N_THREADS; i++)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < N_THREADS; i++)
    pthread_join(t[i], NULL);
  fake_threaded = 0;
  EXPECT(late_clone == 0); /* decided: the original everywhere */
  EXPECT(ev_live == 0 && fake_bad == 0);
}

int main(int argc, char **argv) {
  md_cuda_driver d = driver(1);
  setup();
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  if (argc > 1 && strcmp(argv[1], "threads") == 0) {
    test_threads();
  } else {
    test_sides();
    test_once_capture();
    test_delay_buckets();
    test_policy();
    test_driver_api();
    test_programmatic();
    test_errors();
    test_reset();
    test_hip();
    test_threads();
    section("no events");
    d = driver(0); /* a driver without events: the clone, as before */
    EXPECT(md_cuda_set_driver(&d) == MD_OK);
    EXPECT(launch(3, 7) == 1 && launch(3, 7) == 1 && launch(3, 7) == 1);
  }
  md_launch_release();
  EXPECT(ev_live == 0);
  fprintf(stderr, "%s (%d failures)\n", failures ? "FAILED" : "ALL OK",
          failures);
  return failures != 0;
}
