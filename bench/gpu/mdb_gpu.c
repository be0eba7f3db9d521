/*
 * mdb_gpu.c -- the GPU benchmark driver: correctness and timing of every
 * case of mdb_cases.c in four variants (native, cutlass, unified, plugin).
 *
 *   mdb_gpu --bundle DIR [--out DIR] [--dry-run] [--quick] [--only S1,S2,..]
 *           [--seed N] [--reps N] [--deadline SECONDS] [--time-scale F]
 *
 * --only keeps the cases whose name or group contains one of the
 * comma-separated substrings, and runs them in the substrings' order; --time-scale F multiplies each variant's
 * timing budget (below 1: fewer launches per variant, for a short call).
 *
 * Everything it runs was compiled on the build machine (bench/gpu/build.sh):
 * the kernels are cubins loaded with the driver API (PTX 7.8 as a JIT
 * fallback), the driver itself is loaded with dlopen (mdb_cu.c), so the GPU
 * machine needs the NVIDIA driver and nothing else.
 *
 * The plugin variant launches K_native__magicdiv directly: its magic
 * parameters come from md_desc_fill() (libmagicdiv_rt, linked statically)
 * on the descriptor K_native__magicdiv_desc read from the loaded module,
 * with the launch's own argument values and dimensions -- exactly what the
 * runtime's launch layer does, without its kernel-lookup machinery.
 *
 * Host-side checks run first on every machine (and alone with --dry-run):
 * bundle files present, every descriptor valid and evaluable for its
 * case's arguments, every hand-written divider exact on random dividends in
 * its domain.  Then, with a GPU: per case, fresh random inputs, outputs
 * poisoned, each variant compared bit for bit with native; timing with CUDA
 * events (warm-up, median of many launches, buffers rotated so a timing
 * pass touches >= max(256 MB, 4 x L2)).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "mdb_gpu.h"

/* ------------------------------------------------------------------ *
 * Host-side checks (no GPU needed).                                   *
 * ------------------------------------------------------------------ */

static int mdb_load_desc_file(const mdb_case *c, mdb_desc *d) {
  char file[96], path[1024];
  snprintf(file, sizeof file, "desc/%s_native__magicdiv_desc.bin", c->kernel);
  if (mdb_path(path, sizeof path, mdb_opt.bundle, file))
    return -1;
  d->bytes = mdb_read(path, &d->size);
  return d->bytes ? 0 : -1;
}

/* Host-side check of one case: descriptor and hand dividers. */
static int mdb_check_case(const mdb_case *c, mdb_desc *desc) {
  int fails = 0;
  for (int i = 0; i < c->ndiv; i++) {
    long bad = mdb_hand_check64(c->div[i], 20000);
    if (c->div[i] <= 0xffffffffull)
      bad += mdb_hand_check32((uint32_t)c->div[i], 20000);
    if (bad) {
      mdb_say("  FAIL %s: hand dividers wrong on %ld dividends for d=%llu\n",
              c->name, bad, (unsigned long long)c->div[i]);
      fails++;
    }
  }
  if (desc->bytes) {
    int st = md_desc_validate(desc->bytes, desc->size);
    if (st != MD_OK) {
      mdb_say("  FAIL %s: descriptor invalid: %s\n", c->name,
              md_status_str(st));
      return fails + 1;
    }
    CUdeviceptr fake[MDB_MAX_BUF] = {0x100000, 0x200000, 0x300000, 0x400000};
    CUdeviceptr ptrs[MDB_MAX_PARAM];
    void *args[MDB_MAX_PARAM];
    md_dims dims;
    md_extra ex;
    mdb_args(c, fake, ptrs, args);
    mdb_dims(c, &dims);
    st = md_desc_fill(desc->bytes, desc->size, args, &dims, &ex);
    if (st != MD_OK) {
      mdb_say("  NOTE %s: md_desc_fill: %s (the plugin variant will not run)\n",
              c->name, md_status_str(st));
    } else if (ex.n_params != (uint32_t)c->nparam) {
      mdb_say("  FAIL %s: descriptor has %u params, the case %d\n", c->name,
              ex.n_params, c->nparam);
      fails++;
    }
  }
  return fails;
}

