/*
 * test_launch_threads.c -- the launch cache under concurrency, against the
 * FAKE driver of test_launch_fake.h (no GPU in CI).
 *
 * Phase 1: 8 threads each make 3000 launches of 48 kernels in 4 contexts
 * (192 cache entries, so the table grows while threads read it); half the
 * launches with random divisors, 1 in 16 of them 0, the other half with
 * one of four repeated divisors (0 among them), so that each thread's
 * launch memo keeps hitting, missing and being replaced.  Every clone launch is checked by
 * the fake (its magic parameters must be those of the launch's divisor),
 * every zero-divisor launch must run the original, and launch-threads.test
 * counts the MAGICDIV_LOG lines: exactly one per (kernel, context).
 * A quarter of the launches go through md_hip_launch instead (the same
 * kernels, registered clone handles; its fast path is the same thread-local
 * memo), checked the same way by the fake hipLaunchKernel below.
 * Phase 2: the same while another thread keeps calling md_launch_reset.
 * launch-threads.test also runs it under ThreadSanitizer.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_hip.h"
#include "test_launch_fake.h"

#define N_KERNELS 48
#define N_CTX 4
#define N_THREADS 8
#define N_LAUNCH 3000

static fake_mod mods[2];
static fake_fn origs[N_KERNELS], clones[N_KERNELS];
static char names[N_KERNELS][32], cnames[N_KERNELS][32], dnames[N_KERNELS][40];
static char stubs[N_KERNELS];
static unsigned char desc[128];
static size_t desc_n;
static atomic_int zero_launches, errors;
static atomic_int resetting;

static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, fake_cudaLaunchKernel,
                                fake_cudaGetFuncBySymbol};

/* HIP: the registered handles of each kernel and of its clone. */
static char hstubs[N_KERNELS], hclones[N_KERNELS], hnames[N_KERNELS][32];
static md_hip_clone hinfo[N_KERNELS];
static atomic_int hip_launches, hip_orig, hip_clone, hip_zero;

/* Checks every clone launch like fake_launch_kernel: the magic parameters
 * must be those of the divisor in parameter 2. */
static int hip_launch(const void *fn, md_dim3 g, md_dim3 b, void **args,
                      size_t shmem, void *stream) {
  const char *f = fn;
  (void)g, (void)b, (void)shmem, (void)stream;
  if (f >= hclones && f < hclones + N_KERNELS) {
    md_u32_magic want;
    uint32_t d = *(const uint32_t *)args[2];
    if (md_magic_u32(d, &want) != MD_OK ||
        *(const uint32_t *)args[3] != want.m ||
        *(const uint32_t *)args[4] != want.a ||
        *(const uint32_t *)args[5] != want.s)
      atomic_fetch_add(&fake_bad, 1);
    atomic_fetch_add(&hip_clone, 1);
  } else {
    atomic_fetch_add(&hip_orig, 1);
  }
  return 0;
}
static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, hip_launch};

static void setup(void) {
  static const uint32_t sizes[3] = {8, 4, 4};
  int k;
  desc_n = fake_desc(desc, sizes, 3, 2, MD_KIND_U32, 0, 4, 1);
  for (k = 0; k < N_KERNELS; k++) {
    fake_mod *m = &mods[k % 2];
    snprintf(names[k], sizeof names[k], "kt%d", k);
    snprintf(cnames[k], sizeof cnames[k], "kt%d__magicdiv", k);
    snprintf(dnames[k], sizeof dnames[k], "kt%d__magicdiv_desc", k);
    origs[k].name = names[k];
    origs[k].n_params = 3;
    origs[k].div_param = -1;
    clones[k].name = cnames[k];
    clones[k].n_params = 6;
    clones[k].div_param = 2;
    fake_add_fn(m, &origs[k]);
    fake_add_fn(m, &clones[k]);
    fake_add_global(m, dnames[k], desc, desc_n);
    fake_bind(&stubs[k], &origs[k], 0);
    snprintf(hnames[k], sizeof hnames[k], "kh%d", k); /* log: not kt */
    hinfo[k].handle = &hclones[k];
    hinfo[k].desc = desc;
    hinfo[k].desc_size = desc_n;
  }
}

