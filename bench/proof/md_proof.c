/*
 * md_proof.c -- exhaustive proof of the 32-bit magic generators and a
 * worst-case-dividend checker for the 64-bit ones (docs/PROOF.md).
 *
 *   md_proof u32    [--from A --to B] [--threads T]   every d in 1..2^32-1
 *   md_proof s32    [--from A --to B] [--threads T]   every nonzero int32 d
 *   md_proof u64    [--pairs P] [--seed S] [--threads T]   random divisors
 *   md_proof s64    [--pairs P] [--seed S] [--threads T]
 *   md_proof u64near [--span K] [--threads T]   d = 2^i + j, |j| <= K, ...
 *   md_proof lemma     machine check of the 4-dividend lemma itself at small
 *                      widths, for arbitrary (m, a, s), not only ours
 *
 * The argument (docs/PROOF.md): for the form q = floor((n*m + a) / 2^(N+s))
 * with any m, a >= 0 and dividends 0 <= n <= L (d - 1 <= L), the quotient
 * is floor(n/d) for EVERY such n as soon as it is right for the four
 * dividends d-1, n* (largest n <= L with n = d-1 mod d), M (largest
 * multiple of d <= L) and L.  So 4 checks per divisor prove a divisor.
 *
 *   u32: L = 2^32 - 1, through md_eval_u32 (the device sequence).
 *   s32: |n| <= 2^31 = L on the unsigned magic of |d|, plus md_eval_s32
 *        itself on +-(those dividends) against C, plus an exhaustive check of
 *        the two sign steps: the absolute value ((n ^ nsgn) - nsgn) for all
 *        2^32 n, and the conditional negate ((uq ^ t) - t) for every
 *        uq in 0..2^31 and t in {0, -1}.
 *   u64/s64: the same 4 (resp. 4 + 8 signed) dividends for random divisors
 *        (log-uniform, uniform, near powers of two, near the maximum): each
 *        divisor checked is proven; the divisor space is sampled.
 *
 * Prints: mode, divisors checked, pair checks, failures, threads, seconds.
 * Exits 1 if any check failed.  Failures (first 10) are printed in full.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "magicdiv/md_magic.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum mode { M_U32, M_S32, M_U64, M_S64, M_U64NEAR };

static enum mode g_mode;
static uint64_t g_lo, g_hi;     /* divisor index range, inclusive */
static uint64_t g_seed = 0x70726f6f66ull; /* "proof" */
static uint64_t g_span = 4096;  /* u64near: |j| <= span */
static atomic_uint_fast64_t g_next_chunk;
static atomic_uint_fast64_t g_fail_printed;
static pthread_mutex_t g_print_lock = PTHREAD_MUTEX_INITIALIZER;

#define CHUNK ((uint64_t)1 << 16) /* divisor indices per work item */

typedef struct worker {
  pthread_t tid;
  uint64_t divisors, checks, failures;
} worker;

static void report(worker *w, const char *what, uint64_t d, uint64_t n,
                   uint64_t want, uint64_t got) {
  w->failures++;
  if (atomic_fetch_add(&g_fail_printed, 1) >= 10)
    return;
  pthread_mutex_lock(&g_print_lock);
  printf("FAIL %s: d=0x%016" PRIx64 " n=0x%016" PRIx64 " expected 0x%016"
         PRIx64 " got 0x%016" PRIx64 "\n", what, d, n, want, got);
  fflush(stdout);
  pthread_mutex_unlock(&g_print_lock);
}

/*
 * The four worst-case dividends for divisor d and bound L (1 <= d <= L):
 * d-1, the largest n = d-1 (mod d) <= L, the largest multiple of d <= L,
 * and L.  All arithmetic is on values <= L, without wrap.
 */
static void worst4(uint64_t d, uint64_t L, uint64_t n[4]) {
  uint64_t M = L - L % d;
  n[0] = d - 1;
  n[1] = M <= L - (d - 1) ? M + (d - 1) : M - 1; /* M >= d >= 1 */
  n[2] = M;
  n[3] = L;
}

