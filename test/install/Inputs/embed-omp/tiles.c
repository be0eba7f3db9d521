/* The shared library's target region. */
#include <stdlib.h>
#include "regions.h"

unsigned tiles_run(int n, int m) {
  int *a = calloc((size_t)n * m, sizeof *a);
  unsigned sum = 0;
  if (!a)
    return 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i * 7 - j;
  for (long k = 0; k < (long)n * m; k++)
    sum = sum * 31u + (unsigned)a[k];
  free(a);
  return sum;
}
