/*
 * k_self.c -- hand-made kernels, clones and descriptors that test the
 * harness itself (no pass involved; lit test self.test).  k_mock_ok's clone
 * is right; k_mock_bad's clone drops the addend a (the round-down method),
 * which is wrong for d = 7 and many others; k_mock_plus1's descriptor
 * computes d + 1, so divisor 0 does not fall back and every other divisor
 * gets the wrong magic; k_mock_noclone has no clone at all.  The harness
 * must pass the first and report each of the others.
 */
#include "magicdiv/md_abi.h"
#include "magicdiv/md_magic.h"

#define MD_MOCK_KERNEL(name)                                                   \
  void name(uint32_t *out, const uint32_t *in, uint32_t d, int n);             \
  void name(uint32_t *out, const uint32_t *in, uint32_t d, int n) {            \
    for (int i = 0; i < n; i++) {                                              \
      out[2 * i] = in[i] / d;                                                  \
      out[2 * i + 1] = in[i] % d;                                              \
    }                                                                          \
  }

/* The clone, with magic (m, a, s); with_a = 0 drops the addend. */
#define MD_MOCK_CLONE(name, with_a)                                            \
  void name##__magicdiv(uint32_t *out, const uint32_t *in, uint32_t d, int n,  \
                        uint32_t m, uint32_t a, uint32_t s);                   \
  void name##__magicdiv(uint32_t *out, const uint32_t *in, uint32_t d, int n,  \
                        uint32_t m, uint32_t a, uint32_t s) {                  \
    md_u32_magic g = {m, (with_a) ? a : 0, s};                                 \
    for (int i = 0; i < n; i++) {                                              \
      uint32_t q = md_eval_u32(in[i], &g);                                     \
      out[2 * i] = q;                                                          \
      out[2 * i + 1] = in[i] - q * d;                                          \
    }                                                                          \
  }

/* Descriptor header for 4 parameters (8, 8, 4, 4 bytes), 1 divisor of kind
 * U32 with 3 magic parameters, its program at offset 44. */
#define MD_MOCK_HEAD(total)                                                    \
  'M', 'D', 'D', 'S', MD_DESC_VERSION, 0, MD_DESC_HEADER_SIZE, 0, (total), 0,  \
      0, 0, 4, 0, 1, 0, 3, 0, 0, 0, /* params */ 8, 0, 0, 0, 8, 0, 0, 0, 4, 0, \
      0, 0, 4, 0, 0, 0, /* divisor */ MD_KIND_U32, 0, 0, 0, 44, 0, 0, 0
/* push the 4 bytes at offset 0 of parameter 2 (d): u16 param, u32 offset,
 * u8 size */
#define MD_MOCK_ARG_D MD_OP_ARG, 2, 0, 0, 0, 0, 0, 4

MD_MOCK_KERNEL(k_mock_ok)
MD_MOCK_CLONE(k_mock_ok, 1)
const unsigned char k_mock_ok__magicdiv_desc[] = {MD_MOCK_HEAD(53),
                                                  MD_MOCK_ARG_D, MD_OP_END};

MD_MOCK_KERNEL(k_mock_bad)
MD_MOCK_CLONE(k_mock_bad, 0)
const unsigned char k_mock_bad__magicdiv_desc[] = {MD_MOCK_HEAD(53),
                                                   MD_MOCK_ARG_D, MD_OP_END};

MD_MOCK_KERNEL(k_mock_plus1)
MD_MOCK_CLONE(k_mock_plus1, 1)
/* push d, push the constant 1 (w = 32), add (w = 32, no flags) */
const unsigned char k_mock_plus1__magicdiv_desc[] = {
    MD_MOCK_HEAD(66), MD_MOCK_ARG_D,
    MD_OP_CONST, 32, 1, 0, 0, 0, 0, 0, 0, 0, /* u8 w, u64 value */
    MD_OP_ADD, 32, 0, MD_OP_END};

MD_MOCK_KERNEL(k_mock_noclone)
