/*
 * md_abi.h -- the ABI between the magicdiv pass plugin and the runtime.
 *
 * This is the ONE header both sides include.  It is plain C with no
 * dependencies, so the plugin (which writes descriptors into device modules)
 * and the runtime (which reads them at launch) cannot disagree.  The prose
 * version of everything here is docs/ABI.md; keep them in step, and bump
 * MD_DESC_VERSION on any incompatible change.
 *
 * Naming in a device module, for a kernel with symbol K:
 *   K__magicdiv        the clone: K's parameters followed by the magic
 *                      parameters listed by the descriptor.
 *   K__magicdiv_desc   a constant byte array, the descriptor (below).
 *   K__magicdiv_plain  optional second tier: the clone built without launch
 *                      bets (no requirement on arguments, no MD_DF_DIV32),
 *                      with its own descriptor K__magicdiv_plain_desc in
 *                      the same format.  The runtime launches it when a
 *                      bet of K__magicdiv fails in a launch (docs/ABI.md 1).
 *
 * Validity contract: the clone never checks its divisors.  Before each
 * launch the runtime evaluates every divisor from the launch's own argument
 * values and dimensions; if any divisor is 0, its evaluation is undefined
 * (division by zero, signed overflow, shift out of range, poison flag
 * violated), or it is outside what its kind handles (MD_DF_POSITIVE and
 * d <= 0), the ORIGINAL kernel is launched instead.
 *
 * ---------------------------------------------------------------------------
 * Descriptor byte format, version 2.  All integers little-endian, unaligned.
 * The offsets below are the MD_H_* / MD_E_* constants of this header; the
 * plugin writes and the runtime reads through them and nothing else.
 *
 *   offset size  field
 *   0      4     magic        "MDDS" (0x4D 0x44 0x44 0x53)
 *   4      2     version      MD_DESC_VERSION (2; 1 is read too, see below)
 *   6      2     header_size  MD_DESC_HEADER_SIZE (offset of the param table)
 *   8      4     total_size   bytes in the whole descriptor
 *   12     2     n_params     parameters of the original kernel
 *   14     2     n_divisors   entries in the divisor table
 *   16     2     n_extra      magic parameters appended to the clone
 *   18     2     n_reqs       entries in the requirement table
 *
 *   header_size:            n_params x u32   size in bytes of each original
 *                                            parameter (byval: the struct)
 *   then:                   n_divisors x MD_DIV_ENTRY_SIZE bytes:
 *       +0  u8   kind       enum md_kind
 *       +1  u8   flags      MD_DF_*
 *       +2  u16  first_extra index of this divisor's first magic parameter
 *       +4  u32  code_off   offset (from descriptor start) of its program
 *   then:                   n_reqs x MD_REQ_ENTRY_SIZE bytes:
 *       +0  u32  code_off   offset of a requirement program (yields w=1)
 *   then:                   the programs, each ending with MD_OP_END.
 *
 * Requirements are facts the clone assumes about the launch (e.g. "the
 * grid has at most 2^31 threads"): the clone may run only if every
 * requirement program evaluates to 1 without poison or undefined
 * behaviour.  Version 1 is version 2 with the field at offset 18 reserved
 * as 0, i.e. without requirements; the runtime reads both.
 *
 * A divisor's magic parameters are consecutive clone parameters starting at
 * n_params + first_extra; their number and types follow from kind and flags
 * (md_kind_params()).  Every magic parameter is passed as its own kernel
 * parameter of integer type (i32 or i64).
 *
 * Programs: postfix code over a stack of at most MD_STACK_MAX values.  Each
 * value is an integer of some width w (1..64 bits), held zero-extended in a
 * u64.  Operands follow the opcode byte (MD_FORM_LIST and MD_OP_LIST below
 * define the encoding; this is its summary):
 *
 *   MD_OP_END                          result = the single value on the stack
 *   MD_OP_ARG    u16 param, u32 offset, u8 size   push the size bytes (1,2,4,8)
 *                at byte offset of parameter `param` (args[param] + offset)
 *   MD_OP_CONST  u8 w, u64 value       push value (masked to w bits)
 *   MD_OP_LAUNCH u8 which              push a launch dimension (enum md_launch)
 *   binary ops   u8 w, u8 flags        pop b, pop a, push a OP b  (MD_OF_*)
 *   MD_OP_ICMP   u8 w, u8 pred         pop b, pop a, push (a pred b) as w=1;
 *                                      pred uses LLVMIntPredicate numbering
 *   MD_OP_SELECT u8 w                  pop f, pop t, pop c; push c ? t : f
 *   MD_OP_ZEXT / MD_OP_SEXT / MD_OP_TRUNC   u8 from_w, u8 to_w
 *
 * Evaluation follows LLVM IR semantics exactly.  Anything that would be
 * poison or undefined in IR (x/0, INT_MIN/-1, shift >= w, nsw/nuw/exact
 * violated) makes the result undefined, and the runtime falls back.
 * ---------------------------------------------------------------------------
 */
