// End to end, CUDA graphs: a program built with clang -fpass-plugin for
// device and host and linked with the runtime, whose graph kernel-node
// calls the host pass routes (docs/LAUNCH.md section 9).  On a GPU it
// checks, against the CPU:
//  * a launch captured from a stream runs the clone (the raw node, read
//    through the driver behind the host pass's back, holds K__magicdiv) and
//    reads back (cudaGraphKernelNodeGetParams) as the original with the
//    original arguments;
//  * cudaGraphKernelNodeSetParams + cudaGraphExecUpdate and
//    cudaGraphExecKernelNodeSetParams with a new divisor;
//  * re-capture + cudaGraphExecUpdate;
//  * the llama.cpp pattern: nodes found by function pointer, a pointer
//    argument patched every step;
//  * cudaGraphAddKernelNode with the original of a kernel never launched
//    (the node holds the clone);
//  * cudaGraphNodeSetParams (CUDA 12.2+) and the driver API
//    (cuGraphKernelNodeGetParams / cuGraphExecKernelNodeSetParams);
//  * MAGICDIV_GRAPHS=original (run again with it: nodes hold originals).
// Without a GPU it reports the CUDA error and exits 2.  bench/gpu/build.sh
// puts it in the bundle (e2e_graph), bench/gpu/run.sh runs it both ways.
// REQUIRES: cuda, llvm22
// DEFINE: %{cu} = %clang -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda -O2 -Wno-unknown-cuda-version -fpass-plugin=%plugin -I%rtinc
// RUN: %{cu} --cuda-device-only -S %s -o %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %{cu} --cuda-host-only -S -emit-llvm -Xclang -fcuda-include-gpubinary -Xclang %t.ptx %s -o %t.host.ll
// RUN: %FileCheck %s --check-prefix=HOST < %t.host.ll
// RUN: %{cu} -c %s -o %t.o
// RUN: %clang %t.o %rtlib/libmagicdiv_rt.a -L%cuda/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++ -o %t
// RUN: %if cuda-gpu %{ env MAGICDIV_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=GPU %} %else %{ %not %t 2>&1 | %FileCheck %s --check-prefix=NOGPU %}
// RUN: %if cuda-gpu %{ env MAGICDIV_GRAPHS=original %t 2>&1 | %FileCheck %s --check-prefix=ORIG %}

// PTX-DAG: .visible .entry _Z4kdivPjjj__magicdiv(
// PTX-DAG: .visible .entry _Z5kdiv2Pjjj__magicdiv(

// HOST-NOT: call {{.*}} @cudaGraphKernelNodeGetParams(
// HOST-NOT: call {{.*}} @cudaGraphKernelNodeSetParams(
// HOST-NOT: call {{.*}} @cudaGraphExecKernelNodeSetParams(
// HOST-NOT: call {{.*}} @cudaGraphAddKernelNode(
// HOST-DAG: call i32 @md_cudaGraphKernelNodeGetParams(
// HOST-DAG: call i32 @md_cudaGraphKernelNodeSetParams(
// HOST-DAG: call i32 @md_cudaGraphExecKernelNodeSetParams(
// HOST-DAG: call i32 @md_cudaGraphAddKernelNode(
// HOST-DAG: call i32 @md_cudaGraphNodeSetParams(
// HOST-DAG: call i32 @md_cuGraphKernelNodeGetParams(
// HOST-DAG: call i32 @md_cuGraphExecKernelNodeSetParams(

// NOGPU: graph-e2e: no usable GPU: CUDA error

// GPU: graph-e2e: capture: node holds the clone: yes
// GPU: graph-e2e: all {{[0-9]+}} checks passed
// ORIG: graph-e2e: capture: node holds the clone: no
// ORIG: graph-e2e: all {{[0-9]+}} checks passed

#include <cuda.h>
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096u

__device__ __host__ static unsigned x_of(unsigned i) {
  return i * 2654435761u + 12345u;
}

