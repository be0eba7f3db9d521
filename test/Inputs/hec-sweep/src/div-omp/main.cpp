// A permute in an OpenMP target region: three divisions by scalars the
// region maps (the plugin clones its kernel).
void perm(const float *in, float *out, int n, int c, int h) {
#pragma omp target teams distribute parallel for map(to : in[0 : n]) map(from : out[0 : n])
  for (int i = 0; i < n; i++) {
    int x = i % h, y = (i / h) % c, z = i / (h * c);
    out[(x * c + y) * SCALE + z] = in[i];
  }
}
int main() { return 0; }
