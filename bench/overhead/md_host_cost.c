/*
 * md_host_cost.c -- host cost per launch of the magicdiv runtime: the
 * descriptor evaluation and magic computation (md_desc_fill_validated) and
 * the argument array (md_build_args) that a launch through the runtime adds,
 * plus md_desc_validate (once per kernel) and the magic generators alone.
 *
 *   md_bench_host_cost [--iters N] DESC.bin...
 *   md_bench_host_cost --calls N [DESC.bin]   (for callgrind, no timing:
 *       exactly N calls of md_desc_validate, md_desc_fill_validated and
 *       md_build_args on DESC, or without DESC of each md_magic_*)
 *
 * Each DESC.bin is a descriptor as the pass emits it (bench/gpu/build.sh and
 * bench/run_cpu.sh extract them from PTX).  Argument values are made up from
 * the descriptor's own parameter table: every 4-byte parameter or struct
 * word i holds 8 + i, every 8-byte one 64 + i, so each divisor program sees
 * small positive shapes.  Prints one line per descriptor:
 *
 *   NAME divisors=D extra=E fill_ns=.. fill+args_ns=.. validate_ns=.. status
 *
 * Under callgrind (bench/run_cpu.sh) --iters 1000 gives instruction counts
 * per call.
 *
 *   md_bench_host_cost --launch [--iters N]
 *   md_bench_host_cost --launch-calls ROW N
 *       the whole launch through md_cuda_launch on a no-op driver against
 *       the plain launch call (md_launch_cost.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "magicdiv/magicdiv.h"
#include "md_launch_cost.h"

#define HC_MAX_PARAMS 64
#define HC_MAX_PARAM_BYTES 256
#define HC_BATCHES 9

static double hc_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static unsigned char *hc_read(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  unsigned char *b = malloc(1 << 16);
  *size = b ? fread(b, 1, 1 << 16, f) : 0;
  fclose(f);
  return b;
}

static uint32_t hc_u16(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}
static uint32_t hc_u32(const unsigned char *p) {
  return hc_u16(p) | hc_u16(p + 2) << 16;
}

/* Made-up argument values from the descriptor's parameter table: 4-byte
 * words 8 + i (+ word index inside a struct), 8-byte parameters 64 + i. */
static void hc_fill_args(const unsigned char *d, unsigned np,
                         unsigned char (*store)[HC_MAX_PARAM_BYTES],
                         void **args) {
  for (unsigned i = 0; i < np; i++) {
    uint32_t psz = hc_u32(d + MD_DESC_HEADER_SIZE + 4 * i);
    memset(store[i], 0, HC_MAX_PARAM_BYTES);
    if (psz == 8) {
      uint64_t v = 64 + i;
      memcpy(store[i], &v, 8);
    } else {
      for (uint32_t k = 0; k + 4 <= psz && k + 4 <= HC_MAX_PARAM_BYTES;
           k += 4) {
        uint32_t v = 8 + i + k / 4;
        memcpy(store[i] + k, &v, 4);
      }
    }
    args[i] = store[i];
  }
}

/* Sink so the compiler keeps every call. */
static volatile uint64_t hc_sink;

/* Fastest of HC_BATCHES batches, ns per call, of each generator. */
static void hc_magic(long iters) {
  uint64_t st = 88172645463325252ull, acc = 0;
  md_u32_magic u;
  md_s32_magic s;
  md_u64_magic w;
  md_s64_magic sw;
  double best[4] = {1e30, 1e30, 1e30, 1e30};
  long per = iters / HC_BATCHES > 0 ? iters / HC_BATCHES : 1;
  for (int b = 0; b < HC_BATCHES; b++) {
    double t[5];
    t[0] = hc_now();
    for (long i = 0; i < per; i++) {
      st ^= st << 13, st ^= st >> 7, st ^= st << 17;
      md_magic_u32((uint32_t)st | 1u, &u);
      acc += u.m;
    }
    t[1] = hc_now();
    for (long i = 0; i < per; i++) {
      st ^= st << 13, st ^= st >> 7, st ^= st << 17;
      md_magic_s32((int32_t)st | 1, &s);
      acc += s.m;
    }
    t[2] = hc_now();
    for (long i = 0; i < per; i++) {
      st ^= st << 13, st ^= st >> 7, st ^= st << 17;
      md_magic_u64(st | 1u, &w);
      acc += w.m;
    }
    t[3] = hc_now();
    for (long i = 0; i < per; i++) {
      st ^= st << 13, st ^= st >> 7, st ^= st << 17;
      md_magic_s64((int64_t)(st | 1u), &sw);
      acc += sw.m;
    }
    t[4] = hc_now();
    for (int k = 0; k < 4; k++)
      if ((t[k + 1] - t[k]) / per < best[k])
        best[k] = (t[k + 1] - t[k]) / per;
  }
  hc_sink = acc;
  printf("magic generators: u32 %.1f ns, s32 %.1f ns, u64 %.1f ns, s64 %.1f "
         "ns per call (random divisors; xorshift step included)\n",
         best[0], best[1], best[2], best[3]);
}

