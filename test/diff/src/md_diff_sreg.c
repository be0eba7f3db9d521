/*
 * md_diff_sreg.c -- the special registers of a CPU "launch": the functions
 * the renamed NVPTX intrinsics (@md_sreg_tid_x, ...) call in the kernels
 * under test.  The harness (md_diff.c) sets md_diff_sreg before each call.
 */
#include "md_diff.h"

md_sreg_state md_diff_sreg;

#define MD_SREG(reg, axis, i)                                                  \
  uint32_t md_sreg_##reg##_##axis(void);                                       \
  uint32_t md_sreg_##reg##_##axis(void) { return md_diff_sreg.reg[i]; }
#define MD_SREG3(reg) MD_SREG(reg, x, 0) MD_SREG(reg, y, 1) MD_SREG(reg, z, 2)

MD_SREG3(tid)
MD_SREG3(ctaid)
MD_SREG3(ntid)
MD_SREG3(nctaid)
