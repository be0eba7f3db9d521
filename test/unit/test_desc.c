/*
 * test_desc.c -- unit tests of the descriptor evaluator (md_desc.c):
 * every opcode and every undefined case, against hand-written expectations
 * and against the exact-integer reference of test_desc_util.h; struct-field
 * reads, launch dimensions, the four kinds with and without MD_DF_POSITIVE,
 * magic parameters proven by md_eval_* against C division, structural
 * validation, md_build_args, and random programs.
 *
 *   test_desc           run the tests
 *   test_desc --bench   also time validate / fill / fill_validated
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <time.h>

#include "test_desc_util.h"

static uint8_t g_buf[1 << 16];
static tdb g_b;

/* ---- single binary ops through a descriptor ---- */

/* Descriptor computing `p0 OP p1` at width w from two 8-byte parameters,
 * widened to a U64 divisor (zext) so md_desc_eval returns the raw value. */
static size_t build_binop(uint8_t *out, int op, int w, int fl) {
  static const uint32_t sizes[2] = {8, 8};
  tdb_init(&g_b, 2, sizes);
  tdb_div_begin(&g_b, MD_KIND_U64, 0);
  for (unsigned i = 0; i < 2; i++) {
    tdb_arg(&g_b, i, 0, 8);
    if (w < 64)
      tdb_cast(&g_b, MD_OP_TRUNC, 64, w);
  }
  tdb_bin(&g_b, op, w, fl);
  if (w < 64)
    tdb_cast(&g_b, MD_OP_ZEXT, w, 64);
  tdb_end(&g_b);
  return tdb_finish(&g_b, out, 4096);
}

static int eval2(const uint8_t *desc, size_t n, uint64_t a, uint64_t b,
                 uint64_t *r) {
  void *args[2] = {&a, &b};
  *r = 0xDEADBEEF;
  return md_desc_eval(desc, n, 0, args, NULL, r);
}

static int run_bin(int op, int w, int fl, uint64_t a, uint64_t b,
                   uint64_t *r) {
  uint8_t d[4096];
  size_t n = build_binop(d, op, w, fl);
  int st = md_desc_validate(d, n);
  CHECK(st == MD_OK, "op %#x w %d flags %d: validate %d", op, w, fl, st);
  return eval2(d, n, a, b, r);
}

static const int k_binops[] = {
    MD_OP_ADD,  MD_OP_SUB,  MD_OP_MUL,  MD_OP_SHL,  MD_OP_LSHR, MD_OP_ASHR,
    MD_OP_AND,  MD_OP_OR,   MD_OP_XOR,  MD_OP_UDIV, MD_OP_SDIV, MD_OP_UREM,
    MD_OP_SREM, MD_OP_SMIN, MD_OP_SMAX, MD_OP_UMIN, MD_OP_UMAX};
#define N_BINOPS (int)(sizeof k_binops / sizeof k_binops[0])

/* The flag sets an op may carry: every subset of its allowed flags. */
static int allowed_flags(int op) {
  switch (op) {
  case MD_OP_ADD: case MD_OP_SUB: case MD_OP_MUL: case MD_OP_SHL:
    return MD_OF_NSW | MD_OF_NUW;
  case MD_OP_UDIV: case MD_OP_SDIV: case MD_OP_LSHR: case MD_OP_ASHR:
    return MD_OF_EXACT;
  case MD_OP_OR:
    return MD_OF_DISJOINT;
  default:
    return 0;
  }
}

/* Compare md_desc_eval with ref_eval for a OP b. */
static void cmp_binop(const uint8_t *d, size_t n, int op, int w, int fl,
                      uint64_t a, uint64_t b) {
  uint64_t got, want = 0;
  int st = eval2(d, n, a, b, &got);
  void *args[2] = {&a, &b};
  int rst = ref_eval(d, 0, args, NULL, &want);
  CHECK(st == rst && (st != MD_OK || got == want),
        "op %#x w %d flags %d a %#llx b %#llx: got %d/%#llx want %d/%#llx",
        op, w, fl, (unsigned long long)a, (unsigned long long)b, st,
        (unsigned long long)got, rst, (unsigned long long)want);
}

/* Widths 1..6: every op, every flag set, every pair of operands. */
static void test_binops_exhaustive(void) {
  for (int i = 0; i < N_BINOPS; i++) {
    int op = k_binops[i], all = allowed_flags(op);
    for (int w = 1; w <= 6; w++)
      for (int fl = 0; fl <= all; fl++) {
        if (fl & ~all)
          continue;
        uint8_t d[4096];
        size_t n = build_binop(d, op, w, fl);
        for (uint64_t a = 0; a < (1u << w); a++)
          for (uint64_t b = 0; b < (1u << w); b++)
            cmp_binop(d, n, op, w, fl, a, b);
      }
  }
}

/* Wider widths: edge-biased random operands. */
static void test_binops_random(void) {
  static const int widths[] = {7, 8, 16, 31, 32, 33, 63, 64};
  for (int i = 0; i < N_BINOPS; i++) {
    int op = k_binops[i], all = allowed_flags(op);
    for (unsigned k = 0; k < sizeof widths / sizeof widths[0]; k++)
      for (int fl = 0; fl <= all; fl++) {
        if (fl & ~all)
          continue;
        int w = widths[k];
        uint8_t d[4096];
        size_t n = build_binop(d, op, w, fl);
        for (int t = 0; t < 600; t++)
          cmp_binop(d, n, op, w, fl, tr_value(w), tr_value(w));
      }
  }
}

/* Hand-written expectations, independent of the reference. */
#define U MD_FALLBACK_UNDEFINED
#define OK MD_OK
typedef struct bin_case {
  int op, w, fl;
  uint64_t a, b;
  int st;
  uint64_t r;
} bin_case;

static const bin_case k_bin_cases[] = {
    /* add: wraps; nsw / nuw violations are poison */
    {MD_OP_ADD, 32, 0, 0xFFFFFFFF, 2, OK, 1},
    {MD_OP_ADD, 8, MD_OF_NSW, 127, 1, U, 0},
    {MD_OP_ADD, 8, MD_OF_NSW, 0xFF, 1, OK, 0},
    {MD_OP_ADD, 8, MD_OF_NUW, 0xFF, 1, U, 0},
    {MD_OP_ADD, 8, MD_OF_NUW, 0x7F, 1, OK, 0x80},
    {MD_OP_ADD, 32, MD_OF_NSW, 0x80000000, 0xFFFFFFFF, U, 0},
    {MD_OP_ADD, 64, MD_OF_NUW, ~0ull, 1, U, 0},
    {MD_OP_ADD, 64, MD_OF_NSW, 0x7FFFFFFFFFFFFFFF, 1, U, 0},
    {MD_OP_ADD, 64, MD_OF_NSW, ~0ull, 1, OK, 0},
    {MD_OP_ADD, 1, MD_OF_NUW, 1, 1, U, 0},
    {MD_OP_ADD, 1, MD_OF_NSW, 1, 1, U, 0}, /* -1 + -1 = -2 */
    /* sub */
    {MD_OP_SUB, 32, 0, 0, 1, OK, 0xFFFFFFFF},
    {MD_OP_SUB, 8, MD_OF_NUW, 0, 1, U, 0},
    {MD_OP_SUB, 8, MD_OF_NSW, 0x80, 1, U, 0},
    {MD_OP_SUB, 8, MD_OF_NSW, 0, 0x80, U, 0}, /* 0 - (-128) = 128 */
    {MD_OP_SUB, 8, MD_OF_NSW, 0xFF, 0x80, OK, 0x7F},
    {MD_OP_SUB, 64, MD_OF_NSW, 0x8000000000000000, 1, U, 0},
    {MD_OP_SUB, 64, MD_OF_NUW, 5, 6, U, 0},
    /* mul */
    {MD_OP_MUL, 32, 0, 0x10000, 0x10001, OK, 0x10000},
    {MD_OP_MUL, 32, MD_OF_NUW, 0x10000, 0x10000, U, 0},
    {MD_OP_MUL, 32, MD_OF_NSW, 0x10000, 0x8000, U, 0},
    {MD_OP_MUL, 32, MD_OF_NSW, 0xFFFF8000, 0x10000, OK, 0x80000000},
    {MD_OP_MUL, 32, MD_OF_NSW, 0xFFFFFFFF, 0x80000000, U, 0},
    {MD_OP_MUL, 32, MD_OF_NUW, 0xFFFFFFFF, 1, OK, 0xFFFFFFFF},
    {MD_OP_MUL, 64, MD_OF_NUW, 1ull << 32, 1ull << 32, U, 0},
    {MD_OP_MUL, 64, MD_OF_NSW, 1ull << 32, 1ull << 31, U, 0},
    {MD_OP_MUL, 64, MD_OF_NSW, 0xFFFFFFFF00000000, 1ull << 31, OK,
     0x8000000000000000},
    /* shl: amount >= w is poison; nuw / nsw on the bits shifted out */
    {MD_OP_SHL, 32, 0, 1, 31, OK, 0x80000000},
    {MD_OP_SHL, 32, 0, 1, 32, U, 0},
    {MD_OP_SHL, 8, 0, 1, 8, U, 0},
    {MD_OP_SHL, 64, 0, 1, 64, U, 0},
    {MD_OP_SHL, 64, 0, 1, ~0ull, U, 0},
    {MD_OP_SHL, 32, MD_OF_NUW, 0x80000000, 1, U, 0},
    {MD_OP_SHL, 32, MD_OF_NUW, 0x40000000, 1, OK, 0x80000000},
    {MD_OP_SHL, 32, MD_OF_NSW, 0x40000000, 1, U, 0},
    {MD_OP_SHL, 32, MD_OF_NSW, 0xC0000000, 1, OK, 0x80000000},
    {MD_OP_SHL, 32, MD_OF_NSW, 0x80000000, 1, U, 0},
    /* lshr / ashr: amount >= w is poison; exact on bits shifted out */
    {MD_OP_LSHR, 32, 0, 0x80000000, 31, OK, 1},
    {MD_OP_LSHR, 32, 0, 1, 32, U, 0},
    {MD_OP_LSHR, 64, 0, ~0ull, 63, OK, 1},
    {MD_OP_LSHR, 32, MD_OF_EXACT, 5, 1, U, 0},
    {MD_OP_LSHR, 32, MD_OF_EXACT, 4, 2, OK, 1},
    {MD_OP_ASHR, 32, 0, 0x80000000, 31, OK, 0xFFFFFFFF},
    {MD_OP_ASHR, 16, 0, 0x8000, 16, U, 0},
    {MD_OP_ASHR, 32, MD_OF_EXACT, 0xFFFFFFFD, 1, U, 0},
    {MD_OP_ASHR, 32, MD_OF_EXACT, 0xFFFFFFFC, 1, OK, 0xFFFFFFFE},
    {MD_OP_ASHR, 64, 0, 0x8000000000000000, 63, OK, ~0ull},
    /* bitwise; or disjoint */
    {MD_OP_AND, 32, 0, 0xF0F0, 0xFF00, OK, 0xF000},
    {MD_OP_XOR, 32, 0, 0xF0F0, 0xFF00, OK, 0x0FF0},
    {MD_OP_OR, 32, 0, 3, 1, OK, 3},
    {MD_OP_OR, 32, MD_OF_DISJOINT, 3, 1, U, 0},
    {MD_OP_OR, 32, MD_OF_DISJOINT, 2, 1, OK, 3},
    /* udiv / urem: by 0 is UB; exact */
    {MD_OP_UDIV, 32, 0, 7, 2, OK, 3},
    {MD_OP_UDIV, 32, 0, 7, 0, U, 0},
    {MD_OP_UDIV, 32, MD_OF_EXACT, 7, 2, U, 0},
    {MD_OP_UDIV, 32, MD_OF_EXACT, 8, 2, OK, 4},
    {MD_OP_UDIV, 32, 0, 0xFFFFFFFF, 0xFFFFFFFF, OK, 1},
    {MD_OP_UREM, 32, 0, 7, 3, OK, 1},
    {MD_OP_UREM, 32, 0, 7, 0, U, 0},
    {MD_OP_UREM, 64, 0, ~0ull, 10, OK, 5},
    /* sdiv / srem: by 0 and MIN / -1 are UB; truncation toward zero */
    {MD_OP_SDIV, 32, 0, 0xFFFFFFF9, 2, OK, 0xFFFFFFFD}, /* -7/2 = -3 */
    {MD_OP_SDIV, 32, 0, 7, 0xFFFFFFFE, OK, 0xFFFFFFFD}, /* 7/-2 = -3 */
    {MD_OP_SDIV, 32, 0, 7, 0, U, 0},
    {MD_OP_SDIV, 32, 0, 0x80000000, 0xFFFFFFFF, U, 0},
    {MD_OP_SDIV, 32, 0, 0x80000001, 0xFFFFFFFF, OK, 0x7FFFFFFF},
    {MD_OP_SDIV, 8, 0, 0x80, 0xFF, U, 0},
    {MD_OP_SDIV, 64, 0, 0x8000000000000000, ~0ull, U, 0},
    {MD_OP_SDIV, 32, MD_OF_EXACT, 0xFFFFFFF9, 2, U, 0},
    {MD_OP_SDIV, 32, MD_OF_EXACT, 0xFFFFFFF8, 2, OK, 0xFFFFFFFC},
    {MD_OP_SREM, 32, 0, 0xFFFFFFF9, 2, OK, 0xFFFFFFFF}, /* -7%2 = -1 */
    {MD_OP_SREM, 32, 0, 7, 0xFFFFFFFE, OK, 1},           /* 7%-2 = 1 */
    {MD_OP_SREM, 32, 0, 7, 0, U, 0},
    {MD_OP_SREM, 32, 0, 0x80000000, 0xFFFFFFFF, U, 0},
    {MD_OP_SREM, 64, 0, 0x8000000000000000, ~0ull, U, 0},
    /* min / max */
    {MD_OP_SMIN, 32, 0, 0xFFFFFFFF, 1, OK, 0xFFFFFFFF},
    {MD_OP_SMAX, 32, 0, 0xFFFFFFFF, 1, OK, 1},
    {MD_OP_UMIN, 32, 0, 0xFFFFFFFF, 1, OK, 1},
    {MD_OP_UMAX, 32, 0, 0xFFFFFFFF, 1, OK, 0xFFFFFFFF},
    {MD_OP_SMIN, 64, 0, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF, OK,
     0x8000000000000000},
    {MD_OP_UMAX, 64, 0, 0x8000000000000000, 0x7FFFFFFFFFFFFFFF, OK,
     0x8000000000000000},
};