static int mdb_host_checks(mdb_desc *descs) {
  int fails = 0, ndesc = 0;
  mdb_say("== host-side checks (bundle %s)\n", mdb_opt.bundle);
  for (int i = 0; i < mdb_nsel; i++) {
    const mdb_case *c = &mdb_sel[i];
    char path[1024], file[64];
    for (int p = 0; p < 2; p++) {
      snprintf(file, sizeof file, "%s%s.%s.cubin", c->module,
               p ? ".plugin" : "", MDB_ARCH);
      struct stat st;
      if (mdb_path(path, sizeof path, mdb_opt.bundle, file) ||
          stat(path, &st) != 0) {
        mdb_say("  FAIL missing %s\n", path);
        fails++;
      }
    }
    /* one descriptor per kernel; the op cases share theirs */
    if (!descs[i].bytes && mdb_load_desc_file(c, &descs[i]) == 0)
      ndesc++;
    else if (!descs[i].bytes)
      mdb_say("  NOTE %s: no descriptor file for %s_native__magicdiv (the pass "
              "made no clone?)\n",
              c->name, c->kernel);
    fails += mdb_check_case(c, &descs[i]);
  }
  mdb_say("  %d cases, %d descriptors evaluated, %d failures\n", mdb_nsel,
          ndesc, fails);
  return fails;
}

static void mdb_usage(void) {
  fprintf(stderr,
          "usage: mdb_gpu --bundle DIR [--out DIR] [--dry-run] [--quick]\n"
          "               [--only S1,S2,..] [--seed N] [--reps N] "
          "[--deadline S] [--time-scale F]\n");
}

/* The rank of the first of --only's comma-separated substrings that the
 * case's name or group contains (-1: none; no --only: 0). */
static int mdb_only_rank(const mdb_case *c) {
  const char *p = mdb_opt.only;
  int rank = 0;
  if (!p)
    return 0;
  for (; *p; rank++) {
    size_t n = strcspn(p, ",");
    char sub[64];
    if (n > 0 && n < sizeof sub) {
      memcpy(sub, p, n);
      sub[n] = 0;
      if (strstr(c->name, sub) || strstr(c->group, sub))
        return rank;
    }
    p += n + (p[n] == ',');
  }
  return -1;
}

/* mdb_sel: the cases --only selects, in the order of its substrings (each
 * substring's cases in mdb_cases.c's order), whose kernels the bundle
 * has; the number left out for want of their kernels. */
static int mdb_select(const mdb_case *all, int nall) {
  int skipped = 0, ranks[MDB_MAX_CASES], maxrank = 0;
  for (int i = 0; i < nall; i++) {
    ranks[i] = mdb_only_rank(&all[i]);
    if (ranks[i] >= 0 && !mdb_in_bundle(all[i].module)) {
      ranks[i] = -1;
      skipped++;
    }
    if (ranks[i] > maxrank)
      maxrank = ranks[i];
  }
  for (int r = 0; r <= maxrank; r++)
    for (int i = 0; i < nall; i++)
      if (ranks[i] == r)
        mdb_sel[mdb_nsel++] = all[i];
  return skipped;
}

