/*
 * md_options.c -- pass options: defaults and the parameter parser shared by
 * `magicdiv<...>` pipeline strings and $MAGICDIV_OPTIONS.
 */
#include "md_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void md_options_default(md_options *o) {
  o->device = 1;
  o->host = 1;
  o->signed_ = 1;
  o->wide = 1;
  o->positive_divisors = 1;
  o->launch_ranges = 1;
  o->tiers = 1;
  o->any_target = 1;
  o->verify = 1;
  o->omp_bounds = 1;
  o->embed_runtime = 1;
  o->route_all = 0;
  o->tiers_wide = 0;
  o->pow2_loops = 0;
  o->pow2_kernel = 1;
  o->pow2_kernel_all = 0;
  o->keep_rolled = 1;
  o->inkernel = 1;
  o->inkernel_args = 0;
  o->s64_fast32 = 1;
  o->s64_fast32_ir = 0;
  o->min_gain = MD_MIN_GAIN_DEFAULT;
}

typedef struct md_option_name {
  const char *name;
  size_t offset;
} md_option_name;

static const md_option_name md_option_names[] = {
    {"device", offsetof(md_options, device)},
    {"host", offsetof(md_options, host)},
    {"signed", offsetof(md_options, signed_)},
    {"wide", offsetof(md_options, wide)},
    {"positive-divisors", offsetof(md_options, positive_divisors)},
    {"launch-ranges", offsetof(md_options, launch_ranges)},
    {"tiers", offsetof(md_options, tiers)},
    {"tiers-wide", offsetof(md_options, tiers_wide)},
    {"any-target", offsetof(md_options, any_target)},
    {"verify", offsetof(md_options, verify)},
    {"omp-bounds", offsetof(md_options, omp_bounds)},
    {"embed-runtime", offsetof(md_options, embed_runtime)},
    {"route-all", offsetof(md_options, route_all)},
    {"pow2-loops", offsetof(md_options, pow2_loops)},
    {"pow2-kernel", offsetof(md_options, pow2_kernel)},
    {"pow2-kernel-all", offsetof(md_options, pow2_kernel_all)},
    {"keep-rolled", offsetof(md_options, keep_rolled)},
    {"inkernel", offsetof(md_options, inkernel)},
    {"inkernel-args", offsetof(md_options, inkernel_args)},
    {"s64-fast32", offsetof(md_options, s64_fast32)},
    {"s64-fast32-ir", offsetof(md_options, s64_fast32_ir)},
};

#define MD_N_OPTIONS (sizeof md_option_names / sizeof md_option_names[0])

/* `min-gain=P` in [s, s+len): 1 (P, a percentage 0..100, in
 * o->min_gain), 0 if [s, s+len) is not min-gain, -1 if P is malformed. */
static int md_set_min_gain(const char *s, size_t len, md_options *o) {
  static const char key[] = "min-gain=";
  char num[32], *end;
  double v;
  if (len < sizeof key - 1 || strncmp(s, key, sizeof key - 1) != 0)
    return 0;
  len -= sizeof key - 1;
  if (len == 0 || len >= sizeof num)
    return -1;
  memcpy(num, s + sizeof key - 1, len);
  num[len] = 0;
  v = strtod(num, &end);
  if (*end || !(v >= 0 && v <= 100))
    return -1;
  o->min_gain = v;
  return 1;
}

/* Set the option named by [s, s+len); "no-" prefix clears it. */
static int md_set_option(const char *s, size_t len, md_options *o) {
  int value = 1, num = md_set_min_gain(s, len, o);
  if (num)
    return num > 0 ? 0 : -1;
  if (len > 3 && strncmp(s, "no-", 3) == 0) {
    value = 0;
    s += 3;
    len -= 3;
  }
  for (size_t i = 0; i < MD_N_OPTIONS; i++) {
    if (strlen(md_option_names[i].name) == len &&
        strncmp(md_option_names[i].name, s, len) == 0) {
      *(int *)((char *)o + md_option_names[i].offset) = value;
      return 0;
    }
  }
  return -1;
}

int md_options_parse(const char *params, md_options *o, char *err,
                     size_t errlen) {
  const char *p = params ? params : "";
  while (*p) {
    const char *end = strchr(p, ';');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    while (len > 0 && (*p == ' ' || *p == '\t')) {
      p++;
      len--;
    }
    while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t'))
      len--;
    if (len > 0 && md_set_option(p, len, o) != 0) {
      if (err && errlen) {
        int n = snprintf(err, errlen, "unknown parameter '%.*s'; known:",
                         (int)len, p);
        for (size_t i = 0; i < MD_N_OPTIONS && n > 0 && (size_t)n < errlen;
             i++)
          n += snprintf(err + n, errlen - (size_t)n, " [no-]%s",
                        md_option_names[i].name);
        if (n > 0 && (size_t)n < errlen)
          snprintf(err + n, errlen - (size_t)n, " min-gain=PERCENT");
      }
      return -1;
    }
    if (!end)
      break;
    p = end + 1;
  }
  return 0;
}