__global__ void kdiv(unsigned *out, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x_of(i) / d;
}

__global__ void kdiv2(unsigned *out, unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = x_of(i) % d;
}

static int checks, failures;
static unsigned host[N];

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "graph-e2e: %s:%d: %s: %s\n", __FILE__, __LINE__, #x,   \
              cudaGetErrorName(e_));                                           \
      failures++;                                                              \
      return;                                                                  \
    }                                                                          \
  } while (0)

static void expect(int ok, const char *what) {
  checks++;
  if (!ok) {
    failures++;
    fprintf(stderr, "graph-e2e: FAILED: %s\n", what);
  }
}

/* out (device) against x / d (rem: x % d) */
static void expect_out(const unsigned *out, unsigned d, int rem,
                       const char *what) {
  unsigned i, bad = 0;
  if (cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost) !=
      cudaSuccess) {
    expect(0, what);
    return;
  }
  for (i = 0; i < N; i++)
    if (host[i] != (rem ? x_of(i) % d : x_of(i) / d))
      bad++;
  if (bad)
    fprintf(stderr, "graph-e2e: %s: %u of %u wrong\n", what, bad, N);
  expect(bad == 0, what);
}

/* libcuda's own `name` (cudart loads libcuda.so.1; the program does not
 * link it, so it starts without a driver). */
static void *drv(const char *name) {
  static void *h;
  if (!h)
    h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  return h ? dlsym(h, name) : NULL;
}

/* The driver-API calls of this program: direct calls, which the host pass
 * routes (cuda.h names them ..._v2), of these forwarders to libcuda. */
__attribute__((noinline)) CUresult CUDAAPI
cuGraphKernelNodeGetParams(CUgraphNode n, CUDA_KERNEL_NODE_PARAMS *p) {
  typedef CUresult (*fn_t)(CUgraphNode, CUDA_KERNEL_NODE_PARAMS *);
  void *f = drv("cuGraphKernelNodeGetParams_v2");
  return f ? ((fn_t)f)(n, p) : CUDA_ERROR_NOT_FOUND;
}

__attribute__((noinline)) CUresult CUDAAPI cuGraphExecKernelNodeSetParams(
    CUgraphExec x, CUgraphNode n, const CUDA_KERNEL_NODE_PARAMS *p) {
  typedef CUresult (*fn_t)(CUgraphExec, CUgraphNode,
                           const CUDA_KERNEL_NODE_PARAMS *);
  void *f = drv("cuGraphExecKernelNodeSetParams_v2");
  return f ? ((fn_t)f)(x, n, p) : CUDA_ERROR_NOT_FOUND;
}

/* The node's function as the driver holds it, read through a pointer the
 * host pass does not see: 1 if it is a clone (name ends __magicdiv), 0 if
 * not, -1 if the driver cannot tell (cuFuncGetName: CUDA 12.3). */
static int raw_is_clone(cudaGraphNode_t node) {
  typedef CUresult (*getp_t)(CUgraphNode, CUDA_KERNEL_NODE_PARAMS *);
  typedef CUresult (*name_t)(const char **, CUfunction);
  void *g = drv("cuGraphKernelNodeGetParams_v2");
  void *nm = drv("cuFuncGetName");
  CUDA_KERNEL_NODE_PARAMS p;
  const char *name = NULL;
  size_t len;
  if (!g || !nm)
    return -1;
  memset(&p, 0, sizeof p);
  if (((getp_t)g)((CUgraphNode)node, &p) != CUDA_SUCCESS || !p.func ||
      ((name_t)nm)(&name, p.func) != CUDA_SUCCESS || !name)
    return -1;
  len = strlen(name);
  return len > 10 && strcmp(name + len - 10, "__magicdiv") == 0;
}

static cudaGraphNode_t first_node(cudaGraph_t g) {
  cudaGraphNode_t nodes[4];
  size_t n = 4;
  if (cudaGraphGetNodes(g, nodes, &n) != cudaSuccess || n < 1)
    return NULL;
  return nodes[0];
}

