/*
 * md_diff.c -- the differential-execution harness (see md_diff.h): checks a
 * kernel's clone and descriptor, runs original and clone on the CPU with
 * the magic parameters md_desc_fill computes, and compares their outputs
 * bit for bit.
 */
#include "md_diff.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

md_diff_config md_diff_cfg = {0, 0, 8, 0x6d61676963646976ull, 100};

/* The case being run, for the crash report. */
static const md_diff_kernel *md_current;
static const char *md_current_side = "";

/* A kernel that traps (SIGFPE: a division the C semantics make undefined
 * reached the original, or a clone divides by zero; SIGSEGV: a bad output
 * index) must say where, then end the test. */
static void md_diff_crash(int sig) {
  const md_diff_kernel *k = md_current;
  fflush(stdout);
  if (k)
    fprintf(stderr, "CRASH: signal %d in %s of kernel %s [%s]\n", sig,
            md_current_side, k->name, k->note);
  else
    fprintf(stderr, "CRASH: signal %d in the harness\n", sig);
  _Exit(3);
}

void md_diff_parse_args(int argc, char **argv) {
  const char *env = getenv("MD_DIFF_SEED");
  setvbuf(stdout, NULL, _IOLBF, 0);
  signal(SIGFPE, md_diff_crash);
  signal(SIGSEGV, md_diff_crash);
  if (env && *env)
    md_diff_cfg.seed = strtoull(env, NULL, 0);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--strict-neg") == 0)
      md_diff_cfg.strict_neg = 1;
    else if (strcmp(argv[i], "--force-pow2") == 0)
      md_diff_cfg.force_pow2 = 1;
    else if (strncmp(argv[i], "--seed=", 7) == 0)
      md_diff_cfg.seed = strtoull(argv[i] + 7, NULL, 0);
    else if (strncmp(argv[i], "--scale=", 8) == 0)
      md_diff_cfg.scale = (unsigned)strtoul(argv[i] + 8, NULL, 0);
    else {
      fprintf(stderr,
              "usage: %s [--strict-neg] [--force-pow2] [--seed=N] "
              "[--scale=PCT]\n",
              argv[0]);
      exit(2);
    }
  }
  if (md_diff_cfg.scale == 0)
    md_diff_cfg.scale = 1;
  printf("md_diff: seed 0x%llx scale %u%%%s\n",
         (unsigned long long)md_diff_cfg.seed, md_diff_cfg.scale,
         md_diff_cfg.strict_neg ? " strict-neg" : "");
}