#ifndef MAGICDIV_MD_ABI_H
#define MAGICDIV_MD_ABI_H

#include <stddef.h>
#include <stdint.h>

#define MD_DESC_MAGIC0 0x4D /* 'M' */
#define MD_DESC_MAGIC1 0x44 /* 'D' */
#define MD_DESC_MAGIC2 0x44 /* 'D' */
#define MD_DESC_MAGIC3 0x53 /* 'S' */
#define MD_DESC_VERSION 2
#define MD_DESC_VERSION_MIN 1 /* oldest version the runtime still reads */
#define MD_DESC_HEADER_SIZE 20
#define MD_DIV_ENTRY_SIZE 8
#define MD_REQ_ENTRY_SIZE 4
#define MD_STACK_MAX 16
#define MD_MAX_DIVISORS 64
#define MD_MAX_REQS 32
#define MD_MAX_EXTRA (4 * MD_MAX_DIVISORS)
#define MD_MAX_PARAMS 4096

/* Suffixes of the clone and descriptor symbols. */
#define MD_CLONE_SUFFIX "__magicdiv"
#define MD_DESC_SUFFIX "__magicdiv_desc"
#define MD_PLAIN_SUFFIX "__magicdiv_plain"
#define MD_PLAIN_DESC_SUFFIX "__magicdiv_plain_desc"
/* The pow2 tier: K__magicdiv's parameters and descriptor, every site of an
 * MD_KIND_U64 divisor computed as n >> s (docs/MATH.md 10.2b); it has no
 * descriptor of its own.  Launched instead of K__magicdiv when
 * md_pow2_tier_holds. */
#define MD_POW2_SUFFIX "__magicdiv_pow2"

/*
 * Divisor kinds.  Each kind fixes the device sequence (see md_magic.h for
 * the math and a reference evaluator of every sequence) and the magic
 * parameters passed for it, in this order:
 *
 *   MD_KIND_U32   d in [1, 2^32)           m:i32  a:i32  s:i32
 *   MD_KIND_S32   d != 0 (i32)             m:i32  a:i32  s:i32  dsgn:i32
 *                 with MD_DF_POSITIVE:     m:i32  a:i32  s:i32  (d > 0 req.)
 *   MD_KIND_U64   d in [1, 2^64)           m:i64  a:i64  s:i64
 *   MD_KIND_S64   d != 0 (i64)             m:i64  a:i64  s:i64  dsgn:i64
 *                 with MD_DF_POSITIVE:     m:i64  a:i64  s:i64  (d > 0 req.)
 *                 with MD_DF_FAST32: the above, then f1:i64  f2:i64
 *
 * (m, a, s) are the unsigned magic of |d|; dsgn is 0 for d > 0, -1 for d < 0.
 * The divisor program of a 32-bit kind yields a w=32 value, of a 64-bit kind
 * a w=64 value.
 *
 *   X(NAME, code, text, width)   MD_KIND_NAME = code; md_kind_str's text and
 *                                md_kind_width's width.
 */
#define MD_KIND_LIST(X)                                                        \
  X(U32, 1, "u32", 32)                                                         \
  X(S32, 2, "s32", 32)                                                         \
  X(U64, 3, "u64", 64)                                                         \
  X(S64, 4, "s64", 64)
#define MD_X_KIND_ENUM(name, code, text, width) MD_KIND_##name = (code),
enum md_kind { MD_KIND_LIST(MD_X_KIND_ENUM) };
#undef MD_X_KIND_ENUM

/* Divisor flags. */
#define MD_DF_POSITIVE 0x01 /* signed kind without dsgn: requires d > 0 */
/* 64-bit kind whose divisor must fit 32 bits (U64: d < 2^32;
 * S64: -2^31 <= d < 2^31), checked at launch, else the original kernel runs
 * (MD_FALLBACK_NOT_DIV32).  Same magic parameters; the clone computes
 * remainders in 32 bits (md_magic.h md_eval_u64_rem32). */