static void run(cudaStream_t s, unsigned *buf[3], int graphs_original) {
  unsigned *out = buf[0], n = N, d = 7;
  void *args[3] = {&out, &n, &d};
  dim3 grid((N + 255) / 256), block(256);
  cudaGraph_t g, g2, g3;
  cudaGraphExec_t x, x3;
  cudaGraphNode_t node, added;
  cudaKernelNodeParams p;
  cudaGraphExecUpdateResultInfo info;
  int clone, step;

  /* the first launch outside capture does the clone lookup */
  kdiv<<<grid, block, 0, s>>>(out, n, d);
  CHECK(cudaStreamSynchronize(s));
  expect_out(out, 7, 0, "launch outside capture");

  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  kdiv<<<grid, block, 0, s>>>(out, n, d);
  CHECK(cudaStreamEndCapture(s, &g));
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaMemset(out, 0, N * 4));
  CHECK(cudaGraphLaunch(x, s));
  CHECK(cudaStreamSynchronize(s));
  expect_out(out, 7, 0, "captured graph");
  node = first_node(g);
  clone = raw_is_clone(node);
  fprintf(stderr, "graph-e2e: capture: node holds the clone: %s\n",
          clone < 0 ? "unknown (no cuFuncGetName)" : clone ? "yes" : "no");
  if (clone >= 0)
    expect(clone == !graphs_original, "captured node: clone unless "
                                      "MAGICDIV_GRAPHS=original");

  /* read back: the original function and arguments */
  memset(&p, 0, sizeof p);
  CHECK(cudaGraphKernelNodeGetParams(node, &p));
  expect(p.func == (void *)kdiv, "GetParams: the original function");
  expect(p.kernelParams && *(unsigned **)p.kernelParams[0] == out &&
             *(unsigned *)p.kernelParams[1] == N &&
             *(unsigned *)p.kernelParams[2] == 7,
         "GetParams: the original arguments");

  /* a new divisor in the graph, then cudaGraphExecUpdate */
  d = 13;
  p.kernelParams = args;
  CHECK(cudaGraphKernelNodeSetParams(node, &p));
  CHECK(cudaGraphExecUpdate(x, g, &info));
  CHECK(cudaGraphLaunch(x, s));
  CHECK(cudaStreamSynchronize(s));
  expect_out(out, 13, 0, "SetParams + ExecUpdate, d=13");
  if (raw_is_clone(node) >= 0)
    expect(raw_is_clone(node) == !graphs_original, "SetParams: clone");

  /* ... and in the exec graph directly */
  d = 5;
  CHECK(cudaGraphExecKernelNodeSetParams(x, node, &p));
  CHECK(cudaGraphLaunch(x, s));
  CHECK(cudaStreamSynchronize(s));
  expect_out(out, 5, 0, "ExecKernelNodeSetParams, d=5");

  /* generic node parameters (CUDA 12.2+) */
#if CUDART_VERSION >= 12020
  {
    /* (its union's dim3 members make it non-constructible in C++) */
    alignas(cudaGraphNodeParams) unsigned char raw[sizeof(cudaGraphNodeParams)];
    cudaGraphNodeParams *gp = (cudaGraphNodeParams *)raw;
    memset(raw, 0, sizeof raw);
    gp->type = cudaGraphNodeTypeKernel;
    gp->kernel.func = (void *)kdiv;
    gp->kernel.gridDim = grid;
    gp->kernel.blockDim = block;
    gp->kernel.kernelParams = args;
    d = 17;
    CHECK(cudaGraphNodeSetParams(node, gp));
    CHECK(cudaGraphExecUpdate(x, g, &info));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    expect_out(out, 17, 0, "cudaGraphNodeSetParams, d=17");
  }
