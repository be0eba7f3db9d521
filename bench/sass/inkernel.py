#!/usr/bin/env python3
"""inkernel.py -- what in-kernel magic costs and saves, per thread, in SASS.

Kernels with K = 0, 1, 2, 4, 8, 16 straight-line division sites (u32 `/`, s32
`%`) by one divisor -- a field of a __constant__ struct, or a kernel
argument -- each site on its own dividend loaded from memory, compiled
  native     clang-22 device-only -O2, magicdiv<no-inkernel> (K = 0: no site)
  inkernel   the same IR through magicdiv (the constant field), or
             magicdiv<inkernel-args> (the argument; what Triton kernels get)
then llc-22 -mcpu=sm_90 -O3, ptxas -arch=sm_90 -O3, and counted as the
instructions one thread issues on its path (predicated-off ones included;
the path where the divisor is not 0 and no slow path is taken), with the
path walker of ../shared/tools/issued (--issued DIR, NVDISASM in the
environment).  The break-even: the generator costs G = I(K) - N(0) - K*c
(c: the in-kernel cost of one more site), a site saves N(K)/K - c.

  inkernel.py --build BUILD [--issued DIR] [--out FILE]
"""
import argparse
import os
import subprocess
import sys
import tempfile

SRC = r'''
#define __constant__ __attribute__((constant))
#define __global__ __attribute__((global))
struct Params { unsigned u; int s; };
__constant__ Params P;
#define TID __nvvm_read_ptx_sreg_tid_x()
#define BODY(T, OP, D) BODYM(T, OP, D, ~0)
#define BODYM(T, OP, D, M)                                              \
  int t = TID;                                                          \
  _Pragma("unroll") for (int j = 0; j < K; j++) out[t * 16 + j] = (in[t * 16 + j] & M) OP (D); \
  if (K == 0) out[t] = in[t];
template <int K> __global__ void cu(unsigned *out, const unsigned *in) { BODY(unsigned, /, P.u) }
template <int K> __global__ void cs(int *out, const int *in) { BODY(int, %, P.s) }
template <int K> __global__ void cd(int *out, const int *in) { BODY(int, /, P.s) }
template <int K> __global__ void cn(int *out, const int *in) { BODYM(int, %, P.s, 0x7fffffff) }
template <int K> __global__ void au(unsigned *out, const unsigned *in, unsigned d) { BODY(unsigned, /, d) }
template <int K> __global__ void as(int *out, const int *in, int d) { BODY(int, %, d) }
#define INST(k) template __global__ void cu<k>(unsigned *, const unsigned *); \
  template __global__ void cs<k>(int *, const int *);                        \
  template __global__ void cn<k>(int *, const int *);                        \
  template __global__ void cd<k>(int *, const int *);                        \
  template __global__ void au<k>(unsigned *, const unsigned *, unsigned);    \
  template __global__ void as<k>(int *, const int *, int);
INST(0) INST(1) INST(2) INST(4) INST(8) INST(16)
'''
KS = (0, 1, 2, 4, 8, 16)
SIGS = ["I2F.U32.RP", "I2F.RP", "CALL"]  # native division; the generator's rare slow path


def run(cmd):
    subprocess.run(cmd, check=True)


def compile_variant(tmp, build, ll, opts, tag):
    so = os.path.join(build, "lib", "MagicDiv.so")
    p = os.path.join(tmp, tag + ".ll")
    run(["opt-22", "-load-pass-plugin=" + so, "-passes=magicdiv<%s>" % opts,
         "-S", ll, "-o", p])
    ptx = os.path.join(tmp, tag + ".ptx")
    run(["llc-22", "-mcpu=sm_90", "-O3", p, "-o", ptx])
    cub = os.path.join(tmp, tag + ".cubin")
    run(["/usr/local/cuda/bin/ptxas", "-arch=sm_90", "-O3", ptx, "-o", cub])
    return cub


def issued(paths, cub, kern, k):
    labels, ins = paths.load(cub, kern)
    res = paths.walk(labels, ins, max(k, 1), SIGS)
    lo = min(r[0] for r in res)
    return max(r[1] for r in res if r[0] == lo)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--issued", default="/work/shared/tools/issued")
    ap.add_argument("--out")
    a = ap.parse_args()
    sys.path.insert(0, a.issued)
    import paths
    tmp = tempfile.mkdtemp(prefix="md-inkernel-")
    cu = os.path.join(tmp, "k.cu")
    open(cu, "w").write(SRC)
    ll = os.path.join(tmp, "k.ll")
    run(["clang-22", "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
         "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version", "-O2", "-S",
         "-emit-llvm", cu, "-o", ll])
    nat = compile_variant(tmp, a.build, ll, "no-inkernel;min-gain=100", "nat")
    ink = compile_variant(tmp, a.build, ll, "min-gain=100", "ink")
    arg = compile_variant(tmp, a.build, ll, "inkernel-args", "arg")
    names = {"cu": "_Z2cuILi%dEEvPjPKj", "cs": "_Z2csILi%dEEvPiPKi",
             "cn": "_Z2cnILi%dEEvPiPKi", "cd": "_Z2cdILi%dEEvPiPKi", "au": "_Z2auILi%dEEvPjPKjj", "as": "_Z2asILi%dEEvPiPKii"}
    lines = ["| kernel | K | native | in-kernel | saved |", "|---|---|---|---|---|"]
    for fam, title in (("cu", "u32 `/` by a __constant__ field"),
                       ("cs", "s32 `%` by a __constant__ field"),
                       ("cn", "s32 `%` of n >= 0 by a __constant__ field"),
                       ("cd", "s32 `/` by a __constant__ field"),
                       ("au", "u32 `/` by an argument (inkernel-args)"),
                       ("as", "s32 `%` by an argument (inkernel-args)")):
        cub = ink if fam[0] == "c" else arg
        for k in KS:
            kern = names[fam] % k
            n = issued(paths, nat, kern, k)
            i = issued(paths, cub, kern, k)
            lines.append("| %s | %d | %d | %d | %d |" % (title, k, n, i, n - i))
    text = "\n".join(lines)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")


if __name__ == "__main__":
    main()
