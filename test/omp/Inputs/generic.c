/* OpenMP regions that clang compiles in generic mode (test/omp/generic-*):
 * a parallel loop nested in a `teams distribute` loop with a statement
 * between them, and a `target` region whose parallel loop divides by a
 * firstprivate scalar.  Their captured scalars reach the microtask by
 * reference: through a team-shared variable that OpenMPOpt made of the
 * globalized one (GPU, the kernel turned into an SPMD one) or a stack slot
 * of the caller (CPU device code). */
void nested(int *a, int n, int w) {
#pragma omp target teams distribute map(tofrom: a[0:n*w])
  for (int i = 0; i < n; i++) {
    int base = i * w;
#pragma omp parallel for
    for (int j = 0; j < w; j++)
      a[base + j] = (base + j) / w;
  }
}

void firstpriv(int *a, int n, int w) {
#pragma omp target map(tofrom: a[0:2*n]) firstprivate(w)
  {
    a[0] = 1;
#pragma omp parallel for
    for (int j = 0; j < n; j++) {
      a[2 * j] = j / w;
      a[2 * j + 1] = j % w;
    }
  }
}

/* the divisor is computed per team iteration: not launch-invariant */
void varying(int *a, int n, int w) {
#pragma omp target teams distribute map(tofrom: a[0:n*w])
  for (int i = 0; i < n; i++) {
    int d = i + w;
#pragma omp parallel for
    for (int j = 0; j < w; j++)
      a[i * w + j] = j / d;
  }
}

/* a call of an unknown function in the sequential part keeps the kernel in
 * generic mode (OpenMPOpt cannot make it SPMD): its workers run the
 * wrapper, so the region is left alone */
#pragma omp declare target
int opaque(int);
#pragma omp end declare target

void generic_mode(int *a, int n, int w) {
#pragma omp target teams distribute map(tofrom: a[0:n*w])
  for (int i = 0; i < n; i++) {
    int base = opaque(i) * w;
#pragma omp parallel for
    for (int j = 0; j < w; j++)
      a[base + j] = (base + j) / w;
  }
}