#endif

  /* driver API on the same node */
  {
    CUDA_KERNEL_NODE_PARAMS cp;
    CUfunction f = NULL;
    CHECK(cudaGetFuncBySymbol(&f, (const void *)kdiv));
    memset(&cp, 0, sizeof cp);
    expect(cuGraphKernelNodeGetParams((CUgraphNode)node, &cp) ==
                   CUDA_SUCCESS &&
               cp.func == f,
           "cuGraphKernelNodeGetParams: the original CUfunction");
    d = 19;
    cp.kernelParams = args;
    expect(cuGraphExecKernelNodeSetParams((CUgraphExec)x, (CUgraphNode)node,
                                          &cp) == CUDA_SUCCESS,
           "cuGraphExecKernelNodeSetParams");
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    expect_out(out, 19, 0, "cuGraphExecKernelNodeSetParams, d=19");
  }

  /* re-capture with another divisor, cudaGraphExecUpdate from it */
  d = 23;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  kdiv<<<grid, block, 0, s>>>(out, n, d);
  CHECK(cudaStreamEndCapture(s, &g2));
  CHECK(cudaGraphExecUpdate(x, g2, &info));
  CHECK(cudaGraphLaunch(x, s));
  CHECK(cudaStreamSynchronize(s));
  expect_out(out, 23, 0, "re-capture + ExecUpdate, d=23");

  /* llama.cpp: find the node by function pointer, patch its destination
   * (the exec graph's nodes are named by the graph it was made from) */
  memset(&p, 0, sizeof p);
  CHECK(cudaGraphKernelNodeGetParams(first_node(g2), &p));
  for (step = 0; step < 3; step++) {
    CHECK(cudaMemset(buf[step], 0, N * 4));
    if (p.func == (void *)kdiv) {
      p.kernelParams[0] = &buf[step];
      CHECK(cudaGraphExecKernelNodeSetParams(x, node, &p));
    }
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    expect_out(buf[step], 23, 0, "llama.cpp pattern: patched destination");
  }

  /* cudaGraphAddKernelNode with the original of a kernel never launched */
  d = 29;
  out = buf[1];
  memset(&p, 0, sizeof p);
  p.func = (void *)kdiv2;
  p.gridDim = grid;
  p.blockDim = block;
  p.kernelParams = args;
  CHECK(cudaGraphCreate(&g3, 0));
  CHECK(cudaGraphAddKernelNode(&added, g3, NULL, 0, &p));
  if (raw_is_clone(added) >= 0)
    expect(raw_is_clone(added) == !graphs_original,
           "AddKernelNode: the clone");
  CHECK(cudaGraphInstantiate(&x3, g3, 0));
  CHECK(cudaGraphLaunch(x3, s));
  CHECK(cudaStreamSynchronize(s));
  expect_out(buf[1], 29, 1, "AddKernelNode, kdiv2 d=29");

  cudaGraphExecDestroy(x3);
  cudaGraphExecDestroy(x);
  cudaGraphDestroy(g3);
  cudaGraphDestroy(g2);
  cudaGraphDestroy(g);
}

int main(void) {
  unsigned *buf[3] = {NULL, NULL, NULL};
  cudaStream_t s;
  int ndev = 0, i;
  const char *go = getenv("MAGICDIV_GRAPHS");
  cudaError_t e = cudaGetDeviceCount(&ndev);
  if (e != cudaSuccess || ndev == 0) {
    fprintf(stderr, "graph-e2e: no usable GPU: CUDA error %d (%s)\n", (int)e,
            cudaGetErrorName(e));
    return 2;
  }
  for (i = 0; i < 3; i++)
    if (cudaMalloc(&buf[i], N * 4) != cudaSuccess)
      return 3;
  if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
    return 3;
  run(s, buf, go && strcmp(go, "original") == 0);
  for (i = 0; i < 3; i++)
    cudaFree(buf[i]);
  cudaStreamDestroy(s);
  if (failures) {
    fprintf(stderr, "graph-e2e: %d of %d checks FAILED\n", failures, checks);
    return 1;
  }
  fprintf(stderr, "graph-e2e: all %d checks passed\n", checks);
  return 0;
}
