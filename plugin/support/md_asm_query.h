/*
 * md_asm_query.h -- can this compiler assemble module-level assembly for a
 * target (md_asm_query.c)?  The host pass appends the runtime to a host
 * module as module-level assembly (host/md_host_embed.c), which the
 * target's assembler parser reads when the object is written.  clang and
 * opt register every target's parser; flang-22 registers none, and the
 * first module-level assembly it meets ends its compile ("LLVM ERROR:
 * Inline asm not supported by this streamer because we don't have an asm
 * parser for this target").  LLVM-C cannot ask, so the host that loads
 * the plugin (md_bridge.cpp) sets a query; without one (magicdiv-ir,
 * which writes no objects) the answer is yes.
 */
#ifndef MAGICDIV_MD_ASM_QUERY_H
#define MAGICDIV_MD_ASM_QUERY_H

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if module-level assembly for target triple `triple` can be assembled
 * in this process. */
typedef int (*md_asm_query)(const char *triple);

/* Set (or clear, NULL) the query. */
void md_asm_query_set(md_asm_query q);

/* The query's answer for `triple`; 1 without a query. */
int md_asm_query_can(const char *triple);

#ifdef __cplusplus
}
#endif

#endif
