/*
 * md_rt_embed.c -- compiled only into the copy of the runtime that the
 * plugin embeds in host objects (plugin/embed/md_embed_gen.c; docs/LAUNCH.md
 * section 12): which code the public entry points of that copy run.
 *
 * In the embedded copy every public function md_X is a trampoline (weak,
 * hidden) that jumps through a slot holding the embedded md_X.  When the
 * linked image that holds the copy is loaded, before any constructor of
 * default priority, md_embed_init looks for a libmagicdiv_rt loaded in the
 * process (a shared libmagicdiv_rt.so, or an image that exports the static
 * one): if there is one, every slot is pointed at that library's md_X, so
 * that the explicitly linked runtime is the one used and the process has
 * one cache and one memo; an entry point the library lacks (an older
 * library) keeps the embedded one.  The trampolines are hidden, so dlsym
 * never finds an embedded copy: only a library exports md_X.  The image is
 * then kept loaded until the process exits.
 *
 * MAGICDIV_LOG=1 prints the choice, once per image.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

#include "launch/md_launch_internal.h"

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
 * libmagicdiv_rt.so that is never unloaded.  RTLD_NOLOAD finds the image
 * by the name dladdr gives; for the main program that finds nothing, and
 * it is never unloaded anyway. */
static void md_embed_pin(void) {
  Dl_info info;
  if (dladdr(md_embed_tag, &info) && info.dli_fname && *info.dli_fname)
    (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

/* Once per image (an image whose linker kept two copies of the group, as
 * lld does with ThinLTO, has two .init_array entries for it). */
static atomic_int md_embed_done;

static void md_embed_init(void) {
  if (atomic_exchange(&md_embed_done, 1))
    return;
  md_embed_pin();
  void *lib = dlsym(RTLD_DEFAULT, "md_status_str");
  if (!lib) {
    md_logf("runtime: the copy %s embedded in %s", md_embed_tag,
            md_embed_image(md_embed_tag));
    md_env_reload(); /* the environment is read again at the first launch */
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
  md_env_reload();
}

/* md_embed_init runs when the image is loaded, with priority 101: before
 * the program's own constructors (which may launch kernels).  An explicit
 * .init_array entry rather than a constructor attribute, so that no code
 * generator setting can turn it into a .ctors entry. */
__attribute__((used, section(".init_array.101"))) static void (
    *md_embed_init_entry)(void) = md_embed_init;
