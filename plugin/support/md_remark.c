/*
 * md_remark.c -- md_remark through its host's sink, md_remarkf, the queue
 * of remarks held until a clone is kept (md_remark.h).
 */
#include "support/md_remark.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/md_array.h"

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

struct md_remark_held {
  LLVMValueRef fn; /* the function it waits for */
  md_remark_kind kind;
  const char *name; /* MD_RN's string constant */
  char *text;       /* malloc'd, whole */
};

void md_remark_hold(md_remark_queue *q, md_remark_kind kind, LLVMValueRef fn,
                    const char *name, const char *fmt, ...) {
  md_remark_held *room;
  char *text = NULL;
  va_list ap, again;
  int n;
  if (!q)
    return;
  va_start(ap, fmt);
  va_copy(again, ap);
  n = vsnprintf(NULL, 0, fmt, ap);
  if (n >= 0 && (text = malloc((size_t)n + 1)) != NULL)
    vsnprintf(text, (size_t)n + 1, fmt, again);
  va_end(again);
  va_end(ap);
  room = text ? md_array_room(q->v, q->n, &q->cap, sizeof *room, 8) : NULL;
  if (!room) { /* out of memory: not said */
    free(text);
    return;
  }
  q->v = room;
  q->v[q->n].fn = fn;
  q->v[q->n].kind = kind;
  q->v[q->n].name = name;
  q->v[q->n].text = text;
  q->n++;
}

/* Take fn's held remarks out of q, in order, emitting them when say. */
static void md_remark_take(md_remark_queue *q, LLVMValueRef fn, int say) {
  unsigned i, k = 0;
  if (!q)
    return;
  for (i = 0; i < q->n; i++) {
    md_remark_held h = q->v[i];
    if (h.fn != fn) {
      q->v[k++] = h;
      continue;
    }
    if (say)
      md_remark(h.kind, h.fn, h.name, h.text);
    free(h.text);
  }
  q->n = k;
}

void md_remark_flush(md_remark_queue *q, LLVMValueRef fn) {
  md_remark_take(q, fn, 1);
}

void md_remark_drop(md_remark_queue *q, LLVMValueRef fn) {
  md_remark_take(q, fn, 0);
}

unsigned md_remark_held_count(const md_remark_queue *q) {
  return q ? q->n : 0;
}

void md_remark_queue_release(md_remark_queue *q) {
  unsigned i;
  for (i = 0; i < q->n; i++)
    free(q->v[i].text);
  free(q->v);
  q->v = NULL;
  q->n = 0;
  q->cap = 0;
}
