// In-kernel magic for a __constant__ parameter struct (CUDA's
// cudaMemcpyToSymbol idiom): the host cannot read the divisor at launch,
// so the kernel computes the magic itself, once per thread, outside the
// loop, and each site branches on d != 0 (the original division kept on
// that path).  A divisor used once per thread stays native (the model);
// option no-inkernel turns it all off.  The device compile only, with
// clang's attributes for CUDA's keywords (no CUDA headers needed).
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
// RUN:   -pass-remarks-missed=magicdiv -S %t.ll -o %t.p.ll 2> %t.rem
// RUN: %FileCheck %s --check-prefix=REM < %t.rem
// One remark per site: the clone path, which cannot use a divisor read
// from constant memory, adds none of its own to the in-kernel path's:
// RUN: not grep 'loaded from memory' %t.rem
// RUN: %FileCheck %s --check-prefix=IR < %t.p.ll
// RUN: %llc -mcpu=sm_90 -O3 %t.p.ll -o %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %opt -passes=verify -disable-output %t.p.ll
// RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-inkernel>' \
// RUN:   -pass-remarks=magicdiv -S %t.ll -o %t.off.ll 2> %t.off.rem
// RUN: not grep -e InKernel -e 'computed in the kernel' %t.off.rem
// RUN: not grep md.ik %t.off.ll
// AMDGPU (HIP's __constant__ is address space 4 too; there the loop is
// vectorized by two: the vector divisions split into their lanes, which
// share the generator with the scalar remainder loop's sites):
// RUN: %clang -x hip --offload-device-only --offload-arch=gfx90a -nogpuinc \
// RUN:   -nogpulib -O2 -S -emit-llvm %s -o %t.amd.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
// RUN:   -pass-remarks-missed=magicdiv -S %t.amd.ll -o %t.amd.p.ll 2> %t.amd.rem
// RUN: %FileCheck %s --check-prefix=REM-AMD < %t.amd.rem
// RUN: not grep 'loaded from memory' %t.amd.rem
// RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -O3 %t.amd.p.ll -o /dev/null

#include "Inputs/keywords.h"

struct Params {
  int rows;
  unsigned cols;
  int n;
};
__constant__ Params P;

// REM-DAG: remark: {{.*}}magicdiv: srem i32 by a divisor read from constant memory -> magic s32 multiply-high, the magic computed in the kernel (3 site(s) share it; divisor <= 0 runs the original division)
// REM-DAG: remark: {{.*}}magicdiv: udiv i32 by a divisor read from constant memory -> magic u32 multiply-high, the magic computed in the kernel (3 site(s) share it; divisor 0 runs the original division)
// REM-AMD-DAG: magicdiv: srem i32 by a divisor read from constant memory -> magic s32 multiply-high, the magic computed in the kernel (3 site(s) share it
// REM-AMD-DAG: magicdiv: udiv i32 by a divisor read from constant memory -> magic u32 multiply-high, the magic computed in the kernel (3 site(s) share it
// REM-AMD-NOT: vector udiv <2 x i32> left alone
__global__ void loop_k(int *out, const int *in, int n) {
  int i = TID;
  int acc = 0;
  for (int e = 0; e < n; e++)
    acc += in[(e + i + 1) % P.rows] + (unsigned)(e + i) / P.cols;
  out[i] = acc;
}

// REM-DAG: remark: {{.*}}magicdiv: srem i32 left native: used once per thread: native is cheaper (divisor used 1 time(s) per thread, estimated saving {{[0-9]+}} < {{[0-9]+}} SASS to compute its magic in the kernel)
// REM-AMD-DAG: magicdiv: srem i32 left native: used once per thread
__global__ void once_k(int *out, const int *in) {
  int i = TID;
  out[i] = in[i] % P.rows;
}

// A kernel with both: the constant field in place, then the clone for
// the argument (its copy of the kernel has the in-kernel sequences too).
// REM-DAG: remark: {{.*}}magicdiv: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high
// REM-DAG: remark: {{.*}}magicdiv: kernel '_Z6both_kPiPKiii' cloned as '_Z6both_kPiPKiii__magicdiv': 3 division site(s)
__global__ void both_k(int *out, const int *in, int n, int w) {
  int i = TID;
  int acc = 0;
  for (int e = 0; e < n; e++)
    acc += in[(e + i + 1) % P.rows] + (e + i) / w;
  out[i] = acc;
}

// The magic is computed before the loop from a copy of the load, frozen;
// each site branches on d != 0; the original division stays on the slow
// path, marked so that nothing looks at it again; no clone is made.
// IR-LABEL: define {{.*}}loop_k
// IR: %md.ik.d = load i32, ptr addrspacecast (ptr addrspace(4) @P to ptr)
// IR: %md.ik.dfr = freeze i32 %md.ik.d
// IR: %md.ik.ok = icmp sgt i32
// IR: fdiv double
// IR: md.ik.head{{.*}}:
// IR: br i1 %{{.*}}, label %md.ik.fast{{.*}}, label %md.ik.slow
// IR: srem i32 {{.*}} !magicdiv.inkernel
// IR-NOT: loop_k__magicdiv
// The generator's reciprocal is the IEEE one: exact rounding.
// PTX: rcp.rn.f64
// PTX-NOT: rcp.approx