static void test_bin_cases(void) {
  for (unsigned i = 0; i < sizeof k_bin_cases / sizeof k_bin_cases[0]; i++) {
    const bin_case *c = &k_bin_cases[i];
    uint64_t r;
    int st = run_bin(c->op, c->w, c->fl, c->a, c->b, &r);
    CHECK(st == c->st && (st != MD_OK || r == c->r),
          "case %u (op %#x w %d fl %d %#llx, %#llx): got %d/%#llx want "
          "%d/%#llx",
          i, c->op, c->w, c->fl, (unsigned long long)c->a,
          (unsigned long long)c->b, st, (unsigned long long)r, c->st,
          (unsigned long long)c->r);
  }
}

/* ---- icmp, select, casts, constants ---- */

/* Build a 32-bit U32 divisor from a program body, evaluate with args. */
typedef void (*body_fn)(tdb *b);

static int run_body(body_fn body, int kind, void *const *args, uint32_t np,
                    const uint32_t *sizes, const md_dims *dims,
                    uint64_t *r) {
  tdb_init(&g_b, np, sizes);
  tdb_div_begin(&g_b, kind, 0);
  body(&g_b);
  tdb_end(&g_b);
  size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  int v = md_desc_validate(g_buf, n);
  CHECK(v == MD_OK, "body validate: %d", v);
  *r = 0xDEADBEEF;
  return md_desc_eval(g_buf, n, 0, args, dims, r);
}

static void test_icmp(void) {
  /* pred, a, b (i32), expected */
  static const struct { int pred; uint32_t a, b; int want; } cases[] = {
      {MD_PRED_EQ, 5, 5, 1},   {MD_PRED_EQ, 5, 6, 0},
      {MD_PRED_NE, 5, 6, 1},   {MD_PRED_NE, 5, 5, 0},
      {MD_PRED_UGT, 0xFFFFFFFF, 1, 1}, {MD_PRED_UGT, 1, 1, 0},
      {MD_PRED_UGE, 1, 1, 1},  {MD_PRED_UGE, 0, 1, 0},
      {MD_PRED_ULT, 1, 0xFFFFFFFF, 1}, {MD_PRED_ULT, 1, 1, 0},
      {MD_PRED_ULE, 1, 1, 1},  {MD_PRED_ULE, 2, 1, 0},
      {MD_PRED_SGT, 1, 0xFFFFFFFF, 1}, {MD_PRED_SGT, 0xFFFFFFFF, 1, 0},
      {MD_PRED_SGE, 0x80000000, 0x80000000, 1}, {MD_PRED_SGE, 0x80000000, 0, 0},
      {MD_PRED_SLT, 0x80000000, 0x7FFFFFFF, 1}, {MD_PRED_SLT, 0, 0, 0},
      {MD_PRED_SLE, 0xFFFFFFFF, 0xFFFFFFFF, 1}, {MD_PRED_SLE, 0, 0xFFFFFFFF, 0},
  };
  static const uint32_t sizes[1] = {4};
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tdb_init(&g_b, 1, sizes);
    tdb_div_begin(&g_b, MD_KIND_U32, 0);
    tdb_arg(&g_b, 0, 0, 4);
    tdb_const(&g_b, 32, cases[i].b);
    tdb_icmp(&g_b, 32, cases[i].pred);
    tdb_cast(&g_b, MD_OP_ZEXT, 1, 32);
    tdb_end(&g_b);
    size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
    uint32_t a = cases[i].a;
    void *args[1] = {&a};
    uint64_t r;
    int st = md_desc_eval(g_buf, n, 0, args, NULL, &r);
    CHECK(st == MD_OK && r == (uint64_t)cases[i].want,
          "icmp %d %#x %#x: %d/%llu", cases[i].pred, a, cases[i].b, st,
          (unsigned long long)r);
  }
  /* Random widths and values against the reference. */
  for (int t = 0; t < 20000; t++) {
    int w = 1 + (int)tr_below(64), pred = MD_PRED_EQ + (int)tr_below(10);
    uint64_t a = tr_value(w), b = tr_value(w);
    tdb_init(&g_b, 0, NULL);
    tdb_div_begin(&g_b, MD_KIND_U32, 0);
    tdb_const(&g_b, w, a);
    tdb_const(&g_b, w, b);
    tdb_icmp(&g_b, w, pred);
    tdb_cast(&g_b, MD_OP_ZEXT, 1, 32);
    tdb_end(&g_b);
    size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
    uint64_t r, want;
    int st = md_desc_eval(g_buf, n, 0, NULL, NULL, &r);
    ref_eval(g_buf, 0, NULL, NULL, &want);
    CHECK(st == MD_OK && r == want, "icmp w %d pred %d %#llx %#llx", w, pred,
          (unsigned long long)a, (unsigned long long)b);
  }
}

/* select / poison bodies. */
static int g_cond;
static void body_select(tdb *b) {
  tdb_const(b, 1, (uint64_t)g_cond);
  tdb_const(b, 32, 11);
  tdb_const(b, 32, 22);
  tdb_select(b, 32);
}
/* A poison i32: 1 shl 33. */
static void push_poison32(tdb *b) {
  tdb_const(b, 32, 1);
  tdb_const(b, 32, 33);
  tdb_bin(b, MD_OP_SHL, 32, 0);
}
/* select c, (1 shl 40 : poison), 7 */
static void body_select_poison_arm(tdb *b) {
  tdb_const(b, 1, (uint64_t)g_cond);
  tdb_const(b, 32, 1);
  tdb_const(b, 32, 40);
  tdb_bin(b, MD_OP_SHL, 32, 0);
  tdb_const(b, 32, 7);
  tdb_select(b, 32);
}
/* select (icmp eq (x shl 33), 0), 5, 6: poison condition */
static void body_select_poison_cond(tdb *b) {
  tdb_const(b, 64, 1);
  tdb_const(b, 64, 70);
  tdb_bin(b, MD_OP_SHL, 64, 0);
  tdb_const(b, 64, 0);
  tdb_icmp(b, 64, MD_PRED_EQ);
  tdb_const(b, 32, 5);
  tdb_const(b, 32, 6);
  tdb_select(b, 32);
}
/* (127 add nsw 1 : poison) and 0: poison flows through and */
static void body_poison_and(tdb *b) {
  tdb_const(b, 8, 127);
  tdb_const(b, 8, 1);
  tdb_bin(b, MD_OP_ADD, 8, MD_OF_NSW);
  tdb_const(b, 8, 0);
  tdb_bin(b, MD_OP_AND, 8, 0);
  tdb_cast(b, MD_OP_ZEXT, 8, 32);
  tdb_const(b, 32, 9);
  tdb_bin(b, MD_OP_ADD, 32, 0);
}
/* select c, (10 udiv poison), 3: UB even when the arm is not taken */
static void body_div_by_poison(tdb *b) {
  tdb_const(b, 1, (uint64_t)g_cond);
  tdb_const(b, 32, 10);
  push_poison32(b);
  tdb_bin(b, MD_OP_UDIV, 32, 0);
  tdb_const(b, 32, 3);
  tdb_select(b, 32);
}
/* select c, (poison udiv 3), 4: poison, so fine when not taken */
static void body_poison_dividend(tdb *b) {
  tdb_const(b, 1, (uint64_t)g_cond);
  push_poison32(b);
  tdb_const(b, 32, 3);
  tdb_bin(b, MD_OP_UDIV, 32, 0);
  tdb_const(b, 32, 4);
  tdb_select(b, 32);
}
/* select c, (poison sdiv -1), 4: UB (the poison could be INT_MIN) */
static void body_poison_sdiv_m1(tdb *b) {
  tdb_const(b, 1, (uint64_t)g_cond);
  push_poison32(b);
  tdb_const(b, 32, 0xFFFFFFFF);
  tdb_bin(b, MD_OP_SDIV, 32, 0);
  tdb_const(b, 32, 4);
  tdb_select(b, 32);
}
/* casts and constants */
static void body_sext8(tdb *b) {
  tdb_const(b, 8, 0x80);
  tdb_cast(b, MD_OP_SEXT, 8, 32);
}
static void body_sext1_64(tdb *b) {
  tdb_const(b, 1, 1);
  tdb_cast(b, MD_OP_SEXT, 1, 64);
}
static void body_zext1(tdb *b) {
  tdb_const(b, 1, 1);
  tdb_cast(b, MD_OP_ZEXT, 1, 32);
}
static void body_trunc(tdb *b) {
  tdb_const(b, 64, 0x123456789ull);
  tdb_cast(b, MD_OP_TRUNC, 64, 32);
}
static void body_trunc_to1(tdb *b) {
  tdb_const(b, 32, 0xFFFFFFFE);
  tdb_cast(b, MD_OP_TRUNC, 32, 1);
  tdb_cast(b, MD_OP_ZEXT, 1, 32);
}
static void body_sext_pos(tdb *b) {
  tdb_const(b, 16, 0x7FFF);
  tdb_cast(b, MD_OP_SEXT, 16, 64);
}
static void body_const_masked(tdb *b) {
  tdb_const(b, 8, 0x1FF);
  tdb_cast(b, MD_OP_ZEXT, 8, 32);
}
static void body_const_wide(tdb *b) { tdb_const(b, 64, ~0ull); }

