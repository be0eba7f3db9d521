/* A second file of the executable, with a target region of its own. */
#include <stdlib.h>
#include "regions.h"

unsigned other_run(int n, int m) {
  long *a = calloc((size_t)n * m, sizeof *a);
  unsigned sum = 0;
  if (!a)
    return 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      a[i * m + j] = (i * m + j) % 1000003 + i;
  for (long k = 0; k < (long)n * m; k++)
    sum = sum * 31u + (unsigned)a[k];
  free(a);
  return sum;
}
