/* The measured choice on OpenMP offload (test/omp/choice-cpu.test): a
 * region launched 40 times, its divisor changing at every launch, and a
 * `nowait` region launched 20 times (never timed).  Each launch's results
 * are hashed; the output must be the same with the clones, the
 * originals (MAGICDIV_DISABLE=1) and either choice forced
 * (MAGICDIV_CHOICE=clone / original). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 16)

static uint64_t fnv(const void *p, size_t n, uint64_t h) {
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

static void divs(int n, int w, int *a) {
#pragma omp target teams distribute parallel for map(from: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = (i / w) * 3 + i % w;
}

static void later(int n, int w, int *a) {
#pragma omp target teams distribute parallel for map(from: a[0:n]) nowait
  for (int i = 0; i < n; i++)
    a[i] = (i - n / 2) / w;
#pragma omp taskwait
}

int main(void) {
  int *a = malloc(N * sizeof *a);
  uint64_t h = 1469598103934665603ull, g = h;
  if (!a)
    return 1;
  for (int k = 0; k < 40; k++) {
    divs(N, 1 + (k * 7919) % 1000, a);
    h = fnv(a, N * sizeof *a, h);
  }
  for (int k = 0; k < 20; k++) {
    later(N, 1 + k * 37, a);
    g = fnv(a, N * sizeof *a, g);
  }
  printf("divs %016llx\nlater %016llx\n", (unsigned long long)h,
         (unsigned long long)g);
  free(a);
  return 0;
}
