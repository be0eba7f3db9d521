// cpu_check.cpp -- runs every benchmark kernel on the CPU (mdb_dev.h's
// MDB_CPU mode: one call per block and thread) in its native, cutlass and
// unified variants on small random problems, and compares the hand-written
// variants with native bit for bit.  It checks what the GPU run cannot
// afford to get wrong: the kernel bodies, the divider structs and their
// host constructors (bench/gpu/mdb_hand.c), the parameter order.  The
// plugin variant is not run here (the pass's clones are checked on the CPU
// by test/diff).  The cutlass variant may be inexact only where its domain
// ends (dividends >= 2^31: the hash probe); check_cutlass_domain shows a
// dividend where it is.
//
//   cpu_check            prints one line per check, exits 1 on a mismatch
#define MDB_CPU 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gpu/mdb_hand.c" /* the host constructors, compiled as C++ here */
#include "concat.cu"
#include "hashprobe.cu"
#include "opbench.cu"
#include "permute.cu"
#include "stencil.cu"
#include "transpose.cu"
#include "upsample.cu"
#include "util.cu"
#include "vol2col.cu"

thread_local mdb_cpu_dims_t mdb_cpu_dims;

template <class F> static void launch(unsigned grid, unsigned block, F f) {
  for (unsigned b = 0; b < grid; b++)
    for (unsigned t = 0; t < block; t++) {
      mdb_cpu_dims = {t, b, block, grid};
      f();
    }
}

static unsigned blocks(unsigned long long n) {
  return (unsigned)((n + 255) / 256);
}

static mdb_u64 rng_state = 0x243F6A8885A308D3ull;
static mdb_u64 rnd() { return mdb_splitmix(rng_state++); }

static float *frand(size_t n) {
  float *p = (float *)malloc(n * sizeof *p);
  for (size_t i = 0; i < n; i++)
    p[i] = (float)(int)(rnd() >> 40) * (1.0f / 8388608.0f) - 1.0f;
  return p;
}

static void *poisoned(size_t bytes) {
  void *p = malloc(bytes);
  memset(p, 0xA5, bytes);
  return p;
}

static int failures;

static void report(const char *what, const char *variant, const void *ref,
                   const void *got, size_t bytes, int expect_ok) {
  size_t bad = 0, first = 0;
  const unsigned *a = (const unsigned *)ref, *g = (const unsigned *)got;
  for (size_t i = 0; i < bytes / 4; i++)
    if (a[i] != g[i] && !bad++)
      first = i;
  int ok = bad == 0;
  printf("%-44s %-8s %s", what, variant,
         ok          ? "exact"
         : expect_ok ? "MISMATCH"
                     : "inexact (outside its domain)");
  if (bad)
    printf(" (%zu of %zu words, first %zu)", bad, bytes / 4, first);
  printf("\n");
  if (!ok && expect_ok)
    failures++;
}

/* Run native, cutlass and unified (each a callable taking the output
 * buffer), outputs poisoned first, and compare both hand variants with
 * native.  cut_exact = 0: the cutlass variant may be inexact. */
template <class N, class C, class U>
static void three(const char *what, size_t bytes, int cut_exact, N nat, C cut,
                  U uni) {
  void *ref = poisoned(bytes), *got = poisoned(bytes);
  nat(ref);
  cut(got);
  report(what, "cutlass", ref, got, bytes, cut_exact);
  memset(got, 0xA5, bytes);
  uni(got);
  report(what, "unified", ref, got, bytes, 1);
  free(ref);
  free(got);
}

static mdb_cut32 cut32(mdb_u64 d) {
  mdb_cut32 c;
  if (mdb_cut32_make((uint32_t)d, &c)) {
    printf("no cut32 for %llu\n", (unsigned long long)d);
    exit(1);
  }
  return c;
}
static mdb_uni32 uni32(mdb_u64 d) {
  mdb_uni32 u;
  if (mdb_uni32_make((uint32_t)d, &u)) {
    printf("no uni32 for %llu\n", (unsigned long long)d);
    exit(1);
  }
  return u;
}
static mdb_cut64 cut64(mdb_u64 d) {
  mdb_cut64 c;
  if (mdb_cut64_make(d, &c))
    exit(1);
  return c;
}
static mdb_uni64 uni64(mdb_u64 d) {
  mdb_uni64 u;
  if (mdb_uni64_make(d, &u))
    exit(1);
  return u;
}

