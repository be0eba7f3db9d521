/*
 * test_launch_memo.c -- the launch memo and the no-clone shortcut are
 * exact, against the FAKE driver of test_launch_fake.h (no GPU in CI).
 *
 * 1. Exactness: a kernel with three divisors (a parameter, a parameter
 *    times gridDim.x with nuw, a 64-bit parameter) and one requirement
 *    (parameter 2 < 100) is launched with argument sets and grids that
 *    alternate, repeat and fall back (divisor 0, requirement false, nuw
 *    overflow = poison); every launch's outcome -- clone or original, and
 *    each magic parameter the clone got -- must be what an uncached
 *    md_desc_fill of the same descriptor, arguments and dimensions gives.
 *    Bytes the descriptor does not read may change without a new
 *    evaluation; the result stays exact.
 * 2. MAGICDIV_DISABLE=1 (after md_launch_reset) runs the original even for
 *    inputs the memo holds; unset again, the clone is back and exact.
 * 3. Nested clone argument arrays (md_clone_args_make twice before the
 *    first md_clone_args_free): both correct, the second a copy.
 * 4. A kernel without a clone is looked up once for all contexts: later
 *    launches in other contexts make no driver lookup.
 * 5. The fast path (md_memo_at: this thread's record found by kernel and
 *    context, without the cache) follows the current context: launches
 *    alternating between two contexts are exact and each context is
 *    looked up once; a context destroyed and made again at the same
 *    address (a new cuCtxGetId) gets a new lookup, never the old
 *    context's clone; argument arrays at new addresses with the same
 *    values are exact too.
 * 6. MAGICDIV_GRAPHS=original: a launch into a capturing stream runs the
 *    original even when the memo holds its inputs.
 * 7. HIP: repeated md_hip_launch through the fast path is exact against
 *    md_desc_fill, falls back where the descriptor does, and a kernel
 *    without a clone runs its original.
 * 8. The direct evaluation (desc/md_desc_plan.c) of descriptors whose
 *    divisors are parameter reads (P: u32, s32, u64 with MD_DF_DIV32, s64,
 *    a u32 field at offset 4; U: u32 only, the plan's u32 loop): the
 *    entry has a plan, and every launch --
 *    edge and random values, zeros, INT_MIN, values beyond 32 bits --
 *    gets exactly md_desc_fill's outcome and magic values.
 * 9. Kernels with 5 and 11 parameters: pointers and values changed one
 *    at a time, a second argument array: exact (the repeated launch's
 *    pointer compare, its vector loop and its tail).
 * 10. Probes: reads that touch or overlap in memory are compared as runs;
 *    single bytes changed inside the runs and in the gaps: exact.
 * 11. MD_API_FRAME_ARGS: a stub launching from its own locals is exact
 *    and its site is remembered; with too few slots the flag is ignored.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "md_launch_internal.h"
#include "md_memo_fast.h"
#include "magicdiv/md_abi.h"
#include "magicdiv/md_cuda.h"
#include "magicdiv/md_hip.h"
#include "test_expect.h"
#include "test_launch_fake.h"


/* ---- a version-2 descriptor written op by op ---- */

static unsigned char desc[256];
static size_t desc_n;

static size_t put(unsigned char *o, size_t p, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; i++)
    o[p + i] = (unsigned char)(v >> (8 * i));
  return p + bytes;
}

static size_t op_arg(unsigned char *o, size_t p, int param, int size) {
  p = put(o, p, MD_OP_ARG, 1);
  p = put(o, p, param, 2);
  p = put(o, p, 0, 4);
  return put(o, p, size, 1);
}

/* params: u64 x (8 bytes), u32 d (4), u32 r (4).
 * divisor 0 (u32): d;  divisor 1 (u32): d * gridDim.x (nuw);
 * divisor 2 (u64): x;  requirement: r <u 100. */
static void make_desc(void) {
  const uint32_t np = 3, nd = 3, nr = 1, nx = 9;
  size_t code = MD_DESC_HEADER_SIZE + 4 * np + MD_DIV_ENTRY_SIZE * nd +
                MD_REQ_ENTRY_SIZE * nr;
  size_t p = code, c0, c1, c2, c3;
  unsigned char *o = desc;
  c0 = p; /* d */
  p = op_arg(o, p, 1, 4);
  p = put(o, p, MD_OP_END, 1);
  c1 = p; /* d * grid.x, nuw */
  p = op_arg(o, p, 1, 4);
  p = put(o, p, MD_OP_LAUNCH, 1);
  p = put(o, p, MD_LAUNCH_GRID_X, 1);
  p = put(o, p, MD_OP_MUL, 1);
  p = put(o, p, 32, 1);
  p = put(o, p, MD_OF_NUW, 1);
  p = put(o, p, MD_OP_END, 1);
  c2 = p; /* x */
  p = op_arg(o, p, 0, 8);
  p = put(o, p, MD_OP_END, 1);
  c3 = p; /* r <u 100 */
  p = op_arg(o, p, 2, 4);
  p = put(o, p, MD_OP_CONST, 1);
  p = put(o, p, 32, 1);
  p = put(o, p, 100, 8);
  p = put(o, p, MD_OP_ICMP, 1);
  p = put(o, p, 32, 1);
  p = put(o, p, MD_PRED_ULT, 1);
  p = put(o, p, MD_OP_END, 1);
  desc_n = p;
  /* header */
  put(o, 0, 'M' | 'D' << 8 | 'D' << 16 | (uint32_t)'S' << 24, 4);
  put(o, 4, 2, 2);
  put(o, 6, MD_DESC_HEADER_SIZE, 2);
  put(o, 8, desc_n, 4);
  put(o, 12, np, 2);
  put(o, 14, nd, 2);
  put(o, 16, nx, 2);
  put(o, 18, nr, 2);
  p = MD_DESC_HEADER_SIZE;
  p = put(o, p, 8, 4);
  p = put(o, p, 4, 4);
  p = put(o, p, 4, 4);
  /* kind, flags, first extra, code offset */
  p = put(o, p, MD_KIND_U32, 1), p = put(o, p, 0, 1), p = put(o, p, 0, 2);
  p = put(o, p, c0, 4);
  p = put(o, p, MD_KIND_U32, 1), p = put(o, p, 0, 1), p = put(o, p, 3, 2);
  p = put(o, p, c1, 4);
  p = put(o, p, MD_KIND_U64, 1), p = put(o, p, 0, 1), p = put(o, p, 6, 2);
  p = put(o, p, c2, 4);
  put(o, p, c3, 4);
}

