/*
 * md_options.c -- pass options: defaults and the parameter parser shared by
 * `magicdiv<...>` pipeline strings and $MAGICDIV_OPTIONS.
 */
#include "md_options.h"

#include <stdio.h>
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
    {"any-target", offsetof(md_options, any_target)},
    {"verify", offsetof(md_options, verify)},
    {"omp-bounds", offsetof(md_options, omp_bounds)},
    {"embed-runtime", offsetof(md_options, embed_runtime)},
};

#define MD_N_OPTIONS (sizeof md_option_names / sizeof md_option_names[0])

/* Set the option named by [s, s+len); "no-" prefix clears it. */
static int md_set_option(const char *s, size_t len, md_options *o) {
  int value = 1;
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
      }
      return -1;
    }
    if (!end)
      break;
    p = end + 1;
  }
  return 0;
}
