/*
 * mdb_cases.c -- the benchmark cases (see mdb_cases.h) and their sizes.
 *
 * Sizes are chosen for an H200 (50 MB L2): every realistic kernel moves
 * 50-350 MB per launch, and the driver rotates through enough copies of the
 * buffers that one timing pass touches >= 256 MB (see mdb_gpu.c).
 */
#include "mdb_cases.h"

#include <stdio.h>
#include <string.h>

#include "opconst_divs.h"

static mdb_case *mdb_new(mdb_case *c, const char *name, const char *group,
                         const char *module, const char *kernel) {
  memset(c, 0, sizeof *c);
  snprintf(c->name, sizeof c->name, "%s", name);
  snprintf(c->group, sizeof c->group, "%s", group);
  snprintf(c->module, sizeof c->module, "%s", module);
  snprintf(c->kernel, sizeof c->kernel, "%s", kernel);
  c->block = 256;
  return c;
}

static int mdb_buf_add(mdb_case *c, size_t bytes, int init, uint64_t mask) {
  mdb_buf *b = &c->buf[c->nbuf];
  b->bytes = bytes;
  b->init = init;
  b->mask = mask;
  return c->nbuf++;
}

static void mdb_p_buf(mdb_case *c, int buf) {
  mdb_param *p = &c->param[c->nparam++];
  p->buf = buf;
  p->size = sizeof(uint64_t);
}

static void mdb_p_blob(mdb_case *c, const void *v, size_t size) {
  mdb_param *p = &c->param[c->nparam++];
  p->buf = -1;
  p->size = size;
  memcpy(p->val, v, size);
}

static void mdb_p_i32(mdb_case *c, int32_t v) { mdb_p_blob(c, &v, 4); }
static void mdb_p_u32(mdb_case *c, uint32_t v) { mdb_p_blob(c, &v, 4); }
static void mdb_p_u64(mdb_case *c, uint64_t v) { mdb_p_blob(c, &v, 8); }

static void mdb_div(mdb_case *c, uint64_t d) { c->div[c->ndiv++] = d; }

static unsigned mdb_blocks(uint64_t items, unsigned block) {
  return (unsigned)((items + block - 1) / block);
}

/* llm.c attention permute / unpermute (B, N, NH, d). */
static void mdb_permute(mdb_case *c, int un, int B, int N, int NH, int d) {
  size_t E = (size_t)B * N * NH * d;
  mdb_new(c, un ? "unpermute" : "permute", "kernels", "permute",
          un ? "unpermute" : "permute");
  if (!un) {
    int q = mdb_buf_add(c, E * 4, MDB_OUT, 0);
    int k = mdb_buf_add(c, E * 4, MDB_OUT, 0);
    int v = mdb_buf_add(c, E * 4, MDB_OUT, 0);
    int in = mdb_buf_add(c, 3 * E * 4, MDB_IN_F32, 0);
    mdb_p_buf(c, q);
    mdb_p_buf(c, k);
    mdb_p_buf(c, v);
    mdb_p_buf(c, in);
    c->bytes = 6.0 * E * 4;
  } else {
    int in = mdb_buf_add(c, E * 4, MDB_IN_F32, 0);
    int out = mdb_buf_add(c, E * 4, MDB_OUT, 0);
    mdb_p_buf(c, in);
    mdb_p_buf(c, out);
    c->bytes = 2.0 * E * 4;
  }
  mdb_p_i32(c, B);
  mdb_p_i32(c, N);
  mdb_p_i32(c, NH);
  mdb_p_i32(c, d);
  mdb_div(c, (uint64_t)NH * N * d);
  mdb_div(c, (uint64_t)N * d);
  mdb_div(c, (uint64_t)d);
  c->grid = mdb_blocks(E, c->block);
}

static void mdb_transpose(mdb_case *c, int n, int ch, int h, int w) {
  size_t E = (size_t)n * ch * h * w;
  int32_t shape[4] = {n, ch, h, w};
  mdb_new(c, "transpose4d", "kernels", "transpose", "transpose");
  mdb_p_buf(c, mdb_buf_add(c, E * 4, MDB_IN_F32, 0));
  mdb_p_buf(c, mdb_buf_add(c, E * 4, MDB_OUT, 0));
  mdb_p_blob(c, shape, sizeof shape);
  mdb_div(c, (uint64_t)w);
  mdb_div(c, (uint64_t)h);
  mdb_div(c, (uint64_t)ch);
  mdb_div(c, (uint64_t)w * h);
  mdb_div(c, (uint64_t)w * h * ch);
  c->grid = mdb_blocks(E, c->block);
  c->bytes = 2.0 * E * 4;
}

