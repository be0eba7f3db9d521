// The kernel of the JIT example (jit_driver.c, docs/LAUNCH.md): compiled to
// PTX with clang -fpass-plugin, so the PTX holds k_scale and its clone.
extern "C" __global__ void k_scale(unsigned *out, const unsigned *in,
                                   unsigned n, unsigned d) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] / d + in[i] % d;
}
