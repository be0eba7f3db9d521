/*
 * md_options.c -- pass options: defaults and the parameter parser shared by
 * `magicdiv<...>` pipeline strings and $MAGICDIV_OPTIONS.
 */
#include "support/md_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void md_options_default(md_options *o) {
#define MD_X_OPTION_DEFAULT(field, name, dflt) o->field = (dflt);
  MD_FLAG_OPTION_LIST(MD_X_OPTION_DEFAULT)
#undef MD_X_OPTION_DEFAULT
  o->pow2_tier = 0;
  o->min_gain = MD_MIN_GAIN_DEFAULT;
}

typedef struct md_option_name {
  const char *name;
  size_t offset;
} md_option_name;

#define MD_X_OPTION_NAME(field, name, dflt) {name, offsetof(md_options, field)},
static const md_option_name md_option_names[] = {
    MD_FLAG_OPTION_LIST(MD_X_OPTION_NAME)};
#undef MD_X_OPTION_NAME

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
