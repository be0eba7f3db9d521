/*
 * mdb_hand.h -- host side of the hand-written dividers the benchmarks
 * compare the pass against (device side: bench/include/mdb_dev.h).
 *
 *   unified  md_magic_u32 / md_magic_u64 from the runtime, in mdb_uni32/64
 *   cutlass  CUTLASS FastDivmod / FastDivmodU64 style constructors
 *   pytorch  PyTorch IntDivider style constructor
 *
 * Each constructor returns 0, or -1 for a divisor outside its domain.
 * mdb_hand_check() emulates every device formula in C on a divisor with
 * random and edge dividends inside each variant's documented domain and
 * returns the number of wrong quotients (0 expected).
 */
#ifndef MDB_HAND_H
#define MDB_HAND_H

#include <stdint.h>

#include "mdb_types.h"

int mdb_uni32_make(uint32_t d, mdb_uni32 *out);
int mdb_uni64_make(uint64_t d, mdb_uni64 *out);
int mdb_cut32_make(uint32_t d, mdb_cut32 *out); /* 1 <= d < 2^31 */
int mdb_cut64_make(uint64_t d, mdb_cut64 *out); /* d >= 1 */
int mdb_pyt32_make(uint32_t d, mdb_pyt32 *out); /* 1 <= d < 2^31 */

/* C emulation of the device sequences. */
uint32_t mdb_uni32_div(const mdb_uni32 *u, uint32_t n);
uint64_t mdb_uni64_div(const mdb_uni64 *u, uint64_t n);
uint32_t mdb_cut32_div(const mdb_cut32 *c, uint32_t n); /* n < 2^31 */
uint64_t mdb_cut64_div(const mdb_cut64 *c, uint64_t n); /* n < 2^64-1 */
uint32_t mdb_pyt32_div(const mdb_pyt32 *p, uint32_t n); /* n < 2^31 */

/* Wrong quotients over `samples` dividends per variant (plus edges). */
long mdb_hand_check32(uint32_t d, int samples);
long mdb_hand_check64(uint64_t d, int samples);

#endif /* MDB_HAND_H */
