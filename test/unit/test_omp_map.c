/* test_omp_map.c -- OpenMP arguments passed by reference
 * (runtime/src/launch/md_omp_map.c): when the host bytes of a mapped or
 * firstprivate object are the bytes the device reads at a launch.  The
 * OpenMP API the runtime calls (weak references) is defined here over a
 * fake present table: omp_target_is_present answers from `present[]`.
 * Run by test/unit/omp-map.test. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "md_omp_map.h"
#include "magicdiv/magicdiv.h"
#include "magicdiv/md_omp.h"
#include "test_desc_util.h"
#include "test_expect.h"

#define TP MD_OMP_MAPTYPE_TARGET_PARAM
#define TO MD_OMP_MAPTYPE_TO
#define FROM MD_OMP_MAPTYPE_FROM
#define PRIV MD_OMP_MAPTYPE_PRIVATE
#define LIT MD_OMP_MAPTYPE_LITERAL
#define IMPL MD_OMP_MAPTYPE_IMPLICIT
#define MEMBER(i) ((int64_t)((uint64_t)((i) + 1) << 48))

/* ---- the fake OpenMP API ---- */
static const char *present_lo, *present_hi; /* one mapped range, or none */
static int ndev = 1, default_dev = 0, presence_calls, last_dev = -9;

int omp_get_num_devices(void) { return ndev; }
int omp_get_default_device(void) { return default_dev; }
int omp_target_is_present(const void *p, int dev) {
  presence_calls++;
  last_dev = dev;
  return (const char *)p >= present_lo && (const char *)p < present_hi;
}

static void map_range(const void *p, size_t n) {
  present_lo = p;
  present_hi = (const char *)p + n;
}

/* ---- one launch's argument arrays ---- */
typedef struct launch {
  void *base[6], *ptrs[6], *mappers[6];
  int64_t sizes[6], types[6];
  md_omp_kernel_args a;
} launch;

static void arg(launch *l, unsigned i, void *p, int64_t size, int64_t type) {
  l->base[i] = l->ptrs[i] = p;
  l->sizes[i] = size;
  l->types[i] = type;
  l->mappers[i] = NULL;
  if (i + 1 > l->a.num_args)
    l->a.num_args = i + 1;
}

static void init(launch *l) {
  memset(l, 0, sizeof *l);
  l->a.version = 3;
  l->a.base_ptrs = l->base;
  l->a.ptrs = l->ptrs;
  l->a.sizes = l->sizes;
  l->a.types = l->types;
  l->a.mappers = l->mappers;
}

struct obj {
  int64_t n, w;
  int32_t k;
  int32_t pad;
  long *ptr;
};

/* A descriptor reading `size` bytes at `off` of parameter p of np (sizes:
 * 8 each, the object's `objsize` for p). */
static size_t desc_reading(uint8_t *out, unsigned p, unsigned np,
                           uint32_t objsize, uint32_t off, unsigned size) {
  static tdb b;
  uint32_t sizes[6] = {8, 8, 8, 8, 8, 8};
  sizes[p] = objsize;
  tdb_init(&b, np, sizes);
  tdb_div_begin(&b, size == 8 ? MD_KIND_U64 : MD_KIND_U32, 0);
  tdb_arg(&b, p, off, size);
  if (size < 4)
    tdb_cast(&b, MD_OP_ZEXT, size * 8, 32);
  tdb_end(&b);
  return tdb_finish(&b, out, 4096);
}

