/*
 * md_launch.h -- launching magicdiv clones through CUDA and HIP.
 *
 Entry points, one design (docs/LAUNCH.md has the whole flow):
 *
 *   md_cuda_launch     what the host pass puts in place of each
 *                      cudaLaunchKernel / cudaLaunchKernel_ptsz /
 *                      cudaLaunchCooperativeKernel(_ptsz) call of a
 *                      registered kernel (clang -fpass-plugin=MagicDiv.so).
 *   md_cuda_launch_ex  the same for cudaLaunchKernelExC(_ptsz) (and so the
 *                      cudaLaunchKernelEx template): attributes kept.
 *   md_hip_launch      the same for hipLaunchKernel / hipLaunchKernel_spt
 *                      (and hipLaunchKernelGGL, which is <<<>>>).
 *   md_hip_launch_ext  hipExtLaunchKernel (and hipExtLaunchKernelGGL).
 *   md_hip_launch_cooperative  hipLaunchCooperativeKernel(_spt).
 *   md_cuLaunchKernel  a drop-in for the driver API's cuLaunchKernel, for
 *                      programs that load PTX or cubins themselves.
 *
 * Each finds the kernel's clone `K__magicdiv` and descriptor
 * `K__magicdiv_desc` (md_abi.h), computes the magic parameters of this
 * launch (md_desc_fill) and launches the clone with the same grid, block,
 * dynamic shared memory and stream.  Whenever anything is missing or fails
 * it launches the ORIGINAL kernel exactly as the program asked and returns
 * what that launch returns.  They return the API's own error code (a
 * cudaError_t, hipError_t or CUresult value), not an MD_* status: they
 * stand in for the API call.
 *
 * No CUDA or HIP header is needed: the types below are opaque stand-ins
 * with the same representation (every CUDA/HIP handle is a pointer, dim3
 * is three unsigned ints), so CUfunction, CUstream, cudaStream_t and dim3
 * values convert to them without casts.  libmagicdiv_rt has no link-time
 * dependency on cudart, libcuda or libamdhip64: the program's own runtime
 * functions are handed in by the host pass, and the CUDA driver is reached
 * through dlopen("libcuda.so.1") (already loaded by cudart in a CUDA
 * process).
 *
 * Environment (read on first use and by md_launch_reset):
 *   MAGICDIV_DISABLE=1   never launch a clone; every launch is the original
 *   MAGICDIV_LOG=1       one line on stderr per kernel (and context) on its
 *                        first launch: clone used, or why not; and one per
 *                        measured choice when it is made
 *   MAGICDIV_GRAPHS=original  launches into a capturing stream (and graph
 *                        kernel nodes written through the functions below)
 *                        run the original: for graphs that code not
 *                        compiled with the plugin edits
 *   MAGICDIV_CHOICE=measured (default) | clone | original  which of a
 *                        kernel's clone and original runs: the faster as
 *                        measured with events on the first launches, the
 *                        clone always, or the original always
 */
#ifndef MAGICDIV_MD_LAUNCH_H
#define MAGICDIV_MD_LAUNCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CUDA's and HIP's dim3 by value (same layout and calling convention). */
typedef struct md_dim3 {
  unsigned int x, y, z;
} md_dim3;

/* Opaque CUDA driver handles (CUcontext, CUmodule, CUfunction, CUstream). */
typedef void *md_CUcontext;
typedef void *md_CUmodule;
typedef void *md_CUfunction;
typedef void *md_CUstream;
typedef unsigned long long md_CUdeviceptr;
typedef int md_CUresult; /* CUresult value; 0 = CUDA_SUCCESS */
typedef void *md_CUevent;

/* ------------------------------------------------------------------------
 * The CUDA runtime-API path (host pass -> md_cuda_launch).
 *
 * md_cuda_api is written by the host pass as a constant in each host
 * module: the program's OWN cudart entry points, so the program's cudart
 * (static or shared, any version >= 11.0) is the one used.
 * ---------------------------------------------------------------------- */
