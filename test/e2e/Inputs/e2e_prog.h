/*
 * e2e_prog.h -- the end-to-end program, shared by the CUDA (cuda-e2e.cu)
 * and HIP (hip-e2e.hip) builds: GPU(Malloc) is cudaMalloc or hipMalloc.
 *
 * Kernels: 32- and 64-bit, unsigned and signed division and remainder by a
 * kernel parameter, a 64-bit dividend by a sign-extended 32-bit divisor,
 * and index math on the fields of a struct passed by value, and the
 * padding shape (pos = idx - 3*pad) whose clone bets pos >= 0: for pad > 0
 * that bet fails and (CUDA) the plain clone K__magicdiv_plain runs.
 * Launches go to two streams, alternately.
 *
 * With a GPU: every kernel runs over many divisors (1, powers of two and
 * their neighbours, negatives, the extremes, pseudo-random values) and
 * 4096 dividends (edge values and pseudo-random ones), once as the
 * original kernel (MAGICDIV_DISABLE=1 + md_launch_reset) and once through
 * the magicdiv clones; both must equal the CPU reference on every element,
 * else the program prints the first mismatches and exits 1.  Built with
 * -DMD_NO_RUNTIME (host compiled without the plugin) it runs the original
 * pass only.  The clone pass runs with MAGICDIV_CHOICE=clone (every launch
 * a clone, none timed against its original); then E2E_EXTRA(&bufs), when
 * the including program defines it, runs its own scenario.  Without a
 * usable GPU it prints the runtime's error, tries one launch (which must
 * report an error, not crash) and exits 2.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef MD_NO_RUNTIME
#include "magicdiv/md_api_common.h"
#endif

#define N_X 4096

struct Shape {
  int n, c, h, w;
};

__global__ void k_u32(unsigned *q, unsigned *r, const unsigned *x, int n,
                      unsigned d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    q[i] = x[i] / d;
    r[i] = x[i] % d;
  }
}

__global__ void k_s32(int *q, int *r, const int *x, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    q[i] = x[i] / d;
    r[i] = x[i] % d;
  }
}

__global__ void k_u64(unsigned long long *q, unsigned long long *r,
                      const unsigned long long *x, int n,
                      unsigned long long d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    q[i] = x[i] / d;
    r[i] = x[i] % d;
  }
}

__global__ void k_s64(long long *q, long long *r, const long long *x, int n,
                      long long d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    q[i] = x[i] / d;
    r[i] = x[i] % d;
  }
}

/* 64-bit dividend, 32-bit divisor (sign-extended). */
__global__ void k_mixed(long long *q, const long long *x, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    q[i] = x[i] / d;
}

/* NCHW index decomposition with the shape passed by value. */
__global__ void k_shape(int *out, Shape s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.n * s.c * s.h * s.w) {
    int w = i % s.w;
    int h = (i / s.w) % s.h;
    int c = (i / (s.w * s.h)) % s.c;
    int n = i / (s.w * s.h * s.c);
    out[i] = ((n * 7 + c) * 13 + h) * 17 + w;
  }
}

