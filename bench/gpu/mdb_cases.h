/*
 * mdb_cases.h -- the benchmark cases of the GPU driver, as data.
 *
 * A case is one kernel launch configuration.  Its native kernel K_native
 * takes `param[]` in order (each either a device buffer or a blob of bytes:
 * an integer or a struct passed by value).  The hand variants K_cutlass and
 * K_unified take the same parameters followed by one divider block per
 * entry of div[] (mdb_cut32/64, mdb_uni32/64 by width).  The plugin variant
 * is K_native__magicdiv from the plugin-compiled module, with its magic
 * parameters from md_desc_fill on K_native__magicdiv_desc.
 */
#ifndef MDB_CASES_H
#define MDB_CASES_H

#include <stddef.h>
#include <stdint.h>

enum mdb_init {
  MDB_IN_F32 = 1, /* random floats in [-1, 1) */
  MDB_IN_U32,     /* random u32 & mask */
  MDB_IN_U64,     /* random u64 & mask */
  MDB_OUT         /* output: poisoned, compared */
};

enum mdb_prep { MDB_PREP_NONE = 0, MDB_PREP_HASH = 1 };

#define MDB_MAX_BUF 4
#define MDB_MAX_PARAM 10
#define MDB_MAX_DIV 6
#define MDB_BLOB 80

typedef struct mdb_buf {
  size_t bytes;
  int init;      /* enum mdb_init */
  uint64_t mask; /* MDB_IN_U32/U64 */
  int shared;    /* not rotated (e.g. a hash table) */
} mdb_buf;

typedef struct mdb_param {
  int buf;     /* >= 0: the device pointer of buffer `buf`; -1: blob */
  size_t size; /* blob size */
  unsigned char val[MDB_BLOB];
} mdb_param;

typedef struct mdb_case {
  char name[48];   /* row label */
  char group[16];  /* "kernels", "op_u32", "op_u64" */
  char module[24]; /* bundle file stem */
  char kernel[24]; /* kernel base name */
  int nbuf;
  mdb_buf buf[MDB_MAX_BUF];
  int nparam;
  mdb_param param[MDB_MAX_PARAM];
  int ndiv;
  uint64_t div[MDB_MAX_DIV];
  int cut64, uni64; /* hand blocks are the 64-bit kind */
  unsigned grid, block;
  int prep;                 /* enum mdb_prep */
  uint32_t hash_nins, hash_cap;
  const char *cutlass_note; /* non-NULL: cutlass is expected to be inexact */
  double bytes;             /* DRAM bytes moved per launch (nominal) */
  double divs;              /* divisions per launch (op-level cases) */
} mdb_case;

/* Fill `out` (capacity cap) with every case.  quick: small sizes, few
 * divisors.  sms: the device's multiprocessor count (grid sizing).
 * Returns the number of cases. */
int mdb_cases_build(mdb_case *out, int cap, int quick, unsigned sms);

#endif /* MDB_CASES_H */
