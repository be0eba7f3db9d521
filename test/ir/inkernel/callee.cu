// In-kernel magic in device functions the kernels call and the compiler
// does not inline (CUDA keeps big ones, and __noinline__ ones, as calls):
// a __constant__ field's sites in a loop get the magic computed in the
// function, once per call, in place (no clone of the function for it);
// a single use per call stays native (the model weighs a call as it
// weighs a kernel's thread); a function that also divides by its
// argument gets, besides, the callee clone of a kernel with a clone
// (which copies the in-place sequences); options no-inkernel-callees
// and no-inkernel turn it off.  A second run of the pass changes
// nothing.  The device compile only, with clang's attributes for CUDA's
// keywords.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
// RUN:   -pass-remarks-missed=magicdiv -S %t.ll -o %t.p.ll 2> %t.rem
// RUN: %FileCheck %s --check-prefix=REM < %t.rem
// One remark per site: the clone path, which cannot use a divisor read
// from constant memory, adds none of its own to the in-kernel path's:
// RUN: not grep 'loaded from memory' %t.rem
// RUN: %FileCheck %s --check-prefix=IR < %t.p.ll
// RUN: %opt -passes=verify -disable-output %t.p.ll
// RUN: %llc -mcpu=sm_90 -O3 %t.p.ll -o %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %opt -passes=verify -S %t.p.ll -o %t.p2.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.p.ll -o %t.pp.ll
// RUN: diff %t.p2.ll %t.pp.ll
// RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-inkernel>' \
// RUN:   -pass-remarks=magicdiv -S %t.ll -o %t.off.ll 2> %t.off.rem
// RUN: not grep -e InKernel -e 'computed in the' %t.off.rem
// RUN: not grep md.ik %t.off.ll
// no-inkernel-callees: the functions as they were (the kernels' own
// in-kernel magic aside), the clone path's remark on their sites:
// RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-inkernel-callees>' \
// RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %t.ll \
// RUN:   -o %t.nc.ll 2> %t.nc.rem
// RUN: not grep 'computed in the device function' %t.nc.rem
// RUN: grep -c "left alone: divisor is loaded from memory (in device function '_Z6gatherPKiii'" %t.nc.rem
// RUN: not grep md.ik %t.nc.ll
// AMDGPU (HIP's __constant__ is address space 4 too):
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
};
__constant__ Params P;

// REM-DAG: remark: {{.*}}magicdiv: srem i32 by a divisor read from constant memory -> magic s32 multiply-high, the magic computed in the device function, once per call ({{[0-9]+}} site(s) share it; divisor <= 0 runs the original division)
// REM-DAG: remark: {{.*}}magicdiv: udiv i32 by a divisor read from constant memory -> magic u32 multiply-high, the magic computed in the device function, once per call ({{[0-9]+}} site(s) share it; divisor 0 runs the original division)
// REM-AMD-DAG: magicdiv: srem i32 by a divisor read from constant memory -> magic s32 multiply-high, the magic computed in the device function, once per call
// REM-AMD-DAG: magicdiv: udiv i32 by a divisor read from constant memory -> magic u32 multiply-high, the magic computed in the device function, once per call
__device__ __noinline__ int gather(const int *in, int i, int n) {
  int acc = 0;
  for (int e = 0; e < n; e++)
    acc += in[(e + i + 1) % P.rows] + (unsigned)(e + i) / P.cols;
  return acc;
}

// REM-DAG: remark: {{.*}}magicdiv: srem i32 left native: used once per call: native is cheaper (divisor used 1 time(s) per call, estimated saving {{[0-9]+}} < {{[0-9]+}} SASS to compute its magic in the function)
// REM-AMD-DAG: magicdiv: srem i32 left native: used once per call
__device__ __noinline__ int wrap(int i) { return i % P.rows; }

// Both kinds of divisor in one function: P.rows in place, w by the
// callee clone of both_k's clone (w is both_k's argument).
// REM-DAG: remark: {{.*}}magicdiv: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch (in device function '_Z5mixedPKiiii', called from kernel '_Z6both_kPiPKiii')
// REM-DAG: remark: {{.*}}magicdiv: kernel '_Z6both_kPiPKiii' cloned as '_Z6both_kPiPKiii__magicdiv'
__device__ __noinline__ int mixed(const int *in, int i, int n, int w) {
  int acc = 0;
  for (int e = 0; e < n; e++)
    acc += in[(e + i + 1) % P.rows] + (e + i) / w;
  return acc;
}

__global__ void loop_k(int *out, const int *in, int n) {
  int i = TID;
  out[i] = gather(in, i, n) + wrap(i);
}

__global__ void both_k(int *out, const int *in, int n, int w) {
  int i = TID;
  out[i] = mixed(in, i, n, w);
}

// The function computes the magic before its loop, from a frozen copy of
// the load; the original division stays on the slow path, marked; the
// functions get no clone of their own for it (mixed's clone is for w).
// IR-LABEL: define {{.*}}@_Z6gatherPKiii(
// IR: %md.ik.d = load i32, ptr addrspacecast (ptr addrspace(4) @P to ptr)
// IR: %md.ik.dfr = freeze i32 %md.ik.d
// IR: br i1 %{{.*}}, label %md.ik.fast{{.*}}, label %md.ik.slow
// IR: srem i32 {{.*}} !magicdiv.inkernel
// IR-LABEL: define {{.*}}@_Z4wrapi(
// IR-NOT: md.ik
// IR: srem i32
// IR-LABEL: define {{.*}}@_Z5mixedPKiiii(
// IR: %md.ik.dfr = freeze i32
// IR-NOT: _Z6gatherPKiii.magicdiv
// IR-NOT: _Z4wrapi.magicdiv
// The callee clone of mixed copies its in-place sequences.
// IR-LABEL: define {{.*}}@_Z5mixedPKiiii.magicdiv.
// IR: md.ik.fast
// PTX-LABEL: .func  (.param .b32 func_retval0) _Z6gatherPKiii(
// PTX: rcp.rn.f64
// PTX: mul.wide.u32 md_w
