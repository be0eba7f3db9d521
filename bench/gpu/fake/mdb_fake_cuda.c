/*
 * mdb_fake_cuda.c -- a stand-in libcuda.so.1 for testing the GPU benchmark
 * driver (mdb_gpu) on machines without a GPU.  NOT a simulator: kernels do
 * not run.  It exists to exercise every host-side path of mdb_gpu -- driver
 * loading, module and kernel lookup, descriptor reads, argument arrays,
 * memory, events, error handling -- and to check every launch against the
 * kernel's real parameter list:
 *
 *   MDB_FAKE_BUNDLE=DIR   the bundle: kernels are looked up in DIR/ *.ptx
 *                         (`.entry NAME(` and its .param list), globals in
 *                         DIR/desc/NAME.bin.
 *   MDB_FAKE_LOG=FILE     one line per launch: kernel, grid, block, sizes.
 *
 * cuLaunchKernel reads every argument (size bytes from each args[i]) and
 * fails with CUDA_ERROR_INVALID_VALUE for an unknown function or a zero
 * grid/block; built with AddressSanitizer, a too-short argument array shows
 * up as a stack read overflow.  Device memory is host memory (calloc), so
 * copies and memsets behave; kernel outputs stay as poisoned.
 */
#define _GNU_SOURCE
#include <cuda.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FAKE_MAX_PARAMS 300

typedef struct fake_fn {
  char name[128];
  int nparam;
  size_t size[FAKE_MAX_PARAMS];
} fake_fn;

static FILE *fake_log;
static unsigned long long fake_launches;

/* Functions and globals live as long as the process (as handles from a
 * real driver do for a loaded module); freed at exit so leak checkers see
 * only the caller's leaks. */
#define FAKE_MAX_KEEP 4096
static void *fake_keep[FAKE_MAX_KEEP];
static int fake_nkeep;

static void *fake_kept(void *p) {
  if (p && fake_nkeep < FAKE_MAX_KEEP)
    fake_keep[fake_nkeep++] = p;
  return p;
}

__attribute__((destructor)) static void fake_release(void) {
  for (int i = 0; i < fake_nkeep; i++)
    free(fake_keep[i]);
  fake_nkeep = 0;
  if (fake_log)
    fclose(fake_log);
}

static char *fake_slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc((size_t)n + 1);
  if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
    free(b);
    b = NULL;
  }
  if (b)
    b[n] = 0;
  fclose(f);
  return b;
}

/* Parameter sizes of `.entry name(` ... `)` in PTX text. */
static int fake_parse_entry(const char *ptx, const char *name, fake_fn *fn) {
  char key[160];
  snprintf(key, sizeof key, ".entry %s(", name);
  const char *p = strstr(ptx, key);
  if (!p)
    return -1;
  const char *end = strchr(p, ')');
  p += strlen(key);
  fn->nparam = 0;
  while (p && p < end) {
    const char *q = strstr(p, ".param");
    if (!q || q > end)
      break;
    const char *eol = strpbrk(q, ",)\n");
    char line[256];
    size_t len = (size_t)(eol - q) < sizeof line - 1 ? (size_t)(eol - q)
                                                     : sizeof line - 1;
    memcpy(line, q, len);
    line[len] = 0;
    size_t sz = 0;
    const char *br = strchr(line, '[');
    if (br)
      sz = strtoul(br + 1, NULL, 10);
    else if (strstr(line, "64"))
      sz = 8;
    else if (strstr(line, "32"))
      sz = 4;
    else if (strstr(line, "16"))
      sz = 2;
    else if (strstr(line, "8"))
      sz = 1;
    if (fn->nparam < FAKE_MAX_PARAMS)
      fn->size[fn->nparam++] = sz;
    p = eol + 1;
  }
  snprintf(fn->name, sizeof fn->name, "%s", name);
  return 0;
}

static const char *fake_bundle(void) {
  const char *b = getenv("MDB_FAKE_BUNDLE");
  return b ? b : ".";
}

