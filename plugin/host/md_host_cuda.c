/*
 * md_host_cuda.c -- the host transform's CUDA clone discovery
 * (md_host_cuda.h).
 *
 * The runtime finds a CUDA kernel's clone at its first launch
 * (cuModuleGetFunction), so every launch of a registered kernel can be
 * routed.  But a non-rdc host module embeds the device code it registers:
 *     @__cuda_fatbin_wrapper = { i32 0x466243b1, i32 1, ptr @fatbin, ptr }
 *     __cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
 * and @fatbin's cubins and PTX (md_host_fatbin.c) say which kernels have a
 * clone.  The launches of the others would only pay the runtime's no-clone
 * path, so md_host.c leaves them alone (md_reg.no_clone).  With -fgpu-rdc
 * (old driver: __cudaRegisterLinkedBinary_*; new driver: offload entries)
 * the device code is linked later and every launch stays routed, as it
 * does when the fatbinary cannot be read.
 */
#include "host/md_host_cuda.h"

#include <string.h>

#include "host/md_host_fatbin.h"
#include "support/md_remark.h"

#define MD_CUDA_FATBIN_WRAPPER_MAGIC 0x466243b1u

typedef struct md_cuda_bin {
  md_fatbin_clones clones;
  int seen;        /* __cudaRegisterFatBinary calls */
  const char *why; /* why the clones are not known, or NULL */
} md_cuda_bin;

static void md_cuda_fatbin_cb(md_host *h, LLVMValueRef call, void *arg) {
  md_cuda_bin *b = arg;
  LLVMValueRef w = md_reg_strip(LLVMGetOperand(call, 0)), init, magic, bin;
  const char *bytes;
  size_t len = 0;
  (void)h;
  if (b->seen++) {
    md_fatbin_clones_free(&b->clones);
    b->why = "the module registers more than one fatbinary";
    return;
  }
  if (!w || !LLVMIsAGlobalVariable(w) || !(init = LLVMGetInitializer(w)) ||
      !LLVMIsAConstantStruct(init) ||
      !(magic = LLVMGetAggregateElement(init, 0)) ||
      !LLVMIsAConstantInt(magic) ||
      LLVMConstIntGetZExtValue(magic) != MD_CUDA_FATBIN_WRAPPER_MAGIC ||
      !(bin = LLVMGetAggregateElement(init, 2)) ||
      !(bytes = md_reg_global_bytes(bin, &len))) {
    b->why = "the fatbinary is not a constant of the module";
    return;
  }
  if (md_fatbin_clones_read((const unsigned char *)bytes, len, &b->clones,
                            &b->why) != 0 &&
      !b->why)
    b->why = md_host_oom;
}

void md_cuda_clones(md_host *h) {
  md_cuda_bin b;
  md_reg *first = NULL;
  size_t i;
  for (i = 0; i < h->n && !first; i++)
    if (h->regs[i].kind == MD_CUDA && h->regs[i].call)
      first = &h->regs[i];
  if (!first)
    return;
  memset(&b, 0, sizeof b);
  md_reg_for_calls(h, "__cudaRegisterFatBinary", md_cuda_fatbin_cb, &b);
  if (!b.seen)
    b.why = "no __cudaRegisterFatBinary call (-fgpu-rdc: the device code "
            "is linked later)";
  if (b.why) {
    md_remarkf(MD_REMARK_ANALYSIS, first->where, md_host_why_name(b.why),
               "magicdiv: every launch of a registered kernel is routed "
               "(the runtime looks for its clone): the clones are not "
               "known at compile time: %s",
               b.why);
    md_fatbin_clones_free(&b.clones);
    return;
  }
  for (i = 0; i < h->n; i++) {
    md_reg *r = &h->regs[i];
    if (r->kind != MD_CUDA || !r->call ||
        md_fatbin_has_clone(&b.clones, r->name))
      continue;
    r->no_clone = 1;
    md_remarkf(MD_REMARK_ANALYSIS, r->where, MD_RN(HostNoClone),
               "magicdiv: kernel '%s' has no clone in the embedded "
               "fatbinary: its launches are left alone",
               r->name);
  }
  md_fatbin_clones_free(&b.clones);
}
