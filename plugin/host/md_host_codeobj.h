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

/* Little-endian reads. */
static inline uint16_t md_le16(const unsigned char *p) {
  return (uint16_t)(p[0] | p[1] << 8);
}
static inline uint32_t md_le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
static inline uint64_t md_le64(const unsigned char *p) {
  return (uint64_t)md_le32(p) | (uint64_t)md_le32(p + 4) << 32;
}

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

/* Every defined, non-absolute symbol of the .symtab sections of a 64-bit
 * little-endian ELF image (a cubin), passed to fn with its name and
 * length.  0, or -1 when the image has no symbol table or a malformed
 * one (fn may have seen some symbols then). */
int md_elf_symbols(const unsigned char *elf, size_t size,
                   void (*fn)(const char *name, size_t len, void *arg),
                   void *arg);

/* One device image of an LLVM offload binary (the new offload driver's
 * `.llvm.offloading` section / @llvm.embedded.object): image kind 1 =
 * object (a cubin or AMDGPU ELF), 2 = LLVM bitcode, 3 = cubin, 5 = PTX;
 * offload kind 2 = CUDA, 4 = HIP. */
typedef struct md_offload_image {
  uint16_t image_kind;
  uint16_t offload_kind;
  const char *triple; /* NUL-terminated inside the data, "" if absent */
  const unsigned char *image;
  size_t size;
} md_offload_image;

#define MD_IMG_OBJECT 1
#define MD_IMG_BITCODE 2

/* The images of the offload binaries concatenated in [data, data + size)
 * ("\x10\xff\x10\xad" magic, version 1: header, entry, string table,
 * image).  Returns how many were stored in out[0 .. cap), or -1 with a
 * reason in *why for malformed data. */
int md_codeobj_offload_images(const unsigned char *data, size_t size,
                              md_offload_image *out, size_t cap,
                              const char **why);

#endif /* MAGICDIV_MD_HOST_CODEOBJ_H */
