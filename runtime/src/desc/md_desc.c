/*
 * md_desc.c -- validation and evaluation of magicdiv descriptors.
 *
 * A descriptor (format: md_abi.h, docs/ABI.md) lists the divisors of one
 * clone, each as a small postfix program over the launch's argument values
 * and dimensions.  Before a launch the runtime
 *
 *   1. validates the bytes (md_desc_validate): every read the evaluator will
 *      make is proven in bounds, every op gets operands of its width, and
 *      each program leaves one value of its kind's width;
 *   2. evaluates each program with LLVM IR semantics (md_eval_program) and
 *      turns each divisor into its magic parameters (md_desc_fill).
 *
 * Validation is the only place that distrusts the bytes: the evaluator
 * runs on validated descriptors only and does no bounds checks, so a caller
 * can validate once and fill on every launch (md_desc_fill_validated).
 *
 * Values are w-bit integers (1 <= w <= 64) held zero-extended in a u64.
 * Poison is tracked per stack slot, as in IR: a poison-generating flag
 * violation or an out-of-range shift makes the result poison, poison flows
 * through every op, and a select with a defined condition picks its arm's
 * poison state.  Immediate undefined behaviour (division by zero or by a
 * poison divisor, signed division overflow) ends the evaluation.  A divisor
 * that ends poison or undefined makes the launch fall back.
 *
 * Signed views use the sign-flip identity: for w-bit a, b with sign bit S,
 * a <s b  <=>  (a ^ S) <u (b ^ S), and the signed value of a is
 * (a ^ S) - S (in two's complement, u64 -> int64 by GCC/Clang's modular
 * conversion).
 */
#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_desc.h"
#include "desc/md_magic_core.h"
#include "desc/md_rt_assert.h"

/* Field offsets, little-endian access, the allowed flags of each op and
 * the operand size of each opcode are md_abi.h's: the plugin writes
 * descriptors through the same definitions. */

/* ---- the encoding's numbers, pinned ----
 * md_abi.h's MD_OP_LIST is the one definition of the opcodes.  The numbers
 * docs/ABI.md promises are written out here once more, so that an edit of
 * the list that would change a descriptor's bytes does not compile. */
#define MD_X_OP_PIN(name, code, form, flags, mnemonic)                         \
  MD_PIN_SIZE_##name = 1 + MD_FORM_##form##_BYTES,                             \
  MD_PIN_POPS_##name = MD_FORM_##form##_POPS, MD_PIN_FLAGS_##name = (flags),