/* ---- the fake world: one module with K and its clone, one without ---- */

static fake_mod mod;
static fake_fn korig = {"K", NULL, 3, -1, 0, 0, NULL};
static fake_fn kclone = {"K__magicdiv", NULL, 12, -1, 0, 0, NULL};
static fake_fn nclone = {"N", NULL, 3, -1, 0, 0, NULL};
static char stub_k, stub_n;
static const md_cuda_api api = {MD_CUDA_API_VERSION, 0, fake_cudaLaunchKernel,
                                fake_cudaGetFuncBySymbol};

/* The clone's arguments p: the original pointers args[0..3), then the
 * nine magic values of want (32-bit ones read from their low 4 bytes). */
static void expect_clone_args(void *const *p, void *const *args,
                              const md_extra *want, const char *who,
                              unsigned gx) {
  for (int i = 0; i < 3; i++)
    EXPECT(p[i] == args[i]);
  for (int i = 0; i < 9; i++) {
    uint64_t got = i < 6 ? *(const uint32_t *)p[3 + i]
                         : *(const uint64_t *)p[3 + i];
    if (got != want->value[i]) {
      fprintf(stderr, "%s x=%llu d=%u r=%u gx=%u: extra %d is %llu, want "
              "%llu\n", who, (unsigned long long)*(const uint64_t *)args[0],
              *(const uint32_t *)args[1], *(const uint32_t *)args[2], gx, i,
              (unsigned long long)got, (unsigned long long)want->value[i]);
      failures++;
    }
  }
}

/* Launch K with (x, d, r) on grid gx; check the outcome against an
 * uncached md_desc_fill.  want_clone: -1 for "whatever md_desc_fill says"
 * (MAGICDIV_DISABLE sets 0). */
static void launch_check(uint64_t x, uint32_t d, uint32_t r, unsigned gx,
                         int disabled) {
  md_dim3 grid = {gx, 1, 1}, block = {128, 1, 1};
  md_dims dims = {{gx, 1, 1}, {128, 1, 1}};
  void *args[3] = {&x, &d, &r};
  md_extra want;
  int st = md_desc_fill(desc, desc_n, args, &dims, &want);
  fake_last_fn = NULL;
  fake_last_orig = NULL;
  EXPECT(md_cuda_launch(&stub_k, grid, block, args, 0, NULL, "K", &api) == 0);
  if (st == MD_OK && !disabled) {
    EXPECT(fake_last_fn == &kclone && fake_last_orig == NULL);
    if (fake_last_fn != &kclone)
      return;
    expect_clone_args(fake_last_params, args, &want, "cuda", gx);
  } else {
    EXPECT(fake_last_orig == &stub_k && fake_last_fn == NULL);
  }
}

typedef struct set {
  uint64_t x;
  uint32_t d, r;
  unsigned gx;
} set;

static const set sets[] = {
    {1000, 7, 5, 4},           /* clone */
    {1000, 7, 5, 4},           /* same: memo */
    {1000, 0, 5, 4},           /* divisor 0: original */
    {1000, 0, 5, 4},           /* same fallback again */
    {1000, 7, 5, 4},           /* back */
    {1000, 7, 100, 4},         /* requirement false: original */
    {1000, 7, 99, 4},          /* r changed, still true: clone */
    {1000, 7, 99, 5},          /* gridDim.x changed: new divisor 1 */
    {1000, 0x40000000u, 1, 4}, /* d * 4 overflows nuw: poison, original */
    {1000, 0x40000000u, 1, 3}, /* d * 3 fits */
    {1ull << 63, 3, 1, 1},     /* 64-bit divisor 2^63 */
    {0, 3, 1, 1},              /* 64-bit divisor 0: original */
    {~0ull, 0xffffffffu, 1, 1},
    {1000, 7, 5, 4},
};

static void test_exact(void) {
  int rounds, i;
  for (rounds = 0; rounds < 3; rounds++)
    for (i = 0; i < (int)(sizeof sets / sizeof sets[0]); i++)
      launch_check(sets[i].x, sets[i].d, sets[i].r, sets[i].gx, 0);
  /* random sets, each launched twice (fresh, then from the memo) */
  uint64_t s = 0x9E3779B97F4A7C15ull;
  for (i = 0; i < 20000; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    uint32_t d = (uint32_t)(s >> 8) >> (s & 31);
    uint32_t r = (uint32_t)(s >> 40) % 128;
    unsigned gx = 1 + (unsigned)((s >> 20) & 7);
    uint64_t x = s >> (s >> 58);
    launch_check(x, d, r, gx, 0);
    launch_check(x, d, r, gx, 0);
  }
}

static void test_disable(void) {
  setenv("MAGICDIV_DISABLE", "1", 1);
  md_launch_reset();
  launch_check(1000, 7, 5, 4, 1);
  launch_check(1000, 7, 5, 4, 1);
  unsetenv("MAGICDIV_DISABLE");
  md_launch_reset();
  launch_check(1000, 7, 5, 4, 0);
  launch_check(1000, 7, 5, 4, 0);
}

static void test_nested(void) {
  uint64_t x = 77;
  uint32_t d = 9, r = 3;
  void *args[3] = {&x, &d, &r};
  md_dims dims = {{4, 1, 1}, {128, 1, 1}};
  md_extra want;
  md_clone_args a, b;
  const md_entry *e;
  int i;
  launch_check(x, d, r, 4, 0); /* the entry and a memo record */
  e = md_cache_find(&stub_k, (uint64_t)fake_default_ctx * 3 + 1);
  EXPECT(e != NULL);
  if (!e)
    return;
  EXPECT(md_desc_fill(desc, desc_n, args, &dims, &want) == MD_OK);
  EXPECT(md_clone_args_make(e, args, &dims, &a) == MD_OK);
  EXPECT(md_clone_args_make(e, args, &dims, &b) == MD_OK);
  EXPECT(a.args != b.args);
  for (i = 0; i < 3; i++)
    EXPECT(a.args[i] == args[i] && b.args[i] == args[i]);
  for (i = 0; i < 6; i++)
    EXPECT(*(uint32_t *)a.args[3 + i] == want.value[i] &&
           *(uint32_t *)b.args[3 + i] == want.value[i]);
  EXPECT(*(uint64_t *)a.args[9] == want.value[6] &&
         *(uint64_t *)b.args[9] == want.value[6]);
  md_clone_args_free(&b);
  md_clone_args_free(&a);
}

