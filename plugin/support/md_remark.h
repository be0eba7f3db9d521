/*
 * md_remark.h -- optimization remarks (md_remark.c): md_remark hands each
 * to the sink its host set (md_bridge.cpp, the only C++, or magicdiv-ir's
 * md_tool_remark.c); md_remarkf formats.  A leaf: it calls nobody above.
 */
#ifndef MAGICDIV_MD_REMARK_H
#define MAGICDIV_MD_REMARK_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum md_remark_kind {
  MD_REMARK_PASSED = 0,   /* -Rpass=magicdiv          */
  MD_REMARK_MISSED = 1,   /* -Rpass-missed=magicdiv   */
  MD_REMARK_ANALYSIS = 2  /* -Rpass-analysis=magicdiv */
} md_remark_kind;

/* Emit an optimization remark named `name` with text `msg` at `where`, an
 * instruction or a function, through the sink (none set: nothing).  Cheap
 * when remarks are off. */
void md_remark(md_remark_kind kind, LLVMValueRef where, const char *name,
               const char *msg);

/* Where md_remark's remarks go: set once, before the pass runs, by whoever
 * hosts it -- the plugin's md_bridge.cpp (LLVM's remark streamer) or
 * magicdiv-ir (tool/md_tool_remark.c, stderr).  NULL: none. */
typedef void (*md_remark_sink)(md_remark_kind kind, LLVMValueRef where,
                               const char *name, const char *msg);
void md_remark_set_sink(md_remark_sink sink);

/* printf-style convenience wrapper. */
void md_remarkf(md_remark_kind kind, LLVMValueRef where, const char *name,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* md_remarkf with `suffix` (NULL: none) appended to the text (the whole
 * text, however long): where the site is, e.g. " (in device function 'f',
 * called from kernel 'k')" for a division in a called function. */
void md_remarkf_in(md_remark_kind kind, LLVMValueRef where, const char *name,
                   const char *suffix, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* While muted (per thread), md_remark and md_remarkf emit nothing: the
 * second run of the device transform that builds a kernel's plain tier
 * (md_tiers.c) reports in one remark of its own. */
void md_remark_mute(int on);
int md_remark_muted(void);

#ifdef __cplusplus
}
#endif

#endif
