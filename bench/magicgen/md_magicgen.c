/*
 * md_magicgen.c -- cost of the magic-number generators (runtime/src/
 * md_magic.c), in ns per call, for each width, over a mix of divisors.
 *
 *   md_magicgen [--calls N] [--width u32|s32|u64|s64|all] [--reps R]
 *
 * Two loops per width over the same 4096 divisors (log-uniform magnitudes,
 * small values, powers of two, near the maximum; both signs when signed):
 *   thru  independent calls; results folded into a sink (throughput);
 *   chain each divisor depends on the previous call's s (s >> 6 == 0, which
 *         the compiler cannot know), so calls run back to back (latency).
 * The generators live in the static runtime library, so they are real
 * calls, never inlined or folded.  Prints the best of R repetitions.
 * Under valgrind --tool=callgrind, use --reps 1 and one width and divide
 * the generator's inclusive Ir by the call count.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "magicdiv/md_magic.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ND 4096

static uint64_t ds[ND];
static volatile uint64_t sink;

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Divisor mix for a width of `bits` (magnitude bits `mb`), as patterns. */
static void make_divisors(unsigned bits, int is_signed) {
  uint64_t st = 42, mask = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
  unsigned mb = bits - (unsigned)is_signed;
  for (int i = 0; i < ND; i++) {
    uint64_t r = splitmix64(&st), d;
    switch (i % 4) {
    case 0: { /* log-uniform magnitude */
      unsigned b = 1 + (unsigned)(r % mb);
      d = ((uint64_t)1 << (b - 1)) | (splitmix64(&st) & (((uint64_t)1 << (b - 1)) - 1));
      break;
    }
    case 1: /* small, as in shapes and strides */
      d = 1 + r % 1024;
      break;
    case 2: /* powers of two */
      d = (uint64_t)1 << (r % mb);
      break;
    default: /* large */
      d = (mask >> is_signed) - r % 65536;
      break;
    }
    if (is_signed && (splitmix64(&st) & 1))
      d = 0 - d;
    ds[i] = (d & mask) ? d & mask : 1;
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One loop body per width and mode; `dep` carries the chain. */
#define LOOP(T, CAST, FN, CHAIN)                                               \
  do {                                                                         \
    T g;                                                                       \
    uint64_t acc = 0, dep = 0;                                                 \
    for (uint64_t i = 0; i < calls; i++) {                                     \
      uint64_t d = ds[i & (ND - 1)] + (CHAIN ? dep : 0);                       \
      FN((CAST)d, &g);                                                         \
      acc += (uint64_t)g.m ^ (uint64_t)g.a;                                    \
      dep = (uint64_t)g.s >> 6; /* always 0 */                                 \
    }                                                                          \
    sink = acc + dep;                                                          \
  } while (0)

static double run(const char *w, int chain, uint64_t calls) {
  double t0 = now();
  if (!strcmp(w, "u32")) {
    if (chain) LOOP(md_u32_magic, uint32_t, md_magic_u32, 1);
    else LOOP(md_u32_magic, uint32_t, md_magic_u32, 0);
  } else if (!strcmp(w, "s32")) {
    if (chain) LOOP(md_s32_magic, int32_t, md_magic_s32, 1);
    else LOOP(md_s32_magic, int32_t, md_magic_s32, 0);
  } else if (!strcmp(w, "u64")) {
    if (chain) LOOP(md_u64_magic, uint64_t, md_magic_u64, 1);
    else LOOP(md_u64_magic, uint64_t, md_magic_u64, 0);
  } else {
    if (chain) LOOP(md_s64_magic, int64_t, md_magic_s64, 1);
    else LOOP(md_s64_magic, int64_t, md_magic_s64, 0);
  }
  return (now() - t0) * 1e9 / (double)calls;
}

int main(int argc, char **argv) {
  uint64_t calls = 20000000, reps = 5;
  const char *only = "all";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--calls"))
      calls = strtoull(argv[i + 1], NULL, 0);
    else if (!strcmp(argv[i], "--reps"))
      reps = strtoull(argv[i + 1], NULL, 0);
    else if (!strcmp(argv[i], "--width"))
      only = argv[i + 1];
    else {
      fprintf(stderr, "usage: md_magicgen [--calls N] [--reps R] "
                      "[--width u32|s32|u64|s64|all]\n");
      return 2;
    }
  }
  if (calls == 0 || reps == 0 || (argc - 1) % 2 != 0)
    return 2;
  static const char *names[] = {"u32", "s32", "u64", "s64"};
  for (int k = 0; k < 4; k++) {
    if (strcmp(only, "all") && strcmp(only, names[k]))
      continue;
    make_divisors(k < 2 ? 32 : 64, k & 1);
    double best[2] = {1e30, 1e30};
    for (uint64_t r = 0; r < reps; r++)
      for (int chain = 0; chain < 2; chain++) {
        double ns = run(names[k], chain, calls);
        if (ns < best[chain])
          best[chain] = ns;
      }
    printf("md_magic_%s: %.2f ns/call independent, %.2f ns/call chained "
           "(%" PRIu64 " calls x %" PRIu64 " reps, best)\n",
           names[k], best[0], best[1], calls, reps);
  }
  return 0;
}
