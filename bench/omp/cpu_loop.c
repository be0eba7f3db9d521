/*
 * cpu_loop.c -- one collapse(2) region over long bounds, run on the CPU
 * through libomptarget's host plugin (bench/omp/cpu_loop.sh): the
 * collapsed iv's division by m runs in every iteration, natively (idiv, or
 * divl where both fit 32 bits) or in the clone's 64-bit magic form.
 *   cpu_loop N M   prints the sum and the region's wall time
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000, m = argc > 2 ? atol(argv[2]) : 13001;
  unsigned long long s = 0;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
#pragma omp target teams distribute parallel for collapse(2) reduction(+ : s) map(tofrom : s)
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      s += (unsigned long long)(i ^ j);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("%llu %.3f s\n", s,
         (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec));
  return 0;
}