#define MD_CUDA_API_VERSION 1
/* The launch call was cudaLaunchKernel_ptsz: stream 0 means the per-thread
 * default stream. */
#define MD_API_PER_THREAD 0x1u
/* The launch call was a cooperative launch (cudaLaunchCooperativeKernel,
 * hipLaunchCooperativeKernel): the clone is launched cooperatively too. */
#define MD_API_COOPERATIVE 0x2u
/* The call site's argument array holds, on every execution of the call,
 * the addresses of stack slots of the calling function's own frame, at
 * offsets the function fixes (a launch stub's array of its spilled
 * parameters; the host pass proves it, plugin/host/md_host_frame.c), and
 * has MD_API_FRAME_SLOTS(flags) slots: the same call instruction with the
 * array at the same address passes the same pointers.  md_cuda_launch and
 * md_hip_launch then compare their return address and the array's address
 * instead of every pointer.  Set only by the host pass, on md_cuda_api /
 * md_hip_api constants of its own; a runtime that does not know the flag
 * ignores it. */
#define MD_API_FRAME_ARGS 0x4u
#define MD_API_FRAME_SHIFT 16
#define MD_API_FRAME_SLOTS(flags) ((flags) >> MD_API_FRAME_SHIFT)

typedef int (*md_rt_launch_fn)(const void *fn, md_dim3 grid, md_dim3 block,
                               void **args, size_t shmem, void *stream);

typedef struct md_cuda_api {
  uint32_t version; /* MD_CUDA_API_VERSION */
  uint32_t flags;   /* MD_API_* */
  /* cudaLaunchKernel, cudaLaunchKernel_ptsz or (MD_API_COOPERATIVE)
   * cudaLaunchCooperativeKernel(_ptsz), as the call site used: all have
   * cudaLaunchKernel's prototype */
  md_rt_launch_fn launch_kernel;
  /* cudaGetFuncBySymbol */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
} md_cuda_api;

/* In place of `api->launch_kernel(fn, grid, block, args, shmem, stream)`
 * for the kernel registered under device name `name`.  Returns a
 * cudaError_t value: 0 when the clone (or the original) was launched. */
int md_cuda_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                   size_t shmem, void *stream, const char *name,
                   const md_cuda_api *api);

/* ------------------------------------------------------------------------
 * cudaLaunchKernelExC (CUDA 12+; the cudaLaunchKernelEx C++ template calls
 * it): clusters, programmatic dependent launch, priorities ...  The
 * attribute array is handed to cuLaunchKernelEx for the clone unchanged
 * (cudaLaunchAttribute and CUlaunchAttribute have the same layout and ids;
 * test/unit/launch-abi.test checks it against the CUDA headers).
 * ---------------------------------------------------------------------- */

/* cudaLaunchConfig_t. */
typedef struct md_cuda_launch_config {
  md_dim3 grid;
  md_dim3 block;
  size_t shmem;      /* dynamicSmemBytes */
  void *stream;      /* cudaStream_t */
  void *attrs;       /* cudaLaunchAttribute * */
  unsigned int num_attrs;
} md_cuda_launch_config;

/* CUlaunchConfig (driver API). */
typedef struct md_CUlaunchConfig {
  unsigned int grid_x, grid_y, grid_z;
  unsigned int block_x, block_y, block_z;
  unsigned int shmem;
  md_CUstream stream;
  void *attrs; /* CUlaunchAttribute * */
  unsigned int num_attrs;
} md_CUlaunchConfig;

typedef int (*md_rt_launch_ex_fn)(const md_cuda_launch_config *config,
                                  const void *fn, void **args);

typedef struct md_cuda_ex_api {
  uint32_t version; /* MD_CUDA_API_VERSION */
  uint32_t flags;   /* MD_API_PER_THREAD for cudaLaunchKernelExC_ptsz */
  md_rt_launch_ex_fn launch_kernel_ex; /* cudaLaunchKernelExC(_ptsz) */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
} md_cuda_ex_api;

