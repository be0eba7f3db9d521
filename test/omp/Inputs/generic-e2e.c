/* OpenMP offload end-to-end program for generic-mode regions
 * (test/omp/generic-e2e-cpu.test): the regions of generic.c, whose
 * captured divisor reaches the microtask by reference (a stack slot of the
 * caller in CPU device code), over edge divisors; each result array is
 * hashed.  Run once with MAGICDIV_DISABLE=1 (the originals) and once with
 * the clones: the outputs must be identical. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t fnv(const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  size_t i;
  for (i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

static void nested(int *a, int n, int w) {
#pragma omp target teams distribute map(tofrom: a[0:n*w])
  for (int i = 0; i < n; i++) {
    int base = i * w;
#pragma omp parallel for
    for (int j = 0; j < w; j++)
      a[base + j] = (base + j) / w;
  }
}

/* j from lo up to lo + n - 1 (lo may be near INT_MAX) */
static void firstpriv(int *a, int lo, int n, int w) {
#pragma omp target map(tofrom: a[0:2*n]) firstprivate(w)
  {
#pragma omp parallel for
    for (int k = 0; k < n; k++) {
      int j = lo + k;
      a[2 * k] = j / w;
      a[2 * k + 1] = j % w;
    }
  }
}

int main(void) {
  static const int ws[] = {1,      2,       3,         7,       10,
                           641,    65535,   65536,     1 << 30, INT_MAX,
                           -1,     -3,      -65536,    INT_MIN + 1};
  static const int ns[] = {1, 2, 5, 33};
  static const int los[] = {0, -1000, INT_MAX - 300, INT_MIN + 1};
  size_t wi, ni, li;
  int *a = malloc(2 * 1000 * sizeof *a);
  if (!a)
    return 1;
  for (wi = 0; wi < sizeof ws / sizeof ws[0]; wi++) {
    int w = ws[wi];
    for (ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
      int n = ns[ni];
      if (w > 0 && w <= 1000 / n) {
        nested(a, n, w);
        printf("nested %d %d %016llx\n", n, w,
               (unsigned long long)fnv(a, (size_t)(n * w) * sizeof *a));
      }
    }
    for (li = 0; li < sizeof los / sizeof los[0]; li++) {
      firstpriv(a, los[li], 300, w);
      printf("firstpriv %d %d %016llx\n", los[li], w,
             (unsigned long long)fnv(a, 600 * sizeof *a));
    }
  }
  firstpriv(a, 1000, 1, 7);
  printf("firstpriv-one %d %d\n", a[0], a[1]);
  free(a);
  return 0;
}
