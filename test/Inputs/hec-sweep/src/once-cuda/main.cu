// One division per thread beside a loop of float work: the benefit model
// leaves the kernel alone, and the PTX must be the same as without the
// plugin.  `none` divides by a constant only.
__global__ void once(float *p, int d, int n) {
  float a = p[threadIdx.x], b = p[threadIdx.x + 64], c = p[threadIdx.x + 128];
  for (int j = 0; j < n; ++j) {
    a = a * p[j + 0] + b * c;
    b = b * p[j + 1] - c * a;
    c = c * p[j + 2] + a * b;
    a = a * p[j + 3] + b * c;
    b = b * p[j + 4] - c * a;
    c = c * p[j + 5] + a * b;
    a = a * p[j + 6] + b * c;
    b = b * p[j + 7] - c * a;
    c = c * p[j + 8] + a * b;
    a = a * p[j + 9] + b * c;
    b = b * p[j + 10] - c * a;
    c = c * p[j + 11] + a * b;
    a = a * p[j + 12] + b * c;
    b = b * p[j + 13] - c * a;
    c = c * p[j + 14] + a * b;
    a = a * p[j + 15] + b * c;
    b = b * p[j + 16] - c * a;
    c = c * p[j + 17] + a * b;
    a = a * p[j + 18] + b * c;
    b = b * p[j + 19] - c * a;
    c = c * p[j + 20] + a * b;
    a = a * p[j + 21] + b * c;
    b = b * p[j + 22] - c * a;
    c = c * p[j + 23] + a * b;
  }
  p[threadIdx.x] = a + b + c + threadIdx.x / d;
}
__global__ void none(int *p) { p[threadIdx.x] = threadIdx.x / 3; }
