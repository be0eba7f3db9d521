/*
 * test_desc_fuzz.c -- malformed descriptors never crash the evaluator.
 *
 * From a few valid descriptors: every truncation must be rejected, and
 * every single-byte mutation (all 255 other values at every offset) and a
 * batch of random multi-byte mutations must either be rejected or, when
 * md_desc_validate accepts them, evaluate exactly like the reference
 * evaluator of test_desc_util.h.  Each candidate lives in a heap block of
 * exactly its size, so the sanitizer build (desc-fuzz.test compiles this
 * file with -fsanitize=address,undefined) catches any read past it.
 */
#include "test_desc_util.h"

#define ARG_BYTES 64 /* every argument buffer; larger params are skipped */

static tdb g_b;

/* k(int *out, Shape s, int total): s.w and s.h * s.w, S32 positive. */
static size_t seed_shape(uint8_t *out) {
  static const uint32_t sizes[3] = {8, 16, 4};
  tdb_init(&g_b, 3, sizes);
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE);
  tdb_arg(&g_b, 1, 12, 4);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE);
  tdb_arg(&g_b, 1, 8, 4);
  tdb_arg(&g_b, 1, 12, 4);
  tdb_bin(&g_b, MD_OP_MUL, 32, MD_OF_NSW);
  tdb_end(&g_b);
  return tdb_finish(&g_b, out, 4096);
}

/* Four kinds, most opcodes: select, icmp, casts, min/max, shifts, div. */
static size_t seed_mixed(uint8_t *out) {
  static const uint32_t sizes[4] = {4, 8, 24, 2};
  tdb_init(&g_b, 4, sizes);
  /* U32: umax(p0 lshr exact 1, 1) */
  tdb_div_begin(&g_b, MD_KIND_U32, 0);
  tdb_arg(&g_b, 0, 0, 4);
  tdb_const(&g_b, 32, 1);
  tdb_bin(&g_b, MD_OP_LSHR, 32, MD_OF_EXACT);
  tdb_const(&g_b, 32, 1);
  tdb_bin(&g_b, MD_OP_UMAX, 32, 0);
  tdb_end(&g_b);
  /* S64: sext(p3:i16) * p1 nsw, select (p1 slt 0) ... */
  tdb_div_begin(&g_b, MD_KIND_S64, 0);
  tdb_arg(&g_b, 1, 0, 8);
  tdb_const(&g_b, 64, 0);
  tdb_icmp(&g_b, 64, MD_PRED_SLT);
  tdb_arg(&g_b, 3, 0, 2);
  tdb_cast(&g_b, MD_OP_SEXT, 16, 64);
  tdb_arg(&g_b, 1, 0, 8);
  tdb_bin(&g_b, MD_OP_MUL, 64, MD_OF_NSW);
  tdb_arg(&g_b, 2, 16, 8);
  tdb_select(&g_b, 64);
  tdb_end(&g_b);
  /* U64: zext(trunc(p2[1]) shl 3 nuw) udiv 3 or disjoint 1 */
  tdb_div_begin(&g_b, MD_KIND_U64, 0);
  tdb_arg(&g_b, 2, 8, 8);
  tdb_cast(&g_b, MD_OP_TRUNC, 64, 20);
  tdb_const(&g_b, 20, 3);
  tdb_bin(&g_b, MD_OP_SHL, 20, MD_OF_NUW);
  tdb_cast(&g_b, MD_OP_ZEXT, 20, 64);
  tdb_const(&g_b, 64, 3);
  tdb_bin(&g_b, MD_OP_UDIV, 64, 0);
  tdb_const(&g_b, 64, 1);
  tdb_bin(&g_b, MD_OP_OR, 64, 0);
  tdb_end(&g_b);
  /* S32 positive: smin(p2[0] srem 7 sub 1 nsw, ashr(p0, 2)) xor 5 */
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE);
  tdb_arg(&g_b, 2, 0, 4);
  tdb_const(&g_b, 32, 7);
  tdb_bin(&g_b, MD_OP_SREM, 32, 0);
  tdb_const(&g_b, 32, 1);
  tdb_bin(&g_b, MD_OP_SUB, 32, MD_OF_NSW);
  tdb_arg(&g_b, 0, 0, 4);
  tdb_const(&g_b, 32, 2);
  tdb_bin(&g_b, MD_OP_ASHR, 32, 0);
  tdb_bin(&g_b, MD_OP_SMIN, 32, 0);
  tdb_const(&g_b, 32, 5);
  tdb_bin(&g_b, MD_OP_XOR, 32, 0);
  tdb_end(&g_b);
  return tdb_finish(&g_b, out, 4096);
}