static void check_permute(int B, int N, int NH, int d) {
  char what[64];
  size_t E = (size_t)B * N * NH * d;
  float *inp = frand(3 * E);
  mdb_u64 d0 = (mdb_u64)NH * N * d, d1 = (mdb_u64)N * d;
  snprintf(what, sizeof what, "permute B=%d N=%d NH=%d d=%d", B, N, NH, d);
  three(
      what, 3 * E * 4, 1,
      [&](void *o) {
        float *q = (float *)o;
        launch(blocks(E), 256,
               [&] { permute_native(q, q + E, q + 2 * E, inp, B, N, NH, d); });
      },
      [&](void *o) {
        float *q = (float *)o;
        launch(blocks(E), 256, [&] {
          permute_cutlass(q, q + E, q + 2 * E, inp, B, N, NH, d, cut32(d0),
                          cut32(d1), cut32(d));
        });
      },
      [&](void *o) {
        float *q = (float *)o;
        launch(blocks(E), 256, [&] {
          permute_unified(q, q + E, q + 2 * E, inp, B, N, NH, d, uni32(d0),
                          uni32(d1), uni32(d));
        });
      });
  snprintf(what, sizeof what, "unpermute B=%d N=%d NH=%d d=%d", B, N, NH, d);
  three(
      what, E * 4, 1,
      [&](void *o) {
        launch(blocks(E), 256,
               [&] { unpermute_native(inp, (float *)o, B, N, NH, d); });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          unpermute_cutlass(inp, (float *)o, B, N, NH, d, cut32(d0), cut32(d1),
                            cut32(d));
        });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          unpermute_unified(inp, (float *)o, B, N, NH, d, uni32(d0), uni32(d1),
                            uni32(d));
        });
      });
  free(inp);
}

/* permute / unpermute at the GPU benchmark's shape: K_const_786432 (the
 * divisors as template parameters) against native. */
static void check_permute_const(void) {
  const int B = 1, N = 1024, NH = 12, d = 64;
  size_t E = (size_t)B * N * NH * d;
  float *inp = frand(3 * E);
  void *ref = poisoned(3 * E * 4), *got = poisoned(3 * E * 4);
  float *r = (float *)ref, *g = (float *)got;
  launch(blocks(E), 256,
         [&] { permute_native(r, r + E, r + 2 * E, inp, B, N, NH, d); });
  launch(blocks(E), 256,
         [&] { permute_const_786432(g, g + E, g + 2 * E, inp, B, N, NH, d); });
  report("permute B=1 N=1024 NH=12 d=64", "const", ref, got, 3 * E * 4, 1);
  launch(blocks(E), 256, [&] { unpermute_native(inp, r, B, N, NH, d); });
  launch(blocks(E), 256, [&] { unpermute_const_786432(inp, g, B, N, NH, d); });
  report("unpermute B=1 N=1024 NH=12 d=64", "const", ref, got, E * 4, 1);
  free(inp);
  free(ref);
  free(got);
}

static void check_transpose(int n, int c, int h, int w) {
  char what[64];
  size_t E = (size_t)n * c * h * w;
  Shape4 s = {n, c, h, w};
  float *in = frand(E);
  mdb_u64 wh = (mdb_u64)w * h, whc = wh * c;
  snprintf(what, sizeof what, "transpose4d %dx%dx%dx%d", n, c, h, w);
  three(
      what, E * 4, 1,
      [&](void *o) {
        launch(blocks(E), 256, [&] { transpose_native(in, (float *)o, s); });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          transpose_cutlass(in, (float *)o, s, cut32(w), cut32(h), cut32(c),
                            cut32(wh), cut32(whc));
        });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          transpose_unified(in, (float *)o, s, uni32(w), uni32(h), uni32(c),
                            uni32(wh), uni32(whc));
        });
      });
  free(in);
}

