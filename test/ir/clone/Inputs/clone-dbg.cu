// Source of ir/clone/debug-info.test's inputs clone-dbg-*-{22,19}.ll (the
// magicdiv cloner).  Self-contained (no CUDA headers) so that clang-19 can
// compile it with -nocudainc.  Regenerate, in this directory:
//   V=22 (or 19); clang-$V -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 \
//     -nocudainc -nocudalib -O2 -fdebug-compilation-dir=. -S -emit-llvm \
//     -Wno-unknown-cuda-version clone-dbg.cu -o clone-dbg-lines-$V.ll -gline-tables-only
//   (same with "-g --cuda-noopt-device-debug" -o clone-dbg-full-$V.ll)
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

namespace helper {
__device__ static inline unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }
__device__ static inline unsigned bid() { return __nvvm_read_ptx_sreg_ctaid_x(); }
__device__ static inline unsigned bdim() { return __nvvm_read_ptx_sreg_ntid_x(); }
__device__ static inline unsigned idx() { return bid() * bdim() + tid(); }
}

struct Shape { int n, c, h, w; };

extern "C" __global__ void clone_me_reshape(int *out, const int *in, Shape s) {
  int i = (int)helper::idx();
  if (i >= s.n * s.c * s.h * s.w)
    return;
  int w = i % s.w;
  int h = (i / s.w) % s.h;
  int c = (i / s.w / s.h) % s.c;
  out[i] = in[((c * s.h) + h) * s.w + w] + c;
}

extern "C" __global__ void clone_me_loop(unsigned *out, unsigned n, unsigned d) {
  unsigned acc = 0;
  for (unsigned k = helper::idx(); k < n; k += 7) {
    if (k % 3 == 0)
      acc += k / d;
    else
      acc ^= k % d;
  }
  out[helper::idx()] = acc;
}
