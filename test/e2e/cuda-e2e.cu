// End to end, CUDA: the program of Inputs/e2e_prog.h built with
// clang -fpass-plugin for device and host and linked with the runtime.
//  * the device code holds every kernel's clone and descriptor;
//  * the host IR (as the real compile produces it: registrations included)
//    calls md_cuda_launch for every launch, cudaLaunchKernel never directly;
//  * on a GPU: the measured choice keeps the original of a kernel whose
//    clone is not faster (k_slow, below);
//  * the binary links (libmagicdiv_rt.a, cudart_static) and runs: without a
//    GPU it reports the CUDA error from a rerouted launch and exits 2; with
//    one it checks every kernel, original and clone, against the CPU.
// REQUIRES: cuda, llvm22
// DEFINE: %{cu} = %clang -x cuda --cuda-gpu-arch=sm_90 --cuda-path=%cuda -O2 -Wno-unknown-cuda-version -fpass-plugin=%plugin -I%rtinc -I%S
// RUN: %{cu} --cuda-device-only -S %s -o %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %{cu} --cuda-host-only -S -emit-llvm -Xclang -fcuda-include-gpubinary -Xclang %t.ptx %s -o %t.host.ll
// RUN: %FileCheck %s --check-prefix=HOST < %t.host.ll
// RUN: %{cu} -c %s -o %t.o
// RUN: %clang %t.o %rtlib/libmagicdiv_rt.a -L%cuda/lib64 -lcudart_static -ldl -lrt -lpthread -lstdc++ -o %t
// RUN: %if cuda-gpu %{ env MAGICDIV_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=GPU %} %else %{ env MAGICDIV_LOG=1 %not %t 2>&1 | %FileCheck %s --check-prefix=NOGPU %}

// PTX-DAG: .visible .entry _Z5k_u32PjS_PKjij__magicdiv(
// PTX-DAG: .visible .entry _Z5k_s32PiS_PKiii__magicdiv(
// PTX-DAG: .visible .entry _Z5k_u64PyS_PKyiy__magicdiv(
// PTX-DAG: .visible .entry _Z5k_s64PxS_PKxix__magicdiv(
// PTX-DAG: .visible .entry _Z7k_mixedPxPKxii__magicdiv(
// PTX-DAG: .visible .entry _Z7k_shapePi5Shape__magicdiv(
// PTX-DAG: .visible .entry _Z5k_padPiS_iii__magicdiv(
// PTX-DAG: .visible .entry _Z5k_padPiS_iii__magicdiv_plain(
// PTX-DAG: .visible .entry _Z6k_slowPxPKxixi__magicdiv(
// PTX-DAG: .visible .const .align {{[0-9]+}} .b8 _Z5k_u32PjS_PKjij__magicdiv_desc[
// PTX-DAG: .visible .const .align {{[0-9]+}} .b8 _Z7k_shapePi5Shape__magicdiv_desc[

// Each <<<>>> stub passes its own stack slots: an md_cuda_api of its own with
// MD_API_FRAME_ARGS (4) and its slot count << 16 (plugin/host/md_host_frame.c).
// HOST: @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr, ptr } { i32 1, i32 {{[0-9]+}}, ptr @cudaLaunchKernel, ptr @cudaGetFuncBySymbol }
// HOST-NOT: call {{.*}}@cudaLaunchKernel(
// HOST-DAG: call i32 @md_cuda_launch(ptr {{.*}}@_Z20__device_stub__k_u32PjS_PKjij, i64 {{.*}}, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
// HOST-DAG: call i32 @md_cuda_launch(ptr {{.*}}@_Z20__device_stub__k_s32PiS_PKiii, i64 {{.*}}, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
// HOST-DAG: call i32 @md_cuda_launch(ptr {{.*}}@_Z20__device_stub__k_u64PyS_PKyiy, i64 {{.*}}, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
// HOST-DAG: call i32 @md_cuda_launch(ptr {{.*}}@_Z20__device_stub__k_s64PxS_PKxix, i64 {{.*}}, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
// HOST-DAG: call i32 @md_cuda_launch(ptr {{.*}}@_Z22__device_stub__k_mixedPxPKxii, i64 {{.*}}, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
// HOST-DAG: call i32 @md_cuda_launch(ptr {{.*}}@_Z22__device_stub__k_shapePi5Shape, i64 {{.*}}, ptr @__magicdiv_cuda_frame_api{{(\.[0-9]+)?}})
// HOST-NOT: call {{.*}}@cudaLaunchKernel(
// HOST: declare i32 @md_cuda_launch(ptr, i64, i32, i64, i32, ptr, i64, ptr, ptr, ptr)

