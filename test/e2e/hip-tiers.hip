// Tiers on HIP: the device pass builds K__magicdiv_plain next to a clone
// that bets on the sign of a value that reads an argument (k_pad: pos =
// idx - 3*pad >= 0 at launch); the host pass
// finds both tiers in the embedded code object, registers both, and passes
// them in md_hip_clone (version 2 of the HIP API structs; 3 adds the pow2
// tier, hip-pow2.hip).  A kernel whose
// bets are only on the launch geometry (k_geo) has one clone, and its
// md_hip_clone a null plain tier, and so has a kernel whose bets are that
// 64-bit values fit 32 bits (k_wide: a 64-bit idx % d takes the u32 core and
// requires d < 2^32; a plain tier for it only with tiers-wide).  Built like hip-e2e.hip (device side
// unbundled, bundled by Inputs/offload_bundle.py); nothing runs.
// REQUIRES: hip, llvm22
// DEFINE: %{hip} = %clang -x hip --offload-arch=gfx90a --rocm-path=/usr --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -mcode-object-version=5 -D__AMDGCN_WAVEFRONT_SIZE=64 -O2 -fpass-plugin=%plugin -I%rtinc
// RUN: %{hip} --cuda-device-only --no-gpu-bundle-output -c %s -o %t.gfx90a.co
// RUN: %llvm-readelf --dyn-syms %t.gfx90a.co | %FileCheck %s --check-prefix=CO
// RUN: %python %S/Inputs/offload_bundle.py %t.hipfb hipv4-amdgcn-amd-amdhsa--gfx90a=%t.gfx90a.co
// RUN: %{hip} --cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang %t.hipfb -S -emit-llvm %s -o %t.host.ll -Rpass=magicdiv 2> %t.rem
// RUN: %FileCheck %s --check-prefix=HOST < %t.host.ll
// RUN: %FileCheck %s --check-prefix=REM < %t.rem

// CO-DAG: _Z5k_padPiii__magicdiv.kd
// CO-DAG: _Z5k_padPiii__magicdiv_plain.kd
// CO-DAG: _Z5k_padPiii__magicdiv_plain_desc
// CO-DAG: _Z5k_geoPii__magicdiv.kd
// CO-DAG: _Z6k_widePyy__magicdiv.kd
// CO-NOT: _Z5k_geoPii__magicdiv_plain
// CO-NOT: _Z6k_widePyy__magicdiv_plain

// HOST-DAG: @__magicdiv_hip_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr } { i32 3, i32 {{[0-9]+}}, ptr @hipLaunchKernel }
// HOST-DAG: @_Z5k_padPiii.magicdiv.clone = private constant { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @_Z5k_padPiii.magicdiv.handle, ptr @_Z5k_padPiii.magicdiv.desc, i64 {{[0-9]+}}, ptr @_Z5k_padPiii.magicdiv_plain.handle, ptr @_Z5k_padPiii.magicdiv_plain.desc, i64 {{[0-9]+}}, ptr null }
// HOST-DAG: @_Z5k_geoPii.magicdiv.clone = private constant { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @_Z5k_geoPii.magicdiv.handle, ptr @_Z5k_geoPii.magicdiv.desc, i64 {{[0-9]+}}, ptr null, ptr null, i64 0, ptr null }
// HOST-DAG: @_Z6k_widePyy.magicdiv.clone = private constant { ptr, ptr, i64, ptr, ptr, i64, ptr } { ptr @_Z6k_widePyy.magicdiv.handle, ptr @_Z6k_widePyy.magicdiv.desc, i64 {{[0-9]+}}, ptr null, ptr null, i64 0, ptr null }
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z5k_padPiii, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z5k_padPiii.magicdiv.clone)
// HOST-DAG: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr @_Z5k_padPiii.magicdiv_plain.handle, ptr @_Z5k_padPiii.magicdiv_plain.name, ptr @_Z5k_padPiii.magicdiv_plain.name,
// HOST-DAG: @_Z5k_padPiii.magicdiv_plain.name = {{.*}} c"_Z5k_padPiii__magicdiv_plain\00"
// HOST-NOT: _Z5k_geoPii.magicdiv_plain
// HOST-NOT: _Z6k_widePyy.magicdiv_plain

// REM-DAG: registered clone _Z5k_padPiii__magicdiv (descriptor of
// REM-DAG: registered clone _Z5k_padPiii__magicdiv_plain (descriptor of
// REM-DAG: registered clone _Z5k_geoPii__magicdiv (descriptor of
// REM-DAG: registered clone _Z6k_widePyy__magicdiv (descriptor of

#include <hip/hip_runtime.h>

__global__ void k_geo(int *out, int d) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  out[idx] = idx / d;
}

__global__ void k_pad(int *out, int n, int pad) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int pos = idx - 3 * pad;
  out[idx] = pos / (n + pad);
}

__global__ void k_wide(unsigned long long *out, unsigned long long d) {
  unsigned long long idx =
      (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
  out[idx] = idx % d;
}

int main() {
  int *out = nullptr;
  hipLaunchKernelGGL(k_geo, dim3(4), dim3(64), 0, 0, out, 7);
  hipLaunchKernelGGL(k_pad, dim3(4), dim3(64), 0, 0, out, 100, 2);
  hipLaunchKernelGGL(k_wide, dim3(4), dim3(64), 0, 0,
                     (unsigned long long *)out, 9ull);
  return 0;
}
