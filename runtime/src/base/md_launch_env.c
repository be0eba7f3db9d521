/*
 * md_launch_env.c -- the launch layer's environment switches and its log.
 *
 *   MAGICDIV_DISABLE=1   every launch runs the original kernel
 *   MAGICDIV_LOG=1       one stderr line per kernel on its first launch
 *   MAGICDIV_LOG=2       that, and each kernel's descriptor disassembled
 *                        (md_desc_dump) when it is first accepted
 *   MAGICDIV_GRAPHS=original  launches into capturing streams and graph
 *                        kernel nodes written by the program run the
 *                        original (for graphs edited by code the host
 *                        pass does not see)
 *   MAGICDIV_CHOICE=clone | original | measured  which of a kernel's
 *                        clone and original runs (md_choice.c); unset or
 *                        any other value: measured
 *
 * Read once (on the first launch) and again after md_launch_reset; any
 * other value (or unset) means off.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/md_launch_env.h"

#define MD_ENV_KNOWN 0x1
#define MD_ENV_DISABLE 0x2
#define MD_ENV_LOG 0x4
#define MD_ENV_LOG_DESC 0x8
#define MD_ENV_GRAPHS_ORIG 0x10
/* MD_ENV_CHOICE_CLONE 0x20, MD_ENV_CHOICE_ORIG 0x40: md_launch_env.h */
_Static_assert(MD_ENV_CHOICE_CLONE == 0x20 && MD_ENV_CHOICE_ORIG == 0x40,
               "md_launch_env.h's bits");

atomic_int md_env_bits;               /* 0: not read yet */
static atomic_int md_disabled_logged; /* the "disabled" line was printed */

static int md_env_on(const char *name) {
  const char *v = getenv(name);
  return v && strcmp(v, "1") == 0;
}

/* The bits of a MAGICDIV_CHOICE value v (NULL: unset). */
static int md_env_choice_bits(const char *v) {
  if (v && strcmp(v, "clone") == 0)
    return MD_ENV_CHOICE_CLONE;
  if (v && strcmp(v, "original") == 0)
    return MD_ENV_CHOICE_ORIG;
  return 0;
}

static int md_env(void) {
  int b = atomic_load_explicit(&md_env_bits, memory_order_relaxed);
  if (!b) {
    b = MD_ENV_KNOWN;
    if (md_env_on("MAGICDIV_DISABLE"))
      b |= MD_ENV_DISABLE;
    if (md_env_on("MAGICDIV_LOG"))
      b |= MD_ENV_LOG;
    else if (getenv("MAGICDIV_LOG") && strcmp(getenv("MAGICDIV_LOG"), "2") == 0)
      b |= MD_ENV_LOG | MD_ENV_LOG_DESC;
    if (getenv("MAGICDIV_GRAPHS") &&
        strcmp(getenv("MAGICDIV_GRAPHS"), "original") == 0)
      b |= MD_ENV_GRAPHS_ORIG;
    b |= md_env_choice_bits(getenv("MAGICDIV_CHOICE"));
    atomic_store_explicit(&md_env_bits, b, memory_order_relaxed);
  }
  return b;
}

int md_env_disabled(void) { return (md_env() & MD_ENV_DISABLE) != 0; }

int md_env_log(void) { return (md_env() & MD_ENV_LOG) != 0; }

int md_env_log_desc(void) { return (md_env() & MD_ENV_LOG_DESC) != 0; }

int md_env_graphs_original(void) {
  return (md_env() & MD_ENV_GRAPHS_ORIG) != 0;
}

int md_env_choice_read(void) {
  int b = md_env();
  return (b & MD_ENV_CHOICE_CLONE)  ? MD_CHOICE_CLONE
         : (b & MD_ENV_CHOICE_ORIG) ? MD_CHOICE_ORIGINAL
                                    : MD_CHOICE_MEASURED;
}

void md_env_reload(void) {
  atomic_store(&md_env_bits, 0);
  atomic_store(&md_disabled_logged, 0);
}

void md_logf(const char *fmt, ...) {
  char line[512];
  va_list ap;
  if (!md_env_log())
    return;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  /* One stdio call per line (stdio locks the stream): lines of concurrent
   * threads do not interleave. */
  fprintf(stderr, "magicdiv: %s\n", line);
}

void md_log_disabled_once(void) {
  if (md_env_log() && atomic_exchange(&md_disabled_logged, 1) == 0)
    md_logf("MAGICDIV_DISABLE=1: every kernel runs its original");
}
