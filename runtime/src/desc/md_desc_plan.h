/*
 * md_desc_plan.h -- the direct evaluation of the commonest descriptor
 * (md_desc_plan.c): no requirement, every divisor one parameter read.
 * Not installed.
 */
#ifndef MAGICDIV_MD_DESC_PLAN_H
#define MAGICDIV_MD_DESC_PLAN_H

#include "magicdiv/magicdiv.h"

typedef struct md_plan md_plan;

/* The plan of a validated descriptor without requirements whose every
 * divisor program is one parameter read; NULL otherwise or when out of
 * memory (then md_desc_fill_validated evaluates it). */
md_plan *md_plan_make(const unsigned char *desc);

/* md_desc_fill_validated of the plan's descriptor: the same status and
 * values. */
int md_plan_fill(const md_plan *p, void *const *args, md_extra *out);

#endif /* MAGICDIV_MD_DESC_PLAN_H */
