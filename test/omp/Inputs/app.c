/* The README's OpenMP example (test/omp/readme-omp.test): a collapse(2)
 * region over runtime bounds. */
#include <stdio.h>
#include <stdlib.h>

static void tile(int n, int m, int *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i * 3 + j;
}

int main(void) {
  int n = 1234, m = 567, k;
  int *a = calloc((size_t)n * m, sizeof *a);
  unsigned sum = 0;
  if (!a)
    return 1;
  tile(n, m, a);
  for (k = 0; k < n * m; k++)
    sum = sum * 31u + (unsigned)a[k];
  printf("app: sum %u\n", sum);
  free(a);
  return 0;
}