#define MD_DF_DIV32 0x02
/* S64 kind whose clone has a 32-bit path for dividends in [0, 2^32)
 * (md_magic.h MD_S64_FAST32_PTX): two more parameters after the others,
 * f1 = m32 | a32 << 32 and f2 = s32 | lim << 32 (md_magic_s64_fast32: the
 * u32 magic of d and lim = 1 for 0 < d < 2^32; 0, 0, 0 and lim = 1 for
 * d >= 2^32; all 0 for d < 0, where the 32-bit path is never taken).  No
 * requirement on the divisor: every d != 0 runs the clone. */
#define MD_DF_FAST32 0x04
#define MD_DF_KNOWN (MD_DF_POSITIVE | MD_DF_DIV32 | MD_DF_FAST32)

/* Launch dimensions (MD_OP_LAUNCH operand).
 *   X(NAME, code, text)   MD_LAUNCH_NAME = code; md_launch_str's text. */
#define MD_LAUNCH_LIST(X)                                                      \
  X(BLOCK_X, 0, "ntid.x") /* threads per block (ntid / workgroup size) */     \
  X(BLOCK_Y, 1, "ntid.y")                                                      \
  X(BLOCK_Z, 2, "ntid.z")                                                      \
  X(GRID_X, 3, "nctaid.x") /* blocks per grid (nctaid / number of groups) */  \
  X(GRID_Y, 4, "nctaid.y")                                                     \
  X(GRID_Z, 5, "nctaid.z")                                                     \
  X(ITEMS_X, 6, "items.x") /* grid x block: work-items (HSA grid_size) */     \
  X(ITEMS_Y, 7, "items.y")                                                     \
  X(ITEMS_Z, 8, "items.z")
#define MD_X_LAUNCH_ENUM(name, code, text) MD_LAUNCH_##name = (code),
enum md_launch { MD_LAUNCH_LIST(MD_X_LAUNCH_ENUM) };
#undef MD_X_LAUNCH_ENUM

/* ---- opcodes: one list, expanded below and wherever a user needs it ----
 *
 * Operand forms: what follows an opcode byte.
 *   X(FORM, bytes, pops)   bytes: operand bytes after the opcode byte;
 *                          pops: values the op pops (each op but END
 *                          pushes one). */
#define MD_FORM_LIST(X)                                                        \
  X(END, 0, 1)         /* result = the single value on the stack */           \
  X(ARG, 2 + 4 + 1, 0) /* u16 param, u32 offset, u8 size (MD_ARG_*) */        \
  X(CONST, 1 + 8, 0)   /* u8 w, u64 value */                                  \
  X(LAUNCH, 1, 0)      /* u8 which (enum md_launch) */                        \
  X(BINARY, 1 + 1, 2)  /* u8 w, u8 flags (MD_OF_*): pop b, pop a, a OP b */   \
  X(ICMP, 1 + 1, 2)    /* u8 w, u8 pred (enum md_pred): a pred b, w=1 */      \
  X(SELECT, 1, 3)      /* u8 w: pop f, pop t, pop c; push c ? t : f */        \
  X(CAST, 1 + 1, 1)    /* u8 from_w, u8 to_w */

/* The opcodes, in ABI order.
 *   X(NAME, code, form, flags, mnemonic)   MD_OP_NAME = code; operands of
 *   MD_FORM_form; flags: the MD_OF_* the op's IR instruction can carry. */
