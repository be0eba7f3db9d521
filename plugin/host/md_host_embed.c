/*
 * md_host_embed.c -- a host module that calls the runtime carries it.
 *
 * The runtime, compiled when the plugin was built to position-independent
 * assembly text (plugin/embed/md_embed_gen.c), is appended to the module
 * as module-level assembly: the integrated assembler turns it into code of
 * the object, far cheaper than compiling the runtime again.  It comes in
 * parts -- common, CUDA, HIP, OpenMP -- and a module gets the common part
 * and those of the functions it calls.  Each part is one COMDAT group
 * (__magicdiv_rt_<tag>, __magicdiv_rt_<tag>_cuda, ...), so that an
 * executable or shared library keeps one copy (one cache, one memo, one
 * driver table) however many of its objects carry it; the public functions
 * are weak hidden trampolines that run the libmagicdiv_rt loaded in the
 * process if there is one.  docs/LAUNCH.md section 12 has the design; `no-embed-runtime`
 * turns it off (then link libmagicdiv_rt as before).
 */
#include "host/md_host_embed.h"

#include <llvm-c/TargetMachine.h>
#include <stdio.h>
#include <string.h>

#include "host/md_host.h"
#include "host/md_host_omp.h"
#include "support/md_asm_query.h"
#include "support/md_remark.h"

/* Field k (0-based, '-'-separated) of triple t equal in a and b? */
static int md_triple_field_eq(const char *a, const char *b, int k) {
  for (int i = 0; i < k; i++) {
    const char *na = strchr(a, '-'), *nb = strchr(b, '-');
    a = na ? na + 1 : a + strlen(a);
    b = nb ? nb + 1 : b + strlen(b);
  }
  size_t la = strcspn(a, "-"), lb = strcspn(b, "-");
  return la == lb && memcmp(a, b, la) == 0;
}

int md_host_embed_triple_ok(const char *a, const char *b) {
  char *na = LLVMNormalizeTargetTriple(a), *nb = LLVMNormalizeTargetTriple(b);
  int ok = na && nb && md_triple_field_eq(na, nb, 0) &&
           md_triple_field_eq(na, nb, 2) && md_triple_field_eq(na, nb, 3);
  LLVMDisposeMessage(na);
  LLVMDisposeMessage(nb);
  return ok;
}

/* The part that holds runtime function `name`, or -1 for none.  Without an
 * embedded runtime (no names): every md_* name is the common part's, to
 * say that there is none. */
static int md_embed_part_of(const char *name) {
  if (!md_embed_rt_names[0])
    return strncmp(name, "md_", 3) == 0 ? 0 : -1;
  for (size_t i = 0; md_embed_rt_names[i]; i++)
    if (strcmp(md_embed_rt_names[i], name) == 0)
      return md_embed_rt_name_part[i];
  return -1;
}

/* The parts m needs (bit p: part p; the common part with any other): those
 * of the runtime functions it uses and does not define.  *where: a place
 * for the remark (the first instruction using one, else the module's
 * first function definition).  A module that defines one of them is (part
 * of) the runtime itself: 0. */
static unsigned md_embed_needed(LLVMModuleRef m, LLVMValueRef *where) {
  unsigned parts = 0;
  *where = NULL;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    int p = md_embed_part_of(LLVMGetValueName2(f, &len));
    if (p < 0)
      continue;
    if (!LLVMIsDeclaration(f))
      return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      parts |= 1u | 1u << p;
      if (!*where && LLVMIsAInstruction(user))
        *where = user;
    }
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m); parts && !*where && f;
       f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      *where = f;
  return parts;
}

/* Does m carry part p already (a second run of the pass)?  Its text
 * starts with ".ifndef <its group's signature>". */
static int md_embed_carried(LLVMModuleRef m, int p) {
  size_t len;
  const char *text = LLVMGetModuleInlineAsm(m, &len);
  char guard[96];
  if (!text || len == 0)
    return 0;
  snprintf(guard, sizeof guard, "\t.ifndef\t__magicdiv_rt_%s%s\n",
           md_embed_rt_tag, md_embed_part_suffix(p));
  return strstr(text, guard) != NULL;
}