/* In place of `api->launch_kernel_ex(config, fn, args)`.  The clone runs
 * with the same grid, block, shared memory, stream and attributes (through
 * the driver's cuLaunchKernelEx); anything else runs the original call.
 * Returns a cudaError_t value. */
int md_cuda_launch_ex(const md_cuda_launch_config *config, const void *fn,
                      void **args, const char *name,
                      const md_cuda_ex_api *api);

/* ------------------------------------------------------------------------
 * The CUDA driver-API path, for JIT users: same arguments as cuLaunchKernel
 * plus the kernel's name (the name given to cuModuleGetFunction).  `name`
 * may be NULL when the driver has cuFuncGetName (CUDA 12.3+).  A launch
 * with `extra` (packed parameters) always runs the original.
 * Returns a CUresult value.
 * ---------------------------------------------------------------------- */
md_CUresult md_cuLaunchKernel(md_CUfunction f, unsigned int grid_x,
                              unsigned int grid_y, unsigned int grid_z,
                              unsigned int block_x, unsigned int block_y,
                              unsigned int block_z, unsigned int shmem,
                              md_CUstream stream, void **params, void **extra,
                              const char *name);

/* ------------------------------------------------------------------------
 * The CUDA driver as the runtime sees it.  By default it is resolved from
 * libcuda.so.1; md_cuda_set_driver replaces it (tests use a fake driver,
 * since no GPU is present in CI; an application may pass its own table).
 * Optional entries may be NULL.
 * ---------------------------------------------------------------------- */
#define MD_CUDA_DRIVER_VERSION 3 /* 1: the table up to get_error_name;
                                    2: up to func_get_param_info */

typedef struct md_cuda_driver {
  uint32_t version; /* MD_CUDA_DRIVER_VERSION */
  md_CUresult (*ctx_get_current)(md_CUcontext *ctx);
  /* optional (CUDA 12.0+): a context id never reused in the process */
  md_CUresult (*ctx_get_id)(md_CUcontext ctx, unsigned long long *id);
  md_CUresult (*func_get_module)(md_CUmodule *mod, md_CUfunction f);
  /* optional (CUDA 12.3+) */
  md_CUresult (*func_get_name)(const char **name, md_CUfunction f);
  md_CUresult (*module_get_function)(md_CUfunction *f, md_CUmodule mod,
                                     const char *name);
  md_CUresult (*module_get_global)(md_CUdeviceptr *dptr, size_t *bytes,
                                   md_CUmodule mod, const char *name);
  md_CUresult (*memcpy_dtoh)(void *dst, md_CUdeviceptr src, size_t bytes);
  /* optional: if all four are present the descriptor is copied on a
   * private non-blocking stream, so the first launch of a kernel does not
   * synchronize with the legacy default stream */
  md_CUresult (*stream_create)(md_CUstream *s, unsigned int flags);
  md_CUresult (*memcpy_dtoh_async)(void *dst, md_CUdeviceptr src,
                                   size_t bytes, md_CUstream s);
  md_CUresult (*stream_synchronize)(md_CUstream s);
  md_CUresult (*stream_destroy)(md_CUstream s);
  /* optional: a launch into a capturing stream never does the first-launch
   * lookup (it runs the original until a launch outside capture did) */
  md_CUresult (*stream_is_capturing)(md_CUstream s, int *status);
  md_CUresult (*launch_kernel)(md_CUfunction f, unsigned int gx,
                               unsigned int gy, unsigned int gz,
                               unsigned int bx, unsigned int by,
                               unsigned int bz, unsigned int shmem,
                               md_CUstream s, void **params, void **extra);
  /* optional, for MAGICDIV_LOG */
  md_CUresult (*get_error_name)(md_CUresult r, const char **name);
  /* ---- version 2 ---- */
  /* optional (CUDA 12.0+): clones of cudaLaunchKernelExC launches; absent:
   * those launches run the original */
  md_CUresult (*launch_kernel_ex)(const md_CUlaunchConfig *config,
                                  md_CUfunction f, void **params,
                                  void **extra);
  /* optional: clones of cooperative launches; absent: the original */
  md_CUresult (*launch_cooperative_kernel)(
      md_CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
      unsigned int bx, unsigned int by, unsigned int bz, unsigned int shmem,
      md_CUstream s, void **params);
  /* optional (CUDA 12.4+): offset and size of the kernel's parameter
   * `index`; an error past the last one.  Present: the original kernel's
   * parameter count and sizes are checked against the descriptor once per
   * (kernel, context); a mismatch runs the original. */
  md_CUresult (*func_get_param_info)(md_CUfunction f, size_t index,
                                     size_t *offset, size_t *size);
  /* ---- version 3 ---- */
  /* optional, all five or none: events for the measured choice between a
   * clone and its original (docs/LAUNCH.md, "Measured choice"): created
   * with flags 0 (timing on), recorded on the launch's stream, read with
   * the non-blocking query (CUDA_ERROR_NOT_READY, 600: not yet) and
   * cuEventElapsedTime (ms).  Absent: every kernel keeps its clone. */
  md_CUresult (*event_create)(md_CUevent *ev, unsigned int flags);
  md_CUresult (*event_record)(md_CUevent ev, md_CUstream s);
  md_CUresult (*event_query)(md_CUevent ev);
  md_CUresult (*event_elapsed_time)(float *ms, md_CUevent start,
                                    md_CUevent stop);
  md_CUresult (*event_destroy)(md_CUevent ev);
} md_cuda_driver;

