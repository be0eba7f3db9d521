/*
 * md_pass.h -- the C side of the magicdiv pass plugin.
 *
 * The plugin is C11 against the LLVM C API.  plugin/md_bridge.cpp (the only
 * C++) registers the pass with the new pass manager, parses parameters into
 * md_options and forwards optimization remarks; everything else lives behind
 * the functions declared here.
 */
#ifndef MAGICDIV_MD_PASS_H
#define MAGICDIV_MD_PASS_H

#include <stddef.h>

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Pass options.  Each is a pipeline parameter `magicdiv<name;no-name>` and
 * may also be given as MAGICDIV_OPTIONS="name;no-name" in the environment
 * (for clang -fpass-plugin, which has no pipeline string). */
typedef struct md_options {
  int device;   /* transform kernels in NVPTX / AMDGPU modules      [on] */
  int host;     /* reroute CUDA/HIP launches in host modules         [on] */
  int sdiv;     /* transform signed sdiv/srem                        [on] */
  int wide;     /* 64-bit sequences (32-bit-valued i64 sites: always) [on] */
  int positive; /* signed forms that require d > 0 (runtime checks)  [on] */
  int any_target; /* treat functions marked "magicdiv-kernel" as kernels
                     on any target (tests; always on for x86 test IR) [on] */
  int verify;   /* verify each clone; drop it if the verifier fails  [on] */
} md_options;

void md_options_default(md_options *o);

/* Parse "a;no-b;c" into *o (starting from its current values).  Returns 0,
 * or -1 with a message in err for an unknown parameter. */
int md_options_parse(const char *params, md_options *o, char *err,
                     size_t errlen);

/* Run the pass on a module.  Returns 1 if the module changed. */
int md_run_module(LLVMModuleRef m, const md_options *o);

/* ---- remarks (implemented in md_bridge.cpp) ---- */
typedef enum md_remark_kind {
  MD_REMARK_PASSED = 0,   /* -Rpass=magicdiv          */
  MD_REMARK_MISSED = 1,   /* -Rpass-missed=magicdiv   */
  MD_REMARK_ANALYSIS = 2  /* -Rpass-analysis=magicdiv */
} md_remark_kind;

/* Emit an optimization remark named `name` with text `msg` at `where`, an
 * instruction or a function.  Cheap when remarks are off. */
void md_remark(md_remark_kind kind, LLVMValueRef where, const char *name,
               const char *msg);

/* printf-style convenience wrapper (md_pass.c). */
void md_remarkf(md_remark_kind kind, LLVMValueRef where, const char *name,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* MAGICDIV_MD_PASS_H */
