// Kernels whose SASS loads addresses of the module's globals from ptxas's
// table in constant bank 4: sinf's reduction table, printf's strings and
// vprintf itself (ir/device/same-originals.test).  The last kernel calls
// printf and the cloned one does not: ptxas orders that table by the
// module's last function, which must stay `trig`, not the clone.
#include <cstdio>

__constant__ float ctab[4] = {1.0f, 2.0f, 3.0f, 4.0f};

// a division by an argument: the plugin clones it
__global__ void divide(float *o, const float *x, int n, int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = sinf(x[i]) + ctab[(i / d) & 3];
}

// no division: the plugin leaves it as it is
__global__ void trig(float *o, const float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = sinf(x[i]) + cosf(x[i]) + ctab[i & 3];
  if (i == n)
    printf("trig %d\n", n);
}