static void test_noclone(void) {
  md_dim3 grid = {1, 1, 1}, block = {1, 1, 1};
  int out = 0, calls, o0;
  void *args[3] = {&out, &out, &out};
  fake_cur_ctx = 0x1000;
  EXPECT(md_cuda_launch(&stub_n, grid, block, args, 0, NULL, "N", &api) == 0);
  calls = fake_get_func_calls;
  o0 = fake_orig_launches;
  for (uintptr_t c = 1; c <= 4; c++) {
    fake_cur_ctx = 0x1000 * c;
    EXPECT(md_cuda_launch(&stub_n, grid, block, args, 0, NULL, "N", &api) ==
           0);
  }
  EXPECT(fake_get_func_calls == calls);     /* no lookup in other contexts */
  EXPECT(fake_orig_launches == o0 + 4);     /* each ran the original */
  EXPECT(fake_last_orig == &stub_n);
  fake_cur_ctx = 0x1000;
}

/* ---- 8: descriptors the plan evaluates ---- */

/* params of P and U: u64 x (8), u32 d (4), s32 sd (4), struct {u32; u32 f}
 * (8).  A divisor: parameter, offset, size, kind, flags. */
/* A divisor: `size` bytes at args[param] + off, or (param < 0) the launch
 * dimension `off` (enum md_launch, u32). */
typedef struct pdiv {
  int param, off, size, kind, flags;
} pdiv;
/* P: d (u32), sd (s32), x (u64, MD_DF_DIV32), x (s64), f (u32) */
static const pdiv p_divs[5] = {{1, 0, 4, MD_KIND_U32, 0},
                               {2, 0, 4, MD_KIND_S32, 0},
                               {0, 0, 8, MD_KIND_U64, MD_DF_DIV32},
                               {0, 0, 8, MD_KIND_S64, 0},
                               {3, 4, 4, MD_KIND_U32, 0}};
/* U: every divisor u32 (the plan's u32 loop): d, f, sd's bits */
static const pdiv u_divs[3] = {{1, 0, 4, MD_KIND_U32, 0},
                               {3, 4, 4, MD_KIND_U32, 0},
                               {2, 0, 4, MD_KIND_U32, 0}};

typedef struct pkern {
  const pdiv *divs;
  int nd;
  uint32_t np;          /* parameters, of sizes[] bytes */
  const uint32_t *sizes;
  unsigned char desc[512];
  size_t n;
  uint32_t nx;
  fake_fn orig, clone;
  char stub;
  char hstub, hclone; /* HIP: the kernel's and the clone's handles */
} pkern;

/* md_desc_fill's outcome for a launch of k with args (grid 1, block 32):
 * its status, the values in *want. */
static int want_of(const pkern *k, void **args, md_extra *want) {
  md_dims dims = {{1, 1, 1}, {32, 1, 1}};
  return md_desc_fill(k->desc, k->n, args, &dims, want);
}
static void expect_params(const pkern *k, void *const *params, void **args,
                          const md_extra *want);

/* The launch of k with args that just ran (fake_last_* cleared before it)
 * had md_desc_fill's outcome st / want: the original where st is a
 * fallback, else the clone with args and then want's values. */
static void expect_outcome(const pkern *k, void **args, int st,
                           const md_extra *want) {
  if (st != MD_OK) {
    EXPECT(fake_last_orig == &k->stub && fake_last_fn == NULL);
    return;
  }
  EXPECT(fake_last_fn == &k->clone);
  if (fake_last_fn == &k->clone)
    expect_params(k, fake_last_params, args, want);
}

/* A clone launch of k with args passed params: args' pointers, then
 * want's values. */
static void expect_params(const pkern *k, void *const *params, void **args,
                          const md_extra *want) {
  uint32_t j = 0;
  for (uint32_t i = 0; i < k->np; i++)
    EXPECT(params[i] == args[i]);
  for (int v = 0; v < k->nd; v++) {
    int wide = md_kind_width(k->divs[v].kind) == 64;
    for (int n = md_kind_params(k->divs[v].kind, k->divs[v].flags); n > 0;
         n--, j++) {
      uint64_t got = wide ? *(const uint64_t *)params[k->np + j]
                          : *(const uint32_t *)params[k->np + j];
      if (got != want->value[j]) {
        fprintf(stderr, "%s: extra %u is %llu, want %llu\n", k->orig.name, j,
                (unsigned long long)got,
                (unsigned long long)want->value[j]);
        failures++;
      }
    }
  }
  EXPECT(j == k->nx);
}

/* Launch k with args through a; exactly md_desc_fill's outcome. */
static void expect_launch(const pkern *k, void **args, const md_cuda_api *a) {
  md_dim3 grid = {1, 1, 1}, block = {32, 1, 1};
  md_extra want;
  int st = want_of(k, args, &want);
  fake_last_fn = NULL;
  fake_last_orig = NULL;
  EXPECT(md_cuda_launch(&k->stub, grid, block, args, 0, NULL, k->orig.name,
                        a) == 0);
  expect_outcome(k, args, st, &want);
}

/* A kernel `nm` with np parameters of sizes[] bytes and the nd divisors
 * divs; its clone's parameter count is set by add_pkern. */
#define PKERN(nm, divs, nd, np, sizes)                                         \
  {(divs), (nd), (np), (sizes), {0}, 0, 0,                                     \
   {nm, NULL, (np), -1, 0, 0, (sizes)},                                        \
   {nm "__magicdiv", NULL, 0, -1, 0, 0, NULL}, 0, 0, 0}

static const uint32_t psizes[4] = {8, 4, 4, 8};
static pkern pk = PKERN("P", p_divs, 5, 4, psizes);
static pkern uk = PKERN("U", u_divs, 3, 4, psizes);

static void make_pdesc(pkern *k) {
  const uint32_t np = k->np;
  size_t code = MD_DESC_HEADER_SIZE + 4 * np + MD_DIV_ENTRY_SIZE * k->nd;
  size_t p = MD_DESC_HEADER_SIZE, c = code, first = 0;
  unsigned char *o = k->desc;
  for (uint32_t i = 0; i < np; i++)
    p = put(o, p, k->sizes[i], 4);
  for (int i = 0; i < k->nd; i++) {
    const pdiv *v = &k->divs[i];
    p = put(o, p, v->kind, 1), p = put(o, p, v->flags, 1);
    p = put(o, p, first, 2), p = put(o, p, c, 4);
    first += md_kind_params(v->kind, v->flags);
    if (v->param < 0) {
      c = put(o, c, MD_OP_LAUNCH, 1);
      c = put(o, c, v->off, 1);
      c = put(o, c, MD_OP_END, 1);
      continue;
    }
    c = put(o, c, MD_OP_ARG, 1);
    c = put(o, c, v->param, 2);
    c = put(o, c, v->off, 4);
    c = put(o, c, v->size, 1);
    if (v->size < 4) { /* a narrower read, widened */
      c = put(o, c, MD_OP_ZEXT, 1);
      c = put(o, c, 8 * v->size, 1);
      c = put(o, c, 32, 1);
    }
    c = put(o, c, MD_OP_END, 1);
  }
  k->n = c;
  k->nx = (uint32_t)first;
  put(o, 0, 'M' | 'D' << 8 | 'D' << 16 | (uint32_t)'S' << 24, 4);
  put(o, 4, 2, 2);
  put(o, 6, MD_DESC_HEADER_SIZE, 2);
  put(o, 8, k->n, 4);
  put(o, 12, np, 2);
  put(o, 14, k->nd, 2);
  put(o, 16, k->nx, 2);
  put(o, 18, 0, 2);
}

