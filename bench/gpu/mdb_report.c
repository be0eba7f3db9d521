/*
 * mdb_report.c -- results of the benchmark driver: results.csv, the
 * markdown table and per-group geometric-mean speedups.
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
 * Reports.                                                            *
 * ------------------------------------------------------------------ */

static const char *mdb_cell(const mdb_res *r, char *buf, size_t n) {
  if (!r->ran && r->status == 2)
    snprintf(buf, n, "n/a");
  else if (!r->ran)
    snprintf(buf, n, "-");
  else
    snprintf(buf, n, "%.4f%s", r->med_ms, r->status == 1 ? "!" : "");
  return buf;
}

/* Best exact hand-written time, or 0. */
static double mdb_best_hand(const mdb_res *rs) {
  double best = 0;
  static const int hv[] = {V_CUTLASS, V_UNIFIED, V_NVCUT};
  for (size_t i = 0; i < sizeof hv / sizeof hv[0]; i++) {
    int v = hv[i];
    if (rs[v].ran && rs[v].status == 0 && (best == 0 || rs[v].med_ms < best))
      best = rs[v].med_ms;
  }
  return best;
}

static void mdb_write_csv(FILE *f) {
  fprintf(f, "case,group,variant,status,median_ms,min_ms,reps,bad_words,"
             "speedup_vs_native,GBps,Gdivps,note\n");
  for (int ci = 0; ci < mdb_nsel; ci++)
    for (int v = 0; v < V_N; v++) {
      const mdb_res *r = &mdb_results[ci][v];
      const mdb_case *c = &mdb_sel[ci];
      double nat =
          mdb_results[ci][V_NATIVE].ran ? mdb_results[ci][V_NATIVE].med_ms : 0;
      fprintf(f, "\"%s\",%s,%s,%s,%.6f,%.6f,%d,%lld,%.3f,%.1f,%.1f,\"%s\"\n",
              c->name, c->group, mdb_vname[v],
              r->status == 0   ? (r->ran ? "ok" : "not-run")
              : r->status == 1 ? "MISMATCH"
              : r->status == 2 ? "unavailable"
                               : "error",
              r->med_ms, r->min_ms, r->reps, r->bad,
              r->ran && nat > 0 ? nat / r->med_ms : 0.0,
              r->ran ? c->bytes / (r->med_ms * 1e6) : 0.0,
              r->ran && c->divs > 0 ? c->divs / (r->med_ms * 1e6) : 0.0,
              r->note);
    }
}

/* "+x.x%": how much slower the plugin ran than variant v, or "-". */
static void mdb_vs(const mdb_res *rs, double ref, char *out, size_t cap) {
  snprintf(out, cap, "-");
  if (rs[V_PLUGIN].ran && ref > 0)
    snprintf(out, cap, "%+.1f%%", 100.0 * (rs[V_PLUGIN].med_ms - ref) / ref);
}

void mdb_table(FILE *f) {
  char b[V_N][32];
  fprintf(f, "| case | native ms | cutlass ms | unified ms | plugin ms | "
             "const ms | nvcc native ms | nvcc cutlass ms | plugin speedup | "
             "plugin vs best hand | plugin vs const | correct |\n");
  fprintf(f, "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (int ci = 0; ci < mdb_nsel; ci++) {
    const mdb_res *rs = mdb_results[ci];
    double nat = rs[V_NATIVE].ran ? rs[V_NATIVE].med_ms : 0;
    double hand = mdb_best_hand(rs);
    char sp[32] = "-", vh[32], vc[32], ok[96] = "";
    if (rs[V_PLUGIN].ran && nat > 0)
      snprintf(sp, sizeof sp, "%.2fx", nat / rs[V_PLUGIN].med_ms);
    mdb_vs(rs, hand, vh, sizeof vh);
    mdb_vs(rs, rs[V_CONST].ran && rs[V_CONST].status == 0 ? rs[V_CONST].med_ms
                                                           : 0,
           vc, sizeof vc);
    for (int v = V_CUTLASS; v < V_N; v++)
      if (rs[v].status == 1)
        snprintf(ok + strlen(ok), sizeof ok - strlen(ok), "%s%s WRONG",
                 ok[0] ? ", " : "", mdb_vname[v]);
    if (!ok[0])
      snprintf(ok, sizeof ok, "%s", rs[V_NATIVE].ran ? "all exact" : "-");
    fprintf(f, "| %s |", mdb_sel[ci].name);
    for (int v = 0; v < V_N; v++)
      fprintf(f, " %s |", mdb_cell(&rs[v], b[v], 32));
    fprintf(f, " %s | %s | %s | %s |\n", sp, vh, vc, ok);
  }
}

/* Geometric mean of native/plugin over a group. */
void mdb_group_summary(FILE *f, const char *group) {
  double lsum[V_N] = {0};
  int n[V_N] = {0};
  for (int ci = 0; ci < mdb_nsel; ci++) {
    if (strcmp(mdb_sel[ci].group, group))
      continue;
    const mdb_res *rs = mdb_results[ci];
    if (!rs[V_NATIVE].ran)
      continue;
    for (int v = V_CUTLASS; v < V_N; v++)
      if (rs[v].ran && rs[v].status == 0) {
        lsum[v] += log(rs[V_NATIVE].med_ms / rs[v].med_ms);
        n[v]++;
      }
  }
  int any = 0;
  for (int v = V_CUTLASS; v < V_N; v++)
    any += n[v];
  if (!any)
    return; /* no case of the group ran (quick mode has no small ops) */
  fprintf(f, "%s geomean speedup over native:", group);
  for (int v = V_CUTLASS; v < V_N; v++)
    if (n[v])
      fprintf(f, " %s %.2fx (%d)", mdb_vname[v], exp(lsum[v] / n[v]), n[v]);
  fprintf(f, "\n");
}

void mdb_group_summaries(FILE *f) {
  static const char *const groups[] = {"kernels", "op_u32", "op_u64",
                                       "op_u64 small", "seed_u32"};
  for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
    mdb_group_summary(f, groups[i]);
}

void mdb_write_reports(void) {
  char path[1024];
  FILE *f;
  if (!mdb_opt.out)
    return;
  if (!mdb_path(path, sizeof path, mdb_opt.out, "results.csv") &&
      (f = fopen(path, "w"))) {
    mdb_write_csv(f);
    fclose(f);
  }
  if (!mdb_path(path, sizeof path, mdb_opt.out, "table.md") &&
      (f = fopen(path, "w"))) {
    mdb_table(f);
    mdb_group_summaries(f);
    fclose(f);
  }
}
