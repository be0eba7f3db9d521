// Kernels that get no clone (no division; a division by a constant), each
// launched by <<<>>>: with the plugin the host object is the same file as
// without it (cuda-noclone.test).
__global__ void k_add(unsigned *o, const unsigned *in, unsigned n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    o[t] = in[t] + 1;
}

__global__ void k_seven(unsigned *o, unsigned n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    o[t] = t / 7;
}

void run(unsigned *o, const unsigned *in, unsigned n) {
  k_add<<<n / 256, 256>>>(o, in, n);
  k_seven<<<n / 256, 256>>>(o, n);
}