#define CHECK(call)                                                            \
  do {                                                                         \
    GPU(Error_t) e_ = (call);                                                  \
    if (e_ != GPU(Success)) {                                                  \
      fprintf(stderr, "e2e: %s: %s error %d (%s)\n", #call, GPU_NAME,        \
              (int)e_, GPU(GetErrorName)(e_));                                 \
      exit(3);                                                                 \
    }                                                                          \
  } while (0)

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t next_rand(void) { /* xorshift64 */
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Dividends: edge values of every width, then pseudo-random ones. */
static void fill_x(uint64_t *x) {
  static const uint64_t edge[] = {
      0, 1, 2, 3, 7, 8, 9, 100, 255, 256, 1000, 65535, 65536, 0x7ffffffeull,
      0x7fffffffull, 0x80000000ull, 0x80000001ull, 0xfffffffeull,
      0xffffffffull, 0x100000000ull, 0x100000001ull, 0x7fffffffffffffffull,
      0x8000000000000000ull, 0x8000000000000001ull, 0xfffffffffffffffeull,
      0xffffffffffffffffull};
  int n = (int)(sizeof edge / sizeof edge[0]), i;
  for (i = 0; i < N_X; i++) {
    uint64_t r = next_rand();
    if (i < n)
      x[i] = edge[i];
    else if (i < 2 * n)
      x[i] = (uint64_t)0 - edge[i - n]; /* negated edges */
    else if (i % 4 == 0)
      x[i] = r >> (r % 64); /* small and large magnitudes */
    else if (i % 4 == 1)
      x[i] = (uint64_t)(int64_t)(int32_t)r; /* sign-extended 32-bit */
    else
      x[i] = r;
  }
}

/* Divisors: 1, powers of two and neighbours, extremes, random; signed
 * lists add the negations. */
static int divisors(uint64_t *d, int bits, int is_signed) {
  int n = 0, k;
  uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
  for (k = 0; k < bits; k++) {
    uint64_t p = 1ull << k;
    d[n++] = p;
    d[n++] = (p + 1) & mask;
    d[n++] = (p - 1) & mask;
  }
  d[n++] = 3;
  d[n++] = 7;
  d[n++] = 10;
  d[n++] = 641;
  d[n++] = 6700417;
  d[n++] = mask;
  d[n++] = mask >> 1;
  for (k = 0; k < 24; k++)
    d[n++] = next_rand() >> (next_rand() % (unsigned)bits) & mask;
  if (is_signed) {
    int m = n;
    for (k = 0; k < m; k++)
      d[n++] = (0 - d[k]) & mask;
  }
  for (k = 0; k < n; k++) /* no zero divisors */
    if (d[k] == 0)
      d[k] = 1;
  return n;
}

static long mismatches;

static void report(const char *kern, uint64_t d, int i, uint64_t x,
                   uint64_t got, uint64_t want, const char *what) {
  if (mismatches++ < 8)
    fprintf(stderr,
            "e2e: MISMATCH %s (%s) d=%#llx x[%d]=%#llx: got %#llx want "
            "%#llx\n",
            kern, what, (unsigned long long)d, i, (unsigned long long)x,
            (unsigned long long)got, (unsigned long long)want);
}
/* The padding shape: the ranged clone assumes pos >= 0 (a requirement on
 * pad); launches with pad > 0 run the plain clone, where the pass made one. */
__global__ void k_pad(int *q, int *r, int n, int pad, int total) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < total) {
    int pos = idx - 3 * pad;
    q[idx] = pos / (n + pad);
    r[idx] = pos % (n + pad);
  }
}

struct Bufs {
  void *x, *q, *r; /* device */
  GPU(Stream_t) s[2];
};