/* Install `drv` (copied) as the CUDA driver, or NULL to go back to
 * libcuda.so.1.  Clears the cache (md_launch_reset).  Call it while no
 * thread is launching.  A version-1 table is read only up to
 * get_error_name, a version-2 one up to func_get_param_info (the later
 * entries count as absent).  MD_OK or
 * MD_ERR_INVALID (unknown version, a required entry missing). */
int md_cuda_set_driver(const md_cuda_driver *drv);

/* ------------------------------------------------------------------------
 * The HIP path (host pass -> md_hip_launch).  HIP 5.x has no way to go
 * from a registered kernel to its code object, so the host pass finds the
 * clones at compile time in the code objects embedded in the host module,
 * registers each clone with __hipRegisterFunction under a handle of its
 * own, and copies the descriptor bytes into the host module.
 * ---------------------------------------------------------------------- */
/* 2: md_hip_clone has the plain-tier fields (the runtime reads them only
 * from a launch whose api struct says 2 or more). */
#define MD_HIP_API_VERSION 2

typedef struct md_hip_api {
  uint32_t version; /* MD_HIP_API_VERSION */
  uint32_t flags;   /* MD_API_* (the program's own launch function is
                       used for clone and original alike; PER_THREAD says
                       which default stream a capture check asks about,
                       FRAME_ARGS as for CUDA) */
  md_rt_launch_fn launch_kernel; /* hipLaunchKernel or hipLaunchKernel_spt */
} md_hip_api;

typedef struct md_hip_clone {
  const void *handle;        /* registered host handle of K__magicdiv */
  const unsigned char *desc; /* the bytes of K__magicdiv_desc */
  uint64_t desc_size;
  /* MD_HIP_API_VERSION 2: the plain tier K__magicdiv_plain (handle NULL
   * when the code objects have none), launched when a bet of K__magicdiv
   * fails. */
  const void *plain_handle;
  const unsigned char *plain_desc; /* the bytes of K__magicdiv_plain_desc */
  uint64_t plain_desc_size;
} md_hip_clone;

/* In place of `api->launch_kernel(fn, ...)`.  `clone` is NULL when the
 * module's code objects hold no clone of this kernel.  Returns a
 * hipError_t value. */
