/*
 * jit_driver.c -- a driver-API program that loads PTX itself and launches
 * through md_cuLaunchKernel instead of cuLaunchKernel: the complete example
 * of docs/LAUNCH.md.  Usage: jit_driver FILE.ptx
 * Exit status: 0 results right, 1 wrong results, 2 no usable GPU/driver.
 */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

#include "magicdiv/md_cuda_driver.h"

#define N 4096

static int check(CUresult r, const char *what) {
  const char *name = NULL;
  if (r == CUDA_SUCCESS)
    return 0;
  cuGetErrorName(r, &name);
  fprintf(stderr, "jit: %s: %s\n", what, name ? name : "unknown error");
  return 1;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  long n;
  char *s;
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
    free(s);
    s = NULL;
  }
  if (s)
    s[n] = 0; /* cuModuleLoadData wants NUL-terminated PTX */
  fclose(f);
  return s;
}

int main(int argc, char **argv) {
  static unsigned in[N], out[N];
  unsigned n = N, d, i, bad = 0;
  char *ptx = argc > 1 ? read_file(argv[1]) : NULL;
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction k;
  CUdeviceptr din, dout;
  if (!ptx) {
    fprintf(stderr, "usage: jit_driver FILE.ptx\n");
    return 2;
  }
  if (check(cuInit(0), "cuInit") || check(cuDeviceGet(&dev, 0), "cuDeviceGet") ||
      check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain") ||
      check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent"))
    return 2;
  /* Load the PTX: the module holds k_scale, k_scale__magicdiv and
   * k_scale__magicdiv_desc. */
  if (check(cuModuleLoadData(&mod, ptx), "cuModuleLoadData") ||
      check(cuModuleGetFunction(&k, mod, "k_scale"), "cuModuleGetFunction") ||
      check(cuMemAlloc(&din, sizeof in), "cuMemAlloc") ||
      check(cuMemAlloc(&dout, sizeof out), "cuMemAlloc"))
    return 2;
  for (i = 0; i < N; i++)
    in[i] = i * 2654435761u;
  if (check(cuMemcpyHtoD(din, in, sizeof in), "cuMemcpyHtoD"))
    return 2;
  for (d = 1; d < 200000; d = d * 3 + 1) {
    void *params[] = {&dout, &din, &n, &d};
    /* cuLaunchKernel(k, ...) becomes md_cuLaunchKernel(k, ..., "k_scale"):
     * the clone runs with this launch's magic numbers, or k itself does. */
    if (check(md_cuLaunchKernel(k, N / 256, 1, 1, 256, 1, 1, 0, NULL, params,
                                NULL, "k_scale"),
              "md_cuLaunchKernel") ||
        check(cuMemcpyDtoH(out, dout, sizeof out), "cuMemcpyDtoH"))
      return 2;
    for (i = 0; i < N; i++)
      if (out[i] != in[i] / d + in[i] % d && bad++ < 5)
        fprintf(stderr, "jit: d=%u in[%u]=%u: got %u\n", d, i, in[i], out[i]);
  }
  cuMemFree(din);
  cuMemFree(dout);
  cuModuleUnload(mod);
  md_launch_reset(); /* the module's CUfunctions are gone: forget them */
  cuDevicePrimaryCtxRelease(dev);
  free(ptx);
  printf("jit: %s\n", bad ? "WRONG RESULTS" : "all results right");
  return bad ? 1 : 0;
}
