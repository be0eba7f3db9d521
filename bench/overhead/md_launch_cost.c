/*
 * md_launch_cost.c -- end-to-end host cost of a launch through the runtime
 * (md_cuda_launch) against the plain launch call through the same kind of
 * function pointer, on a no-op CUDA driver (md_cuda_set_driver) and a no-op
 * cudaLaunchKernel: what the runtime itself adds to every launch.
 *
 *   md_bench_host_cost --launch [--iters N]
 *   md_bench_host_cost --launch-calls ROW N   (for callgrind: exactly N
 *       launches of row ROW after LC_WARMUP warm-up launches, no timing)
 *
 * Rows (kernels with 1..16 u32 divisors, each divisor one parameter; the
 * descriptors are built here in the pass's format):
 *   plain         api->launch_kernel(...) itself
 *   noclone       a kernel whose module has no clone (the original runs)
 *   div1/4/16     1, 4, 16 divisors, the same arguments every launch
 *   plain-fresh   the plain call with 16 new argument values every launch
 *                 (a xorshift step each: what a program computing new
 *                 shapes pays anyway)
 *   div16-fresh   16 divisors, the same 16 new values every launch
 *   hip-div4/16   div4 and div16 through md_hip_launch (the clone's handle
 *                 and descriptor from the host pass, launched through the
 *                 program's hipLaunchKernel)
 *   hip-stub16    stub16 through md_hip_launch with MD_API_FRAME_ARGS
 *                 (against stub16-plain)
 *   range1        1 divisor and a launch-checked dividend range: the
 *                 requirement grid.x * block.x <= 2^31 that `idx / d` with
 *                 idx = blockIdx.x * blockDim.x + threadIdx.x gets (a
 *                 record that uses the launch geometry); the same
 *                 arguments and geometry every launch
 *   stub4/16      4 and 16 divisors launched as a clang <<<>>> stub does:
 *                 a function with one u32 parameter per divisor builds
 *                 its argument array from the addresses of its own
 *                 (spilled) parameters and calls md_cuda_launch through
 *                 an md_cuda_api with MD_API_FRAME_ARGS, as the host pass
 *                 makes for such a site; the same values every launch
 *   stub4/16-plain the same stubs calling api->launch_kernel: what the
 *                 program's stub costs without magicdiv
 *   div4-orig     4 divisors, a kernel whose measured choice kept the
 *                 original (its clone times slower)
 * The driver has events (complete at once; a clone times 1 ms, an
 * original 2 ms, div4-orig's clone 3 ms), so every kernel with a clone
 * goes through the measured choice's trials on its first launches
 * (LC_WARMUP of them before any timing or counting): the rows are the
 * launches after the decision.
 * Every row is timed (thread CPU time) in each of LC_BATCHES interleaved
 * batches; the table
 * gives the fastest and the median batch, ns per launch, and both as
 * multiples of the plain call's (the fresh row: also of plain-fresh).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_cuda_driver.h"
#include "magicdiv/md_hip.h"
#include "md_launch_cost.h"

#define LC_BATCHES 9
#define LC_MAXDIV 16

enum {
  LC_PLAIN,
  LC_NOCLONE,
  LC_DIV1,
  LC_DIV4,
  LC_DIV16,
  LC_PLAIN_FRESH,
  LC_FRESH,
  LC_STUB4_PLAIN,
  LC_STUB4,
  LC_STUB16_PLAIN,
  LC_STUB16,
  LC_RANGE1,
  LC_HIP4,
  LC_HIP16,
  LC_HIP_STUB16,
  LC_DIV4_ORIG,
  LC_ROWS
};
#define LC_WARMUP 64 /* launches per row before timing: the trials */
static const char *const lc_row_name[LC_ROWS] = {
    "plain",       "noclone",     "div1",        "div4",
    "div16",       "plain-fresh", "div16-fresh", "stub4-plain",
    "stub4",       "stub16-plain", "stub16",     "range1",
    "hip-div4",    "hip-div16",   "hip-stub16",  "div4-orig"};

/* ---- the no-op driver: one context, one module ---- */

typedef struct lc_fn {
  const char *name;
} lc_fn;

