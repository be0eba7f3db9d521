/*
 * md_emit_rem.h -- the remainders of a clone's 64-bit sites beside their
 * magic quotients (md_emit_rem.c): r = q*(-d) + n, with -d computed once
 * per divisor value where it is defined, or in 32 bits when the divisor
 * fits 32 bits.
 */
#ifndef MAGICDIV_MD_EMIT_REM_H
#define MAGICDIV_MD_EMIT_REM_H

#include <llvm-c/Core.h>

typedef struct md_negcache md_negcache;

/* The remainders' state in one clone: where they are built and the negated
 * divisors computed so far (each reused by every later site). */
typedef struct md_emit_rem_state {
  LLVMBuilderRef b;   /* positioned at the site by the caller */
  LLVMContextRef ctx;
  LLVMValueRef clone;
  md_negcache *nc;    /* room for 2 per site: -d in 64 and in 32 bits */
  unsigned nnc;
} md_emit_rem_state;

/* st for a clone with nsites sites, building with b (not owned).  0, or -1
 * when out of memory (then release st all the same). */
int md_emit_rem_init(md_emit_rem_state *st, LLVMBuilderRef b,
                     LLVMValueRef clone, unsigned nsites);
void md_emit_rem_release(md_emit_rem_state *st);

/* The 64-bit remainder n - d*q of the site `at`, at the builder's position
 * (before `at`), with q its quotient and den its divisor.  fits32: in 32
 * bits, r = ext(lo(q)*lo(-d) + lo(n)) (|r| < |d| <= 2^32 unsigned / 2^31
 * signed, so r's low 32 bits determine it: zext for unsigned, sext for
 * signed); otherwise r = q*(-d) + n mod 2^64, one multiply-add chain. */
LLVMValueRef md_emit_rem_wide(md_emit_rem_state *st, LLVMValueRef at,
                              LLVMValueRef num, LLVMValueRef q,
                              LLVMValueRef den, int is_signed, int fits32);

/* Before the 64-bit quotient site inst = n / d is replaced by q: each
 * remainder `sub X, (mul inst, d)` that earlier passes (DivRemPairs) left
 * beside it becomes md_emit_rem_wide's (fits32 only where X is n); the
 * builder is left before inst. */
void md_emit_rem_fold(md_emit_rem_state *st, LLVMValueRef inst,
                      LLVMValueRef q, int is_signed, int fits32);

#endif
