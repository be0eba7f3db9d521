#!/usr/bin/env python3
"""inkernel.py -- what in-kernel magic costs and saves, per thread, in SASS.

Kernels with K = 0, 1, 2, 4, 8, 16 straight-line division sites (u32 `/`, s32
`%`) by one divisor -- a field of a __constant__ struct, or a kernel
argument -- each site on its own dividend loaded from memory (the u32 `/`
and s32 `%` by the field also in a noinline device function the kernel
calls: the magic once per call, the call followed), compiled
  native     clang-22 device-only -O2, magicdiv<no-inkernel> (K = 0: no site)
  inkernel   the same IR through magicdiv (the constant field), or
             magicdiv<inkernel-args> (the argument; what Triton kernels get)
then llc-22 -mcpu=sm_90 -O3, ptxas -arch=sm_90 -O3, and counted as the
instructions one thread issues on its path (predicated-off ones included;
the path where the divisor is not 0 and no slow path is taken; for native
64-bit division, its 32-bit bypass (n < 2^32) and its 64-bit path, the
in-kernel s64 sites' paths for n < 2^32 and n >= 2^32; Inductor's index
pid * 1024 | tid of unknown sign: the model with the sign guard, forced
without and with it), with the
path walker of bench/sass/issued.py (the project's copy of
../shared/tools/issued; --issued DIR: another folder with an issued.py;
NVDISASM in the environment).  The break-even: the generator costs G = I(K) - N(0) - K*c
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
#define __device__ __attribute__((device))
struct Params { unsigned u; int s; unsigned long long U; long long S; };
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
/* The same sites in a device function the kernel calls and does not
 * inline: in-kernel magic once per call (global pointers, as the kernel's
 * are: STG stores, which the path walker counts). */
#define G1(T) __attribute__((address_space(1))) T
template <int K> __device__ __attribute__((noinline)) void fu(G1(unsigned) *out, const G1(unsigned) *in) { BODY(unsigned, /, P.u) }
template <int K> __device__ __attribute__((noinline)) void fs(G1(int) *out, const G1(int) *in) { BODY(int, %, P.s) }
template <int K> __global__ void du(unsigned *out, const unsigned *in) { fu<K>((G1(unsigned) *)out, (const G1(unsigned) *)in); }
template <int K> __global__ void ds(int *out, const int *in) { fs<K>((G1(int) *)out, (const G1(int) *)in); }
template <int K> __global__ void as(int *out, const int *in, int d) { BODY(int, %, d) }
/* Inductor's index: pid * 1024 (no nsw: of unknown sign) | tid & 127. */
template <int K> __global__ void ai(int *out, const int *in, int d) {
  int t = TID;
  int x = (int)((unsigned)__nvvm_read_ptx_sreg_ctaid_x() << 10) | (t & 127);
  _Pragma("unroll") for (int j = 0; j < K; j++) out[t * 16 + j] = (x | (128 * j)) % d;
  if (K == 0) out[t] = in[t];
}
typedef unsigned long long u64;
typedef long long s64;
/* Inductor's sites: an i32 index sign-extended, divided by an i64 size
 * argument (the narrow form); the index of unknown sign (sign guard), of
 * n >= 0, loaded (signed form), and an unsigned one. */
#define IX int x = (int)((unsigned)__nvvm_read_ptx_sreg_ctaid_x() << 10) | (TID & 127);
template <int K> __global__ void nx(s64 *out, const s64 *in, s64 d) {
  IX _Pragma("unroll") for (int j = 0; j < K; j++) out[TID * 16 + j] = (s64)(x | (128 * j)) % d;
  if (K == 0) out[TID] = in[TID];
}
template <int K> __global__ void nq(s64 *out, const s64 *in, s64 d) {
  IX _Pragma("unroll") for (int j = 0; j < K; j++) out[TID * 16 + j] = (s64)(x | (128 * j)) / d;
  if (K == 0) out[TID] = in[TID];
}
template <int K> __global__ void nn(s64 *out, const int *in, s64 d) {
  _Pragma("unroll") for (int j = 0; j < K; j++) out[TID * 16 + j] = (s64)(in[TID * 16 + j] & 0x7fffffff) % d;
  if (K == 0) out[TID] = in[TID];
}
template <int K> __global__ void nl(s64 *out, const int *in, s64 d) {
  _Pragma("unroll") for (int j = 0; j < K; j++) out[TID * 16 + j] = (s64)in[TID * 16 + j] % d;
  if (K == 0) out[TID] = in[TID];
}
template <int K> __global__ void nu(u64 *out, const unsigned *in, u64 d) {
  _Pragma("unroll") for (int j = 0; j < K; j++) out[TID * 16 + j] = (u64)in[TID * 16 + j] % d;
  if (K == 0) out[TID] = in[TID];
}
template <int K> __global__ void qu(u64 *out, const u64 *in) { BODY(u64, /, P.U) }
template <int K> __global__ void ru(u64 *out, const u64 *in) { BODY(u64, %, P.U) }
template <int K> __global__ void qs(s64 *out, const s64 *in) { BODY(s64, /, P.S) }
template <int K> __global__ void rs(s64 *out, const s64 *in) { BODY(s64, %, P.S) }
template <int K> __global__ void qn(s64 *out, const s64 *in) { BODYM(s64, /, P.S, 0xffffffffll) }
#define INST(k) template __global__ void qu<k>(u64 *, const u64 *);                \
  template __global__ void ru<k>(u64 *, const u64 *);                        \
  template __global__ void qs<k>(s64 *, const s64 *);                        \
  template __global__ void rs<k>(s64 *, const s64 *);                        \
  template __global__ void qn<k>(s64 *, const s64 *);                        \
  template __global__ void nx<k>(s64 *, const s64 *, s64);                   \
  template __global__ void nq<k>(s64 *, const s64 *, s64);                   \
  template __global__ void nn<k>(s64 *, const int *, s64);                   \
  template __global__ void nl<k>(s64 *, const int *, s64);                   \
  template __global__ void nu<k>(u64 *, const unsigned *, u64);              \
  template __global__ void cu<k>(unsigned *, const unsigned *); \
  template __global__ void du<k>(unsigned *, const unsigned *);              \
  template __global__ void ds<k>(int *, const int *);                        \
  template __global__ void cs<k>(int *, const int *);                        \
  template __global__ void cn<k>(int *, const int *);                        \
  template __global__ void cd<k>(int *, const int *);                        \
  template __global__ void au<k>(unsigned *, const unsigned *, unsigned);    \
  template __global__ void as<k>(int *, const int *, int);               \
  template __global__ void ai<k>(int *, const int *, int);
INST(0) INST(1) INST(2) INST(4) INST(8) INST(16)
'''
KS = (0, 1, 2, 4, 8, 16)
KS64 = (0, 1, 2, 4, 8)  # native 64-bit: 2^K paths
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


def transformed(paths, cub, kern):
    """kern in cub computes magic in the kernel (the generator's reciprocal,
    MUFU.RCP64H, is in it); else the model left it native."""
    _, ins = paths.load(cub, kern)
    return any("MUFU.RCP64H" in i for i in ins)


def span(paths, cub, kern, k, sigs):
    """64-bit kernels: over the paths with the fewest `sigs`, the shortest
    and the longest; and the longest with the most."""
    labels, ins = paths.load(cub, kern)
    res = paths.walk(labels, ins, max(k, 1), sigs)
    lo, hi = min(r[0] for r in res), max(r[0] for r in res)
    fast = [r[1] for r in res if r[0] == lo]
    return min(fast), max(fast), max(r[1] for r in res if r[0] == hi)


def table64(paths, nat, ink, names):
    """Native: fewest CALLs = every site's 32-bit bypass (n < 2^32), most =
    every site's 64-bit division.  In-kernel: fewest CALLs and native
    32-bit divisions = the fast block; its shortest path (s64: every site's
    32-bit path, n < 2^32) and its longest (s64: the 64-bit path)."""
    lines = ["", "| kernel | K | native, n < 2^32 | native, n >= 2^32 | in-kernel, n < 2^32 "
             "| in-kernel, n >= 2^32 | saved, n < 2^32 | saved, n >= 2^32 |",
             "|---|---|---|---|---|---|---|---|"]
    for fam, title in (("qu", "u64 `/` by a __constant__ field"),
                       ("ru", "u64 `%` by a __constant__ field"),
                       ("qs", "s64 `/` by a __constant__ field"),
                       ("rs", "s64 `%` by a __constant__ field"),
                       ("qn", "s64 `/` of n in [0, 2^32) by a __constant__ field")):
        for k in KS64:
            kern = names[fam] % k
            _, n0, n1 = span(paths, nat, kern, k, ["CALL"])
            if transformed(paths, ink, kern):
                i0, i1, _ = span(paths, ink, kern, k, SIGS)
            else:  # left native by the model
                i0, i1 = n0, n1
            lines.append("| %s | %d | %d | %d | %d | %d | %d | %d |"
                         % (title, k, n0, n1, i0, i1, n0 - i0, n1 - i1))
    return lines


def table_guard(paths, nat, tmp, build, ll, names):
    """s32 `%` of Inductor's index by an argument: native, the model with
    the sign guard (inkernel-args), and forced (inkernel-force) without
    and with the guard."""
    var = [compile_variant(tmp, build, ll, o, t) for o, t in (
        ("inkernel-args", "g"),
        ("inkernel-args;inkernel-force;no-inkernel-guard", "fs"),
        ("inkernel-args;inkernel-force", "fg"))]
    lines = ["", "| kernel | K | native | model (sign guard) | forced, signed form "
             "| forced, sign guard |", "|---|---|---|---|---|---|"]
    for k in KS:
        kern = names["ai"] % k
        row = [issued(paths, c, kern, k) for c in [nat] + var]
        lines.append("| s32 `%%` of pid * 1024 + tid by an argument | %d | %s |"
                     % (k, " | ".join(str(x) for x in row)))
    return lines


def table_narrow(paths, nat, tmp, build, ll, names):
    """64-bit divisions of 32-bit dividends by an i64 argument (Inductor's
    `sdiv i64 (sext i32 x), ks`): native on its 32-bit bypass, the model
    (inkernel-args: the narrow form), forced, and forced without the
    narrow form (the s64 / u64 in-kernel sequences)."""
    var = [compile_variant(tmp, build, ll, o, t) for o, t in (
        ("inkernel-args", "na"),
        ("inkernel-args;inkernel-force", "nf"),
        ("inkernel-args;inkernel-force;no-inkernel-narrow", "nw"))]
    lines = ["", "| kernel | K | native, n < 2^32 | model | forced, narrow "
             "| forced, 64-bit form |", "|---|---|---|---|---|---|"]
    for fam, title in (("nx", "s64 `%` of sext(pid * 1024 + tid)"),
                       ("nq", "s64 `/` of sext(pid * 1024 + tid)"),
                       ("nn", "s64 `%` of sext(n >= 0)"),
                       ("nl", "s64 `%` of sext(loaded i32)"),
                       ("nu", "u64 `%` of zext(loaded u32)")):
        for k in KS:
            kern = names[fam] % k
            row = [span(paths, nat, kern, k, ["CALL"])[1]]
            for c in var:
                row.append(issued(paths, c, kern, k)
                           if transformed(paths, c, kern) else row[0])
            lines.append("| %s | %d | %s |" % (title, k,
                                               " | ".join(str(x) for x in row)))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--issued",
                    default=os.path.dirname(os.path.abspath(__file__)),
                    help="folder of issued.py (the path walker)")
    ap.add_argument("--out")
    a = ap.parse_args()
    sys.path.insert(0, a.issued)
    import issued as paths
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
             "cn": "_Z2cnILi%dEEvPiPKi", "cd": "_Z2cdILi%dEEvPiPKi", "au": "_Z2auILi%dEEvPjPKjj", "as": "_Z2asILi%dEEvPiPKii",
             "qu": "_Z2quILi%dEEvPyPKy", "ru": "_Z2ruILi%dEEvPyPKy", "qs": "_Z2qsILi%dEEvPxPKx",
             "rs": "_Z2rsILi%dEEvPxPKx", "qn": "_Z2qnILi%dEEvPxPKx",
             "du": "_Z2duILi%dEEvPjPKj", "ds": "_Z2dsILi%dEEvPiPKi",
             "ai": "_Z2aiILi%dEEvPiPKii", "nx": "_Z2nxILi%dEEvPxPKxx",
             "nq": "_Z2nqILi%dEEvPxPKxx", "nn": "_Z2nnILi%dEEvPxPKix",
             "nl": "_Z2nlILi%dEEvPxPKix", "nu": "_Z2nuILi%dEEvPyPKjy"}
    lines = ["| kernel | K | native | in-kernel | saved |", "|---|---|---|---|---|"]
    for fam, title in (("cu", "u32 `/` by a __constant__ field"),
                       ("cs", "s32 `%` by a __constant__ field"),
                       ("cn", "s32 `%` of n >= 0 by a __constant__ field"),
                       ("cd", "s32 `/` by a __constant__ field"),
                       ("du", "u32 `/` by a __constant__ field, in a device function"),
                       ("ds", "s32 `%` by a __constant__ field, in a device function"),
                       ("au", "u32 `/` by an argument (inkernel-args)"),
                       ("as", "s32 `%` by an argument (inkernel-args)")):
        cub = arg if fam[0] == "a" else ink
        for k in KS:
            kern = names[fam] % k
            n = issued(paths, nat, kern, k)
            i = issued(paths, cub, kern, k)
            lines.append("| %s | %d | %d | %d | %d |" % (title, k, n, i, n - i))
    lines += table64(paths, nat, ink, names)
    lines += table_guard(paths, nat, tmp, a.build, ll, names)
    lines += table_narrow(paths, nat, tmp, a.build, ll, names)
    text = "\n".join(lines)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")


if __name__ == "__main__":
    main()