/* Runs every kernel over every divisor; checks against the CPU. */
static void run_all(struct Bufs *b, const uint64_t *x64, const char *what) {
  static uint64_t dl[512];
  static uint64_t hq[N_X], hr[N_X];
  static uint32_t x32[N_X], q32[N_X], r32[N_X];
  int nd, j, i, launch = 0;
  int blocks = (N_X + 255) / 256;
  long checked = 0;

  /* u32 and s32: the low 32 bits of the dividends. */
  for (i = 0; i < N_X; i++)
    x32[i] = (uint32_t)x64[i];
  for (int sgn = 0; sgn < 2; sgn++) {
    nd = divisors(dl, 32, sgn);
    for (j = 0; j < nd; j++) {
      GPU(Stream_t) s = b->s[launch++ % 2];
      uint32_t d = (uint32_t)dl[j];
      static uint32_t xs[N_X];
      for (i = 0; i < N_X; i++) /* INT_MIN / -1 is undefined */
        xs[i] = (sgn && (int32_t)d == -1 && x32[i] == 0x80000000u) ? 0 : x32[i];
      CHECK(GPU(MemcpyAsync)(b->x, xs, sizeof xs, GPU(MemcpyHostToDevice), s));
      if (sgn)
        k_s32<<<blocks, 256, 0, s>>>((int *)b->q, (int *)b->r,
                                     (const int *)b->x, N_X, (int)d);
      else
        k_u32<<<blocks, 256, 0, s>>>((unsigned *)b->q, (unsigned *)b->r,
                                     (const unsigned *)b->x, N_X, d);
      CHECK(GPU(GetLastError)());
      CHECK(GPU(MemcpyAsync)(q32, b->q, sizeof q32, GPU(MemcpyDeviceToHost), s));
      CHECK(GPU(MemcpyAsync)(r32, b->r, sizeof r32, GPU(MemcpyDeviceToHost), s));
      CHECK(GPU(StreamSynchronize)(s));
      for (i = 0; i < N_X; i++) {
        uint32_t wq, wr;
        if (sgn) {
          wq = (uint32_t)((int32_t)xs[i] / (int32_t)d);
          wr = (uint32_t)((int32_t)xs[i] % (int32_t)d);
        } else {
          wq = xs[i] / d;
          wr = xs[i] % d;
        }
        if (q32[i] != wq || r32[i] != wr)
          report(sgn ? "k_s32" : "k_u32", d, i, xs[i],
                 q32[i] != wq ? q32[i] : r32[i], q32[i] != wq ? wq : wr, what);
        checked++;
      }
    }
  }

  /* u64 and s64 */
  for (int sgn = 0; sgn < 2; sgn++) {
    nd = divisors(dl, 64, sgn);
    for (j = 0; j < nd; j++) {
      GPU(Stream_t) s = b->s[launch++ % 2];
      uint64_t d = dl[j];
      static uint64_t xs[N_X];
      for (i = 0; i < N_X; i++)
        xs[i] = (sgn && (int64_t)d == -1 && x64[i] == 0x8000000000000000ull)
                    ? 0
                    : x64[i];
      CHECK(GPU(MemcpyAsync)(b->x, xs, sizeof xs, GPU(MemcpyHostToDevice), s));
      if (sgn)
        k_s64<<<blocks, 256, 0, s>>>((long long *)b->q, (long long *)b->r,
                                     (const long long *)b->x, N_X,
                                     (long long)d);
      else
        k_u64<<<blocks, 256, 0, s>>>((unsigned long long *)b->q,
                                     (unsigned long long *)b->r,
                                     (const unsigned long long *)b->x, N_X, d);
      CHECK(GPU(GetLastError)());
      CHECK(GPU(MemcpyAsync)(hq, b->q, sizeof hq, GPU(MemcpyDeviceToHost), s));
      CHECK(GPU(MemcpyAsync)(hr, b->r, sizeof hr, GPU(MemcpyDeviceToHost), s));
      CHECK(GPU(StreamSynchronize)(s));
      for (i = 0; i < N_X; i++) {
        uint64_t wq, wr;
        if (sgn) {
          wq = (uint64_t)((int64_t)xs[i] / (int64_t)d);
          wr = (uint64_t)((int64_t)xs[i] % (int64_t)d);
        } else {
          wq = xs[i] / d;
          wr = xs[i] % d;
        }
        if (hq[i] != wq || hr[i] != wr)
          report(sgn ? "k_s64" : "k_u64", d, i, xs[i],
                 hq[i] != wq ? hq[i] : hr[i], hq[i] != wq ? wq : wr, what);
        checked++;
      }
    }
  }

  /* mixed: 64-bit dividend / sign-extended 32-bit divisor */
  nd = divisors(dl, 32, 1);
  for (j = 0; j < nd; j++) {
    GPU(Stream_t) s = b->s[launch++ % 2];
    int32_t d = (int32_t)(uint32_t)dl[j];
    static uint64_t xs[N_X];
    for (i = 0; i < N_X; i++)
      xs[i] = (d == -1 && x64[i] == 0x8000000000000000ull) ? 0 : x64[i];
    CHECK(GPU(MemcpyAsync)(b->x, xs, sizeof xs, GPU(MemcpyHostToDevice), s));
    k_mixed<<<blocks, 256, 0, s>>>((long long *)b->q, (const long long *)b->x,
                                   N_X, d);
    CHECK(GPU(GetLastError)());
    CHECK(GPU(MemcpyAsync)(hq, b->q, sizeof hq, GPU(MemcpyDeviceToHost), s));
    CHECK(GPU(StreamSynchronize)(s));
    for (i = 0; i < N_X; i++) {
      uint64_t wq = (uint64_t)((int64_t)xs[i] / (int64_t)d);
      if (hq[i] != wq)
        report("k_mixed", (uint64_t)(int64_t)d, i, xs[i], hq[i], wq, what);
      checked++;
    }
  }

  /* shapes, by value */
  {
    static const struct Shape shapes[] = {{1, 1, 1, 1},   {2, 3, 5, 7},
                                          {1, 1, 1, 4096}, {4096, 1, 1, 1},
                                          {3, 1, 37, 31}, {2, 2, 32, 16},
                                          {1, 64, 1, 64}, {5, 9, 11, 8}};
    static int out[N_X];
    for (j = 0; j < (int)(sizeof shapes / sizeof shapes[0]); j++) {
      GPU(Stream_t) s = b->s[launch++ % 2];
      struct Shape sh = shapes[j];
      int total = sh.n * sh.c * sh.h * sh.w;
      CHECK(GPU(MemsetAsync)(b->q, 0xff, sizeof out, s));
      k_shape<<<(total + 127) / 128, 128, 0, s>>>((int *)b->q, sh);
      CHECK(GPU(GetLastError)());
      CHECK(GPU(MemcpyAsync)(out, b->q, sizeof out, GPU(MemcpyDeviceToHost), s));
      CHECK(GPU(StreamSynchronize)(s));
      for (i = 0; i < total; i++) {
        int w = i % sh.w, h = (i / sh.w) % sh.h, c = (i / (sh.w * sh.h)) % sh.c,
            n = i / (sh.w * sh.h * sh.c);
        int want = ((n * 7 + c) * 13 + h) * 17 + w;
        if (out[i] != want)
          report("k_shape", (uint64_t)j, i, (uint64_t)i, (uint64_t)out[i],
                 (uint64_t)want, what);
        checked++;
      }
    }
  }
  /* padding: pad <= 0 runs the ranged clone, pad > 0 the plain one */
  {
    static const int pads[] = {0, -2, 1, 3, 100}, ns[] = {1, 7, 64, 1000};
    static int q[N_X], r[N_X];
    for (size_t p = 0; p < sizeof pads / sizeof pads[0]; p++)
      for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
        GPU(Stream_t) s = b->s[launch++ % 2];
        int pad = pads[p], n = ns[k];
        k_pad<<<blocks, 256, 0, s>>>((int *)b->q, (int *)b->r, n, pad, N_X);
        CHECK(GPU(GetLastError)());
        CHECK(GPU(MemcpyAsync)(q, b->q, sizeof q, GPU(MemcpyDeviceToHost), s));
        CHECK(GPU(MemcpyAsync)(r, b->r, sizeof r, GPU(MemcpyDeviceToHost), s));
        CHECK(GPU(StreamSynchronize)(s));
        for (i = 0; i < N_X; i++) {
          int pos = i - 3 * pad, wq = pos / (n + pad), wr = pos % (n + pad);
          if (q[i] != wq || r[i] != wr)
            report("k_pad", (uint64_t)(int64_t)(n + pad), i,
                   (uint64_t)(int64_t)pos,
                   (uint64_t)(int64_t)(q[i] != wq ? q[i] : r[i]),
                   (uint64_t)(int64_t)(q[i] != wq ? wq : wr), what);
          checked++;
        }
      }
  }
  printf("e2e: %s: %d launches, %ld results checked, %ld mismatches\n", what,
         launch, checked, mismatches);
}

