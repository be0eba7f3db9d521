/*
 * mdb_setup.c -- the CUDA side of the benchmark driver that is not a
 * measurement: driver and device initialisation, loading the bundle's
 * modules (cubin, PTX JIT as a fallback), releasing them.
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

#include "mdb_gpu.h"

/* ------------------------------------------------------------------ *
 * GPU side.                                                           *
 * ------------------------------------------------------------------ */

static mdb_mods mods[16];
static int nmods;
CUmodule mdb_util_mod;
unsigned mdb_dev_sms;
size_t mdb_dev_l2;

/* Load DIR/<stem>.<arch>.cubin, or its PTX if the cubin is refused. */
static int mdb_load_module(const char *stem, CUmodule *out) {
  char file[96], path[1024];
  size_t size;
  snprintf(file, sizeof file, "%s.%s.cubin", stem, MDB_ARCH);
  if (mdb_path(path, sizeof path, mdb_opt.bundle, file))
    return -1;
  unsigned char *img = mdb_read(path, &size);
  if (!img) {
    mdb_say("  cannot read %s: %s\n", path, strerror(errno));
    return -1;
  }
  CUresult r = mdb_cu.cuModuleLoadDataEx(out, img, 0, NULL, NULL);
  free(img);
  if (r == CUDA_SUCCESS)
    return 0;
  mdb_say("  %s: cubin refused (%s); trying PTX JIT\n", file, mdb_cu_errstr(r));
  snprintf(file, sizeof file, "%s.ptx", stem);
  if (mdb_path(path, sizeof path, mdb_opt.bundle, file))
    return -1;
  img = mdb_read(path, &size);
  if (!img) {
    mdb_say("  no PTX fallback %s\n", path);
    return -1;
  }
  r = mdb_cu.cuModuleLoadDataEx(out, img, 0, NULL, NULL);
  free(img);
  if (r != CUDA_SUCCESS) {
    mdb_say("  %s: PTX JIT failed too: %s\n", file, mdb_cu_errstr(r));
    return -1;
  }
  mdb_say("  %s: loaded from PTX (JIT)\n", file);
  return 0;
}

mdb_mods *mdb_mod(const char *stem) {
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
  /* the nvcc build is optional: its variants are unavailable without it */
  char nstem[40], file[96], path[1024];
  struct stat sb;
  snprintf(nstem, sizeof nstem, "%s.nvcc", stem);
  snprintf(file, sizeof file, "%s.%s.cubin", nstem, MDB_ARCH);
  m->m[2] = NULL;
  if (!mdb_path(path, sizeof path, mdb_opt.bundle, file) &&
      stat(path, &sb) == 0 && mdb_load_module(nstem, &m->m[2]))
    m->m[2] = NULL;
  nmods++;
  return m;
}

int mdb_gpu_init(char *err, size_t errlen) {
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
  mdb_dev_sms = (unsigned)sms;
  mdb_dev_l2 = (size_t)l2;
  mdb_say("== device: %s, sm_%d%d, %d SMs, L2 %.1f MB, %.1f GB, clock %d MHz, "
      "driver %d.%d\n",
      name, major, minor, sms, l2 / 1048576.0, mem / 1073741824.0,
      clk / 1000, drv / 1000, (drv % 1000) / 10);
  if (major != 9)
    mdb_say("  note: the bundle holds sm_90 cubins; other GPUs use the PTX "
        "fallback\n");
  if (mdb_load_module("util", &mdb_util_mod)) {
    snprintf(err, errlen, "cannot load util module");
    return -1;
  }
  return 0;
}

void mdb_gpu_release(mdb_desc *descs) {
  for (int i = 0; i < nmods; i++)
    for (int p = 0; p < 3; p++)
      if (mods[i].m[p])
        mdb_cu.cuModuleUnload(mods[i].m[p]);
  nmods = 0;
  if (mdb_util_mod)
    mdb_cu.cuModuleUnload(mdb_util_mod);
  mdb_util_mod = NULL;
  for (int i = 0; i < mdb_nsel; i++) {
    free(descs[i].bytes);
    descs[i].bytes = NULL;
  }
}