int md_hip_launch(const void *fn, md_dim3 grid, md_dim3 block, void **args,
                  size_t shmem, void *stream, const char *name,
                  const md_hip_api *api, const md_hip_clone *clone);

/* hipExtLaunchKernel: the events and flags are passed on unchanged. */
typedef int (*md_hip_ext_launch_fn)(const void *fn, md_dim3 grid,
                                    md_dim3 block, void **args, size_t shmem,
                                    void *stream, void *start_event,
                                    void *stop_event, int flags);
typedef struct md_hip_ext_api {
  uint32_t version; /* MD_HIP_API_VERSION */
  uint32_t flags;   /* MD_API_* */
  md_hip_ext_launch_fn launch_kernel; /* hipExtLaunchKernel */
} md_hip_ext_api;

int md_hip_launch_ext(const void *fn, md_dim3 grid, md_dim3 block,
                      void **args, size_t shmem, void *stream,
                      void *start_event, void *stop_event, int flags,
                      const char *name, const md_hip_ext_api *api,
                      const md_hip_clone *clone);

/* hipLaunchCooperativeKernel (its shared memory is an unsigned int). */
typedef int (*md_hip_coop_launch_fn)(const void *fn, md_dim3 grid,
                                     md_dim3 block, void **args,
                                     unsigned int shmem, void *stream);
typedef struct md_hip_coop_api {
  uint32_t version; /* MD_HIP_API_VERSION */
  uint32_t flags;   /* MD_API_COOPERATIVE (| MD_API_PER_THREAD for _spt) */
  md_hip_coop_launch_fn launch_kernel; /* hipLaunchCooperativeKernel(_spt) */
} md_hip_coop_api;

int md_hip_launch_cooperative(const void *fn, md_dim3 grid, md_dim3 block,
                              void **args, unsigned int shmem, void *stream,
                              const char *name, const md_hip_coop_api *api,
                              const md_hip_clone *clone);

/* ------------------------------------------------------------------------
 * Graph kernel nodes (docs/LAUNCH.md, "Graphs").  A launch into a
 * capturing stream leaves a kernel node running the clone with this
 * launch's magic arguments.  The host pass routes the program's calls of
 * the graph APIs that read, write or add kernel nodes through the
 * functions below, so that graphs stay transparent:
 *   - reading a node that runs a clone gives the ORIGINAL function, and
 *     its kernelParams array starts with the original arguments (the
 *     magic values lie beyond the original's parameter count);
 *   - writing or adding a node with an original function recomputes the
 *     magic from the new arguments and puts the clone in the node, or the
 *     original when a launch with these arguments would run the original;
 *   - anything else (other node types, packed `extra` arguments, unknown
 *     functions) is passed to the program's own call unchanged.
 * Each takes the API call's operands and the host pass's md_graph_api.
 * They return the API's own error code.
 * ---------------------------------------------------------------------- */
#define MD_GRAPH_API_VERSION 1
/* The driver call takes CUDA_KERNEL_NODE_PARAMS_v1 (no kern / ctx). */
#define MD_GRAPH_CU_V1 0x1u

/* A kernel registered in the calling host module. */
typedef struct md_graph_kernel {
  const void *handle;          /* CUDA: host stub; HIP: registered handle */
  const char *name;            /* device name */
  const md_hip_clone *hip_clone; /* HIP: its clone, or NULL */
} md_graph_kernel;

typedef struct md_graph_api {
  uint32_t version; /* MD_GRAPH_API_VERSION */
  uint32_t flags;   /* MD_GRAPH_* */
  void (*call)(void); /* the program's own graph function that was called */
  /* CUDA runtime API: cudaGetFuncBySymbol; NULL otherwise */
  int (*get_func_by_symbol)(md_CUfunction *func, const void *symbol);
  const md_graph_kernel *kernels; /* this module's kernels (may be NULL) */
  uint64_t n_kernels;
} md_graph_api;

