/* test_launch_omp.c -- md_omp_launch (runtime/src/launch/md_launch_omp.c) against
 * a fake __tgt_target_kernel: the clone's region and the magic values as
 * extra literal TARGET_PARAM arguments, the kernel parameters taken from
 * the TARGET_PARAM arguments only, and every fallback to the original
 * launch (no clone, foreign KernelArgsTy version, parameter mismatch, a
 * zero divisor, a divisor read from a mapped pointer, a failing clone
 * launch, MAGICDIV_DISABLE), a divisor read from an object passed by
 * reference (firstprivate: the clone; map(to:) without libomptarget to
 * ask: the original), and the tiers: ranged clone, plain clone,
 * original.  Run with MAGICDIV_CHOICE=clone (every launch that can run
 * the clone runs it).  `test_launch_omp choice`: the measured choice timed
 * by the host clock (launch/md_host_clock.h), here a fake clock that the
 * fake __tgt_target_kernel advances by each side's scripted time: a slower
 * clone keeps the original, a faster one the clone, one within the margin
 * the original; `nowait` launches are never timed (the clone until a
 * decision, then the decision); md_launch_reset starts the trials again.
 * Run by test/unit/launch-omp.test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch/md_host_clock.h"
#include "magicdiv/magicdiv.h"
#include "magicdiv/md_omp.h"
#include "test_desc_util.h"

#define TP 0x20
#define LIT 0x100

static char region_k, region_c; /* host region ids: original, clone */
static int calls, fail_clone;
static void *last_region;
static md_omp_kernel_args last;
static uint64_t last_extra[8];
static int64_t last_types[8];
/* the fake clock (ns) and what a launch of the clone / of anything else
 * adds to it */
static uint64_t fake_ns = 1000000000u, cost_clone, cost_orig;

static uint64_t fake_clock(void) { return fake_ns; }

static int fake_target_kernel(void *ident, int64_t dev, int32_t teams,
                              int32_t threads, void *region,
                              md_omp_kernel_args *a) {
  uint32_t i;
  (void)ident, (void)dev, (void)teams, (void)threads;
  calls++;
  last_region = region;
  fake_ns += region == &region_c ? cost_clone : cost_orig;
  last = *a;
  for (i = 0; i < a->num_args && i < 8; i++) {
    last_extra[i] = (uint64_t)(uintptr_t)a->ptrs[i];
    last_types[i] = a->types[i];
  }
  return region == &region_c && fail_clone ? 1 : 0;
}

/* One u32 divisor: (param `p` & 0xffffffff) truncated to 32 bits; with
 * `req`, the requirement "param 1 <= 1000" (a ranged clone's bet). */
static size_t make_desc_req(uint8_t *out, unsigned p, unsigned np, int req) {
  static tdb b;
  uint32_t sizes[8] = {8, 8, 8, 8, 8, 8, 8, 8};
  tdb_init(&b, np, sizes);
  tdb_div_begin(&b, MD_KIND_U32, 0);
  tdb_arg(&b, p, 0, 8);
  tdb_cast(&b, MD_OP_TRUNC, 64, 32);
  tdb_end(&b);
  if (req) {
    tdb_req_begin(&b);
    tdb_arg(&b, 1, 0, 8);
    tdb_const(&b, 64, 1000);
    tdb_icmp(&b, 64, MD_PRED_ULE);
    tdb_end(&b);
  }
  return tdb_finish(&b, out, 4096);
}

static void *launch_region = &region_k; /* the region launch() starts */

static size_t make_desc(uint8_t *out, unsigned p, unsigned np) {
  return make_desc_req(out, p, np, 0);
}

static int launch(const md_omp_kernel *k, uint64_t n, uint64_t w,
                  int64_t wtype, uint32_t version) {
  void *ptrs[4] = {(void *)0x1000, (void *)(uintptr_t)n,
                   (void *)(uintptr_t)w, (void *)0x2000};
  void *base[4] = {ptrs[0], ptrs[1], ptrs[2], ptrs[3]};
  int64_t sizes[4] = {0, 4, 4, 8};
  /* a non-TARGET_PARAM entry first (data only), then n, w, a */
  int64_t types[4] = {0x4000, TP | LIT, wtype, TP | 0x3};
  md_omp_kernel_args a;
  memset(&a, 0, sizeof a);
  a.version = version;
  a.num_args = 4;
  a.base_ptrs = base;
  a.ptrs = ptrs;
  a.sizes = sizes;
  a.types = types;
  return md_omp_launch(NULL, -1, 0, 0, launch_region, &a, k);
}

