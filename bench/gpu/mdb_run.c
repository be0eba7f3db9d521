/*
 * mdb_run.c -- one benchmark case on the GPU: buffers (rotated so that a
 * timing pass touches >= max(256 MB, 4 x L2)), fresh random inputs, each
 * variant's argument array (the plugin's from md_desc_fill_validated),
 * correctness against native with poisoned outputs, timing with CUDA
 * events; and the host cost of a launch through descriptor evaluation.
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

int mdb_launch(CUfunction f, unsigned grid, unsigned block, void **args) {
  MDB_CU(cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, NULL, args, NULL));
  return 0;
}

int mdb_fill(const mdb_buf *b, CUdeviceptr p, unsigned long long seed) {
  CUfunction f;
  unsigned long long n;
  unsigned grid = mdb_dev_sms * 8;
  if (b->init == MDB_IN_F32) {
    n = b->bytes / 4;
    MDB_CU(cuModuleGetFunction(&f, mdb_util_mod, "fill_f32"));
    void *a[] = {&p, &n, &seed};
    return mdb_launch(f, grid, 256, a);
  }
  if (b->init == MDB_IN_U32) {
    uint32_t mask = (uint32_t)b->mask, set = 0;
    n = b->bytes / 4;
    MDB_CU(cuModuleGetFunction(&f, mdb_util_mod, "fill_u32"));
    void *a[] = {&p, &n, &seed, &mask, &set};
    return mdb_launch(f, grid, 256, a);
  }
  if (b->init == MDB_IN_U64) {
    unsigned long long mask = b->mask;
    n = b->bytes / 8;
    MDB_CU(cuModuleGetFunction(&f, mdb_util_mod, "fill_u64"));
    void *a[] = {&p, &n, &seed, &mask};
    return mdb_launch(f, grid, 256, a);
  }
  return 0;
}

/* Per-case device state. */
typedef struct mdb_state {
  int nrot;
  CUdeviceptr buf[MDB_MAX_ROT][MDB_MAX_BUF];
  CUfunction fn[V_N];
  int have[V_N];
  /* hand divider blocks, cutlass and unified */
  _Alignas(16) unsigned char hand[2][MDB_MAX_DIV][32];
  md_extra extra[MDB_MAX_ROT];
} mdb_state;

static void mdb_free_state(const mdb_case *c, mdb_state *s) {
  for (int r = 0; r < s->nrot; r++)
    for (int b = 0; b < c->nbuf; b++)
      if (s->buf[r][b] && (r == 0 || !c->buf[b].shared))
        mdb_cu.cuMemFree(s->buf[r][b]);
  memset(s->buf, 0, sizeof s->buf);
}

static int mdb_hand_blocks(const mdb_case *c, mdb_state *s, char *why,
                           size_t wlen) {
  for (int i = 0; i < c->ndiv; i++) {
    uint64_t d = c->div[i];
    int bad = 0;
    if (c->cut64)
      bad |= mdb_cut64_make(d, (mdb_cut64 *)s->hand[0][i]);
    else
      bad |= mdb_cut32_make((uint32_t)d, (mdb_cut32 *)s->hand[0][i]);
    if (c->uni64)
      bad |= mdb_uni64_make(d, (mdb_uni64 *)s->hand[1][i]);
    else
      bad |= mdb_uni32_make((uint32_t)d, (mdb_uni32 *)s->hand[1][i]);
    if (bad) {
      snprintf(why, wlen, "no hand magic for d=%llu", (unsigned long long)d);
      return -1;
    }
  }
  return 0;
}

/* Argument array of variant v for rotation r. */
static int mdb_variant_args(const mdb_case *c, mdb_state *s, int v, int r,
                            CUdeviceptr *ptrs, void **args, char *why,
                            size_t wlen) {
  CUdeviceptr bp[MDB_MAX_BUF];
  for (int b = 0; b < c->nbuf; b++)
    bp[b] = s->buf[c->buf[b].shared ? 0 : r][b];
  mdb_args(c, bp, ptrs, args);
  if (v == V_NATIVE || v == V_CONST || v == V_NVCC)
    return c->nparam;
  if (v == V_CUTLASS || v == V_UNIFIED || v == V_NVCUT) {
    for (int i = 0; i < c->ndiv; i++)
      args[c->nparam + i] = s->hand[v == V_UNIFIED][i];
    return c->nparam + c->ndiv;
  }
  return -1; /* plugin: built by mdb_plugin_args */
  (void)why;
  (void)wlen;
}

