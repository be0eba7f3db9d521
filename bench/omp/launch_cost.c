/* Host cost of one OpenMP target-region launch (bench/omp/launch_cost.sh):
 * a collapse(2) region over 1 x 1 launched N times on the host-offload
 * device; the time per launch is printed (best of R rounds). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void region(int n, int m, int *a) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:n*m]) num_teams(1) thread_limit(1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += i * 3 + j;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000, r, k, a[1] = {0};
  double best = 1e9;
  region(1, 1, a); /* first launch: image load, lookup */
  for (r = 0; r < 5; r++) {
    double t0 = now();
    for (k = 0; k < n; k++)
      region(1, 1, a);
    t0 = (now() - t0) / n;
    if (t0 < best)
      best = t0;
  }
  printf("%.0f ns per launch (a=%d)\n", best * 1e9, a[0]);
  return 0;
}
