/*
 * md_launch_env.h -- the environment switches and the log (md_launch_env.c),
 * below every floor that reads them (memo/, launch/, graph/).  Not
 * installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_ENV_H
#define MAGICDIV_MD_LAUNCH_ENV_H

#include <stdatomic.h>

/* ---- environment and logging (md_launch_env.c) ---- */
int md_env_disabled(void); /* MAGICDIV_DISABLE=1 */
int md_env_log(void);      /* MAGICDIV_LOG=1 or 2 */
int md_env_log_desc(void); /* MAGICDIV_LOG=2: also print each descriptor */
int md_env_graphs_original(void); /* MAGICDIV_GRAPHS=original */
/* MAGICDIV_CHOICE: which of a kernel's clone and original runs. */
enum { MD_CHOICE_MEASURED = 0, MD_CHOICE_CLONE = 1, MD_CHOICE_ORIGINAL = 2 };
int md_env_choice_read(void);
/* The environment's bits (md_launch_env.c; 0: not read yet), of which
 * MAGICDIV_CHOICE's two, read inline on the launch's path. */
extern atomic_int md_env_bits;
#define MD_ENV_CHOICE_CLONE 0x20
#define MD_ENV_CHOICE_ORIG 0x40
static inline int md_env_choice(void) {
  int b = atomic_load_explicit(&md_env_bits, memory_order_relaxed);
  if (!b)
    return md_env_choice_read();
  return (b & MD_ENV_CHOICE_CLONE)  ? MD_CHOICE_CLONE
         : (b & MD_ENV_CHOICE_ORIG) ? MD_CHOICE_ORIGINAL
                                    : MD_CHOICE_MEASURED;
}
void md_env_reload(void);
/* One line on stderr, prefixed "magicdiv: ", only when logging is on. */
void md_logf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Log "disabled" once per process (per md_launch_reset). */
void md_log_disabled_once(void);

#endif /* MAGICDIV_MD_LAUNCH_ENV_H */
