/*
 * md_host_embed.h -- a host module that calls the runtime carries it
 * (md_host_embed.c), and the table md_embed_gen generates at build time
 * (md_embed_rt.c in the build folder; plugin/embed/md_embed_gen.c).
 */
#ifndef MAGICDIV_MD_HOST_EMBED_H
#define MAGICDIV_MD_HOST_EMBED_H

#include <llvm-c/Core.h>
#include <stddef.h>

#include "support/md_embed_parts.h"
#include "support/md_options.h"

/* The generated table.  The runtime in parts, each assembly text whose
 * definitions are one COMDAT group (__magicdiv_rt_<tag>, and _cuda, _hip,
 * _omp for the others): what every module that calls the runtime carries,
 * and what only CUDA, HIP or OpenMP launches need (texts empty when the
 * plugin was built without them); the triple they were compiled for; the
 * tag; the names of the runtime's public functions (NULL-terminated) and
 * the part that holds each. */
extern const char *const md_embed_rt_asm[MD_EMBED_PARTS];
extern const size_t md_embed_rt_asm_len[MD_EMBED_PARTS];
extern const char md_embed_rt_triple[];
extern const char md_embed_rt_tag[];
extern const char *const md_embed_rt_names[];
extern const unsigned char md_embed_rt_name_part[];

/* A host module that calls a runtime function (the host pass's routed
 * launches and graph calls, or the program's own calls) gets the parts of
 * the embedded runtime it needs (the common part and the parts of the
 * functions it calls) appended as module-level assembly, each once; option
 * embed-runtime.
 * A module for another host triple does not (missed remark).  Returns 1
 * when the module changed. */
int md_host_embed_run(LLVMModuleRef m, const md_options *o);

/* 1 when m would carry the runtime (option embed-runtime, a runtime in
 * this plugin, a host triple it suits) but this compiler cannot assemble
 * module-level assembly for m's triple (support/md_asm_query.h: flang):
 * then the host pass leaves m as it was -- a routed launch would need the
 * runtime -- and, where m launches kernels (OpenMP, CUDA, HIP), says so
 * in a missed remark (no-embed-runtime and libmagicdiv_rt route them),
 * once: m gets a named-metadata mark that a second run reads. */
int md_host_embed_blocked(LLVMModuleRef m, const md_options *o);

/* 1 if code for host triple `a` may carry a runtime built for `b`: the
 * same architecture, operating system and environment (the vendor field
 * aside). */
int md_host_embed_triple_ok(const char *a, const char *b);

#endif
