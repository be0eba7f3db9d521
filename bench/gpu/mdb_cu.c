/*
 * mdb_cu.c -- dlopen loader of the CUDA driver API (see mdb_cu.h).
 */
#include "mdb_cu.h"

#include <dlfcn.h>
#include <stdio.h>

mdb_cu_api mdb_cu;

/* Expand the macro cuda.h maps a name to, then stringize it. */
#define MDB_STR2(x) #x
#define MDB_STR(x) MDB_STR2(x)

int mdb_cu_load(char *err, size_t errlen) {
  static const char *libs[] = {"libcuda.so.1", "libcuda.so"};
  void *h = NULL;
  const char *why = "";
  for (size_t i = 0; i < sizeof libs / sizeof libs[0] && !h; i++) {
    h = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
    if (!h)
      why = dlerror();
  }
  if (!h) {
    snprintf(err, errlen, "no NVIDIA driver: cannot load libcuda.so.1 (%s)",
             why ? why : "?");
    return -1;
  }
  /* Versioned name first (what cuda.h compiles calls to), plain name for
   * older drivers. */
#define MDB_CU_RESOLVE(f)                                                      \
  {                                                                            \
    void *p = dlsym(h, MDB_STR(f));                                            \
    if (!p)                                                                    \
      p = dlsym(h, #f);                                                        \
    if (!p) {                                                                  \
      snprintf(err, errlen, "libcuda.so.1 lacks %s (driver too old?)",        \
               MDB_STR(f));                                                    \
      return -1;                                                               \
    }                                                                          \
    *(void **)&mdb_cu.f = p;                                                   \
  }
  MDB_CU_FUNCS(MDB_CU_RESOLVE)
#undef MDB_CU_RESOLVE
  return 0;
}

const char *mdb_cu_errstr(CUresult r) {
  static char buf[256];
  const char *name = NULL, *str = NULL;
  if (mdb_cu.cuGetErrorName)
    mdb_cu.cuGetErrorName(r, &name);
  if (mdb_cu.cuGetErrorString)
    mdb_cu.cuGetErrorString(r, &str);
  snprintf(buf, sizeof buf, "%s (%d: %s)", name ? name : "CUDA error", (int)r,
           str ? str : "no description");
  return buf;
}

void mdb_cu_report(const char *file, int line, const char *call, CUresult r) {
  fprintf(stderr, "mdb_gpu: %s:%d: %s failed: %s\n", file, line, call,
          mdb_cu_errstr(r));
}