/* cudaKernelNodeParams, cudaKernelNodeParamsV2 and CUDA_KERNEL_NODE_PARAMS
 * up to `extra` (all three have this layout); CUDA_KERNEL_NODE_PARAMS_v2
 * and _v3 add kern and ctx. */
typedef struct md_kernel_node_params {
  void *func; /* runtime API: kernel symbol; driver API: CUfunction */
  md_dim3 grid;
  md_dim3 block;
  unsigned int shmem;
  void **kernel_params;
  void **extra;
} md_kernel_node_params;

typedef struct md_CUkernel_node_params {
  md_kernel_node_params p;
  void *kern; /* CUkernel */
  md_CUcontext ctx;
} md_CUkernel_node_params;

/* cudaGraphNodeParams and CUgraphNodeParams (same layout). */
#define MD_GRAPH_NODE_KERNEL 0 /* cudaGraphNodeTypeKernel */
typedef struct md_graph_node_params {
  int type;
  int reserved0[3];
  union {
    long long reserved1[29];
    md_CUkernel_node_params kernel;
  } u;
  long long reserved2;
} md_graph_node_params;

/* hipKernelNodeParams. */
typedef struct md_hip_kernel_node_params {
  md_dim3 block;
  void **extra;
  void *func;
  md_dim3 grid;
  void **kernel_params;
  unsigned int shmem;
} md_hip_kernel_node_params;

/* CUDA runtime API. */
int md_cudaGraphKernelNodeGetParams(void *node, md_kernel_node_params *p,
                                    const md_graph_api *api);
int md_cudaGraphKernelNodeSetParams(void *node,
                                    const md_kernel_node_params *p,
                                    const md_graph_api *api);
int md_cudaGraphExecKernelNodeSetParams(void *exec, void *node,
                                        const md_kernel_node_params *p,
                                        const md_graph_api *api);
int md_cudaGraphAddKernelNode(void **node, void *graph, void *const *deps,
                              size_t n_deps, const md_kernel_node_params *p,
                              const md_graph_api *api);
int md_cudaGraphNodeGetParams(void *node, md_graph_node_params *p,
                              const md_graph_api *api);
int md_cudaGraphNodeSetParams(void *node, md_graph_node_params *p,
                              const md_graph_api *api);
int md_cudaGraphExecNodeSetParams(void *exec, void *node,
                                  md_graph_node_params *p,
                                  const md_graph_api *api);
/* CUDA driver API (p: CUDA_KERNEL_NODE_PARAMS_v2, or _v1 with
 * MD_GRAPH_CU_V1). */
md_CUresult md_cuGraphKernelNodeGetParams(void *node, void *p,
                                          const md_graph_api *api);
md_CUresult md_cuGraphKernelNodeSetParams(void *node, const void *p,
                                          const md_graph_api *api);
md_CUresult md_cuGraphExecKernelNodeSetParams(void *exec, void *node,
                                              const void *p,
                                              const md_graph_api *api);
md_CUresult md_cuGraphAddKernelNode(void **node, void *graph,
                                    void *const *deps, size_t n_deps,
                                    const void *p, const md_graph_api *api);
md_CUresult md_cuGraphNodeSetParams(void *node, md_graph_node_params *p,
                                    const md_graph_api *api);
md_CUresult md_cuGraphExecNodeSetParams(void *exec, void *node,
                                        md_graph_node_params *p,
                                        const md_graph_api *api);
/* HIP. */
int md_hipGraphKernelNodeGetParams(void *node, md_hip_kernel_node_params *p,
                                   const md_graph_api *api);
int md_hipGraphKernelNodeSetParams(void *node,
                                   const md_hip_kernel_node_params *p,
                                   const md_graph_api *api);
int md_hipGraphExecKernelNodeSetParams(void *exec, void *node,
                                       const md_hip_kernel_node_params *p,
                                       const md_graph_api *api);