/* Launch geometry: blockDim.x * gridDim.y add nuw, items.z sdiv 2. */
static size_t seed_launch(uint8_t *out) {
  tdb_init(&g_b, 0, NULL);
  tdb_div_begin(&g_b, MD_KIND_U32, 0);
  tdb_launch(&g_b, MD_LAUNCH_BLOCK_X);
  tdb_launch(&g_b, MD_LAUNCH_GRID_Y);
  tdb_bin(&g_b, MD_OP_ADD, 32, MD_OF_NUW);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_S32, 0);
  tdb_launch(&g_b, MD_LAUNCH_ITEMS_Z);
  tdb_const(&g_b, 32, 2);
  tdb_bin(&g_b, MD_OP_SDIV, 32, MD_OF_EXACT);
  tdb_launch(&g_b, MD_LAUNCH_ITEMS_X);
  tdb_bin(&g_b, MD_OP_UMIN, 32, 0);
  tdb_end(&g_b);
  return tdb_finish(&g_b, out, 4096);
}

/* Launch requirements as md_bounds.c writes them (64-bit nuw arithmetic,
 * icmp ule, and.i1): a grid-stride loop's (n - 1) + step <= INT_MAX, n
 * and step >= 0, d < 2^32; nctaid.x * ntid.x <= 2^31; and one with udiv,
 * umax, lshr and the ITEMS dimension (undefined when it overflows). */
static size_t seed_reqs(uint8_t *out) {
  static const uint32_t sizes[3] = {4, 4, 8};
  tdb_init(&g_b, 3, sizes);
  tdb_div_begin(&g_b, MD_KIND_U32, 0);
  tdb_arg(&g_b, 2, 0, 8);
  tdb_cast(&g_b, MD_OP_TRUNC, 64, 32);
  tdb_end(&g_b);
  tdb_req_grid_x(&g_b);
  tdb_req_begin(&g_b);
  tdb_arg(&g_b, 1, 0, 4);
  tdb_cast(&g_b, MD_OP_ZEXT, 32, 64);
  tdb_arg(&g_b, 0, 0, 4);
  tdb_cast(&g_b, MD_OP_ZEXT, 32, 64);
  tdb_const(&g_b, 64, 1);
  tdb_bin(&g_b, MD_OP_SUB, 64, MD_OF_NUW);
  tdb_bin(&g_b, MD_OP_ADD, 64, MD_OF_NUW);
  tdb_const(&g_b, 64, 0x7fffffff);
  tdb_icmp(&g_b, 64, MD_PRED_ULE);
  tdb_arg(&g_b, 1, 0, 4);
  tdb_cast(&g_b, MD_OP_ZEXT, 32, 64);
  tdb_const(&g_b, 64, 0x7fffffff);
  tdb_icmp(&g_b, 64, MD_PRED_ULE);
  tdb_bin(&g_b, MD_OP_AND, 1, 0);
  tdb_arg(&g_b, 2, 0, 8);
  tdb_const(&g_b, 64, 0xFFFFFFFFull);
  tdb_icmp(&g_b, 64, MD_PRED_ULE);
  tdb_bin(&g_b, MD_OP_AND, 1, 0);
  tdb_end(&g_b);
  tdb_req_begin(&g_b);
  tdb_launch(&g_b, MD_LAUNCH_ITEMS_X);
  tdb_cast(&g_b, MD_OP_ZEXT, 32, 64);
  tdb_arg(&g_b, 0, 0, 4);
  tdb_cast(&g_b, MD_OP_ZEXT, 32, 64);
  tdb_bin(&g_b, MD_OP_UDIV, 64, 0);
  tdb_launch(&g_b, MD_LAUNCH_BLOCK_Y);
  tdb_cast(&g_b, MD_OP_ZEXT, 32, 64);
  tdb_const(&g_b, 64, 1);
  tdb_bin(&g_b, MD_OP_SUB, 64, MD_OF_NUW);
  tdb_bin(&g_b, MD_OP_UMAX, 64, 0);
  tdb_const(&g_b, 64, 3);
  tdb_bin(&g_b, MD_OP_LSHR, 64, 0);
  tdb_const(&g_b, 64, 0x80000000ull);
  tdb_icmp(&g_b, 64, MD_PRED_ULE);
  tdb_end(&g_b);
  return tdb_finish(&g_b, out, 4096);
}

