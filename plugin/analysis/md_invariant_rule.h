/*
 * md_invariant_rule.h -- what every rule of the launch-invariance analysis
 * shares (md_invariant.c, md_invariant_load.c, md_invariant_lane.c): the
 * frame a rule writes to, the failure reason, and the IR opcode -> program
 * opcode table.  Private to those files.
 *
 * The rule engine (md_invariant.c) calls the rules of the other files; a
 * rule that needs the value of an operand again (a stack slot's stored
 * value, a captured value, an inserted vector lane) calls back through its
 * frame (f->operand, f->lane), so the files call each other in one
 * direction only.
 */
#ifndef MAGICDIV_MD_INVARIANT_RULE_H
#define MAGICDIV_MD_INVARIANT_RULE_H

#include <stdint.h>

#include "magicdiv/md_abi.h"
#include "analysis/md_invariant.h"
#include "emit/md_prog.h"

typedef struct md_frame md_frame;

/* One rule application: where it writes and the height it has seen. */
struct md_frame {
  md_buf *out;
  unsigned height; /* max over the operands' heights */
  int depth;       /* recursion depth (bounds the C stack) */
  /* The engine's recursions (md_invariant.c): an operand's program, and
   * lane `lane` of a vector's. */
  int (*operand)(md_inv *c, LLVMValueRef v, md_frame *f);
  int (*lane)(md_inv *c, LLVMValueRef vec, unsigned lane, md_frame *f);
};

/* Record why the query fails (the first reason wins); returns 0. */
static inline int md_inv_fail(md_inv *c, LLVMValueRef v, const char *why) {
  if (!c->why) {
    c->why = why;
    c->why_at = v;
  }
  return 0;
}

/* A launch dimension (32 bits), truncated to the w bits the kernel reads. */
static inline void md_inv_emit_launch(md_buf *out, int which, unsigned w) {
  md_prog_launch(out, which);
  if (w < 32)
    md_prog_cast(out, MD_OP_TRUNC, 32, w);
}

/* The program opcode (MD_OP_*) of a binary IR opcode, or -1. */
static inline int md_inv_binop_code(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd: return MD_OP_ADD;
  case LLVMSub: return MD_OP_SUB;
  case LLVMMul: return MD_OP_MUL;
  case LLVMShl: return MD_OP_SHL;
  case LLVMLShr: return MD_OP_LSHR;
  case LLVMAShr: return MD_OP_ASHR;
  case LLVMAnd: return MD_OP_AND;
  case LLVMOr: return MD_OP_OR;
  case LLVMXor: return MD_OP_XOR;
  case LLVMUDiv: return MD_OP_UDIV;
  case LLVMSDiv: return MD_OP_SDIV;
  case LLVMURem: return MD_OP_UREM;
  case LLVMSRem: return MD_OP_SREM;
  default: return -1;
  }
}

/* Poison-generating flags of a binary operator, as MD_OF_*. */
static inline unsigned md_inv_binop_flags(LLVMValueRef inst, LLVMOpcode op) {
  unsigned f = 0;
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
    if (LLVMGetNSW(inst))
      f |= MD_OF_NSW;
    if (LLVMGetNUW(inst))
      f |= MD_OF_NUW;
    break;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMLShr:
  case LLVMAShr:
    if (LLVMGetExact(inst))
      f |= MD_OF_EXACT;
    break;
  case LLVMOr:
    if (LLVMGetIsDisjoint(inst))
      f |= MD_OF_DISJOINT;
    break;
  default:
    break;
  }
  return f;
}

#endif
