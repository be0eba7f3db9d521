// The pow2 tier on HIP: the device pass builds K__magicdiv_pow2 for a
// kernel whose u64 divisions are a large share of its work (k_u64: a u64
// division in a loop), none for one without a u64 division (k_u32); the
// host pass registers it (__hipRegisterFunction under
// @K.magicdiv_pow2.handle, no descriptor of its own: the clone's) and
// passes it as pow2_handle, the seventh field of md_hip_clone (version 3 of
// the HIP API structs), only when every code object of the bundle has it:
// a bundle with a second code object built with no-pow2-kernel gets a null
// pow2_handle, the clone and plain tier as before, and a remark saying
// why.  llc for gfx90a accepts the tier (it is in the code object); the
// tier's loop divides by v_lshrrev_b64, the clone's by its products.  Built
// like hip-tiers.hip (device side unbundled, bundled by
// Inputs/offload_bundle.py); nothing runs.
// REQUIRES: hip, llvm22
// DEFINE: %{hip} = %clang -x hip --rocm-path=/usr --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -mcode-object-version=5 -D__AMDGCN_WAVEFRONT_SIZE=64 -O2 -fpass-plugin=%plugin -I%rtinc
// RUN: %{hip} --offload-arch=gfx90a --cuda-device-only --no-gpu-bundle-output -c %s -o %t.gfx90a.co
// RUN: %{hip} --offload-arch=gfx90a --cuda-device-only --no-gpu-bundle-output -S %s -o %t.gfx90a.s
// RUN: env MAGICDIV_OPTIONS=no-pow2-kernel %{hip} --offload-arch=gfx908 --cuda-device-only --no-gpu-bundle-output -c %s -o %t.gfx908.co
// RUN: %llvm-readelf --dyn-syms %t.gfx90a.co | %FileCheck %s --check-prefix=CO
// RUN: %llvm-readelf --dyn-syms %t.gfx908.co | %FileCheck %s --check-prefix=CO908
// RUN: awk '/^_Z5k_u64PyPKyyi__magicdiv_pow2:/,/s_endpgm/' %t.gfx90a.s | %FileCheck %s --check-prefix=ISA
// RUN: awk '/^_Z5k_u64PyPKyyi__magicdiv:/,/s_endpgm/' %t.gfx90a.s | %FileCheck %s --check-prefix=CLONEISA
// RUN: %python %S/Inputs/offload_bundle.py %t.one.hipfb hipv4-amdgcn-amd-amdhsa--gfx90a=%t.gfx90a.co
// RUN: %python %S/Inputs/offload_bundle.py %t.two.hipfb hipv4-amdgcn-amd-amdhsa--gfx90a=%t.gfx90a.co hipv4-amdgcn-amd-amdhsa--gfx908=%t.gfx908.co
// RUN: %{hip} --offload-arch=gfx90a --cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang %t.one.hipfb -S -emit-llvm %s -o %t.one.ll -Rpass=magicdiv -Rpass-analysis=magicdiv 2> %t.one.rem
// RUN: %FileCheck %s --check-prefix=ONE < %t.one.ll
// RUN: %FileCheck %s --check-prefix=ONEREM < %t.one.rem
// RUN: %{hip} --offload-arch=gfx90a --offload-arch=gfx908 --cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang %t.two.hipfb -S -emit-llvm %s -o %t.two.ll -Rpass=magicdiv -Rpass-analysis=magicdiv 2> %t.two.rem
// RUN: %FileCheck %s --check-prefix=TWO < %t.two.ll
// RUN: %FileCheck %s --check-prefix=TWOREM < %t.two.rem

// CO-DAG: _Z5k_u64PyPKyyi__magicdiv.kd
// CO-DAG: _Z5k_u64PyPKyyi__magicdiv_pow2.kd
// CO-DAG: _Z5k_u32PjPKjji__magicdiv.kd
// CO-NOT: _Z5k_u32PjPKjji__magicdiv_pow2
// CO-NOT: __magicdiv_pow2_desc
// CO908: _Z5k_u64PyPKyyi__magicdiv.kd
// CO908-NOT: __magicdiv_pow2

