/*
 * md_clone.h -- clone a function through the LLVM C API (which has no
 * CloneFunction), appending extra parameters (md_clone.c).
 *
 * The clone has f's parameters followed by `n_extra` new ones of the given
 * types, and keeps f's calling convention, linkage, visibility, section,
 * alignment, GC, personality, comdat-free, function/return/parameter
 * attributes, function metadata attachments, instruction metadata
 * (!range, !noalias, !tbaa, ...), and line-level debug info: if f has a
 * DISubprogram, the clone gets its own distinct one, and every !dbg
 * location of the body is remapped to it (inlined-at chains included).
 * Debug variable records/intrinsics are not cloned (line info only).
 * The body is copied instruction by instruction with a value map: PHIs,
 * switches, invokes, callbr, constant expressions and blockaddress
 * operands are remapped.  f itself is not modified.
 */
#ifndef MAGICDIV_MD_CLONE_H
#define MAGICDIV_MD_CLONE_H

#include <llvm-c/Core.h>

typedef struct md_vmap md_vmap;

/* Returns the clone (added to f's module, named `name`), or NULL if f cannot
 * be cloned (a construct the cloner does not handle, a taken name, out of
 * memory: then nothing is left in the module, and *why, when why is not
 * NULL, is the static reason).  *map_out receives the value map orig ->
 * clone for arguments, basic blocks and instructions; free it with
 * md_vmap_free. */
LLVMValueRef md_clone_function(LLVMValueRef f, const char *name,
                               LLVMTypeRef *extra, unsigned n_extra,
                               md_vmap **map_out, const char **why);

/* The clone's value for orig (argument, block as value, instruction), or
 * orig itself for constants/globals, or NULL if unmapped. */
LLVMValueRef md_vmap_lookup(const md_vmap *map, LLVMValueRef orig);

void md_vmap_free(md_vmap *map);

/* NULL if md_clone_function would not refuse f for what it contains,
 * else the static reason it would give (it can still fail for lack of
 * memory or a taken name). */
const char *md_clone_check(LLVMValueRef f, unsigned n_extra);

#endif /* MAGICDIV_MD_CLONE_H */