static int mdb_plugin_args(const mdb_case *c, mdb_state *s, const mdb_desc *d,
                           int r, CUdeviceptr *ptrs, void **args,
                           void **out_args, size_t cap, char *why,
                           size_t wlen) {
  md_dims dims;
  mdb_variant_args(c, s, V_NATIVE, r, ptrs, args, why, wlen);
  mdb_dims(c, &dims);
  /* per launch, as the runtime does: the descriptor was validated once */
  int st = md_desc_fill_validated(d->bytes, d->size, args, &dims, &s->extra[r]);
  if (st != MD_OK) {
    snprintf(why, wlen, "md_desc_fill_validated: %s", md_status_str(st));
    return -1;
  }
  st = md_build_args(&s->extra[r], args, out_args, cap);
  if (st != MD_OK) {
    snprintf(why, wlen, "md_build_args: %s", md_status_str(st));
    return -1;
  }
  return (int)(s->extra[r].n_params + s->extra[r].n_extra);
}

static int mdb_run_variant(const mdb_case *c, mdb_state *s, const mdb_desc *d,
                           int v, int r, char *why, size_t wlen) {
  CUdeviceptr ptrs[MDB_MAX_PARAM];
  void *args[MDB_MAX_PARAM + MDB_MAX_DIV];
  void *pargs[MDB_MAX_PARAM + MD_MAX_EXTRA];
  void **use = args;
  if (v == V_PLUGIN) {
    if (mdb_plugin_args(c, s, d, r, ptrs, args, pargs,
                        sizeof pargs / sizeof pargs[0], why, wlen) < 0)
      return -2;
    use = pargs;
  } else {
    mdb_variant_args(c, s, v, r, ptrs, args, why, wlen);
  }
  return mdb_launch(s->fn[v], c->grid, c->block, use);
}

static int mdb_prep(const mdb_case *c, mdb_state *s) {
  if (c->prep != MDB_PREP_HASH)
    return 0;
  mdb_mods *m = mdb_mod(c->module);
  CUfunction f;
  if (!m)
    return -1;
  MDB_CU(cuModuleGetFunction(&f, m->m[0], "hashbuild"));
  CUdeviceptr table = s->buf[0][0], keys = s->buf[0][1];
  uint32_t nins = c->hash_nins, cap = c->hash_cap;
  MDB_CU(cuMemsetD8(table, 0xff, (size_t)cap * 4));
  void *a[] = {&table, &keys, &nins, &cap};
  if (mdb_launch(f, (nins + 255) / 256, 256, a))
    return -1;
  MDB_CU(cuCtxSynchronize());
  return 0;
}

static int mdb_poison(const mdb_case *c, mdb_state *s, int r) {
  for (int b = 0; b < c->nbuf; b++)
    if (c->buf[b].init == MDB_OUT && !c->buf[b].shared)
      MDB_CU(cuMemsetD8(s->buf[r][b], 0xA5, c->buf[b].bytes));
  return 0;
}

/* Copy every output of rotation 0 into host (one array, concatenated). */
static int mdb_fetch(const mdb_case *c, mdb_state *s, unsigned char *host) {
  size_t off = 0;
  for (int b = 0; b < c->nbuf; b++)
    if (c->buf[b].init == MDB_OUT && !c->buf[b].shared) {
      MDB_CU(cuMemcpyDtoH(host + off, s->buf[0][b], c->buf[b].bytes));
      off += c->buf[b].bytes;
    }
  return 0;
}