static void test_select_casts(void) {
  uint64_t r;
  int st;
  struct { body_fn f; int kind, cond, st; uint64_t r; const char *name; }
  cases[] = {
      {body_select, MD_KIND_U32, 1, MD_OK, 11, "select true"},
      {body_select, MD_KIND_U32, 0, MD_OK, 22, "select false"},
      {body_select_poison_arm, MD_KIND_U32, 0, MD_OK, 7, "poison arm not taken"},
      {body_select_poison_arm, MD_KIND_U32, 1, U, 0, "poison arm taken"},
      {body_select_poison_cond, MD_KIND_U32, 0, U, 0, "poison condition"},
      {body_poison_and, MD_KIND_U32, 0, U, 0, "poison through and"},
      {body_div_by_poison, MD_KIND_U32, 0, U, 0, "udiv by poison, not taken"},
      {body_poison_dividend, MD_KIND_U32, 0, MD_OK, 4, "poison / 3 not taken"},
      {body_poison_dividend, MD_KIND_U32, 1, U, 0, "poison / 3 taken"},
      {body_poison_sdiv_m1, MD_KIND_U32, 0, U, 0, "poison sdiv -1"},
      {body_sext8, MD_KIND_U32, 0, MD_OK, 0xFFFFFF80, "sext i8 0x80"},
      {body_sext1_64, MD_KIND_U64, 0, MD_OK, ~0ull, "sext i1 1 to i64"},
      {body_zext1, MD_KIND_U32, 0, MD_OK, 1, "zext i1"},
      {body_trunc, MD_KIND_U32, 0, MD_OK, 0x23456789, "trunc i64"},
      {body_trunc_to1, MD_KIND_U32, 0, MD_OK, 0, "trunc to i1"},
      {body_sext_pos, MD_KIND_U64, 0, MD_OK, 0x7FFF, "sext positive"},
      {body_const_masked, MD_KIND_U32, 0, MD_OK, 0xFF, "const masked"},
      {body_const_wide, MD_KIND_U64, 0, MD_OK, ~0ull, "const i64"},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    g_cond = cases[i].cond;
    st = run_body(cases[i].f, cases[i].kind, NULL, 0, NULL, NULL, &r);
    CHECK(st == cases[i].st && (st != MD_OK || r == cases[i].r),
          "%s: got %d/%#llx want %d/%#llx", cases[i].name, st,
          (unsigned long long)r, cases[i].st, (unsigned long long)cases[i].r);
    uint64_t want;
    int rst = ref_eval(g_buf, 0, NULL, NULL, &want);
    CHECK(rst == st && (st != MD_OK || want == r), "%s: reference %d/%#llx",
          cases[i].name, rst, (unsigned long long)want);
  }
}

/* ---- arguments: scalars, byval struct fields, widths and offsets ---- */

typedef struct shape {
  int32_t n, c, h, w;
} shape;

static int g_off, g_size, g_param;
static void body_field(tdb *b) {
  tdb_arg(b, (unsigned)g_param, (uint32_t)g_off, (unsigned)g_size);
  if (g_size < 8)
    tdb_cast(b, MD_OP_ZEXT, 8 * g_size, 64);
}

static void test_args(void) {
  shape s = {2, 3, 5, 7};
  int64_t big = 0x0123456789ABCDEFll;
  int32_t total = -9;
  int *out = NULL;
  void *args[4] = {&out, &s, &total, &big};
  static const uint32_t sizes[4] = {8, 16, 4, 8};
  uint64_t r;
  struct { int param, off, size; uint64_t want; } cases[] = {
      {1, 0, 4, 2}, {1, 4, 4, 3}, {1, 8, 4, 5}, {1, 12, 4, 7},
      {1, 12, 1, 7}, {1, 13, 1, 0}, {1, 12, 2, 7}, {1, 8, 8, 0x0000000700000005},
      {2, 0, 4, 0xFFFFFFF7}, {2, 0, 1, 0xF7}, {2, 2, 2, 0xFFFF},
      {3, 0, 8, 0x0123456789ABCDEF}, {3, 4, 4, 0x01234567}, {3, 7, 1, 0x01},
      {3, 1, 2, 0xABCD},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    g_param = cases[i].param, g_off = cases[i].off, g_size = cases[i].size;
    int st = run_body(body_field, MD_KIND_U64, args, 4, sizes, NULL, &r);
    CHECK(st == MD_OK && r == cases[i].want,
          "arg %d +%d size %d: %d/%#llx want %#llx", g_param, g_off, g_size,
          st, (unsigned long long)r, (unsigned long long)cases[i].want);
  }
  /* A NULL args[i] that the program reads; args == NULL. */
  void *nul_args[4] = {&out, NULL, &total, &big};
  g_param = 1, g_off = 12, g_size = 4;
  CHECK(run_body(body_field, MD_KIND_U64, nul_args, 4, sizes, NULL, &r) ==
            MD_ERR_INVALID, "NULL args[1]");
  CHECK(run_body(body_field, MD_KIND_U64, NULL, 4, sizes, NULL, &r) ==
            MD_ERR_INVALID, "NULL args");
  md_extra ex;
  size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  CHECK(md_desc_fill(g_buf, n, NULL, NULL, &ex) == MD_ERR_INVALID,
        "fill NULL args");
  CHECK(md_desc_fill(g_buf, n, nul_args, NULL, &ex) == MD_ERR_INVALID,
        "fill NULL args[1]");
  CHECK(md_desc_fill(g_buf, n, args, NULL, NULL) == MD_ERR_INVALID,
        "fill NULL out");
  /* A NULL args[i] that no program reads is fine. */
  void *nul0[4] = {NULL, &s, &total, &big};
  CHECK(run_body(body_field, MD_KIND_U64, nul0, 4, sizes, NULL, &r) == MD_OK &&
            r == 7, "NULL args[0] unread");
}

/* ---- launch dimensions ---- */

static int g_which;
static void body_launch(tdb *b) { tdb_launch(b, g_which); }

static void test_launch(void) {
  md_dims dims = {{10, 20, 30}, {128, 2, 3}};
  uint64_t want[9] = {128, 2, 3, 10, 20, 30, 1280, 40, 90};
  uint64_t r;
  for (g_which = 0; g_which <= MD_LAUNCH_ITEMS_Z; g_which++) {
    int st = run_body(body_launch, MD_KIND_U32, NULL, 0, NULL, &dims, &r);
    CHECK(st == MD_OK && r == want[g_which], "launch %d: %d/%llu", g_which,
          st, (unsigned long long)r);
  }
  /* ITEMS that do not fit the 32-bit register: undefined. */
  md_dims huge = {{0x10000, 0x10000, 65535}, {0x10000, 0xFFFF, 65537}};
  /* 2^32: too big; 0xFFFF0000 and 65535 * 65537 = 2^32 - 1 fit. */
  const int w8[3] = {U, MD_OK, MD_OK};
  for (int k = 0; k < 3; k++) {
    g_which = MD_LAUNCH_ITEMS_X + k;
    int st = run_body(body_launch, MD_KIND_U32, NULL, 0, NULL, &huge, &r);
    CHECK(st == w8[k], "items overflow %d: %d", k, st);
  }
  g_which = MD_LAUNCH_GRID_X;
  CHECK(run_body(body_launch, MD_KIND_U32, NULL, 0, NULL, NULL, &r) ==
            MD_ERR_INVALID, "LAUNCH with dims NULL");
  /* A launch value as a divisor: blockDim.x == 0 -> DIV_ZERO. */
  md_dims zero = {{1, 1, 1}, {0, 1, 1}};
  md_extra ex;
  g_which = MD_LAUNCH_BLOCK_X;
  run_body(body_launch, MD_KIND_U32, NULL, 0, NULL, &zero, &r);
  size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  CHECK(md_desc_fill(g_buf, n, NULL, &zero, &ex) == MD_FALLBACK_DIV_ZERO,
        "blockDim.x = 0");
}

/* ---- kinds: fallbacks, layout, and exact magic ---- */

static const char *k_kind_name[5] = {"?", "U32", "S32", "U64", "S64"};

/* One divisor of `kind` read from an 8-byte parameter. */
static size_t build_kind(int kind, int flags) {
  static const uint32_t sizes[1] = {8};
  int w = md_kind_width(kind);
  tdb_init(&g_b, 1, sizes);
  tdb_div_begin(&g_b, kind, flags);
  tdb_arg(&g_b, 0, 0, (unsigned)w / 8);
  tdb_end(&g_b);
  return tdb_finish(&g_b, g_buf, sizeof g_buf);
}

static int fill_kind(int kind, int flags, uint64_t d, md_extra *ex) {
  size_t n = build_kind(kind, flags);
  void *args[1] = {&d};
  memset(ex, 0xA5, sizeof *ex);
  return md_desc_fill(g_buf, n, args, NULL, ex);
}