static uint32_t md_le16(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t md_le32(const unsigned char *p) {
  return md_le16(p) | md_le16(p + 2) << 16;
}

/* Build the clone's parameter types from the descriptor's divisor table:
 * divisor i's md_kind_params(kind, flags) magic parameters start at
 * n_params + first_extra, each i32 (32-bit kinds) or i64 (64-bit kinds).
 * Every magic parameter must be covered exactly once. */
static int md_diff_clone_types(md_diff_kernel *k, const unsigned char *d,
                               ffi_type **types) {
  uint32_t table = md_le16(d + 6) + 4u * k->n_params;
  uint32_t n_div = md_le16(d + 14), n_extra = md_le16(d + 16);
  ffi_type **extra = types + k->n_params;
  memset(extra, 0, n_extra * sizeof *extra);
  for (unsigned i = 0; i < k->n_params; i++)
    types[i] = k->types[i];
  for (unsigned i = 0; i < n_div; i++) {
    const unsigned char *e = d + table + i * MD_DIV_ENTRY_SIZE;
    int kind = e[0], flags = e[1];
    uint32_t first = md_le16(e + 2);
    int np = md_kind_params(kind, flags);
    ffi_type *t =
        md_kind_width(kind) == 64 ? &ffi_type_uint64 : &ffi_type_uint32;
    for (int j = 0; j < np; j++) {
      if (first + j >= n_extra || extra[first + j]) {
        printf("FAIL: kernel %s: divisor %u's magic parameters overlap or "
               "exceed n_extra %u\n",
               k->name, i, n_extra);
        return 1;
      }
      extra[first + j] = t;
    }
  }
  for (unsigned j = 0; j < n_extra; j++) {
    if (!extra[j]) {
      printf("FAIL: kernel %s: magic parameter %u belongs to no divisor\n",
             k->name, j);
      return 1;
    }
  }
  return 0;
}

/* The plain tier of k, when the pass made one: same checks as the clone. */
static int md_diff_init_plain(md_diff_kernel *k) {
  const unsigned char *d = k->plain_desc;
  k->plain_usable = 0;
  if (!k->plain && !d)
    return 0;
  if (!k->plain || !d) {
    printf("FAIL: kernel %s: plain clone or its descriptor missing\n",
           k->name);
    return 1;
  }
  k->plain_desc_size = md_le32(d + 8);
  if (k->plain_desc_size < MD_DESC_HEADER_SIZE ||
      k->plain_desc_size > (1u << 20) ||
      md_desc_validate(d, k->plain_desc_size) != MD_OK ||
      md_le16(d + 12) != k->n_params || md_le16(d + 18) != 0 ||
      memcmp(d + 20, k->desc + 20, 4 * k->n_params) != 0) {
    printf("FAIL: kernel %s: plain descriptor invalid, with requirements or "
           "of other parameters\n",
           k->name);
    return 1;
  }
  k->plain_n_extra = md_le16(d + 16);
  if (md_diff_clone_types(k, d, k->plain_types) ||
      ffi_prep_cif(&k->cif_plain, FFI_DEFAULT_ABI,
                   k->n_params + k->plain_n_extra, &ffi_type_void,
                   k->plain_types) != FFI_OK)
    return 1;
  k->plain_usable = 1;
  printf("kernel %s: plain clone %s%s, %u divisors, %u magic parameters\n",
         k->name, k->name, MD_PLAIN_SUFFIX, md_le16(d + 14), k->plain_n_extra);
  return 0;
}

int md_diff_init(md_diff_kernel *k) {
  k->usable = 0;
  if (ffi_prep_cif(&k->cif_orig, FFI_DEFAULT_ABI, k->n_params, &ffi_type_void,
                   k->types) != FFI_OK) {
    printf("FAIL: kernel %s: ffi_prep_cif failed\n", k->name);
    return 1;
  }
  if (!k->clone || !k->desc) {
    if (k->expect_clone) {
      printf("FAIL: kernel %s: NO clone (%s%s %s)\n", k->name, k->name,
             k->clone ? MD_DESC_SUFFIX : MD_CLONE_SUFFIX,
             k->clone || k->desc ? "missing" : "and its descriptor missing");
      return 1;
    }
    printf("kernel %s: no clone, as expected\n", k->name);
    return 0;
  }
  if (!k->expect_clone) {
    printf("FAIL: kernel %s: has a clone, but none was expected\n", k->name);
    return 1;
  }
  const unsigned char *d = k->desc;
  if (d[0] != MD_DESC_MAGIC0 || d[1] != MD_DESC_MAGIC1 ||
      d[2] != MD_DESC_MAGIC2 || d[3] != MD_DESC_MAGIC3) {
    printf("FAIL: kernel %s: descriptor magic is wrong\n", k->name);
    return 1;
  }
  k->desc_size = md_le32(d + 8);
  if (k->desc_size < MD_DESC_HEADER_SIZE || k->desc_size > (1u << 20)) {
    printf("FAIL: kernel %s: descriptor total_size %zu implausible\n", k->name,
           k->desc_size);
    return 1;
  }
  int st = md_desc_validate(d, k->desc_size);
  if (st != MD_OK) {
    printf("FAIL: kernel %s: md_desc_validate: %s\n", k->name,
           md_status_str(st));
    return 1;
  }
  if (md_le16(d + 12) != k->n_params) {
    printf("FAIL: kernel %s: descriptor says %u parameters, the C kernel "
           "has %u\n",
           k->name, md_le16(d + 12), k->n_params);
    return 1;
  }
  k->n_divisors = md_le16(d + 14);
  k->n_extra = md_le16(d + 16);
  if (k->n_extra > MD_MAX_EXTRA || k->n_divisors == 0) {
    printf("FAIL: kernel %s: %u divisors, %u magic parameters\n", k->name,
           k->n_divisors, k->n_extra);
    return 1;
  }
  /* Parameter sizes recorded by the pass against the C types. */
  for (unsigned i = 0; i < k->n_params; i++) {
    uint32_t sz = md_le32(d + md_le16(d + 6) + 4 * i);
    if (sz != k->types[i]->size) {
      printf("FAIL: kernel %s: parameter %u is %u bytes in the descriptor, "
             "%zu in C\n",
             k->name, i, sz, k->types[i]->size);
      return 1;
    }
  }
  if (md_diff_clone_types(k, k->desc, k->clone_types))
    return 1;
  if (ffi_prep_cif(&k->cif_clone, FFI_DEFAULT_ABI, k->n_params + k->n_extra,
                   &ffi_type_void, k->clone_types) != FFI_OK) {
    printf("FAIL: kernel %s: ffi_prep_cif (clone) failed\n", k->name);
    return 1;
  }
  k->usable = 1;
  printf("kernel %s: clone %s%s, %u divisors, %u magic parameters\n", k->name,
         k->name, MD_CLONE_SUFFIX, k->n_divisors, k->n_extra);
  if (k->pow2)
    printf("kernel %s: pow2 tier %s%s\n", k->name, k->name, MD_POW2_SUFFIX);
  return md_diff_init_plain(k);
}

void md_diff_note(md_diff_kernel *k, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(k->note, sizeof k->note, fmt, ap);
  va_end(ap);
}

/* The dimensions must stay inside the ranges LLVM gives the intrinsics
 * (and CUDA's limits), or a correct clone could legitimately differ. */
static int md_diff_launch_ok(const md_diff_launch *l) {
  static const uint32_t block_max[3] = {1024, 1024, 64};
  static const uint32_t grid_max[3] = {0x7fffffffu, 65535, 65535};
  uint64_t per_block = 1;
  for (int a = 0; a < 3; a++) {
    if (l->dims.block[a] < 1 || l->dims.block[a] > block_max[a] ||
        l->dims.grid[a] < 1 || l->dims.grid[a] > grid_max[a] ||
        l->first[a] >= l->dims.grid[a] ||
        (uint64_t)l->first[a] + l->count[a] > l->dims.grid[a])
      return 0;
    per_block *= l->dims.block[a];
  }
  return per_block <= 1024;
}

/* Run fn over the selected blocks and all their threads. */
static unsigned long long md_diff_run(ffi_cif *cif, void (*fn)(void),
                                      void **avals, const md_diff_launch *l) {
  uint32_t end[3];
  unsigned long long n = 0;
  for (int a = 0; a < 3; a++) {
    end[a] = l->count[a] ? l->first[a] + l->count[a] : l->dims.grid[a];
    md_diff_sreg.ntid[a] = l->dims.block[a];
    md_diff_sreg.nctaid[a] = l->dims.grid[a];
  }
  for (uint32_t bz = l->first[2]; bz < end[2]; bz++)
    for (uint32_t by = l->first[1]; by < end[1]; by++)
      for (uint32_t bx = l->first[0]; bx < end[0]; bx++)
        for (uint32_t tz = 0; tz < l->dims.block[2]; tz++)
          for (uint32_t ty = 0; ty < l->dims.block[1]; ty++)
            for (uint32_t tx = 0; tx < l->dims.block[0]; tx++) {
              md_diff_sreg.ctaid[0] = bx;
              md_diff_sreg.ctaid[1] = by;
              md_diff_sreg.ctaid[2] = bz;
              md_diff_sreg.tid[0] = tx;
              md_diff_sreg.tid[1] = ty;
              md_diff_sreg.tid[2] = tz;
              ffi_call(cif, fn, NULL, avals);
              n++;
            }
  return n;
}

static uint64_t md_diff_elem(const unsigned char *p, unsigned size) {
  uint64_t v = 0;
  memcpy(&v, p, size); /* little-endian host */
  return v;
}

/* Output buffers, grown on demand, owned here for the process. */
static unsigned char *md_buf_a, *md_buf_b;
static size_t md_buf_cap;

static int md_diff_buffers(size_t bytes) {
  if (bytes <= md_buf_cap)
    return 0;
  unsigned char *a = realloc(md_buf_a, bytes);
  if (a)
    md_buf_a = a;
  unsigned char *b = realloc(md_buf_b, bytes);
  if (b)
    md_buf_b = b;
  if (!a || !b)
    return 1;
  md_buf_cap = bytes;
  return 0;
}

#define MD_SENTINEL 0xA5

static int md_diff_fail(md_diff_kernel *k) {
  k->failures++;
  return (int)k->failures <= md_diff_cfg.max_reports;
}

static const char *md_expect_str(md_expect e) {
  switch (e) {
  case MD_EXPECT_RUN:
    return "the clone to run";
  case MD_EXPECT_RUN_OR_NEG:
    return "the clone to run (a signed divisor is negative)";
  case MD_EXPECT_FALLBACK:
    return "a fallback (a divisor is 0)";
  case MD_EXPECT_UNDEF:
    return "a fallback or MD_OK (a divisor expression overflows)";
  case MD_EXPECT_REQ_FAIL:
    return "a failed launch requirement";
  case MD_EXPECT_RUN_OR_REQ:
    return "the clone to run, or a failed launch requirement";
  default:
    return "nothing";
  }
}

/* Is st the status expectation e allows?  Counts expected fallbacks. */
static int md_diff_status_ok(md_diff_kernel *k, int st, md_expect e) {
  /* A failed launch requirement (a range the clone assumes does not hold
   * in this launch) runs the original: correct whatever the divisors.
   * Drivers that know their kernels' requirements check the count. */
  if (e == MD_EXPECT_RUN_OR_REQ) {
    if (st == MD_FALLBACK_REQUIREMENT)
      k->fb_req++;
    return st == MD_OK || st == MD_FALLBACK_REQUIREMENT;
  }
  if (e == MD_EXPECT_REQ_FAIL || (st == MD_FALLBACK_REQUIREMENT &&
                                   k->strict_req)) {
    if (st != MD_FALLBACK_REQUIREMENT || e != MD_EXPECT_REQ_FAIL)
      return 0;
    k->fb_req++;
    return 1;
  }
  if (st == MD_FALLBACK_REQUIREMENT) {
    k->fb_req++;
    return 1;
  }
  int fallback = st == MD_FALLBACK_DIV_ZERO || st == MD_FALLBACK_UNDEFINED ||
                 st == MD_FALLBACK_NOT_POSITIVE ||
                 st == MD_FALLBACK_NOT_DIV32;
  if (e == MD_EXPECT_FALLBACK && fallback) {
    k->fb_zero++;
    return 1;
  }
  if (e == MD_EXPECT_UNDEF && (fallback || st == MD_OK)) {
    k->undef++;
    k->undef_fb += fallback;
    return 1;
  }
  if (e == MD_EXPECT_RUN_OR_NEG && st == MD_FALLBACK_NOT_POSITIVE &&
      !md_diff_cfg.strict_neg) {
    k->fb_neg++;
    return 1;
  }
  return (e == MD_EXPECT_RUN || e == MD_EXPECT_RUN_OR_NEG) && st == MD_OK;
}

static int md_diff_compare(md_diff_kernel *k, ffi_cif *cif, void (*fn)(void),
                           const md_extra *ex, unsigned n_extra,
                           void **avals, void **outp, const md_diff_launch *l,
                           size_t out_count, const char *side,
                           unsigned long long *ran);

int md_diff_case(md_diff_kernel *k, void **args, const md_diff_launch *l,
                 size_t out_count, md_expect e) {
  void *avals[MD_DIFF_MAX_PARAMS];
  void *outp = NULL;
  md_extra ex;
  k->cases++;
  if (!k->usable)
    return 1;
  if (e == MD_EXPECT_SKIP) {
    k->skipped++;
    return 0;
  }
  if (!md_diff_launch_ok(l)) {
    if (md_diff_fail(k))
      printf("FAIL: kernel %s: the driver asked for an invalid launch [%s]\n",
             k->name, k->note);
    return 1;
  }
  for (unsigned i = 0; i < k->n_params; i++)
    avals[i] = args[i];
  avals[k->out_param] = &outp;

  int st = md_desc_fill(k->desc, k->desc_size, avals, &l->dims, &ex);
  if (!md_diff_status_ok(k, st, e)) {
    if (md_diff_fail(k))
      printf("FAIL: kernel %s: md_desc_fill: %s, expected %s [%s]\n", k->name,
             md_status_str(st), md_expect_str(e), k->note);
    return 1;
  }
  if (st != MD_OK && e != MD_EXPECT_UNDEF && k->plain_usable) {
    /* what the runtime does next: the plain tier, checked on its own */
    int pst = md_desc_fill(k->plain_desc, k->plain_desc_size, avals,
                           &l->dims, &ex);
    if (pst == MD_OK && e == MD_EXPECT_FALLBACK) {
      if (md_diff_fail(k))
        printf("FAIL: kernel %s: the plain descriptor accepts a zero "
               "divisor [%s]\n", k->name, k->note);
      return 1;
    }
    if (pst == MD_OK)
      return md_diff_compare(k, &k->cif_plain, k->plain, &ex,
                             k->plain_n_extra, avals, &outp, l, out_count,
                             "plain clone", &k->ran_plain);
  }
  if (st != MD_OK)
    k->ended_orig++;
  if (st == MD_FALLBACK_REQUIREMENT &&
      (e == MD_EXPECT_REQ_FAIL || e == MD_EXPECT_RUN_OR_REQ) &&
      !md_diff_buffers(out_count * k->out_elem)) {
    /* what the runtime launches instead: the original */
    md_current = k;
    md_current_side = "the original";
    outp = md_buf_a;
    md_diff_run(&k->cif_orig, k->orig, avals, l);
    md_current = NULL;
    return 0;
  }
  if (st != MD_OK || e == MD_EXPECT_UNDEF)
    return 0;
  if (k->pow2 && (md_diff_cfg.force_pow2 ||
                  md_pow2_tier_holds(k->desc, ex.value, ex.n_extra)))
    return md_diff_compare(k, &k->cif_clone, k->pow2, &ex, k->n_extra, avals,
                           &outp, l, out_count, "pow2 tier", &k->ran_pow2);
  return md_diff_compare(k, &k->cif_clone, k->clone, &ex, k->n_extra, avals,
                         &outp, l, out_count, "clone", &k->ran);
}

/* Run the original and fn (a clone with n_extra magic parameters from ex,
 * named `side` in messages) over launch l into two buffers and compare
 * them; *ran counts it.
 * avals[out_param] points at *outp. */
static int md_diff_compare(md_diff_kernel *k, ffi_cif *cif, void (*fn)(void),
                           const md_extra *ex, unsigned n_extra,
                           void **avals, void **outp, const md_diff_launch *l,
                           size_t out_count, const char *side,
                           unsigned long long *ran) {
  void *cargs[MD_DIFF_MAX_PARAMS + MD_MAX_EXTRA];
  if (ex->n_params != k->n_params || ex->n_extra != n_extra) {
    if (md_diff_fail(k))
      printf("FAIL: kernel %s: md_desc_fill gave %u+%u parameters\n", k->name,
             ex->n_params, ex->n_extra);
    return 1;
  }
  size_t bytes = out_count * k->out_elem;
  if (md_diff_buffers(bytes)) {
    printf("FAIL: kernel %s: out of memory\n", k->name);
    k->failures++;
    return 1;
  }
  memset(md_buf_a, MD_SENTINEL, bytes);
  memset(md_buf_b, MD_SENTINEL, bytes);

  md_current = k;
  md_current_side = "the original";
  *outp = md_buf_a;
  md_diff_run(&k->cif_orig, k->orig, avals, l);
  if (md_build_args(ex, avals, cargs, sizeof cargs / sizeof cargs[0]) !=
      MD_OK) {
    printf("FAIL: kernel %s: md_build_args failed\n", k->name);
    k->failures++;
    return 1;
  }
  *outp = md_buf_b;
  md_current_side = k->plain && fn == k->plain  ? "the plain clone"
                    : k->pow2 && fn == k->pow2 ? "the pow2 tier"
                                               : "the clone";
  k->threads += md_diff_run(cif, fn, cargs, l);
  md_current = NULL;
  (*ran)++;

  uint64_t sentinel;
  memset(&sentinel, MD_SENTINEL, sizeof sentinel);
  sentinel = md_diff_elem((const unsigned char *)&sentinel, k->out_elem);
  for (size_t i = 0; i < out_count; i++)
    if (md_diff_elem(md_buf_a + i * k->out_elem, k->out_elem) != sentinel)
      k->pairs++;
  if (memcmp(md_buf_a, md_buf_b, bytes) == 0)
    return 0;
  if (md_diff_fail(k)) {
    unsigned shown = 0;
    printf("FAIL: kernel %s: %s differs from the original [%s]\n", k->name,
           side, k->note);
    for (size_t i = 0; i < out_count && shown < 4; i++) {
      uint64_t a = md_diff_elem(md_buf_a + i * k->out_elem, k->out_elem);
      uint64_t b = md_diff_elem(md_buf_b + i * k->out_elem, k->out_elem);
      if (a != b) {
        printf("  out[%zu]: original 0x%llx, %s 0x%llx\n", i,
               (unsigned long long)a, side, (unsigned long long)b);
        shown++;
      }
    }
  }
  return 1;
}

int md_diff_report(const md_diff_kernel *k) {
  int failed = k->failures > 0;
  if (k->expect_clone && !k->usable)
    failed = 1; /* md_diff_init printed why */
  if (k->usable && k->ran == 0) {
    printf("FAIL: kernel %s: no case ran the clone\n", k->name);
    failed = 1;
  }
  if (k->plain_usable)
    printf("kernel %s: %llu cases ran the plain clone\n", k->name,
           k->ran_plain);
  if (k->usable && k->pow2)
    printf("kernel %s: %llu cases ran the pow2 tier\n", k->name, k->ran_pow2);
  if (k->usable)
    printf("kernel %s: %llu cases: %llu ran, %llu fallbacks for a zero "
           "divisor, %llu for a negative one, %llu with an overflowing "
           "divisor expression (%llu fell back), %llu for a failed launch "
           "requirement, %llu skipped; %llu "
           "threads, %llu (divisor, dividend) pairs compared, %llu "
           "failures\n",
           k->name, k->cases, k->ran, k->fb_zero, k->fb_neg, k->undef,
           k->undef_fb, k->fb_req, k->skipped, k->threads, k->pairs,
           k->failures);
  printf("%s: kernel %s\n", failed ? "FAILED" : "PASSED", k->name);
  return failed;
}

md_diff_launch md_diff_1d(uint32_t threads, uint32_t block) {
  md_diff_launch l;
  memset(&l, 0, sizeof l);
  if (threads == 0)
    threads = 1;
  l.dims.block[0] = block;
  l.dims.grid[0] = (threads + block - 1) / block;
  l.dims.block[1] = l.dims.block[2] = l.dims.grid[1] = l.dims.grid[2] = 1;
  return l;
}

md_expect md_expect_join(md_expect a, md_expect b) { return a > b ? a : b; }

md_expect md_expect_signed(const int64_t *d, unsigned n, int bits) {
  md_expect e = MD_EXPECT_RUN;
  int64_t max = (int64_t)((1ull << (bits - 1)) - 1), min = -max - 1;
  for (unsigned i = 0; i < n; i++) {
    if (d[i] < min || d[i] > max)
      e = md_expect_join(e, MD_EXPECT_UNDEF);
    else if (d[i] == 0)
      e = md_expect_join(e, MD_EXPECT_FALLBACK);
    else if (d[i] < 0)
      e = md_expect_join(e, MD_EXPECT_RUN_OR_NEG);
  }
  return e;
}

md_expect md_expect_unsigned(const uint64_t *d, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (d[i] == 0)
      return MD_EXPECT_FALLBACK;
  return MD_EXPECT_RUN;
}

void md_diff_struct_type(ffi_type *t, ffi_type **elems, ffi_type *elem,
                         unsigned n) {
  for (unsigned i = 0; i < n; i++)
    elems[i] = elem;
  elems[n] = NULL;
  t->size = 0;
  t->alignment = 0;
  t->type = FFI_TYPE_STRUCT;
  t->elements = elems;
}

int md_diff_main(int argc, char **argv, md_diff_kernel *ks, unsigned n) {
  int failed = 0;
  md_diff_parse_args(argc, argv);
  for (unsigned i = 0; i < n; i++)
    if (md_diff_init(&ks[i]) == 0 && ks[i].usable && ks[i].sweep)
      ks[i].sweep(&ks[i]);
  for (unsigned i = 0; i < n; i++)
    failed |= md_diff_report(&ks[i]);
  printf("md_diff: %s\n", failed ? "FAILED" : "all kernels PASSED");
  return failed;
}
