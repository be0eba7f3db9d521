/*
 * md_reads.h -- which pointers are only read (md_reads.c).
 *
 * The invariance analysis reads a divisor from memory only when nothing can
 * write that memory during the launch: a kernel's by-value struct, and (in
 * OpenMP device code) the objects whose address a parallel region gets as a
 * captured value.  These questions say whether every use of a pointer only
 * reads through it: loads, calls that cannot write through it (byval, or
 * readonly/readnone and not captured), and the microtasks of the parallel
 * calls it is passed to, when they only load through that argument.
 */
#ifndef MAGICDIV_MD_READS_H
#define MAGICDIV_MD_READS_H

#include <llvm-c/Core.h>

/* 1 if argument k of a direct call never lets the callee (or anything it
 * calls) write the memory behind it: passed byval (the callee gets a copy
 * made from it), or readonly/readnone and not captured (nocapture before
 * LLVM 21, captures(none) -- value 0 -- after). */
int md_reads_call_arg_unwritten(LLVMValueRef call, unsigned k);

/* 1 if every use of ptr, transitively through GEPs and pointer casts, is
 * the pointer operand of a simple load, an argument of a direct call that
 * cannot write through it (md_reads_call_arg_unwritten), or -- OpenMP -- a
 * store of it into a slot of a captured-values array, or a variadic operand
 * of a fork call, whose microtask only reads through that argument (in the
 * same sense, recursively); depth: of the walk so far (0). */
int md_reads_ptr_only_loaded(LLVMValueRef ptr, int depth);

/* 1 if the microtask of the parallel call (md_omp.h) only reads through
 * its argument i (md_reads_ptr_only_loaded), and no wrapper function that may
 * run instead could do otherwise. */
int md_reads_omp_param_only_loaded(LLVMValueRef call, unsigned i);

/* 1 if store `st` (of an object's address) puts it into a slot of a
 * captured-values array read only by microtasks that only load through
 * it. */
int md_reads_omp_addr_store_ok(LLVMValueRef st);

#endif
