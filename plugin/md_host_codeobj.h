/*
 * md_host_codeobj.h -- read the AMDGPU code objects that a HIP host module
 * embeds (the clang offload bundle behind __hip_fatbin_wrapper), to learn
 * at compile time which kernels have a magicdiv clone and what their
 * descriptors hold (md_host_codeobj.c).  Pure byte parsing, no LLVM.
 */
#ifndef MAGICDIV_MD_HOST_CODEOBJ_H
#define MAGICDIV_MD_HOST_CODEOBJ_H

#include <stddef.h>
#include <stdint.h>

#define MD_MAX_CODEOBJS 64

typedef struct md_codeobjs {
  size_t n;
  const unsigned char *obj[MD_MAX_CODEOBJS]; /* ELF images (not owned) */
  size_t size[MD_MAX_CODEOBJS];
} md_codeobjs;

/* Append the AMDGPU code objects of `data` to out: an uncompressed clang
 * offload bundle ("__CLANG_OFFLOAD_BUNDLE__": every entry whose triple
 * names amdgcn) or a bare ELF image.  Returns the number appended, or -1
 * with a reason in *why for anything else (compressed bundle, truncated
 * data, not an offload image, too many code objects). */
int md_codeobjs_add(const unsigned char *data, size_t size, md_codeobjs *out,
                    const char **why);

/* Look up a defined symbol of a 64-bit little-endian ELF image (.dynsym,
 * then .symtab).  Returns 1 if found; then *sym_size is its st_size and
 * *bytes points at its contents when it lies in a section with file
 * contents (NULL otherwise).  0 if absent or the image is malformed. */
int md_elf_symbol(const unsigned char *elf, size_t size, const char *name,
                  uint64_t *sym_size, const unsigned char **bytes);

#endif /* MAGICDIV_MD_HOST_CODEOBJ_H */
