/*
 * md_remark.c -- md_remarkf (md_remark.h).
 */
#include "md_remark.h"

#include <stdarg.h>
#include <stdio.h>

static void md_remarkv(md_remark_kind kind, LLVMValueRef where,
                       const char *name, const char *suffix, const char *fmt,
                       va_list ap) {
  char buf[768];
  int n = vsnprintf(buf, 512, fmt, ap);
  if (suffix && n >= 0 && n < 512)
    snprintf(buf + n, sizeof buf - (size_t)n, "%s", suffix);
  md_remark(kind, where, name, buf);
}

static _Thread_local int md_muted;

void md_remark_mute(int on) { md_muted = on; }
int md_remark_muted(void) { return md_muted; }

void md_remarkf(md_remark_kind kind, LLVMValueRef where, const char *name,
                const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  md_remarkv(kind, where, name, NULL, fmt, ap);
  va_end(ap);
}

void md_remarkf_in(md_remark_kind kind, LLVMValueRef where, const char *name,
                   const char *suffix, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  md_remarkv(kind, where, name, suffix, fmt, ap);
  va_end(ap);
}