static void check_stencil(int Lx, int Ly) {
  char what[64];
  size_t E = (size_t)Lx * Ly;
  float *in = frand(E);
  snprintf(what, sizeof what, "stencil %dx%d", Lx, Ly);
  three(
      what, E * 4, 1,
      [&](void *o) {
        launch(blocks(E), 256, [&] { stencil_native(in, (float *)o, Lx, Ly); });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          stencil_cutlass(in, (float *)o, Lx, Ly, cut32(Lx), cut32(Ly));
        });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          stencil_unified(in, (float *)o, Lx, Ly, uni32(Lx), uni32(Ly));
        });
      });
  free(in);
}

static void check_vol2col(int ch, int dep, int hw, int k) {
  char what[64];
  int pad = k / 2;
  Vol v = {ch, dep, hw, hw, dep, hw, hw, k, k, k, pad, pad, pad, 1, 1, 1};
  long long n = (long long)ch * dep * hw * hw;
  size_t col = (size_t)n * k * k * k;
  float *in = frand((size_t)n);
  snprintf(what, sizeof what, "vol2col c=%d d=%d hw=%d k=%d", ch, dep, hw, k);
  three(
      what, col * 4, 1,
      [&](void *o) {
        launch(7, 256, [&] { vol2col_native(n, in, v, (float *)o); });
      },
      [&](void *o) {
        launch(7, 256, [&] {
          vol2col_cutlass(n, in, v, (float *)o, cut32(hw), cut32(hw),
                          cut32(dep));
        });
      },
      [&](void *o) {
        launch(7, 256, [&] {
          vol2col_unified(n, in, v, (float *)o, uni64(hw), uni64(hw),
                          uni64(dep));
        });
      });
  free(in);
}

static void check_upsample(mdb_u64 nc, mdb_u64 ih, mdb_u64 oh) {
  char what[64];
  mdb_u64 E = nc * oh * oh;
  float *in = frand(nc * ih * ih);
  snprintf(what, sizeof what, "upsample nc=%llu %llu->%llu",
           (unsigned long long)nc, (unsigned long long)ih,
           (unsigned long long)oh);
  three(
      what, E * 4, 1,
      [&](void *o) {
        launch(blocks(E), 256,
               [&] { upsample_native(in, (float *)o, nc, ih, ih, oh, oh); });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          upsample_cutlass(in, (float *)o, nc, ih, ih, oh, oh, cut64(oh),
                           cut64(oh), cut64(oh * oh));
        });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          upsample_unified(in, (float *)o, nc, ih, ih, oh, oh, uni64(oh),
                           uni64(oh), uni64(oh * oh));
        });
      });
  free(in);
}

static void check_concat(int outer, int s1, int s2, int inner) {
  char what[64];
  size_t E = (size_t)outer * (s1 + s2) * inner;
  float *a = frand((size_t)outer * s1 * inner),
        *b = frand((size_t)outer * s2 * inner);
  mdb_u64 sum = (mdb_u64)(s1 + s2);
  snprintf(what, sizeof what, "concat %d x (%d+%d) x %d", outer, s1, s2, inner);
  three(
      what, E * 4, 1,
      [&](void *o) {
        launch(blocks(E), 256,
               [&] { concat_native(a, b, (float *)o, outer, s1, s2, inner); });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          concat_cutlass(a, b, (float *)o, outer, s1, s2, inner, cut32(inner),
                         cut32(sum), cut32(inner * sum));
        });
      },
      [&](void *o) {
        launch(blocks(E), 256, [&] {
          concat_unified(a, b, (float *)o, outer, s1, s2, inner, uni32(inner),
                         uni32(sum), uni32(inner * sum));
        });
      });
  free(a);
  free(b);
}

