/* The executable's main file: a target region of its own, then the other
 * file's and the shared library's; prints a checksum of each. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "regions.h"

static unsigned main_run(int n, int m) {
  int *a = calloc((size_t)n * m, sizeof *a);
  unsigned sum = 0;
  if (!a)
    return 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i * 3 + j;
  for (long k = 0; k < (long)n * m; k++)
    sum = sum * 31u + (unsigned)a[k];
  free(a);
  return sum;
}

int main(void) {
  printf("app: %d offload device(s)\n", omp_get_num_devices());
  printf("main: sum %u\n", main_run(1234, 567));
  printf("other: sum %u\n", other_run(321, 999));
  printf("tiles: sum %u\n", tiles_run(777, 333));
  return 0;
}