static size_t mdb_out_bytes(const mdb_case *c) {
  size_t n = 0;
  for (int b = 0; b < c->nbuf; b++)
    if (c->buf[b].init == MDB_OUT && !c->buf[b].shared)
      n += c->buf[b].bytes;
  return n;
}

static int mdb_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static int mdb_time_variant(const mdb_case *c, mdb_state *s, const mdb_desc *d,
                            int v, mdb_res *out) {
  CUevent ev[2 * MDB_MAX_REPS];
  double ms[MDB_MAX_REPS];
  char why[160] = "";
  float f;
  int reps = mdb_opt.reps;
  /* warm-up, and a first estimate of the launch time */
  MDB_CU(cuEventCreate(&ev[0], CU_EVENT_DEFAULT));
  MDB_CU(cuEventCreate(&ev[1], CU_EVENT_DEFAULT));
  for (int w = 0; w < 2; w++) {
    MDB_CU(cuEventRecord(ev[0], NULL));
    if (mdb_run_variant(c, s, d, v, w % s->nrot, why, sizeof why))
      return -1;
    MDB_CU(cuEventRecord(ev[1], NULL));
    MDB_CU(cuEventSynchronize(ev[1]));
  }
  MDB_CU(cuEventElapsedTime(&f, ev[0], ev[1]));
  MDB_CU(cuEventDestroy(ev[0]));
  MDB_CU(cuEventDestroy(ev[1]));
  /* at most ~1.5 s of launches per variant (op cases, compute-bound and
   * steady, 7 variants x 52 cases: ~0.4 s), at least 5 */
  double budget_ms = mdb_opt.time_scale *
                     (mdb_opt.quick ? 200.0 : c->divs > 0 ? 400.0 : 1500.0);
  if (f > 0 && reps * f > budget_ms)
    reps = (int)(budget_ms / f);
  if (reps < 5)
    reps = 5;
  if (reps > MDB_MAX_REPS)
    reps = MDB_MAX_REPS;
  for (int i = 0; i < 2 * reps; i++)
    MDB_CU(cuEventCreate(&ev[i], CU_EVENT_DEFAULT));
  for (int i = 0; i < reps; i++) {
    MDB_CU(cuEventRecord(ev[2 * i], NULL));
    if (mdb_run_variant(c, s, d, v, i % s->nrot, why, sizeof why))
      return -1;
    MDB_CU(cuEventRecord(ev[2 * i + 1], NULL));
  }
  MDB_CU(cuEventSynchronize(ev[2 * reps - 1]));
  for (int i = 0; i < reps; i++) {
    MDB_CU(cuEventElapsedTime(&f, ev[2 * i], ev[2 * i + 1]));
    ms[i] = f;
  }
  for (int i = 0; i < 2 * reps; i++)
    MDB_CU(cuEventDestroy(ev[i]));
  qsort(ms, (size_t)reps, sizeof ms[0], mdb_cmp_double);
  out->med_ms =
      reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
  out->min_ms = ms[0];
  out->reps = reps;
  out->ran = 1;
  return 0;
}

/* Each variant's kernel: K_native, K_cutlass, K_unified, the clone
 * K_native__magicdiv (plugin module), K_const_<div[0]> (the case's
 * divisors as template parameters; named by the first, the kernel fixes the
 * others: a mismatch shows as a wrong output), K_native and K_cutlass of
 * the nvcc module. */
static void mdb_functions(const mdb_case *c, mdb_mods *m, mdb_state *s,
                          mdb_res *rs) {
  for (int v = 0; v < V_N; v++) {
    char fname[80];
    CUmodule mod = v == V_PLUGIN ? m->m[1] : v >= V_NVCC ? m->m[2] : m->m[0];
    const char *vn = v == V_PLUGIN || v == V_NVCC ? "native"
                     : v == V_NVCUT               ? "cutlass"
                                                  : mdb_vname[v];
    snprintf(fname, sizeof fname, "%s_%s%s", c->kernel, vn,
             v == V_PLUGIN ? MD_CLONE_SUFFIX : "");
    if (v == V_CONST)
      snprintf(fname, sizeof fname, "%s_const_%llu", c->kernel,
               (unsigned long long)c->div[0]);
    s->have[v] = mod && mdb_cu.cuModuleGetFunction(&s->fn[v], mod, fname) ==
                     CUDA_SUCCESS;
    if (!s->have[v]) {
      rs[v].status = 2;
      snprintf(rs[v].note, sizeof rs[v].note, "no kernel %s%s", fname,
               mod ? "" : " (no nvcc build)");
    }
  }
}

