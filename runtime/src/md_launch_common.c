/*
 * md_launch_common.c -- per-launch work shared by the CUDA and HIP paths:
 * accept a descriptor once (validation), and on every launch turn the
 * original argument array into the clone's (original args + magic args).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_desc.h"
#include "md_launch_internal.h"
#include "md_launch_memo.h"

int md_entry_set_desc(md_entry *e, const unsigned char *desc, size_t size) {
  int r = desc ? md_desc_validate(desc, size) : MD_ERR_INVALID;
  if (r != MD_OK) {
    e->status = r;
    snprintf(e->why, sizeof e->why, "descriptor rejected (%zu bytes)", size);
    return -1;
  }
  e->desc_ref = desc;
  e->desc_size = size;
  e->n_params = md_rd16(desc + MD_H_NPARAMS);
  e->n_extra = md_rd16(desc + MD_H_NEXTRA);
  e->status = MD_OK;
  e->rs = md_readset_make(desc); /* NULL: every launch evaluates */
  if (md_env_log_desc()) { /* MAGICDIV_LOG=2: the descriptor, disassembled */
    md_logf("kernel '%s': descriptor (%zu bytes):", e->name ? e->name : "?",
            size);
    md_desc_dump(desc, size, stderr);
  }
  return 0;
}

char *md_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}

md_dims md_dims_of(md_dim3 grid, md_dim3 block) {
  md_dims d;
  d.grid[0] = grid.x;
  d.grid[1] = grid.y;
  d.grid[2] = grid.z;
  d.block[0] = block.x;
  d.block[1] = block.y;
  d.block[2] = block.z;
  return d;
}

/* The memo (md_launch_memo.c) first: a launch whose inputs are those of
 * this thread's last launch of the kernel gets that launch's outcome, and
 * its argument array, without evaluating anything; otherwise the
 * descriptor is evaluated and the outcome remembered. */
int md_clone_args_make(const md_entry *e, void **args, const md_dims *dims,
                       md_clone_args *ca) {
  uint32_t np = e->n_params, nx = e->n_extra, i;
  md_memo *m;
  void **out;
  int r;
  ca->args = ca->inline_args;
  ca->lent = NULL;
  if (np && !args)
    return MD_ERR_INVALID;
  m = md_memo_find(e, args, dims);
  if (m) {
    r = m->status;
  } else {
    r = md_desc_fill_validated(e->desc_ref, e->desc_size, args, dims,
                               &ca->extra);
    m = md_memo_store(e, args, dims, r, e->clone, &ca->extra);
  }
  if (r != MD_OK)
    return r;
  if (m && (out = md_memo_lend(m, args))) {
    ca->args = out;
    ca->lent = m;
    return MD_OK;
  }
  if (m) /* lent to another md_clone_args: a copy */
    md_memo_copy(m, &ca->extra);
  ca->extra.n_params = np;
  ca->extra.n_extra = nx;
  if ((size_t)np + nx > sizeof ca->inline_args / sizeof ca->inline_args[0]) {
    ca->args = malloc(((size_t)np + nx) * sizeof *ca->args);
    if (!ca->args) {
      ca->args = ca->inline_args;
      return MD_ERR_INVALID;
    }
  }
  out = ca->args; /* md_build_args without its checks */
  for (i = 0; i < np; i++)
    out[i] = args[i];
  for (i = 0; i < nx; i++)
    out[np + i] = &ca->extra.value[i];
  return MD_OK;
}

void md_clone_args_free(md_clone_args *ca) {
  if (ca->lent) {
    md_memo_return(ca->lent);
    ca->lent = NULL;
  } else if (ca->args != ca->inline_args) {
    free(ca->args);
  }
  ca->args = ca->inline_args;
}
