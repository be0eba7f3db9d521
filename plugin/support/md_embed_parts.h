/*
 * md_embed_parts.h -- the parts of the embedded runtime, one list: the
 * build tool md_embed_gen (embed/md_embed_split.c) cuts the runtime into
 * them, the generated table (md_host_embed.h) holds one assembly text per
 * part, and the host pass (host/md_host_embed.c) appends those a module
 * needs.  A leaf.
 */
#ifndef MAGICDIV_MD_EMBED_PARTS_H
#define MAGICDIV_MD_EMBED_PARTS_H

/* X(PART, suffix, what): MD_EMBED_PART, the part's index; the suffix of
 * its COMDAT group __magicdiv_rt_<tag><suffix>; what the EmbeddedRuntime
 * remark says of it.  The common part (what every module that calls the
 * runtime carries) first, then what only CUDA, HIP or OpenMP launches
 * need. */
#define MD_EMBED_PART_LIST(X)                                                  \
  X(COMMON, "", "")                                                            \
  X(CUDA, "_cuda", " + CUDA")                                                  \
  X(HIP, "_hip", " + HIP")                                                     \
  X(OMP, "_omp", " + OpenMP")

#define MD_X_EMBED_PART_ENUM(part, suffix, what) MD_EMBED_##part,
enum md_embed_part { MD_EMBED_PART_LIST(MD_X_EMBED_PART_ENUM) MD_EMBED_PARTS };
#undef MD_X_EMBED_PART_ENUM

#define MD_X_EMBED_PART_SUFFIX(part, suffix, what)                             \
  case MD_EMBED_##part:                                                        \
    return suffix;
/* The suffix of part p's COMDAT group ("" for the common part). */
static inline const char *md_embed_part_suffix(int p) {
  switch (p) {
    MD_EMBED_PART_LIST(MD_X_EMBED_PART_SUFFIX)
  default:
    return "";
  }
}
#undef MD_X_EMBED_PART_SUFFIX

#define MD_X_EMBED_PART_WHAT(part, suffix, what)                               \
  case MD_EMBED_##part:                                                        \
    return what;
/* What the EmbeddedRuntime remark says of part p. */
static inline const char *md_embed_part_what(int p) {
  switch (p) {
    MD_EMBED_PART_LIST(MD_X_EMBED_PART_WHAT)
  default:
    return "";
  }
}
#undef MD_X_EMBED_PART_WHAT

#endif
