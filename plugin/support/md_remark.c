/*
 * md_remark.c -- md_remarkf (md_remark.h).
 */
#include "md_remark.h"

#include <stdarg.h>
#include <stdio.h>

static _Thread_local const char *md_context;

void md_remark_context(const char *ctx) { md_context = ctx; }

static _Thread_local int md_muted;

void md_remark_mute(int on) { md_muted = on; }
int md_remark_muted(void) { return md_muted; }

void md_remarkf(md_remark_kind kind, LLVMValueRef where, const char *name,
                const char *fmt, ...) {
  char buf[768];
  va_list ap;
  int n;
  va_start(ap, fmt);
  n = vsnprintf(buf, 512, fmt, ap);
  va_end(ap);
  if (md_context && n >= 0 && n < 512)
    snprintf(buf + n, sizeof buf - (size_t)n, "%s", md_context);
  md_remark(kind, where, name, buf);
}
