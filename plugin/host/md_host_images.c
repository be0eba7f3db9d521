/*
 * md_host_images.c -- loading the device images a host module embeds
 * (md_host_images.h).
 */
#include "host/md_host_images.h"

#include <llvm-c/BitReader.h>
#include <string.h>

const char *md_images_global_init_bytes(LLVMValueRef g, size_t *len) {
  LLVMValueRef init;
  if (!g || !LLVMIsAGlobalVariable(g) || LLVMIsDeclaration(g))
    return NULL;
  init = LLVMGetInitializer(g);
  if (!init || !LLVMIsAConstantDataSequential(init))
    return NULL;
  return LLVMGetAsString(init, len);
}

/* Image im into out->img[out->n]; 0, or -1 with out->why. */
static int md_dev_image_add(const md_offload_image *im, int cubin_ok,
                            md_dev_images *out) {
  md_dev_image *o;
  if (out->n == MD_MAX_DEV_IMAGES) {
    out->why = "too many device images";
    return -1;
  }
  o = &out->img[out->n];
  if (im->image_kind == MD_IMG_OBJECT ||
      (cubin_ok && im->image_kind == MD_IMG_CUBIN)) {
    o->elf = im->image;
    o->size = im->size;
  } else if (im->image_kind == MD_IMG_BITCODE) {
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)im->image, im->size, "magicdiv-device", 0);
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef mod = NULL;
    int bad = LLVMParseBitcodeInContext2(ctx, buf, &mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
      LLVMContextDispose(ctx);
      out->why = "an embedded device bitcode image does not parse";
      return -1;
    }
    o->ctx = ctx;
    o->mod = mod;
  } else {
    out->why = "an embedded device image of an unexpected kind";
    return -1;
  }
  out->n++;
  return 0;
}

void md_dev_images_load(LLVMModuleRef m, md_image_want_fn want, int cubin_ok,
                        md_dev_images *out) {
  LLVMValueRef g;
  memset(out, 0, sizeof *out);
  for (g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    const char *sec = LLVMGetSection(g), *bytes, *why = NULL;
    md_offload_image im[MD_MAX_DEV_IMAGES];
    size_t len = 0;
    int k, n;
    if (!sec || strcmp(sec, ".llvm.offloading") != 0)
      continue;
    out->seen = 1;
    if (!(bytes = md_images_global_init_bytes(g, &len))) {
      out->why = "the embedded offload binary is not a constant";
      return;
    }
    n = md_codeobj_offload_images((const unsigned char *)bytes, len, im,
                                  MD_MAX_DEV_IMAGES, &why);
    if (n < 0) {
      out->why = why;
      return;
    }
    for (k = 0; k < n; k++)
      if (want(&im[k]) && md_dev_image_add(&im[k], cubin_ok, out))
        return;
  }
}

void md_dev_images_free(md_dev_images *im) {
  size_t i;
  for (i = 0; i < im->n; i++)
    if (im->img[i].mod) {
      LLVMDisposeModule(im->img[i].mod);
      LLVMContextDispose(im->img[i].ctx);
    }
  im->n = 0;
}