static void plan_check(pkern *k, uint64_t x, uint32_t d, int32_t sd,
                       uint32_t f) {
  uint32_t fs[2] = {0xdeadbeefu, f};
  void *args[4] = {&x, &d, &sd, fs};
  expect_launch(k, args, &api);
}

static void test_plan(pkern *k) {
  static const uint64_t xs[] = {1, 2, 3, 7, 0xffffffffull, 0x100000000ull,
                                1ull << 63, ~0ull, 0};
  static const int32_t ss[] = {1, -1, 7, -7, INT32_MIN, INT32_MAX, 0};
  static const uint32_t us[] = {1, 2, 3, 0x80000000u, 0xffffffffu, 641, 0};
  const md_entry *e;
  uint64_t s = 0x2545F4914F6CDD1Dull;
  plan_check(k, 3, 5, -9, 11);
  e = md_cache_find(&k->stub, (uint64_t)fake_default_ctx * 3 + 1);
  EXPECT(e && e->status == MD_OK && e->plan != NULL);
  for (size_t a = 0; a < sizeof xs / sizeof xs[0]; a++)
    for (size_t b = 0; b < sizeof ss / sizeof ss[0]; b++)
      for (size_t c = 0; c < sizeof us / sizeof us[0]; c++) {
        plan_check(k, xs[a], us[c], ss[b], us[(c + b) % 7]);
        plan_check(k, xs[a], us[c], ss[b], us[(c + b) % 7]); /* memo */
      }
  for (int i = 0; i < 20000; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    uint64_t x = s >> (s & 63);
    uint32_t d = (uint32_t)(s >> 11) >> ((s >> 3) & 31);
    int32_t sd = (int32_t)(uint32_t)(s >> 29);
    plan_check(k, x, d, sd, (uint32_t)(s >> 37) | 1u);
  }
}

static void add_pkern(pkern *k, const char *dname) {
  make_pdesc(k);
  EXPECT(md_desc_validate(k->desc, k->n) == MD_OK);
  k->clone.n_params = (int)(k->np + k->nx);
  fake_add_fn(&mod, &k->orig);
  fake_add_fn(&mod, &k->clone);
  fake_add_global(&mod, dname, k->desc, k->n);
  fake_bind(&k->stub, &k->orig, 0);
}

/* ---- 9: many parameters: the repeated launch's pointer compare ----
 *
 * W5 and W11 have 5 and 11 parameters (4 bytes each, but an 8-byte u64 and
 * an 8-byte struct {u32; u32 f}), so that the compare of the argument
 * pointers runs its vector loop with and without a tail.  Launched from
 * one argument array whose pointers and values change one at a time --
 * the pointer of a parameter no divisor reads (the clone must get the new
 * one), the value behind a divisor's pointer, then back -- and from a
 * second array with the same pointers: every launch's clone arguments
 * are the launch's pointers followed by md_desc_fill's magic values. */

static const uint32_t w_sizes[11] = {4, 4, 8, 4, 4, 8, 4, 4, 4, 4, 4};
/* W5: u32 p0, u64 p2, u32 p4; W11: u32 p0, the field f of struct p5,
 * u32 p10, s64 p2 */
static const pdiv w5_divs[3] = {{0, 0, 4, MD_KIND_U32, 0},
                                {2, 0, 8, MD_KIND_U64, 0},
                                {4, 0, 4, MD_KIND_U32, 0}};
static const pdiv w11_divs[4] = {{0, 0, 4, MD_KIND_U32, 0},
                                 {5, 4, 4, MD_KIND_U32, 0},
                                 {10, 0, 4, MD_KIND_U32, 0},
                                 {2, 0, 8, MD_KIND_S64, 0}};
static pkern w5 = PKERN("W5", w5_divs, 3, 5, w_sizes);
static pkern w11 = PKERN("W11", w11_divs, 4, 11, w_sizes);

static void test_wide(pkern *k) {
  uint64_t vals[11][2], spare[11], s = 0x9E3779B97F4A7C15ull;
  void *a[11], *b[11];
  for (uint32_t i = 0; i < k->np; i++) {
    vals[i][0] = 7 + 2 * i, vals[i][1] = 0x100000007ull + i;
    spare[i] = vals[i][0];
    a[i] = b[i] = vals[i];
  }
  expect_launch(k, a, &api);
  expect_launch(k, a, &api); /* the memo */
  for (int round = 0; round < 400; round++) {
    uint32_t p = (uint32_t)(s % k->np);
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    switch (round % 4) {
    case 0: /* a parameter's pointer, same value: the clone's pointer */
      spare[p] = vals[p][0];
      a[p] = a[p] == (void *)vals[p] ? (void *)&spare[p] : (void *)vals[p];
      break;
    case 1: /* a value behind the same pointer */
      vals[p][0] = (s >> 7) % 5 ? (s >> 13) | 1u : 0; /* some zeros */
      spare[p] = vals[p][0];
      break;
    case 2: /* the other array, same pointers */
      memcpy(b, a, k->np * sizeof a[0]);
      expect_launch(k, b, &api);
      break;
    default: /* nothing: a repeat */
      break;
    }
    expect_launch(k, a, &api);
    expect_launch(k, a, &api);
  }
}

/* ---- 10: probes: reads that touch or overlap in memory ----
 *
 * Kernel Q's seven parameters all point into one buffer (at 0, 4, 5, 9,
 * 13, 24, 30), and its divisors read: [0,4) u32, [0,2) u16, [4,5) u8,
 * [5,7) u16 -- one run of 7 bytes, two 4-byte probes; [9,17) and [13,21)
 * u64 -- a run of 12, two 8-byte probes; [24,28) u32 and [28,29) u8 -- a
 * run of 5, two 4-byte probes; [30,32) u16 alone.  Between launches
 * single bytes change, inside the runs and in the gaps [7,9), [21,24),
 * [29,30); every launch must give md_desc_fill's outcome and values: a
 * probe that misses a byte of its run reuses stale magic values. */