static void test_kind_fallbacks(void) {
  md_extra ex;
  for (int kind = MD_KIND_U32; kind <= MD_KIND_S64; kind++) {
    int sgn = kind == MD_KIND_S32 || kind == MD_KIND_S64;
    int w = md_kind_width(kind);
    uint64_t M = ~0ull >> (64 - w), S = 1ull << (w - 1);
    for (int pos = 0; pos <= sgn; pos++) {
      int fl = pos ? MD_DF_POSITIVE : 0;
      CHECK(fill_kind(kind, fl, 0, &ex) == MD_FALLBACK_DIV_ZERO, "%s zero",
            k_kind_name[kind]);
      int want_neg = pos ? MD_FALLBACK_NOT_POSITIVE : MD_OK;
      CHECK(fill_kind(kind, fl, M, &ex) == want_neg, "%s%s -1",
            k_kind_name[kind], pos ? " positive" : "");
      CHECK(fill_kind(kind, fl, S, &ex) == want_neg, "%s%s MIN",
            k_kind_name[kind], pos ? " positive" : "");
      CHECK(fill_kind(kind, fl, S - 1, &ex) == MD_OK, "%s MAX",
            k_kind_name[kind]);
      CHECK(ex.n_params == 1 &&
                ex.n_extra == (uint32_t)md_kind_params(kind, fl),
            "%s counts", k_kind_name[kind]);
    }
  }
  /* The signed kinds see the divisor's low w bits only: a U32 program
   * value 0x1_0000_0000 cannot exist (ARG reads 4 bytes), so check that an
   * 8-byte arg's high half is ignored. */
  CHECK(fill_kind(MD_KIND_U32, 0, 0x100000000ull, &ex) == MD_FALLBACK_DIV_ZERO,
        "U32 reads 4 bytes");
}

/* MD_DF_DIV32 -- accepted for the 64-bit kinds only; at fill,
 * U64 runs the clone for 1 <= d < 2^32 and falls back from 2^32 on; S64
 * (with and without MD_DF_POSITIVE) for -2^31 <= d < 2^31, d != 0. */
static void test_div32(void) {
  md_extra ex;
  static const uint64_t ok_u[] = {1, 2, 0xffffffffull, 0x80000000ull};
  static const uint64_t bad_u[] = {0x100000000ull, 0x100000001ull,
                                   ~0ull, 0xffffffff00000000ull};
  static const int64_t ok_s[] = {1, -1, INT32_MAX, INT32_MIN, 12345, -7};
  static const int64_t bad_s[] = {(int64_t)INT32_MAX + 1,
                                  (int64_t)INT32_MIN - 1, INT64_MAX,
                                  INT64_MIN, 0x100000000ll, -0x100000000ll};
  size_t i, n;
  for (int kind = MD_KIND_U32; kind <= MD_KIND_S32; kind++) {
    n = build_kind(kind, MD_DF_DIV32);
    CHECK(md_desc_validate(g_buf, n) == MD_ERR_DESC_MALFORMED,
          "%s with MD_DF_DIV32 must be rejected", k_kind_name[kind]);
  }
  n = build_kind(MD_KIND_U64, MD_DF_DIV32);
  CHECK(md_desc_validate(g_buf, n) == MD_OK, "U64 DIV32 validates");
  n = build_kind(MD_KIND_S64, MD_DF_DIV32 | MD_DF_POSITIVE);
  CHECK(md_desc_validate(g_buf, n) == MD_OK, "S64 DIV32|POSITIVE validates");
  n = build_kind(MD_KIND_S64, 0x08);
  CHECK(md_desc_validate(g_buf, n) == MD_ERR_DESC_MALFORMED,
        "unknown flag 0x08 rejected");
  for (i = 0; i < sizeof ok_u / sizeof ok_u[0]; i++) {
    CHECK(fill_kind(MD_KIND_U64, MD_DF_DIV32, ok_u[i], &ex) == MD_OK,
          "U64 DIV32 d=%#llx runs the clone", (unsigned long long)ok_u[i]);
    md_u64_magic g;
    md_magic_u64(ok_u[i], &g);
    CHECK(ex.value[0] == g.m && ex.value[1] == g.a && ex.value[2] == g.s,
          "U64 DIV32 d=%#llx: same magic", (unsigned long long)ok_u[i]);
  }
  for (i = 0; i < sizeof bad_u / sizeof bad_u[0]; i++)
    CHECK(fill_kind(MD_KIND_U64, MD_DF_DIV32, bad_u[i], &ex) ==
              MD_FALLBACK_NOT_DIV32,
          "U64 DIV32 d=%#llx falls back", (unsigned long long)bad_u[i]);
  CHECK(fill_kind(MD_KIND_U64, MD_DF_DIV32, 0, &ex) == MD_FALLBACK_DIV_ZERO,
        "U64 DIV32 zero");
  for (i = 0; i < sizeof ok_s / sizeof ok_s[0]; i++)
    CHECK(fill_kind(MD_KIND_S64, MD_DF_DIV32, (uint64_t)ok_s[i], &ex) ==
              MD_OK,
          "S64 DIV32 d=%lld runs the clone", (long long)ok_s[i]);
  for (i = 0; i < sizeof bad_s / sizeof bad_s[0]; i++)
    CHECK(fill_kind(MD_KIND_S64, MD_DF_DIV32, (uint64_t)bad_s[i], &ex) ==
              MD_FALLBACK_NOT_DIV32,
          "S64 DIV32 d=%lld falls back", (long long)bad_s[i]);
  CHECK(fill_kind(MD_KIND_S64, MD_DF_DIV32 | MD_DF_POSITIVE,
                  (uint64_t)-5, &ex) == MD_FALLBACK_NOT_POSITIVE,
        "S64 DIV32|POSITIVE d=-5");
  CHECK(fill_kind(MD_KIND_S64, MD_DF_DIV32 | MD_DF_POSITIVE, 5, &ex) ==
            MD_OK && ex.n_extra == 3,
        "S64 DIV32|POSITIVE d=5");
  CHECK(strcmp(md_status_str(MD_FALLBACK_NOT_DIV32), "unknown status") != 0,
        "MD_FALLBACK_NOT_DIV32 has a name");
}

/* MD_DF_FAST32 -- S64 only (with and without MD_DF_POSITIVE), two more
 * parameters after the others: f1 = m32 | a32 << 32, f2 = s32 | lim << 32;
 * the u32 magic of d and lim = 1 for 0 < d < 2^32, 0 0 0 / 1 for
 * d >= 2^32, all 0 for d < 0.  No requirement: every d != 0 runs. */
static void test_fast32(void) {
  static const int64_t ds[] = {1, 3, 7, 10, 641, 0x7fffffff, 0x80000000ll,
                               0xffffffffll, 0x100000000ll, INT64_MAX,
                               -1, -7, INT32_MIN, INT64_MIN};
  md_extra ex;
  size_t i;
  for (int kind = MD_KIND_U32; kind <= MD_KIND_U64; kind++) {
    size_t n = build_kind(kind, MD_DF_FAST32);
    CHECK(md_desc_validate(g_buf, n) == MD_ERR_DESC_MALFORMED,
          "%s with MD_DF_FAST32 must be rejected", k_kind_name[kind]);
  }
  for (i = 0; i < sizeof ds / sizeof ds[0]; i++)
    for (int pos = 0; pos <= 1; pos++) {
      int fl = MD_DF_FAST32 | (pos ? MD_DF_POSITIVE : 0);
      int np = pos ? 3 : 4, st = fill_kind(MD_KIND_S64, fl, (uint64_t)ds[i], &ex);
      uint64_t f1 = 0, f2 = 0;
      md_s64_magic g;
      if (pos && ds[i] < 0) {
        CHECK(st == MD_FALLBACK_NOT_POSITIVE, "S64 FAST32|POSITIVE d=%lld",
              (long long)ds[i]);
        continue;
      }
      md_magic_s64(ds[i], &g);
      if (ds[i] > 0 && ds[i] < 0x100000000ll) {
        md_u32_magic u;
        md_magic_u32((uint32_t)ds[i], &u);
        f1 = u.m | (uint64_t)u.a << 32;
        f2 = u.s | 1ull << 32;
      } else if (ds[i] > 0) {
        f2 = 1ull << 32;
      }
      CHECK(st == MD_OK && ex.n_extra == (uint32_t)np + 2 &&
                ex.value[0] == g.m && ex.value[1] == g.a &&
                ex.value[2] == g.s &&
                (pos || ex.value[3] == (uint64_t)g.dsgn) &&
                ex.value[np] == f1 && ex.value[np + 1] == f2,
            "S64 FAST32%s d=%lld", pos ? "|POSITIVE" : "", (long long)ds[i]);
    }
  CHECK(md_magic_s64_fast32(0, ex.value) == MD_ERR_DIV_ZERO &&
            md_magic_s64_fast32(5, NULL) == MD_ERR_INVALID,
        "md_magic_s64_fast32 errors");
}

/* Divisors to prove, per width: small, powers of two and neighbours,
 * extremes and random. */
static int divisor_list(int w, uint64_t *out, int cap) {
  int n = 0;
  uint64_t M = ~0ull >> (64 - w);
  for (uint64_t d = 1; d <= 300 && n < cap; d++)
    out[n++] = d;
  for (int k = 1; k < w && n + 3 <= cap; k++) {
    out[n++] = (1ull << k) - 1;
    out[n++] = 1ull << k;
    out[n++] = (1ull << k) + 1;
  }
  out[n++] = M;
  out[n++] = M - 1;
  out[n++] = M >> 1;
  out[n++] = (M >> 1) + 1;
  for (int i = 0; i < 200 && n < cap; i++)
    out[n++] = (tr_next() >> tr_below(w)) & M;
  return n;
}

/* Dividends: edges plus random, as w-bit patterns. */
static uint64_t dividend(int w, uint64_t d, int i) {
  uint64_t M = ~0ull >> (64 - w);
  switch (i) {
  case 0: return 0;
  case 1: return 1;
  case 2: return M;
  case 3: return M - 1;
  case 4: return M >> 1;
  case 5: return (M >> 1) + 1;
  case 6: return d & M;
  case 7: return (d - 1) & M;
  case 8: return (d + 1) & M;
  case 9: return (M / (d ? d : 1)) * d & M; /* largest multiple of d */
  case 10: return ((M / (d ? d : 1)) * d - 1) & M;
  default: return tr_value(w);
  }
}