static void test_known(void) {
  static struct obj o = {10, 7, 3, 0, NULL}, o2;
  static int d = 5;
  launch l;

  section("firstprivate");
  init(&l);
  arg(&l, 0, &o, sizeof o, TP | PRIV | TO | IMPL);
  presence_calls = 0;
  EXPECT(md_omp_ref_known(&l.a, 0, -1, sizeof o) == &o);
  EXPECT(presence_calls == 0); /* copied for the launch: no lookup */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, sizeof o + 1) == NULL); /* too small */
  l.types[0] = TP | PRIV; /* private, not firstprivate: no bytes copied */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);

  section("mapped to, not present");
  init(&l);
  arg(&l, 0, &d, 4, TP | TO);
  map_range(NULL, 0);
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 4) == &d);
  EXPECT(last_dev == 0); /* -1: the default device */
  l.types[0] = TP | FROM; /* not copied to the device */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 4) == NULL);

  section("mapped to, already present");
  init(&l);
  arg(&l, 0, &d, 4, TP | TO);
  map_range(&d, 4);
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 4) == NULL);
  l.types[0] = TP | TO | MD_OMP_MAPTYPE_ALWAYS; /* copied all the same */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 4) == &d);

  section("implicit, partly present");
  init(&l);
  arg(&l, 0, &o2, sizeof o2, TP | TO | FROM | IMPL);
  map_range(&o2.k, 4); /* a member mapped before: nothing is copied */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, sizeof o2) == NULL);
  l.types[0] = TP | TO | FROM; /* explicit: a partial overlap fails the
                                  launch, so only the first byte matters */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, sizeof o2) == &o2);
  map_range(NULL, 0);
  l.types[0] = TP | TO | FROM | IMPL;
  EXPECT(md_omp_ref_known(&l.a, 0, -1, sizeof o2) == &o2);

  section("devices");
  init(&l);
  arg(&l, 0, &d, 4, TP | TO);
  EXPECT(md_omp_ref_known(&l.a, 0, 0, 4) == &d);
  EXPECT(md_omp_ref_known(&l.a, 0, 1, 4) == NULL); /* no device 1 */
  EXPECT(md_omp_ref_known(&l.a, 0, -7, 4) == NULL);
  ndev = 0;
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 4) == NULL); /* offload disabled */
  ndev = 1;

  section("entries that are not known");
  init(&l);
  arg(&l, 0, &o, sizeof o, TP | TO);
  l.ptrs[0] = &o.w; /* a section not starting at the base */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);
  l.ptrs[0] = &o;
  l.mappers[0] = &o; /* a custom mapper */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);
  l.mappers[0] = NULL;
  l.types[0] = TP | TO | MD_OMP_MAPTYPE_PTR_AND_OBJ;
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);
  l.types[0] = TP | TO | 0x4000; /* ATTACH, or any bit not listed */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);
  l.types[0] = TP | TO;
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == &o);
  arg(&l, 1, &o.w, 8, TO | MEMBER(0)); /* a struct mapped in parts */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);
  init(&l);
  arg(&l, 0, &o, sizeof o, TP | TO);
  arg(&l, 1, &o.k, 4, TP | TO | FROM); /* another entry maps part of it */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == NULL);
  l.types[1] = TP | PRIV | TO; /* a private copy of it does not */
  EXPECT(md_omp_ref_known(&l.a, 0, -1, 8) == &o);
}

static void test_args(void) {
  static uint8_t desc[4096];
  static struct obj o = {10, 7, 3, 0, NULL};
  static long pointee[4];
  static int d = 5;
  uint64_t lit = 9;
  void *args[4];
  launch l;
  size_t ds;

  section("md_omp_ref_args");
  map_range(NULL, 0);
  /* parameters: 0 the dynamic environment, 1 a literal, 2 the object */
  init(&l);
  arg(&l, 0, (void *)(uintptr_t)lit, 8, TP | LIT);
  arg(&l, 1, &o, sizeof o, TP | PRIV | TO | IMPL);
  ds = desc_reading(desc, 2, 3, sizeof o, 8, 8); /* reads o.w */
  EXPECT(ds > 0 && md_desc_validate(desc, ds) == MD_OK);
  memset(args, 0, sizeof args);
  EXPECT(md_omp_ref_args(desc, NULL, &l.a, -1, args, 3) == MD_OK);
  EXPECT(args[2] == &o && args[1] == NULL);
  /* a lambda mapping of o's pointer field: the device copy holds the
   * device address there, which no divisor may read */
  o.ptr = pointee;
  l.base[2] = &o.ptr;
  l.ptrs[2] = pointee;
  l.sizes[2] = 0;
  l.types[2] = IMPL | MD_OMP_MAPTYPE_PTR_AND_OBJ | MEMBER(1);
  l.a.num_args = 3;
  memset(args, 0, sizeof args);
  EXPECT(md_omp_ref_args(desc, NULL, &l.a, -1, args, 3) == MD_OK);
  EXPECT(args[2] == &o);
  ds = desc_reading(desc, 2, 3, sizeof o, 24, 8); /* reads o.ptr's bytes */
  memset(args, 0, sizeof args);
  EXPECT(md_omp_ref_args(desc, NULL, &l.a, -1, args, 3) ==
         MD_FALLBACK_ARG_UNKNOWN);
  ds = desc_reading(desc, 2, 3, sizeof o, 20, 4); /* the padding before it */
  memset(args, 0, sizeof args);
  EXPECT(md_omp_ref_args(desc, NULL, &l.a, -1, args, 3) == MD_OK);

  /* a map(to:) scalar, present or not */
  init(&l);
  arg(&l, 0, &d, 4, TP | TO);
  ds = desc_reading(desc, 1, 2, 4, 0, 4);
  memset(args, 0, sizeof args);
  EXPECT(md_omp_ref_args(desc, NULL, &l.a, -1, args, 2) == MD_OK);
  EXPECT(args[1] == &d);
  map_range(&d, 4);
  memset(args, 0, sizeof args);
  EXPECT(md_omp_ref_args(desc, NULL, &l.a, -1, args, 2) ==
         MD_FALLBACK_ARG_UNKNOWN);
  /* the plain tier's descriptor is read too */
  {
    static uint8_t d0[4096];
    desc_reading(d0, 1, 2, 4, 0, 4);
    memset(args, 0, sizeof args);
    EXPECT(md_omp_ref_args(desc, d0, &l.a, -1, args, 2) ==
           MD_FALLBACK_ARG_UNKNOWN);
  }
  map_range(NULL, 0);
  (void)ds;
}

int main(void) {
  test_known();
  test_args();
  fprintf(stderr, "test_omp_map: %d failed\n", failures);
  return failures != 0;
}
