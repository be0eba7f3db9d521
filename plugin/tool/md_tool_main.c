/*
 * md_tool_main.c -- magicdiv-ir: the pass as a standalone program, for
 * compilers that hand over LLVM IR text and take text back (Triton's llir
 * stage, python/magicdiv_triton).  No LLVM installation is needed where it
 * runs: it links LLVM statically where the build can.
 *
 *   magicdiv-ir [--options 'inkernel-args;...'] [--triple T] [--remarks]
 *               [--version] < in.ll > out.ll
 *
 * Reads one module (text or bitcode) from stdin, runs md_pass_run_module with
 * the options (md_options.h syntax, default as the plugin's), writes the
 * module as text to stdout.  A module without a target triple gets T (for
 * the target detection) while the pass runs, and loses it again.  Remarks
 * (passed, missed) go to stderr with --remarks.  Exit status: 0, 1 for a
 * bad option, 2 for input that does not parse (nothing is written).
 */
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/md_options.h"
#include "md_pass.h"
#include "tool/md_tool.h"

/* The version printed by --version: a change of the transform's output
 * for the same input must change it (Triton's cache key has it; 3, 4: the
 * AMDGPU prices of md_inkernel_price.h; 5: noinline device functions, as
 * Triton's `noinline=True` functions, transformed too). */
#define MD_TOOL_VERSION "magicdiv-ir 1 (in-kernel magic 5)"

static int md_tool_args(int argc, char **argv, md_options *o,
                        const char **triple) {
  char err[512];
  int i;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--version")) {
      printf("%s\n", MD_TOOL_VERSION);
      exit(0);
    } else if (!strcmp(argv[i], "--remarks")) {
      md_tool_remarks_on(1);
    } else if (!strcmp(argv[i], "--options") && i + 1 < argc) {
      if (md_options_parse(argv[++i], o, err, sizeof err)) {
        fprintf(stderr, "magicdiv-ir: %s\n", err);
        return -1;
      }
    } else if (!strcmp(argv[i], "--triple") && i + 1 < argc) {
      *triple = argv[++i];
    } else {
      fprintf(stderr, "usage: magicdiv-ir [--options OPTS] [--triple T] "
                      "[--remarks] [--version] < in.ll > out.ll\n");
      return -1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  md_options o;
  const char *triple = "nvptx64-nvidia-cuda";
  LLVMContextRef ctx;
  LLVMMemoryBufferRef buf;
  LLVMModuleRef m;
  char *msg = NULL, *text;
  int had_triple;
  md_options_default(&o);
  if (md_tool_args(argc, argv, &o, &triple))
    return 1;
  if (LLVMCreateMemoryBufferWithSTDIN(&buf, &msg)) {
    fprintf(stderr, "magicdiv-ir: cannot read stdin: %s\n", msg);
    return 2;
  }
  ctx = LLVMContextCreate();
  if (LLVMParseIRInContext(ctx, buf, &m, &msg)) {
    fprintf(stderr, "magicdiv-ir: %s\n", msg ? msg : "parse error");
    LLVMContextDispose(ctx);
    return 2;
  }
  had_triple = LLVMGetTarget(m)[0] != 0;
  if (!had_triple)
    LLVMSetTarget(m, triple);
  md_pass_run_module(m, &o);
  if (!had_triple)
    LLVMSetTarget(m, "");
  text = LLVMPrintModuleToString(m);
  fputs(text, stdout);
  LLVMDisposeMessage(text);
  LLVMDisposeModule(m);
  LLVMContextDispose(ctx);
  return 0;
}
