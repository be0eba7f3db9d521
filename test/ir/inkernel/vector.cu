// In-kernel magic for vector divisions by a splat of a __constant__ field
// (clang's vector extension; AMDGPU's vectorized loops): the vector
// division is split into its lanes, each dividing by the field itself, and
// the lanes are ordinary in-kernel sites of that divisor (one generator).
// Option no-inkernel-vector leaves the vectors alone.  llc and ptxas accept
// the result.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
// RUN:   -pass-remarks-missed=magicdiv -S %t.ll -o %t.p.ll 2> %t.rem
// RUN: %FileCheck %s --check-prefix=REM < %t.rem
// RUN: %FileCheck %s --check-prefix=IR < %t.p.ll
// RUN: %opt -passes=verify -disable-output %t.p.ll
// RUN: %llc -mcpu=sm_90 -O3 %t.p.ll -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -O3 %t.ptx -o %t.cubin %}
// RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-inkernel-vector>' \
// RUN:   -S %t.ll -o %t.off.ll
// RUN: %FileCheck %s --check-prefix=OFF < %t.off.ll

#include "Inputs/keywords.h"

struct Params {
  unsigned u;
  long long s;
};
__constant__ Params P;
typedef unsigned v4u __attribute__((ext_vector_type(4)));
typedef long long v2s __attribute__((ext_vector_type(2)));

// Three vector divisions (the loop unrolled by two, and its remainder),
// twelve lanes, one divisor:
// REM-COUNT-12: magicdiv: udiv i32 by a divisor read from constant memory -> magic u32 multiply-high, the magic computed in the kernel (12 site(s) share it
// IR-LABEL: define {{.*}}v4_k
// IR: %md.ik.d = load i32, ptr addrspacecast (ptr addrspace(4) @P to ptr)
// IR: fdiv double 1.0
// IR-NOT: udiv <4 x i32>
// OFF-LABEL: define {{.*}}v4_k
// OFF: udiv <4 x i32>
__global__ void v4_k(v4u *out, const v4u *in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] / P.u;
}

// REM-COUNT-6: magicdiv: srem i64 by a divisor read from constant memory -> magic s64 multiply-high, the magic computed in the kernel (6 site(s) share it
// IR-LABEL: define {{.*}}v2_k
// IR: fdiv double 1.0
// IR-NOT: srem <2 x i64>
// OFF-LABEL: define {{.*}}v2_k
// OFF: srem <2 x i64>
__global__ void v2_k(v2s *out, const v2s *in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] % P.s;
}
