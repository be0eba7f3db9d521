/*
 * opconst_divs.h -- the divisors of the op-level benchmark cases (op_u32,
 * op_u64, seed_u32), as one X-macro list shared by the host driver's case
 * table (bench/gpu/mdb_cases.c) and the compile-time-constant kernels
 * (bench/kernels/opconst.inc: one instantiation per divisor).  Seven
 * powers of two, nine others.
 */
#ifndef OPCONST_DIVS_H
#define OPCONST_DIVS_H

#define MDB_OP_DIVS(X)                                                         \
  X(32) X(64) X(256) X(512) X(1024) X(2048) X(4096) X(768) X(11008) X(14336)   \
  X(100) X(997) X(1337) X(102039132) X(3) X(7)
/* op_u64 only: a divisor above 2^63 */
#define MDB_OP_DIV_BIG 10000000000000000000ull

#endif /* OPCONST_DIVS_H */