int main(int argc, char **argv) {
  mdb_opt.reps = 50;
  mdb_opt.deadline_s = 400;
  mdb_opt.time_scale = 1.0;
  mdb_opt.seed = (unsigned long long)time(NULL);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--bundle") && v)
      mdb_opt.bundle = argv[++i];
    else if (!strcmp(a, "--out") && v)
      mdb_opt.out = argv[++i];
    else if (!strcmp(a, "--only") && v)
      mdb_opt.only = argv[++i];
    else if (!strcmp(a, "--seed") && v)
      mdb_opt.seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(a, "--reps") && v)
      mdb_opt.reps = atoi(argv[++i]);
    else if (!strcmp(a, "--deadline") && v)
      mdb_opt.deadline_s = atof(argv[++i]);
    else if (!strcmp(a, "--time-scale") && v)
      mdb_opt.time_scale = atof(argv[++i]);
    else if (!strcmp(a, "--dry-run"))
      mdb_opt.dry = 1;
    else if (!strcmp(a, "--quick"))
      mdb_opt.quick = 1;
    else {
      mdb_usage();
      return 64;
    }
  }
  if (!mdb_opt.bundle) {
    mdb_usage();
    return 64;
  }
  if (!(mdb_opt.time_scale > 0.01) || mdb_opt.time_scale > 100) {
    fprintf(stderr, "mdb_gpu: --time-scale wants a number in (0.01, 100]\n");
    return 64;
  }
  if (mdb_opt.reps < 5)
    mdb_opt.reps = 5;
  if (mdb_opt.reps > MDB_MAX_REPS)
    mdb_opt.reps = MDB_MAX_REPS;
  mdb_t_start = mdb_now();
  if (mdb_opt.out) {
    char path[1024];
    mkdir(mdb_opt.out, 0777);
    if (!mdb_path(path, sizeof path, mdb_opt.out, "log.txt"))
      mdb_log_file = fopen(path, "w");
  }
  mdb_say("mdb_gpu: bundle %s, seed %llu%s%s\n", mdb_opt.bundle, mdb_opt.seed,
          mdb_opt.quick ? ", quick" : "", mdb_opt.dry ? ", dry run" : "");

  /* GPU first (for the SM count), but failing is fine until after the
   * host-side checks. */
  char err[512] = "";
  int gpu = mdb_opt.dry ? -1 : mdb_gpu_init(err, sizeof err);
  if (mdb_opt.dry) {
    /* exercise the driver loading path and report it, without using it */
    gpu = mdb_gpu_init(err, sizeof err);
    if (gpu == 0)
      mdb_say("== dry run: a GPU is available, but --dry-run runs nothing on "
              "it\n");
    gpu = -1;
  }
  static mdb_case all[MDB_MAX_CASES];
  int nall = mdb_cases_build(all, MDB_MAX_CASES, mdb_opt.quick,
                             mdb_dev_sms ? mdb_dev_sms : 132);
  int skipped = mdb_select(all, nall);
  if (skipped)
    mdb_say("  note: %d cases skipped: their kernels are not in the bundle (a "
            "build.sh --quick bundle?)\n",
            skipped);
  static mdb_desc descs[MDB_MAX_CASES];
  int fails = mdb_host_checks(descs);
  if (mdb_nsel == 0) {
    mdb_say("  FAIL no case to run: no kernels in %s%s\n", mdb_opt.bundle,
            mdb_opt.only ? " matching --only" : "");
    fails++;
  }
  if (gpu != 0) {
    mdb_say("== CUDA not available: %s\n", err[0] ? err : "(dry run)");
    if (mdb_opt.dry)
      mdb_say("dry run %s: %d host-side failures\n",
              fails ? "FAILED" : "passed", fails);
    else
      mdb_say("cannot run the GPU benchmark here (use --dry-run for the "
              "host-side checks only)\n");
    mdb_gpu_release(descs);
    if (mdb_log_file)
      fclose(mdb_log_file);
    return mdb_opt.dry ? (fails ? 1 : 0) : 2;
  }
  mdb_say("== correctness and timing (%d cases x %d variants)\n", mdb_nsel,
          V_N);
  int errors = 0;
  for (int ci = 0; ci < mdb_nsel; ci++) {
    if (mdb_run_case(ci, &descs[ci])) {
      mdb_say("  %s: CUDA error, case abandoned\n", mdb_sel[ci].name);
      errors++;
    }
    mdb_write_reports(); /* after every case: a killed run keeps its data */
  }
  mdb_launch_overhead(descs);
  int wrong = 0;
  for (int ci = 0; ci < mdb_nsel; ci++)
    for (int v = V_CUTLASS; v < V_N; v++)
      if (mdb_results[ci][v].status == 1 &&
          !((v == V_CUTLASS || v == V_NVCUT) && mdb_sel[ci].cutlass_note))
        wrong++;
  mdb_say("\n== summary (median ms per launch; '!' = output differs from "
          "native)\n");
  mdb_table(stdout);
  if (mdb_log_file)
    mdb_table(mdb_log_file);
  mdb_group_summaries(stdout);
  mdb_say("%d unexpected mismatches, %d CUDA errors, %.0f s\n", wrong, errors,
          mdb_now() - mdb_t_start);
  if (mdb_log_file)
    fclose(mdb_log_file);
  mdb_gpu_release(descs);
  return wrong || errors || fails ? 1 : 0;
}
