/*
 * md_tool_remark.c -- magicdiv-ir's remark sink (md_tool.h,
 * support/md_remark.h): one line per passed or missed remark on stderr,
 * "remark: FUNCTION: TEXT", when turned on; analysis remarks are not
 * printed.
 */
#include <stdio.h>

#include "support/md_remark.h"
#include "tool/md_tool.h"

static void md_tool_remark(md_remark_kind kind, LLVMValueRef where,
                           const char *name, const char *msg) {
  LLVMValueRef fn = where;
  size_t len = 0;
  const char *fname;
  (void)name;
  /* (md_remark_mute's second, muted run -- a clone's plain tier -- is
   * not told apart: the tool prints its remarks too) */
  if (kind == MD_REMARK_ANALYSIS || !where)
    return;
  if (LLVMIsAInstruction(where))
    fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(where));
  fname = LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : "";
  fprintf(stderr, "remark: %.*s: %s\n", (int)len, fname, msg);
}

void md_tool_remarks_on(int on) {
  md_remark_set_sink(on ? md_tool_remark : NULL);
}
