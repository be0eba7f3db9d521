/*
 * md_inkernel_price.c -- the in-kernel benefit model's prices per target
 * (md_inkernel_price.h).
 */
#include "device/md_inkernel_price.h"

static const md_ik_prices md_ik_prices_nvptx = {
#define MD_IK_PRICE_NVPTX(f, nvptx, amdgpu, what) nvptx,
    MD_IK_PRICE_LIST(MD_IK_PRICE_NVPTX)
#undef MD_IK_PRICE_NVPTX
};

static const md_ik_prices md_ik_prices_amdgpu = {
#define MD_IK_PRICE_AMDGPU(f, nvptx, amdgpu, what) amdgpu,
    MD_IK_PRICE_LIST(MD_IK_PRICE_AMDGPU)
#undef MD_IK_PRICE_AMDGPU
};

const md_ik_prices *md_inkernel_price_for(md_target t) {
  return t == MD_TARGET_AMDGPU ? &md_ik_prices_amdgpu : &md_ik_prices_nvptx;
}

double md_inkernel_price_site(const md_ik_prices *p, LLVMValueRef inst,
                              md_site_mode mode, unsigned char nn) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  int s = op == LLVMSDiv || op == LLVMSRem;
  if (mode == MD_MODE_NARROW)
    return p->save_narrow;
  if (mode == MD_MODE_SEXT)
    return nn == 2 ? p->save_sext_guarded
           : nn    ? p->save_sext_nonneg
                   : p->save_sext;
  if (md_value_width(inst) == 64)
    return s ? p->save_s64 : p->save_u64;
  return !s               ? p->save_u32
         : nn == 2        ? p->save_s32_guarded
         : nn             ? p->save_s32_nonneg
         : op == LLVMSDiv ? p->save_s32_div
                          : p->save_s32;
}
