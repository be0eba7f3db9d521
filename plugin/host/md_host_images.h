/*
 * md_host_images.h -- the device images a host module embeds for the new
 * offload driver (`.llvm.offloading` sections), loaded for a look at
 * their symbols (md_host_images.c): ELF objects by pointer into the host
 * module's constant, LLVM bitcode parsed into a context of its own.  Used
 * by the HIP host path (md_host.c) and the OpenMP host path
 * (md_host_omp.c), each with its own choice of images.
 */
#ifndef MAGICDIV_MD_HOST_IMAGES_H
#define MAGICDIV_MD_HOST_IMAGES_H

#include <llvm-c/Core.h>
#include <stddef.h>

#include "host/md_host_codeobj.h"

#define MD_MAX_DEV_IMAGES 64

typedef struct md_dev_image {
  const unsigned char *elf; /* an ELF image (object, cubin), not owned */
  size_t size;
  LLVMContextRef ctx; /* an LLVM bitcode image, owned */
  LLVMModuleRef mod;
} md_dev_image;

typedef struct md_dev_images {
  size_t n;
  int seen;        /* an embedded offload binary was found */
  const char *why; /* why the images cannot be read, or NULL */
  md_dev_image img[MD_MAX_DEV_IMAGES];
} md_dev_images;

/* Which images a caller reads: 1 to keep im, 0 to pass it over. */
typedef int (*md_image_want_fn)(const md_offload_image *im);

/* The images of m's offload binaries that `want` keeps, into *out (which
 * is zeroed first).  An image kept must be an object (MD_IMG_OBJECT, or
 * MD_IMG_CUBIN when cubin_ok) or bitcode, else out->why says so; out->why
 * also names a malformed binary, one that is not a constant, a bitcode
 * image that does not parse, or too many images.  Whatever was loaded is
 * freed by md_dev_images_free, also after a failure. */
void md_dev_images_load(LLVMModuleRef m, md_image_want_fn want, int cubin_ok,
                        md_dev_images *out);
void md_dev_images_free(md_dev_images *im);

/* The bytes of a global variable's constant initializer (an i8 array), or
 * NULL. */
const char *md_images_global_init_bytes(LLVMValueRef g, size_t *len);

#define MD_IMG_CUBIN 3

#endif /* MAGICDIV_MD_HOST_IMAGES_H */