static uint64_t rnd(uint64_t *s) { /* xorshift64 */
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static const uint32_t repeat[4] = {7, 0, 1000003, 0xffffffffu};

static void *worker(void *arg) {
  uint64_t seed = 0x9E3779B97F4A7C15ull * (uint64_t)((uintptr_t)arg + 1);
  md_dim3 grid = {7, 1, 1}, block = {256, 1, 1};
  int i;
  for (i = 0; i < N_LAUNCH; i++) {
    int k = (int)(rnd(&seed) % N_KERNELS);
    int out = 0;
    uint32_t n = 12345, d = (uint32_t)rnd(&seed);
    void *args[3] = {&out, &n, &d};
    /* half the launches repeat one of a few divisors (the memo's hits and
     * its remembered fallback), the others are new */
    if (rnd(&seed) % 2 == 0)
      d = repeat[rnd(&seed) % 4];
    else if (rnd(&seed) % 16 == 0)
      d = 0;
    fake_cur_ctx = 0x1000 * (uintptr_t)(1 + rnd(&seed) % N_CTX);
    if (rnd(&seed) % 4 == 0) {
      if (md_hip_launch(&hstubs[k], grid, block, args, 0, NULL, hnames[k],
                        &hapi, &hinfo[k]) != 0)
        atomic_fetch_add(&errors, 1);
      atomic_fetch_add(&hip_launches, 1);
      if (d == 0)
        atomic_fetch_add(&hip_zero, 1);
      continue;
    }
    if (md_cuda_launch(&stubs[k], grid, block, args, 0, NULL, names[k],
                       &api) != 0)
      atomic_fetch_add(&errors, 1);
    if (d == 0)
      atomic_fetch_add(&zero_launches, 1);
  }
  return NULL;
}

static void *resetter(void *arg) {
  (void)arg;
  while (atomic_load(&resetting))
    md_launch_reset();
  return NULL;
}

static int run_phase(int with_reset) {
  pthread_t t[N_THREADS], r;
  int i, o0 = fake_orig_launches, c0 = fake_clone_launches, z0 = zero_launches;
  int h0 = hip_launches, ho0 = hip_orig, hc0 = hip_clone, hz0 = hip_zero;
  if (with_reset) {
    atomic_store(&resetting, 1);
    pthread_create(&r, NULL, resetter, NULL);
  }
  for (i = 0; i < N_THREADS; i++)
    pthread_create(&t[i], NULL, worker, (void *)(uintptr_t)(i + 8 * with_reset));
  for (i = 0; i < N_THREADS; i++)
    pthread_join(t[i], NULL);
  if (with_reset) {
    atomic_store(&resetting, 0);
    pthread_join(r, NULL);
  }
  if (hip_orig - ho0 != hip_zero - hz0 ||
      hip_orig - ho0 + hip_clone - hc0 != hip_launches - h0) {
    fprintf(stderr, "FAIL: hip: %d original, %d clone launches, %d zero "
            "divisors\n", hip_orig - ho0, hip_clone - hc0, hip_zero - hz0);
    return 1;
  }
  if (fake_orig_launches - o0 != zero_launches - z0 ||
      fake_clone_launches - c0 + fake_orig_launches - o0 + hip_launches - h0 !=
          N_THREADS * N_LAUNCH) {
    fprintf(stderr, "FAIL: %d original, %d clone launches, %d zero divisors\n",
            fake_orig_launches - o0, fake_clone_launches - c0,
            zero_launches - z0);
    return 1;
  }
  return 0;
}

int main(void) {
  md_cuda_driver d;
  int bad = 0;
  setup();
  fake_threaded = 1;
  d = fake_driver();
  md_cuda_set_driver(&d);
  bad |= run_phase(0);
  fprintf(stderr, "phase 1 done\n");
  bad |= run_phase(1);
  if (fake_bad || errors)
    bad = 1;
  md_launch_release();
  fprintf(stderr, "threads: %s (%d bad clone launches, %d errors)\n",
          bad ? "FAILED" : "ok", (int)fake_bad, (int)errors);
  return bad;
}
