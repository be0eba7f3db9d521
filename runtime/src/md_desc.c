/* md_desc.c -- placeholder, replaced by the descriptor evaluator. */
#include "magicdiv/magicdiv.h"
int md_desc_validate(const void *desc, size_t size) { (void)desc; (void)size; return MD_ERR_DESC_MALFORMED; }
int md_desc_fill(const void *desc, size_t size, void *const *args, const md_dims *dims, md_extra *out) {
  (void)desc; (void)size; (void)args; (void)dims; (void)out; return MD_ERR_DESC_MALFORMED; }
int md_build_args(const md_extra *ex, void *const *args, void **out_args, size_t out_cap) {
  (void)ex; (void)args; (void)out_args; (void)out_cap; return MD_ERR_INVALID; }