#define LC_CLONES 5 /* k1, k4, k16, kr1, k4s */
static lc_fn lc_orig[LC_CLONES + 1] = {
    {"k_noclone"}, {"k1"}, {"k4"}, {"k16"}, {"kr1"}, {"k4s"}};
static lc_fn lc_clone[LC_CLONES] = {{"k1__magicdiv"},  {"k4__magicdiv"},
                                    {"k16__magicdiv"}, {"kr1__magicdiv"},
                                    {"k4s__magicdiv"}};
static char lc_stub[LC_CLONES + 1]; /* host stubs: their addresses are the
                                       keys */
static unsigned char lc_desc[LC_CLONES][512];
static size_t lc_desc_n[LC_CLONES];
static const char *const lc_desc_name[LC_CLONES] = {
    "k1__magicdiv_desc", "k4__magicdiv_desc", "k16__magicdiv_desc",
    "kr1__magicdiv_desc", "k4s__magicdiv_desc"};
static int lc_module; /* its address is the module */
static volatile unsigned lc_launches;
static const void *lc_last_fn; /* the last function launched */
static char lc_hip_clone[3];   /* HIP's registered clone handles */

/* ---- events: done at once; the time of the function launched last ---- */

static int lc_ev_create(void **ev, unsigned flags) {
  (void)flags;
  return (*ev = malloc(sizeof(const void *))) ? 0 : 2;
}
static int lc_ev_record(void *ev, void *stream) {
  (void)stream;
  memcpy(ev, &lc_last_fn, sizeof lc_last_fn);
  return 0;
}
static int lc_ev_query(void *ev) {
  (void)ev;
  return 0;
}
static int lc_ev_elapsed(float *ms, void *start, void *stop) {
  const void *fn;
  (void)start;
  memcpy(&fn, stop, sizeof fn);
  *ms = fn == (const void *)&lc_clone[4] ? 3.0f
        : (fn >= (const void *)lc_clone &&
           fn < (const void *)(lc_clone + LC_CLONES)) ||
                (fn >= (const void *)lc_hip_clone &&
                 fn < (const void *)(lc_hip_clone + 3))
            ? 1.0f
            : 2.0f;
  return 0;
}
static int lc_ev_destroy(void *ev) {
  free(ev);
  return 0;
}
static int lc_not_capturing(void *stream, int *status) {
  (void)stream;
  *status = 0;
  return 0;
}

static md_CUresult lc_ctx_get_current(md_CUcontext *c) {
  *c = (md_CUcontext)&lc_module;
  return 0;
}
static md_CUresult lc_ctx_get_id(md_CUcontext c, unsigned long long *id) {
  (void)c;
  *id = 1;
  return 0;
}
static md_CUresult lc_func_get_module(md_CUmodule *m, md_CUfunction f) {
  (void)f;
  *m = &lc_module;
  return 0;
}
static md_CUresult lc_module_get_function(md_CUfunction *f, md_CUmodule m,
                                          const char *name) {
  (void)m;
  for (int i = 0; i < LC_CLONES; i++)
    if (strcmp(lc_clone[i].name, name) == 0) {
      *f = &lc_clone[i];
      return 0;
    }
  return 500; /* CUDA_ERROR_NOT_FOUND */
}
static md_CUresult lc_module_get_global(md_CUdeviceptr *d, size_t *n,
                                        md_CUmodule m, const char *name) {
  (void)m;
  for (int i = 0; i < LC_CLONES; i++)
    if (strcmp(lc_desc_name[i], name) == 0) {
      *d = (md_CUdeviceptr)(uintptr_t)lc_desc[i];
      *n = lc_desc_n[i];
      return 0;
    }
  return 500;
}
static md_CUresult lc_memcpy_dtoh(void *dst, md_CUdeviceptr src, size_t n) {
  memcpy(dst, (const void *)(uintptr_t)src, n);
  return 0;
}
static md_CUresult lc_launch_kernel(md_CUfunction f, unsigned gx, unsigned gy,
                                    unsigned gz, unsigned bx, unsigned by,
                                    unsigned bz, unsigned shmem,
                                    md_CUstream s, void **params,
                                    void **extra) {
  (void)gx, (void)gy, (void)gz, (void)bx, (void)by, (void)bz;
  (void)shmem, (void)s, (void)params, (void)extra;
  lc_launches++;
  lc_last_fn = f;
  return 0;
}