int md_hipGraphAddKernelNode(void **node, void *graph, void *const *deps,
                             size_t n_deps,
                             const md_hip_kernel_node_params *p,
                             const md_graph_api *api);

/* The CUDA driver's graph functions that put a clone into a node of a
 * graph the runtime API built (a clone is a CUfunction, which the runtime
 * API's node functions do not take) and read it back.  Resolved from libcuda.so.1;
 * md_cuda_set_graph_driver replaces the table (tests), NULL goes back.
 * Missing entries: those calls keep the original. */
typedef struct md_cuda_graph_driver {
  uint32_t version; /* MD_GRAPH_API_VERSION */
  /* where cudart refuses to read a node that runs a CUfunction it did not
   * register, the node is read through the driver */
  md_CUresult (*kernel_node_get_params)(void *node,
                                        md_CUkernel_node_params *p);
  md_CUresult (*kernel_node_set_params)(void *node,
                                        const md_CUkernel_node_params *p);
  md_CUresult (*exec_kernel_node_set_params)(void *exec, void *node,
                                             const md_CUkernel_node_params *p);
  md_CUresult (*add_kernel_node)(void **node, void *graph, void *const *deps,
                                 size_t n_deps,
                                 const md_CUkernel_node_params *p);
  md_CUresult (*node_set_params)(void *node, md_graph_node_params *p);
  md_CUresult (*exec_node_set_params)(void *exec, void *node,
                                      md_graph_node_params *p);
} md_cuda_graph_driver;

int md_cuda_set_graph_driver(const md_cuda_graph_driver *drv);

/* hipStreamIsCapturing, for MAGICDIV_GRAPHS=original on HIP: resolved in
 * the process (dlsym) on first use; tests install their own.  Where it is
 * missing every HIP launch runs the original under that setting. */
void md_hip_set_stream_is_capturing(int (*fn)(void *stream, int *status));

/* HIP's events, for the measured choice between a clone and its original
 * (docs/LAUNCH.md, "Measured choice"): hipEventCreateWithFlags,
 * hipEventRecord, hipEventQuery (hipErrorNotReady, 600: not yet),
 * hipEventElapsedTime and hipEventDestroy.  Resolved in the process
 * (dlsym) on first use; md_hip_set_event_api installs a table (copied;
 * tests), NULL goes back.  Where one is missing every HIP kernel keeps
 * its clone. */
#define MD_HIP_EVENT_API_VERSION 1
typedef struct md_hip_event_api {
  uint32_t version; /* MD_HIP_EVENT_API_VERSION */
  int (*create)(void **ev, unsigned int flags);
  int (*record)(void *ev, void *stream);
  int (*query)(void *ev);
  int (*elapsed_time)(float *ms, void *start, void *stop);
  int (*destroy)(void *ev);
} md_hip_event_api;
void md_hip_set_event_api(const md_hip_event_api *api);

/* ------------------------------------------------------------------------
 * Cache and configuration.
 * ---------------------------------------------------------------------- */

/* Forget every cached lookup and re-read MAGICDIV_DISABLE / MAGICDIV_LOG.
 * Call it after unloading a module whose kernels went through
 * md_cuLaunchKernel (a new module may reuse the old CUfunction addresses).
 * Safe while other threads launch: retired entries stay valid until
 * md_launch_release. */
void md_launch_reset(void);

/* Free everything the launch cache holds.  Only when no thread launches
 * any more (end of a program, under a leak checker). */
void md_launch_release(void);