static void test_magic_exact(void) {
  static uint64_t ds[1024];
  md_extra ex;
  for (int kind = MD_KIND_U32; kind <= MD_KIND_S64; kind++) {
    int w = md_kind_width(kind);
    int sgn = kind == MD_KIND_S32 || kind == MD_KIND_S64;
    int nd = divisor_list(w, ds, 1000);
    for (int pos = 0; pos <= sgn; pos++) {
      int fl = pos ? MD_DF_POSITIVE : 0;
      long bad = 0;
      for (int di = 0; di < nd; di++) {
        for (int neg = 0; neg <= (sgn && !pos); neg++) {
          uint64_t M = ~0ull >> (64 - w);
          uint64_t dv = ds[di];
          if (sgn && (dv >> (w - 1)))
            dv &= M >> 1; /* keep it positive before negating */
          if (dv == 0)
            continue;
          if (neg)
            dv = (0 - dv) & M;
          int st = fill_kind(kind, fl, dv, &ex);
          if (st != MD_OK) {
            CHECK(0, "%s%s d=%#llx: fill %d (%s)", k_kind_name[kind],
                  pos ? "+" : "", (unsigned long long)dv, st,
                  md_status_str(st));
            bad++;
            if (bad > 3)
              break;
            continue;
          }
          /* Each parameter zero-extended from its width. */
          for (uint32_t k = 0; k < ex.n_extra; k++)
            CHECK(ex.value[k] <= M, "%s param %u not zero-extended",
                  k_kind_name[kind], k);
          if (sgn && !pos)
            CHECK(ex.value[3] == (neg ? M : 0), "%s dsgn %#llx",
                  k_kind_name[kind], (unsigned long long)ex.value[3]);
          for (int i = 0; i < 64; i++) {
            uint64_t n = dividend(w, dv, i);
            int ok;
            if (kind == MD_KIND_U32) {
              md_u32_magic g = {(uint32_t)ex.value[0], (uint32_t)ex.value[1],
                                (uint32_t)ex.value[2]};
              ok = md_eval_u32((uint32_t)n, &g) == (uint32_t)n / (uint32_t)dv;
            } else if (kind == MD_KIND_U64) {
              md_u64_magic g = {ex.value[0], ex.value[1], ex.value[2]};
              ok = md_eval_u64(n, &g) == n / dv;
            } else if (kind == MD_KIND_S32) {
              md_s32_magic g = {(uint32_t)ex.value[0], (uint32_t)ex.value[1],
                                (uint32_t)ex.value[2],
                                pos ? 0 : (int32_t)(uint32_t)ex.value[3]};
              int32_t sn = (int32_t)(uint32_t)n, sd = (int32_t)(uint32_t)dv;
              if (sn == INT32_MIN && sd == -1)
                continue;
              ok = md_eval_s32(sn, &g) == sn / sd &&
                   (sn < 0 || md_eval_s32_nonneg(sn, &g) == sn / sd);
            } else {
              md_s64_magic g = {ex.value[0], ex.value[1], ex.value[2],
                                pos ? 0 : (int64_t)ex.value[3]};
              int64_t sn = (int64_t)n, sd = (int64_t)dv;
              if (sn == INT64_MIN && sd == -1)
                continue;
              ok = md_eval_s64(sn, &g) == sn / sd &&
                   (sn < 0 || md_eval_s64_nonneg(sn, &g) == sn / sd);
            }
            CHECK(ok, "%s%s d=%#llx n=%#llx: wrong quotient",
                  k_kind_name[kind], pos ? "+" : "", (unsigned long long)dv,
                  (unsigned long long)n);
          }
        }
      }
    }
  }
}

/* ---- a whole kernel: k(int *out, Shape s, int total) (docs/ABI.md) ---- */

static size_t build_shape_desc(uint8_t *out) {
  static const uint32_t sizes[3] = {8, 16, 4};
  tdb_init(&g_b, 3, sizes);
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE); /* s.w */
  tdb_arg(&g_b, 1, 12, 4);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE); /* s.w * s.h */
  tdb_arg(&g_b, 1, 12, 4);
  tdb_arg(&g_b, 1, 8, 4);
  tdb_bin(&g_b, MD_OP_MUL, 32, MD_OF_NSW);
  tdb_end(&g_b);
  tdb_req_grid_x(&g_b); /* nctaid.x * ntid.x <= 2^31 */
  return tdb_finish(&g_b, out, 4096);
}

/* The bytes docs/ABI.md shows for this descriptor (test/docs/abi-example.test
 * checks that table against the plugin's output). */
static const uint8_t k_shape_bytes[] = {
    0x4D, 0x44, 0x44, 0x53, 0x02, 0x00, 0x14, 0x00, 0x6C, 0x00, 0x00, 0x00,
    0x03, 0x00, 0x02, 0x00, 0x06, 0x00, 0x01, 0x00, /* header */
    0x08, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
    0x02, 0x01, 0x00, 0x00, 0x34, 0x00, 0x00, 0x00, /* divisor 0 */
    0x02, 0x01, 0x03, 0x00, 0x3D, 0x00, 0x00, 0x00, /* divisor 1 */
    0x51, 0x00, 0x00, 0x00,                         /* requirement 0 */
    0x01, 0x01, 0x00, 0x0C, 0x00, 0x00, 0x00, 0x04, 0x00, /* s.w */
    0x01, 0x01, 0x00, 0x0C, 0x00, 0x00, 0x00, 0x04,       /* s.w */
    0x01, 0x01, 0x00, 0x08, 0x00, 0x00, 0x00, 0x04,       /* s.h */
    0x12, 0x20, 0x01, 0x00,                               /* mul nsw, end */
    0x03, 0x03, 0x30, 0x20, 0x40,                         /* nctaid.x */
    0x03, 0x00, 0x30, 0x20, 0x40,                         /* ntid.x */
    0x12, 0x40, 0x02,                                     /* mul nuw */
    0x02, 0x40, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, /* 2^31 */
    0x28, 0x40, 0x25, 0x00,                               /* ule, end */
};

static void test_shape_kernel(void) {
  uint8_t d[4096];
  size_t n = build_shape_desc(d);
  CHECK(n == sizeof k_shape_bytes && memcmp(d, k_shape_bytes, n) == 0,
        "shape descriptor differs from docs/ABI.md");
  shape s = {2, 3, 5, 7};
  int32_t total = 2 * 3 * 5 * 7;
  int *out = NULL;
  void *args[3] = {&out, &s, &total};
  md_extra ex;
  md_dims dims = {{4, 1, 1}, {64, 1, 1}}; /* 256 threads in x */
  int st = md_desc_fill(d, n, args, &dims, &ex);
  CHECK(st == MD_OK, "shape fill: %s", md_status_str(st));
  if (st == MD_OK) {
    md_s32_magic g0, g1;
    md_magic_s32(7, &g0);
    md_magic_s32(35, &g1);
    CHECK(ex.n_params == 3 && ex.n_extra == 6 && ex.value[0] == g0.m &&
              ex.value[1] == g0.a && ex.value[2] == g0.s &&
              ex.value[3] == g1.m && ex.value[4] == g1.a &&
              ex.value[5] == g1.s,
          "shape magic layout");
    void *cargs[9];
    CHECK(md_build_args(&ex, args, cargs, 9) == MD_OK, "build args");
    CHECK(cargs[0] == args[0] && cargs[1] == args[1] && cargs[2] == args[2] &&
              *(uint32_t *)cargs[3] == g0.m && *(uint32_t *)cargs[5] == g0.s &&
              *(uint32_t *)cargs[6] == g1.m && *(uint32_t *)cargs[8] == g1.s,
          "clone args");
  }
  /* Fallbacks of this launch. */
  shape bad = {2, 3, 5, 0};
  args[1] = &bad;
  CHECK(md_desc_fill(d, n, args, &dims, &ex) == MD_FALLBACK_DIV_ZERO, "w=0");
  bad.w = -7;
  CHECK(md_desc_fill(d, n, args, &dims, &ex) == MD_FALLBACK_NOT_POSITIVE,
        "w<0");
  bad.w = 65536, bad.h = 65536; /* h*w overflows: mul nsw is poison */
  CHECK(md_desc_fill(d, n, args, &dims, &ex) == MD_FALLBACK_UNDEFINED,
        "h*w overflows");
  bad.w = 7, bad.h = -5;
  CHECK(md_desc_fill(d, n, args, &dims, &ex) == MD_FALLBACK_NOT_POSITIVE,
        "h*w < 0");
  /* More than 2^31 threads in x: the requirement fails. */
  md_dims many = {{1u << 22, 1, 1}, {1024, 1, 1}};
  args[1] = &s;
  CHECK(md_desc_fill(d, n, args, &many, &ex) == MD_FALLBACK_REQUIREMENT,
        "2^32 threads");
  many.grid[0] = 1u << 21; /* exactly 2^31 */
  CHECK(md_desc_fill(d, n, args, &many, &ex) == MD_OK, "2^31 threads");
}

/* ---- md_build_args ---- */

static void test_build_args(void) {
  md_extra ex;
  memset(&ex, 0, sizeof ex);
  ex.n_params = 2, ex.n_extra = 3;
  int a = 1, b = 2;
  void *args[2] = {&a, &b}, *out[8];
  CHECK(md_build_args(&ex, args, out, 5) == MD_OK && out[0] == &a &&
            out[1] == &b && out[2] == &ex.value[0] && out[4] == &ex.value[2],
        "build args");
  CHECK(md_build_args(&ex, args, out, 4) == MD_ERR_INVALID, "cap too small");
  CHECK(md_build_args(NULL, args, out, 8) == MD_ERR_INVALID, "NULL ex");
  CHECK(md_build_args(&ex, NULL, out, 8) == MD_ERR_INVALID, "NULL args");
  CHECK(md_build_args(&ex, args, NULL, 8) == MD_ERR_INVALID, "NULL out");
  ex.n_params = 0;
  CHECK(md_build_args(&ex, NULL, out, 3) == MD_OK && out[0] == &ex.value[0],
        "no params");
  ex.n_extra = MD_MAX_EXTRA + 1;
  CHECK(md_build_args(&ex, NULL, out, 8) == MD_ERR_INVALID, "n_extra too big");
}

/* ---- structural validation ---- */

/* A valid base: 2 params, 2 divisors (U32: p0; S32: p1 + 1). */
static size_t build_base(uint8_t *out) {
  static const uint32_t sizes[2] = {4, 16};
  tdb_init(&g_b, 2, sizes);
  tdb_div_begin(&g_b, MD_KIND_U32, 0);
  tdb_arg(&g_b, 0, 0, 4);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_S32, 0);
  tdb_arg(&g_b, 1, 12, 4);
  tdb_const(&g_b, 32, 1);
  tdb_bin(&g_b, MD_OP_ADD, 32, MD_OF_NSW);
  tdb_end(&g_b);
  return tdb_finish(&g_b, out, 4096);
}
/* Offsets in the base: header 20, params 20..28, entries 28..44, code 44. */
enum { B_E0 = 28, B_E1 = 36, B_C0 = 44, B_C1 = 53 };

static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) {
  put16(p, v & 0xFFFF), put16(p + 2, v >> 16);
}