/* The program's cudaLaunchKernel and cudaGetFuncBySymbol. */
static int lc_cuda_launch_kernel(const void *fn, md_dim3 grid, md_dim3 block,
                                 void **args, size_t shmem, void *stream) {
  (void)grid, (void)block, (void)args, (void)shmem, (void)stream;
  lc_launches++;
  lc_last_fn = fn;
  return 0;
}
static int lc_get_func_by_symbol(md_CUfunction *f, const void *stub) {
  *f = &lc_orig[(const char *)stub - lc_stub];
  return 0;
}

static md_cuda_api lc_api = {MD_CUDA_API_VERSION, 0, lc_cuda_launch_kernel,
                             lc_get_func_by_symbol};

/* ---- descriptors: n u32 parameters, divisor i = parameter i ---- */

static size_t lc_make_desc(unsigned char *out, int n) {
  size_t p = 0, code = MD_DESC_HEADER_SIZE + 4u * n + 8u * n;
  size_t total = code + 9u * n;
#define PUT8(v) (out[p++] = (unsigned char)(v))
#define PUT16(v) (PUT8((v)&0xff), PUT8(((v) >> 8) & 0xff))
#define PUT32(v) (PUT16((v)&0xffff), PUT16(((v) >> 16) & 0xffff))
  PUT8('M'), PUT8('D'), PUT8('D'), PUT8('S');
  PUT16(1), PUT16(MD_DESC_HEADER_SIZE), PUT32(total);
  PUT16(n), PUT16(n), PUT16(3 * n), PUT16(0);
  for (int i = 0; i < n; i++)
    PUT32(4);
  for (int i = 0; i < n; i++) {
    PUT8(MD_KIND_U32), PUT8(0), PUT16(3 * i), PUT32(code + 9u * i);
  }
  for (int i = 0; i < n; i++) {
    PUT8(MD_OP_ARG), PUT16(i), PUT32(0), PUT8(4);
    PUT8(MD_OP_END);
  }
#undef PUT8
#undef PUT16
#undef PUT32
  return p;
}

/* kr1: one u32 divisor (parameter 0) and the requirement
 * zext(grid.x) * zext(block.x) <=u 2^31 (i64, nuw), as the pass writes
 * for a dividend in [0, nctaid.x * ntid.x). */
static size_t lc_make_range_desc(unsigned char *out) {
  size_t p = 0, div_code = MD_DESC_HEADER_SIZE + 4 + 8 + 4;
  size_t req_code = div_code + 9, total = req_code + 27;
#define PUT8(v) (out[p++] = (unsigned char)(v))
#define PUT16(v) (PUT8((v)&0xff), PUT8(((v) >> 8) & 0xff))
#define PUT32(v) (PUT16((v)&0xffff), PUT16(((v) >> 16) & 0xffff))
  PUT8('M'), PUT8('D'), PUT8('D'), PUT8('S');
  PUT16(2), PUT16(MD_DESC_HEADER_SIZE), PUT32(total);
  PUT16(1), PUT16(1), PUT16(3), PUT16(1);
  PUT32(4);                                          /* the parameter */
  PUT8(MD_KIND_U32), PUT8(0), PUT16(0), PUT32(div_code); /* the divisor */
  PUT32(req_code);                                   /* the requirement */
  PUT8(MD_OP_ARG), PUT16(0), PUT32(0), PUT8(4);
  PUT8(MD_OP_END);
  PUT8(MD_OP_LAUNCH), PUT8(MD_LAUNCH_GRID_X);
  PUT8(MD_OP_ZEXT), PUT8(32), PUT8(64);
  PUT8(MD_OP_LAUNCH), PUT8(MD_LAUNCH_BLOCK_X);
  PUT8(MD_OP_ZEXT), PUT8(32), PUT8(64);
  PUT8(MD_OP_MUL), PUT8(64), PUT8(MD_OF_NUW);
  PUT8(MD_OP_CONST), PUT8(64);
  PUT32(0x80000000u), PUT32(0);
  PUT8(MD_OP_ICMP), PUT8(64), PUT8(MD_PRED_ULE);
  PUT8(MD_OP_END);
#undef PUT8
#undef PUT16
#undef PUT32
  return p;
}