static void mdb_stencil(mdb_case *c, int Lx, int Ly) {
  size_t E = (size_t)Lx * Ly;
  mdb_new(c, "stencil", "kernels", "stencil", "stencil");
  mdb_p_buf(c, mdb_buf_add(c, E * 4, MDB_IN_F32, 0));
  mdb_p_buf(c, mdb_buf_add(c, E * 4, MDB_OUT, 0));
  mdb_p_i32(c, Lx);
  mdb_p_i32(c, Ly);
  mdb_div(c, (uint64_t)Lx);
  mdb_div(c, (uint64_t)Ly);
  c->grid = mdb_blocks(E, c->block);
  c->bytes = 2.0 * E * 4;
}

/* struct Vol of vol2col.cu, 16 ints. */
static void mdb_vol2col(mdb_case *c, int ch, int dep, int hw, int k,
                        unsigned sms) {
  int pad = k / 2;
  int32_t v[16] = {ch, dep, hw, hw, dep, hw, hw, k, k, k, pad, pad, pad,
                   1,  1,   1};
  long long n = (long long)ch * dep * hw * hw;
  size_t col = (size_t)n * k * k * k;
  mdb_new(c, "vol2col", "kernels", "vol2col", "vol2col");
  mdb_p_blob(c, &n, 8);
  mdb_p_buf(c, mdb_buf_add(c, (size_t)n * 4, MDB_IN_F32, 0));
  mdb_p_blob(c, v, sizeof v);
  mdb_p_buf(c, mdb_buf_add(c, col * 4, MDB_OUT, 0));
  mdb_div(c, (uint64_t)hw); /* width_col */
  mdb_div(c, (uint64_t)hw); /* height_col */
  mdb_div(c, (uint64_t)dep);
  c->uni64 = 1; /* unified: 64-bit sequence; cutlass: FastDivmod (32) */
  c->grid = sms * 16; /* grid-stride loop, like CUDA_KERNEL_LOOP */
  c->bytes = (double)n * 4 + (double)col * 4;
}

static void mdb_upsample(mdb_case *c, uint64_t nc, uint64_t ih, uint64_t oh) {
  uint64_t E = nc * oh * oh;
  mdb_new(c, "upsample", "kernels", "upsample", "upsample");
  mdb_p_buf(c, mdb_buf_add(c, nc * ih * ih * 4, MDB_IN_F32, 0));
  mdb_p_buf(c, mdb_buf_add(c, E * 4, MDB_OUT, 0));
  mdb_p_u64(c, nc);
  mdb_p_u64(c, ih);
  mdb_p_u64(c, ih);
  mdb_p_u64(c, oh);
  mdb_p_u64(c, oh);
  mdb_div(c, oh); /* ow */
  mdb_div(c, oh); /* oh */
  mdb_div(c, oh * oh);
  c->cut64 = c->uni64 = 1;
  c->grid = mdb_blocks(E, c->block);
  c->bytes = (double)E * 4 + (double)nc * ih * ih * 4;
}

static void mdb_concat(mdb_case *c, int outer, int s1, int s2, int inner) {
  size_t E = (size_t)outer * (s1 + s2) * inner;
  mdb_new(c, "concat", "kernels", "concat", "concat");
  mdb_p_buf(c, mdb_buf_add(c, (size_t)outer * s1 * inner * 4, MDB_IN_F32, 0));
  mdb_p_buf(c, mdb_buf_add(c, (size_t)outer * s2 * inner * 4, MDB_IN_F32, 0));
  mdb_p_buf(c, mdb_buf_add(c, E * 4, MDB_OUT, 0));
  mdb_p_i32(c, outer);
  mdb_p_i32(c, s1);
  mdb_p_i32(c, s2);
  mdb_p_i32(c, inner);
  mdb_div(c, (uint64_t)inner);
  mdb_div(c, (uint64_t)(s1 + s2));
  mdb_div(c, (uint64_t)inner * (s1 + s2));
  c->grid = mdb_blocks(E, c->block);
  c->bytes = 2.0 * E * 4;
}

/* Table of `cap` slots, `nins` keys inserted; queries: 2*nins keys, the
 * first nins of which are the inserted ones (hits), the rest misses. */
static void mdb_hash(mdb_case *c, uint32_t cap, uint32_t nins) {
  mdb_new(c, "hashprobe", "kernels", "hashprobe", "hashprobe");
  int table = mdb_buf_add(c, (size_t)cap * 4, MDB_OUT, 0); /* built by prep */
  c->buf[table].shared = 1;
  c->buf[table].init = 0;
  int keys = mdb_buf_add(c, (size_t)2 * nins * 4, MDB_IN_U32, 0xfffffffeu);
  c->buf[keys].shared = 1; /* the table holds these keys: not rotated */
  int out = mdb_buf_add(c, (size_t)2 * nins * 4, MDB_OUT, 0);
  mdb_p_buf(c, table);
  mdb_p_buf(c, keys);
  mdb_p_buf(c, out);
  mdb_p_u32(c, 2 * nins);
  mdb_p_u32(c, cap);
  mdb_div(c, cap);
  c->prep = MDB_PREP_HASH;
  c->hash_cap = cap;
  c->hash_nins = nins;
  c->grid = mdb_blocks((uint64_t)2 * nins, c->block);
  c->bytes = 3.0 * 2 * nins * 4; /* keys + out + >= 1 table probe */
  /* Hash values use all 32 bits: outside FastDivmod's documented domain
   * (n < 2^31).  These capacities happen to have magic error
   * e <= 2^(p-32), which makes it exact for every u32 -- chosen so, since
   * an inexact remainder would index outside the table.  A mismatch would
   * still be reported as "expected". */
  c->cutlass_note = "hash values >= 2^31 are outside FastDivmod's domain";
}

