/*
 * md_rt_embed.c -- compiled only into the copy of the runtime that the
 * plugin embeds in host objects (plugin/embed/md_embed_gen.c; docs/LAUNCH.md
 * section 12): which code the public entry points of that copy run.
 *
 * In the embedded copy every public function md_X is a trampoline (weak,
 * hidden) that jumps through a slot holding the embedded md_X.  When the
 * linked image that holds the copy is loaded, before any constructor of
 * default priority, the copy decides once what its slots hold:
 *
 *   - the slots of the process's first copy (md_rt_owner: the first
 *     image in load order whose copy is of this rendezvous version and
 *     holds every part this one holds), after that copy has decided: so
 *     every image of the program runs one copy, with one cache, one memo,
 *     one graph map, one driver table.  The owner's image is kept loaded.
 *   - if this copy is the first one: a libmagicdiv_rt loaded in the
 *     process (a shared libmagicdiv_rt.so, or an image that exports the
 *     static one), whose md_X each slot then holds, so that the explicitly
 *     linked runtime is the one used; an entry point the library lacks (an
 *     older library) keeps the embedded one.  Else the embedded code.
 *
 * MAGICDIV_RUNTIME=per-image (read when the image is loaded) skips the
 * first step: each image's copy keeps its own state.  The trampolines are
 * hidden, so dlsym never finds an embedded copy; the copies find each
 * other by the note and record md_rt_embed.h describes.  The image is
 * kept loaded until the process exits.  MAGICDIV_LOG=1 prints the choice,
 * once per image.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "launch/md_launch_internal.h"
#include "md_rt_embed.h"

/* md_embed_gen defines these: the tag of this copy (its COMDAT groups are
 * __magicdiv_rt_<tag>[_cuda|_hip|_omp]); per part, the slots of its
 * trampolines (each starting as the embedded function; NULL when the image
 * lacks the part: a weak reference) and their number; and every
 * trampoline's name, part by part, one after the other ("md_a\0md_b\0"). */
extern const char md_embed_tag[];
extern void **const md_embed_part_slots[];
extern const size_t md_embed_part_rows[];
extern const size_t md_embed_n_parts;
extern const char md_embed_names[];

static void md_embed_resolve(void);

/* What the other copies in the process read of this one. */
const md_rt_record md_embed_record = {
    MD_RT_RECORD_MAGIC, MD_RT_RENDEZVOUS_VERSION, md_embed_tag,
    md_embed_resolve,   md_embed_part_slots,      md_embed_part_rows,
    &md_embed_n_parts,  md_embed_names};

/* The note that points at the record: md_embed_gen replaces the 0 by the
 * record's address minus the field's (docs/ABI.md section 12). */
__attribute__((used, section(".note.magicdiv"), aligned(4)))
const md_rt_note md_embed_note = {sizeof MD_RT_NOTE_NAME, 8, MD_RT_NOTE_TYPE,
                                  MD_RT_NOTE_NAME, MD_RT_RENDEZVOUS_VERSION, 0};

/* The image (file name) that holds address p, or "?". */
static const char *md_embed_image(const void *p) {
  Dl_info info;
  if (dladdr(p, &info) && info.dli_fname && *info.dli_fname)
    return info.dli_fname;
  return "?";
}

/* The image that holds this copy stays loaded until the process exits (a
 * dlclose does not unmap it): the memo's thread-exit destructor
 * (md_launch_memo.c) and the driver handles live in it, as they live in a
 * libmagicdiv_rt.so that is never unloaded, and other images' copies may
 * forward to it.  RTLD_NOLOAD finds the image by the name dladdr gives;
 * for the main program that finds nothing, and it is never unloaded
 * anyway. */
static void md_embed_pin(void) {
  Dl_info info;
  if (dladdr(md_embed_tag, &info) && info.dli_fname && *info.dli_fname)
    (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

/* The owner's slot of `name` in part p, or NULL. */
static void *md_embed_owner_slot(const md_rt_record *o, size_t p,
                                 const char *name) {
  const char *n = o->names;
  for (size_t q = 0; q < *o->n_parts; q++)
    for (size_t i = 0; i < o->part_rows[q]; i++) {
      if (q == p && o->part_slots[q] && strcmp(n, name) == 0)
        return o->part_slots[q][i];
      n += strlen(n) + 1;
    }
  return NULL;
}

/* Every slot of this copy takes the owner's slot of the same name (an
 * entry point the owner lacks keeps this copy's). */
static void md_embed_follow(const md_rt_record *o) {
  const char *name = md_embed_names;
  for (size_t p = 0; p < md_embed_n_parts; p++)
    for (size_t i = 0; i < md_embed_part_rows[p]; i++) {
      void *f = md_embed_part_slots[p] ? md_embed_owner_slot(o, p, name) : NULL;
      if (f)
        md_embed_part_slots[p][i] = f;
      name += strlen(name) + 1;
    }
  md_logf("runtime: the copy %s embedded in %s forwards to the copy %s "
          "embedded in %s (one runtime per process)",
          md_embed_tag, md_embed_image(md_embed_tag), o->tag,
          md_embed_image(o->tag));
}

/* This copy is the first: a loaded libmagicdiv_rt, or its own code. */
static void md_embed_first(void) {
  void *lib = dlsym(RTLD_DEFAULT, "md_status_str");
  if (!lib) {
    md_logf("runtime: the copy %s embedded in %s", md_embed_tag,
            md_embed_image(md_embed_tag));
    return;
  }
  const char *name = md_embed_names;
  for (size_t p = 0; p < md_embed_n_parts; p++)
    for (size_t i = 0; i < md_embed_part_rows[p]; i++) {
      void *f = md_embed_part_slots[p] ? dlsym(RTLD_DEFAULT, name) : NULL;
      if (f)
        md_embed_part_slots[p][i] = f;
      name += strlen(name) + 1;
    }
  md_logf("runtime: %s (the libmagicdiv_rt loaded in the process; the copy "
          "%s embedded in %s stands by)",
          md_embed_image(lib), md_embed_tag, md_embed_image(md_embed_tag));
}

static int md_embed_per_image(void) {
  const char *v = getenv("MAGICDIV_RUNTIME");
  return v && strcmp(v, "per-image") == 0;
}

/* 0 undecided, 1 deciding, 2 decided.  Decisions are made by constructors,
 * which the loader runs one at a time; a copy asked while it decides (it
 * cannot be, by the owner rule) answers at once with its own code. */
static atomic_int md_embed_state;

static void md_embed_resolve(void) {
  int expect = 0;
  if (!atomic_compare_exchange_strong(&md_embed_state, &expect, 1))
    return;
  md_embed_pin();
  const md_rt_record *o =
      md_embed_per_image() ? &md_embed_record : md_rt_owner(&md_embed_record);
  if (o != &md_embed_record) {
    o->resolve();
    md_embed_follow(o);
  } else {
    md_embed_first();
  }
  md_env_reload(); /* the environment is read again at the first launch */
  atomic_store(&md_embed_state, 2);
}

/* md_embed_resolve runs when the image is loaded, with priority 101:
 * before the program's own constructors (which may launch kernels); an
 * image whose linker kept two copies of the group (lld with ThinLTO) has
 * two entries, and the second finds the decision made.  An explicit
 * .init_array entry rather than a constructor attribute, so that no code
 * generator setting can turn it into a .ctors entry. */
__attribute__((used, section(".init_array.101"))) static void (
    *md_embed_init_entry)(void) = md_embed_resolve;
