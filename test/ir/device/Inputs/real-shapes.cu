// Real index shapes (from llm.c, HeCBench, PyTorch-style kernels): every
// division here has a launch-invariant divisor and must be transformed.
#include <cstddef>
#include <cstdint>

struct Shape4 {
  int n, c, h, w;
};

// 4-D permute NCHW -> NHWC, shape in a by-value struct.
__global__ void permute4d(float *out, const float *in, Shape4 s, int total) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= total)
    return;
  int w = idx % s.w;
  int h = (idx / s.w) % s.h;
  int c = (idx / (s.w * s.h)) % s.c;
  int n = idx / (s.w * s.h * s.c);
  out[((n * s.h + h) * s.w + w) * s.c + c] = in[idx];
}

// llm.c attention unpermute: (B, NH, N, d) -> (B, N, NH, d), product divisors.
__global__ void unpermute(float *out, const float *in, int B, int N, int NH,
                          int d) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < B * NH * N * d) {
    int b = idx / (NH * N * d);
    int rest = idx % (NH * N * d);
    int nh = rest / (N * d);
    rest = rest % (N * d);
    int n = rest / d;
    int dd = rest % d;
    out[(b * N * NH * d) + (n * NH * d) + (nh * d) + dd] = in[idx];
  }
}

// Periodic stencil: (x + 1) % Lx, (x - 1 + Lx) % Lx.
__global__ void stencil(float *out, const float *in, int Lx, int Ly) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < Lx && y < Ly) {
    int xp = (x + 1) % Lx;
    int xm = (x - 1 + Lx) % Lx;
    out[y * Lx + x] = in[y * Lx + xp] + in[y * Lx + xm] - 2 * in[y * Lx + x];
  }
}

// The dividend goes negative: padding computed before it is checked.
__global__ void pad_gather(float *out, const float *in, int n, int pad,
                           int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int pos = i - pad;
  int q = pos / stride;
  int r = pos % stride;
  out[i] = (pos >= 0 && q < n) ? in[q] * r : 0.0f;
}

// Grid-stride loop with a sum divisor.
__global__ void gridstride(int *out, int total, int rows, int extra) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += blockDim.x * gridDim.x)
    out[i] = i / (rows + extra) + i % (rows + extra);
}

// Unsigned hash % capacity over the full 32-bit range.
__global__ void hashprobe(unsigned *slots, const unsigned *keys,
                          unsigned capacity, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    slots[i] = (keys[i] * 2654435761u) % capacity;
}

// size_t shapes (64-bit), an int64 dividend with an int divisor, and a
// derived divisor C / 4.
__global__ void upsample(float *out, const float *in, size_t W, size_t H,
                         size_t total, int64_t base, int C) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) {
    size_t x = i % W, y = (i / W) % H;
    int64_t j = (base + (int64_t)i) / C;
    int c4 = (int)i / (C / 4);
    out[i] = in[(y / 2) * (W / 2) + x / 2] + (float)j + (float)c4;
  }
}

// blockDim as the divisor.
__global__ void blockdiv(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = (n + i) / blockDim.x + (n - i) % gridDim.x;
}
