// inlined-launch.test: one launch in a helper that inlining copies into two
// callers, and into one caller twice.
__global__ void k(int *out, int d) { out[threadIdx.x] = threadIdx.x / d; }

static inline void launch(int *out, int d) { k<<<1, 32>>>(out, d); }

void first(int *out) { launch(out, 3); }
void second(int *out) {
  launch(out, 5);
  launch(out, 7);
}