/* param i points at buf + q_at[i]; the reads, widened to u32 (ZEXT) or
 * taken as u64 */
static const unsigned q_at[7] = {0, 4, 5, 9, 13, 24, 30};
static const uint32_t q_sizes[7] = {4, 1, 2, 8, 8, 5, 2};
static const pdiv q_divs[9] = {
    {0, 0, 4, MD_KIND_U32, 0}, {0, 0, 2, MD_KIND_U32, 0},
    {1, 0, 1, MD_KIND_U32, 0}, {2, 0, 2, MD_KIND_U32, 0},
    {3, 0, 8, MD_KIND_U64, 0}, {4, 0, 8, MD_KIND_U64, 0},
    {5, 0, 4, MD_KIND_U32, 0}, {6, 0, 2, MD_KIND_U32, 0},
    {5, 4, 1, MD_KIND_U32, 0}};
static pkern qk = PKERN("Q", q_divs, 9, 7, q_sizes);

/* Runs of 16 bytes and more: 16-byte probes, the last one ending at the
 * run's end.  Kernel R (probes of several sizes: the out-of-line compare):
 * [0,8) and [8,16) u64 -- one probe; [20,24) u32, [24,32) and [32,40)
 * u64, [40,44) u32 -- a run of 24, probes at 20 and 28; [50,51) u8 alone;
 * [56,60), [60,64) u32 and [64,66) u16 of one 12-byte parameter -- a run
 * of 10, two 8-byte probes.  Kernel S (every probe 16 bytes: the inline
 * loop): nine adjacent u32 parameters, a run of 36, probes at 0, 16 and
 * 20.  Single bytes of [0,72) change between launches, as for Q. */
static const unsigned r_at[8] = {0, 8, 20, 24, 32, 40, 50, 56};
static const uint32_t r_sizes[8] = {8, 8, 4, 8, 8, 4, 1, 12};
static const pdiv r_divs[10] = {
    {0, 0, 8, MD_KIND_U64, 0}, {1, 0, 8, MD_KIND_U64, 0},
    {2, 0, 4, MD_KIND_U32, 0}, {3, 0, 8, MD_KIND_U64, 0},
    {4, 0, 8, MD_KIND_U64, 0}, {5, 0, 4, MD_KIND_U32, 0},
    {6, 0, 1, MD_KIND_U32, 0}, {7, 0, 4, MD_KIND_U32, 0},
    {7, 4, 4, MD_KIND_U32, 0}, {7, 8, 2, MD_KIND_U32, 0}};
static pkern rk = PKERN("R", r_divs, 10, 8, r_sizes);
static const unsigned s_at[9] = {0, 4, 8, 12, 16, 20, 24, 28, 32};
static const uint32_t s_sizes[9] = {4, 4, 4, 4, 4, 4, 4, 4, 4};
static const pdiv s_divs[9] = {
    {0, 0, 4, MD_KIND_U32, 0}, {1, 0, 4, MD_KIND_U32, 0},
    {2, 0, 4, MD_KIND_U32, 0}, {3, 0, 4, MD_KIND_U32, 0},
    {4, 0, 4, MD_KIND_U32, 0}, {5, 0, 4, MD_KIND_U32, 0},
    {6, 0, 4, MD_KIND_U32, 0}, {7, 0, 4, MD_KIND_U32, 0},
    {8, 0, 4, MD_KIND_U32, 0}};
static pkern sk = PKERN("S", s_divs, 9, 9, s_sizes);

/* Kernels of `count` parameters of `size` bytes, `stride` apart in one
 * buffer, each one divisor: the probe loops with one size of probe, up to
 * four (straight-line) and more (the loop): 7 and 9 adjacent u64 (runs of
 * 56 and 72 bytes: 4 and 5 16-byte probes), 3 and 5 u64 12 bytes apart (3
 * and 5 8-byte probes), 2 and 6 u32 8 bytes apart (2 and 6 4-byte
 * probes). */
#define N_LAYOUTS 6
static const int lay_count[N_LAYOUTS] = {7, 9, 3, 5, 2, 6};
static const int lay_size[N_LAYOUTS] = {8, 8, 8, 8, 4, 4};
static const int lay_stride[N_LAYOUTS] = {8, 8, 12, 12, 8, 8};
static pkern lay_k[N_LAYOUTS];
static pdiv lay_divs[N_LAYOUTS][9];
static uint32_t lay_sizes[N_LAYOUTS][9];
static unsigned lay_at[N_LAYOUTS][9];
static char lay_name[N_LAYOUTS][3][24];

static void make_layouts(void) {
  for (int l = 0; l < N_LAYOUTS; l++) {
    pkern *k = &lay_k[l];
    for (int i = 0; i < lay_count[l]; i++) {
      pdiv v = {i, 0, lay_size[l], lay_size[l] == 8 ? MD_KIND_U64 : MD_KIND_U32,
                0};
      lay_divs[l][i] = v;
      lay_sizes[l][i] = (uint32_t)lay_size[l];
      lay_at[l][i] = (unsigned)(i * lay_stride[l]);
    }
    snprintf(lay_name[l][0], sizeof lay_name[l][0], "L%d", l);
    snprintf(lay_name[l][1], sizeof lay_name[l][1], "L%d__magicdiv", l);
    snprintf(lay_name[l][2], sizeof lay_name[l][2], "L%d__magicdiv_desc", l);
    memset(k, 0, sizeof *k);
    k->divs = lay_divs[l];
    k->nd = lay_count[l];
    k->np = (uint32_t)lay_count[l];
    k->sizes = lay_sizes[l];
    k->orig.name = lay_name[l][0];
    k->orig.n_params = lay_count[l];
    k->orig.div_param = -1;
    k->orig.psizes = lay_sizes[l];
    k->clone.name = lay_name[l][1];
    k->clone.div_param = -1;
    add_pkern(k, lay_name[l][2]);
  }
}

/* HIP launches of a pkern: the program's hipLaunchKernel records what it
 * launched. */
static const void *hk_fn;
static void **hk_args;
static int hk_launch(const void *fn, md_dim3 g, md_dim3 b, void **args,
                     size_t shmem, void *stream) {
  (void)g, (void)b, (void)shmem, (void)stream;
  hk_fn = fn;
  hk_args = args;
  return 0;
}