enum md_op_pin { MD_OP_LIST(MD_X_OP_PIN) };
#undef MD_X_OP_PIN
#define MD_PIN(name, code, size, pops, flags)                                  \
  _Static_assert(MD_OP_##name == (code) && MD_PIN_SIZE_##name == (size) &&     \
                     MD_PIN_POPS_##name == (pops) &&                           \
                     MD_PIN_FLAGS_##name == (flags),                           \
                 "MD_OP_" #name " differs from docs/ABI.md");
/*     op      code  bytes pops flags (NSW 1, NUW 2, EXACT 4, DISJOINT 8) */
MD_PIN(END,    0x00, 1,    1,   0)
MD_PIN(ARG,    0x01, 8,    0,   0)
MD_PIN(CONST,  0x02, 10,   0,   0)
MD_PIN(LAUNCH, 0x03, 2,    0,   0)
MD_PIN(ADD,    0x10, 3,    2,   3)
MD_PIN(SUB,    0x11, 3,    2,   3)
MD_PIN(MUL,    0x12, 3,    2,   3)
MD_PIN(SHL,    0x13, 3,    2,   3)
MD_PIN(LSHR,   0x14, 3,    2,   4)
MD_PIN(ASHR,   0x15, 3,    2,   4)
MD_PIN(AND,    0x16, 3,    2,   0)
MD_PIN(OR,     0x17, 3,    2,   8)
MD_PIN(XOR,    0x18, 3,    2,   0)
MD_PIN(UDIV,   0x19, 3,    2,   4)
MD_PIN(SDIV,   0x1A, 3,    2,   4)
MD_PIN(UREM,   0x1B, 3,    2,   0)
MD_PIN(SREM,   0x1C, 3,    2,   0)
MD_PIN(SMIN,   0x1D, 3,    2,   0)
MD_PIN(SMAX,   0x1E, 3,    2,   0)
MD_PIN(UMIN,   0x1F, 3,    2,   0)
MD_PIN(UMAX,   0x20, 3,    2,   0)
MD_PIN(ICMP,   0x28, 3,    2,   0)
MD_PIN(SELECT, 0x29, 2,    3,   0)
MD_PIN(ZEXT,   0x30, 3,    1,   0)
MD_PIN(SEXT,   0x31, 3,    1,   0)
MD_PIN(TRUNC,  0x32, 3,    1,   0)
#undef MD_PIN
_Static_assert(MD_OP_COUNT == 26, "an opcode added to or dropped from the ABI");
_Static_assert(MD_OF_NSW == 1 && MD_OF_NUW == 2 && MD_OF_EXACT == 4 &&
                   MD_OF_DISJOINT == 8,
               "MD_OF_* differ from docs/ABI.md");
_Static_assert(MD_ARG_PARAM == 0 && MD_ARG_OFFSET == 2 && MD_ARG_SIZE == 6 &&
                   MD_ARG_SIZE + 1 == MD_FORM_ARG_BYTES,
               "MD_OP_ARG's operands differ from docs/ABI.md");
_Static_assert(MD_KIND_U32 == 1 && MD_KIND_S32 == 2 && MD_KIND_U64 == 3 &&
                   MD_KIND_S64 == 4,
               "MD_KIND_LIST differs from docs/ABI.md");
_Static_assert(MD_LAUNCH_BLOCK_X == 0 && MD_LAUNCH_BLOCK_Y == 1 &&
                   MD_LAUNCH_BLOCK_Z == 2 && MD_LAUNCH_GRID_X == 3 &&
                   MD_LAUNCH_GRID_Y == 4 && MD_LAUNCH_GRID_Z == 5 &&
                   MD_LAUNCH_ITEMS_X == 6 && MD_LAUNCH_ITEMS_Y == 7 &&
                   MD_LAUNCH_ITEMS_Z == 8,
               "MD_LAUNCH_LIST differs from docs/ABI.md");
_Static_assert(MD_PRED_EQ == 32 && MD_PRED_NE == 33 && MD_PRED_UGT == 34 &&
                   MD_PRED_UGE == 35 && MD_PRED_ULT == 36 &&
                   MD_PRED_ULE == 37 && MD_PRED_SGT == 38 &&
                   MD_PRED_SGE == 39 && MD_PRED_SLT == 40 && MD_PRED_SLE == 41,
               "MD_PRED_LIST differs from LLVMIntPredicate and docs/ABI.md");

/* ======================================================================
 * Validation
 * ====================================================================== */

/* Check one program: every operand in [pc, total), a type stack of widths
 * so every op gets operands of its width, and END with exactly one value of
 * width want_w. */
static int md_check_program(const uint8_t *d, uint32_t total, uint32_t pc,
                            int want_w) {
  uint32_t n_params = md_rd16(d + MD_H_NPARAMS);
  uint8_t ws[MD_STACK_MAX]; /* width of each stack slot */
  int sp = 0;
  for (;;) {
    if (pc >= total)
      return MD_ERR_DESC_MALFORMED;
    int op = d[pc];
    int nb = md_op_operand_bytes(op);
    if (nb < 0 || (uint32_t)nb > total - pc - 1)
      return MD_ERR_DESC_MALFORMED;
    const uint8_t *o = d + pc + 1;
    pc += 1u + (uint32_t)nb;
    int pops = md_op_pops(op), push; /* stack effect */
    switch (md_op_form(op)) {
    case MD_FORM_END:
      return (sp == 1 && ws[0] == want_w) ? MD_OK : MD_ERR_DESC_MALFORMED;
    case MD_FORM_ARG: {
      uint32_t param = md_rd16(o + MD_ARG_PARAM), size = o[MD_ARG_SIZE];
      uint64_t off = md_rd32(o + MD_ARG_OFFSET);
      if (param >= n_params || (size != 1 && size != 2 && size != 4 && size != 8))
        return MD_ERR_DESC_MALFORMED;
      if (off + size > md_rd32(d + MD_DESC_HEADER_SIZE + 4u * param))
        return MD_ERR_DESC_MALFORMED;
      push = (int)size * 8;
      break;
    }
    case MD_FORM_CONST:
      if (o[0] < 1 || o[0] > 64)
        return MD_ERR_DESC_MALFORMED;
      push = o[0];
      break;
    case MD_FORM_LAUNCH:
      if (o[0] > MD_LAUNCH_ITEMS_Z)
        return MD_ERR_DESC_MALFORMED;
      push = 32;
      break;
    case MD_FORM_ICMP:
      if (o[0] < 1 || o[0] > 64 || o[1] < MD_PRED_EQ || o[1] > MD_PRED_SLE)
        return MD_ERR_DESC_MALFORMED;
      if (sp < 2 || ws[sp - 1] != o[0] || ws[sp - 2] != o[0])
        return MD_ERR_DESC_MALFORMED;
      push = 1;
      break;
    case MD_FORM_SELECT:
      if (o[0] < 1 || o[0] > 64 || sp < 3 || ws[sp - 1] != o[0] ||
          ws[sp - 2] != o[0] || ws[sp - 3] != 1)
        return MD_ERR_DESC_MALFORMED;
      push = o[0];
      break;
    case MD_FORM_CAST: {
      int from = o[0], to = o[1];
      int ok = op == MD_OP_TRUNC ? (to >= 1 && from > to && from <= 64)
                                 : (from >= 1 && to > from && to <= 64);
      if (!ok || sp < 1 || ws[sp - 1] != from)
        return MD_ERR_DESC_MALFORMED;
      push = to;
      break;
    }
    default: /* MD_FORM_BINARY */
      if (o[0] < 1 || o[0] > 64 || (o[1] & ~md_op_allowed_flags(op)) != 0)
        return MD_ERR_DESC_MALFORMED;
      if (sp < 2 || ws[sp - 1] != o[0] || ws[sp - 2] != o[0])
        return MD_ERR_DESC_MALFORMED;
      push = o[0];
      break;
    }
    sp -= pops;
    if (sp >= MD_STACK_MAX)
      return MD_ERR_DESC_MALFORMED;
    ws[sp++] = (uint8_t)push;
  }
}

/* A program offset pc of a table entry must point into the code area. */
static int md_check_code_off(const uint8_t *d, uint32_t total, uint32_t code,
                             uint32_t pc, int want_w) {
  if (pc < code || pc >= total)
    return MD_ERR_DESC_MALFORMED;
  return md_check_program(d, total, pc, want_w);
}

int md_desc_validate(const void *desc, size_t size) {
  const uint8_t *d = desc;
  if (d == NULL)
    return MD_ERR_INVALID;
  if (size < 4 || d[0] != MD_DESC_MAGIC0 || d[1] != MD_DESC_MAGIC1 ||
      d[2] != MD_DESC_MAGIC2 || d[3] != MD_DESC_MAGIC3)
    return MD_ERR_DESC_MALFORMED;
  if (size < 6)
    return MD_ERR_DESC_MALFORMED;
  uint32_t version = md_rd16(d + MD_H_VERSION);
  if (version < MD_DESC_VERSION_MIN || version > MD_DESC_VERSION)
    return MD_ERR_DESC_VERSION;
  if (size < MD_DESC_HEADER_SIZE)
    return MD_ERR_DESC_MALFORMED;
  uint32_t total = md_rd32(d + MD_H_TOTAL);
  uint32_t n_params = md_rd16(d + MD_H_NPARAMS);
  uint32_t n_div = md_rd16(d + MD_H_NDIV);
  uint32_t n_extra = md_rd16(d + MD_H_NEXTRA);
  /* Version 1 has a reserved 0 where version 2 counts requirements. */
  uint32_t n_reqs = md_rd16(d + MD_H_NREQ);
  if (md_rd16(d + MD_H_HEADER_SIZE) != MD_DESC_HEADER_SIZE ||
      (version == 1 && n_reqs != 0) || total > size ||
      n_params > MD_MAX_PARAMS || n_div > MD_MAX_DIVISORS ||
      n_extra > MD_MAX_EXTRA || n_reqs > MD_MAX_REQS)
    return MD_ERR_DESC_MALFORMED;
  /* Tables end before the programs; all small enough not to overflow u32. */
  uint32_t divs = md_desc_div_table(n_params);
  uint32_t reqs = md_desc_req_table(n_params, n_div);
  uint32_t code = md_desc_code_start(n_params, n_div, n_reqs);
  if (code > total)
    return MD_ERR_DESC_MALFORMED;

  /* Magic parameter ranges: each in [0, n_extra), pairwise disjoint, and
   * (sum of lengths == n_extra) together covering all of it. */
  uint64_t used[MD_MAX_EXTRA / 64] = {0};
  uint32_t covered = 0;
  for (uint32_t i = 0; i < n_div; i++) {
    const uint8_t *e = d + divs + i * MD_DIV_ENTRY_SIZE;
    int kind = e[MD_E_KIND], flags = e[MD_E_FLAGS];
    uint32_t first = md_rd16(e + MD_E_FIRST);
    int np = md_kind_params(kind, flags);
    if (np == 0 || (flags & ~MD_DF_KNOWN) != 0)
      return MD_ERR_DESC_MALFORMED;
    /* MD_DF_POSITIVE only means something for the signed kinds. */
    if ((flags & MD_DF_POSITIVE) && kind != MD_KIND_S32 && kind != MD_KIND_S64)
      return MD_ERR_DESC_MALFORMED;
    /* MD_DF_DIV32 only for the 64-bit kinds. */
    if ((flags & MD_DF_DIV32) && md_kind_width(kind) != 64)
      return MD_ERR_DESC_MALFORMED;
    /* MD_DF_FAST32 only for S64. */
    if ((flags & MD_DF_FAST32) && kind != MD_KIND_S64)
      return MD_ERR_DESC_MALFORMED;
    if (first + (uint32_t)np > n_extra)
      return MD_ERR_DESC_MALFORMED;
    for (uint32_t k = first; k < first + (uint32_t)np; k++) {
      if (used[k / 64] >> (k % 64) & 1)
        return MD_ERR_DESC_MALFORMED;
      used[k / 64] |= 1ull << (k % 64);
    }
    covered += (uint32_t)np;
    int st = md_check_code_off(d, total, code, md_rd32(e + MD_E_CODE),
                               md_kind_width(kind));
    if (st != MD_OK)
      return st;
  }
  for (uint32_t i = 0; i < n_reqs; i++) {
    int st = md_check_code_off(d, total, code,
                               md_rd32(d + reqs + i * MD_REQ_ENTRY_SIZE), 1);
    if (st != MD_OK)
      return st;
  }
  return covered == n_extra ? MD_OK : MD_ERR_DESC_MALFORMED;
}

/* ======================================================================
 * Evaluation (validated descriptors only)
 * ====================================================================== */

/* Result of one op beyond its value. */
enum { MD_V_OK = 0, MD_V_POISON = 1, MD_V_UB = 2 };

static inline uint64_t md_mask(int w) { return ~0ull >> (64 - w); }
static inline uint64_t md_sbit(int w) { return 1ull << (w - 1); }
/* Signed value of a w-bit a: (a ^ S) - S, then modular u64 -> int64. */
static inline int64_t md_sval(uint64_t a, int w) {
  return (int64_t)((a ^ md_sbit(w)) - md_sbit(w));
}
/* Arithmetic shift right of a w-bit value by k < w, on unsigned words:
 * for a negative a, ~a (within w bits) is >= 0 and shifts logically, and
 * complementing back shifts ones in: ~((~a & M) >> k) & M. */
static inline uint64_t md_ashr(uint64_t a, int w, unsigned k) {
  uint64_t M = md_mask(w);
  return (a & md_sbit(w)) ? ~((~a & M) >> k) & M : a >> k;
}

/* a OP b for a binary op of width w.  *r is the w-bit result; the return
 * value says whether it is poison or the op is immediately undefined.  The
 * poison of the operands is the caller's (pa, pb: 1 if poison). */
static int md_binop(int op, int w, int flags, uint64_t a, uint64_t b, int pa,
                    int pb, uint64_t *r) {
  const uint64_t M = md_mask(w), S = md_sbit(w);
  int bad = 0; /* a poison-generating flag is violated */
  uint64_t v = 0;
  /* Division: a zero or poison divisor is UB; for the signed ops so is
   * MIN / -1 (a poison dividend may be MIN). */
  if (op == MD_OP_UDIV || op == MD_OP_UREM || op == MD_OP_SDIV ||
      op == MD_OP_SREM) {
    if (pb || b == 0)
      return MD_V_UB;
    if ((op == MD_OP_SDIV || op == MD_OP_SREM) && b == M && (pa || a == S))
      return MD_V_UB;
  }
  switch (op) {
  case MD_OP_ADD:
    v = (a + b) & M;
    /* Unsigned wrap iff a + b > M, i.e. the wrapped sum is below a. */
    bad = ((flags & MD_OF_NUW) && v < a) ||
          /* Signed overflow iff a and b agree in sign and v does not. */
          ((flags & MD_OF_NSW) && ((a ^ v) & (b ^ v) & S));
    break;
  case MD_OP_SUB:
    v = (a - b) & M;
    bad = ((flags & MD_OF_NUW) && a < b) ||
          /* Signed overflow iff a and b differ in sign and v differs
           * from a. */
          ((flags & MD_OF_NSW) && ((a ^ b) & (a ^ v) & S));
    break;
  case MD_OP_MUL:
    v = (a * b) & M;
    if (flags) {
      /* The exact products fit 128 bits: |a|, |b| <= 2^63 or < 2^64.
       * nuw: the unsigned product needs no bit above w; nsw: the signed
       * product equals the signed value of the wrapped result. */
      unsigned __int128 up = (unsigned __int128)a * b;
      __int128 sp = (__int128)md_sval(a, w) * md_sval(b, w);
      bad = ((flags & MD_OF_NUW) && (up >> w) != 0) ||
            ((flags & MD_OF_NSW) && sp != (__int128)md_sval(v, w));
    }
    break;
  case MD_OP_SHL:
    if (b >= (uint64_t)w)
      return *r = 0, MD_V_POISON;
    v = (a << b) & M;
    /* nuw: no set bit shifted out; nsw: every bit shifted out equals the
     * result's sign bit -- both say "shifting back recovers a". */
    bad = ((flags & MD_OF_NUW) && (v >> b) != a) ||
          ((flags & MD_OF_NSW) && md_ashr(v, w, (unsigned)b) != a);
    break;
  case MD_OP_LSHR:
  case MD_OP_ASHR:
    if (b >= (uint64_t)w)
      return *r = 0, MD_V_POISON;
    v = op == MD_OP_LSHR ? a >> b : md_ashr(a, w, (unsigned)b);
    /* exact: no set bit shifted out, i.e. shifting back recovers a. */
    bad = (flags & MD_OF_EXACT) && ((v << b) & M) != a;
    break;
  case MD_OP_AND:
    v = a & b;
    break;
  case MD_OP_OR:
    v = a | b;
    bad = (flags & MD_OF_DISJOINT) && (a & b) != 0;
    break;
  case MD_OP_XOR:
    v = a ^ b;
    break;
  case MD_OP_UDIV:
    v = a / b;
    bad = (flags & MD_OF_EXACT) && a % b != 0;
    break;
  case MD_OP_UREM:
    v = a % b;
    break;
  case MD_OP_SDIV:
  case MD_OP_SREM: {
    /* MIN / -1 was excluded above, so C's / and % cannot overflow. */
    int64_t sa = md_sval(a, w), sb = md_sval(b, w);
    v = (uint64_t)(op == MD_OP_SDIV ? sa / sb : sa % sb) & M;
    bad = op == MD_OP_SDIV && (flags & MD_OF_EXACT) && sa % sb != 0;
    break;
  }
  case MD_OP_SMIN:
    v = (a ^ S) < (b ^ S) ? a : b;
    break;
  case MD_OP_SMAX:
    v = (a ^ S) > (b ^ S) ? a : b;
    break;
  case MD_OP_UMIN:
    v = a < b ? a : b;
    break;
  case MD_OP_UMAX:
    v = a > b ? a : b;
    break;
  }
  *r = v;
  return (pa || pb || bad) ? MD_V_POISON : MD_V_OK;
}

/* icmp pred of two w-bit values: 0 or 1. */
static uint64_t md_icmp(int pred, int w, uint64_t a, uint64_t b) {
  uint64_t S = md_sbit(w);
  switch (pred) {
  case MD_PRED_EQ:
    return a == b;
  case MD_PRED_NE:
    return a != b;
  case MD_PRED_UGT:
    return a > b;
  case MD_PRED_UGE:
    return a >= b;
  case MD_PRED_ULT:
    return a < b;
  case MD_PRED_ULE:
    return a <= b;
  case MD_PRED_SGT:
    return (a ^ S) > (b ^ S);
  case MD_PRED_SGE:
    return (a ^ S) >= (b ^ S);
  case MD_PRED_SLT:
    return (a ^ S) < (b ^ S);
  default: /* MD_PRED_SLE: validation admits nothing else */
    return (a ^ S) <= (b ^ S);
  }
}

/* A launch dimension; ITEMS = grid * block must fit the 32-bit device
 * register that holds it, else the value is undefined. */
static int md_launch(const md_dims *dims, int which, uint64_t *v) {
  if (which < MD_LAUNCH_GRID_X) {
    *v = dims->block[which];
  } else if (which < MD_LAUNCH_ITEMS_X) {
    *v = dims->grid[which - MD_LAUNCH_GRID_X];
  } else {
    int k = which - MD_LAUNCH_ITEMS_X;
    *v = (uint64_t)dims->grid[k] * dims->block[k];
    if (*v > 0xFFFFFFFFull)
      return MD_V_UB;
  }
  return MD_V_OK;
}

/* MD_OP_ARG at p: read `size` bytes at args[param] + offset.  The argument
 * is host memory in host byte order, like the value cudaLaunchKernel copies
 * to the device.  0, or -1 for a NULL args[param]. */
static inline int md_read_arg(const uint8_t *p, void *const *args,
                              uint64_t *v) {
  const uint8_t *o = p + 1; /* the operands */
  const uint8_t *a = args[md_rd16(o + MD_ARG_PARAM)];
  if (a == NULL)
    return -1;
  a += md_rd32(o + MD_ARG_OFFSET);
  switch (o[MD_ARG_SIZE]) {
  case 1: *v = a[0]; break;
  case 2: { uint16_t t; memcpy(&t, a, 2); *v = t; break; }
  case 4: { uint32_t t; memcpy(&t, a, 4); *v = t; break; }
  default: { uint64_t t; memcpy(&t, a, 8); *v = t; break; }
  }
  return 0;
}

/* The interpreter: run the program at pc of a validated descriptor.
 * MD_OK with *out, or MD_FALLBACK_UNDEFINED, or MD_ERR_INVALID (a NULL
 * args[i] / dims). */
static int md_run_program(const uint8_t *d, uint32_t pc, void *const *args,
                          const md_dims *dims, uint64_t *out) {
  uint64_t v[MD_STACK_MAX];
  /* Bit i: v[i] is poison.  Every op that pops clears the bits at and
   * above the new sp, so a push finds its bit clear. */
  uint32_t poison = 0;
  int sp = 0;
  for (;;) {
    const uint8_t *p = d + pc;
    int op = p[0];
    /* Validated: every opcode is known and its operands are in bounds. */
    MD_RT_ASSERT(md_op_size(op) > 0 && sp >= 0 && sp <= MD_STACK_MAX);
    pc += (uint32_t)md_op_size(op);
    switch (op) {
    case MD_OP_END:
      if (poison & 1)
        return MD_FALLBACK_UNDEFINED;
      *out = v[0];
      return MD_OK;
    case MD_OP_ARG:
      if (md_read_arg(p, args, &v[sp++]))
        return MD_ERR_INVALID;
      break;
    case MD_OP_CONST:
      v[sp++] = md_rd64(p + 2) & md_mask(p[1]);
      break;
    case MD_OP_LAUNCH:
      if (dims == NULL)
        return MD_ERR_INVALID;
      if (md_launch(dims, p[1], &v[sp++]) != MD_V_OK)
        return MD_FALLBACK_UNDEFINED;
      break;
    case MD_OP_ICMP:
      sp--;
      v[sp - 1] = md_icmp(p[2], p[1], v[sp - 1], v[sp]);
      /* result poison at sp-1 = poison of a (sp-1) | poison of b (sp) */
      poison = (poison | ((poison >> 1) & (1u << (sp - 1)))) &
               ((1u << sp) - 1);
      break;
    case MD_OP_SELECT: {
      /* c, t, f at sp-3, sp-2, sp-1.  Poison c -> poison; else the arm. */
      int c = sp - 3, pick = v[c] ? sp - 2 : sp - 1;
      int pz = (poison >> c & 1) | (poison >> pick & 1);
      v[c] = v[pick];
      sp -= 2;
      poison = (poison & ((1u << c) - 1)) | (uint32_t)pz << c;
      break;
    }
    case MD_OP_ZEXT: /* zero-extended storage: the value is unchanged */
      break;
    case MD_OP_SEXT:
      v[sp - 1] = (uint64_t)md_sval(v[sp - 1], p[1]) & md_mask(p[2]);
      break;
    case MD_OP_TRUNC:
      v[sp - 1] &= md_mask(p[2]);
      break;
    default: { /* binary ops */
      sp--;
      int pa = poison >> (sp - 1) & 1, pb = poison >> sp & 1;
      int st = md_binop(op, p[1], p[2], v[sp - 1], v[sp], pa, pb, &v[sp - 1]);
      if (st == MD_V_UB)
        return MD_FALLBACK_UNDEFINED;
      poison = (poison & ((1u << (sp - 1)) - 1)) | (uint32_t)st << (sp - 1);
      break;
    }
    }
  }
}

/* md_run_program with a fast path for the commonest divisor, a parameter
 * or a struct field: ARG then END (an ARG is 8 bytes), which needs neither
 * the stack nor the dispatch loop. */
static inline int md_eval_program(const uint8_t *d, uint32_t pc,
                                  void *const *args, const md_dims *dims,
                                  uint64_t *out) {
  if (d[pc] == MD_OP_ARG &&
      d[pc + 1 + md_op_operand_bytes(MD_OP_ARG)] == MD_OP_END)
    return md_read_arg(d + pc, args, out) ? MD_ERR_INVALID : MD_OK;
  return md_run_program(d, pc, args, dims, out);
}

/* Every requirement of a validated descriptor holds for this launch:
 * MD_OK, or MD_FALLBACK_REQUIREMENT (false, poison or undefined), or
 * MD_ERR_INVALID (a NULL argument the program reads). */
static int md_check_requirements(const uint8_t *d, void *const *args,
                                 const md_dims *dims) {
  uint32_t n_params = md_rd16(d + MD_H_NPARAMS);
  uint32_t n_div = md_rd16(d + MD_H_NDIV);
  uint32_t n_reqs = md_rd16(d + MD_H_NREQ); /* 0 in version 1 */
  const uint8_t *e = d + md_desc_req_table(n_params, n_div);
  for (uint32_t i = 0; i < n_reqs; i++, e += MD_REQ_ENTRY_SIZE) {
    uint64_t v;
    int st = md_eval_program(d, md_rd32(e), args, dims, &v);
    if (st == MD_ERR_INVALID)
      return st;
    if (st != MD_OK || v != 1)
      return MD_FALLBACK_REQUIREMENT;
  }
  return MD_OK;
}

int md_desc_fill_validated(const void *desc, size_t size, void *const *args,
                           const md_dims *dims, md_extra *out) {
  const uint8_t *d = desc;
  (void)size; /* validated: total_size <= size */
  if (d == NULL || out == NULL)
    return MD_ERR_INVALID;
  uint32_t n_params = md_rd16(d + MD_H_NPARAMS);
  uint32_t n_div = md_rd16(d + MD_H_NDIV);
  if (args == NULL && n_params > 0)
    return MD_ERR_INVALID;
  out->n_params = n_params;
  out->n_extra = md_rd16(d + MD_H_NEXTRA);
  int st = md_check_requirements(d, args, dims);
  if (st != MD_OK)
    return st;
  const uint8_t *e = d + md_desc_div_table(n_params);
  for (uint32_t i = 0; i < n_div; i++, e += MD_DIV_ENTRY_SIZE) {
    int kind = e[MD_E_KIND], flags = e[MD_E_FLAGS];
    uint64_t v;
    st = md_eval_program(d, md_rd32(e + MD_E_CODE), args, dims, &v);
    if (st != MD_OK)
      return st;
    st = md_magic_check(kind, flags, v);
    if (st != MD_OK)
      return st;
    md_magic_store(kind, flags, v, &out->value[md_rd16(e + MD_E_FIRST)]);
  }
  return MD_OK;
}

int md_desc_fill(const void *desc, size_t size, void *const *args,
                 const md_dims *dims, md_extra *out) {
  int st = md_desc_validate(desc, size);
  if (st != MD_OK)
    return st;
  return md_desc_fill_validated(desc, size, args, dims, out);
}

int md_desc_eval(const void *desc, size_t size, unsigned index,
                 void *const *args, const md_dims *dims, uint64_t *value) {
  int st = md_desc_validate(desc, size);
  if (st != MD_OK)
    return st;
  const uint8_t *d = desc;
  if (value == NULL || index >= md_rd16(d + MD_H_NDIV) ||
      (args == NULL && md_rd16(d + MD_H_NPARAMS) > 0))
    return MD_ERR_INVALID;
  const uint8_t *e = d + md_desc_div_table(md_rd16(d + MD_H_NPARAMS)) +
                     index * MD_DIV_ENTRY_SIZE;
  return md_eval_program(d, md_rd32(e + MD_E_CODE), args, dims, value);
}

int md_desc_failed_requirement(const void *desc, size_t size,
                               void *const *args, const md_dims *dims) {
  if (md_desc_validate(desc, size) != MD_OK)
    return -1;
  const uint8_t *d = desc;
  uint32_t n_params = md_rd16(d + MD_H_NPARAMS);
  uint32_t n_div = md_rd16(d + MD_H_NDIV);
  uint32_t n_reqs = md_rd16(d + MD_H_NREQ);
  const uint8_t *e = d + md_desc_req_table(n_params, n_div);
  if (args == NULL && n_params > 0)
    return -1;
  for (uint32_t i = 0; i < n_reqs; i++, e += MD_REQ_ENTRY_SIZE) {
    uint64_t v;
    int st = md_eval_program(d, md_rd32(e), args, dims, &v);
    if (st != MD_OK || v != 1)
      return (int)i;
  }
  return -1;
}

int md_build_args(const md_extra *ex, void *const *args, void **out_args,
                  size_t out_cap) {
  if (ex == NULL || out_args == NULL || (args == NULL && ex->n_params > 0) ||
      ex->n_extra > MD_MAX_EXTRA ||
      out_cap < (size_t)ex->n_params + ex->n_extra)
    return MD_ERR_INVALID;
  for (uint32_t i = 0; i < ex->n_params; i++)
    out_args[i] = args[i];
  for (uint32_t i = 0; i < ex->n_extra; i++)
    out_args[ex->n_params + i] = (void *)&ex->value[i];
  return MD_OK;
}
