/*
 * mdb_cu.h -- the CUDA driver API, loaded at run time with dlopen.
 *
 * The GPU benchmark must run on a machine that has the NVIDIA driver but no
 * CUDA toolkit, and fail cleanly where there is no driver at all (the
 * dry-run mode on build machines).  So it links neither cudart nor libcuda:
 * mdb_cu_load() dlopens libcuda.so.1 and resolves each entry point by the
 * versioned name cuda.h maps it to (cuMemAlloc -> cuMemAlloc_v2), falling
 * back to the plain name for drivers older than the header.
 *
 * Use:  MDB_CU(cuMemAlloc(&p, n));  -- calls through the table, and on an
 * error prints file:line, the call and the driver's error name, then
 * returns -1 from the enclosing function.
 */
#ifndef MDB_CU_H
#define MDB_CU_H

#include <cuda.h>

/* Every driver function the benchmark uses. */
#define MDB_CU_FUNCS(X)                                                        \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDeviceTotalMem)                                                          \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuModuleGetGlobal)                                                         \
  X(cuMemGetInfo)                                                              \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemsetD8)                                                                \
  X(cuLaunchKernel)                                                            \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)

#define MDB_CU_FIELD(f) __typeof__(&f) f;
typedef struct mdb_cu_api {
  MDB_CU_FUNCS(MDB_CU_FIELD)
} mdb_cu_api;
#undef MDB_CU_FIELD

extern mdb_cu_api mdb_cu;

/* dlopen the driver and resolve every function.  0, or -1 with a message
 * in err (no driver, missing symbol). */
int mdb_cu_load(char *err, size_t errlen);

/* "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)". */
const char *mdb_cu_errstr(CUresult r);

#define MDB_CU(call)                                                           \
  do {                                                                         \
    CUresult mdb_r_ = mdb_cu.call;                                             \
    if (mdb_r_ != CUDA_SUCCESS) {                                              \
      mdb_cu_report(__FILE__, __LINE__, #call, mdb_r_);                        \
      return -1;                                                               \
    }                                                                          \
  } while (0)

void mdb_cu_report(const char *file, int line, const char *call, CUresult r);

#endif /* MDB_CU_H */