/* The HIP launch of k with args that just ran (hk_fn cleared before it)
 * had md_desc_fill's outcome st / want. */
static void expect_hip_outcome(const pkern *k, void **args, int st,
                               const md_extra *want) {
  if (st != MD_OK) {
    EXPECT(hk_fn == &k->hstub && hk_args == args);
    return;
  }
  EXPECT(hk_fn == &k->hclone);
  if (hk_fn == &k->hclone)
    expect_params(k, hk_args, args, want);
}

/* Launch k with args through md_hip_launch (its clone handed over as the
 * host pass does); exactly md_desc_fill's outcome. */
static void expect_launch_hip(pkern *k, void **args) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, hk_launch};
  md_hip_clone c = {&k->hclone, k->desc, 0, NULL, NULL, 0};
  md_dim3 grid = {1, 1, 1}, block = {32, 1, 1};
  md_extra want;
  int st = want_of(k, args, &want);
  c.desc_size = k->n;
  hk_fn = NULL;
  EXPECT(md_hip_launch(&k->hstub, grid, block, args, 0, NULL, k->orig.name,
                       &hapi, &c) == 0);
  expect_hip_outcome(k, args, st, &want);
}

/* Launch k, whose parameter i points at buf + at[i], through md_hip_launch
 * (hip) or md_cuda_launch, and check it. */
static void run_check(pkern *k, const unsigned *at, unsigned char *buf,
                      int hip) {
  void *args[9];
  for (uint32_t i = 0; i < k->np; i++)
    args[i] = buf + at[i];
  if (hip)
    expect_launch_hip(k, args);
  else
    expect_launch(k, args, &api);
}

/* Kernel k's parameters point into one buffer (parameter i at at[i]);
 * single random bytes of its first `span` change between launches, and
 * every seventh round launches from a copy (other pointers, the same
 * values) and back. */
static void test_runs(pkern *k, const unsigned *at, unsigned span, int hip) {
  unsigned char buf[80], copy[80];
  uint64_t s = 0x1234567887654321ull;
  for (int i = 0; i < 80; i++)
    buf[i] = (unsigned char)(0x11 * (i % 15) + 1);
  run_check(k, at, buf, hip);
  run_check(k, at, buf, hip);
  for (int round = 0; round < 3000; round++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    buf[s % span] = (unsigned char)(s >> 24); /* zeros too: fallbacks */
    run_check(k, at, buf, hip);
    run_check(k, at, buf, hip); /* the memo */
    if (round % 7 == 0) {
      memcpy(copy, buf, sizeof buf);
      run_check(k, at, copy, hip);
      run_check(k, at, copy, hip);
    }
  }
}

/* ---- 10b: the launch geometry in the repeated launch ----
 *
 * Kernel G's divisors are block.z, grid.y (MD_OP_LAUNCH) and its u32
 * parameter; its record keeps
 * the dimensions its programs use (block.z, grid.y) with a mask.  Launched
 * with geometry and parameter drawn at random from small sets (zeros
 * too: fallbacks), including block.x, block.y, grid.x and grid.z, which
 * no program reads: every launch's outcome is md_desc_fill's for its own
 * dimensions, twice in a row (the second from the record). */
static const uint32_t g_sizes[1] = {4};
static const pdiv g_divs[3] = {{-1, MD_LAUNCH_BLOCK_Z, 4, MD_KIND_U32, 0},
                               {-1, MD_LAUNCH_GRID_Y, 4, MD_KIND_U32, 0},
                               {0, 0, 4, MD_KIND_U32, 0}};
static pkern gk = PKERN("G", g_divs, 3, 1, g_sizes);

static void geometry_check(uint32_t d, md_dim3 grid, md_dim3 block) {
  md_dims dims;
  void *args[1] = {&d};
  md_extra want;
  int st;
  dims.grid[0] = grid.x, dims.grid[1] = grid.y, dims.grid[2] = grid.z;
  dims.block[0] = block.x, dims.block[1] = block.y, dims.block[2] = block.z;
  st = md_desc_fill(gk.desc, gk.n, args, &dims, &want);
  fake_last_fn = NULL;
  fake_last_orig = NULL;
  EXPECT(md_cuda_launch(&gk.stub, grid, block, args, 0, NULL, gk.orig.name,
                        &api) == 0);
  expect_outcome(&gk, args, st, &want);
}

static void test_geometry(void) {
  static const uint32_t v[6] = {1, 2, 3, 7, 0, 64};
  uint64_t s = 0x9E3779B97F4A7C15ull;
  for (int round = 0; round < 4000; round++) {
    md_dim3 grid, block;
    uint32_t d;
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    grid.x = v[s % 6], grid.y = v[(s >> 3) % 6], grid.z = v[(s >> 6) % 6];
    block.x = v[(s >> 9) % 6], block.y = v[(s >> 12) % 6];
    block.z = v[(s >> 15) % 6];
    d = v[(s >> 18) % 6];
    if ((s >> 21) % 4 == 0) /* only what no program reads changes */
      grid.x ^= 8, block.y ^= 16, grid.z ^= 32, block.x ^= 4;
    geometry_check(d, grid, block);
    geometry_check(d, grid, block);
  }
}

/* ---- 11: MD_API_FRAME_ARGS: the call site's own stack slots ----
 *
 * frame_launch is a launch stub: its argument array holds the addresses of
 * its own locals, and it launches W5 through an md_cuda_api with
 * MD_API_FRAME_ARGS and 5 slots, as the host pass makes for such a site.
 * Called again and again from one place with new values, every launch is
 * exact, and the record remembers the site (the pointers are not compared
 * again).  Through an api whose slot count is below the kernel's
 * parameters (an array shorter than the descriptor says: not read past)
 * every launch runs the original.  Two arrays taking turns at one site
 * (two frame addresses) are exact. */

static int frame_hip; /* frame_launch goes through md_hip_launch */
static void **frame_last, **frame_prev; /* its last two arrays */
static const md_cuda_api frame_api = {
    MD_CUDA_API_VERSION, MD_API_FRAME_ARGS | 5u << MD_API_FRAME_SHIFT,
    fake_cudaLaunchKernel, fake_cudaGetFuncBySymbol};
static const md_cuda_api frame_api_short = {
    MD_CUDA_API_VERSION, MD_API_FRAME_ARGS | 4u << MD_API_FRAME_SHIFT,
    fake_cudaLaunchKernel, fake_cudaGetFuncBySymbol};

