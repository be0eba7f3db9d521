/* test/omp/host-params.test: two target regions whose clones' descriptors
 * the host pass checks against the parameters their launches pass -- the
 * dynamic environment, a literal (n, e), a mapped array section (out), a
 * map(to:) scalar passed by reference (d, its descriptor size 4), a
 * firstprivate struct (p, 8). */
static long out[64];
struct S {
  int k;
  short s;
};

void byref(long n, int d, int e) {
#pragma omp target teams distribute parallel for map(to : d) map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = i / d + i % e;
}

void byval(long n, struct S p) {
#pragma omp target teams distribute parallel for map(from : out[0:n])
  for (long i = 0; i < n; i++)
    out[i] = i / p.k + i % p.s;
}
