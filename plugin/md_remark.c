/*
 * md_remark.c -- md_remarkf (md_remark.h).
 */
#include "md_remark.h"

#include <stdarg.h>
#include <stdio.h>

void md_remarkf(md_remark_kind kind, LLVMValueRef where, const char *name,
                const char *fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  md_remark(kind, where, name, buf);
}
