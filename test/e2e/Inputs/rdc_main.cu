// Relocatable device code, file 3 of 3: host only; checks the kernel of
// rdc_a.cu against the CPU (where a GPU exists) for several divisors.
#include <cstdio>
#include <cstdlib>

#include "rdc_gpu.h"

#define N 4099

int main() {
  static unsigned in[N], out[N];
  unsigned *din = nullptr, *dout = nullptr, bad = 0, checked = 0;
  const unsigned ds[] = {1, 3, 7, 641, 65536, 0x80000001u};
  int r;
  std::printf("rdc: started\n");
  for (unsigned i = 0; i < N; i++)
    in[i] = i * 2654435761u;
  r = (int)GPU(Malloc)((void **)&din, sizeof in);
  if (r == 0)
    r = (int)GPU(Malloc)((void **)&dout, sizeof out);
  if (r == 0)
    r = (int)GPU(Memcpy)(din, in, sizeof in, GPU(MemcpyHostToDevice));
  if (r != 0) {
    // No GPU: the launch still goes through the runtime, which reports
    // the same error.
    r = rdc_run(dout, din, N, 7);
    std::printf("rdc: no usable GPU: " GPU_NAME " error %d\n", r);
    return 0;
  }
  for (unsigned k = 0; k < sizeof ds / sizeof ds[0]; k++) {
    unsigned d = ds[k];
    r = rdc_run(dout, din, N, d);
    if (r == 0)
      r = (int)GPU(Memcpy)(out, dout, sizeof out, GPU(MemcpyDeviceToHost));
    if (r != 0) {
      std::printf("rdc: " GPU_NAME " error %d\n", r);
      return 1;
    }
    for (unsigned i = 0; i < N; i++, checked++)
      bad += out[i] != in[i] / d + in[i] % d;
  }
  std::printf("rdc: %u results checked, %u mismatches\n", checked, bad);
  return bad != 0;
}