/* KernelArgsTy.Flags and .Tripcount of launch_four's launches */
static uint64_t launch_flags, launch_tripcount;

/* A launch of four arguments (ptrs, types; base pointers and sizes when
 * not NULL) through kernel k and region r. */
static int launch_four(const md_omp_kernel *k, void *r, void **ptrs,
                       int64_t *types, void **base, int64_t *sizes) {
  md_omp_kernel_args a;
  memset(&a, 0, sizeof a);
  a.version = 3;
  a.flags = launch_flags;
  a.tripcount = launch_tripcount;
  a.num_args = 4;
  a.ptrs = ptrs;
  a.types = types;
  a.base_ptrs = base;
  a.sizes = sizes;
  return md_omp_launch(NULL, -1, 0, 0, r, &a, k);
}

/* A launch of (0x4000 data entry, n, w, pointer p) through kernel k and
 * region r, n and w literals. */
static int launch_nwp(const md_omp_kernel *k, void *r, uint64_t n, void *w,
                      void *p) {
  void *ptrs[4] = {0, (void *)(uintptr_t)n, w, p};
  int64_t types[4] = {0x4000, TP | LIT, TP | LIT, TP | 3};
  return launch_four(k, r, ptrs, types, NULL, NULL);
}

static int launch_at(const md_omp_kernel *k, void *r, void *w, void *p) {
  calls = 0;
  return launch_nwp(k, r, 1, w, p);
}

static int launch_tier(const md_omp_kernel *k, void *r, uint64_t n,
                       uint64_t w) {
  return launch_nwp(k, r, n, (void *)(uintptr_t)w, NULL);
}

/* One u64 divisor: bytes 8..15 of the 16-byte object parameter 3 (passed
 * by reference, md_omp_map.c). */
static size_t make_desc_obj(uint8_t *out) {
  static tdb b;
  uint32_t sizes[4] = {8, 8, 8, 16};
  tdb_init(&b, 4, sizes);
  tdb_div_begin(&b, MD_KIND_U64, 0);
  tdb_arg(&b, 3, 8, 8);
  tdb_end(&b);
  return tdb_finish(&b, out, 4096);
}

/* A launch of (0x4000 data entry, n, w, object o of 16 bytes of map type
 * `type`) through kernel k and region r. */
static int launch_obj(const md_omp_kernel *k, void *r, void *o,
                      int64_t type) {
  void *ptrs[4] = {0, (void *)1, (void *)7, o};
  int64_t types[4] = {0x4000, TP | LIT, TP | LIT, type};
  int64_t sizes[4] = {0, 8, 8, 16};
  calls = 0;
  return launch_four(k, r, ptrs, types, ptrs, sizes);
}

/* The clone runs with the magic values of an object's field passed by
 * reference when its host bytes are the device's (firstprivate), and the
 * original when that is not known (a map(to:) object whose presence this
 * program, without libomptarget, cannot ask). */
static void test_by_reference(const md_omp_kernel *k) {
  static uint8_t desc_o[4096];
  static char region_o, region_oc, region_m;
  static uint64_t obj[2] = {99, 1000003};
  size_t dso = make_desc_obj(desc_o);
  md_omp_kernel ko = *k;
  ko.desc = desc_o;
  ko.desc_size = (uint32_t)dso;
  ko.clone_region = &region_oc;
  ko.name = "k_firstprivate";
  printf("== divisor from a firstprivate object\n");
  fflush(stdout);
  CHECK(launch_obj(&ko, &region_o, obj, TP | 0x80 | 0x1) == 0 &&
            last_region == &region_oc && calls == 1 && last.num_args == 7,
        "clone, 3 magic values");
  {
    md_extra ex;
    void *args[4] = {NULL, NULL, NULL, obj};
    CHECK(md_desc_fill(desc_o, dso, args, &(md_dims){{0}, {0}}, &ex) ==
                  MD_OK &&
              last_extra[4] == ex.value[0] && last_extra[5] == ex.value[1] &&
              last_extra[6] == ex.value[2],
          "magic values of the host field");
  }
  printf("== divisor from a map(to:) object, presence not known\n");
  fflush(stdout);
  ko.name = "k_mapped";
  CHECK(launch_obj(&ko, &region_m, obj, TP | 0x1) == 0 &&
            last_region == &region_m && calls == 1,
        "original");
}