/* Host copies of a case's outputs: native (ref) and the variant (got). */
typedef struct mdb_host {
  unsigned char *ref, *got;
} mdb_host;

static int mdb_case_body(int ci, mdb_desc *d, mdb_state *s, mdb_host *h) {
  const mdb_case *c = &mdb_sel[ci];
  mdb_res *rs = mdb_results[ci];
  mdb_mods *m = mdb_mod(c->module);
  if (!m) {
    for (int v = 0; v < V_N; v++) {
      rs[v].status = 3;
      snprintf(rs[v].note, sizeof rs[v].note, "module %s not loaded",
               c->module);
    }
    return -1;
  }
  mdb_functions(c, m, s, rs);
  /* descriptor from the module, checked against the bundle's copy */
  if (s->have[V_PLUGIN]) {
    char gname[96];
    CUdeviceptr gp;
    size_t gsize;
    snprintf(gname, sizeof gname, "%s_native%s", c->kernel, MD_DESC_SUFFIX);
    if (mdb_cu.cuModuleGetGlobal(&gp, &gsize, m->m[1], gname) == CUDA_SUCCESS) {
      unsigned char *mb = malloc(gsize);
      if (mb && mdb_cu.cuMemcpyDtoH(mb, gp, gsize) == CUDA_SUCCESS &&
          (!d->bytes || gsize != d->size || memcmp(mb, d->bytes, gsize)))
        mdb_say("  note %s: descriptor in the module differs from the bundle "
                "file; using the module's\n",
                c->name);
      if (mb &&
          (!d->bytes || gsize != d->size || memcmp(mb, d->bytes, gsize))) {
        free(d->bytes);
        d->bytes = mb;
        d->size = gsize;
        mb = NULL;
      }
      free(mb);
    }
    int vst = d->bytes ? md_desc_validate(d->bytes, d->size) : MD_ERR_INVALID;
    if (vst != MD_OK) {
      s->have[V_PLUGIN] = 0;
      rs[V_PLUGIN].status = 2;
      snprintf(rs[V_PLUGIN].note, sizeof rs[V_PLUGIN].note, "descriptor %s: %s",
               gname, d->bytes ? md_status_str(vst) : "missing");
    }
  }
  char why[160];
  if (mdb_hand_blocks(c, s, why, sizeof why)) {
    static const int hv[] = {V_CUTLASS, V_UNIFIED, V_NVCUT};
    for (size_t i = 0; i < sizeof hv / sizeof hv[0]; i++) {
      s->have[hv[i]] = 0;
      rs[hv[i]].status = 2;
      snprintf(rs[hv[i]].note, sizeof rs[hv[i]].note, "%s", why);
    }
  }
  /* buffers: rotations so one pass touches >= max(256 MB, 4 x L2) */
  size_t per = 0, freeb = 0, totalb = 0;
  for (int b = 0; b < c->nbuf; b++)
    if (!c->buf[b].shared)
      per += c->buf[b].bytes;
  double target = 256.0 * 1048576.0;
  if (4.0 * mdb_dev_l2 > target)
    target = 4.0 * mdb_dev_l2;
  s->nrot = per ? (int)((target + per - 1) / per) : 1;
  if (s->nrot < 2)
    s->nrot = 2;
  if (s->nrot > MDB_MAX_ROT)
    s->nrot = MDB_MAX_ROT;
  MDB_CU(cuMemGetInfo(&freeb, &totalb));
  while (s->nrot > 1 && (double)per * s->nrot > 0.5 * freeb)
    s->nrot--;
  for (int r = 0; r < s->nrot; r++)
    for (int b = 0; b < c->nbuf; b++) {
      if (c->buf[b].shared && r > 0) {
        s->buf[r][b] = s->buf[0][b];
        continue;
      }
      MDB_CU(cuMemAlloc(&s->buf[r][b], c->buf[b].bytes));
    }
  unsigned long long seed = mdb_opt.seed * 1000003ull + (unsigned long long)ci;
  for (int r = 0; r < s->nrot; r++)
    for (int b = 0; b < c->nbuf; b++)
      if ((r == 0 || !c->buf[b].shared) &&
          mdb_fill(&c->buf[b], s->buf[r][b], seed + 7919ull * r))
        return -1;
  if (mdb_prep(c, s))
    return -1;
  /* correctness: each variant against native, outputs poisoned first */
  size_t ob = mdb_out_bytes(c);
  unsigned char *ref = h->ref = malloc(ob), *got = h->got = malloc(ob);
  if (!ref || !got) {
    mdb_say("  out of host memory\n");
    return -1;
  }
  int ref_ok = 0;
  for (int v = 0; v < V_N; v++) {
    if (!s->have[v])
      continue;
    if (mdb_poison(c, s, 0))
      return -1;
    int rr = mdb_run_variant(c, s, d, v, 0, why, sizeof why);
    if (rr == -2) {
      s->have[v] = 0;
      rs[v].status = 2;
      snprintf(rs[v].note, sizeof rs[v].note, "%s", why);
      continue;
    }
    if (rr)
      return -1;
    MDB_CU(cuCtxSynchronize());
    if (mdb_fetch(c, s, v == V_NATIVE ? ref : got))
      return -1;
    if (v == V_NATIVE) {
      ref_ok = 1;
      continue;
    }
    if (!ref_ok)
      continue;
    long long bad = 0, first = -1;
    const uint32_t *a = (const uint32_t *)ref, *g = (const uint32_t *)got;
    for (size_t i = 0; i < ob / 4; i++)
      if (a[i] != g[i]) {
        if (first < 0)
          first = (long long)i;
        bad++;
      }
    rs[v].bad = bad;
    rs[v].first = first;
    if (bad) {
      rs[v].status = 1;
      snprintf(rs[v].note, sizeof rs[v].note,
               "%lld of %zu words differ, first at %lld (native %08x, got "
               "%08x)%s%s",
               bad, ob / 4, first, a[first], g[first],
               (v == V_CUTLASS || v == V_NVCUT) && c->cutlass_note ? "; " : "",
               (v == V_CUTLASS || v == V_NVCUT) && c->cutlass_note
                   ? c->cutlass_note
                   : "");
    }
  }
  /* timing */
  for (int v = 0; v < V_N; v++) {
    if (!s->have[v])
      continue;
    if (mdb_now() - mdb_t_start > mdb_opt.deadline_s) {
      snprintf(rs[v].note + strlen(rs[v].note),
               sizeof rs[v].note - strlen(rs[v].note), "%stime budget spent",
               rs[v].note[0] ? "; " : "");
      continue;
    }
    if (mdb_time_variant(c, s, d, v, &rs[v]))
      return -1;
  }
  mdb_say("  %-22s rot %2d", c->name, s->nrot);
  for (int v = 0; v < V_N; v++) {
    if (rs[v].ran)
      mdb_say("  %s %.4f ms%s", mdb_vname[v], rs[v].med_ms,
              rs[v].status == 1 ? " (WRONG)" : "");
    else
      mdb_say("  %s -", mdb_vname[v]);
  }
  mdb_say("\n");
  for (int v = 0; v < V_N; v++)
    if (rs[v].note[0])
      mdb_say("    %s: %s\n", mdb_vname[v], rs[v].note);
  return 0;
}

