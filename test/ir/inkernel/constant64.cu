// In-kernel magic for 64-bit divisions by __constant__ fields (size_t and
// int64_t): the kernel computes the u64 / s64 magic itself for divisors
// below 2^32 (s64: positive and below 2^31; docs/MATH.md 11.1) and every
// other divisor takes the uniform branch to the original division.  s64
// sites on NVPTX take the 32-bit path of MD_S64_FAST32_PTX with the
// generator's words; remainders run in 32 bits.  A divisor used once per
// thread stays native; option no-inkernel-64 keeps every 64-bit site
// native with its remark.  llc and ptxas accept the result.
// RUN: %clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc \
// RUN:   -nocudalib -Wno-unknown-cuda-version -O2 -S -emit-llvm %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -pass-remarks=magicdiv \
// RUN:   -pass-remarks-missed=magicdiv -S %t.ll -o %t.p.ll 2> %t.rem
// RUN: %FileCheck %s --check-prefix=REM < %t.rem
// RUN: %FileCheck %s --check-prefix=IR < %t.p.ll
// RUN: %opt -passes=verify -disable-output %t.p.ll
// RUN: %llc -mcpu=sm_90 -O3 %t.p.ll -o %t.ptx
// RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 -O3 %t.ptx -o %t.cubin %}
// RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-inkernel-64>' \
// RUN:   -pass-remarks-missed=magicdiv -S %t.ll -o %t.off.ll 2> %t.off.rem
// RUN: %FileCheck %s --check-prefix=OFF < %t.off.rem
// RUN: not grep md.ik %t.off.ll

#include "Inputs/keywords.h"

struct Params {
  unsigned long long rows;
  long long cols;
  unsigned long long once;
};
__constant__ Params P;

// REM-DAG: remark: {{.*}}magicdiv: udiv i64 by a divisor read from constant memory -> magic u64 multiply-high, the magic computed in the kernel (2 site(s) share it; divisor 0 or >= 2^32 runs the original division)
// REM-DAG: remark: {{.*}}magicdiv: urem i64 by a divisor read from constant memory -> magic u64 multiply-high, the magic computed in the kernel (2 site(s) share it; divisor 0 or >= 2^32 runs the original division)
// OFF-DAG: remark: {{.*}}magicdiv: udiv i64 left native: in-kernel magic covers 8-, 16-, 32- and (option inkernel-64) 64-bit divisions
__global__ void u64_k(unsigned long long *out, const unsigned long long *in,
                      int n) {
  unsigned long long i = TID, acc = 0;
  for (int e = 0; e < n; e++)
    acc += in[(e + i + 1) % P.rows] + (e + i * 77777777777ull) / P.rows;
  out[i] = acc;
}

// REM-DAG: remark: {{.*}}magicdiv: sdiv i64 by a divisor read from constant memory -> magic s64 multiply-high, the magic computed in the kernel (2 site(s) share it; divisor <= 0 or >= 2^31 runs the original division)
// REM-DAG: remark: {{.*}}magicdiv: srem i64 by a divisor read from constant memory -> magic s64 multiply-high, the magic computed in the kernel (2 site(s) share it; divisor <= 0 or >= 2^31 runs the original division)
__global__ void s64_k(long long *out, const long long *in, int n) {
  long long i = TID, acc = 0;
  for (int e = 0; e < n; e++)
    acc += in[(e + i + 1) % P.cols] + (e - i) / P.cols;
  out[i] = acc;
}

// REM-DAG: remark: {{.*}}magicdiv: urem i64 left native: used once per thread: native is cheaper (divisor used 1 time(s) per thread, estimated saving {{[0-9]+}} < {{[0-9]+}} SASS to compute its magic in the kernel)
__global__ void once_k(unsigned long long *out,
                       const unsigned long long *in) {
  int i = TID;
  out[i] = in[i] % P.once;
}

// The divisor loaded and frozen before the loop; the fast path takes
// d - 1 <u 2^32 - 1; the 64-bit step: the second reciprocal product, the
// two corrections; the original division on the slow path, marked.
// IR-LABEL: define {{.*}}u64_k
// IR: %md.ik.d = load i64, ptr addrspacecast (ptr addrspace(4) @P to ptr)
// IR: %md.ik.dfr = freeze i64 %md.ik.d
// IR: %md.ik.dm1 = sub i64 %md.ik.dfr, 1
// IR: %md.ik.ok = icmp ult i64 %md.ik.dm1, 4294967295
// IR: fdiv double 1.000000e+00
// IR: %md.ik.er = fmul double
// IR: %md.ik.thi = icmp sge i64
// IR: %md.ik.tlo = icmp slt i64
// IR: %md.ik.m064 = or i64
// IR: br i1 %{{.*}}, label %md.ik.fast{{.*}}, label %md.ik.slow
// IR: {{urem|udiv}} i64 {{.*}} !magicdiv.inkernel
// IR-LABEL: define {{.*}}s64_k
// IR: %md.ik.ok = icmp ult i64 %md.ik.dm1, 2147483647
// IR: %md.ik.f2 = or i64 %md.ik.s32, 4294967296
// IR-NOT: __magicdiv
// The s64 sites: the 32-bit path of MD_S64_FAST32_PTX; the u64 core's
// carry chain; the IEEE reciprocal.
// PTX: rcp.rn.f64
// PTX: setp.lt.u32
// PTX: madc.hi.u32
// PTX-NOT: rcp.approx