/* ---- HIP: the host pass's clone records of k4 and k16 ---- */

static char lc_hip_stub[3]; /* registered handles: k4, k16, k16 from the
                               stub (clones: lc_hip_clone) */
static md_hip_clone lc_hclone[3];
static const md_hip_api lc_hapi = {MD_HIP_API_VERSION, 0,
                                   lc_cuda_launch_kernel};
static const md_hip_api lc_hframe16 = {
    MD_HIP_API_VERSION, MD_API_FRAME_ARGS | 16u << MD_API_FRAME_SHIFT,
    lc_cuda_launch_kernel};

/* ---- the rows ---- */

static uint32_t lc_same_vals[LC_MAXDIV], lc_fresh_vals[LC_MAXDIV];
static void *lc_same[LC_MAXDIV], *lc_fresh[LC_MAXDIV];
static uint64_t lc_state = 88172645463325252ull;

/* 16 new divisor values (random, >= 1). */
static void lc_new_values(void) {
  uint64_t st = lc_state;
  for (int i = 0; i < LC_MAXDIV; i++) {
    st ^= st << 13, st ^= st >> 7, st ^= st << 17;
    lc_fresh_vals[i] = (uint32_t)st | 1u;
  }
  lc_state = st;
}

static void lc_setup(void) {
  static const int nd[3] = {1, 4, 16};
  static const md_hip_event_api hev = {
      MD_HIP_EVENT_API_VERSION, lc_ev_create, lc_ev_record, lc_ev_query,
      lc_ev_elapsed, lc_ev_destroy};
  md_cuda_driver d;
  memset(&d, 0, sizeof d);
  d.version = MD_CUDA_DRIVER_VERSION;
  d.ctx_get_current = lc_ctx_get_current;
  d.ctx_get_id = lc_ctx_get_id;
  d.func_get_module = lc_func_get_module;
  d.module_get_function = lc_module_get_function;
  d.module_get_global = lc_module_get_global;
  d.memcpy_dtoh = lc_memcpy_dtoh;
  d.launch_kernel = lc_launch_kernel;
  d.event_create = lc_ev_create;
  d.event_record = lc_ev_record;
  d.event_query = lc_ev_query;
  d.event_elapsed_time = lc_ev_elapsed;
  d.event_destroy = lc_ev_destroy;
  md_hip_set_event_api(&hev);
  md_hip_set_stream_is_capturing(lc_not_capturing);
  for (int i = 0; i < 3; i++)
    lc_desc_n[i] = lc_make_desc(lc_desc[i], nd[i]);
  lc_desc_n[3] = lc_make_range_desc(lc_desc[3]);
  lc_desc_n[4] = lc_make_desc(lc_desc[4], 4);
  for (int i = 0; i < 3; i++) { /* k4, k16, k16 */
    lc_hclone[i].handle = &lc_hip_clone[i];
    lc_hclone[i].desc = lc_desc[i ? 2 : 1];
    lc_hclone[i].desc_size = lc_desc_n[i ? 2 : 1];
  }
  for (int i = 0; i < LC_MAXDIV; i++) { /* small shapes */
    lc_same_vals[i] = 7u + 3u * (uint32_t)i;
    lc_same[i] = &lc_same_vals[i];
  }
  for (int i = 0; i < LC_MAXDIV; i++)
    lc_fresh[i] = &lc_fresh_vals[i];
  if (md_cuda_set_driver(&d) != MD_OK) {
    fprintf(stderr, "md_bench_host_cost: driver table rejected\n");
    exit(1);
  }
}

/* The plain call, kept opaque to the compiler (no inlining of the
 * function pointer). */
static int lc_plain(void **args) {
  md_cuda_api *volatile api = &lc_api;
  md_dim3 g = {1024, 1, 1}, b = {256, 1, 1};
  return api->launch_kernel(&lc_stub[0], g, b, args, 0, NULL);
}