// NOGPU: e2e: no usable GPU: CUDA error
// NOGPU: e2e: launch without a GPU: CUDA error {{[1-9][0-9]*}}

// GPU: magicdiv: MAGICDIV_DISABLE=1: every kernel runs its original
// GPU: e2e: original kernels: {{[0-9]+}} launches, {{[0-9]+}} results checked, 0 mismatches
// GPU-DAG: magicdiv: kernel '_Z5k_u32PjS_PKjij': clone _Z5k_u32PjS_PKjij__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z5k_s32PiS_PKiii': clone _Z5k_s32PiS_PKiii__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z5k_u64PyS_PKyiy': clone _Z5k_u64PyS_PKyiy__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z5k_s64PxS_PKxix': clone _Z5k_s64PxS_PKxix__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z7k_mixedPxPKxii': clone _Z7k_mixedPxPKxii__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z7k_shapePi5Shape': clone _Z7k_shapePi5Shape__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z5k_padPiS_iii': clone _Z5k_padPiS_iii__magicdiv used
// GPU-DAG: magicdiv: kernel '_Z5k_padPiS_iii': plain clone _Z5k_padPiS_iii__magicdiv_plain used (_Z5k_padPiS_iii__magicdiv: requirement 0 fails)
// GPU: e2e: magicdiv clones: {{[0-9]+}} launches, {{[0-9]+}} results checked, 0 mismatches
// GPU-NOT: measured choice
// GPU: magicdiv: kernel '_Z6k_slowPxPKxixi': clone _Z6k_slowPxPKxixi__magicdiv used
// GPU: magicdiv: kernel '_Z6k_slowPxPKxixi': measured choice for 65536-131071 blocks: clone {{[0-9.]+}} us, original {{[0-9.]+}} us (minimum of 5 and 5 timed launches): original kept
// GPU: e2e: measured choice: 48 launches, 16777216 results checked, 0 mismatches
// GPU: e2e: all results match the CPU reference

#include <cuda_runtime.h>
#define GPU(x) cuda##x
#define GPU_NAME "CUDA"
struct Bufs;
static void e2e_choice(struct Bufs *b);
#define E2E_EXTRA e2e_choice
#include "Inputs/e2e_prog.h"

// The measured choice (docs/LAUNCH.md section 13) with a clone that cannot
// be measurably faster: k_slow streams 16 M 64-bit values (memory-bound,
// about 256 MB of traffic a launch) and divides each once by a launch-
// invariant divisor whose native path (values below 2^32: the 32-bit
// bypass) costs about what the s64 magic sequence does; its loop (one trip
// at run time) is one that ptxas may unroll in the clone only.  So after
// the trials the runtime must keep the ORIGINAL (not faster by more than
// the margin): its MAGICDIV_LOG line says "original kept" (GPU-CHOICE),
// and every result stays exact.
#define SLOW_N (1 << 24)
#define SLOW_LAUNCHES 48

__global__ void k_slow(long long *out, const long long *x, int n, long long d,
                       int reps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  long long v = x[i], acc = 0;
  for (int r = 0; r < reps; r++)
    acc += (v + r) / d;
  out[i] = acc;
}

static void e2e_choice(struct Bufs *b) {
  static long long hx[SLOW_N], hq[SLOW_N];
  long long *x, *q, d = 1000003;
  long bad = 0, checked = 0;
  cudaStream_t s = b->s[0];
  for (int i = 0; i < SLOW_N; i++) /* below 2^32: the native bypass path */
    hx[i] = (long long)(next_rand() >> 33);
  CHECK(cudaMalloc(&x, sizeof hx));
  CHECK(cudaMalloc(&q, sizeof hq));
  CHECK(cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice));
  for (int k = 0; k < SLOW_LAUNCHES; k++) {
    k_slow<<<SLOW_N / 256, 256, 0, s>>>(q, x, SLOW_N, d, 1);
    CHECK(cudaGetLastError());
    if (k % 8 == 7) /* as a program does now and then: the events complete */
      CHECK(cudaStreamSynchronize(s));
  }
  CHECK(cudaMemcpyAsync(hq, q, sizeof hq, cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  for (int i = 0; i < SLOW_N; i++, checked++)
    if (hq[i] != hx[i] / d && bad++ < 5)
      printf("e2e: k_slow: x=%lld: got %lld, want %lld\n", hx[i], hq[i],
             hx[i] / d);
  mismatches += bad;
  printf("e2e: measured choice: %d launches, %ld results checked, %ld "
         "mismatches\n", SLOW_LAUNCHES, checked, bad);
  CHECK(cudaFree(x));
  CHECK(cudaFree(q));
}