/* Why m cannot carry the runtime (a missed remark's text), or NULL.  The
 * runtime's code has no end-branch markers, so an object that promises
 * them (-fcf-protection: module flag cf-protection-branch) does not carry
 * it. */
static const char *md_embed_refused(LLVMModuleRef m, char *buf, size_t n) {
  const char *triple = LLVMGetTarget(m);
  if (md_embed_rt_asm_len[0] == 0)
    return "runtime not embedded: this MagicDiv.so was built without it; "
           "link libmagicdiv_rt";
  if (LLVMGetModuleFlag(m, "cf-protection-branch", 20))
    return "runtime not embedded: the module is compiled with "
           "-fcf-protection (the runtime's code has no end-branch markers); "
           "link libmagicdiv_rt";
  if (md_host_embed_triple_ok(triple ? triple : "", md_embed_rt_triple))
    return NULL;
  snprintf(buf, n,
           "runtime not embedded: host triple '%s' is not the plugin's '%s'; "
           "link libmagicdiv_rt",
           triple ? triple : "", md_embed_rt_triple);
  return buf;
}

/* Named metadata of a module md_host_embed_blocked left alone: a second
 * run (flang compiles a host module twice: to bitcode, then to an object)
 * says nothing again.  Not in the object. */
#define MD_EMBED_BLOCKED_MARK "magicdiv.host.unassembled"

int md_host_embed_blocked(LLVMModuleRef m, const md_options *o) {
  char why[320];
  const char *triple = LLVMGetTarget(m);
  const size_t nmark = sizeof MD_EMBED_BLOCKED_MARK - 1;
  LLVMValueRef where;
  if (!o->embed_runtime || md_embed_refused(m, why, sizeof why) ||
      md_asm_query_can(triple))
    return 0;
  if (LLVMGetNamedMetadata(m, MD_EMBED_BLOCKED_MARK, nmark))
    return 1;
  LLVMGetOrInsertNamedMetadata(m, MD_EMBED_BLOCKED_MARK, nmark);
  if ((where = md_host_omp_first_launch(m)) ||
      (where = md_host_first_launch(m)))
    md_remarkf(MD_REMARK_MISSED, where, MD_RN(RuntimeNotEmbedded),
               "magicdiv: host module left as it was: this compiler cannot "
               "assemble module-level assembly for '%s' (no assembler parser "
               "registered, as in flang), so it cannot carry the runtime; its "
               "launches run their original kernels (option no-embed-runtime "
               "and libmagicdiv_rt linked route them)",
               triple ? triple : "");
  return 1;
}

int md_host_embed_run(LLVMModuleRef m, const md_options *o) {
  LLVMValueRef where;
  char why[320], what[64] = "";
  unsigned parts = o->embed_runtime ? md_embed_needed(m, &where) : 0;
  int added = 0;
  if (!parts)
    return 0;
  const char *refused = md_embed_refused(m, why, sizeof why);
  if (refused) {
    md_remark(MD_REMARK_MISSED, where, MD_RN(RuntimeNotEmbedded), refused);
    return 0;
  }
  for (int p = 0; p < MD_EMBED_PARTS; p++)
    if ((parts >> p & 1u) && md_embed_rt_asm_len[p] > 0 &&
        !md_embed_carried(m, p)) {
      LLVMAppendModuleInlineAsm(m, md_embed_rt_asm[p], md_embed_rt_asm_len[p]);
      strcat(what, md_embed_part_what(p));
      added = 1;
    }
  if (added)
    md_remarkf(MD_REMARK_ANALYSIS, where, MD_RN(EmbeddedRuntime),
               "host module carries the magicdiv runtime %s (common%s; one "
               "copy per linked image): nothing to link; no-embed-runtime to "
               "link libmagicdiv_rt instead",
               md_embed_rt_tag, what);
  return added;
}