int mdb_run_case(int ci, mdb_desc *d) {
  static mdb_state s;
  mdb_host h = {NULL, NULL};
  memset(&s, 0, sizeof s);
  int r = mdb_case_body(ci, d, &s, &h);
  mdb_free_state(&mdb_sel[ci], &s);
  free(h.ref);
  free(h.got);
  return r;
}

/* Host time per launch: plain launch vs descriptor evaluation + launch of
 * the clone (grid of one block).  Only the enqueueing is timed, in batches
 * of 256 launches (below the driver's queue depth, so the host never waits
 * for the GPU), synchronizing between batches; median over the batches. */
static int mdb_overhead_batch(int mode, CUfunction fn, CUfunction fc,
                              const mdb_case *c, const mdb_desc *d, void **args,
                              double *ns) {
  enum { B = 256 };
  void *pargs[MDB_MAX_PARAM + MD_MAX_EXTRA];
  md_dims dims = {{1, 1, 1}, {c->block, 1, 1}};
  md_extra ex;
  double t0 = mdb_now();
  for (int i = 0; i < B; i++) {
    if (mode >= 1 &&
        (md_desc_fill_validated(d->bytes, d->size, args, &dims, &ex) != MD_OK ||
         md_build_args(&ex, args, pargs, sizeof pargs / sizeof *pargs) !=
             MD_OK))
      return -1;
    if (mode == 0)
      MDB_CU(cuLaunchKernel(fn, 1, 1, 1, c->block, 1, 1, 0, NULL, args, NULL));
    if (mode == 2)
      MDB_CU(cuLaunchKernel(fc, 1, 1, 1, c->block, 1, 1, 0, NULL, pargs, NULL));
  }
  *ns = (mdb_now() - t0) / B * 1e9;
  MDB_CU(cuCtxSynchronize());
  return 0;
}