/* ---- 32-bit ---- */

static void prove_u32(worker *w, uint32_t d) {
  md_u32_magic g;
  uint64_t n[4];
  if (md_magic_u32(d, &g) != MD_OK) {
    report(w, "u32 generator", d, 0, 0, 1);
    return;
  }
  worst4(d, UINT32_MAX, n);
  for (int i = 0; i < 4; i++) {
    uint32_t x = (uint32_t)n[i], q = md_eval_u32(x, &g);
    if (q != x / d)
      report(w, "u32", d, x, x / d, q);
  }
  w->checks += 4;
}

static void prove_s32(worker *w, int32_t d) {
  md_s32_magic g;
  uint64_t n[4];
  uint32_t ud = d < 0 ? 0u - (uint32_t)d : (uint32_t)d;
  if (md_magic_s32(d, &g) != MD_OK || g.dsgn != (d < 0 ? -1 : 0)) {
    report(w, "s32 generator", (uint32_t)d, 0, 0, 1);
    return;
  }
  md_u32_magic u = {g.m, g.a, g.s};
  worst4(ud, (uint64_t)1 << 31, n); /* |n| <= 2^31 */
  for (int i = 0; i < 4; i++) {
    uint32_t x = (uint32_t)n[i], q = md_eval_u32(x, &u);
    if (q != x / ud)
      report(w, "s32 |n|/|d|", (uint32_t)d, x, x / ud, q);
    /* The whole signed sequence on +-x, against C (skip MIN / -1). */
    for (int sg = 0; sg < 2; sg++) {
      uint32_t bits = sg ? 0u - x : x;
      if ((!sg && x > INT32_MAX) || (bits == 0x80000000u && d == -1))
        continue;
      int32_t sn = (int32_t)bits, want = sn / d, got = md_eval_s32(sn, &g);
      if (got != want)
        report(w, "s32", (uint32_t)d, bits, (uint32_t)want, (uint32_t)got);
      if (sn >= 0 && md_eval_s32_nonneg(sn, &g) != want)
        report(w, "s32 nonneg", (uint32_t)d, bits, (uint32_t)want,
               (uint32_t)md_eval_s32_nonneg(sn, &g));
      w->checks++;
    }
  }
  w->checks += 4;
}

/*
 * The sign steps of md_eval_s32, exhaustively, for index i (0..2^32-1):
 *   abs:    n = (int32)i:  ((uint32)n ^ nsgn) - nsgn == |n| (2^31 for MIN)
 *   negate: uq = i <= 2^31: (uq ^ 0) - 0 == uq, (uq ^ -1) + 1 == -uq mod 2^32,
 *           and as int32 the negated value is -uq (so MIN for uq = 2^31).
 * Together with |n|/|d| exact (above) and C's truncation q = sign * |n|/|d|,
 * this covers every (n, d) of md_eval_s32.
 */
static void prove_s32_signs(worker *w, uint32_t i) {
  int32_t n = (int32_t)i;
  uint32_t nsgn = (uint32_t)(n < 0 ? -1 : 0);
  uint32_t un = ((uint32_t)n ^ nsgn) - nsgn;
  uint64_t mag = n < 0 ? (uint64_t)(-(int64_t)n) : (uint64_t)n;
  if (un != mag)
    report(w, "s32 abs", 0, i, mag, un);
  if (i <= 0x80000000u) {
    uint32_t pos = (i ^ 0u) - 0u, neg = (i ^ 0xFFFFFFFFu) + 1u;
    if (pos != i)
      report(w, "s32 fixup +", 0, i, i, pos);
    if ((int64_t)(int32_t)neg != -(int64_t)i)
      report(w, "s32 fixup -", 0, i, (uint64_t)-(int64_t)i, neg);
  }
  w->checks += 2;
}