// ISA-NOT: v_mad_u64_u32
// ISA: v_lshrrev_b64
// ISA-NOT: v_mad_u64_u32
// ISA: s_endpgm
// CLONEISA: v_mad_u64_u32
// CLONEISA: s_endpgm

// ONE-DAG: @__magicdiv_hip_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr } { i32 3, i32 {{[0-9]+}}, ptr @hipLaunchKernel }
// ONE-DAG: @_Z5k_u64PyPKyyi.magicdiv.clone = private constant { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @_Z5k_u64PyPKyyi.magicdiv.handle, ptr @_Z5k_u64PyPKyyi.magicdiv.desc, i64 {{[0-9]+}}, ptr null, ptr null, i64 0, ptr @_Z5k_u64PyPKyyi.magicdiv_pow2.handle }
// ONE-DAG: @_Z5k_u32PjPKjji.magicdiv.clone = private constant { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @_Z5k_u32PjPKjji.magicdiv.handle, ptr @_Z5k_u32PjPKjji.magicdiv.desc, i64 {{[0-9]+}}, ptr null, ptr null, i64 0, ptr null }
// ONE-DAG: @_Z5k_u64PyPKyyi.magicdiv_pow2.name = {{.*}} c"_Z5k_u64PyPKyyi__magicdiv_pow2\00"
// ONE-DAG: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr @_Z5k_u64PyPKyyi.magicdiv_pow2.handle, ptr @_Z5k_u64PyPKyyi.magicdiv_pow2.name, ptr @_Z5k_u64PyPKyyi.magicdiv_pow2.name,
// ONE-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z5k_u64PyPKyyi, {{.*}}, ptr @_Z5k_u64PyPKyyi.magicdiv.clone)
// ONE-NOT: magicdiv_pow2.desc
// ONE-NOT: _Z5k_u32PjPKjji.magicdiv_pow2
// ONEREM-DAG: registered clone _Z5k_u64PyPKyyi__magicdiv (descriptor of
// ONEREM-DAG: registered clone _Z5k_u64PyPKyyi__magicdiv_pow2 (the clone's descriptor of

// TWO-DAG: @_Z5k_u64PyPKyyi.magicdiv.clone = private constant { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @_Z5k_u64PyPKyyi.magicdiv.handle, ptr @_Z5k_u64PyPKyyi.magicdiv.desc, i64 {{[0-9]+}}, ptr null, ptr null, i64 0, ptr null }
// TWO-DAG: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr @_Z5k_u64PyPKyyi.magicdiv.handle,
// TWO-NOT: magicdiv_pow2
// TWOREM: kernel '_Z5k_u64PyPKyyi' gets no pow2 tier: 1 of 2 code objects have _Z5k_u64PyPKyyi__magicdiv_pow2

#include <hip/hip_runtime.h>

__global__ void k_u64(unsigned long long *out, const unsigned long long *in,
                      unsigned long long d, int iters) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long x = in[idx], acc = 0;
  for (int i = 0; i < iters; i++)
    acc += (x ^ (unsigned long long)i) / d;
  out[idx] = acc;
}

__global__ void k_u32(unsigned *out, const unsigned *in, unsigned d,
                      int iters) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = in[idx], acc = 0;
  for (int i = 0; i < iters; i++)
    acc += (x ^ (unsigned)i) / d;
  out[idx] = acc;
}

int main() {
  hipLaunchKernelGGL(k_u64, dim3(4), dim3(64), 0, 0,
                     (unsigned long long *)nullptr,
                     (const unsigned long long *)nullptr, 1024ull, 8);
  hipLaunchKernelGGL(k_u32, dim3(4), dim3(64), 0, 0, (unsigned *)nullptr,
                     (const unsigned *)nullptr, 7u, 8);
  return 0;
}