/* ------------------------------------------------------------------------
 * The OpenMP offload path (host pass -> md_omp_launch, md_launch_omp.c).
 * clang lowers `#pragma omp target ...` on the host to
 * __tgt_target_kernel(ident, device, num_teams, thread_limit, region_id,
 * kernel_args); the host pass puts md_omp_launch in its place.  Like HIP,
 * the clones are found at compile time, in the device images the host
 * module embeds: a kernel whose clone and descriptor are in every image
 * gets a host region id and offload entry of its own for the clone (so
 * libomptarget registers it) and its launches pass md_omp_kernel with the
 * clone's region id and the descriptor bytes; any other kernel passes a
 * null clone region (the original runs).  The plain tier K__magicdiv_plain
 * is registered the same way, only when every image has it too; a launch
 * runs the ranged clone, else the plain clone, else the original, as on
 * CUDA and HIP.
 * ---------------------------------------------------------------------- */
#define MD_OMP_KERNEL_VERSION 2 /* 2: the plain-tier fields */

/* libomptarget's map-type bits (offload/include/omptarget.h): the
 * entries of md_omp_kernel_args.types, read by the runtime
 * (md_launch_omp.c, md_omp_map.c) and by the host pass, which counts the
 * kernel's parameters from a launch's constant map types
 * (plugin/host/md_host_params.c). */
#define MD_OMP_MAPTYPE_TO 0x1
#define MD_OMP_MAPTYPE_FROM 0x2
#define MD_OMP_MAPTYPE_ALWAYS 0x4
#define MD_OMP_MAPTYPE_PTR_AND_OBJ 0x10
#define MD_OMP_MAPTYPE_TARGET_PARAM 0x20
#define MD_OMP_MAPTYPE_PRIVATE 0x80
#define MD_OMP_MAPTYPE_LITERAL 0x100
#define MD_OMP_MAPTYPE_IMPLICIT 0x200
#define MD_OMP_MAPTYPE_CLOSE 0x400
#define MD_OMP_MAPTYPE_PRESENT 0x1000
#define MD_OMP_MAPTYPE_OMPX_HOLD 0x2000
#define MD_OMP_MAPTYPE_MEMBER_OF 0xffff000000000000ull

/* libomptarget's KernelArgsTy, version 3 (LLVM 17+). */
typedef struct md_omp_kernel_args {
  uint32_t version; /* 3 */
  uint32_t num_args;
  void **base_ptrs;
  void **ptrs;
  int64_t *sizes;
  int64_t *types; /* OMP_TGT_MAPTYPE_*: 0x20 TARGET_PARAM, 0x100 LITERAL */
  void **names;
  void **mappers;
  uint64_t tripcount;
  uint64_t flags;
  uint32_t num_teams[3];
  uint32_t thread_limit[3];
  uint32_t dyn_cgroup_mem;
} md_omp_kernel_args;

typedef int (*md_omp_target_kernel_fn)(void *ident, int64_t device,
                                       int32_t num_teams,
                                       int32_t thread_limit, void *region,
                                       md_omp_kernel_args *args);

typedef struct md_omp_kernel {
  uint32_t version;      /* MD_OMP_KERNEL_VERSION */
  uint32_t desc_size;    /* bytes of desc */
  const void *clone_region; /* host region id of K__magicdiv, or NULL */
  const unsigned char *desc; /* the bytes of K__magicdiv_desc, or NULL */
  const char *name;      /* the kernel's device name */
  md_omp_target_kernel_fn target_kernel; /* the program's __tgt_target_kernel */
  /* version 2: the plain tier K__magicdiv_plain (read only from version 2
   * on): its host region id, or NULL when some image lacks it, and the
   * bytes of K__magicdiv_plain_desc */
  const void *plain_region;
  const unsigned char *plain_desc;
  uint64_t plain_desc_size;
} md_omp_kernel;

/* In place of `k->target_kernel(ident, device, num_teams, thread_limit,
 * region, args)`: the clone's region with the magic values appended to the
 * arguments as literals, or the original; returns what libomptarget
 * returns (0: offloaded). */
int md_omp_launch(void *ident, int64_t device, int32_t num_teams,
                  int32_t thread_limit, void *region,
                  md_omp_kernel_args *args, const md_omp_kernel *k);

#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_LAUNCH_H */
