/*
 * md_benefit.h -- the benefit model (md_benefit.c): does a kernel's clone
 * pay for its build cost?  Every clone is compiled again by the backend
 * and ptxas (and ships beside its original), so a kernel is cloned only
 * when the transformed divisions are an estimated share of its dynamic
 * work of at least `min-gain` percent (docs/DESIGN.md "Benefit model").
 *
 * The estimate: every instruction of the kernel, and of the called
 * functions that have division sites (md_callee.h; weighted by their
 * call), counts its SASS cost times LOOP_TRIPS^(loop depth) (md_loops.h:
 * the C API has no block frequencies); a division site counts its native
 * cost, and saves native - magic, both per-site costs measured on sm_90
 * (bench/RESULTS.md "Per site: straight-line and in loop": the loop column
 * for sites in a loop, the straight-line column elsewhere).  Each loop that
 * holds a site is also judged alone: the share of that loop's work its
 * divisions save, so a division in the loop of an index kernel keeps its
 * clone whatever straight-line code surrounds the loop.  And the saving is
 * measured against the kernel's code with every loop counted once: 8
 * iterations per level overweighs the short window loops of index kernels
 * (3x3, 3x3x3), so a kernel whose divisions are a large part of its code
 * (MD_BENEFIT_CODE_FACTOR times min-gain) is cloned too.
 */
#ifndef MAGICDIV_MD_BENEFIT_H
#define MAGICDIV_MD_BENEFIT_H

#include "device/md_callee.h"
#include "device/md_fctx.h"
#include "device/md_kdec.h"

/* Assumed iterations of a loop per entry (no trip counts are known), and
 * the deepest nesting that is weighed (deeper loops weigh the same). */
#define MD_BENEFIT_LOOP_TRIPS 8.0
#define MD_BENEFIT_MAX_DEPTH 4
/* The share of the code (loops counted once) that is enough, in multiples
 * of min-gain: in ggml, MMA and attention kernels' divisions are at most
 * 7.5 % of their code, the index kernels with short window loops 16 % and
 * more (docs/DESIGN.md). */
#define MD_BENEFIT_CODE_FACTOR 5.0

typedef struct md_benefit {
  double work;       /* estimated dynamic SASS instructions of one thread */
  double saving;     /* of which the transformed sites save */
  double loop_share; /* the highest saving / work of one loop that holds a
                        site (0: no site in a loop) */
  unsigned in_loop;  /* sites in a loop (their own, or their call's) */
  double code;        /* work and saving with every loop counted once */
  double code_saving;
} md_benefit;

/* Estimate the benefit of cloning the kernel whose decided context is kctx
 * (its sites, and those of the plan's needed nodes; plan may be NULL).
 * 0, or -1 when out of memory (b is then zero). */
int md_benefit_estimate(const md_kdec *d, const md_fctx *kctx,
                        const md_cplan *plan,
                        md_benefit *b);

/* The share in percent of the work: the larger of the kernel's saving /
 * work and the best loop's. */
double md_benefit_percent(const md_benefit *b);

/* The share in percent of the code (every loop counted once). */
double md_benefit_code_percent(const md_benefit *b);

/* 1 if the clone pays at min-gain (percent): percent >= min_gain, or code
 * percent >= MD_BENEFIT_CODE_FACTOR * min_gain. */
int md_benefit_pays(const md_benefit *b, double min_gain);

#endif