CUresult cuInit(unsigned int flags) {
  (void)flags;
  const char *l = getenv("MDB_FAKE_LOG");
  if (l && !fake_log)
    fake_log = fopen(l, "w");
  return CUDA_SUCCESS;
}
CUresult cuDriverGetVersion(int *v) {
  *v = 13000;
  return CUDA_SUCCESS;
}
CUresult cuGetErrorName(CUresult e, const char **s) {
  *s = e == CUDA_SUCCESS ? "CUDA_SUCCESS" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult e, const char **s) {
  (void)e;
  *s = "fake libcuda (mdb_fake_cuda.c)";
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *n) {
  *n = 1;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGet(CUdevice *d, int i) {
  *d = i;
  return i == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
  (void)d;
  snprintf(name, (size_t)len, "fake GPU (no kernels run)");
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice d) {
  (void)d;
  switch (a) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *v = 132;
    break;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    *v = 50 << 20;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *v = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *v = 0;
    break;
  default:
    *v = 0;
    break;
  }
  return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem(size_t *b, CUdevice d) {
  (void)d;
  *b = (size_t)4 << 30;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  (void)d;
  *c = (CUcontext)0x1;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease(CUdevice d) {
  (void)d;
  return CUDA_SUCCESS;
}
CUresult cuCtxSetCurrent(CUcontext c) {
  (void)c;
  return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize(void) { return CUDA_SUCCESS; }

CUresult cuModuleLoadDataEx(CUmodule *m, const void *img, unsigned int n,
                            CUjit_option *o, void **v) {
  (void)n;
  (void)o;
  (void)v;
  const unsigned char *b = img;
  /* accept an ELF cubin or PTX text, like the real driver */
  if (!(b[0] == 0x7f && b[1] == 'E') && !strstr((const char *)img, ".entry"))
    return CUDA_ERROR_INVALID_IMAGE;
  *m = (CUmodule)calloc(1, 16);
  return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule m) {
  free(m);
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m;
  DIR *dir = opendir(fake_bundle());
  struct dirent *e;
  fake_fn *fn = calloc(1, sizeof *fn);
  CUresult r = CUDA_ERROR_NOT_FOUND;
  while (dir && fn && r != CUDA_SUCCESS && (e = readdir(dir))) {
    size_t l = strlen(e->d_name);
    if (l < 4 || strcmp(e->d_name + l - 4, ".ptx"))
      continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", fake_bundle(), e->d_name);
    char *ptx = fake_slurp(path);
    if (ptx && fake_parse_entry(ptx, name, fn) == 0)
      r = CUDA_SUCCESS;
    free(ptx);
  }
  if (dir)
    closedir(dir);
  if (r != CUDA_SUCCESS)
    free(fn);
  else
    *f = (CUfunction)fake_kept(fn);
  return r;
}
CUresult cuModuleGetGlobal(CUdeviceptr *p, size_t *size, CUmodule m,
                           const char *name) {
  (void)m;
  char path[4096];
  snprintf(path, sizeof path, "%s/desc/%s.bin", fake_bundle(), name);
  FILE *f = fopen(path, "rb");
  if (!f)
    return CUDA_ERROR_NOT_FOUND;
  unsigned char *b = fake_kept(malloc(1 << 16));
  size_t n = b ? fread(b, 1, 1 << 16, f) : 0;
  fclose(f);
  *p = (CUdeviceptr)b;
  *size = n;
  return b ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult cuMemGetInfo(size_t *fr, size_t *total) {
  *fr = (size_t)2 << 30;
  *total = (size_t)4 << 30;
  return CUDA_SUCCESS;
}
CUresult cuMemAlloc(CUdeviceptr *p, size_t n) {
  void *m = calloc(1, n ? n : 1);
  *p = (CUdeviceptr)m;
  return m ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFree(CUdeviceptr p) {
  free((void *)p);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoD(CUdeviceptr d, const void *s, size_t n) {
  memcpy((void *)d, s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH(void *d, CUdeviceptr s, size_t n) {
  memcpy(d, (const void *)s, n);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD8(CUdeviceptr d, unsigned char v, size_t n) {
  memset((void *)d, v, n);
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shm,
                        CUstream st, void **args, void **extra) {
  (void)shm;
  (void)st;
  (void)extra;
  const fake_fn *fn = (const fake_fn *)f;
  if (!fn || !args || !gx || !gy || !gz || !bx || !by || !bz ||
      (unsigned long long)bx * by * bz > 1024)
    return CUDA_ERROR_INVALID_VALUE;
  volatile unsigned char sink = 0;
  size_t total = 0;
  for (int i = 0; i < fn->nparam; i++) {
    const unsigned char *a = args[i];
    if (!a)
      return CUDA_ERROR_INVALID_VALUE;
    for (size_t k = 0; k < fn->size[i]; k++)
      sink ^= a[k];
    total += fn->size[i];
  }
  (void)sink;
  fake_launches++;
  if (fake_log && fake_launches <= 100000)
    fprintf(fake_log, "%s grid=%u block=%u params=%d bytes=%zu\n", fn->name, gx,
            bx, fn->nparam, total);
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *e, unsigned int flags) {
  (void)flags;
  *e = (CUevent)calloc(1, sizeof(struct timespec));
  return *e ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuEventDestroy(CUevent e) {
  free(e);
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent e, CUstream s) {
  (void)s;
  clock_gettime(CLOCK_MONOTONIC, (struct timespec *)e);
  return CUDA_SUCCESS;
}
CUresult cuEventSynchronize(CUevent e) {
  (void)e;
  return CUDA_SUCCESS;
}
CUresult cuEventElapsedTime(float *ms, CUevent a, CUevent b) {
  const struct timespec *x = (const void *)a, *y = (const void *)b;
  *ms =
      (float)((y->tv_sec - x->tv_sec) * 1e3 + (y->tv_nsec - x->tv_nsec) * 1e-6);
  return CUDA_SUCCESS;
}
