// A permute kernel: three divisions by kernel arguments in a grid-stride
// loop (the plugin clones it).
#include <hip/hip_runtime.h>
__global__ void perm(const float *in, float *out, int n, int c, int h) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    int x = i % h, y = (i / h) % c, z = i / (h * c);
    out[(x * c + y) * SCALE + z] = in[i];
  }
}
int main() { return 0; }
