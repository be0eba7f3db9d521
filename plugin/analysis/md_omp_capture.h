/*
 * md_omp_capture.h -- what a parallel region's microtask reads through a
 * pointer to an object of its caller (md_omp_capture.c).
 *
 * Captured scalars of generic-mode regions (and of every region of a CPU
 * device module, started by __kmpc_fork_call) are passed by reference: the
 * microtask gets a pointer to an object of the caller -- a stack slot, or a
 * team-shared global that OpenMPOpt made of a globalized variable -- and
 * loads the value; so are aggregates captured by value (a struct or
 * lambda), which the caller copies into a stack slot of its own with a
 * memcpy.  md_omp_captured_src says where the bytes such a load reads come
 * from, when it can be proven: one write to them (a store, or a memcpy
 * from memory of the caller, such as a kernel parameter), which comes
 * before the parallel call in every thread (in a generic-mode kernel: the
 * main thread's, md_omp_mode1_store_first), and only reads elsewhere.
 */
#ifndef MAGICDIV_MD_OMP_CAPTURE_H
#define MAGICDIV_MD_OMP_CAPTURE_H

#include <llvm-c/Core.h>

/* Where the bytes that a microtask's load reads from a captured object
 * come from: bits [shift, shift + 8 * bytes) of a stored integer value, or
 * the bytes at offset `off` of the memory a memcpy copied from. */
typedef struct md_omp_src {
  LLVMValueRef value; /* the stored value (an integer), or NULL */
  unsigned shift;     /* the bit of value the load's bytes start at */
  LLVMValueRef ptr;   /* else: the memcpy's source pointer (in the caller) */
  long long off;      /* and the byte offset into it */
} md_omp_src;

/* The source of a load of `bytes` bytes at byte `off` of `obj` (the object
 * whose address the parallel call `call` passes to its microtask;
 * address-space casts allowed) in the microtask: 1 with *src, or 0 with
 * *why.  The object -- a stack slot or a team-shared variable of the
 * caller -- must have exactly one write to those bytes (a store of an
 * integer covering them, or a memcpy with a constant length), made before
 * the call (stack slot: it dominates the call and every lifetime start of
 * the slot dominates it; team-shared: md_omp_spmd_store_first or
 * md_omp_mode1_store_first), and every other use only reads or writes
 * other bytes. */
int md_omp_captured_src(LLVMValueRef call, LLVMValueRef obj, long long off,
                        unsigned bytes, md_omp_src *src, const char **why);

/* ---- OpenMP kernel parameters passed by reference ----
 *
 * A mapped scalar (`map(to: d)`) or a firstprivate aggregate (a struct or
 * lambda captured by value) reaches an OpenMP kernel as a pointer to its
 * device copy, with the object's size as `dereferenceable(N)`.  The divisor
 * program reads such a parameter's fields at their offsets (md_abi.h
 * MD_OP_ARG), the descriptor gives the parameter the size N, and the
 * runtime supplies the host object's bytes only when they are the bytes
 * the device reads at that launch (runtime/src/launch/md_omp_map.c). */

/* The largest object such a parameter may refer to (bytes). */
#define MD_OMP_REF_MAX 65536

/* N if parameter i of kernel (in an OpenMP device module) is a pointer
 * to an object of N bytes (its dereferenceable(N) attribute, 0 < N <=
 * MD_OMP_REF_MAX) and not a byval/byref struct; else 0. */
unsigned md_omp_ref_param_bytes(LLVMValueRef kernel, unsigned i);

#endif
