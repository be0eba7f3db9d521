/*
 * md_readset.h -- the read set of a descriptor (md_readset.c): every
 * (parameter, offset, size) its divisor and requirement programs read and
 * the launch dimensions they use, collected once when the descriptor is
 * accepted.  The outcome of evaluating a descriptor is a function of these
 * inputs alone, so the memo (memo/md_memo.c) compares them to know a
 * repeated launch.  Not installed.
 */
#ifndef MAGICDIV_MD_READSET_H
#define MAGICDIV_MD_READSET_H

#include <stdint.h>

/* More distinct reads than this: no read set (the kernel has no memo). */
#define MD_READS_MAX 256

/* One read of a descriptor program: bytes at args[param] + off. */
typedef struct md_read {
  uint32_t param;
  uint32_t off;
} md_read;

/* Everything a validated descriptor's programs read, each read once: the
 * 8-byte reads first, then the 4-, 2- and 1-byte ones (n_size[0..3]). */
typedef struct md_readset {
  uint32_t n;         /* reads in r */
  uint32_t n_size[4]; /* of 8, 4, 2 and 1 bytes */
  uint32_t dmask[6];  /* ~0u: the programs use md_dims word k (block x y z,
                         grid x y z), else 0 */
  uint32_t any_dims;  /* OR of dmask */
  md_read r[];
} md_readset;

/* The read set of a validated descriptor and, when desc2 is not NULL, of
 * a second one (the plain tier's) too; NULL when out of memory or it
 * reads too much (then the kernel has no memo).  free() it. */
md_readset *md_readset_make(const unsigned char *desc,
                            const unsigned char *desc2);

#endif /* MAGICDIV_MD_READSET_H */
