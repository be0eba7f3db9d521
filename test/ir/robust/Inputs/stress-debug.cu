// Source of the debug-info modules of test/ir/robust/stress-debug.test: kernels
// with launch-invariant divisions, compiled at test time by the clang of
// the LLVM under test (-g, -gline-tables-only, -O0 device debug; CUDA for
// NVPTX and, with -x hip, HIP for AMDGPU).  Self-contained (no CUDA/HIP
// headers) so that clang-19 and clang-22 both compile it.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

#ifdef __HIP__
__device__ static inline unsigned tid() { return __builtin_amdgcn_workitem_id_x(); }
__device__ static inline unsigned bid() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ static inline unsigned bdim() { return __builtin_amdgcn_workgroup_size_x(); }
#else
__device__ static inline unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }
__device__ static inline unsigned bid() { return __nvvm_read_ptx_sreg_ctaid_x(); }
__device__ static inline unsigned bdim() { return __nvvm_read_ptx_sreg_ntid_x(); }
#endif
__device__ static inline int gid() { return (int)(bid() * bdim() + tid()); }

struct Shape { int n, c, h, w; };

// inlined helper: its divisions carry inlinedAt locations
__device__ static inline int coord(int i, int w, int h) { return (i / w) % h; }

extern "C" __global__ void dbg_permute(int *out, Shape s) {
  int i = gid();
  if (i >= s.n * s.c * s.h * s.w)
    return;
  int w = i % s.w;
  int h = coord(i, s.w, s.h);
  int c = (i / (s.w * s.h)) % s.c;
  out[i] = ((c * s.h) + h) * s.w + w;
}

extern "C" __global__ void dbg_unpermute(float *out, const float *in, int B,
                                         int N, int NH, int d) {
  int idx = gid();
  if (idx >= B * NH * N * d)
    return;
  int b = idx / (NH * N * d);
  int rest = idx % (NH * N * d);
  int nh = rest / (N * d);
  rest = rest % (N * d);
  int n = rest / d;
  out[((b * N + n) * NH + nh) * d + rest % d] = in[idx];
}

// a loop (PHIs), a switch, 64-bit and unsigned divisions
extern "C" __global__ void dbg_loop(unsigned long long *out, unsigned n,
                                    unsigned long long m, int mode, int Lx) {
  for (unsigned i = bid() * bdim() + tid(); i < n; i += bdim() * 64) {
    unsigned long long v;
    switch (mode) {
    case 0: v = i / (unsigned)Lx; break;
    case 1: v = (i + 1) % (unsigned)Lx; break;
    case 2: v = (unsigned long long)i * 977 / m; break;
    default: v = i % bdim(); break;
    }
    out[i] = v;
  }
}