#define MD_OP_LIST(X)                                                          \
  X(END, 0x00, END, 0, "end")                                                  \
  X(ARG, 0x01, ARG, 0, "arg")                                                  \
  X(CONST, 0x02, CONST, 0, "const")                                            \
  X(LAUNCH, 0x03, LAUNCH, 0, "launch")                                         \
  X(ADD, 0x10, BINARY, MD_OF_NSW | MD_OF_NUW, "add")                           \
  X(SUB, 0x11, BINARY, MD_OF_NSW | MD_OF_NUW, "sub")                           \
  X(MUL, 0x12, BINARY, MD_OF_NSW | MD_OF_NUW, "mul")                           \
  X(SHL, 0x13, BINARY, MD_OF_NSW | MD_OF_NUW, "shl")                           \
  X(LSHR, 0x14, BINARY, MD_OF_EXACT, "lshr")                                   \
  X(ASHR, 0x15, BINARY, MD_OF_EXACT, "ashr")                                   \
  X(AND, 0x16, BINARY, 0, "and")                                               \
  X(OR, 0x17, BINARY, MD_OF_DISJOINT, "or")                                    \
  X(XOR, 0x18, BINARY, 0, "xor")                                               \
  X(UDIV, 0x19, BINARY, MD_OF_EXACT, "udiv")                                   \
  X(SDIV, 0x1A, BINARY, MD_OF_EXACT, "sdiv")                                   \
  X(UREM, 0x1B, BINARY, 0, "urem")                                             \
  X(SREM, 0x1C, BINARY, 0, "srem")                                             \
  X(SMIN, 0x1D, BINARY, 0, "smin")                                             \
  X(SMAX, 0x1E, BINARY, 0, "smax")                                             \
  X(UMIN, 0x1F, BINARY, 0, "umin")                                             \
  X(UMAX, 0x20, BINARY, 0, "umax")                                             \
  X(ICMP, 0x28, ICMP, 0, "icmp")                                               \
  X(SELECT, 0x29, SELECT, 0, "select")                                         \
  X(ZEXT, 0x30, CAST, 0, "zext")                                               \
  X(SEXT, 0x31, CAST, 0, "sext")                                               \
  X(TRUNC, 0x32, CAST, 0, "trunc")

#define MD_X_FORM_ENUM(form, bytes, pops) MD_FORM_##form,
#define MD_X_FORM_BYTES(form, bytes, pops) MD_FORM_##form##_BYTES = (bytes),
#define MD_X_FORM_POPS(form, bytes, pops) MD_FORM_##form##_POPS = (pops),
/* MD_FORM_ARG, ...: the operand form of an op (md_op_info.form). */
enum md_op_form { MD_FORM_LIST(MD_X_FORM_ENUM) MD_FORM_COUNT };
/* MD_FORM_ARG_BYTES, MD_FORM_ARG_POPS, ...: each form's size and pops. */
enum md_op_form_shape {
  MD_FORM_LIST(MD_X_FORM_BYTES) MD_FORM_LIST(MD_X_FORM_POPS)
};
#undef MD_X_FORM_ENUM
#undef MD_X_FORM_BYTES
#undef MD_X_FORM_POPS

#define MD_X_OP_ENUM(name, code, form, flags, mnemonic) MD_OP_##name = (code),
/* MD_OP_END, MD_OP_ARG, ...: the opcode bytes. */
enum md_op { MD_OP_LIST(MD_X_OP_ENUM) };
#undef MD_X_OP_ENUM

/* Flags of binary ops: the IR instruction's poison-generating flags. */
#define MD_OF_NSW 0x01
#define MD_OF_NUW 0x02
#define MD_OF_EXACT 0x04
#define MD_OF_DISJOINT 0x08 /* or disjoint */

/* LLVMIntPredicate numbering (llvm-c/Core.h), repeated so the runtime does
 * not need LLVM headers.
 *   X(NAME, code, text)   MD_PRED_NAME = code; md_pred_str's text. */
#define MD_PRED_LIST(X)                                                        \
  X(EQ, 32, "eq")                                                              \
  X(NE, 33, "ne")                                                              \
  X(UGT, 34, "ugt")                                                            \
  X(UGE, 35, "uge")                                                            \
  X(ULT, 36, "ult")                                                            \
  X(ULE, 37, "ule")                                                            \
  X(SGT, 38, "sgt")                                                            \
  X(SGE, 39, "sge")                                                            \
  X(SLT, 40, "slt")                                                            \
  X(SLE, 41, "sle")
#define MD_X_PRED_ENUM(name, code, text) MD_PRED_##name = (code),
enum md_pred { MD_PRED_LIST(MD_X_PRED_ENUM) };
#undef MD_X_PRED_ENUM

#define MD_X_TEXT_CASE(name, code, text)                                      \
  case (code):                                                                \
    return text;
/* "eq" ... "sle": the name of predicate `pred` (enum md_pred), "?" for
 * another value. */
static inline const char *md_pred_str(int pred) {
  switch (pred) {
    MD_PRED_LIST(MD_X_TEXT_CASE)
  default:
    return "?";
  }
}

/* Number of magic parameters of a divisor (3 to 6); 0 for a bad kind. */
static inline int md_kind_params(int kind, int flags) {
  switch (kind) {
  case MD_KIND_U32:
  case MD_KIND_U64:
    return 3;
  case MD_KIND_S32:
    return (flags & MD_DF_POSITIVE) ? 3 : 4;
  case MD_KIND_S64:
    return ((flags & MD_DF_POSITIVE) ? 3 : 4) + ((flags & MD_DF_FAST32) ? 2 : 0);
  default:
    return 0;
  }
}