/* ---- 64-bit ---- */

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A random divisor magnitude of `bits` bits (bits = 64 or 63), nonzero. */
static uint64_t draw_divisor(uint64_t *st, unsigned bits) {
  uint64_t r = splitmix64(st), mask = bits == 64 ? UINT64_MAX
                                                 : ((uint64_t)1 << bits) - 1;
  uint64_t d;
  switch (r % 10) {
  case 0: case 1: case 2: case 3: case 4: { /* log-uniform */
    unsigned b = 1 + (unsigned)(splitmix64(st) % bits);
    uint64_t top = (uint64_t)1 << (b - 1);
    d = top | (splitmix64(st) & (top - 1));
    break;
  }
  case 5: case 6: /* uniform */
    d = splitmix64(st) & mask;
    break;
  case 7: { /* 2^k + j, |j| <= 64 */
    unsigned k = (unsigned)(splitmix64(st) % bits);
    d = (((uint64_t)1 << k) + (splitmix64(st) % 129) - 64) & mask;
    break;
  }
  case 8: /* near the maximum */
    d = mask - (splitmix64(st) % 4096);
    break;
  default: { /* 2^a +- 2^b */
    unsigned a = (unsigned)(splitmix64(st) % bits);
    unsigned b = (unsigned)(splitmix64(st) % bits);
    d = r & 1 ? ((uint64_t)1 << a) + ((uint64_t)1 << b)
              : ((uint64_t)1 << a) - ((uint64_t)1 << b);
    d &= mask;
    break;
  }
  }
  return d == 0 ? 1 : d;
}

static void prove_u64(worker *w, uint64_t d) {
  md_u64_magic g;
  uint64_t n[4];
  if (md_magic_u64(d, &g) != MD_OK) {
    report(w, "u64 generator", d, 0, 0, 1);
    return;
  }
  worst4(d, UINT64_MAX, n);
  for (int i = 0; i < 4; i++) {
    uint64_t q = md_eval_u64(n[i], &g);
    if (q != n[i] / d)
      report(w, "u64", d, n[i], n[i] / d, q);
  }
  w->checks += 4;
  w->divisors++;
}

/* ud = |d| in 1..2^63, d = ud or -ud (as int64). */
static void prove_s64(worker *w, uint64_t ud, int neg) {
  uint64_t dbits = neg ? 0 - ud : ud, n[4];
  int64_t d = (int64_t)dbits;
  md_s64_magic g;
  if (md_magic_s64(d, &g) != MD_OK || g.dsgn != (d < 0 ? -1 : 0)) {
    report(w, "s64 generator", dbits, 0, 0, 1);
    return;
  }
  md_u64_magic u = {g.m, g.a, g.s};
  worst4(ud, (uint64_t)1 << 63, n);
  for (int i = 0; i < 4; i++) {
    uint64_t x = n[i], q = md_eval_u64(x, &u);
    if (q != x / ud)
      report(w, "s64 |n|/|d|", dbits, x, x / ud, q);
    for (int sg = 0; sg < 2; sg++) {
      uint64_t bits = sg ? 0 - x : x;
      if ((!sg && x > INT64_MAX) || (bits == (uint64_t)1 << 63 && d == -1))
        continue;
      int64_t sn = (int64_t)bits, want = sn / d, got = md_eval_s64(sn, &g);
      if (got != want)
        report(w, "s64", dbits, bits, (uint64_t)want, (uint64_t)got);
      if (sn >= 0 && md_eval_s64_nonneg(sn, &g) != want)
        report(w, "s64 nonneg", dbits, bits, (uint64_t)want,
               (uint64_t)md_eval_s64_nonneg(sn, &g));
      w->checks++;
    }
  }
  w->checks += 4;
  w->divisors++;
}

/* u64near index i -> divisor: the span around each power of two, then the
 * span below 2^64.  Returns 0 for indices that map to no divisor. */
static uint64_t near_divisor(uint64_t i) {
  uint64_t per = 2 * g_span + 1;
  if (i < 64 * per) {
    unsigned k = (unsigned)(i / per);
    uint64_t j = i % per; /* d = 2^k + j - span */
    uint64_t p = (uint64_t)1 << k;
    if (j < g_span && g_span - j >= p)
      return 0; /* would be <= 0; those small d are covered at k large */
    return p + j - g_span;
  }
  i -= 64 * per;
  return i < g_span ? UINT64_MAX - i : 0;
}

