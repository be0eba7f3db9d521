/*
 * md_rt_embed.h -- the rendezvous of the embedded runtime's copies
 * (docs/ABI.md section 12, docs/LAUNCH.md section 12): what one copy
 * carried by a linked image shows the other copies in the process, so
 * that the process has one runtime state whatever links it.
 *
 * Each copy carries an ELF note (section .note.magicdiv, in a PT_NOTE
 * segment of its image) whose descriptor holds the rendezvous version and
 * the place of the copy's record, relative to the note; the record says
 * where the copy's trampoline slots and names are and how to make the
 * copy decide which code it runs.  A copy finds the first compatible copy
 * in the process's load order (dl_iterate_phdr) and takes that copy's
 * slots.  No symbol is exported and nothing is written outside the copy.
 */
#ifndef MD_RT_EMBED_H
#define MD_RT_EMBED_H

#include <stddef.h>
#include <stdint.h>

/* Bumped when the record's layout, the note's, the rule that picks the
 * owner, or the calling convention of any public runtime function of a
 * given name changes: copies of two versions never forward to each other. */
#define MD_RT_RENDEZVOUS_VERSION 1
#define MD_RT_NOTE_NAME "magicdiv"  /* the note's owner name, 9 bytes */
#define MD_RT_NOTE_TYPE 0x4d445254u /* "MDRT" */
#define MD_RT_RECORD_MAGIC 0x4d445254u

/* The note: an ELF note header, the name padded to 12 bytes, then the
 * 8-byte descriptor.  `record` is the record's address minus the
 * address of the field itself (md_embed_gen writes that expression: the
 * linker resolves it, no dynamic relocation in the read-only note). */
typedef struct md_rt_note {
  uint32_t namesz; /* sizeof MD_RT_NOTE_NAME */
  uint32_t descsz; /* 8 */
  uint32_t type;   /* MD_RT_NOTE_TYPE */
  char name[12];
  uint32_t version; /* MD_RT_RENDEZVOUS_VERSION */
  int32_t record;
} md_rt_note;

/* A copy's record (its first two fields never move). */
typedef struct md_rt_record {
  uint32_t magic;   /* MD_RT_RECORD_MAGIC */
  uint32_t version; /* MD_RT_RENDEZVOUS_VERSION */
  const char *tag;  /* the copy's build tag */
  /* makes the copy decide which code its slots hold (once; a copy asks
   * the owner it forwards to before it reads the owner's slots) */
  void (*resolve)(void);
  void **const *part_slots; /* per part (common, CUDA, HIP, OpenMP) */
  const size_t *part_rows;  /* per part: its number of slots */
  const size_t *n_parts;
  const char *names; /* the slots' names, part by part, NUL-terminated */
} md_rt_record;

_Static_assert(sizeof(md_rt_note) == 32, "docs/ABI.md section 12: the note");
#if UINTPTR_MAX == 0xffffffffffffffffu
_Static_assert(offsetof(md_rt_record, resolve) == 16 &&
                   offsetof(md_rt_record, names) == 48,
               "docs/ABI.md section 12: the record (LP64)");
#endif

/* The record of the first copy in the process's load order that is of
 * this version and holds every part self holds: possibly self; self when
 * none is found. */
const md_rt_record *md_rt_owner(const md_rt_record *self);

#endif /* MD_RT_EMBED_H */
