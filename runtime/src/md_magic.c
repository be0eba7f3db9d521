/* md_magic.c -- placeholder, replaced by the real generators. */
#include "magicdiv/md_magic.h"
int md_magic_u32(uint32_t d, md_u32_magic *out) { (void)d; (void)out; return MD_ERR_INVALID; }
int md_magic_s32(int32_t d, md_s32_magic *out) { (void)d; (void)out; return MD_ERR_INVALID; }
int md_magic_u64(uint64_t d, md_u64_magic *out) { (void)d; (void)out; return MD_ERR_INVALID; }
int md_magic_s64(int64_t d, md_s64_magic *out) { (void)d; (void)out; return MD_ERR_INVALID; }
