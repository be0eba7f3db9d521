/*
 * mdb_state.c -- the GPU benchmark driver's run state (options, selected
 * cases, results, the log) and the utilities every part of it uses: time,
 * printing to stdout and the log, reading bundle files, a case's argument
 * pointers and launch dimensions.  mdb_gpu.c (main), mdb_setup.c,
 * mdb_run.c and mdb_report.c use it; it uses none of them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "mdb_gpu.h"

const char *const mdb_vname[V_N] = {"native", "cutlass",     "unified",
                                    "plugin", "const",       "nvcc",
                                    "nvcc_cutlass"};
mdb_opts mdb_opt;
mdb_case mdb_sel[MDB_MAX_CASES];
mdb_res mdb_results[MDB_MAX_CASES][V_N];
int mdb_nsel;
double mdb_t_start;
FILE *mdb_log_file;

double mdb_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* printf to stdout and the log file. */
void mdb_say(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (mdb_log_file) {
    va_start(ap, fmt);
    vfprintf(mdb_log_file, fmt, ap);
    va_end(ap);
    fflush(mdb_log_file);
  }
}

unsigned char *mdb_read(const char *path, size_t *size) {
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

int mdb_path(char *out, size_t cap, const char *dir, const char *file) {
  int n = snprintf(out, cap, "%s/%s", dir, file);
  return n > 0 && (size_t)n < cap ? 0 : -1;
}

/* Argument pointers of the native kernel for md_desc_fill / launch:
 * blobs point at their bytes, buffers at `ptrs[i]`. */
void mdb_args(const mdb_case *c, const CUdeviceptr *bufptr, CUdeviceptr *ptrs,
              void **args) {
  for (int i = 0; i < c->nparam; i++) {
    if (c->param[i].buf >= 0) {
      ptrs[i] = bufptr[c->param[i].buf];
      args[i] = &ptrs[i];
    } else {
      args[i] = (void *)c->param[i].val;
    }
  }
}

void mdb_dims(const mdb_case *c, md_dims *d) {
  d->grid[0] = c->grid;
  d->grid[1] = d->grid[2] = 1;
  d->block[0] = c->block;
  d->block[1] = d->block[2] = 1;
}

/* Whether the bundle holds the module's cubin. */
int mdb_in_bundle(const char *module) {
  char path[1024], file[64];
  struct stat st;
  snprintf(file, sizeof file, "%s.%s.cubin", module, MDB_ARCH);
  return mdb_path(path, sizeof path, mdb_opt.bundle, file) == 0 &&
         stat(path, &st) == 0;
}