static uint8_t g_args_mem[8][ARG_BYTES];
static void *g_args[8];
static const md_dims g_dims = {{40, 3, 7}, {256, 2, 4}};

/* The descriptor's declared parameter sizes fit our buffers? (A caller must
 * pass arguments of the declared sizes; a mutation can declare more.) */
static int args_fit(const uint8_t *d) {
  unsigned np = (unsigned)ref_le(d + 12, 2);
  if (np > 8)
    return 0;
  for (unsigned i = 0; i < np; i++)
    if (ref_le(d + 20 + 4 * i, 4) > ARG_BYTES)
      return 0;
  return 1;
}

static long g_accepted, g_defined, g_rejected;

/* One candidate: bytes copied into a block of exactly n bytes. */
static void try_desc(const uint8_t *bytes, size_t n, int must_reject) {
  uint8_t *d = malloc(n ? n : 1);
  if (!d)
    abort();
  memcpy(d, bytes, n);
  int st = md_desc_validate(d, n);
  CHECK(st == MD_OK || st == MD_ERR_DESC_MALFORMED || st == MD_ERR_DESC_VERSION,
        "validate returned %d", st);
  md_extra e1, e2;
  if (st != MD_OK) {
    g_rejected++;
    int f = md_desc_fill(d, n, g_args, &g_dims, &e1);
    CHECK(f == st, "fill %d after validate %d", f, st);
  } else {
    CHECK(!must_reject, "accepted a truncated descriptor of %zu bytes", n);
    g_accepted++;
    if (args_fit(d)) {
      unsigned n_div = (unsigned)ref_le(d + 14, 2);
      for (unsigned i = 0; i < n_div; i++) {
        uint64_t got = 0, want = 0;
        int s1 = md_desc_eval(d, n, i, g_args, &g_dims, &got);
        int s2 = ref_eval(d, i, g_args, &g_dims, &want);
        CHECK(s1 == s2 && (s1 != MD_OK || got == want),
              "divisor %u: %d/%#llx, reference %d/%#llx", i, s1,
              (unsigned long long)got, s2, (unsigned long long)want);
      }
      int f1 = md_desc_fill(d, n, g_args, &g_dims, &e1);
      int f2 = ref_fill(d, g_args, &g_dims, &e2);
      CHECK(f1 == f2 && (f1 != MD_OK ||
                         (e1.n_extra == e2.n_extra &&
                          memcmp(e1.value, e2.value, 8 * e1.n_extra) == 0)),
            "fill %d, reference %d", f1, f2);
      int f3 = md_desc_fill_validated(d, n, g_args, &g_dims, &e2);
      CHECK(f3 == f1, "fill_validated %d, fill %d", f3, f1);
      g_defined += f1 == MD_OK;
    }
  }
  free(d);
}

static void fuzz_seed(const char *name, const uint8_t *seed, size_t n) {
  long acc0 = g_accepted, rej0 = g_rejected;
  uint8_t buf[4096];
  long def0 = g_defined;
  try_desc(seed, n, 0);
  CHECK(g_accepted == acc0 + 1 && g_defined == def0 + 1,
        "%s: seed not accepted or not filled", name);
  for (size_t k = 0; k < n; k++)
    try_desc(seed, k, 1);
  for (size_t pos = 0; pos < n; pos++)
    for (unsigned v = 0; v < 256; v++) {
      if (v == seed[pos])
        continue;
      memcpy(buf, seed, n);
      buf[pos] = (uint8_t)v;
      try_desc(buf, n, 0);
    }
  for (int t = 0; t < 20000; t++) {
    memcpy(buf, seed, n);
    int k = 2 + (int)tr_below(4);
    for (int j = 0; j < k; j++)
      buf[tr_below((unsigned)n)] = (uint8_t)tr_next();
    try_desc(buf, n, 0);
  }
  printf("%s: %zu bytes: %ld mutants accepted, %ld rejected\n", name, n,
         g_accepted - acc0, g_rejected - rej0);
}