#define MD_X_KIND_TEXT(name, code, text, width)                               \
  case (code):                                                                \
    return text;
/* "u32", "s32", "u64", "s64" for a kind, "?" otherwise. */
static inline const char *md_kind_str(int kind) {
  switch (kind) {
    MD_KIND_LIST(MD_X_KIND_TEXT)
  default:
    return "?";
  }
}

#define MD_X_KIND_WIDTH(name, code, text, width)                              \
  case (code):                                                                \
    return (width);
/* Width in bits of the divisor value and of each magic parameter (32 for
 * an unknown kind). */
static inline int md_kind_width(int kind) {
  switch (kind) {
    MD_KIND_LIST(MD_X_KIND_WIDTH)
  default:
    return 32;
  }
}
#undef MD_X_KIND_TEXT
#undef MD_X_KIND_WIDTH

/* One opcode of the program encoding: its row of MD_OP_LIST with its
 * form's size and pops.  md_op_lookup is the one reader of the list: the
 * plugin's writer (md_prog.c) and sizes (md_bounds), the runtime's
 * validator and evaluator (md_desc.c) and the dump (md_desc_dump.c) all
 * read it. */
typedef struct md_op_info {
  uint8_t op;            /* enum md_op */
  uint8_t form;          /* enum md_op_form */
  uint8_t operand_bytes; /* bytes that follow the opcode byte */
  uint8_t pops;          /* values popped (each op but END pushes one) */
  uint8_t flags;         /* MD_OF_* the IR instruction of the op can carry */
  const char *name;      /* mnemonic */
} md_op_info;

#define MD_X_OP_INDEX(name, code, form, flags, mnemonic) MD_OPI_##name,
/* Row of each opcode in md_op_lookup's table. */
enum md_op_index { MD_OP_LIST(MD_X_OP_INDEX) MD_OP_COUNT };
#undef MD_X_OP_INDEX

