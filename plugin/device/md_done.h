/*
 * md_done.h -- what the device transform has already seen (md_done.c): the
 * named metadata !magicdiv.done lists every function a run decided about --
 * the kernels it looked at, the clones it made, the functions it reported as
 * reached by no kernel -- so that a second run on the same module (the pass
 * given twice, e.g. clang-22's AMDGPU OpenMP device compile; opt
 * -passes='magicdiv,magicdiv'; an LTO pipeline that runs it at compile and
 * at link time) leaves them as they are, silently: the module and the
 * remarks are those of one run.  The list names functions, not the module:
 * linking merges the lists of the modules linked (named metadata is
 * concatenated), and a kernel of a module that never ran the pass is not in
 * any list, so it is still transformed.
 */
#ifndef MAGICDIV_MD_DONE_H
#define MAGICDIV_MD_DONE_H

#include <llvm-c/Core.h>

#include "support/md_map.h"

#define MD_DONE_MD "magicdiv.done"

/* The functions of m's !magicdiv.done into done (f -> f).  0, or -1 when out
 * of memory (done may then miss some: they are decided about again). */
int md_done_read(LLVMModuleRef m, md_map *done);

/* Append one entry listing fns[0..n) (functions) to m's !magicdiv.done
 * (nothing for n = 0). */
void md_done_add(LLVMModuleRef m, LLVMValueRef *fns, unsigned n);

#endif
