/* The OpenMP offload shapes of test/omp: every division below is by a
 * value the host passes to the region (launch-invariant). */
#include <stddef.h>

void collapse2(int n, int m, int *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += i * 3 + j;
}

void collapse3(int n, int m, int l, int *a) {
#pragma omp target teams distribute parallel for collapse(3) map(tofrom: a[0:n*m*l])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < l; k++)
        a[(i * m + j) * l + k] += i * 7 + j * 5 + k;
}

void sizet2(size_t n, size_t m, unsigned *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      a[i * m + j] += (unsigned)(i * 3 + j);
}

void flat(int total, int w, int *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:total])
  for (int t = 0; t < total; t++)
    a[t] += (t / w) * 3 + t % w;
}

void loop2(int n, int m, int *a) {
#pragma omp target teams loop collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += i * 3 + j;
}

void hash(int count, unsigned buckets, unsigned *a) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:count])
  for (int t = 0; t < count; t++)
    a[t] = ((unsigned)t * 2654435761u) % buckets;
}