/* The seed's op-level microbenchmark.  w64 1: u64 data, u64 divisor;
 * 0: u32 data, u32 divisor; 2 (seed_u32): u32 data divided by a size_t, as
 * in the seed paper (the hand forms are the 64-bit ones).  small (64-bit
 * only): dividends below 2^31, where the native 64-bit division takes
 * NVPTX's BypassSlowDivision path (a 32-bit division) -- what the benefit
 * model's price of a native 64-bit site has to be checked against.  Every
 * launch reads a fresh input buffer (the driver rotates them). */
static void mdb_op(mdb_case *c, int w64, uint64_t d, uint32_t iters,
                   unsigned threads, int small) {
  char name[48];
  int seed = w64 == 2, data64 = w64 == 1;
  snprintf(name, sizeof name, "%s%s d=%llu",
           seed ? "seed_u32" : data64 ? "op_u64" : "op_u32",
           small ? " small" : "", (unsigned long long)d);
  mdb_new(c, name,
          small ? "op_u64 small" : seed ? "seed_u32" : data64 ? "op_u64" : "op_u32",
          "opbench",
          seed ? "seedbench_u32" : data64 ? "opbench_u64" : "opbench_u32");
  size_t esz = data64 ? 8 : 4;
  mdb_p_buf(c, mdb_buf_add(c, threads * esz, data64 ? MDB_IN_U64 : MDB_IN_U32,
                           data64 && !small ? ~0ull : 0x7fffffffull));
  mdb_p_buf(c, mdb_buf_add(c, threads * esz, MDB_OUT, 0));
  mdb_p_u32(c, iters);
  if (w64)
    mdb_p_u64(c, d);
  else
    mdb_p_u32(c, (uint32_t)d);
  mdb_div(c, d);
  c->cut64 = c->uni64 = w64 != 0;
  c->grid = threads / c->block;
  c->bytes = 2.0 * threads * esz;
  c->divs = 3.0 * iters * threads;
}

int mdb_cases_build(mdb_case *out, int cap, int quick, unsigned sms) {
#define MDB_DIV_ENTRY(D) D##ull,
  static const uint64_t divs[] = {MDB_OP_DIVS(MDB_DIV_ENTRY)};
#undef MDB_DIV_ENTRY
  static const uint64_t quick_divs[] = {32, 768, 997};
  int n = 0;
  int s = quick ? 8 : 1; /* size divisor for quick mode */
  if (sms == 0)
    sms = 132;
  if (n + 8 + 3 * 17 + 3 > cap)
    return 0;
  mdb_permute(&out[n++], 0, 8 / (s > 1 ? 8 : 1), 1024, 12, 64);
  mdb_permute(&out[n++], 1, 8 / (s > 1 ? 8 : 1), 1024, 12, 64);
  mdb_transpose(&out[n++], 32 / s, 96, 56, 56);
  mdb_stencil(&out[n++], 4000 / s, 3000);
  mdb_vol2col(&out[n++], 32 / s, 16, 56, 3, sms);
  mdb_upsample(&out[n++], 1024 / (uint64_t)s, 64, 160);
  mdb_concat(&out[n++], 32 / s, 384, 640, 512);
  mdb_hash(&out[n++], quick ? 4194319u : 33554467u,
           quick ? 2097152u : 16777216u);
  uint32_t iters = quick ? 4096 : 65536;
  unsigned threads = sms * 1024;
  const uint64_t *dl = quick ? quick_divs : divs;
  size_t nd = quick ? sizeof quick_divs / sizeof quick_divs[0]
                    : sizeof divs / sizeof divs[0];
  for (size_t i = 0; i < nd; i++)
    mdb_op(&out[n++], 0, dl[i], iters, threads, 0);
  for (size_t i = 0; i < nd; i++)
    mdb_op(&out[n++], 1, dl[i], iters, threads, 0);
  mdb_op(&out[n++], 1, MDB_OP_DIV_BIG, iters, threads, 0);
  for (size_t i = 0; i < nd; i++)
    mdb_op(&out[n++], 2, dl[i], iters, threads, 0);
  if (!quick) { /* a power of two, two others */
    mdb_op(&out[n++], 1, 1024, iters, threads, 1);
    mdb_op(&out[n++], 1, 768, iters, threads, 1);
    mdb_op(&out[n++], 1, 997, iters, threads, 1);
  }
  return n;
}
