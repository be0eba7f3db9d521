// End to end, HIP: the program of Inputs/e2e_prog.h built with
// clang -fpass-plugin for device and host, linked with the runtime and
// libamdhip64 (lld).  Debian's clang-22 lacks the external
// clang-offload-bundler, so the device side is built unbundled and bundled
// by Inputs/offload_bundle.py in clang's format; the host compile embeds
// that bundle exactly as the clang driver does (-fcuda-include-gpubinary).
//  * the code object holds every clone, its kernel descriptor and its
//    descriptor bytes;
//  * the host pass registers each clone after its kernel (HIP aborts on a
//    registered name the code object lacks, so only clones it found) and
//    every launch calls md_hip_launch with the clone, never hipLaunchKernel;
//  * the binary links and, without an AMD GPU, reports the HIP error from a
//    rerouted launch and exits 2.  Nothing here runs on an AMD GPU.
// REQUIRES: hip, llvm22
// DEFINE: %{hip} = %clang -x hip --offload-arch=gfx90a --rocm-path=/usr --rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode -mcode-object-version=5 -D__AMDGCN_WAVEFRONT_SIZE=64 -O2 -fpass-plugin=%plugin -I%rtinc -I%S
// RUN: %{hip} --cuda-device-only --no-gpu-bundle-output -c %s -o %t.gfx90a.co
// RUN: %llvm-readelf --dyn-syms %t.gfx90a.co | %FileCheck %s --check-prefix=CO
// RUN: %python %S/Inputs/offload_bundle.py %t.hipfb hipv4-amdgcn-amd-amdhsa--gfx90a=%t.gfx90a.co
// RUN: %{hip} --cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang %t.hipfb -S -emit-llvm %s -o %t.host.ll
// RUN: %FileCheck %s --check-prefix=HOST < %t.host.ll
// RUN: %{hip} --cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang %t.hipfb -c %s -o %t.o
// RUN: %clang -fuse-ld=lld %t.o %rtlib/libmagicdiv_rt.a -lamdhip64 -o %t
// RUN: env MAGICDIV_LOG=1 %not %t 2>&1 | %FileCheck %s --check-prefix=EXEC
// The ordinary one-step compile (clang runs clang-offload-bundler itself,
// from clang-tools-22) gives the same program.
// RUN: %{hip} -c %s -o %t.one.o
// RUN: %clang -fuse-ld=lld %t.one.o %rtlib/libmagicdiv_rt.a -lamdhip64 -o %t.one
// RUN: env MAGICDIV_LOG=1 %not %t.one 2>&1 | %FileCheck %s --check-prefix=EXEC

// CO-DAG: _Z5k_u32PjS_PKjij__magicdiv.kd
// CO-DAG: _Z5k_u32PjS_PKjij__magicdiv_desc
// CO-DAG: _Z7k_shapePi5Shape__magicdiv.kd
// CO-DAG: _Z7k_shapePi5Shape__magicdiv_desc

// HOST: @__magicdiv_hip_frame_api{{(\.[0-9]+)?}} = private constant { i32, i32, ptr } { i32 3, i32 {{[0-9]+}}, ptr @hipLaunchKernel }
// HOST-NOT: call {{.*}}@hipLaunchKernel(
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z5k_u32PjS_PKjij, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z5k_u32PjS_PKjij.magicdiv.clone)
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z5k_s32PiS_PKiii, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z5k_s32PiS_PKiii.magicdiv.clone)
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z5k_u64PyS_PKyiy, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z5k_u64PyS_PKyiy.magicdiv.clone)
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z5k_s64PxS_PKxix, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z5k_s64PxS_PKxix.magicdiv.clone)
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z7k_mixedPxPKxii, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z7k_mixedPxPKxii.magicdiv.clone)
// HOST-DAG: call i32 @md_hip_launch(ptr {{.*}}@_Z7k_shapePi5Shape, {{.*}}, ptr @__magicdiv_hip_frame_api{{(\.[0-9]+)?}}, ptr @_Z7k_shapePi5Shape.magicdiv.clone)
// HOST-NOT: call {{.*}}@hipLaunchKernel(
// HOST: define internal void @__hip_module_ctor()
// HOST: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr nonnull @_Z5k_u32PjS_PKjij, ptr nonnull @0, ptr nonnull @0,
// HOST-NEXT: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr @_Z5k_u32PjS_PKjij.magicdiv.handle, ptr @_Z5k_u32PjS_PKjij.magicdiv.name, ptr @_Z5k_u32PjS_PKjij.magicdiv.name,
// HOST: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr nonnull @_Z7k_shapePi5Shape, ptr nonnull @5, ptr nonnull @5,
// HOST-NEXT: call i32 @__hipRegisterFunction(ptr %{{[0-9]+}}, ptr @_Z7k_shapePi5Shape.magicdiv.handle, ptr @_Z7k_shapePi5Shape.magicdiv.name,

// EXEC: e2e: no usable GPU: HIP error
// EXEC: magicdiv: kernel '_Z5k_u32PjS_PKjij': {{.*}}
// EXEC: e2e: launch without a GPU: HIP error {{[1-9][0-9]*}}

#include <hip/hip_runtime.h>
#define GPU(x) hip##x
#define GPU_NAME "HIP"
#include "Inputs/e2e_prog.h"
