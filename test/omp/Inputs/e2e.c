/* OpenMP offload end-to-end program (test/omp/e2e-cpu.test): the shapes of
 * shapes.c over edge bounds, each result array hashed; run once with
 * MAGICDIV_DISABLE=1 (the originals) and once with the clones, the two
 * outputs must be identical (and a collapse(2) region with nowait). */
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

static void collapse2(int n, int m, int *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i * 3 + j;
}

static void collapse3(int n, int m, int l, int *a) {
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: a[0:n*m*l])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < l; k++)
        a[(i * m + j) * l + k] = i * 7 + j * 5 + k;
}

static void sizet2(size_t n, size_t m, unsigned *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      a[i * m + j] = (unsigned)(i * 3 + j);
}

/* t from lo up to lo + count - 1 (lo may be near INT_MAX) */
static void flat(int lo, int count, int w, int *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:2*count])
  for (int k = 0; k < count; k++) {
    int t = lo + k;
    a[2 * k] = t / w;
    a[2 * k + 1] = t % w;
  }
}

static void loop2(int n, int m, int *a) {
#pragma omp target teams loop collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i * 3 + j;
}

static void hash(int count, unsigned buckets, unsigned *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:count])
  for (int t = 0; t < count; t++)
    a[t] = ((unsigned)t * 2654435761u) % buckets;
}

/* collapse(2) with nowait: launched from a task */
static void nowait2(int n, int m, int *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m]) nowait
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = (i * m + j) / 7 + i * 3 + j;
#pragma omp taskwait
}

int main(void) {
  static const int nm[][2] = {{1, 1}, {1, 7}, {7, 1}, {1, 1000}, {1000, 1},
                              {13, 17}, {31, 37}, {97, 89}, {2, 65537},
                              {65537, 2}, {46340, 3}, {3, 46341}};
  static const int nml[][3] = {{1, 1, 1}, {1, 1, 9}, {9, 1, 1}, {1, 9, 1},
                               {3, 5, 7}, {11, 13, 17}, {2, 1, 65537},
                               {1, 65521, 3}};
  static const int fl[][3] = {{0, 100, 1}, {0, 100, 7}, {-50, 100, 3},
                              {INT_MAX - 999, 1000, 2147483647},
                              {INT_MAX - 999, 1000, 65536},
                              {INT_MIN, 1000, 3}, {INT_MIN, 1000, 2147483646},
                              {0, 1000, 1000}, {12345, 1000, 46337}};
  static const unsigned hb[] = {1, 2, 3, 7, 1000, 65537, 2147483647u,
                                2147483648u, 4294967291u, 4294967295u};
  size_t i;
  void *buf = malloc((size_t)200000 * 2 * sizeof(int));
  if (!buf)
    return 1;
  for (i = 0; i < sizeof nm / sizeof nm[0]; i++) {
    int n = nm[i][0], m = nm[i][1];
    size_t sz = (size_t)n * m;
    collapse2(n, m, buf);
    printf("collapse2 %d %d %016llx\n", n, m,
           (unsigned long long)fnv(buf, sz * sizeof(int)));
    sizet2((size_t)n, (size_t)m, buf);
    printf("sizet2 %d %d %016llx\n", n, m,
           (unsigned long long)fnv(buf, sz * sizeof(unsigned)));
    loop2(n, m, buf);
    printf("loop2 %d %d %016llx\n", n, m,
           (unsigned long long)fnv(buf, sz * sizeof(int)));
    nowait2(n, m, buf);
    printf("nowait2 %d %d %016llx\n", n, m,
           (unsigned long long)fnv(buf, sz * sizeof(int)));
  }
  for (i = 0; i < sizeof nml / sizeof nml[0]; i++) {
    int n = nml[i][0], m = nml[i][1], l = nml[i][2];
    collapse3(n, m, l, buf);
    printf("collapse3 %d %d %d %016llx\n", n, m, l,
           (unsigned long long)fnv(buf, (size_t)n * m * l * sizeof(int)));
  }
  for (i = 0; i < sizeof fl / sizeof fl[0]; i++) {
    flat(fl[i][0], fl[i][1], fl[i][2], buf);
    printf("flat %d %d %d %016llx\n", fl[i][0], fl[i][1], fl[i][2],
           (unsigned long long)fnv(buf, (size_t)fl[i][1] * 2 * sizeof(int)));
  }
  for (i = 0; i < sizeof hb / sizeof hb[0]; i++) {
    hash(100000, hb[i], buf);
    printf("hash %u %016llx\n", hb[i],
           (unsigned long long)fnv(buf, (size_t)100000 * sizeof(unsigned)));
  }
  free(buf);
  return 0;
}