static void check_hash(mdb_u32 cap, mdb_u32 nins) {
  char what[64];
  mdb_u32 nq = 2 * nins;
  mdb_u32 *table = (mdb_u32 *)malloc(cap * 4ull);
  mdb_u32 *keys = (mdb_u32 *)malloc(nq * 4ull);
  memset(table, 0xff, cap * 4ull);
  for (mdb_u32 i = 0; i < nq; i++)
    keys[i] = (mdb_u32)rnd() & 0xfffffffeu;
  launch(blocks(nins), 256, [&] { hashbuild(table, keys, nins, cap); });
  snprintf(what, sizeof what, "hashprobe cap=%u keys=%u", cap, nins);
  three(
      what, nq * 4ull, 0,
      [&](void *o) {
        launch(blocks(nq), 256,
               [&] { hashprobe_native(table, keys, (mdb_u32 *)o, nq, cap); });
      },
      [&](void *o) {
        launch(blocks(nq), 256, [&] {
          hashprobe_cutlass(table, keys, (mdb_u32 *)o, nq, cap, cut32(cap));
        });
      },
      [&](void *o) {
        launch(blocks(nq), 256, [&] {
          hashprobe_unified(table, keys, (mdb_u32 *)o, nq, cap, uni32(cap));
        });
      });
  free(table);
  free(keys);
}

static void check_op(int w64, mdb_u64 d, unsigned threads, unsigned iters) {
  char what[64];
  unsigned g = threads / 256;
  snprintf(what, sizeof what, "opbench u%d d=%llu", w64 ? 64 : 32,
           (unsigned long long)d);
  if (w64) {
    mdb_u64 *x = (mdb_u64 *)malloc(threads * 8ull);
    for (unsigned i = 0; i < threads; i++)
      x[i] = rnd();
    three(
        what, threads * 8ull, 1,
        [&](void *o) {
          launch(g, 256,
                 [&] { opbench_u64_native(x, (mdb_u64 *)o, iters, d); });
        },
        [&](void *o) {
          launch(g, 256, [&] {
            opbench_u64_cutlass(x, (mdb_u64 *)o, iters, d, cut64(d));
          });
        },
        [&](void *o) {
          launch(g, 256, [&] {
            opbench_u64_unified(x, (mdb_u64 *)o, iters, d, uni64(d));
          });
        });
    free(x);
  } else {
    mdb_u32 *x = (mdb_u32 *)malloc(threads * 4ull), d32 = (mdb_u32)d;
    for (unsigned i = 0; i < threads; i++)
      x[i] = (mdb_u32)rnd() & 0x7fffffffu;
    three(
        what, threads * 4ull, 1,
        [&](void *o) {
          launch(g, 256,
                 [&] { opbench_u32_native(x, (mdb_u32 *)o, iters, d32); });
        },
        [&](void *o) {
          launch(g, 256, [&] {
            opbench_u32_cutlass(x, (mdb_u32 *)o, iters, d32, cut32(d));
          });
        },
        [&](void *o) {
          launch(g, 256, [&] {
            opbench_u32_unified(x, (mdb_u32 *)o, iters, d32, uni32(d));
          });
        });
    free(x);
  }
}

/* The seed's workload (u32 data by a size_t): native against the 64-bit
 * hand forms. */
static void check_seed(mdb_u64 d, unsigned threads, unsigned iters) {
  char what[64];
  unsigned g = threads / 256;
  mdb_u32 *x = (mdb_u32 *)malloc(threads * 4ull);
  for (unsigned i = 0; i < threads; i++)
    x[i] = (mdb_u32)rnd() & 0x7fffffffu;
  snprintf(what, sizeof what, "seedbench u32 d=%llu", (unsigned long long)d);
  three(
      what, threads * 4ull, 1,
      [&](void *o) {
        launch(g, 256, [&] { seedbench_u32_native(x, (mdb_u32 *)o, iters, d); });
      },
      [&](void *o) {
        launch(g, 256, [&] {
          seedbench_u32_cutlass(x, (mdb_u32 *)o, iters, d, cut64(d));
        });
      },
      [&](void *o) {
        launch(g, 256, [&] {
          seedbench_u32_unified(x, (mdb_u32 *)o, iters, d, uni64(d));
        });
      });
  free(x);
}

