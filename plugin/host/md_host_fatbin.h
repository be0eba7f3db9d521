/*
 * md_host_fatbin.h -- read the CUDA fatbinary that a non-rdc CUDA host
 * module embeds (behind __cuda_fatbin_wrapper), to learn at compile time
 * which kernels have a magicdiv clone (md_host_fatbin.c).  Pure byte
 * parsing, no LLVM.
 */
#ifndef MAGICDIV_MD_HOST_FATBIN_H
#define MAGICDIV_MD_HOST_FATBIN_H

#include <stddef.h>

/* The kernels of a fatbinary that have a clone: K for every K__magicdiv
 * or K__magicdiv_plain in a cubin's symbol table or a PTX text's
 * `.entry` lines. */
typedef struct md_fatbin_clones {
  char **name; /* owned, NUL-terminated */
  size_t n, cap;
} md_fatbin_clones;

/* Read the fatbinary [data, data + size) into *out (zeroed first).
 * Returns 0 when every entry was read, or is a compressed one (PTX by
 * default with CUDA 12.8+) of an architecture whose cubin was read: a
 * cubin and the PTX of one architecture come from one device compile.
 * Else -1 with a static reason in *why, or NULL when memory ran out; out
 * is then empty.  Free with md_fatbin_clones_free either way. */
int md_fatbin_clones_read(const unsigned char *data, size_t size,
                          md_fatbin_clones *out, const char **why);

/* 1 if kernel `name` has a clone in c. */
int md_fatbin_has_clone(const md_fatbin_clones *c, const char *name);

void md_fatbin_clones_free(md_fatbin_clones *c);

#endif /* MAGICDIV_MD_HOST_FATBIN_H */
