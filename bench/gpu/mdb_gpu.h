/*
 * mdb_gpu.h -- what the files of the GPU benchmark driver share (mdb_gpu.c:
 * options, host-side checks, main; mdb_setup.c: driver, modules, memory
 * fill; mdb_run.c: correctness and timing of a case; mdb_report.c: tables).
 */
#ifndef MDB_GPU_H
#define MDB_GPU_H

#include <stddef.h>
#include <stdio.h>

#include "magicdiv/magicdiv.h"
#include "mdb_cases.h"
#include "mdb_cu.h"
#include "mdb_hand.h"

/* const: K_const_<div[0]>, the divisors template parameters (op cases,
 * permute, unpermute);
 * nvcc, nvcc_cutlass: K_native and K_cutlass of <stem>.nvcc.<arch>.cubin,
 * the same source built by nvcc -O3 (where the bundle has it). */
enum {
  V_NATIVE,
  V_CUTLASS,
  V_UNIFIED,
  V_PLUGIN,
  V_CONST,
  V_NVCC,
  V_NVCUT,
  V_N
};
extern const char *const mdb_vname[V_N];

#define MDB_MAX_CASES 96
#define MDB_MAX_ROT 64
#define MDB_MAX_REPS 200
#define MDB_ARCH "sm_90"

typedef struct mdb_opts {
  const char *bundle, *out, *only;
  int dry, quick, reps;
  unsigned long long seed;
  double deadline_s;
  double time_scale; /* scales each variant's timing budget (default 1) */
} mdb_opts;

typedef struct mdb_res {
  int ran;         /* timed */
  int status;      /* 0 ok, 1 mismatch, 2 unavailable, 3 error */
  char note[160];  /* why unavailable / mismatch details */
  long long bad;   /* mismatching words */
  long long first; /* first mismatching word */
  double med_ms, min_ms;
  int reps;
} mdb_res;

typedef struct mdb_desc {
  unsigned char *bytes;
  size_t size;
} mdb_desc;

/* mdb_state.c: run state and utilities */
extern mdb_opts mdb_opt;
extern mdb_case mdb_sel[MDB_MAX_CASES]; /* the selected cases */
extern mdb_res mdb_results[MDB_MAX_CASES][V_N];
extern int mdb_nsel;
extern double mdb_t_start;
extern FILE *mdb_log_file;
double mdb_now(void);
/* printf to stdout and the log file */
void mdb_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
unsigned char *mdb_read(const char *path, size_t *size);
int mdb_path(char *out, size_t cap, const char *dir, const char *file);
void mdb_args(const mdb_case *c, const CUdeviceptr *bufptr, CUdeviceptr *ptrs,
              void **args);
void mdb_dims(const mdb_case *c, md_dims *d);
int mdb_in_bundle(const char *module);

/* mdb_setup.c: the device */
typedef struct mdb_mods {
  char stem[24];
  CUmodule m[3]; /* native/hand, plugin, nvcc build (NULL if none) */
} mdb_mods;
extern unsigned mdb_dev_sms;
extern size_t mdb_dev_l2;
extern CUmodule mdb_util_mod;
int mdb_gpu_init(char *err, size_t errlen);
mdb_mods *mdb_mod(const char *stem);
void mdb_gpu_release(mdb_desc *descs);

/* mdb_run.c */
int mdb_launch(CUfunction f, unsigned grid, unsigned block, void **args);
int mdb_fill(const mdb_buf *b, CUdeviceptr p, unsigned long long seed);
int mdb_run_case(int ci, mdb_desc *d);
void mdb_launch_overhead(const mdb_desc *descs);

/* mdb_report.c */
void mdb_table(FILE *f);
void mdb_group_summary(FILE *f, const char *group);
/* Every group's (kernels, op_u32, op_u64, op_u64 small), where cases ran. */
void mdb_group_summaries(FILE *f);
void mdb_write_reports(void);

#endif /* MDB_GPU_H */