/* Mutate the base with f, expect status `want` from validate and fill. */
static void expect_bad(void (*f)(uint8_t *d, size_t *n), int want,
                       const char *what) {
  uint8_t d[8192];
  size_t n = build_base(d);
  f(d, &n);
  int st = md_desc_validate(d, n);
  CHECK(st == want, "%s: validate %d want %d", what, st, want);
  uint32_t p0 = 5, p1[4] = {1, 2, 3, 4};
  void *args[2] = {&p0, p1};
  md_extra ex;
  st = md_desc_fill(d, n, args, NULL, &ex);
  CHECK(st == want, "%s: fill %d want %d", what, st, want);
}

static void m_none(uint8_t *d, size_t *n) { (void)d, (void)n; }
static void m_magic(uint8_t *d, size_t *n) { (void)n, d[3] = 'T'; }
static void m_version0(uint8_t *d, size_t *n) { (void)n, put16(d + 4, 0); }
static void m_version3(uint8_t *d, size_t *n) { (void)n, put16(d + 4, 3); }
static void m_version1(uint8_t *d, size_t *n) { (void)n, put16(d + 4, 1); }
static void m_hsize(uint8_t *d, size_t *n) { (void)n, put16(d + 6, 24); }
static void m_total_big(uint8_t *d, size_t *n) { put32(d + 8, (uint32_t)*n + 1); }
static void m_total_small(uint8_t *d, size_t *n) { (void)n, put32(d + 8, 40); }
/* n_reqs = 1 but no requirement table: the programs overlap the table */
static void m_reserved(uint8_t *d, size_t *n) { (void)n, d[18] = 1; }
/* version 1 reserved the n_reqs field as 0 */
static void m_v1_reqs(uint8_t *d, size_t *n) {
  (void)n, put16(d + 4, 1), d[18] = 1;
}
static void m_nreq_max(uint8_t *d, size_t *n) {
  (void)n, put16(d + 18, MD_MAX_REQS + 1);
}
static void m_nparams(uint8_t *d, size_t *n) { (void)n, put16(d + 12, 3); }
static void m_ndiv(uint8_t *d, size_t *n) { (void)n, put16(d + 14, 3); }
static void m_nextra_more(uint8_t *d, size_t *n) { (void)n, put16(d + 16, 8); }
static void m_nextra_less(uint8_t *d, size_t *n) { (void)n, put16(d + 16, 6); }
static void m_kind0(uint8_t *d, size_t *n) { (void)n, d[B_E0] = 0; }
static void m_kind5(uint8_t *d, size_t *n) { (void)n, d[B_E0] = 5; }
static void m_flag2(uint8_t *d, size_t *n) { (void)n, d[B_E1 + 1] = 2; }
static void m_pos_unsigned(uint8_t *d, size_t *n) { (void)n, d[B_E0 + 1] = 1; }
static void m_pos_gap(uint8_t *d, size_t *n) { (void)n, d[B_E1 + 1] = 1; }
static void m_overlap(uint8_t *d, size_t *n) { (void)n, put16(d + B_E1 + 2, 2); }
static void m_swap_extra(uint8_t *d, size_t *n) {
  (void)n, put16(d + B_E0 + 2, 4), put16(d + B_E1 + 2, 0);
}
static void m_extra_out(uint8_t *d, size_t *n) { (void)n, put16(d + B_E1 + 2, 4); }
static void m_code_in_table(uint8_t *d, size_t *n) { (void)n, put32(d + B_E0 + 4, 40); }
static void m_code_past(uint8_t *d, size_t *n) { put32(d + B_E0 + 4, (uint32_t)*n); }
static void m_code_huge(uint8_t *d, size_t *n) { (void)n, put32(d + B_E0 + 4, 0xFFFFFFFF); }
static void m_opcode(uint8_t *d, size_t *n) { (void)n, d[B_C0] = 0x21; }
static void m_opcode_ff(uint8_t *d, size_t *n) { (void)n, d[B_C0] = 0xFF; }
static void m_arg_param(uint8_t *d, size_t *n) { (void)n, d[B_C0 + 1] = 2; }
static void m_arg_size3(uint8_t *d, size_t *n) { (void)n, d[B_C0 + 7] = 3; }
static void m_arg_size8(uint8_t *d, size_t *n) { (void)n, d[B_C0 + 7] = 8; }
static void m_arg_off(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 3] = 13; }
static void m_arg_off_huge(uint8_t *d, size_t *n) { (void)n, put32(d + B_C1 + 3, 0xFFFFFFFC); }
static void m_param_size(uint8_t *d, size_t *n) { (void)n, put32(d + 24, 15); }
static void m_no_end(uint8_t *d, size_t *n) { (*n)--, put32(d + 8, (uint32_t)*n); }
static void m_const_w0(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 9] = 0; }
static void m_const_w65(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 9] = 65; }
static void m_const_w31(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 9] = 31; }
static void m_add_w31(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 19] = 31; }
static void m_add_exact(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 20] = MD_OF_EXACT; }
static void m_add_disjoint(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 20] = MD_OF_DISJOINT; }
static void m_add_16(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 20] = 0x10; }
static void m_op_to_udiv_nsw(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 18] = MD_OP_UDIV; }
static void m_op_to_and_nsw(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 18] = MD_OP_AND; }
static void m_op_to_sdiv_exact(uint8_t *d, size_t *n) {
  (void)n, d[B_C1 + 18] = MD_OP_SDIV, d[B_C1 + 20] = MD_OF_EXACT;
}
static void m_op_to_or_disjoint(uint8_t *d, size_t *n) {
  (void)n, d[B_C1 + 18] = MD_OP_OR, d[B_C1 + 20] = MD_OF_DISJOINT;
}
static void m_end_early(uint8_t *d, size_t *n) { (void)n, d[B_C1 + 18] = MD_OP_END; }
static void m_kind_u64(uint8_t *d, size_t *n) { (void)n, d[B_E0] = MD_KIND_U64; }
static void m_version_short(uint8_t *d, size_t *n) { put16(d + 4, 7), *n = 6; }
static void m_short5(uint8_t *d, size_t *n) { (void)d, *n = 5; }
static void m_short19(uint8_t *d, size_t *n) { (void)d, *n = 19; }

/* Programs built from scratch: expected malformed. */
typedef void (*prog_fn)(tdb *b);
static void p_underflow_bin(tdb *b) { tdb_const(b, 32, 1); tdb_bin(b, MD_OP_ADD, 32, 0); }
static void p_underflow_icmp(tdb *b) { tdb_const(b, 32, 1); tdb_icmp(b, 32, MD_PRED_EQ); }
static void p_underflow_sel(tdb *b) {
  tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_select(b, 32);
}
static void p_underflow_cast(tdb *b) { tdb_cast(b, MD_OP_ZEXT, 8, 32); }
static void p_empty(tdb *b) { (void)b; }
static void p_two_left(tdb *b) { tdb_const(b, 32, 1); tdb_const(b, 32, 1); }
static void p_overflow(tdb *b) {
  for (int i = 0; i < MD_STACK_MAX + 1; i++)
    tdb_const(b, 32, 1);
  for (int i = 0; i < MD_STACK_MAX; i++)
    tdb_bin(b, MD_OP_ADD, 32, 0);
}
static void p_width_mismatch(tdb *b) {
  tdb_const(b, 32, 1); tdb_const(b, 16, 1); tdb_bin(b, MD_OP_ADD, 32, 0);
}
static void p_width_mismatch2(tdb *b) {
  tdb_const(b, 16, 1); tdb_const(b, 32, 1); tdb_bin(b, MD_OP_ADD, 32, 0);
}
static void p_w0(tdb *b) { tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_bin(b, MD_OP_MUL, 0, 0); }
static void p_w65(tdb *b) { tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_bin(b, MD_OP_MUL, 65, 0); }
static void p_icmp_pred31(tdb *b) {
  tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_icmp(b, 32, 31);
  tdb_cast(b, MD_OP_ZEXT, 1, 32);
}
static void p_icmp_pred42(tdb *b) {
  tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_icmp(b, 32, 42);
  tdb_cast(b, MD_OP_ZEXT, 1, 32);
}
static void p_icmp_w(tdb *b) {
  tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_icmp(b, 16, MD_PRED_EQ);
  tdb_cast(b, MD_OP_ZEXT, 1, 32);
}
static void p_icmp_result_w(tdb *b) { /* i1 result used as i32 */
  tdb_const(b, 32, 1); tdb_const(b, 32, 1); tdb_icmp(b, 32, MD_PRED_EQ);
}
static void p_select_cond8(tdb *b) {
  tdb_const(b, 8, 1); tdb_const(b, 32, 1); tdb_const(b, 32, 2); tdb_select(b, 32);
}
static void p_select_arm(tdb *b) {
  tdb_const(b, 1, 1); tdb_const(b, 16, 1); tdb_const(b, 32, 2); tdb_select(b, 32);
}
static void p_zext_same(tdb *b) { tdb_const(b, 32, 1); tdb_cast(b, MD_OP_ZEXT, 32, 32); }
static void p_sext_down(tdb *b) { tdb_const(b, 64, 1); tdb_cast(b, MD_OP_SEXT, 64, 32); }
static void p_trunc_up(tdb *b) { tdb_const(b, 16, 1); tdb_cast(b, MD_OP_TRUNC, 16, 32); }
static void p_trunc_same(tdb *b) { tdb_const(b, 32, 1); tdb_cast(b, MD_OP_TRUNC, 32, 32); }
static void p_cast_from(tdb *b) { tdb_const(b, 16, 1); tdb_cast(b, MD_OP_ZEXT, 8, 32); }
static void p_zext_65(tdb *b) {
  tdb_const(b, 32, 1); tdb_cast(b, MD_OP_ZEXT, 32, 65); tdb_cast(b, MD_OP_TRUNC, 65, 32);
}
static void p_launch9(tdb *b) { tdb_launch(b, 9); }
static void p_end_w64(tdb *b) { tdb_const(b, 64, 1); }
static void p_ok(tdb *b) { tdb_const(b, 32, 1); }
static void p_ok_deep(tdb *b) { /* exactly MD_STACK_MAX values */
  for (int i = 0; i < MD_STACK_MAX; i++)
    tdb_const(b, 32, 1);
  for (int i = 0; i < MD_STACK_MAX - 1; i++)
    tdb_bin(b, MD_OP_ADD, 32, 0);
}

static void expect_prog(prog_fn f, int want, const char *what) {
  tdb_init(&g_b, 0, NULL);
  tdb_div_begin(&g_b, MD_KIND_U32, 0);
  f(&g_b);
  tdb_end(&g_b);
  size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  int st = md_desc_validate(g_buf, n);
  CHECK(st == want, "%s: validate %d want %d", what, st, want);
}