/* ---- the measured choice (`test_launch_omp choice`) ---- */

/* n launches of k (region launch_region, w = 7, Flags `flags`); the
 * number that ran the clone. */
static int launches(const md_omp_kernel *k, int n, uint64_t flags) {
  int clones = 0;
  launch_flags = flags;
  for (int i = 0; i < n; i++) {
    calls = 0;
    CHECK(launch_nwp(k, launch_region, 10, (void *)7, (void *)0x2000) == 0 &&
              calls == 1,
          "launch %d", i);
    clones += last_region == &region_c;
  }
  launch_flags = 0;
  return clones;
}

/* Region r of kernel `name` (k's descriptor, clone region_c) timed with the
 * clone at clone_us and the original at orig_us: 13 launches decide (2
 * warm-up, 5 timed a side, the last read at the 13th); then 10 more run
 * what was kept: the number of those that ran the clone. */
static int decide(const md_omp_kernel *k, const char *name, void *r,
                  uint64_t clone_us, uint64_t orig_us) {
  md_omp_kernel kk = *k;
  int c;
  kk.name = name;
  launch_region = r;
  cost_clone = clone_us * 1000;
  cost_orig = orig_us * 1000;
  c = launches(&kk, 13, 0);
  CHECK(c == 7, "trials: 7 clone launches (1 warm-up, 5 timed, the 13th), "
                "got %d", c);
  c = launches(&kk, 10, 0);
  launch_region = &region_k;
  return c;
}

/* decide() with the launches' trip count tc. */
static int decide_at(const md_omp_kernel *k, const char *name, void *r,
                     uint64_t tc, uint64_t clone_us, uint64_t orig_us) {
  int c;
  launch_tripcount = tc;
  c = decide(k, name, r, clone_us, orig_us);
  launch_tripcount = 0;
  return c;
}

static int test_choice(const md_omp_kernel *k) {
  static char r_slow, r_fast, r_equal, r_nowait, r_reset;
  md_omp_kernel kk = *k;
  md_host_clock_now = fake_clock;

  printf("== choice: clone slower\n");
  fflush(stdout);
  CHECK(decide(k, "k_slow", &r_slow, 1500, 1000) == 0, "original kept");

  printf("== choice: clone faster\n");
  fflush(stdout);
  CHECK(decide(k, "k_fast", &r_fast, 500, 1000) == 10, "clone kept");

  printf("== choice: equal within the margin\n");
  fflush(stdout);
  CHECK(decide(k, "k_equal", &r_equal, 980, 1000) == 0, "original kept");

  printf("== choice: nowait is never timed\n");
  fflush(stdout);
  kk.name = "k_nowait";
  launch_region = &r_nowait;
  cost_clone = 1500000;
  cost_orig = 1000000;
  CHECK(launches(&kk, 20, 1) == 20, "nowait: the clone, no trial");
  /* (a region is nowait or not at every launch: the clause is the
   * construct's; a slot decided by other launches is followed) */
  kk.name = "k_slow";
  launch_region = &r_slow;
  CHECK(launches(&kk, 3, 1) == 0, "nowait follows a decision");

  printf("== choice: trip count buckets\n");
  fflush(stdout);
  {
    static char r_bucket;
    CHECK(decide_at(k, "k_bucket", &r_bucket, 100, 1500, 1000) == 0,
          "64-127 iterations: original kept");
    CHECK(decide_at(k, "k_bucket", &r_bucket, 100000, 500, 1000) == 10,
          "65536-131071 iterations: clone kept");
    CHECK(decide_at(k, "k_bucket", &r_bucket, 1ull << 40, 1500, 1000) == 0,
          "above 2^32 - 1 iterations: one bucket, original kept");
    kk.name = "k_bucket";
    launch_region = &r_bucket;
    launch_tripcount = 120; /* 64-127 again: decided */
    CHECK(launches(&kk, 3, 0) == 0, "64-127: the original, no trial");
    launch_tripcount = 70000;
    CHECK(launches(&kk, 3, 0) == 3, "65536-131071: the clone");
    launch_tripcount = 5000000000ull;
    CHECK(launches(&kk, 3, 0) == 0, "above 2^32: the original");
    launch_tripcount = 0;
  }

  printf("== choice: reset\n");
  fflush(stdout);
  kk.name = "k_reset";
  launch_region = &r_reset;
  CHECK(launches(&kk, 13, 0) == 7, "trials");
  CHECK(launches(&kk, 2, 0) == 0, "original kept");
  md_launch_reset(); /* the decision forgotten, the trials again */
  CHECK(launches(&kk, 1, 0) == 1, "after reset: the clone first");
  CHECK(launches(&kk, 12, 0) == 6, "trials again");
  CHECK(launches(&kk, 2, 0) == 0, "original kept again");
  launch_region = &region_k;
  md_launch_release();
  return tdu_report("test_launch_omp choice");
}