void mdb_launch_overhead(const mdb_desc *descs) {
  for (int ci = 0; ci < mdb_nsel; ci++) {
    const mdb_case *c = &mdb_sel[ci];
    if (strcmp(c->kernel, "transpose") && strcmp(c->kernel, "permute"))
      continue;
    const mdb_desc *d = &descs[ci];
    mdb_mods *m = mdb_mod(c->module);
    CUfunction fn, fc;
    char name[80];
    if (!m || !d->bytes)
      continue;
    snprintf(name, sizeof name, "%s_native", c->kernel);
    if (mdb_cu.cuModuleGetFunction(&fn, m->m[0], name) != CUDA_SUCCESS)
      continue;
    snprintf(name, sizeof name, "%s_native%s", c->kernel, MD_CLONE_SUFFIX);
    if (mdb_cu.cuModuleGetFunction(&fc, m->m[1], name) != CUDA_SUCCESS)
      continue;
    CUdeviceptr bp[MDB_MAX_BUF] = {0};
    int ok = 1;
    for (int b = 0; b < c->nbuf && ok; b++)
      ok = mdb_cu.cuMemAlloc(&bp[b], c->buf[b].bytes) == CUDA_SUCCESS;
    CUdeviceptr ptrs[MDB_MAX_PARAM];
    void *args[MDB_MAX_PARAM];
    mdb_args(c, bp, ptrs, args);
    enum { NB = 41 };
    double t[3][NB];
    for (int k = 0; k < NB && ok; k++)
      for (int mode = 0; mode < 3 && ok; mode++)
        ok = mdb_overhead_batch(mode, fn, fc, c, d, args, &t[mode][k]) == 0;
    for (int b = 0; b < c->nbuf; b++)
      if (bp[b])
        mdb_cu.cuMemFree(bp[b]);
    if (!ok) {
      mdb_say("launch overhead %s: failed\n", c->kernel);
      continue;
    }
    for (int mode = 0; mode < 3; mode++)
      qsort(t[mode], NB, sizeof(double), mdb_cmp_double);
    mdb_say(
        "launch overhead %s (%d divisors), host ns per launch (median of %d "
        "batches of 256): plain launch %.0f, md_desc_fill_validated + "
        "md_build_args %.0f, both + clone launch %.0f (+%.0f over plain)\n",
        c->kernel, c->ndiv, NB, t[0][NB / 2], t[1][NB / 2], t[2][NB / 2],
        t[2][NB / 2] - t[0][NB / 2]);
  }
}
