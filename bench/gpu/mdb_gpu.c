/*
 * mdb_gpu.c -- the GPU benchmark driver: correctness and timing of every
 * case of mdb_cases.c in four variants (native, cutlass, unified, plugin).
 *
 *   mdb_gpu --bundle DIR [--out DIR] [--dry-run] [--quick] [--only SUBSTR]
 *           [--seed N] [--reps N] [--deadline SECONDS]
 *
 * Everything it runs was compiled on the build machine (bench/gpu/build.sh):
 * the kernels are cubins loaded with the driver API (PTX 7.8 as a JIT
 * fallback), the driver itself is loaded with dlopen (mdb_cu.c), so the GPU
 * machine needs the NVIDIA driver and nothing else.
 *
 * The plugin variant launches K_native__magicdiv directly: its magic
 * parameters come from md_desc_fill() (libmagicdiv_rt, linked statically)
 * on the descriptor K_native__magicdiv_desc read from the loaded module,
 * with the launch's own argument values and dimensions -- exactly what the
 * runtime's launch layer does, without its kernel-lookup machinery.
 *
 * Host-side checks run first on every machine (and alone with --dry-run):
 * bundle files present, every descriptor valid and evaluable for its
 * case's arguments, every hand-written divider exact on random dividends in
 * its domain.  Then, with a GPU: per case, fresh random inputs, outputs
 * poisoned, each variant compared bit for bit with native; timing with CUDA
 * events (warm-up, median of many launches, buffers rotated so a timing
 * pass touches >= max(256 MB, 4 x L2)).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "magicdiv/magicdiv.h"
#include "mdb_cases.h"
#include "mdb_cu.h"
#include "mdb_hand.h"

enum { V_NATIVE, V_CUTLASS, V_UNIFIED, V_PLUGIN, V_N };
static const char *const vname[V_N] = {"native", "cutlass", "unified",
                                       "plugin"};

#define MDB_MAX_CASES 64
#define MDB_MAX_ROT 64
#define MDB_MAX_REPS 200
#define MDB_ARCH "sm_90"

typedef struct mdb_opts {
  const char *bundle, *out, *only;
  int dry, quick, reps;
  unsigned long long seed;
  double deadline_s;
} mdb_opts;

typedef struct mdb_res {
  int ran;          /* timed */
  int status;       /* 0 ok, 1 mismatch, 2 unavailable, 3 error */
  char note[160];   /* why unavailable / mismatch details */
  long long bad;    /* mismatching words */
  long long first;  /* first mismatching word */
  double med_ms, min_ms;
  int reps;
} mdb_res;

typedef struct mdb_desc {
  unsigned char *bytes;
  size_t size;
} mdb_desc;

static mdb_opts opt;
static mdb_case cases[MDB_MAX_CASES];
static mdb_res res[MDB_MAX_CASES][V_N];
static int ncases;
static double t_start;
static FILE *log_file;

static double mdb_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* printf to stdout and the log file. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (log_file) {
    va_start(ap, fmt);
    vfprintf(log_file, fmt, ap);
    va_end(ap);
    fflush(log_file);
  }
}

static unsigned char *mdb_read(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  unsigned char *buf = NULL;
  size_t cap = 0, n = 0;
  for (;;) {
    if (n == cap) {
      cap = cap ? cap * 2 : 65536;
      unsigned char *nb = realloc(buf, cap + 1);
      if (!nb) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = nb;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0)
      break;
  }
  fclose(f);
  buf[n] = 0; /* PTX is passed as a C string */
  *size = n;
  return buf;
}

