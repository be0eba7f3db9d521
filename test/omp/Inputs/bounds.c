/* test/omp/launch-bounds.test: a collapse(2) loop over int bounds, whose
 * collapsed 64-bit iv the u32 form may take when n*m <= 2^32. */
void collapse2(int n, int m, int *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += i * 3 + j;
}