/* ---- the lemma itself, at small widths ---- */

/*
 * For N-bit m, a, shift s, divisor d and bound L: does floor((n*m + a) /
 * 2^(N+s)) = floor(n/d) hold for all n in [0, L]?  (N <= 12: fits easily.)
 */
static int form_ok(uint64_t n, uint64_t m, uint64_t a, unsigned N, unsigned s,
                   uint64_t d) {
  return ((n * m + a) >> (N + s)) == n / d;
}

/*
 * Exhaustively confirm "right at the four worst-case dividends => right for
 * every n <= L" over every d, s, m and a set of addends, for N = 6 (every a)
 * and N = 8 (a in {0, m, 1, 2^N-1, m/2}), with L = 2^N - 1 and L = 2^(N-1).
 * Counts the forms that are exact (so the check is not vacuous) and the
 * counterexamples to the lemma (must be 0).
 */
static int run_lemma(void) {
  uint64_t forms = 0, exact = 0, counter = 0;
  for (unsigned N = 6; N <= 8; N += 2) {
    uint64_t top = ((uint64_t)1 << N) - 1;
    for (int lk = 0; lk < 2; lk++) {
      uint64_t L = lk ? (uint64_t)1 << (N - 1) : top;
      for (uint64_t d = 1; d <= L; d++)
        for (unsigned s = 0; s < N; s++)
          for (uint64_t m = 0; m <= top; m++) {
            uint64_t as[5] = {0, m, 1, top, m / 2};
            uint64_t na = N == 6 ? top + 1 : 5;
            for (uint64_t ai = 0; ai < na; ai++) {
              uint64_t a = N == 6 ? ai : as[ai], w[4];
              int all = 1, four = 1;
              worst4(d, L, w);
              for (int i = 0; i < 4; i++)
                four &= form_ok(w[i], m, a, N, s, d);
              for (uint64_t n = 0; n <= L && all; n++)
                all &= form_ok(n, m, a, N, s, d);
              forms++;
              exact += (uint64_t)all;
              if (four && !all) {
                if (counter++ < 10)
                  printf("FAIL lemma: N=%u L=%" PRIu64 " d=%" PRIu64
                         " m=%" PRIu64 " a=%" PRIu64 " s=%u\n",
                         N, L, d, m, a, s);
              }
            }
          }
    }
  }
  printf("md_proof lemma: forms %" PRIu64 ", exact forms %" PRIu64
         ", counterexamples %" PRIu64 "\n", forms, exact, counter);
  return counter != 0;
}

/* ---- driver ---- */

static void *work(void *arg) {
  worker *w = arg;
  for (;;) {
    uint64_t c = atomic_fetch_add(&g_next_chunk, 1);
    uint64_t lo = g_lo + c * CHUNK;
    if (lo > g_hi || lo < g_lo)
      return NULL;
    uint64_t hi = g_hi - lo < CHUNK - 1 ? g_hi : lo + CHUNK - 1;
    uint64_t st = g_seed ^ (c * 0xD1B54A32D192ED03ull); /* per chunk */
    for (uint64_t i = lo;; i++) {
      switch (g_mode) {
      case M_U32:
        prove_u32(w, (uint32_t)i);
        w->divisors++;
        break;
      case M_S32:
        if ((uint32_t)i != 0) {
          prove_s32(w, (int32_t)(uint32_t)i);
          w->divisors++;
        }
        prove_s32_signs(w, (uint32_t)i);
        break;
      case M_U64:
        prove_u64(w, draw_divisor(&st, 64));
        break;
      case M_S64: { /* |d| = 2^63 (INT64_MIN) now and then */
        uint64_t ud = splitmix64(&st) % 65536 == 0 ? (uint64_t)1 << 63
                                                   : draw_divisor(&st, 63);
        prove_s64(w, ud, (int)(splitmix64(&st) & 1));
        break;
      }
      case M_U64NEAR: {
        uint64_t d = near_divisor(i);
        if (d)
          prove_u64(w, d);
        break;
      }
      }
      if (i == hi)
        break;
    }
  }
}