static int mdb_path(char *out, size_t cap, const char *dir, const char *file) {
  int n = snprintf(out, cap, "%s/%s", dir, file);
  return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* ------------------------------------------------------------------ *
 * Host-side checks (no GPU needed).                                   *
 * ------------------------------------------------------------------ */

static int mdb_load_desc_file(const mdb_case *c, mdb_desc *d) {
  char file[96], path[1024];
  snprintf(file, sizeof file, "desc/%s_native__magicdiv_desc.bin", c->kernel);
  if (mdb_path(path, sizeof path, opt.bundle, file))
    return -1;
  d->bytes = mdb_read(path, &d->size);
  return d->bytes ? 0 : -1;
}

/* Argument pointers of the native kernel for md_desc_fill / launch:
 * blobs point at their bytes, buffers at `ptrs[i]`. */
static void mdb_args(const mdb_case *c, const CUdeviceptr *bufptr,
                     CUdeviceptr *ptrs, void **args) {
  for (int i = 0; i < c->nparam; i++) {
    if (c->param[i].buf >= 0) {
      ptrs[i] = bufptr[c->param[i].buf];
      args[i] = &ptrs[i];
    } else {
      args[i] = (void *)c->param[i].val;
    }
  }
}

static void mdb_dims(const mdb_case *c, md_dims *d) {
  d->grid[0] = c->grid;
  d->grid[1] = d->grid[2] = 1;
  d->block[0] = c->block;
  d->block[1] = d->block[2] = 1;
}

/* Whether the bundle holds the module's cubin. */
static int mdb_in_bundle(const char *module) {
  char path[1024], file[64];
  struct stat st;
  snprintf(file, sizeof file, "%s.%s.cubin", module, MDB_ARCH);
  return mdb_path(path, sizeof path, opt.bundle, file) == 0 &&
         stat(path, &st) == 0;
}

/* Host-side check of one case: descriptor and hand dividers. */
static int mdb_check_case(const mdb_case *c, mdb_desc *desc) {
  int fails = 0;
  for (int i = 0; i < c->ndiv; i++) {
    long bad = mdb_hand_check64(c->div[i], 20000);
    if (c->div[i] <= 0xffffffffull)
      bad += mdb_hand_check32((uint32_t)c->div[i], 20000);
    if (bad) {
      say("  FAIL %s: hand dividers wrong on %ld dividends for d=%llu\n",
          c->name, bad, (unsigned long long)c->div[i]);
      fails++;
    }
  }
  if (desc->bytes) {
    int st = md_desc_validate(desc->bytes, desc->size);
    if (st != MD_OK) {
      say("  FAIL %s: descriptor invalid: %s\n", c->name, md_status_str(st));
      return fails + 1;
    }
    CUdeviceptr fake[MDB_MAX_BUF] = {0x100000, 0x200000, 0x300000, 0x400000};
    CUdeviceptr ptrs[MDB_MAX_PARAM];
    void *args[MDB_MAX_PARAM];
    md_dims dims;
    md_extra ex;
    mdb_args(c, fake, ptrs, args);
    mdb_dims(c, &dims);
    st = md_desc_fill(desc->bytes, desc->size, args, &dims, &ex);
    if (st != MD_OK) {
      say("  NOTE %s: md_desc_fill: %s (the plugin variant will not run)\n",
          c->name, md_status_str(st));
    } else if (ex.n_params != (uint32_t)c->nparam) {
      say("  FAIL %s: descriptor has %u params, the case %d\n", c->name,
          ex.n_params, c->nparam);
      fails++;
    }
  }
  return fails;
}

static int mdb_host_checks(mdb_desc *descs) {
  int fails = 0, ndesc = 0;
  say("== host-side checks (bundle %s)\n", opt.bundle);
  for (int i = 0; i < ncases; i++) {
    const mdb_case *c = &cases[i];
    char path[1024], file[64];
    for (int p = 0; p < 2; p++) {
      snprintf(file, sizeof file, "%s%s.%s.cubin", c->module,
               p ? ".plugin" : "", MDB_ARCH);
      struct stat st;
      if (mdb_path(path, sizeof path, opt.bundle, file) ||
          stat(path, &st) != 0) {
        say("  FAIL missing %s\n", path);
        fails++;
      }
    }
    /* one descriptor per kernel; the op cases share theirs */
    if (!descs[i].bytes && mdb_load_desc_file(c, &descs[i]) == 0)
      ndesc++;
    else if (!descs[i].bytes)
      say("  NOTE %s: no descriptor file for %s_native__magicdiv (the pass "
          "made no clone?)\n",
          c->name, c->kernel);
    fails += mdb_check_case(c, &descs[i]);
  }
  say("  %d cases, %d descriptors evaluated, %d failures\n", ncases, ndesc,
      fails);
  return fails;
}

/* ------------------------------------------------------------------ *
 * GPU side.                                                           *
 * ------------------------------------------------------------------ */

typedef struct mdb_mods {
  char stem[24];
  CUmodule m[2]; /* native/hand, plugin */
} mdb_mods;

static mdb_mods mods[16];
static int nmods;
static CUmodule util_mod;
static unsigned dev_sms;
static size_t dev_l2;

/* Load DIR/<stem>.<arch>.cubin, or its PTX if the cubin is refused. */
static int mdb_load_module(const char *stem, CUmodule *out) {
  char file[96], path[1024];
  size_t size;
  snprintf(file, sizeof file, "%s.%s.cubin", stem, MDB_ARCH);
  if (mdb_path(path, sizeof path, opt.bundle, file))
    return -1;
  unsigned char *img = mdb_read(path, &size);
  if (!img) {
    say("  cannot read %s: %s\n", path, strerror(errno));
    return -1;
  }
  CUresult r = mdb_cu.cuModuleLoadDataEx(out, img, 0, NULL, NULL);
  free(img);
  if (r == CUDA_SUCCESS)
    return 0;
  say("  %s: cubin refused (%s); trying PTX JIT\n", file, mdb_cu_errstr(r));
  snprintf(file, sizeof file, "%s.ptx", stem);
  if (mdb_path(path, sizeof path, opt.bundle, file))
    return -1;
  img = mdb_read(path, &size);
  if (!img) {
    say("  no PTX fallback %s\n", path);
    return -1;
  }
  r = mdb_cu.cuModuleLoadDataEx(out, img, 0, NULL, NULL);
  free(img);
  if (r != CUDA_SUCCESS) {
    say("  %s: PTX JIT failed too: %s\n", file, mdb_cu_errstr(r));
    return -1;
  }
  say("  %s: loaded from PTX (JIT)\n", file);
  return 0;
}

static mdb_mods *mdb_mod(const char *stem) {
  for (int i = 0; i < nmods; i++)
    if (strcmp(mods[i].stem, stem) == 0)
      return &mods[i];
  if (nmods == (int)(sizeof mods / sizeof mods[0]))
    return NULL;
  mdb_mods *m = &mods[nmods];
  snprintf(m->stem, sizeof m->stem, "%s", stem);
  char pstem[40];
  snprintf(pstem, sizeof pstem, "%s.plugin", stem);
  if (mdb_load_module(stem, &m->m[0]))
    return NULL;
  if (mdb_load_module(pstem, &m->m[1])) {
    mdb_cu.cuModuleUnload(m->m[0]);
    return NULL;
  }
  nmods++;
  return m;
}

static int mdb_gpu_init(char *err, size_t errlen) {
  if (mdb_cu_load(err, errlen))
    return -1;
  CUresult r = mdb_cu.cuInit(0);
  if (r != CUDA_SUCCESS) {
    snprintf(err, errlen, "cuInit failed: %s", mdb_cu_errstr(r));
    return -1;
  }
  int count = 0;
  r = mdb_cu.cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS || count == 0) {
    snprintf(err, errlen, "no CUDA device (%s)",
             r != CUDA_SUCCESS ? mdb_cu_errstr(r) : "count = 0");
    return -1;
  }
  CUdevice dev;
  CUcontext ctx;
  char name[256];
  int drv = 0, sms = 0, l2 = 0, major = 0, minor = 0, clk = 0, memclk = 0;
  size_t mem = 0;
  MDB_CU(cuDeviceGet(&dev, 0));
  MDB_CU(cuDeviceGetName(name, sizeof name, dev));
  MDB_CU(cuDriverGetVersion(&drv));
  MDB_CU(cuDeviceGetAttribute(
      &sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  MDB_CU(cuDeviceGetAttribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, dev));
  MDB_CU(cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  MDB_CU(cuDeviceGetAttribute(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  /* clock attributes are informational; older/newer drivers may refuse */
  mdb_cu.cuDeviceGetAttribute(&clk, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, dev);
  mdb_cu.cuDeviceGetAttribute(&memclk, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
                              dev);
  MDB_CU(cuDeviceTotalMem(&mem, dev));
  MDB_CU(cuDevicePrimaryCtxRetain(&ctx, dev));
  MDB_CU(cuCtxSetCurrent(ctx));
  dev_sms = (unsigned)sms;
  dev_l2 = (size_t)l2;
  say("== device: %s, sm_%d%d, %d SMs, L2 %.1f MB, %.1f GB, clock %d MHz, "
      "driver %d.%d\n",
      name, major, minor, sms, l2 / 1048576.0, mem / 1073741824.0,
      clk / 1000, drv / 1000, (drv % 1000) / 10);
  if (major != 9)
    say("  note: the bundle holds sm_90 cubins; other GPUs use the PTX "
        "fallback\n");
  if (mdb_load_module("util", &util_mod)) {
    snprintf(err, errlen, "cannot load util module");
    return -1;
  }
  return 0;
}

static void mdb_gpu_release(mdb_desc *descs) {
  for (int i = 0; i < nmods; i++)
    for (int p = 0; p < 2; p++)
      mdb_cu.cuModuleUnload(mods[i].m[p]);
  nmods = 0;
  if (util_mod)
    mdb_cu.cuModuleUnload(util_mod);
  util_mod = NULL;
  for (int i = 0; i < ncases; i++) {
    free(descs[i].bytes);
    descs[i].bytes = NULL;
  }
}

static int mdb_launch(CUfunction f, unsigned grid, unsigned block,
                      void **args) {
  MDB_CU(cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, NULL, args, NULL));
  return 0;
}

static int mdb_fill(const mdb_buf *b, CUdeviceptr p, unsigned long long seed) {
  CUfunction f;
  unsigned long long n;
  unsigned grid = dev_sms * 8;
  if (b->init == MDB_IN_F32) {
    n = b->bytes / 4;
    MDB_CU(cuModuleGetFunction(&f, util_mod, "fill_f32"));
    void *a[] = {&p, &n, &seed};
    return mdb_launch(f, grid, 256, a);
  }
  if (b->init == MDB_IN_U32) {
    uint32_t mask = (uint32_t)b->mask, set = 0;
    n = b->bytes / 4;
    MDB_CU(cuModuleGetFunction(&f, util_mod, "fill_u32"));
    void *a[] = {&p, &n, &seed, &mask, &set};
    return mdb_launch(f, grid, 256, a);
  }
  if (b->init == MDB_IN_U64) {
    unsigned long long mask = b->mask;
    n = b->bytes / 8;
    MDB_CU(cuModuleGetFunction(&f, util_mod, "fill_u64"));
    void *a[] = {&p, &n, &seed, &mask};
    return mdb_launch(f, grid, 256, a);
  }
  return 0;
}

/* Per-case device state. */
typedef struct mdb_state {
  int nrot;
  CUdeviceptr buf[MDB_MAX_ROT][MDB_MAX_BUF];
  CUfunction fn[V_N];
  int have[V_N];
  /* hand divider blocks, cutlass and unified */
  unsigned char hand[2][MDB_MAX_DIV][32];
  md_extra extra[MDB_MAX_ROT];
} mdb_state;

static void mdb_free_state(const mdb_case *c, mdb_state *s) {
  for (int r = 0; r < s->nrot; r++)
    for (int b = 0; b < c->nbuf; b++)
      if (s->buf[r][b] && (r == 0 || !c->buf[b].shared))
        mdb_cu.cuMemFree(s->buf[r][b]);
  memset(s->buf, 0, sizeof s->buf);
}

static int mdb_hand_blocks(const mdb_case *c, mdb_state *s, char *why,
                           size_t wlen) {
  for (int i = 0; i < c->ndiv; i++) {
    uint64_t d = c->div[i];
    int bad = 0;
    if (c->cut64)
      bad |= mdb_cut64_make(d, (mdb_cut64 *)s->hand[0][i]);
    else
      bad |= mdb_cut32_make((uint32_t)d, (mdb_cut32 *)s->hand[0][i]);
    if (c->uni64)
      bad |= mdb_uni64_make(d, (mdb_uni64 *)s->hand[1][i]);
    else
      bad |= mdb_uni32_make((uint32_t)d, (mdb_uni32 *)s->hand[1][i]);
    if (bad) {
      snprintf(why, wlen, "no hand magic for d=%llu", (unsigned long long)d);
      return -1;
    }
  }
  return 0;
}

/* Argument array of variant v for rotation r. */
static int mdb_variant_args(const mdb_case *c, mdb_state *s, int v, int r,
                            CUdeviceptr *ptrs, void **args, char *why,
                            size_t wlen) {
  CUdeviceptr bp[MDB_MAX_BUF];
  for (int b = 0; b < c->nbuf; b++)
    bp[b] = s->buf[c->buf[b].shared ? 0 : r][b];
  mdb_args(c, bp, ptrs, args);
  if (v == V_NATIVE)
    return c->nparam;
  if (v == V_CUTLASS || v == V_UNIFIED) {
    for (int i = 0; i < c->ndiv; i++)
      args[c->nparam + i] = s->hand[v == V_CUTLASS ? 0 : 1][i];
    return c->nparam + c->ndiv;
  }
  return -1; /* plugin: built by mdb_plugin_args */
  (void)why;
  (void)wlen;
}

static int mdb_plugin_args(const mdb_case *c, mdb_state *s, const mdb_desc *d,
                           int r, CUdeviceptr *ptrs, void **args,
                           void **out_args, size_t cap, char *why,
                           size_t wlen) {
  md_dims dims;
  mdb_variant_args(c, s, V_NATIVE, r, ptrs, args, why, wlen);
  mdb_dims(c, &dims);
  /* per launch, as the runtime does: the descriptor was validated once */
  int st = md_desc_fill_validated(d->bytes, d->size, args, &dims,
                                  &s->extra[r]);
  if (st != MD_OK) {
    snprintf(why, wlen, "md_desc_fill_validated: %s", md_status_str(st));
    return -1;
  }
  st = md_build_args(&s->extra[r], args, out_args, cap);
  if (st != MD_OK) {
    snprintf(why, wlen, "md_build_args: %s", md_status_str(st));
    return -1;
  }
  return (int)(s->extra[r].n_params + s->extra[r].n_extra);
}

static int mdb_run_variant(const mdb_case *c, mdb_state *s,
                           const mdb_desc *d, int v, int r, char *why,
                           size_t wlen) {
  CUdeviceptr ptrs[MDB_MAX_PARAM];
  void *args[MDB_MAX_PARAM + MDB_MAX_DIV];
  void *pargs[MDB_MAX_PARAM + MD_MAX_EXTRA];
  void **use = args;
  if (v == V_PLUGIN) {
    if (mdb_plugin_args(c, s, d, r, ptrs, args, pargs,
                        sizeof pargs / sizeof pargs[0], why, wlen) < 0)
      return -2;
    use = pargs;
  } else {
    mdb_variant_args(c, s, v, r, ptrs, args, why, wlen);
  }
  return mdb_launch(s->fn[v], c->grid, c->block, use);
}

static int mdb_prep(const mdb_case *c, mdb_state *s) {
  if (c->prep != MDB_PREP_HASH)
    return 0;
  mdb_mods *m = mdb_mod(c->module);
  CUfunction f;
  if (!m)
    return -1;
  MDB_CU(cuModuleGetFunction(&f, m->m[0], "hashbuild"));
  CUdeviceptr table = s->buf[0][0], keys = s->buf[0][1];
  uint32_t nins = c->hash_nins, cap = c->hash_cap;
  MDB_CU(cuMemsetD8(table, 0xff, (size_t)cap * 4));
  void *a[] = {&table, &keys, &nins, &cap};
  if (mdb_launch(f, (nins + 255) / 256, 256, a))
    return -1;
  MDB_CU(cuCtxSynchronize());
  return 0;
}

static int mdb_poison(const mdb_case *c, mdb_state *s, int r) {
  for (int b = 0; b < c->nbuf; b++)
    if (c->buf[b].init == MDB_OUT && !c->buf[b].shared)
      MDB_CU(cuMemsetD8(s->buf[r][b], 0xA5, c->buf[b].bytes));
  return 0;
}

/* Copy every output of rotation 0 into host (one array, concatenated). */
static int mdb_fetch(const mdb_case *c, mdb_state *s, unsigned char *host) {
  size_t off = 0;
  for (int b = 0; b < c->nbuf; b++)
    if (c->buf[b].init == MDB_OUT && !c->buf[b].shared) {
      MDB_CU(cuMemcpyDtoH(host + off, s->buf[0][b], c->buf[b].bytes));
      off += c->buf[b].bytes;
    }
  return 0;
}

static size_t mdb_out_bytes(const mdb_case *c) {
  size_t n = 0;
  for (int b = 0; b < c->nbuf; b++)
    if (c->buf[b].init == MDB_OUT && !c->buf[b].shared)
      n += c->buf[b].bytes;
  return n;
}

static int mdb_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static int mdb_time_variant(const mdb_case *c, mdb_state *s,
                            const mdb_desc *d, int v, mdb_res *out) {
  CUevent ev[2 * MDB_MAX_REPS];
  double ms[MDB_MAX_REPS];
  char why[160] = "";
  float f;
  int reps = opt.reps;
  /* warm-up, and a first estimate of the launch time */
  MDB_CU(cuEventCreate(&ev[0], CU_EVENT_DEFAULT));
  MDB_CU(cuEventCreate(&ev[1], CU_EVENT_DEFAULT));
  for (int w = 0; w < 2; w++) {
    MDB_CU(cuEventRecord(ev[0], NULL));
    if (mdb_run_variant(c, s, d, v, w % s->nrot, why, sizeof why))
      return -1;
    MDB_CU(cuEventRecord(ev[1], NULL));
    MDB_CU(cuEventSynchronize(ev[1]));
  }
  MDB_CU(cuEventElapsedTime(&f, ev[0], ev[1]));
  MDB_CU(cuEventDestroy(ev[0]));
  MDB_CU(cuEventDestroy(ev[1]));
  /* at most ~1.5 s of launches per variant, at least 5 */
  double budget_ms = opt.quick ? 200.0 : 1500.0;
  if (f > 0 && reps * f > budget_ms)
    reps = (int)(budget_ms / f);
  if (reps < 5)
    reps = 5;
  if (reps > MDB_MAX_REPS)
    reps = MDB_MAX_REPS;
  for (int i = 0; i < 2 * reps; i++)
    MDB_CU(cuEventCreate(&ev[i], CU_EVENT_DEFAULT));
  for (int i = 0; i < reps; i++) {
    MDB_CU(cuEventRecord(ev[2 * i], NULL));
    if (mdb_run_variant(c, s, d, v, i % s->nrot, why, sizeof why))
      return -1;
    MDB_CU(cuEventRecord(ev[2 * i + 1], NULL));
  }
  MDB_CU(cuEventSynchronize(ev[2 * reps - 1]));
  for (int i = 0; i < reps; i++) {
    MDB_CU(cuEventElapsedTime(&f, ev[2 * i], ev[2 * i + 1]));
    ms[i] = f;
  }
  for (int i = 0; i < 2 * reps; i++)
    MDB_CU(cuEventDestroy(ev[i]));
  qsort(ms, (size_t)reps, sizeof ms[0], mdb_cmp_double);
  out->med_ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
  out->min_ms = ms[0];
  out->reps = reps;
  out->ran = 1;
  return 0;
}

/* Host copies of a case's outputs: native (ref) and the variant (got). */
typedef struct mdb_host {
  unsigned char *ref, *got;
} mdb_host;

static int mdb_case_body(int ci, mdb_desc *d, mdb_state *s, mdb_host *h) {
  const mdb_case *c = &cases[ci];
  mdb_res *rs = res[ci];
  mdb_mods *m = mdb_mod(c->module);
  if (!m) {
    for (int v = 0; v < V_N; v++) {
      rs[v].status = 3;
      snprintf(rs[v].note, sizeof rs[v].note, "module %s not loaded",
               c->module);
    }
    return -1;
  }
  /* functions */
  for (int v = 0; v < V_N; v++) {
    char fname[80];
    snprintf(fname, sizeof fname, "%s_%s%s", c->kernel,
             v == V_PLUGIN ? "native" : vname[v],
             v == V_PLUGIN ? MD_CLONE_SUFFIX : "");
    CUresult r = mdb_cu.cuModuleGetFunction(&s->fn[v], m->m[v == V_PLUGIN],
                                            fname);
    s->have[v] = r == CUDA_SUCCESS;
    if (!s->have[v]) {
      rs[v].status = 2;
      snprintf(rs[v].note, sizeof rs[v].note, "no kernel %s", fname);
    }
  }
  /* descriptor from the module, checked against the bundle's copy */
  if (s->have[V_PLUGIN]) {
    char gname[96];
    CUdeviceptr gp;
    size_t gsize;
    snprintf(gname, sizeof gname, "%s_native%s", c->kernel, MD_DESC_SUFFIX);
    if (mdb_cu.cuModuleGetGlobal(&gp, &gsize, m->m[1], gname) ==
        CUDA_SUCCESS) {
      unsigned char *mb = malloc(gsize);
      if (mb && mdb_cu.cuMemcpyDtoH(mb, gp, gsize) == CUDA_SUCCESS &&
          (!d->bytes || gsize != d->size || memcmp(mb, d->bytes, gsize)))
        say("  note %s: descriptor in the module differs from the bundle "
            "file; using the module's\n",
            c->name);
      if (mb && (!d->bytes || gsize != d->size ||
                 memcmp(mb, d->bytes, gsize))) {
        free(d->bytes);
        d->bytes = mb;
        d->size = gsize;
        mb = NULL;
      }
      free(mb);
    }
    int vst = d->bytes ? md_desc_validate(d->bytes, d->size) : MD_ERR_INVALID;
    if (vst != MD_OK) {
      s->have[V_PLUGIN] = 0;
      rs[V_PLUGIN].status = 2;
      snprintf(rs[V_PLUGIN].note, sizeof rs[V_PLUGIN].note,
               "descriptor %s: %s", gname,
               d->bytes ? md_status_str(vst) : "missing");
    }
  }
  char why[160];
  if (mdb_hand_blocks(c, s, why, sizeof why)) {
    s->have[V_CUTLASS] = s->have[V_UNIFIED] = 0;
    rs[V_CUTLASS].status = rs[V_UNIFIED].status = 2;
    snprintf(rs[V_CUTLASS].note, sizeof rs[V_CUTLASS].note, "%s", why);
    snprintf(rs[V_UNIFIED].note, sizeof rs[V_UNIFIED].note, "%s", why);
  }
  /* buffers: rotations so one pass touches >= max(256 MB, 4 x L2) */
  size_t per = 0, freeb = 0, totalb = 0;
  for (int b = 0; b < c->nbuf; b++)
    if (!c->buf[b].shared)
      per += c->buf[b].bytes;
  double target = 256.0 * 1048576.0;
  if (4.0 * dev_l2 > target)
    target = 4.0 * dev_l2;
  s->nrot = per ? (int)((target + per - 1) / per) : 1;
  if (s->nrot < 2)
    s->nrot = 2;
  if (s->nrot > MDB_MAX_ROT)
    s->nrot = MDB_MAX_ROT;
  MDB_CU(cuMemGetInfo(&freeb, &totalb));
  while (s->nrot > 1 && (double)per * s->nrot > 0.5 * freeb)
    s->nrot--;
  for (int r = 0; r < s->nrot; r++)
    for (int b = 0; b < c->nbuf; b++) {
      if (c->buf[b].shared && r > 0) {
        s->buf[r][b] = s->buf[0][b];
        continue;
      }
      MDB_CU(cuMemAlloc(&s->buf[r][b], c->buf[b].bytes));
    }
  unsigned long long seed = opt.seed * 1000003ull + (unsigned long long)ci;
  for (int r = 0; r < s->nrot; r++)
    for (int b = 0; b < c->nbuf; b++)
      if ((r == 0 || !c->buf[b].shared) &&
          mdb_fill(&c->buf[b], s->buf[r][b], seed + 7919ull * r))
        return -1;
  if (mdb_prep(c, s))
    return -1;
  /* correctness: each variant against native, outputs poisoned first */
  size_t ob = mdb_out_bytes(c);
  unsigned char *ref = h->ref = malloc(ob), *got = h->got = malloc(ob);
  if (!ref || !got) {
    say("  out of host memory\n");
    return -1;
  }
  int ref_ok = 0;
  for (int v = 0; v < V_N; v++) {
    if (!s->have[v])
      continue;
    if (mdb_poison(c, s, 0))
      return -1;
    int rr = mdb_run_variant(c, s, d, v, 0, why, sizeof why);
    if (rr == -2) {
      s->have[v] = 0;
      rs[v].status = 2;
      snprintf(rs[v].note, sizeof rs[v].note, "%s", why);
      continue;
    }
    if (rr)
      return -1;
    MDB_CU(cuCtxSynchronize());
    if (mdb_fetch(c, s, v == V_NATIVE ? ref : got))
      return -1;
    if (v == V_NATIVE) {
      ref_ok = 1;
      continue;
    }
    if (!ref_ok)
      continue;
    long long bad = 0, first = -1;
    const uint32_t *a = (const uint32_t *)ref, *g = (const uint32_t *)got;
    for (size_t i = 0; i < ob / 4; i++)
      if (a[i] != g[i]) {
        if (first < 0)
          first = (long long)i;
        bad++;
      }
    rs[v].bad = bad;
    rs[v].first = first;
    if (bad) {
      rs[v].status = 1;
      snprintf(rs[v].note, sizeof rs[v].note,
               "%lld of %zu words differ, first at %lld (native %08x, got "
               "%08x)%s%s",
               bad, ob / 4, first, a[first], g[first],
               v == V_CUTLASS && c->cutlass_note ? "; " : "",
               v == V_CUTLASS && c->cutlass_note ? c->cutlass_note : "");
    }
  }
  /* timing */
  for (int v = 0; v < V_N; v++) {
    if (!s->have[v])
      continue;
    if (mdb_now() - t_start > opt.deadline_s) {
      snprintf(rs[v].note + strlen(rs[v].note),
               sizeof rs[v].note - strlen(rs[v].note), "%stime budget spent",
               rs[v].note[0] ? "; " : "");
      continue;
    }
    if (mdb_time_variant(c, s, d, v, &rs[v]))
      return -1;
  }
  say("  %-22s rot %2d", c->name, s->nrot);
  for (int v = 0; v < V_N; v++) {
    if (rs[v].ran)
      say("  %s %.4f ms%s", vname[v], rs[v].med_ms,
          rs[v].status == 1 ? " (WRONG)" : "");
    else
      say("  %s -", vname[v]);
  }
  say("\n");
  for (int v = 0; v < V_N; v++)
    if (rs[v].note[0])
      say("    %s: %s\n", vname[v], rs[v].note);
  return 0;
}

static int mdb_run_case(int ci, mdb_desc *d) {
  static mdb_state s;
  mdb_host h = {NULL, NULL};
  memset(&s, 0, sizeof s);
  int r = mdb_case_body(ci, d, &s, &h);
  mdb_free_state(&cases[ci], &s);
  free(h.ref);
  free(h.got);
  return r;
}

/* Host time per launch: plain launch vs descriptor evaluation + launch of
 * the clone (grid of one block).  Only the enqueueing is timed, in batches
 * of 256 launches (below the driver's queue depth, so the host never waits
 * for the GPU), synchronizing between batches; median over the batches. */
static int mdb_overhead_batch(int mode, CUfunction fn, CUfunction fc,
                              const mdb_case *c, const mdb_desc *d,
                              void **args, double *ns) {
  enum { B = 256 };
  void *pargs[MDB_MAX_PARAM + MD_MAX_EXTRA];
  md_dims dims = {{1, 1, 1}, {c->block, 1, 1}};
  md_extra ex;
  double t0 = mdb_now();
  for (int i = 0; i < B; i++) {
    if (mode >= 1 &&
        (md_desc_fill_validated(d->bytes, d->size, args, &dims, &ex) != MD_OK ||
         md_build_args(&ex, args, pargs, sizeof pargs / sizeof *pargs) !=
             MD_OK))
      return -1;
    if (mode == 0)
      MDB_CU(cuLaunchKernel(fn, 1, 1, 1, c->block, 1, 1, 0, NULL, args, NULL));
    if (mode == 2)
      MDB_CU(cuLaunchKernel(fc, 1, 1, 1, c->block, 1, 1, 0, NULL, pargs, NULL));
  }
  *ns = (mdb_now() - t0) / B * 1e9;
  MDB_CU(cuCtxSynchronize());
  return 0;
}

static void mdb_launch_overhead(const mdb_desc *descs) {
  for (int ci = 0; ci < ncases; ci++) {
    const mdb_case *c = &cases[ci];
    if (strcmp(c->kernel, "transpose") && strcmp(c->kernel, "permute"))
      continue;
    const mdb_desc *d = &descs[ci];
    mdb_mods *m = mdb_mod(c->module);
    CUfunction fn, fc;
    char name[80];
    if (!m || !d->bytes)
      continue;
    snprintf(name, sizeof name, "%s_native", c->kernel);
    if (mdb_cu.cuModuleGetFunction(&fn, m->m[0], name) != CUDA_SUCCESS)
      continue;
    snprintf(name, sizeof name, "%s_native%s", c->kernel, MD_CLONE_SUFFIX);
    if (mdb_cu.cuModuleGetFunction(&fc, m->m[1], name) != CUDA_SUCCESS)
      continue;
    CUdeviceptr bp[MDB_MAX_BUF] = {0};
    int ok = 1;
    for (int b = 0; b < c->nbuf && ok; b++)
      ok = mdb_cu.cuMemAlloc(&bp[b], c->buf[b].bytes) == CUDA_SUCCESS;
    CUdeviceptr ptrs[MDB_MAX_PARAM];
    void *args[MDB_MAX_PARAM];
    mdb_args(c, bp, ptrs, args);
    enum { NB = 41 };
    double t[3][NB];
    for (int k = 0; k < NB && ok; k++)
      for (int mode = 0; mode < 3 && ok; mode++)
        ok = mdb_overhead_batch(mode, fn, fc, c, d, args, &t[mode][k]) == 0;
    for (int b = 0; b < c->nbuf; b++)
      if (bp[b])
        mdb_cu.cuMemFree(bp[b]);
    if (!ok) {
      say("launch overhead %s: failed\n", c->kernel);
      continue;
    }
    for (int mode = 0; mode < 3; mode++)
      qsort(t[mode], NB, sizeof(double), mdb_cmp_double);
    say("launch overhead %s (%d divisors), host ns per launch (median of %d "
        "batches of 256): plain launch %.0f, md_desc_fill_validated + "
        "md_build_args %.0f, both + clone launch %.0f (+%.0f over plain)\n",
        c->kernel, c->ndiv, NB, t[0][NB / 2], t[1][NB / 2], t[2][NB / 2],
        t[2][NB / 2] - t[0][NB / 2]);
  }
}

/* ------------------------------------------------------------------ *
 * Reports.                                                            *
 * ------------------------------------------------------------------ */

static const char *mdb_cell(const mdb_res *r, char *buf, size_t n) {
  if (!r->ran && r->status == 2)
    snprintf(buf, n, "n/a");
  else if (!r->ran)
    snprintf(buf, n, "-");
  else
    snprintf(buf, n, "%.4f%s", r->med_ms, r->status == 1 ? "!" : "");
  return buf;
}

/* Best exact hand-written time, or 0. */
static double mdb_best_hand(const mdb_res *rs) {
  double best = 0;
  for (int v = V_CUTLASS; v <= V_UNIFIED; v++)
    if (rs[v].ran && rs[v].status == 0 && (best == 0 || rs[v].med_ms < best))
      best = rs[v].med_ms;
  return best;
}

static void mdb_write_csv(FILE *f) {
  fprintf(f, "case,group,variant,status,median_ms,min_ms,reps,bad_words,"
             "speedup_vs_native,GBps,Gdivps,note\n");
  for (int ci = 0; ci < ncases; ci++)
    for (int v = 0; v < V_N; v++) {
      const mdb_res *r = &res[ci][v];
      const mdb_case *c = &cases[ci];
      double nat = res[ci][V_NATIVE].ran ? res[ci][V_NATIVE].med_ms : 0;
      fprintf(f, "\"%s\",%s,%s,%s,%.6f,%.6f,%d,%lld,%.3f,%.1f,%.1f,\"%s\"\n",
              c->name, c->group, vname[v],
              r->status == 0 ? (r->ran ? "ok" : "not-run")
              : r->status == 1 ? "MISMATCH"
              : r->status == 2 ? "unavailable"
                               : "error",
              r->med_ms, r->min_ms, r->reps, r->bad,
              r->ran && nat > 0 ? nat / r->med_ms : 0.0,
              r->ran ? c->bytes / (r->med_ms * 1e6) : 0.0,
              r->ran && c->divs > 0 ? c->divs / (r->med_ms * 1e6) : 0.0,
              r->note);
    }
}

static void mdb_table(FILE *f) {
  char b[4][32];
  fprintf(f, "| case | native ms | cutlass ms | unified ms | plugin ms | "
             "plugin speedup | plugin vs best hand | correct |\n");
  fprintf(f, "|---|---|---|---|---|---|---|---|\n");
  for (int ci = 0; ci < ncases; ci++) {
    const mdb_res *rs = res[ci];
    double nat = rs[V_NATIVE].ran ? rs[V_NATIVE].med_ms : 0;
    double hand = mdb_best_hand(rs);
    char sp[32] = "-", vh[32] = "-", ok[64] = "";
    if (rs[V_PLUGIN].ran && nat > 0)
      snprintf(sp, sizeof sp, "%.2fx", nat / rs[V_PLUGIN].med_ms);
    if (rs[V_PLUGIN].ran && hand > 0)
      snprintf(vh, sizeof vh, "%+.1f%%",
               100.0 * (rs[V_PLUGIN].med_ms - hand) / hand);
    for (int v = V_CUTLASS; v < V_N; v++)
      if (rs[v].status == 1)
        snprintf(ok + strlen(ok), sizeof ok - strlen(ok), "%s%s WRONG",
                 ok[0] ? ", " : "", vname[v]);
    if (!ok[0])
      snprintf(ok, sizeof ok, "%s", rs[V_NATIVE].ran ? "all exact" : "-");
    fprintf(f, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", cases[ci].name,
            mdb_cell(&rs[V_NATIVE], b[0], 32),
            mdb_cell(&rs[V_CUTLASS], b[1], 32),
            mdb_cell(&rs[V_UNIFIED], b[2], 32),
            mdb_cell(&rs[V_PLUGIN], b[3], 32), sp, vh, ok);
  }
}

/* Geometric mean of native/plugin over a group. */
static void mdb_group_summary(FILE *f, const char *group) {
  double lsum[V_N] = {0};
  int n[V_N] = {0};
  for (int ci = 0; ci < ncases; ci++) {
    if (strcmp(cases[ci].group, group))
      continue;
    const mdb_res *rs = res[ci];
    if (!rs[V_NATIVE].ran)
      continue;
    for (int v = V_CUTLASS; v < V_N; v++)
      if (rs[v].ran && rs[v].status == 0) {
        lsum[v] += log(rs[V_NATIVE].med_ms / rs[v].med_ms);
        n[v]++;
      }
  }
  fprintf(f, "%s geomean speedup over native:", group);
  for (int v = V_CUTLASS; v < V_N; v++)
    if (n[v])
      fprintf(f, " %s %.2fx (%d)", vname[v], exp(lsum[v] / n[v]),
              n[v]);
  fprintf(f, "\n");
}

static void mdb_write_reports(void) {
  char path[1024];
  FILE *f;
  if (!opt.out)
    return;
  if (!mdb_path(path, sizeof path, opt.out, "results.csv") &&
      (f = fopen(path, "w"))) {
    mdb_write_csv(f);
    fclose(f);
  }
  if (!mdb_path(path, sizeof path, opt.out, "table.md") &&
      (f = fopen(path, "w"))) {
    mdb_table(f);
    mdb_group_summary(f, "kernels");
    mdb_group_summary(f, "op_u32");
    mdb_group_summary(f, "op_u64");
    fclose(f);
  }
}

static void mdb_usage(void) {
  fprintf(stderr,
          "usage: mdb_gpu --bundle DIR [--out DIR] [--dry-run] [--quick]\n"
          "               [--only SUBSTR] [--seed N] [--reps N] "
          "[--deadline S]\n");
}

int main(int argc, char **argv) {
  opt.reps = 50;
  opt.deadline_s = 400;
  opt.seed = (unsigned long long)time(NULL);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--bundle") && v)
      opt.bundle = argv[++i];
    else if (!strcmp(a, "--out") && v)
      opt.out = argv[++i];
    else if (!strcmp(a, "--only") && v)
      opt.only = argv[++i];
    else if (!strcmp(a, "--seed") && v)
      opt.seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(a, "--reps") && v)
      opt.reps = atoi(argv[++i]);
    else if (!strcmp(a, "--deadline") && v)
      opt.deadline_s = atof(argv[++i]);
    else if (!strcmp(a, "--dry-run"))
      opt.dry = 1;
    else if (!strcmp(a, "--quick"))
      opt.quick = 1;
    else {
      mdb_usage();
      return 64;
    }
  }
  if (!opt.bundle) {
    mdb_usage();
    return 64;
  }
  if (opt.reps < 5)
    opt.reps = 5;
  if (opt.reps > MDB_MAX_REPS)
    opt.reps = MDB_MAX_REPS;
  t_start = mdb_now();
  if (opt.out) {
    char path[1024];
    mkdir(opt.out, 0777);
    if (!mdb_path(path, sizeof path, opt.out, "log.txt"))
      log_file = fopen(path, "w");
  }
  say("mdb_gpu: bundle %s, seed %llu%s%s\n", opt.bundle, opt.seed,
      opt.quick ? ", quick" : "", opt.dry ? ", dry run" : "");

  /* GPU first (for the SM count), but failing is fine until after the
   * host-side checks. */
  char err[512] = "";
  int gpu = opt.dry ? -1 : mdb_gpu_init(err, sizeof err);
  if (opt.dry) {
    /* exercise the driver loading path and report it, without using it */
    gpu = mdb_gpu_init(err, sizeof err);
    if (gpu == 0)
      say("== dry run: a GPU is available, but --dry-run runs nothing on "
          "it\n");
    gpu = -1;
  }
  static mdb_case all[MDB_MAX_CASES];
  int nall = mdb_cases_build(all, MDB_MAX_CASES, opt.quick,
                             dev_sms ? dev_sms : 132);
  int skipped = 0;
  for (int i = 0; i < nall; i++) {
    if (opt.only && !strstr(all[i].name, opt.only))
      continue;
    if (!mdb_in_bundle(all[i].module)) {
      skipped++;
      continue;
    }
    cases[ncases++] = all[i];
  }
  if (skipped)
    say("  note: %d cases skipped: their kernels are not in the bundle (a "
        "build.sh --quick bundle?)\n",
        skipped);
  static mdb_desc descs[MDB_MAX_CASES];
  int fails = mdb_host_checks(descs);
  if (ncases == 0) {
    say("  FAIL no case to run: no kernels in %s%s\n", opt.bundle,
        opt.only ? " matching --only" : "");
    fails++;
  }
  if (gpu != 0) {
    say("== CUDA not available: %s\n", err[0] ? err : "(dry run)");
    if (opt.dry)
      say("dry run %s: %d host-side failures\n", fails ? "FAILED" : "passed",
          fails);
    else
      say("cannot run the GPU benchmark here (use --dry-run for the "
          "host-side checks only)\n");
    mdb_gpu_release(descs);
    if (log_file)
      fclose(log_file);
    return opt.dry ? (fails ? 1 : 0) : 2;
  }
  say("== correctness and timing (%d cases x %d variants)\n", ncases, V_N);
  int errors = 0;
  for (int ci = 0; ci < ncases; ci++) {
    if (mdb_run_case(ci, &descs[ci])) {
      say("  %s: CUDA error, case abandoned\n", cases[ci].name);
      errors++;
    }
    mdb_write_reports(); /* after every case: a killed run keeps its data */
  }
  mdb_launch_overhead(descs);
  int wrong = 0;
  for (int ci = 0; ci < ncases; ci++)
    for (int v = V_CUTLASS; v < V_N; v++)
      if (res[ci][v].status == 1 &&
          !(v == V_CUTLASS && cases[ci].cutlass_note))
        wrong++;
  say("\n== summary (median ms per launch; '!' = output differs from "
      "native)\n");
  mdb_table(stdout);
  if (log_file)
    mdb_table(log_file);
  mdb_group_summary(stdout, "kernels");
  mdb_group_summary(stdout, "op_u32");
  mdb_group_summary(stdout, "op_u64");
  say("%d unexpected mismatches, %d CUDA errors, %.0f s\n", wrong, errors,
      mdb_now() - t_start);
  if (log_file)
    fclose(log_file);
  mdb_gpu_release(descs);
  return wrong || errors || fails ? 1 : 0;
}
