/* OpenMP offload end-to-end program (test/omp/e2e-cpu.test): the shapes of
 * shapes.c over edge bounds, each result array hashed; run once with
 * MAGICDIV_DISABLE=1 (the originals) and once with the clones, the two
 * outputs must be identical (and a collapse(2) region with nowait, a
 * collapse(2) reduction checked against its closed form, and a kernel with
 * two tiers).  `e2e big`: only the size_t reduction over a trip count above
 * 2^32, against the closed form. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A collapse(2) reduction: sum of 3i + j over the n x m iterations, whose
 * closed form c2sum_want gives; the large trip counts (`big`) are checked
 * against it, as running the original too would take too long here. */
static uint64_t c2sum(int n, int m) {
  uint64_t s = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(+: s) map(tofrom: s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s += (uint64_t)i * 3 + (uint64_t)j;
  return s;
}

/* The same over size_t bounds: its clone runs the collapsed iv in the u32
 * form when the trip count is below 2^32 (checked at launch), else the
 * plain clone (u64) runs. */
static uint64_t c2sumz(size_t n, size_t m) {
  uint64_t s = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(+: s) map(tofrom: s)
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      s += (uint64_t)i * 3 + (uint64_t)j;
  return s;
}

static uint64_t c2sum_want(uint64_t n, uint64_t m) {
  return 3 * m * (n * (n - 1) / 2) + n * (m * (m - 1) / 2);
}

/* A division in the kernel itself (`omp target`, no parallel region): its
 * clone bets that i and w are below 2^32 (checked at launch), so the kernel
 * also gets the plain tier, which runs when a bet fails. */
static long tiered(long n, long w, long k) {
  long s = 0;
#pragma omp target map(tofrom: s)
  for (long i = 0; i < n; i += k)
    s += i / w + i % w;
  return s;
}

/* A trip count of at least 2^32 (the iv passes 2^31 and 2^32 on the way),
 * over size_t bounds: the u32 form's check fails, the plain clone runs.
 * And a product just above 2^31 over int bounds (46341^2 = 2^31 + 4633: the
 * collapsed iv passes INT_MAX, the divisor is sext(m)). */
static int big(void) {
  static const int nm[][2] = {{65537, 65537}};
  uint64_t got = c2sum(46341, 46341), want = c2sum_want(46341, 46341);
  size_t i;
  int bad = got != want;
  printf("c2sum 46341 46341 %s\n", got == want ? "ok" : "WRONG");
  for (i = 0; i < sizeof nm / sizeof nm[0]; i++) {
    uint64_t got = c2sumz((size_t)nm[i][0], (size_t)nm[i][1]);
    uint64_t want = c2sum_want((uint64_t)nm[i][0], (uint64_t)nm[i][1]);
    printf("c2sumz %d %d %s\n", nm[i][0], nm[i][1],
           got == want ? "ok" : "WRONG");
    bad |= got != want;
  }
  return bad;
}

int main(int argc, char **argv) {
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
  static const long tl[][3] = {{1000, 7, 3},
                                {1000, 5000000000L, 3},
                                {1L << 40, 12345, 1L << 30},
                                {1L << 33, 1L << 32, 1L << 20},
                                {1000, -7, 3},
                                {100, 1, 1}};
  size_t i;
  void *buf;
  if (argc > 1 && strcmp(argv[1], "big") == 0)
    return big();
  buf = malloc((size_t)200000 * 2 * sizeof(int));
  if (!buf)
    return 1;
  for (i = 0; i < sizeof nm / sizeof nm[0]; i++)
    printf("c2sum %d %d %s\n", nm[i][0], nm[i][1],
           c2sum(nm[i][0], nm[i][1]) ==
                   c2sum_want((uint64_t)nm[i][0], (uint64_t)nm[i][1])
               ? "ok"
               : "WRONG");
  for (i = 0; i < sizeof nm / sizeof nm[0]; i++)
    printf("c2sumz %d %d %s\n", nm[i][0], nm[i][1],
           c2sumz((size_t)nm[i][0], (size_t)nm[i][1]) ==
                   c2sum_want((uint64_t)nm[i][0], (uint64_t)nm[i][1])
               ? "ok"
               : "WRONG");
  for (i = 0; i < sizeof tl / sizeof tl[0]; i++)
    printf("tiered %ld %ld %ld %ld\n", tl[i][0], tl[i][1], tl[i][2],
           tiered(tl[i][0], tl[i][1], tl[i][2]));
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