/* Launch k (W5) with these values through api from one call site; the
 * clone's arguments must be md_desc_fill's.  Its own md_cuda_launch call,
 * not expect_launch's: the site is this stub's, the array in its frame. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void frame_launch(pkern *k, uint32_t a, uint32_t b, uint64_t c,
                         uint32_t d, uint32_t e, const md_cuda_api *fapi,
                         void **use) {
  md_dim3 grid = {1, 1, 1}, block = {32, 1, 1};
  void *local[5] = {&a, &b, &c, &d, &e}, **args = use ? use : local;
  md_extra want;
  int st = want_of(k, args, &want);
  if (MD_API_FRAME_SLOTS(fapi->flags) < k->np)
    st = MD_ERR_PARAM_MISMATCH; /* the original */
  frame_prev = frame_last, frame_last = args;
  if (frame_hip) { /* md_hip_launch, with the same flags */
    const md_hip_api h = {MD_HIP_API_VERSION, fapi->flags, hk_launch};
    md_hip_clone cl = {&k->hclone, k->desc, 0, NULL, NULL, 0};
    cl.desc_size = k->n;
    hk_fn = NULL;
    EXPECT(md_hip_launch(&k->hstub, grid, block, args, 0, NULL, k->orig.name,
                         &h, &cl) == 0);
    expect_hip_outcome(k, args, st, &want);
    return;
  }
  fake_last_fn = NULL;
  fake_last_orig = NULL;
  EXPECT(md_cuda_launch(&k->stub, grid, block, args, 0, NULL, k->orig.name,
                        fapi) == 0);
  expect_outcome(k, args, st, &want);
}

static void test_frame(pkern *k) {
  static uint32_t v[2][4];
  static uint64_t w[2];
  static void *shared[5]; /* one array, pointers that change */
  uint64_t s = 0xDEADBEEFCAFEF00Dull;
  md_memo *m;
  for (int i = 0; i < 2000; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    uint32_t a = i % 3 ? 7 : (uint32_t)(s >> 40) | 1u;
    frame_launch(k, a, 5, 0x100000001ull + (i % 5 ? 0 : s), 9 + i % 2, 1,
                 &frame_api, NULL);
  }
  for (int i = 0; i < 2; i++) /* a repeat: the second compares the site */
    frame_launch(k, 7, 5, 3, 9, 1, &frame_api, NULL);
  m = frame_hip ? md_memo_at(&k->hstub, 0)
                : md_memo_at(&k->stub, (uint64_t)fake_default_ctx * 3 + 1);
  /* (a sanitizer's fake stack gives every call a frame of its own: then
   * the site never repeats, and every launch compares the pointers) */
  EXPECT(m && (m->site != NULL || frame_last != frame_prev));
  for (int i = 0; i < 2; i++) {
    v[i][0] = 7 + (uint32_t)i, v[i][1] = 5, v[i][2] = 9 + (uint32_t)i;
    v[i][3] = 1;
    w[i] = 0x100000001ull + (uint64_t)i;
  }
  {
    /* two arrays, each with pointers of its own that never change (as a
     * flagged site's arrays at two frame addresses): alternating, exact */
    static void *arr[2][5];
    for (int t = 0; t < 2; t++) {
      arr[t][0] = &v[t][0], arr[t][1] = &v[t][1], arr[t][2] = &w[t];
      arr[t][3] = &v[t][2], arr[t][4] = &v[t][3];
    }
    for (int i = 0; i < 200; i++) /* each twice: the second matches */
      frame_launch(k, 0, 0, 0, 0, 0, &frame_api, arr[(i / 2) % 2]);
  }
  for (int i = 0; i < 200; i++) { /* new pointers at one address */
    int t = i % 2;
    shared[0] = &v[t][0], shared[1] = &v[t][1], shared[2] = &w[t];
    shared[3] = &v[t][2], shared[4] = &v[t][3];
    frame_launch(k, 0, 0, 0, 0, 0, &frame_api_short, shared);
    frame_launch(k, 0, 0, 0, 0, 0, &frame_api_short, shared);
  }
}

/* ---- contexts: ids with an epoch, so that a context can be destroyed
 * and made again at the same address with a new id ---- */

static unsigned long long ctx_epoch;
static md_CUresult ctx_id_epoch(md_CUcontext c, unsigned long long *id) {
  if (!c && !(c = (md_CUcontext)fake_cur_ctx))
    return 201; /* CUDA_ERROR_INVALID_CONTEXT: no current context */
  *id = (unsigned long long)(uintptr_t)c * 3 + (ctx_epoch << 40);
  return 0;
}

static void test_contexts(void) {
  static const set s2[] = {
      {1000, 7, 5, 4}, {1000, 9, 5, 4}, {1000, 0, 5, 4}, {1000, 7, 5, 4}};
  int calls = fake_get_func_calls, i, k;
  for (k = 0; k < 40; k++) { /* alternate two contexts */
    fake_cur_ctx = k & 1 ? 0x2000 : 0x3000;
    i = (k / 2) % 4;
    launch_check(s2[i].x, s2[i].d, s2[i].r, s2[i].gx, 0);
  }
  EXPECT(fake_get_func_calls == calls + 2); /* one lookup per context */
  /* destroy 0x3000 and make a context at the same address: a new id */
  fake_cur_ctx = 0x3000;
  calls = fake_get_func_calls;
  launch_check(1000, 7, 5, 4, 0);
  EXPECT(fake_get_func_calls == calls); /* same context: the memo */
  ctx_epoch++;
  launch_check(1000, 7, 5, 4, 0);
  EXPECT(fake_get_func_calls == calls + 1); /* new context: new lookup */
  launch_check(1000, 7, 5, 4, 0);
  EXPECT(fake_get_func_calls == calls + 1);
  /* the same values behind new argument pointers, then the old ones */
  {
    md_dim3 grid = {4, 1, 1}, block = {128, 1, 1};
    uint64_t x = 1000;
    uint32_t d = 7, r = 5;
    void *args[3] = {&x, &d, &r};
    fake_last_fn = NULL;
    EXPECT(md_cuda_launch(&stub_k, grid, block, args, 0, NULL, "K", &api) ==
           0);
    EXPECT(fake_last_fn == &kclone && fake_last_params[1] == &d);
    d = 9; /* through the new pointers: a new value */
    fake_last_fn = NULL;
    EXPECT(md_cuda_launch(&stub_k, grid, block, args, 0, NULL, "K", &api) ==
           0);
    EXPECT(fake_last_fn == &kclone &&
           *(const uint32_t *)fake_last_params[3] != 0);
  }
  launch_check(1000, 9, 5, 4, 0);
  launch_check(1000, 7, 5, 4, 0);
  fake_cur_ctx = fake_default_ctx;
}

