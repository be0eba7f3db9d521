/*
 * real.cpp -- the divisions real OpenMP offload programs write,
 * for test/omp/real-*.test: a lambda captured by value with 64-bit fields,
 * a struct passed by value (every field width), scalars given map(to:), a
 * map(to:) of a variable already present on the device with another value
 * (the original must run), map(always, to:), a parallel region with 28
 * captured values, and a generic-mode region (code between `teams
 * distribute` and `parallel for`).  main() runs each over edge values and
 * prints checksums, which must not depend on the clones.
 */
#include <stdint.h>
#include <stdio.h>

struct Shape {
  int64_t n, c, h, w;
  int32_t k;
  int16_t s;
  int8_t b;
  uint8_t u;
};

#define N 3000
static long out[N];

static unsigned long sum(long n) {
  unsigned long s = 0;
  for (long i = 0; i < n; i++)
    s = s * 31 + (unsigned long)out[i];
  return s;
}

/* "ok" if out[i] == i / d (rem: i % d) for every i < n, computed here */
static const char *check(long n, int d, int rem) {
  for (long i = 0; i < n; i++)
    if (out[i] != (rem ? i % d : i / d))
      return "WRONG";
  return "ok";
}

template <typename F> static void launch(long total, F f) {
#pragma omp target teams distribute parallel for
  for (long i = 0; i < total; i++)
    f(i);
}

/* a lambda captured by value: 64-bit fields and narrower ones, and the
 * output pointer (a lambda mapping: its device copy holds the device
 * address) */
inline void lambda64(long total, int64_t size, int64_t step, int64_t stride,
                     int32_t k, int16_t s, int8_t b) {
  long *o = out;
  auto f = [=](long i) {
    o[i] = (i / step) % size + (i % stride) / k + i / s + i % b;
  };
  launch(total, f);
}

/* a struct passed by value (mapped implicitly, to and from) */
static void byvalue(long n, Shape p) {
#pragma omp target teams distribute parallel for map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = (i / p.w) % p.h + (i % p.c) / p.k + i / p.s + i % p.b +
             i / p.u + i / p.n;
}

/* scalars given map(to:), passed by reference */
static void mapto(long n, int d1, long d2, short d3) {
#pragma omp target teams distribute parallel for map(to : d1, d2, d3)      \
    map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = (i / d1) * 1000 + i % d2 + i / d3;
}

/* d is present on the device with the value d0 when the region maps it:
 * the region divides by d0, not by the host's dnew */
static void present(long n, int d0, int dnew) {
  int d = d0;
#pragma omp target enter data map(to : d)
  d = dnew;
#pragma omp target teams distribute parallel for map(to : d)               \
    map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = i / d;
  printf("present %d %d %s\n", d0, dnew, check(n, d0, 0));
#pragma omp target teams distribute parallel for map(always, to : d)       \
    map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = i % d;
  printf("always %d %d %s\n", d0, dnew, check(n, dnew, 1));
#pragma omp target exit data map(delete : d)
}

/* a region with 28 captured values (24 divisors, lb, ub, n, out) */
static void caps28(long n, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9, int a10, int a11, int a12, int a13, int a14, int a15, int a16, int a17, int a18, int a19, int a20, int a21, int a22, int a23) {
#pragma omp target teams distribute parallel for map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = i / a0 + i % a1 + i / a2 + i % a3 + i / a4 + i % a5 + i / a6 + i % a7 + i / a8 + i % a9 + i / a10 + i % a11 + i / a12 + i % a13 + i / a14 + i % a15 + i / a16 + i % a17 + i / a18 + i % a19 + i / a20 + i % a21 + i / a22 + i % a23;
}

/* generic mode: code between teams distribute and parallel for */
static void generic(int rows, int m, int d, Shape p) {
#pragma omp target teams distribute map(to : d) map(from : out[0:rows * m])
  for (int r = 0; r < rows; r++) {
    int w = m + 1;
#pragma omp parallel for
    for (int j = 0; j < m; j++)
      out[r * m + j] = j / d + j % p.k + j / w + (j + r) / p.w;
  }
}

int main(void) {
  static const int64_t v64[] = {1, 3, 7, 64, 1000, 4294967296ll, -5};
  static const int v32[] = {1, 2, 7, 13, 255, (1 << 20) | 3, -3};
#pragma omp target enter data map(alloc : out[0:N])
  for (int k = 0; k < 7; k++) {
    lambda64(N, v64[k], v64[(k + 1) % 7], v64[(k + 2) % 7], v32[k],
             (int16_t)v32[(k + 3) % 7], (int8_t)(k + 1) * (k == 6 ? -1 : 1));
#pragma omp target update from(out[0:N])
    printf("lambda64 %d %lu\n", k, sum(N));
  }
#pragma omp target exit data map(delete : out[0:N])
  for (int k = 0; k < 7; k++) {
    Shape p = {v64[k], v64[(k + 1) % 7], v64[(k + 2) % 7], v64[(k + 3) % 7],
               v32[k], (int16_t)(v32[(k + 4) % 7] | 1), (int8_t)(k + 1),
               (uint8_t)(200 + k)};
    byvalue(N, p);
    printf("byvalue %d %lu\n", k, sum(N));
  }
  for (int k = 0; k < 7; k++) {
    mapto(N, v32[k], v64[(k + 1) % 7], (short)(v32[(k + 2) % 7] | 1));
    printf("mapto %d %lu\n", k, sum(N));
  }
  present(N, 7, 3);
  present(N, 5, -2);
  for (int k = 0; k < 7; k++) {
    caps28(N, (v32[(k + 0) % 7] | 1) + 0, (v32[(k + 1) % 7] | 1) + 2, (v32[(k + 2) % 7] | 1) + 4, (v32[(k + 3) % 7] | 1) + 6, (v32[(k + 4) % 7] | 1) + 8, (v32[(k + 5) % 7] | 1) + 10, (v32[(k + 6) % 7] | 1) + 12, (v32[(k + 7) % 7] | 1) + 14, (v32[(k + 8) % 7] | 1) + 16, (v32[(k + 9) % 7] | 1) + 18, (v32[(k + 10) % 7] | 1) + 20, (v32[(k + 11) % 7] | 1) + 22, (v32[(k + 12) % 7] | 1) + 24, (v32[(k + 13) % 7] | 1) + 26, (v32[(k + 14) % 7] | 1) + 28, (v32[(k + 15) % 7] | 1) + 30, (v32[(k + 16) % 7] | 1) + 32, (v32[(k + 17) % 7] | 1) + 34, (v32[(k + 18) % 7] | 1) + 36, (v32[(k + 19) % 7] | 1) + 38, (v32[(k + 20) % 7] | 1) + 40, (v32[(k + 21) % 7] | 1) + 42, (v32[(k + 22) % 7] | 1) + 44, (v32[(k + 23) % 7] | 1) + 46);
    printf("caps28 %d %lu\n", k, sum(N));
  }
  for (int k = 0; k < 7; k++) {
    Shape p = {1, 1, 1, v64[k], v32[(k + 1) % 7], 1, 1, 1};
    generic(30, 100, v32[k], p);
    printf("generic %d %lu\n", k, sum(3000));
  }
  return 0;
}
