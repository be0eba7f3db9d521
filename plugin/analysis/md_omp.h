/*
 * md_omp.h -- OpenMP offload device code: the parallel regions a kernel
 * starts, seen as calls of their outlined functions (md_omp.c).
 *
 * clang lowers `#pragma omp parallel` (and the parallel part of `target
 * teams distribute parallel for`, `target teams loop`, ...) in a GPU
 * device compile to
 *
 *   store ptr %v0, ptr %args        ; one store per captured value
 *   store ptr %v1, ptr %args.1
 *   call void @__kmpc_parallel_60(ptr ident, i32 gtid, i32 if, i32 nthreads,
 *           i32 proc_bind, ptr @microtask, ptr wrapper, ptr %args,
 *           i64 nargs, i32 strict)        ; LLVM 19: @__kmpc_parallel_51,
 *                                         ; without the last operand
 *
 * and the device runtime calls microtask(ptr gtid, ptr btid, args[0], ...,
 * args[nargs-1]) with every captured value as a pointer-sized argument.
 * So argument k + 2 of the microtask is the value stored in args[k] --
 * when that store is the only one to the slot and comes before the call
 * in the call's block, and the array is used for nothing else -- and the
 * transform treats the call like a direct call of the microtask
 * (md_callee.h).  A call with a wrapper function qualifies in a kernel
 * that runs in SPMD mode, where the wrapper is never called
 * (md_omp_generic.h), and in a generic-mode one under md_omp_generic.h's
 * conditions.
 *
 * An OpenMP device compile for a CPU target (host offloading,
 * -fopenmp-targets=x86_64-pc-linux-gnu) uses the host runtime's entry
 * points instead: __kmpc_fork_teams / __kmpc_fork_call(ident, argc,
 * microtask, v0, ..., v[argc-1]), so argument k + 2 is variadic operand k.
 */
#ifndef MAGICDIV_MD_OMP_H
#define MAGICDIV_MD_OMP_H

#include <llvm-c/Core.h>

/* The kinds of calls that start a microtask (md_omp_call_kind). */
#define MD_OMP_PAR 1  /* __kmpc_parallel_60/51: the captured-values array */
#define MD_OMP_FORK 2 /* __kmpc_fork_call/_teams: variadic operands */

/* The operands of __kmpc_fork_call/_teams(ident, argc, fn, ...). */
#define MD_OMP_FORK_ARGC 1
#define MD_OMP_FORK_FN 2
#define MD_OMP_FORK_ARGS 3

/* The most captured values a GPU parallel call may pass: the device
 * runtime's invokeMicrotask (openmp/device/src/Parallelism.cpp, before
 * LLVM 21 offload/DeviceRTL/src/Parallelism.cpp), which starts the
 * microtask in SPMD kernels and in the serialized cases of generic-mode
 * ones, is a switch over nargs whose generated cases
 * (generated_microtask_cases.gen) are 0..64, trapping beyond (its comment
 * still says "up to 32"; LLVM 19's libomptarget-nvptx-sm_90.bc has the 65
 * cases).  A clone whose parallel call would pass more is not made. */
#define MD_OMP_MAX_SLOTS 64

/* The operand numbers of __kmpc_parallel_60/51. */
#define MD_OMP_PAR_FN 5
#define MD_OMP_PAR_WRAPPER 6
#define MD_OMP_PAR_ARGS 7
#define MD_OMP_PAR_NARGS 8

/* MD_OMP_PAR, MD_OMP_FORK, or 0 for any other instruction. */
int md_omp_call_kind(LLVMValueRef call);

/* If call is a call of __kmpc_parallel_60/51 or __kmpc_fork_call/_teams
 * with a defined function as its microtask, that function, else NULL. */
LLVMValueRef md_omp_microtask(LLVMValueRef call);

/* The captured values the parallel call passes (its nargs, or the fork
 * call's variadic operands); 0 if not known. */
unsigned md_omp_nslots(LLVMValueRef call);

/* NULL if the parallel call can be treated as a call of its microtask
 * (md_omp_operand works for every argument), else why not.  A wrapper
 * function is not looked at here: md_omp_region_refusal (md_omp_generic.h)
 * adds that check. */
const char *md_omp_refusal(LLVMValueRef call);

/* The value the microtask of call gets as argument i (i >= 2: the value
 * stored in args[i - 2], an inttoptr seen through when it converts an
 * integer of the argument's width), or NULL if not known. */
LLVMValueRef md_omp_operand(LLVMValueRef call, unsigned i);

/* 1 if m is an OpenMP offload device module (module flag
 * "openmp-device"), whatever its target: on a CPU target (host offloading)
 * it is a device module all the same, and no host module. */
int md_omp_is_device_module(LLVMModuleRef m);

/* 1 if f is an OpenMP kernel of a CPU device module: the address of one
 * of its offload entries (section "llvm_offload_entries", kind 1 OpenMP,
 * size 0). */
int md_omp_is_cpu_kernel(LLVMModuleRef m, LLVMValueRef f);

/* v without address-space casts (instructions or constant expressions). */
LLVMValueRef md_omp_strip_ascast(LLVMValueRef v);

/* The argument i of a direct call, or of the microtask of a parallel
 * call (md_omp_operand); NULL if the call does not pass it. */
LLVMValueRef md_omp_call_operand(LLVMValueRef call, unsigned i);

#endif
