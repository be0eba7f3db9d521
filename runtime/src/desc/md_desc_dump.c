/*
 * md_desc_dump.c -- a text disassembly of a descriptor (md_desc.h).
 *
 * One line for the header, one per divisor (kind, flags "positive" and
 * "div32", magic parameter range) and one per requirement, each
 * program as its postfix ops separated by spaces:
 *
 *   magicdiv descriptor v2: 3 params (8 4 16), 2 divisors, 7 magic params, 1 requirement
 *   divisor 0: u32 extra 0-2: arg1:i32
 *   divisor 1: s32 positive extra 3-5: arg2+4:i32 arg2+8:i32 mul.i32.nsw
 *   requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64
 *
 * Used by MAGICDIV_LOG=2 and by the md-desc-dump tool of the tests.
 */
#include <stdio.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_desc.h"

/* The ops of a validated program at pc, up to (not including) END. */
static void md_dump_program(const uint8_t *d, uint32_t pc, FILE *f) {
  const char *sep = "";
  for (;;) {
    const uint8_t *p = d + pc;
    const uint8_t *o = p + 1;
    int op = p[0];
    pc += (uint32_t)md_op_size(op);
    if (op == MD_OP_END)
      break;
    fputs(sep, f);
    sep = " ";
    switch (md_op_form(op)) {
    case MD_FORM_ARG: {
      uint32_t off = md_rd32(o + MD_ARG_OFFSET);
      fprintf(f, "%s%u", md_op_mnemonic(op), md_rd16(o + MD_ARG_PARAM));
      if (off)
        fprintf(f, "+%u", off);
      fprintf(f, ":i%u", 8u * o[MD_ARG_SIZE]);
      break;
    }
    case MD_FORM_CONST:
      fprintf(f, "%s.i%u.%llu", md_op_mnemonic(op), o[0],
              (unsigned long long)md_rd64(o + 1));
      break;
    case MD_FORM_LAUNCH:
      fprintf(f, "%s.%s", md_op_mnemonic(op), md_launch_str(o[0]));
      break;
    case MD_FORM_ICMP:
      fprintf(f, "%s.%s.i%u", md_op_mnemonic(op), md_pred_str(o[1]), o[0]);
      break;
    case MD_FORM_SELECT:
      fprintf(f, "%s.i%u", md_op_mnemonic(op), o[0]);
      break;
    case MD_FORM_CAST:
      fprintf(f, "%s.i%u.i%u", md_op_mnemonic(op), o[0], o[1]);
      break;
    default: /* MD_FORM_BINARY */
      fprintf(f, "%s.i%u%s%s%s%s", md_op_mnemonic(op), o[0],
              (o[1] & MD_OF_NSW) ? ".nsw" : "", (o[1] & MD_OF_NUW) ? ".nuw" : "",
              (o[1] & MD_OF_EXACT) ? ".exact" : "",
              (o[1] & MD_OF_DISJOINT) ? ".disjoint" : "");
      break;
    }
  }
  fputc('\n', f);
}

int md_desc_dump(const void *desc, size_t size, FILE *f) {
  const uint8_t *d = desc;
  int st = md_desc_validate(desc, size);
  if (f == NULL)
    return MD_ERR_INVALID;
  if (st != MD_OK) {
    fprintf(f, "magicdiv descriptor: invalid (%s)\n", md_status_str(st));
    return st;
  }
  uint32_t np = md_rd16(d + MD_H_NPARAMS), nd = md_rd16(d + MD_H_NDIV);
  uint32_t nr = md_rd16(d + MD_H_NREQ), i;
  fprintf(f, "magicdiv descriptor v%u: %u params (", md_rd16(d + MD_H_VERSION),
          np);
  for (i = 0; i < np; i++)
    fprintf(f, "%s%u", i ? " " : "", md_rd32(d + MD_DESC_HEADER_SIZE + 4 * i));
  fprintf(f, "), %u divisors, %u magic params, %u requirement%s\n", nd,
          md_rd16(d + MD_H_NEXTRA), nr, nr == 1 ? "" : "s");
  for (i = 0; i < nd; i++) {
    const uint8_t *e = d + md_desc_div_table(np) + i * MD_DIV_ENTRY_SIZE;
    int kind = e[MD_E_KIND], flags = e[MD_E_FLAGS];
    uint32_t first = md_rd16(e + MD_E_FIRST);
    fprintf(f, "divisor %u: %s%s%s%s extra %u-%u: ", i, md_kind_str(kind),
            (flags & MD_DF_POSITIVE) ? " positive" : "",
            (flags & MD_DF_DIV32) ? " div32" : "",
            (flags & MD_DF_FAST32) ? " fast32" : "", first,
            first + (uint32_t)md_kind_params(kind, flags) - 1);
    md_dump_program(d, md_rd32(e + MD_E_CODE), f);
  }
  for (i = 0; i < nr; i++) {
    fprintf(f, "requirement %u: ", i);
    md_dump_program(d, md_rd32(d + md_desc_req_table(np, nd) +
                               i * MD_REQ_ENTRY_SIZE), f);
  }
  return MD_OK;
}