static const char *const lc_kname[LC_CLONES + 1] = {"k_noclone", "k1", "k4",
                                                    "k16", "kr1", "k4s"};

/* The host pass's constant for a stub's launch site: MD_API_FRAME_ARGS
 * with the stub's slot count. */
static md_cuda_api lc_frame4 = {MD_CUDA_API_VERSION,
                                MD_API_FRAME_ARGS | 4u << MD_API_FRAME_SHIFT,
                                lc_cuda_launch_kernel, lc_get_func_by_symbol};
static md_cuda_api lc_frame16 = {
    MD_CUDA_API_VERSION, MD_API_FRAME_ARGS | 16u << MD_API_FRAME_SHIFT,
    lc_cuda_launch_kernel, lc_get_func_by_symbol};

/* A launch stub of k4 / k16: its arguments array holds its parameters'
 * addresses; routed: through the runtime (the host pass's rewrite), else
 * the program's own launch call. */
#if defined(__GNUC__)
#define LC_NOINLINE __attribute__((noinline))
#else
#define LC_NOINLINE
#endif
static LC_NOINLINE int lc_stub4(int routed, uint32_t a0, uint32_t a1,
                                uint32_t a2, uint32_t a3) {
  md_cuda_api *volatile api = &lc_api;
  md_dim3 g = {1024, 1, 1}, b = {256, 1, 1};
  void *args[4] = {&a0, &a1, &a2, &a3};
  if (!routed)
    return api->launch_kernel(&lc_stub[2], g, b, args, 0, NULL);
  return md_cuda_launch(&lc_stub[2], g, b, args, 0, NULL, "k4", &lc_frame4);
}
static LC_NOINLINE int lc_stub16(int mode, uint32_t a0, uint32_t a1,
                                 uint32_t a2, uint32_t a3, uint32_t a4,
                                 uint32_t a5, uint32_t a6, uint32_t a7,
                                 uint32_t a8, uint32_t a9, uint32_t a10,
                                 uint32_t a11, uint32_t a12, uint32_t a13,
                                 uint32_t a14, uint32_t a15) {
  md_cuda_api *volatile api = &lc_api;
  md_dim3 g = {1024, 1, 1}, b = {256, 1, 1};
  void *args[16] = {&a0, &a1, &a2,  &a3,  &a4,  &a5,  &a6,  &a7,
                    &a8, &a9, &a10, &a11, &a12, &a13, &a14, &a15};
  if (mode == 0) /* the program's own */
    return api->launch_kernel(&lc_stub[3], g, b, args, 0, NULL);
  if (mode == 2) /* HIP */
    return md_hip_launch(&lc_hip_stub[2], g, b, args, 0, NULL, "k16s",
                         &lc_hframe16, &lc_hclone[2]);
  return md_cuda_launch(&lc_stub[3], g, b, args, 0, NULL, "k16",
                        &lc_frame16);
}

static int lc_one(int row) {
  md_dim3 g = {1024, 1, 1}, b = {256, 1, 1};
  int k;
  void **args = lc_same;
  switch (row) {
  case LC_PLAIN:
    return lc_plain(args);
  case LC_PLAIN_FRESH:
    lc_new_values();
    return lc_plain(lc_fresh);
  case LC_STUB4_PLAIN:
  case LC_STUB4:
    return lc_stub4(row == LC_STUB4, 7, 10, 13, 16);
  case LC_STUB16_PLAIN:
  case LC_STUB16:
  case LC_HIP_STUB16:
    return lc_stub16(row == LC_STUB16 ? 1 : row == LC_HIP_STUB16 ? 2 : 0, 7,
                     10, 13, 16, 19, 22, 25, 28, 31, 34,
                     37, 40, 43, 46, 49, 52);
  case LC_NOCLONE:
    k = 0;
    break;
  case LC_DIV1:
    k = 1;
    break;
  case LC_DIV4:
    k = 2;
    break;
  case LC_DIV16:
    k = 3;
    break;
  case LC_RANGE1:
    k = 4;
    break;
  case LC_DIV4_ORIG:
    k = 5;
    break;
  case LC_HIP4:
  case LC_HIP16:
    k = row == LC_HIP16;
    return md_hip_launch(&lc_hip_stub[k], g, b, args, 0, NULL,
                         k ? "k16h" : "k4h",
                         &lc_hapi, &lc_hclone[k]);
  default:
    lc_new_values();
    k = 3;
    args = lc_fresh;
    break;
  }
  return md_cuda_launch(&lc_stub[k], g, b, args, 0, NULL, lc_kname[k],
                        &lc_api);
}