int main(int argc, char **argv) {
  static uint8_t desc[4096], desc_n[4096], desc_bad[4096];
  md_omp_kernel k, nok, few, ptrd;
  size_t ds = make_desc(desc, 2, 4);          /* reads w (param 2) */
  size_t dn = make_desc(desc_n, 3, 4);        /* reads the mapped pointer */
  size_t db = make_desc(desc_bad, 2, 5);      /* one parameter too many */
  memset(&k, 0, sizeof k);
  k.version = MD_OMP_KERNEL_VERSION;
  k.desc_size = (uint32_t)ds;
  k.clone_region = &region_c;
  k.desc = desc;
  k.name = "k_omp";
  k.target_kernel = fake_target_kernel;
  if (argc > 1 && strcmp(argv[1], "choice") == 0)
    return test_choice(&k);

  printf("== clone\n");
  fflush(stdout);
  CHECK(launch(&k, 10, 7, TP | LIT, 3) == 0, "launch");
  CHECK(last_region == &region_c, "clone region");
  CHECK(last.num_args == 7, "3 magic values appended: %u", last.num_args);
  {
    md_extra ex;
    uint64_t w = 7;
    void *args[4] = {NULL, NULL, &w, NULL};
    CHECK(md_desc_fill(desc, ds, args, &(md_dims){{0}, {0}}, &ex) == MD_OK,
          "fill");
    CHECK(last_extra[4] == ex.value[0] && last_extra[5] == ex.value[1] &&
              last_extra[6] == ex.value[2],
          "magic values");
    CHECK(last_types[4] == (TP | LIT) && last_types[6] == (TP | LIT),
          "literal target params");
    CHECK(last_extra[1] == 10 && last_extra[3] == 0x2000,
          "original arguments kept");
  }
  CHECK(calls == 1, "one launch");
  {
    /* the same inputs again, after a launch of another region with another
     * divisor: the memo's outcome, the same magic values */
    static char region_k2;
    md_omp_kernel k2 = k;
    uint64_t first[3];
    memcpy(first, &last_extra[4], sizeof first);
    k2.name = "k_omp2";
    launch_region = &region_k2;
    CHECK(launch(&k2, 10, 5, TP | LIT, 3) == 0 && last_region == &region_c,
          "another region's clone");
    launch_region = &region_k;
    CHECK(memcmp(first, &last_extra[4], sizeof first) != 0,
          "another divisor, other magic values");
    CHECK(launch(&k, 10, 7, TP | LIT, 3) == 0 && last_region == &region_c,
          "repeated launch");
    CHECK(memcmp(first, &last_extra[4], sizeof first) == 0,
          "repeated launch: the same magic values");
  }

  printf("== zero divisor\n");
  fflush(stdout);
  calls = 0;
  CHECK(launch(&k, 10, 0, TP | LIT, 3) == 0 && last_region == &region_k &&
            calls == 1 && last.num_args == 4,
        "original, arguments unchanged");

  printf("== foreign version\n");
  fflush(stdout);
  calls = 0;
  CHECK(launch(&k, 10, 7, TP | LIT, 2) == 0 && last_region == &region_k &&
            calls == 1,
        "original");

  printf("== clone launch fails\n");
  fflush(stdout);
  calls = 0;
  fail_clone = 1;
  CHECK(launch(&k, 10, 7, TP | LIT, 3) == 0 && last_region == &region_k &&
            calls == 2 && last.num_args == 4,
        "clone tried, then the original");
  fail_clone = 0;

  printf("== no clone\n");
  fflush(stdout);
  nok = k;
  nok.clone_region = NULL;
  nok.desc = NULL;
  nok.name = "k_noclone";
  calls = 0;
  {
    static char region_n;
    void *ptrs[1] = {(void *)1};
    int64_t types[1] = {TP | LIT};
    md_omp_kernel_args a;
    memset(&a, 0, sizeof a);
    a.version = 3;
    a.num_args = 1;
    a.ptrs = ptrs;
    a.types = types;
    CHECK(md_omp_launch(NULL, -1, 0, 0, &region_n, &a, &nok) == 0 &&
              last_region == &region_n && calls == 1,
          "original");
  }

  printf("== parameter mismatch\n");
  fflush(stdout);
  few = k;
  few.desc = desc_bad;
  few.desc_size = (uint32_t)db;
  few.name = "k_params";
  {
    static char region_p;
    CHECK(launch_at(&few, &region_p, (void *)7, NULL) == 0 &&
              last_region == &region_p && calls == 1,
          "original");
  }

  printf("== divisor from a mapped pointer\n");
  fflush(stdout);
  ptrd = k;
  ptrd.desc = desc_n;
  ptrd.desc_size = (uint32_t)dn;
  ptrd.name = "k_ptr";
  {
    static char region_q;
    CHECK(launch_at(&ptrd, &region_q, (void *)7, (void *)9) == 0 &&
              last_region == &region_q && calls == 1,
          "original");
  }
  test_by_reference(&k);
  {
    /* two tiers: the ranged clone bets n <= 1000, the plain one does not */
    static uint8_t desc_r[4096], desc_p[4096];
    static char region_t, region_r, region_pl, region_t1;
    size_t dr = make_desc_req(desc_r, 2, 4, 1), dp = make_desc(desc_p, 2, 4);
    md_omp_kernel t = k, t1;
    t.desc = desc_r;
    t.desc_size = (uint32_t)dr;
    t.clone_region = &region_r;
    t.plain_region = &region_pl;
    t.plain_desc = desc_p;
    t.plain_desc_size = dp;
    t.name = "k_tiers";
    printf("== tiers: ranged\n");
    fflush(stdout);
    CHECK(launch_at(&t, &region_t, (void *)7, NULL) == 0 &&
              last_region == &region_r && calls == 1 && last.num_args == 7,
          "ranged clone, 3 magic values");
    printf("== tiers: plain\n");
    fflush(stdout);
    calls = 0;
    CHECK(launch_tier(&t, &region_t, 5000, 7) == 0 &&
              last_region == &region_pl && calls == 1 && last.num_args == 7,
          "plain clone, 3 magic values");
    CHECK(last_extra[1] == 5000 && last_types[6] == (TP | LIT),
          "arguments kept, magic values literal");
    printf("== tiers: original\n");
    fflush(stdout);
    calls = 0;
    CHECK(launch_tier(&t, &region_t, 5000, 0) == 0 &&
              last_region == &region_t && calls == 1 && last.num_args == 4,
          "zero divisor: the original");
    printf("== tiers: version 1 has no plain tier\n");
    fflush(stdout);
    t1 = t;
    t1.version = 1;
    t1.name = "k_v1";
    calls = 0;
    CHECK(launch_tier(&t1, &region_t1, 5000, 7) == 0 &&
              last_region == &region_t1 && calls == 1,
          "the original");
  }
  return tdu_report("test_launch_omp");
}
