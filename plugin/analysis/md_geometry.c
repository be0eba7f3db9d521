/*
 * md_geometry.c -- the table of GPU launch-geometry intrinsics
 * (md_geometry.h).
 */
#include "analysis/md_geometry.h"

#include <string.h>

#include "support/md_ir.h"

static const struct {
  md_target target;
  md_geom_kind kind;
  const char *prefix;
} md_geom_table[] = {
    {MD_TARGET_NVPTX, MD_GEOM_THREAD_ID, "llvm.nvvm.read.ptx.sreg.tid."},
    {MD_TARGET_NVPTX, MD_GEOM_BLOCK_ID, "llvm.nvvm.read.ptx.sreg.ctaid."},
    {MD_TARGET_NVPTX, MD_GEOM_BLOCK_SIZE, "llvm.nvvm.read.ptx.sreg.ntid."},
    {MD_TARGET_NVPTX, MD_GEOM_GRID_SIZE, "llvm.nvvm.read.ptx.sreg.nctaid."},
    {MD_TARGET_AMDGPU, MD_GEOM_THREAD_ID, "llvm.amdgcn.workitem.id."},
    {MD_TARGET_AMDGPU, MD_GEOM_BLOCK_ID, "llvm.amdgcn.workgroup.id."},
};

int md_geom_of_call(LLVMValueRef v, md_geom *g) {
  LLVMValueRef callee = md_called_fn(v);
  const char *name;
  size_t len = 0, k;
  if (!callee)
    return 0;
  name = LLVMGetValueName2(callee, &len);
  for (k = 0; k < sizeof md_geom_table / sizeof md_geom_table[0]; k++) {
    size_t pl = strlen(md_geom_table[k].prefix);
    if (!md_name_has_prefix(callee, md_geom_table[k].prefix))
      continue;
    g->target = md_geom_table[k].target;
    g->kind = md_geom_table[k].kind;
    g->axis = len == pl + 1 && name[pl] >= 'x' && name[pl] <= 'z'
                  ? name[pl] - 'x'
                  : -1;
    return 1;
  }
  return 0;
}