static int usage(void) {
  fprintf(stderr,
          "usage: md_proof u32|s32 [--from A] [--to B] [--threads T]\n"
          "       md_proof u64|s64 [--pairs P] [--seed S] [--threads T]\n"
          "       md_proof u64near [--span K] [--threads T]\n"
          "       md_proof lemma\n");
  return 2;
}

int main(int argc, char **argv) {
  static const char *names[] = {"u32", "s32", "u64", "s64", "u64near"};
  int mode = -1;
  if (argc == 2 && strcmp(argv[1], "lemma") == 0)
    return run_lemma();
  if (argc >= 2)
    for (int i = 0; i < 5; i++)
      if (strcmp(argv[1], names[i]) == 0)
        mode = i;
  if (mode < 0)
    return usage();
  g_mode = (enum mode)mode;
  uint64_t from = g_mode == M_S32 ? 0 : 1, to = UINT32_MAX;
  uint64_t pairs = 100000000, threads = 2;
  for (int i = 2; i + 1 < argc; i += 2) {
    uint64_t v = strtoull(argv[i + 1], NULL, 0);
    if (strcmp(argv[i], "--from") == 0)
      from = v;
    else if (strcmp(argv[i], "--to") == 0)
      to = v;
    else if (strcmp(argv[i], "--pairs") == 0)
      pairs = v;
    else if (strcmp(argv[i], "--seed") == 0)
      g_seed = v;
    else if (strcmp(argv[i], "--threads") == 0)
      threads = v;
    else if (strcmp(argv[i], "--span") == 0)
      g_span = v;
    else
      return usage();
  }
  if (threads < 1 || threads > 256 || (argc - 2) % 2 != 0)
    return usage();
  /* Divisor index ranges.  u64: 4 pair checks per divisor.  s64: 4
   * magnitude checks plus up to 8 signed ones, of which +2^63 (not an int64)
   * and sometimes n* or M = 2^63 are skipped: at least 9, so --pairs P
   * gives at least P checks (the exact count is printed). */
  switch (g_mode) {
  case M_U32:
  case M_S32:
    if (from > to || to > UINT32_MAX || (g_mode == M_U32 && from == 0))
      return usage();
    g_lo = from;
    g_hi = to;
    break;
  case M_U64:
  case M_S64: {
    uint64_t per = g_mode == M_U64 ? 4 : 9, nd = (pairs + per - 1) / per;
    if (nd == 0)
      return usage();
    g_lo = 0;
    g_hi = nd - 1;
    break;
  }
  case M_U64NEAR:
    if (g_span == 0 || g_span > ((uint64_t)1 << 40))
      return usage();
    g_lo = 0;
    g_hi = 64 * (2 * g_span + 1) + g_span - 1;
    break;
  }

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  worker *ws = calloc(threads, sizeof *ws);
  if (!ws)
    return 2;
  for (uint64_t t = 0; t < threads; t++)
    if (pthread_create(&ws[t].tid, NULL, work, &ws[t]) != 0) {
      fprintf(stderr, "md_proof: pthread_create failed\n");
      return 2;
    }
  uint64_t divisors = 0, checks = 0, failures = 0;
  for (uint64_t t = 0; t < threads; t++) {
    pthread_join(ws[t].tid, NULL);
    divisors += ws[t].divisors;
    checks += ws[t].checks;
    failures += ws[t].failures;
  }
  free(ws);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (double)(t1.tv_sec - t0.tv_sec) +
                (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  printf("md_proof %s: divisor indices %" PRIu64 "..%" PRIu64
         ", divisors checked %" PRIu64 ", pair checks %" PRIu64
         ", failures %" PRIu64 ", threads %" PRIu64 ", seed 0x%" PRIx64
         ", %.2f s\n",
         names[mode], g_lo, g_hi, divisors, checks, failures, threads, g_seed,
         secs);
  return failures != 0;
}
