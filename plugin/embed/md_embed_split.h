/*
 * md_embed_split.h -- build tool (md_embed_gen): the linked runtime module
 * turned into the assembly texts of the embedded runtime's parts
 * (md_embed_split.c).
 */
#ifndef MAGICDIV_MD_EMBED_SPLIT_H
#define MAGICDIV_MD_EMBED_SPLIT_H

#include <llvm-c/Core.h>
#include <stddef.h>

#include "support/md_embed_parts.h"

#define MD_EG_MAX_PUB 256

/* The runtime's public functions, as found and renamed by md_eg_split. */
typedef struct md_eg_pub {
  LLVMValueRef impl[MD_EG_MAX_PUB]; /* the function (renamed NAME.impl...) */
  char *name[MD_EG_MAX_PUB];        /* NAME (owned) */
  int part[MD_EG_MAX_PUB];          /* MD_EG_* */
  size_t n;
} md_eg_pub;

/* The result: one assembly text per part (NULL: the part is empty). */
typedef struct md_eg_texts {
  LLVMMemoryBufferRef text[MD_EMBED_PARTS];
} md_eg_texts;

/* is_public(name, len, arg): is this defined function public API?  Split
 * module m (the linked runtime, md_rt_embed.c included; consumed) into the
 * parts' texts, each its own COMDAT group __magicdiv_rt_TAG[_PART] (sig is
 * __magicdiv_rt_TAG).  pub receives the public functions.  0, or -1 with a
 * message printed. */
int md_eg_split(LLVMModuleRef m, const char *sig, const char *tag,
                int (*is_public)(const char *, size_t, void *), void *arg,
                md_eg_pub *pub, md_eg_texts *out);

void md_eg_pub_free(md_eg_pub *pub);
void md_eg_texts_free(md_eg_texts *t);

#endif
