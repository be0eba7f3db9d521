// A 4-D permute (NCHW -> NHWC): the index math divides by the shape, which
// is fixed for a launch but unknown to the compiler -- what magicdiv turns
// into multiply-high sequences in a clone of the kernel.
#include <cstdio>
#include <cuda_runtime.h>

struct Shape {
  int n, c, h, w;
};

__global__ void nchw_to_nhwc(float *out, const float *in, Shape s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int total = s.n * s.c * s.h * s.w;
  if (i >= total)
    return;
  int w = i % s.w, h = (i / s.w) % s.h, c = (i / (s.w * s.h)) % s.c,
      n = i / (s.w * s.h * s.c);
  out[((n * s.h + h) * s.w + w) * s.c + c] = in[i];
}

int main() {
  const Shape s = {2, 3, 5, 7};
  const int total = s.n * s.c * s.h * s.w;
  float host[2 * 3 * 5 * 7], back[2 * 3 * 5 * 7], *in = nullptr, *out = nullptr;
  int bad = 0;
  for (int i = 0; i < total; i++)
    host[i] = (float)i;
  cudaError_t e = cudaMalloc(&in, sizeof host);
  if (e == cudaSuccess)
    e = cudaMalloc(&out, sizeof host);
  if (e == cudaSuccess)
    e = cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  if (e != cudaSuccess) {
    std::printf("permute: no usable GPU (%s)\n", cudaGetErrorName(e));
    return 0;
  }
  nchw_to_nhwc<<<(total + 127) / 128, 128>>>(out, in, s);
  e = cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost);
  if (e != cudaSuccess) {
    std::printf("permute: %s\n", cudaGetErrorName(e));
    return 1;
  }
  for (int n = 0; n < s.n; n++)
    for (int c = 0; c < s.c; c++)
      for (int h = 0; h < s.h; h++)
        for (int w = 0; w < s.w; w++)
          bad += back[((n * s.h + h) * s.w + w) * s.c + c] !=
                 host[((n * s.c + c) * s.h + h) * s.w + w];
  std::printf("permute: %d mismatches\n", bad);
  return bad != 0;
}
