/* fatbin_fuzz.c -- md_fatbin_clones_read (plugin/host/md_host_fatbin.c) on
 * the fatbinaries named on the command line, then on mutated and truncated
 * copies of them: each seed reads with the expected number of kernels with
 * a clone (first argument), and no copy makes the reader fail a sanitizer
 * (the test builds this with ASan + UBSan) or leak. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/md_host_fatbin.h"

#define MD_FUZZ_ROUNDS 25000

static unsigned long md_seed = 1;

static unsigned md_rand(void) {
  md_seed = md_seed * 6364136223846793005ul + 1442695040888963407ul;
  return (unsigned)(md_seed >> 33);
}

static unsigned char *md_read(const char *path, long *n) {
  FILE *fp = fopen(path, "rb");
  unsigned char *b;
  if (!fp || fseek(fp, 0, SEEK_END) || (*n = ftell(fp)) <= 0 ||
      fseek(fp, 0, SEEK_SET) || !(b = malloc((size_t)*n)) ||
      fread(b, 1, (size_t)*n, fp) != (size_t)*n) {
    fprintf(stderr, "fatbin_fuzz: cannot read %s\n", path);
    exit(2);
  }
  fclose(fp);
  return b;
}

/* One mutated or truncated copy of b read; 1 if it was read. */
static int md_round(const unsigned char *b, long n) {
  long len = md_rand() % 4 ? n : (long)(md_rand() % (unsigned)(n + 1)), k;
  unsigned char *m = malloc(len ? (size_t)len : 1);
  md_fatbin_clones c;
  const char *why;
  int ok;
  memcpy(m, b, (size_t)len);
  for (k = 1 + md_rand() % 8; k > 0 && len; k--) {
    long span = md_rand() % 2 && len > 128 ? 128 : len;
    long at = (long)(md_rand() % (unsigned)span);
    m[at] = md_rand() % 3 ? (unsigned char)md_rand()
                          : (unsigned char)(m[at] ^ (1u << md_rand() % 8));
  }
  ok = md_fatbin_clones_read(m, (size_t)len, &c, &why) == 0;
  md_fatbin_clones_free(&c);
  free(m);
  return ok;
}

int main(int argc, char **argv) {
  long read = 0, refused = 0, i;
  int f, bad = 0;
  for (f = 2; f < argc; f++) {
    long n;
    unsigned char *b = md_read(argv[f], &n);
    md_fatbin_clones c;
    const char *why = NULL;
    size_t want = (size_t)atol(argv[1]);
    if (md_fatbin_clones_read(b, (size_t)n, &c, &why) != 0 || c.n != want) {
      printf("fatbin_fuzz: %s: %s\n", argv[f], why ? why : "wrong count");
      bad++;
    }
    md_fatbin_clones_free(&c);
    for (i = 0; i < MD_FUZZ_ROUNDS; i++)
      md_round(b, n) ? read++ : refused++;
    free(b);
  }
  printf("fatbin_fuzz: %d seed(s) wrong, %ld copies read, %ld refused\n", bad,
         read, refused);
  return bad != 0;
}