#define MD_X_OP_ROW(name, code, form, flags, mnemonic)                        \
  {MD_OP_##name, MD_FORM_##form, MD_FORM_##form##_BYTES,                      \
   MD_FORM_##form##_POPS, (flags), mnemonic},
#define MD_X_OP_CASE(name, code, form, flags, mnemonic)                       \
  case MD_OP_##name:                                                          \
    return &table[MD_OPI_##name];
/* The table entry of opcode `op`, or NULL for an unknown opcode. */
static inline const md_op_info *md_op_lookup(int op) {
  static const md_op_info table[MD_OP_COUNT] = {MD_OP_LIST(MD_X_OP_ROW)};
  switch (op) {
    MD_OP_LIST(MD_X_OP_CASE)
  default:
    return 0;
  }
}
#undef MD_X_OP_ROW
#undef MD_X_OP_CASE

/* The operand form (enum md_op_form) of opcode `op`; -1 for an unknown
 * opcode. */
static inline int md_op_form(int op) {
  const md_op_info *i = md_op_lookup(op);
  return i ? i->form : -1;
}

/* Operand bytes that follow opcode `op` in a program; -1 for an unknown
 * opcode. */
static inline int md_op_operand_bytes(int op) {
  const md_op_info *i = md_op_lookup(op);
  return i ? i->operand_bytes : -1;
}

/* Bytes of one op `op` with its operands; -1 for an unknown opcode. */
static inline int md_op_size(int op) {
  const md_op_info *i = md_op_lookup(op);
  return i ? 1 + i->operand_bytes : -1;
}

/* Values opcode `op` pops from the evaluation stack (each op but END pushes
 * one); -1 for an unknown opcode. */
static inline int md_op_pops(int op) {
  const md_op_info *i = md_op_lookup(op);
  return i ? i->pops : -1;
}

/* The mnemonic of opcode `op`, "?" for an unknown one. */
static inline const char *md_op_mnemonic(int op) {
  const md_op_info *i = md_op_lookup(op);
  return i ? i->name : "?";
}

/* "ntid.x" ... "items.z": the name of launch dimension `which` (enum
 * md_launch), "?" for another value. */
static inline const char *md_launch_str(int which) {
  switch (which) {
    MD_LAUNCH_LIST(MD_X_TEXT_CASE)
  default:
    return "?";
  }
}
#undef MD_X_TEXT_CASE

/* ---- layout: field offsets, the one definition for writer and reader ---- */

/* Header fields (offsets from the descriptor's start). */
enum md_desc_field {
  MD_H_MAGIC = 0,
  MD_H_VERSION = 4,
  MD_H_HEADER_SIZE = 6,
  MD_H_TOTAL = 8,
  MD_H_NPARAMS = 12,
  MD_H_NDIV = 14,
  MD_H_NEXTRA = 16,
  MD_H_NREQ = 18
};

/* Divisor-table entry fields (offsets within an entry). */
enum md_div_field {
  MD_E_KIND = 0,
  MD_E_FLAGS = 1,
  MD_E_FIRST = 2,
  MD_E_CODE = 4
};

/* MD_OP_ARG operands (offsets after the opcode byte). */
enum md_arg_field { MD_ARG_PARAM = 0, MD_ARG_OFFSET = 2, MD_ARG_SIZE = 6 };

/* Little-endian field access; the descriptor is LE on every host. */
static inline uint32_t md_rd16(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}
static inline uint32_t md_rd32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
static inline uint64_t md_rd64(const uint8_t *p) {
  return (uint64_t)md_rd32(p) | (uint64_t)md_rd32(p + 4) << 32;
}
static inline void md_wr16(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
}
static inline void md_wr32(uint8_t *p, uint32_t v) {
  md_wr16(p, v);
  md_wr16(p + 2, v >> 16);
}
static inline void md_wr64(uint8_t *p, uint64_t v) {
  md_wr32(p, (uint32_t)v);
  md_wr32(p + 4, (uint32_t)(v >> 32));
}

/* Offsets of the tables that follow the header: the divisor table after
 * the n_params parameter sizes, the requirement table after it, and the
 * first program after that. */
static inline uint32_t md_desc_div_table(uint32_t n_params) {
  return MD_DESC_HEADER_SIZE + 4u * n_params;
}
static inline uint32_t md_desc_req_table(uint32_t n_params, uint32_t n_div) {
  return md_desc_div_table(n_params) + n_div * MD_DIV_ENTRY_SIZE;
}
static inline uint32_t md_desc_code_start(uint32_t n_params, uint32_t n_div,
                                          uint32_t n_reqs) {
  return md_desc_req_table(n_params, n_div) + n_reqs * MD_REQ_ENTRY_SIZE;
}

/* 1 when the pow2 tier (MD_POW2_SUFFIX) may run with the magic values
 * extra[0..n_extra) computed from the validated descriptor d: it has an
 * MD_KIND_U64 divisor, and every one has m = a = 2^64 - 1 (the magic of a
 * power of two, md_magic_u64), so that hi_64(n*m + a) >> s = n >> s at
 * each of its sites (docs/MATH.md 10.2b).  0 otherwise. */
static inline int md_pow2_tier_holds(const uint8_t *d, const uint64_t *extra,
                                     uint32_t n_extra) {
  uint32_t np = md_rd16(d + MD_H_NPARAMS), nd = md_rd16(d + MD_H_NDIV), i;
  int any = 0;
  for (i = 0; i < nd; i++) {
    const uint8_t *e = d + md_desc_div_table(np) + i * MD_DIV_ENTRY_SIZE;
    uint32_t f = md_rd16(e + MD_E_FIRST);
    if (e[MD_E_KIND] != MD_KIND_U64)
      continue;
    if (f + 1u >= n_extra || extra[f] != ~(uint64_t)0 ||
        extra[f + 1] != ~(uint64_t)0)
      return 0;
    any = 1;
  }
  return any;
}

/* The MD_OF_* flags the IR instruction of op `op` can carry (0 for an
 * unknown opcode). */
static inline int md_op_allowed_flags(int op) {
  const md_op_info *i = md_op_lookup(op);
  return i ? i->flags : 0;
}

/* Maximum evaluation-stack depth of the program p[0..n) (ops only, no
 * MD_OP_END), or -1 if it is not a well-formed op sequence or ever pops
 * more than it has.  The plugin's depth check and the validator's
 * bound both follow from this walk. */
static inline int md_prog_stack_depth(const uint8_t *p, size_t n) {
  size_t i = 0;
  int depth = 0, max = 0;
  while (i < n) {
    int op = p[i++];
    int pops = md_op_pops(op), operands = md_op_operand_bytes(op);
    if (pops < 0 || operands < 0 || op == MD_OP_END || depth < pops)
      return -1;
    i += (size_t)operands;
    depth += 1 - pops;
    if (depth > max)
      max = depth;
  }
  return i == n ? max : -1;
}

#endif /* MAGICDIV_MD_ABI_H */