/* The thread's CPU time: on a shared machine, the time other processes
 * run between our launches is not counted (their cache and predictor
 * traffic still is; the minimum over batches is the least disturbed). */
static double lc_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int lc_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* A loop per row so each timed loop is one call site, like a program's. */
static double lc_batch(int row, long per) {
  int bad = 0;
  double t0 = lc_now();
  for (long i = 0; i < per; i++)
    bad |= lc_one(row);
  double t1 = lc_now();
  if (bad) {
    fprintf(stderr, "md_bench_host_cost: launch failed (row %s)\n",
            lc_row_name[row]);
    exit(1);
  }
  return (t1 - t0) / (double)per;
}

int md_launch_cost(long iters) {
  double t[LC_ROWS][LC_BATCHES], best[LC_ROWS], med[LC_ROWS];
  long per = iters / LC_BATCHES > 0 ? iters / LC_BATCHES : 1;
  lc_setup();
  for (int r = 0; r < LC_ROWS; r++) /* first launches: lookups, trials */
    for (int i = 0; i < LC_WARMUP; i++)
      lc_one(r);
  for (int b = 0; b < LC_BATCHES; b++)
    for (int r = 0; r < LC_ROWS; r++)
      t[r][b] = lc_batch(r, per);
  for (int r = 0; r < LC_ROWS; r++) {
    qsort(t[r], LC_BATCHES, sizeof t[r][0], lc_cmp);
    best[r] = t[r][0];
    med[r] = t[r][LC_BATCHES / 2];
  }
  printf("launch cost: %d interleaved batches of %ld launches per row, no-op "
         "driver\n", LC_BATCHES, per);
  printf("| row | min ns | median ns | min x plain | median x plain |\n");
  printf("|---|---:|---:|---:|---:|\n");
  for (int r = 0; r < LC_ROWS; r++)
    printf("| %s | %.1f | %.1f | %.2f | %.2f |\n", lc_row_name[r], best[r],
           med[r], best[r] / best[LC_PLAIN], med[r] / med[LC_PLAIN]);
  printf("div16-fresh x plain-fresh: min %.2f, median %.2f\n",
         best[LC_FRESH] / best[LC_PLAIN_FRESH],
         med[LC_FRESH] / med[LC_PLAIN_FRESH]);
  printf("stub4 x stub4-plain: min %.2f, median %.2f; stub16 x stub16-plain: "
         "min %.2f, median %.2f\n",
         best[LC_STUB4] / best[LC_STUB4_PLAIN],
         med[LC_STUB4] / med[LC_STUB4_PLAIN],
         best[LC_STUB16] / best[LC_STUB16_PLAIN],
         med[LC_STUB16] / med[LC_STUB16_PLAIN]);
  printf("hip-stub16 x stub16-plain: min %.2f, median %.2f\n",
         best[LC_HIP_STUB16] / best[LC_STUB16_PLAIN],
         med[LC_HIP_STUB16] / med[LC_STUB16_PLAIN]);
  md_launch_release();
  return 0;
}

int md_launch_cost_calls(const char *row, long n) {
  int r;
  for (r = 0; r < LC_ROWS && strcmp(row, lc_row_name[r]) != 0; r++)
    ;
  if (r == LC_ROWS) {
    fprintf(stderr, "md_bench_host_cost: unknown row %s\n", row);
    return 1;
  }
  lc_setup();
  for (int i = 0; i < LC_WARMUP; i++)
    lc_one(r);
  for (long i = 0; i < n; i++)
    lc_one(r);
  md_launch_release();
  return 0;
}
