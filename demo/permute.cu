// magicdiv demo: a 4-D permute whose divisors are fields of a by-value
// struct and products of them.  Built by scripts/demo.sh with
//   clang-22 -x cuda -O2 -fpass-plugin=MagicDiv.so -Rpass=magicdiv ...
#include <cstdio>

struct Shape {
  int n, c, h, w;
};

// NCHW -> NHWC
__global__ void permute(float *out, const float *in, Shape s, int total) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= total)
    return;
  int w = idx % s.w;
  int h = (idx / s.w) % s.h;
  int c = (idx / (s.w * s.h)) % s.c;
  int n = idx / (s.w * s.h * s.c);
  out[((n * s.h + h) * s.w + w) * s.c + c] = in[idx];
}

// An unsigned hash probe: full 32-bit dividends.
__global__ void probe(unsigned *slots, const unsigned *keys, unsigned capacity,
                      int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    slots[i] = (keys[i] * 2654435761u) % capacity;
}

int main() {
  Shape s = {2, 3, 5, 7};
  int total = s.n * s.c * s.h * s.w;
  float *in = nullptr, *out = nullptr;
  cudaError_t e = cudaMalloc(&in, total * sizeof(float));
  if (e != cudaSuccess) {
    // No GPU: the launch still goes through the runtime (MAGICDIV_LOG=1
    // shows it) and reports the CUDA error instead of crashing.
    std::printf("demo: no usable GPU here (%s)\n", cudaGetErrorString(e));
    permute<<<1, 128>>>(out, in, s, total);
    e = cudaGetLastError();
    std::printf("demo: launch without a GPU returned: %s\n",
                cudaGetErrorString(e));
    return 0;
  }
  cudaMalloc(&out, total * sizeof(float));
  permute<<<(total + 127) / 128, 128>>>(out, in, s, total);
  e = cudaDeviceSynchronize();
  std::printf("demo: permute ran: %s\n", cudaGetErrorString(e));
  cudaFree(in);
  cudaFree(out);
  return e == cudaSuccess ? 0 : 1;
}