static void test_validate(void) {
  uint8_t d[4096];
  CHECK(build_base(d) == 75 && d[B_C0] == MD_OP_ARG && d[B_C1] == MD_OP_ARG,
        "base layout");
#define BAD(f) expect_bad(f, MD_ERR_DESC_MALFORMED, #f)
  expect_bad(m_none, MD_OK, "base");
  expect_bad(m_version0, MD_ERR_DESC_VERSION, "version 0");
  expect_bad(m_version3, MD_ERR_DESC_VERSION, "version 3");
  expect_bad(m_version1, MD_OK, "version 1 without requirements");
  expect_bad(m_version_short, MD_ERR_DESC_VERSION, "version, 6 bytes");
  BAD(m_magic); BAD(m_hsize); BAD(m_total_big); BAD(m_total_small);
  BAD(m_reserved); BAD(m_v1_reqs); BAD(m_nreq_max); BAD(m_nparams); BAD(m_ndiv); BAD(m_nextra_more);
  BAD(m_nextra_less); BAD(m_kind0); BAD(m_kind5); BAD(m_flag2);
  BAD(m_pos_unsigned); BAD(m_pos_gap); BAD(m_overlap); BAD(m_extra_out);
  BAD(m_code_in_table); BAD(m_code_past); BAD(m_code_huge); BAD(m_opcode);
  BAD(m_opcode_ff); BAD(m_arg_param); BAD(m_arg_size3); BAD(m_arg_size8);
  BAD(m_arg_off); BAD(m_arg_off_huge); BAD(m_param_size); BAD(m_no_end);
  BAD(m_const_w0); BAD(m_const_w65); BAD(m_const_w31); BAD(m_add_w31);
  BAD(m_add_exact); BAD(m_add_disjoint); BAD(m_add_16); BAD(m_op_to_udiv_nsw);
  BAD(m_op_to_and_nsw); BAD(m_end_early); BAD(m_kind_u64); BAD(m_short5);
  BAD(m_short19);
#undef BAD
  expect_bad(m_swap_extra, MD_OK, "extras in another order");
  expect_bad(m_op_to_sdiv_exact, MD_OK, "sdiv exact");
  expect_bad(m_op_to_or_disjoint, MD_OK, "or disjoint");
  /* Bytes after total_size are ignored. */
  size_t n = build_base(d);
  CHECK(md_desc_validate(d, n + 100) == MD_OK, "trailing bytes");
  CHECK(md_desc_validate(NULL, 100) == MD_ERR_INVALID, "NULL desc");
  CHECK(md_desc_validate(d, 0) == MD_ERR_DESC_MALFORMED, "size 0");

#define PB(f) expect_prog(f, MD_ERR_DESC_MALFORMED, #f)
  PB(p_underflow_bin); PB(p_underflow_icmp); PB(p_underflow_sel);
  PB(p_underflow_cast); PB(p_empty); PB(p_two_left); PB(p_overflow);
  PB(p_width_mismatch); PB(p_width_mismatch2); PB(p_w0); PB(p_w65);
  PB(p_icmp_pred31); PB(p_icmp_pred42); PB(p_icmp_w); PB(p_icmp_result_w);
  PB(p_select_cond8); PB(p_select_arm); PB(p_zext_same); PB(p_sext_down);
  PB(p_trunc_up); PB(p_trunc_same); PB(p_cast_from); PB(p_zext_65);
  PB(p_launch9); PB(p_end_w64);
#undef PB
  expect_prog(p_ok, MD_OK, "p_ok");
  expect_prog(p_ok_deep, MD_OK, "p_ok_deep");

  /* Limits: MD_MAX_DIVISORS divisors and MD_MAX_EXTRA extras are fine,
   * one more is not; n_params > MD_MAX_PARAMS is malformed. */
  tdb_init(&g_b, 0, NULL);
  for (int i = 0; i < MD_MAX_DIVISORS; i++) {
    tdb_div_begin(&g_b, MD_KIND_S64, 0);
    tdb_const(&g_b, 64, (uint64_t)i + 1);
    tdb_end(&g_b);
  }
  n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  CHECK(md_desc_validate(g_buf, n) == MD_OK, "64 divisors, 256 extras");
  put16(g_buf + 14, MD_MAX_DIVISORS + 1);
  CHECK(md_desc_validate(g_buf, n) == MD_ERR_DESC_MALFORMED, "65 divisors");
  put16(g_buf + 14, MD_MAX_DIVISORS);
  put16(g_buf + 16, MD_MAX_EXTRA + 1);
  CHECK(md_desc_validate(g_buf, n) == MD_ERR_DESC_MALFORMED, "257 extras");
  {
    /* n_params = 4096 (fine) and 4097 (too many), no divisors. */
    static uint8_t big[20 + 4 * 4097];
    memset(big, 0, sizeof big);
    memcpy(big, "MDDS", 4);
    put16(big + 4, 1), put16(big + 6, 20);
    put32(big + 8, 20 + 4 * 4096), put16(big + 12, 4096);
    CHECK(md_desc_validate(big, sizeof big) == MD_OK, "4096 params");
    put32(big + 8, 20 + 4 * 4097), put16(big + 12, 4097);
    CHECK(md_desc_validate(big, sizeof big) == MD_ERR_DESC_MALFORMED,
          "4097 params");
  }
  /* A program may not live in the tables, even where their bytes happen
   * to read as one: param size 3 = 03 00 00 00 = LAUNCH BLOCK_X, END. */
  {
    static const uint32_t three[1] = {3};
    tdb_init(&g_b, 1, three);
    tdb_div_begin(&g_b, MD_KIND_U32, 0);
    tdb_launch(&g_b, MD_LAUNCH_BLOCK_X);
    tdb_end(&g_b);
    n = tdb_finish(&g_b, g_buf, sizeof g_buf);
    CHECK(md_desc_validate(g_buf, n) == MD_OK, "code after tables");
    put32(g_buf + 28, 20); /* divisor 0 code_off -> param table */
    CHECK(md_desc_validate(g_buf, n) == MD_ERR_DESC_MALFORMED,
          "code in the param table");
  }
  /* No divisors at all: valid, nothing to fill. */
  tdb_init(&g_b, 0, NULL);
  n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  md_extra ex;
  CHECK(md_desc_validate(g_buf, n) == MD_OK &&
            md_desc_fill(g_buf, n, NULL, NULL, &ex) == MD_OK &&
            ex.n_extra == 0,
        "empty descriptor");
  /* md_desc_eval's own argument checks. */
  n = build_base(d);
  uint64_t v;
  uint32_t p0 = 5, p1[4] = {1, 2, 3, 4};
  void *args[2] = {&p0, p1};
  CHECK(md_desc_eval(d, n, 2, args, NULL, &v) == MD_ERR_INVALID, "index");
  CHECK(md_desc_eval(d, n, 1, args, NULL, NULL) == MD_ERR_INVALID, "NULL v");
  CHECK(md_desc_eval(d, n, 1, args, NULL, &v) == MD_OK && v == 5, "eval 1");
}

/* ---- random programs against the reference ---- */

/* Append a random type-correct program of result width want_w. */
static void random_program(tdb *b, int want_w) {
  static const uint32_t psz[3] = {8, 16, 4};
  int ws[MD_STACK_MAX], sp = 0;
  int steps = 1 + (int)tr_below(10);
  for (int s = 0; s < steps; s++) {
    int r = (int)tr_below(10);
    if (sp < 1 || (r < 3 && sp < MD_STACK_MAX - 2)) {
      int k = (int)tr_below(3);
      if (k == 0) {
        unsigned p = tr_below(3), size = 1u << tr_below(4);
        if (size > psz[p])
          size = psz[p];
        tdb_arg(b, p, tr_below(psz[p] - size + 1), size);
        ws[sp++] = 8 * (int)size;
      } else if (k == 1) {
        int w = (int)(tr_below(2) ? 32 : 1 + tr_below(64));
        tdb_const(b, w, tr_value(w));
        ws[sp++] = w;
      } else {
        tdb_launch(b, (int)tr_below(9));
        ws[sp++] = 32;
      }
    } else if (sp >= 2 && ws[sp - 1] == ws[sp - 2] && r < 8) {
      int w = ws[sp - 1];
      if (r == 7) {
        tdb_icmp(b, w, MD_PRED_EQ + (int)tr_below(10));
        ws[--sp - 1] = 1;
      } else {
        int op = k_binops[tr_below(N_BINOPS)];
        tdb_bin(b, op, w, (int)tr_below(16) & allowed_flags(op));
        --sp;
      }
    } else if (sp >= 3 && ws[sp - 3] == 1 && ws[sp - 1] == ws[sp - 2]) {
      tdb_select(b, ws[sp - 1]);
      sp -= 2;
      ws[sp - 1] = ws[sp];
    } else {
      int from = ws[sp - 1], to = 1 + (int)tr_below(64);
      if (to != from) {
        tdb_cast(b, to < from ? MD_OP_TRUNC : tr_below(2) ? MD_OP_ZEXT
                                                          : MD_OP_SEXT,
                 from, to);
        ws[sp - 1] = to;
      }
    }
  }
  /* Reduce to one value of want_w: cast the top to the next's width and
   * combine them. */
  for (;;) {
    int to = sp > 1 ? ws[sp - 2] : want_w, from = ws[sp - 1];
    if (from != to)
      tdb_cast(b, to < from ? MD_OP_TRUNC : MD_OP_SEXT, from, to);
    ws[sp - 1] = to;
    if (sp == 1)
      break;
    int op = k_binops[tr_below(N_BINOPS)];
    tdb_bin(b, op, to, (int)tr_below(16) & allowed_flags(op));
    sp--;
  }
  tdb_end(b);
}

static void test_random_programs(void) {
  static const uint32_t psz[3] = {8, 16, 4};
  long ok = 0, total = 0;
  for (int t = 0; t < 4000; t++) {
    tdb_init(&g_b, 3, psz);
    int nd = 1 + (int)tr_below(4);
    for (int i = 0; i < nd; i++) {
      int kind = MD_KIND_U32 + (int)tr_below(4);
      int sgn = kind == MD_KIND_S32 || kind == MD_KIND_S64;
      tdb_div_begin(&g_b, kind, sgn && tr_below(2) ? MD_DF_POSITIVE : 0);
      random_program(&g_b, md_kind_width(kind));
    }
    size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
    int st = md_desc_validate(g_buf, n);
    CHECK(st == MD_OK, "random program %d: validate %d", t, st);
    if (st != MD_OK)
      continue;
    for (int a = 0; a < 8; a++) {
      uint64_t p0 = tr_value(64), p1[2] = {tr_value(64), tr_value(64)};
      uint32_t p2 = (uint32_t)tr_value(32);
      void *args[3] = {&p0, p1, &p2};
      md_dims dims = {{(uint32_t)tr_value(32), 1 + tr_below(8), 1},
                      {(uint32_t)tr_value(16), 1, tr_below(3)}};
      for (int i = 0; i < nd; i++) {
        uint64_t got = 0, want = 0;
        int s1 = md_desc_eval(g_buf, n, (unsigned)i, args, &dims, &got);
        int s2 = ref_eval(g_buf, (unsigned)i, args, &dims, &want);
        CHECK(s1 == s2 && (s1 != MD_OK || got == want),
              "random %d args %d div %d: %d/%#llx ref %d/%#llx", t, a, i, s1,
              (unsigned long long)got, s2, (unsigned long long)want);
        total++;
        ok += s1 == MD_OK;
      }
      md_extra e1, e2;
      int f1 = md_desc_fill(g_buf, n, args, &dims, &e1);
      int f2 = ref_fill(g_buf, args, &dims, &e2);
      int f3 = md_desc_fill_validated(g_buf, n, args, &dims, &e1);
      CHECK(f1 == f2 && f3 == f1 &&
                (f1 != MD_OK || (e1.n_extra == e2.n_extra &&
                                 memcmp(e1.value, e2.value,
                                        8 * e1.n_extra) == 0)),
            "random %d args %d: fill %d / %d, reference %d", t, a, f1, f3, f2);
    }
  }
  printf("random programs: %ld divisor evaluations, %ld defined\n", total, ok);
}

