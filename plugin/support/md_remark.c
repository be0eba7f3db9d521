/*
 * md_remark.c -- md_remark through its host's sink, md_remarkf
 * (md_remark.h).
 */
#include "support/md_remark.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static md_remark_sink md_sink;

void md_remark_set_sink(md_remark_sink sink) { md_sink = sink; }

void md_remark(md_remark_kind kind, LLVMValueRef where, const char *name,
               const char *msg) {
  if (md_sink)
    md_sink(kind, where, name, msg);
}

/* The text of fmt and ap with suffix appended, whole: in buf when it fits,
 * else in a malloc'd string (no cut: CUB kernel names alone are ~470
 * characters).  Out of memory: what fits in buf. */
static void md_remarkv(md_remark_kind kind, LLVMValueRef where,
                       const char *name, const char *suffix, const char *fmt,
                       va_list ap) {
  char buf[768], *text = buf;
  size_t sl = suffix ? strlen(suffix) : 0;
  va_list again;
  int n;
  va_copy(again, ap);
  n = vsnprintf(buf, sizeof buf, fmt, ap);
  if (n >= 0 && (size_t)n + sl >= sizeof buf) {
    text = malloc((size_t)n + sl + 1);
    if (text)
      vsnprintf(text, (size_t)n + 1, fmt, again);
    else
      text = buf; /* out of memory: cut */
  }
  va_end(again);
  if (n < 0)
    return;
  if (suffix && text != buf)
    memcpy(text + n, suffix, sl + 1);
  else if (suffix && (size_t)n < sizeof buf)
    snprintf(buf + n, sizeof buf - (size_t)n, "%s", suffix);
  md_remark(kind, where, name, text);
  if (text != buf)
    free(text);
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