static void test_graphs_original(void) {
  setenv("MAGICDIV_GRAPHS", "original", 1);
  md_launch_reset();
  launch_check(1000, 7, 5, 4, 0);
  launch_check(1000, 7, 5, 4, 0); /* the memo holds it */
  fake_capturing = 1;
  launch_check(1000, 7, 5, 4, 1); /* captured: the original */
  fake_capturing = 0;
  launch_check(1000, 7, 5, 4, 0);
  unsetenv("MAGICDIV_GRAPHS");
  md_launch_reset();
  launch_check(1000, 7, 5, 4, 0); /* the lookup, outside a capture */
  fake_capturing = 1; /* without the switch, captures get the clone */
  launch_check(1000, 7, 5, 4, 0);
  launch_check(1000, 7, 5, 4, 0);
  fake_capturing = 0;
}

/* ---- HIP ---- */

static char h_k, h_kc, h_n;
static const void *hip_fn;
static void *hip_args[16];

static int hip_launch(const void *fn, md_dim3 g, md_dim3 b, void **args,
                      size_t shmem, void *stream) {
  (void)g, (void)b, (void)shmem, (void)stream;
  hip_fn = fn;
  for (int i = 0; i < (fn == &h_kc ? 12 : 3); i++)
    hip_args[i] = args[i];
  return 0;
}

static void hip_check(uint64_t x, uint32_t d, uint32_t r, unsigned gx) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, hip_launch};
  md_hip_clone c = {&h_kc, desc, 0, NULL, NULL, 0};
  md_dim3 grid = {gx, 1, 1}, block = {128, 1, 1};
  md_dims dims = {{gx, 1, 1}, {128, 1, 1}};
  void *args[3] = {&x, &d, &r};
  md_extra want;
  int st = md_desc_fill(desc, desc_n, args, &dims, &want);
  c.desc_size = desc_n;
  hip_fn = NULL;
  EXPECT(md_hip_launch(&h_k, grid, block, args, 0, NULL, "hk", &hapi, &c) ==
         0);
  if (st != MD_OK) {
    EXPECT(hip_fn == &h_k && hip_args[1] == &d);
    return;
  }
  EXPECT(hip_fn == &h_kc);
  if (hip_fn != &h_kc)
    return;
  expect_clone_args(hip_args, args, &want, "hip", gx);
}

static void test_hip(void) {
  static const md_hip_api hapi = {MD_HIP_API_VERSION, 0, hip_launch};
  md_dim3 grid = {1, 1, 1}, block = {1, 1, 1};
  int out = 0, i;
  void *args[3] = {&out, &out, &out};
  for (int rounds = 0; rounds < 2; rounds++)
    for (i = 0; i < (int)(sizeof sets / sizeof sets[0]); i++) {
      hip_check(sets[i].x, sets[i].d, sets[i].r, sets[i].gx);
      hip_check(sets[i].x, sets[i].d, sets[i].r, sets[i].gx);
    }
  for (i = 0; i < 3; i++) { /* no clone: the original, every time */
    hip_fn = NULL;
    EXPECT(md_hip_launch(&h_n, grid, block, args, 0, NULL, "hn", &hapi,
                         NULL) == 0);
    EXPECT(hip_fn == &h_n);
  }
  setenv("MAGICDIV_DISABLE", "1", 1);
  md_launch_reset();
  hip_fn = NULL;
  {
    uint64_t x = 1000;
    uint32_t d = 7, r = 5;
    void *a3[3] = {&x, &d, &r};
    md_dim3 g4 = {4, 1, 1}, b128 = {128, 1, 1};
    md_hip_clone c = {&h_kc, desc, 0, NULL, NULL, 0};
    c.desc_size = desc_n;
    EXPECT(md_hip_launch(&h_k, g4, b128, a3, 0, NULL, "hk", &hapi, &c) == 0);
    EXPECT(hip_fn == &h_k);
  }
  unsetenv("MAGICDIV_DISABLE");
  md_launch_reset();
  hip_check(1000, 7, 5, 4);
  hip_check(1000, 7, 5, 4);
}

int main(void) {
  md_cuda_driver d;
  (void)fake_desc; /* the version-1 builder: not used here */
  make_desc();
  EXPECT(md_desc_validate(desc, desc_n) == MD_OK);
  fake_add_fn(&mod, &korig);
  fake_add_fn(&mod, &kclone);
  fake_add_fn(&mod, &nclone);
  fake_add_global(&mod, "K__magicdiv_desc", desc, desc_n);
  add_pkern(&pk, "P__magicdiv_desc");
  add_pkern(&uk, "U__magicdiv_desc");
  add_pkern(&w5, "W5__magicdiv_desc");
  add_pkern(&w11, "W11__magicdiv_desc");
  add_pkern(&qk, "Q__magicdiv_desc");
  add_pkern(&rk, "R__magicdiv_desc");
  add_pkern(&sk, "S__magicdiv_desc");
  add_pkern(&gk, "G__magicdiv_desc");
  make_layouts();
  fake_bind(&stub_k, &korig, 0);
  fake_bind(&stub_n, &nclone, 0);
  d = fake_driver();
  d.func_get_param_info = fake_func_get_param_info;
  d.ctx_get_id = ctx_id_epoch;
  korig.psizes = NULL; /* 8, 4, 4: the descriptor's sizes */
  EXPECT(md_cuda_set_driver(&d) == MD_OK);
  fake_cur_ctx = fake_default_ctx;
  section("exact");
  test_exact();
  section("disable");
  test_disable();
  section("nested");
  test_nested();
  section("noclone");
  test_noclone();
  section("plan");
  test_plan(&pk);
  test_plan(&uk);
  section("wide");
  test_wide(&w5);
  test_wide(&w11);
  section("probes");
  for (int hip = 0; hip < 2; hip++) {
    test_runs(&qk, q_at, 32, hip);
    test_runs(&rk, r_at, 72, hip);
    test_runs(&sk, s_at, 72, hip);
    for (int l = 0; l < N_LAYOUTS; l++)
      test_runs(&lay_k[l], lay_at[l], 72, hip);
  }
  section("geometry");
  test_geometry();
  section("frame");
  test_frame(&w5);
  frame_hip = 1;
  test_frame(&w5);
  frame_hip = 0;
  section("contexts");
  test_contexts();
  section("graphs original");
  test_graphs_original();
  section("hip");
  test_hip();
  md_launch_release();
  fprintf(stderr, "memo: %s (%d failures)\n", failures ? "FAILED" : "ok",
          failures);
  return failures != 0;
}