int main(void) {
  static uint64_t x64[N_X];
  struct Bufs b;
  int ndev = 0;
  GPU(Error_t) e;
  setvbuf(stdout, NULL, _IOLBF, 0); /* its lines in order with the log's */
  e = GPU(GetDeviceCount)(&ndev);
  if (e != GPU(Success) || ndev == 0) {
    unsigned *null_ptr = NULL, d = 3;
    int one = 1;
    void *args[5] = {&null_ptr, &null_ptr, &null_ptr, &one, &d};
    fprintf(stderr, "e2e: no usable GPU: %s error %d (%s)\n", GPU_NAME,
            (int)e, GPU(GetErrorName)(e));
    /* A launch still goes through the rerouted path (a direct API call:
     * HIP skips a <<<>>> launch whose configuration push failed) and must
     * report an error, not crash. */
    e = GPU(LaunchKernel)((const void *)k_u32, dim3(1), dim3(1), args, 0,
                          0);
    fprintf(stderr, "e2e: launch without a GPU: %s error %d (%s)\n", GPU_NAME,
            (int)e, GPU(GetErrorName)(e));
    (void)GPU(GetLastError)();
    return 2;
  }
  fill_x(x64);
  CHECK(GPU(Malloc)(&b.x, sizeof x64));
  CHECK(GPU(Malloc)(&b.q, sizeof x64));
  CHECK(GPU(Malloc)(&b.r, sizeof x64));
  CHECK(GPU(StreamCreateWithFlags)(&b.s[0], GPU(StreamNonBlocking)));
  CHECK(GPU(StreamCreateWithFlags)(&b.s[1], GPU(StreamNonBlocking)));

#ifndef MD_NO_RUNTIME
  setenv("MAGICDIV_DISABLE", "1", 1);
  md_launch_reset();
#endif
  run_all(&b, x64, "original kernels");
#ifndef MD_NO_RUNTIME
  unsetenv("MAGICDIV_DISABLE");
  setenv("MAGICDIV_CHOICE", "clone", 1); /* every launch checks a clone */
  md_launch_reset();
  run_all(&b, x64, "magicdiv clones");
  unsetenv("MAGICDIV_CHOICE");
  md_launch_reset();
#ifdef E2E_EXTRA
  E2E_EXTRA(&b); /* the including program's own scenario */
#endif
#endif
  CHECK(GPU(StreamDestroy)(b.s[0]));
  CHECK(GPU(StreamDestroy)(b.s[1]));
  CHECK(GPU(Free)(b.x));
  CHECK(GPU(Free)(b.q));
  CHECK(GPU(Free)(b.r));
  if (mismatches) {
    printf("e2e: FAILED: %ld mismatches\n", mismatches);
    return 1;
  }
  printf("e2e: all results match the CPU reference\n");
  return 0;
}