/* ---- timing ---- */

#ifndef MD_BENCH_ITERS
#define MD_BENCH_ITERS 300000
#endif
#ifndef MD_BENCH_ROUNDS
#define MD_BENCH_ROUNDS 7
#endif

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* k(int *out, Shape s, int total, long n64): four small divisors. */
static void bench(void) {
  static const uint32_t sizes[4] = {8, 16, 4, 8};
  tdb_init(&g_b, 4, sizes);
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE); /* s.w */
  tdb_arg(&g_b, 1, 12, 4);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_S32, MD_DF_POSITIVE); /* s.h * s.w */
  tdb_arg(&g_b, 1, 8, 4);
  tdb_arg(&g_b, 1, 12, 4);
  tdb_bin(&g_b, MD_OP_MUL, 32, MD_OF_NSW);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_U32, 0); /* blockDim.x */
  tdb_launch(&g_b, MD_LAUNCH_BLOCK_X);
  tdb_end(&g_b);
  tdb_div_begin(&g_b, MD_KIND_S64, 0); /* (long)s.c * n64 */
  tdb_arg(&g_b, 1, 4, 4);
  tdb_cast(&g_b, MD_OP_SEXT, 32, 64);
  tdb_arg(&g_b, 3, 0, 8);
  tdb_bin(&g_b, MD_OP_MUL, 64, MD_OF_NSW);
  tdb_end(&g_b);
  size_t n = tdb_finish(&g_b, g_buf, sizeof g_buf);
  shape s = {2, 3, 5, 7};
  int32_t total = 210;
  int64_t n64 = -1000003;
  int *out = NULL;
  void *args[4] = {&out, &s, &total, &n64};
  md_dims dims = {{100, 1, 1}, {256, 1, 1}};
  md_extra ex;
  int st = md_desc_fill(g_buf, n, args, &dims, &ex);
  printf("bench descriptor: %zu bytes, 4 divisors, fill = %s\n", n,
         md_status_str(st));
  /* Best of several rounds: the machine is shared, the minimum is the
   * cost without interference. */
  const int iters = MD_BENCH_ITERS, rounds = MD_BENCH_ROUNDS;
  double best[4] = {1e30, 1e30, 1e30, 1e30};
  volatile int sink = 0;
  for (int round = 0; round < rounds; round++) {
    double t[5];
    t[0] = now_ns();
    for (int i = 0; i < iters; i++)
      sink += md_desc_validate(g_buf, n);
    t[1] = now_ns();
    for (int i = 0; i < iters; i++) {
      s.w = 7 + (i & 15); /* a different divisor each call */
      sink += md_desc_fill(g_buf, n, args, &dims, &ex);
    }
    t[2] = now_ns();
    for (int i = 0; i < iters; i++) {
      s.w = 7 + (i & 15);
      sink += md_desc_fill_validated(g_buf, n, args, &dims, &ex);
    }
    t[3] = now_ns();
    /* The magic generators alone, for the same four divisors. */
    for (int i = 0; i < iters; i++) {
      md_s32_magic g32;
      md_u32_magic u32;
      md_s64_magic g64;
      sink += md_magic_s32(7 + (i & 15), &g32);
      sink += md_magic_s32(5 * (7 + (i & 15)), &g32);
      sink += md_magic_u32(256, &u32);
      sink += md_magic_s64(3 * n64, &g64);
    }
    t[4] = now_ns();
    for (int k = 0; k < 4; k++)
      if ((t[k + 1] - t[k]) / iters < best[k])
        best[k] = (t[k + 1] - t[k]) / iters;
  }
  printf("best of %d rounds of %d calls:\n", rounds, iters);
  printf("md_desc_validate:       %6.1f ns/call\n", best[0]);
  printf("md_desc_fill:           %6.1f ns/call\n", best[1]);
  printf("md_desc_fill_validated: %6.1f ns/call\n", best[2]);
  printf("  of which md_magic_*:  %6.1f ns/call (the 4 generator calls)\n",
         best[3]);
  (void)sink;
}

/* Launch requirements (version 2): evaluated before the divisors, every
 * one must be 1 -- false, poison or undefined means the original runs.
 * Each case is checked against the reference evaluator too. */
static void req_case(const uint8_t *d, size_t n, int32_t a, int32_t b,
                     const md_dims *dims, int want, const char *what) {
  void *args[2] = {&a, &b};
  md_extra ex, rex;
  int st = md_desc_fill(d, n, args, dims, &ex);
  int rst = ref_fill(d, args, dims, &rex);
  CHECK(st == want && rst == want, "%s: fill %s, ref %s, want %s", what,
        md_status_str(st), md_status_str(rst), md_status_str(want));
}

static void test_requirements(void) {
  static const uint32_t sizes[2] = {4, 4};
  static tdb b;
  uint8_t d[4096];
  size_t n;
  md_dims dims = {{1, 1, 1}, {1, 1, 1}};
  /* divisor: arg0; requirement 0: (i64)a + (i64)b <=s 2^31 - 1, i.e. the
   * i32 sum cannot wrap; requirement 1: nctaid.x * ntid.x <=u 2^31 in 64
   * bits. */
  tdb_init(&b, 2, sizes);
  tdb_div_begin(&b, MD_KIND_U32, 0);
  tdb_arg(&b, 0, 0, 4);
  tdb_end(&b);
  tdb_req_begin(&b);
  tdb_arg(&b, 0, 0, 4);
  tdb_cast(&b, MD_OP_SEXT, 32, 64);
  tdb_arg(&b, 1, 0, 4);
  tdb_cast(&b, MD_OP_SEXT, 32, 64);
  tdb_bin(&b, MD_OP_ADD, 64, MD_OF_NSW);
  tdb_const(&b, 64, 0x7fffffff);
  tdb_icmp(&b, 64, MD_PRED_SLE);
  tdb_end(&b);
  tdb_req_grid_x(&b);
  n = tdb_finish(&b, d, sizeof d);
  CHECK(md_desc_validate(d, n) == MD_OK && d[18] == 2, "requirements valid");
  req_case(d, n, 100, 10, &dims, MD_OK, "both hold");
  req_case(d, n, 0x7ffffff5, 10, &dims, MD_OK, "sum exactly INT_MAX");
  req_case(d, n, 0x7ffffff6, 10, &dims, MD_FALLBACK_REQUIREMENT, "sum wraps");
  req_case(d, n, -5, 10, &dims, MD_OK, "negative a");
  dims.grid[0] = 1u << 21, dims.block[0] = 1024; /* exactly 2^31 threads */
  req_case(d, n, 7, 1, &dims, MD_OK, "grid of 2^31 threads");
  dims.block[0] = 1025;
  req_case(d, n, 7, 1, &dims, MD_FALLBACK_REQUIREMENT, "grid over 2^31");
  dims.grid[0] = 0xffffffffu, dims.block[0] = 0xffffffffu; /* no 64-bit wrap */
  req_case(d, n, 7, 1, &dims, MD_FALLBACK_REQUIREMENT, "grid 2^64-ish");
  req_case(d, n, 7, 1, NULL, MD_ERR_INVALID, "no dims");
  dims.grid[0] = dims.block[0] = 1;
  /* A requirement that is poison (i32 add nsw overflows) or undefined
   * (division by zero) fails like a false one. */
  tdb_init(&b, 2, sizes);
  tdb_div_begin(&b, MD_KIND_U32, 0);
  tdb_arg(&b, 0, 0, 4);
  tdb_end(&b);
  tdb_req_begin(&b);
  tdb_arg(&b, 0, 0, 4);
  tdb_arg(&b, 1, 0, 4);
  tdb_bin(&b, MD_OP_ADD, 32, MD_OF_NSW);
  tdb_const(&b, 32, 0);
  tdb_icmp(&b, 32, MD_PRED_SGT);
  tdb_end(&b);
  tdb_req_begin(&b);
  tdb_arg(&b, 0, 0, 4);
  tdb_arg(&b, 1, 0, 4);
  tdb_bin(&b, MD_OP_UDIV, 32, 0);
  tdb_const(&b, 32, 1000);
  tdb_icmp(&b, 32, MD_PRED_ULT);
  tdb_end(&b);
  n = tdb_finish(&b, d, sizeof d);
  req_case(d, n, 100, 10, &dims, MD_OK, "poison/UB case, all defined");
  req_case(d, n, 0x7fffffff, 1, &dims, MD_FALLBACK_REQUIREMENT, "poison");
  req_case(d, n, 100, 0, &dims, MD_FALLBACK_REQUIREMENT, "udiv by zero");
  req_case(d, n, 100000, 10, &dims, MD_FALLBACK_REQUIREMENT, "false");
  /* A requirement must yield an i1. */
  tdb_init(&b, 2, sizes);
  tdb_div_begin(&b, MD_KIND_U32, 0);
  tdb_arg(&b, 0, 0, 4);
  tdb_end(&b);
  tdb_req_begin(&b);
  tdb_arg(&b, 0, 0, 4);
  tdb_end(&b);
  n = tdb_finish(&b, d, sizeof d);
  CHECK(md_desc_validate(d, n) == MD_ERR_DESC_MALFORMED,
        "an i32 requirement is malformed");
}

int main(int argc, char **argv) {
  test_bin_cases();
  test_binops_exhaustive();
  test_binops_random();
  test_icmp();
  test_select_casts();
  test_args();
  test_launch();
  test_build_args();
  test_validate();
  test_shape_kernel();
  test_requirements();
  test_kind_fallbacks();
  test_div32();
  test_fast32();
  test_random_programs();
  test_magic_exact();
  if (argc > 1 && strcmp(argv[1], "--bench") == 0)
    bench();
  return tdu_report("test_desc");
}
