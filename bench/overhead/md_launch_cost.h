/*
 * md_launch_cost.h -- the end-to-end launch-cost rows of md_bench_host_cost
 * (md_launch_cost.c).
 */
#ifndef MAGICDIV_BENCH_MD_LAUNCH_COST_H
#define MAGICDIV_BENCH_MD_LAUNCH_COST_H

/* Time every row over about `iters` launches and print the table. */
int md_launch_cost(long iters);
/* Exactly n launches of row `row` (after one warm-up), for callgrind. */
int md_launch_cost_calls(const char *row, long n);

#endif /* MAGICDIV_BENCH_MD_LAUNCH_COST_H */