static int hc_desc(const char *path, long iters) {
  size_t size;
  unsigned char *d = hc_read(path, &size);
  if (!d || size < MD_DESC_HEADER_SIZE) {
    fprintf(stderr, "md_bench_host_cost: cannot read %s\n", path);
    free(d);
    return 1;
  }
  const char *name = strrchr(path, '/');
  name = name ? name + 1 : path;
  unsigned np = hc_u16(d + 12), ndiv = hc_u16(d + 14);
  static unsigned char store[HC_MAX_PARAMS][HC_MAX_PARAM_BYTES];
  void *args[HC_MAX_PARAMS];
  void *out_args[HC_MAX_PARAMS + MD_MAX_EXTRA];
  if (np > HC_MAX_PARAMS ||
      MD_DESC_HEADER_SIZE + 4u * np > size) {
    fprintf(stderr, "md_bench_host_cost: %s: %u params unsupported\n", name,
            np);
    free(d);
    return 1;
  }
  hc_fill_args(d, np, store, args);
  md_dims dims = {{1024, 1, 1}, {256, 1, 1}};
  md_extra ex;
  int st = md_desc_validate(d, size);
  if (st != MD_OK) {
    printf("%s: invalid descriptor: %s\n", name, md_status_str(st));
    free(d);
    return 1;
  }
  st = md_desc_fill_validated(d, size, args, &dims, &ex);
  /* Each figure: the fastest of HC_BATCHES batches of iters/HC_BATCHES
   * calls (the machine is shared; the minimum is the least disturbed). */
  double best[4] = {1e30, 1e30, 1e30, 1e30};
  long per = iters / HC_BATCHES > 0 ? iters / HC_BATCHES : 1;
  for (int b = 0; b < HC_BATCHES; b++) {
    double t0 = hc_now();
    for (long i = 0; i < per; i++)
      st |= md_desc_fill_validated(d, size, args, &dims, &ex);
    double t1 = hc_now();
    for (long i = 0; i < per; i++) {
      st |= md_desc_fill_validated(d, size, args, &dims, &ex);
      st |= md_build_args(&ex, args, out_args,
                          sizeof out_args / sizeof out_args[0]);
    }
    double t2 = hc_now();
    for (long i = 0; i < per; i++)
      st |= md_desc_validate(d, size);
    double t3 = hc_now();
    for (long i = 0; i < per; i++)
      st |= md_desc_fill(d, size, args, &dims, &ex);
    double t4 = hc_now();
    double t[4] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3};
    for (int k = 0; k < 4; k++)
      if (t[k] / per < best[k])
        best[k] = t[k] / per;
  }
  hc_sink = ex.value[0];
  printf("%s divisors=%u extra=%u fill_ns=%.1f fill+args_ns=%.1f "
         "validate_ns=%.1f fill_unvalidated_ns=%.1f status=%s\n",
         name, ndiv, ex.n_extra, best[0], best[1], best[2], best[3],
         md_status_str(st));
  free(d);
  return st != MD_OK;
}

/* Exactly n calls of each md_magic_* generator, for instruction counts. */
static void hc_magic_calls(long n) {
  md_u32_magic u;
  md_s32_magic s;
  md_u64_magic w;
  md_s64_magic sw;
  uint64_t acc = 0;
  for (long i = 0; i < n; i++) {
    md_magic_u32(1000003u + 2654435761u * (uint32_t)i, &u);
    md_magic_s32(-1000003 - (int32_t)(i * 7919), &s);
    md_magic_u64(0x123456789abcdefull + 0x9E3779B97F4A7C15ull * (uint64_t)i,
                 &w);
    md_magic_s64(-0x123456789abcdefll - (int64_t)i * 104729, &sw);
    acc += u.m + s.m + w.m + sw.m;
  }
  hc_sink = acc;
}

/* Exactly n calls of the per-launch functions on one descriptor. */
static int hc_calls(const char *path, long n) {
  size_t size;
  unsigned char *d = hc_read(path, &size);
  if (!d)
    return 1;
  static unsigned char store[HC_MAX_PARAMS][HC_MAX_PARAM_BYTES];
  void *args[HC_MAX_PARAMS];
  void *out_args[HC_MAX_PARAMS + MD_MAX_EXTRA];
  unsigned np = size >= MD_DESC_HEADER_SIZE ? hc_u16(d + 12) : 0;
  if (np > HC_MAX_PARAMS || MD_DESC_HEADER_SIZE + 4u * np > size) {
    free(d);
    return 1;
  }
  hc_fill_args(d, np, store, args);
  md_dims dims = {{1024, 1, 1}, {256, 1, 1}};
  md_extra ex;
  int st = 0;
  for (long i = 0; i < n; i++) {
    st |= md_desc_validate(d, size);
    st |= md_desc_fill_validated(d, size, args, &dims, &ex);
    st |= md_build_args(&ex, args, out_args,
                        sizeof out_args / sizeof out_args[0]);
  }
  hc_sink = ex.value[0];
  free(d);
  return st != MD_OK;
}

int main(int argc, char **argv) {
  long iters = 1000000;
  int first = 1, rc = 0;
  if (argc >= 2 && strcmp(argv[1], "--launch") == 0)
    return md_launch_cost(argc == 4 && strcmp(argv[2], "--iters") == 0
                              ? atol(argv[3])
                              : 9000000);
  if (argc == 4 && strcmp(argv[1], "--launch-calls") == 0)
    return md_launch_cost_calls(argv[2], atol(argv[3]));
  if (argc >= 3 && strcmp(argv[1], "--calls") == 0) {
    if (argc == 3)
      hc_magic_calls(atol(argv[2]));
    return argc == 4 ? hc_calls(argv[3], atol(argv[2])) : 0;
  }
  if (argc > 2 && strcmp(argv[1], "--iters") == 0) {
    iters = atol(argv[2]);
    first = 3;
  }
  if (iters < 1)
    iters = 1;
  hc_magic(iters);
  for (int i = first; i < argc; i++)
    rc |= hc_desc(argv[i], iters);
  return rc;
}
