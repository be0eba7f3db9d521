/*
 * md_readset.c -- the read set of a descriptor (md_readset.h).
 *
 * The outcome of md_desc_fill_validated is a function of the bytes its
 * programs read (each MD_OP_ARG: parameter, offset, size) and the launch
 * dimensions they use (MD_OP_LAUNCH) and of nothing else: the programs
 * are pure and the magic generators deterministic.  The read set is
 * collected once per descriptor by walking every divisor and requirement
 * program.
 */
#include <stdlib.h>

#include "magicdiv/md_abi.h"
#include "desc/md_readset.h"

/* Reads while collecting: with their size; sorted by size at the end. */
typedef struct md_read_sz {
  md_read r;
  uint32_t size;
} md_read_sz;

typedef struct md_reads {
  uint32_t n;
  uint32_t dmask[6];
  md_read_sz r[MD_READS_MAX];
} md_reads;

static int md_reads_add(md_reads *rs, const uint8_t *o) {
  uint32_t param = md_rd16(o + MD_ARG_PARAM), off = md_rd32(o + MD_ARG_OFFSET);
  uint32_t size = o[MD_ARG_SIZE];
  for (uint32_t i = 0; i < rs->n; i++)
    if (rs->r[i].r.param == param && rs->r[i].r.off == off &&
        rs->r[i].size == size)
      return 0;
  if (rs->n == MD_READS_MAX)
    return -1;
  rs->r[rs->n].r.param = param;
  rs->r[rs->n].r.off = off;
  rs->r[rs->n].size = size;
  rs->n++;
  return 0;
}

/* Add the reads of the (validated) program at pc.  -1: too many. */
static int md_reads_walk(md_reads *rs, const uint8_t *d, uint32_t pc) {
  for (;;) {
    int op = d[pc];
    const uint8_t *o = d + pc + 1;
    if (op == MD_OP_END)
      return 0;
    if (op == MD_OP_ARG && md_reads_add(rs, o) != 0)
      return -1;
    if (op == MD_OP_LAUNCH) {
      int w = o[0]; /* md_dims order: block x y z, then grid x y z */
      if (w < MD_LAUNCH_ITEMS_X) {
        rs->dmask[w] = ~0u;
      } else {
        rs->dmask[w - MD_LAUNCH_ITEMS_X] = ~0u;
        rs->dmask[w - MD_LAUNCH_ITEMS_X + 3] = ~0u;
      }
    }
    pc += 1u + (uint32_t)md_op_operand_bytes(op);
  }
}

/* Add the reads of every program of the (validated) descriptor d. */
static int md_reads_desc(md_reads *c, const uint8_t *d) {
  uint32_t np = md_rd16(d + MD_H_NPARAMS), nd = md_rd16(d + MD_H_NDIV);
  uint32_t nr = md_rd16(d + MD_H_NREQ), i;
  const uint8_t *e = d + md_desc_div_table(np);
  for (i = 0; i < nd; i++, e += MD_DIV_ENTRY_SIZE)
    if (md_reads_walk(c, d, md_rd32(e + MD_E_CODE)) != 0)
      return -1;
  e = d + md_desc_req_table(np, nd);
  for (i = 0; i < nr; i++, e += MD_REQ_ENTRY_SIZE)
    if (md_reads_walk(c, d, md_rd32(e)) != 0)
      return -1;
  return 0;
}

md_readset *md_readset_make(const unsigned char *d, const unsigned char *d2) {
  static const uint32_t sizes[4] = {8, 4, 2, 1};
  uint32_t i, k, j = 0;
  md_readset *rs = NULL;
  md_reads *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  if (md_reads_desc(c, d) != 0 || (d2 && md_reads_desc(c, d2) != 0))
    goto out;
  rs = malloc(sizeof *rs + c->n * sizeof rs->r[0]);
  if (!rs)
    goto out;
  rs->n = c->n;
  rs->any_dims = 0;
  for (i = 0; i < 6; i++) {
    rs->dmask[i] = c->dmask[i];
    rs->any_dims |= c->dmask[i];
  }
  for (k = 0; k < 4; k++) { /* by size: 8, 4, 2, then 1 byte */
    rs->n_size[k] = 0;
    for (i = 0; i < c->n; i++)
      if (c->r[i].size == sizes[k]) {
        rs->r[j++] = c->r[i].r;
        rs->n_size[k]++;
      }
  }
out:
  free(c);
  return rs;
}