/* One compile-time-constant kernel K_const_D against K_native(d = D). */
template <class T, class DT, class KN, class KC>
static void check_const1(const char *kname, mdb_u64 d, KN nat, KC ct) {
  enum { TH = 512, IT = 200 };
  char what[64];
  T *x = (T *)malloc(TH * sizeof(T));
  for (unsigned i = 0; i < TH; i++)
    x[i] = (T)rnd();
  void *ref = poisoned(TH * sizeof(T)), *got = poisoned(TH * sizeof(T));
  launch(TH / 256, 256, [&] { nat(x, (T *)ref, IT, (DT)d); });
  launch(TH / 256, 256, [&] { ct(x, (T *)got, IT, (DT)d); });
  snprintf(what, sizeof what, "%s d=%llu", kname, (unsigned long long)d);
  report(what, "const", ref, got, TH * sizeof(T), 1);
  free(x);
  free(ref);
  free(got);
}

static void check_const(void) {
#define MDB_CHECK_CT(D)                                                        \
  check_const1<mdb_u32, mdb_u32>("opbench u32", D##ull, opbench_u32_native,    \
                                 opbench_u32_const_##D);                       \
  check_const1<mdb_u64, mdb_u64>("opbench u64", D##ull, opbench_u64_native,    \
                                 opbench_u64_const_##D);                       \
  check_const1<mdb_u32, mdb_u64>("seedbench u32", D##ull,                      \
                                 seedbench_u32_native, seedbench_u32_const_##D);
  MDB_OP_DIVS(MDB_CHECK_CT)
#undef MDB_CHECK_CT
  check_const1<mdb_u64, mdb_u64>("opbench u64", MDB_OP_DIV_BIG,
                                 opbench_u64_native,
                                 opbench_u64_const_10000000000000000000);
}

/* CUTLASS FastDivmod's round-up magic has error e = m*d - 2^p; it is exact
 * for every u32 dividend only when e <= 2^(p-32).  d = 100003 is one where
 * it is not: n = 4294928843 = 42947*d + 100002 gives 42948. */
static void check_cutlass_domain(void) {
  mdb_cut32 c = cut32(100003);
  mdb_u32 n = 4294928843u, q = mdb_cut32_div(&c, n);
  printf("%-44s %-8s %s (q=%u, n/d=%u)\n", "FastDivmod d=100003 n=4294928843",
         "cutlass", q == n / 100003u ? "exact" : "inexact (outside its domain)",
         q, n / 100003u);
  if (q == n / 100003u) {
    printf("  expected an inexact quotient here\n");
    failures++;
  }
}

int main() {
  check_cutlass_domain();
  check_permute(2, 16, 3, 8);
  check_permute(1, 7, 5, 13);
  check_transpose(2, 3, 5, 7);
  check_transpose(1, 96, 7, 7);
  check_stencil(37, 23);
  check_stencil(64, 1);
  check_vol2col(2, 3, 7, 3);
  check_upsample(3, 5, 13);
  check_upsample(2, 64, 160);
  check_concat(3, 5, 11, 7);
  check_hash(100003u, 40000u);
  static const mdb_u64 divs[] = {1,     32,   64,   256,  512,
                                 1024,  2048, 4096, 768,  11008,
                                 14336, 100,  997,  1337, 102039132};
  for (mdb_u64 d : divs) {
    check_op(0, d, 512, 300);
    check_op(1, d, 512, 300);
  }
  check_op(1, 10000000000000000000ull, 512, 300);
  check_op(1, 0xffffffffffffffffull, 512, 300);
  for (mdb_u64 d : divs)
    check_seed(d, 512, 300);
  check_seed(0xffffffffull, 512, 300);
  check_seed(0x100000001ull, 512, 300);
  check_const();
  check_permute_const();
  printf("%d unexpected results\n", failures);
  return failures != 0;
}
