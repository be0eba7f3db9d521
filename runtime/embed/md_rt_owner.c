/*
 * md_rt_owner.c -- compiled only into the embedded copy of the runtime:
 * finds the copy that owns the process's runtime state (md_rt_embed.h).
 *
 * dl_iterate_phdr walks the images of the caller's link namespace in load
 * order (the executable, its libraries, then what dlopen loaded), under
 * the loader's lock.  In each image's PT_NOTE segments it looks for the
 * magicdiv note; a note of another rendezvous version, a record outside
 * the image's loaded segments, a record of another magic or version, or a
 * copy that lacks a part the asking copy holds is passed over.  The first
 * one left is the owner.
 */
#define _GNU_SOURCE
#include <link.h>
#include <string.h>

#include "md_rt_embed.h"

typedef struct md_rt_find {
  const md_rt_record *self;
  const md_rt_record *found;
} md_rt_find;

/* Whether [p, p + n) lies in one loaded segment of the image. */
static int md_rt_in_image(const struct dl_phdr_info *info, uintptr_t p,
                          size_t n) {
  for (size_t i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && p >= lo && p - lo <= ph->p_memsz &&
        ph->p_memsz - (p - lo) >= n)
      return 1;
  }
  return 0;
}

/* Whether owner holds every part self holds (the parts' code calls its
 * own copy's common code: forwarding only some of them would split the
 * state). */
static int md_rt_covers(const md_rt_record *owner, const md_rt_record *self) {
  if (*owner->n_parts != *self->n_parts)
    return 0;
  for (size_t p = 0; p < *self->n_parts; p++)
    if (self->part_slots[p] && !owner->part_slots[p])
      return 0;
  return 1;
}

/* The record a magicdiv note's descriptor at desc (descsz bytes) names,
 * if it is usable by w->self; else NULL. */
static const md_rt_record *md_rt_note_record(const struct dl_phdr_info *info,
                                             const unsigned char *desc,
                                             uint32_t descsz,
                                             const md_rt_find *w) {
  uint32_t version;
  int32_t off;
  if (descsz < 8)
    return NULL;
  memcpy(&version, desc, 4);
  memcpy(&off, desc + 4, 4);
  if (version != MD_RT_RENDEZVOUS_VERSION)
    return NULL;
  uintptr_t at = (uintptr_t)(desc + 4) + (uintptr_t)(intptr_t)off;
  if (at % _Alignof(md_rt_record) != 0 ||
      !md_rt_in_image(info, at, sizeof(md_rt_record)))
    return NULL;
  const md_rt_record *r = (const md_rt_record *)at;
  if (r->magic != MD_RT_RECORD_MAGIC || r->version != MD_RT_RENDEZVOUS_VERSION ||
      !md_rt_covers(r, w->self))
    return NULL;
  return r;
}

/* The usable record among the notes of segment [p, p + len), align the
 * segment's note alignment (4 or 8); NULL if none. */
static const md_rt_record *md_rt_scan(const struct dl_phdr_info *info,
                                      const unsigned char *p, size_t len,
                                      size_t align, const md_rt_find *w) {
  size_t at = 0;
  while (len - at >= 12) {
    uint32_t h[3]; /* namesz, descsz, type */
    memcpy(h, p + at, sizeof h);
    size_t name = at + 12;
    size_t desc = name + ((h[0] + align - 1) & ~(align - 1));
    size_t next = desc + ((h[1] + align - 1) & ~(align - 1));
    if (h[0] > len || h[1] > len || next > len || next <= at)
      return NULL;
    if (h[2] == MD_RT_NOTE_TYPE && h[0] == sizeof MD_RT_NOTE_NAME &&
        memcmp(p + name, MD_RT_NOTE_NAME, sizeof MD_RT_NOTE_NAME) == 0) {
      const md_rt_record *r = md_rt_note_record(info, p + desc, h[1], w);
      if (r)
        return r;
    }
    at = next;
  }
  return NULL;
}

static int md_rt_find_one(struct dl_phdr_info *info, size_t size, void *arg) {
  md_rt_find *w = arg;
  (void)size;
  for (size_t i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_NOTE)
      continue;
    w->found = md_rt_scan(info,
                          (const unsigned char *)(info->dlpi_addr + ph->p_vaddr),
                          ph->p_memsz, ph->p_align == 8 ? 8 : 4, w);
    if (w->found)
      return 1;
  }
  return 0;
}

const md_rt_record *md_rt_owner(const md_rt_record *self) {
  md_rt_find w = {self, NULL};
  dl_iterate_phdr(md_rt_find_one, &w);
  return w.found ? w.found : self;
}