/* Random launches and arguments (edge values of every width) for the
 * requirement seed: md_desc_fill agrees with the reference evaluator, and
 * both outcomes (requirements hold / fail) occur often. */
static void fuzz_req_inputs(const uint8_t *seed, size_t n) {
  static const uint32_t edges[] = {0,          1,          2,
                                   31,         32,         1024,
                                   65535,      0x7ffffffe, 0x7fffffff,
                                   0x80000000, 0x80000001, 0xffffffff};
  uint8_t mem[3][8];
  void *args[3] = {mem[0], mem[1], mem[2]};
  long ok = 0, req = 0, other = 0;
  for (int t = 0; t < 200000; t++) {
    md_dims dims;
    md_extra e1, e2;
    for (int a = 0; a < 3; a++) {
      dims.block[a] = tr_below(3) ? 1 + tr_below(1024)
                                  : edges[tr_below(12)];
      dims.grid[a] = tr_below(2) ? 1 + tr_below(1u << tr_below(32))
                                 : edges[tr_below(12)];
    }
    for (int a = 0; a < 3; a++) {
      uint64_t v = tr_below(2) ? edges[tr_below(12)] : tr_next();
      if (tr_below(4) == 0)
        v = (v << 32) | tr_below(2);
      memcpy(mem[a], &v, 8);
    }
    int f1 = md_desc_fill(seed, n, args, &dims, &e1);
    int f2 = ref_fill(seed, args, &dims, &e2);
    CHECK(f1 == f2 && (f1 != MD_OK ||
                       (e1.n_extra == e2.n_extra &&
                        memcmp(e1.value, e2.value, 8 * e1.n_extra) == 0)),
          "requirement inputs %d: fill %d, reference %d", t, f1, f2);
    ok += f1 == MD_OK;
    req += f1 == MD_FALLBACK_REQUIREMENT;
    other += f1 != MD_OK && f1 != MD_FALLBACK_REQUIREMENT;
  }
  CHECK(ok > 1000 && req > 1000, "requirement outcomes: %ld ok, %ld failed",
        ok, req);
  printf("requirement inputs: %ld ok, %ld requirement failed, %ld other\n",
         ok, req, other);
}

int main(void) {
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < ARG_BYTES; j++)
      g_args_mem[i][j] = (uint8_t)(tr_below(4) ? tr_below(8) : tr_next());
    g_args[i] = g_args_mem[i];
  }
  /* Values with which every seed evaluates: param 0 even (lshr exact),
   * param 1 a Shape, param 2 {40, _, 1000 (shl nuw fits 20 bits), 77}. */
  uint32_t p0 = 100;
  int32_t shape[4] = {2, 3, 5, 7};
  uint64_t p2[3] = {40, 1000, 77};
  memcpy(g_args_mem[0], &p0, sizeof p0);
  memcpy(g_args_mem[1], shape, sizeof shape);
  memcpy(g_args_mem[2], p2, sizeof p2);
  uint8_t s[4][4096];
  size_t n0 = seed_shape(s[0]), n1 = seed_mixed(s[1]), n2 = seed_launch(s[2]);
  size_t n3 = seed_reqs(s[3]);
  fuzz_seed("shape", s[0], n0);
  fuzz_seed("mixed", s[1], n1);
  fuzz_seed("launch", s[2], n2);
  fuzz_seed("reqs", s[3], n3);
  fuzz_req_inputs(s[3], n3);
  printf("accepted %ld (%ld filled), rejected %ld\n", g_accepted, g_defined,
         g_rejected);
  return tdu_report("test_desc_fuzz");
}
