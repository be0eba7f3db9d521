/*
 * md_tiers.c -- the plain tier: a second clone K__magicdiv_plain, built
 * without launch bets, for the launches in which a bet of K__magicdiv
 * fails.
 *
 * K__magicdiv may rely on facts checked at launch (requirements, and
 * MD_DF_DIV32 divisors below 2^32).  A requirement on the launch geometry
 * alone ("at most 2^31 threads") holds in practically every launch; one
 * that reads an argument ("pos = idx - 3*pad >= 0") can fail in every
 * launch of a program, and then the whole clone is lost.  A plain clone
 * doubles the kernel's build cost (backend and ptxas), so it is built per
 * kind of bet (docs/LAUNCH.md section 10):
 *   sign bets (a value that reads an argument is >= 0: limit 2^(w-1) - 1)
 *     fail in real launches (padding, offsets): plain clone;
 *   wide bets (a 64-bit index or divisor that reads an argument fits 32
 *     bits: limit 2^32 - 1, MD_DF_DIV32) fail only for tensors of 2^32
 *     elements or more: no plain clone unless tiers-wide -- a launch
 *     where one fails runs the original, as without the plugin.
 * For a kernel that gets one, the device transform runs a second time with launch-ranges off
 * and the plain names (MD_PLAIN_SUFFIX, MD_PLAIN_DESC_SUFFIX): the runtime
 * launches the ranged clone when every bet holds, else the plain clone when
 * its own divisors are valid, else the original (docs/LAUNCH.md "Tiers").
 *
 * The second run's remarks are muted; one remark says what happened.  When
 * the plain clone's body equals the ranged one (the bets changed no
 * sequence), the plain clone is deleted again: one clone, as without
 * tiers.
 *
 * The pow2 tier K__magicdiv_pow2 (md_pow2.h) is built the same way, by
 * md_device.c; md_tiers_pow2_settle keeps it only with exactly the
 * clone's function type and descriptor bytes (the runtime launches it
 * with the clone's arguments) and deletes its own descriptor.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "device/md_tiers.h"
#include "support/md_names.h"
#include "support/md_remark.h"

/* The bets of a descriptor beyond the launch geometry, by kind. */
typedef struct md_bets {
  unsigned sign; /* requirements on a value that reads an argument, with a
                    signed limit (2^(w-1) - 1: "pos >= 0", an int argument
                    >= 0): fail for ordinary arguments (a padding) */
  unsigned wide; /* requirements "a 64-bit value that reads an argument
                    fits 32 bits" (limit 2^32 - 1, an index or a divisor of
                    an i64 site in the u32 form): fail only for tensors of
                    2^32 elements or more */
  unsigned div32; /* MD_DF_DIV32 divisors that read an argument: a size_t
                     divisor below 2^32 */
} md_bets;

/* Whether the program at off of the (validated) descriptor d reads an
 * argument (*reads), and the constant it compares with last when it ends
 * in "const L; icmp" (*limit, else ~0). */
static void md_prog_scan(const uint8_t *d, size_t n, uint32_t off, int *reads,
                         uint64_t *limit) {
  uint64_t last = ~0ull;
  int prev = -1;
  *reads = 0;
  *limit = ~0ull;
  while (off < n) {
    int op = d[off], ob = md_op_operand_bytes(op);
    if (op == MD_OP_END || ob < 0 || off + 1u + (uint32_t)ob > n)
      return;
    if (op == MD_OP_ARG)
      *reads = 1;
    if (op == MD_OP_CONST)
      last = md_rd64(d + off + 2);
    if (op == MD_OP_ICMP && off + 1u + (uint32_t)ob < n &&
        d[off + 1u + (uint32_t)ob] == MD_OP_END)
      *limit = prev == MD_OP_CONST ? last : ~0ull;
    prev = op;
    off += 1u + (uint32_t)ob;
  }
}

/* The bets of the descriptor d[0..n) (md_bets). */
static void md_desc_bets(const uint8_t *d, size_t n, md_bets *b) {
  uint32_t np, nd, nr, i;
  uint64_t limit;
  int reads;
  memset(b, 0, sizeof *b);
  if (n < MD_DESC_HEADER_SIZE)
    return;
  np = md_rd16(d + MD_H_NPARAMS);
  nd = md_rd16(d + MD_H_NDIV);
  nr = md_rd16(d + MD_H_NREQ);
  if (md_desc_code_start(np, nd, nr) > n)
    return;
  for (i = 0; i < nd; i++) {
    const uint8_t *e = d + md_desc_div_table(np) + i * MD_DIV_ENTRY_SIZE;
    md_prog_scan(d, n, md_rd32(e + MD_E_CODE), &reads, &limit);
    if ((e[MD_E_FLAGS] & MD_DF_DIV32) && reads)
      b->div32++;
  }
  for (i = 0; i < nr; i++) {
    md_prog_scan(d, n,
                 md_rd32(d + md_desc_req_table(np, nd) +
                         i * MD_REQ_ENTRY_SIZE),
                 &reads, &limit);
    /* "x - 1 <= 2^32 - 1" is written "x <= 2^32" */
    if (reads && (limit == 0xFFFFFFFFull || limit == 0x100000000ull))
      b->wide++;
    else if (reads)
      b->sign++;
  }
}

/* The named global's constant bytes, or NULL. */
static const uint8_t *md_global_data(LLVMModuleRef m, const char *name,
                                     size_t *n) {
  LLVMValueRef g = LLVMGetNamedGlobal(m, name), init;
  if (!g || !(init = LLVMGetInitializer(g)) ||
      !LLVMIsAConstantDataSequential(init))
    return NULL;
  return (const uint8_t *)LLVMGetAsString(init, n);
}

/* 1 if functions a and b print the same after their signature lines. */
static int md_same_body(LLVMValueRef a, LLVMValueRef b) {
  char *sa = LLVMPrintValueToString(a), *sb = LLVMPrintValueToString(b);
  const char *ba = sa ? strchr(sa, '{') : NULL, *bb = sb ? strchr(sb, '{') : NULL;
  int same = ba && bb && strcmp(ba, bb) == 0;
  LLVMDisposeMessage(sa);
  LLVMDisposeMessage(sb);
  return same;
}

/* Names K + suffix for the four symbols of the two tiers; 0 when out of
 * memory (then everything is NULL). */
typedef struct md_tier_names {
  char *clone, *desc, *plain, *plain_desc;
} md_tier_names;

static int md_tier_names_make(md_tier_names *nm, LLVMValueRef kernel) {
  size_t kl = 0;
  const char *k = LLVMGetValueName2(kernel, &kl);
  nm->clone = md_name_suffix(k, kl, MD_CLONE_SUFFIX);
  nm->desc = md_name_suffix(k, kl, MD_DESC_SUFFIX);
  nm->plain = md_name_suffix(k, kl, MD_PLAIN_SUFFIX);
  nm->plain_desc = md_name_suffix(k, kl, MD_PLAIN_DESC_SUFFIX);
  return nm->clone && nm->desc && nm->plain && nm->plain_desc;
}

static void md_tier_names_free(md_tier_names *nm) {
  free(nm->clone);
  free(nm->desc);
  free(nm->plain);
  free(nm->plain_desc);
}

int md_tiers_wanted(LLVMModuleRef m, const md_options *o, LLVMValueRef kernel) {
  size_t klen = 0, n = 0;
  const char *kname = LLVMGetValueName2(kernel, &klen);
  md_tier_names nm;
  const uint8_t *d = NULL;
  md_bets b;
  int ok = md_tier_names_make(&nm, kernel);
  if (ok && o->launch_ranges && o->tiers)
    d = md_global_data(m, nm.desc, &n);
  md_tier_names_free(&nm);
  if (!d)
    return 0;
  md_desc_bets(d, n, &b);
  if (b.sign || (o->tiers_wide && b.wide + b.div32))
    return 1;
  if (b.wide + b.div32)
    md_remarkf(MD_REMARK_ANALYSIS, kernel, MD_RN(TierSkipped),
               "magicdiv: kernel '%.*s': one clone: its bets on arguments "
               "(%u value(s) assumed below 2^32, %u divisor(s) assumed "
               "below 2^32) fail only for tensors of 2^32 elements or more "
               "and 64-bit divisors of 2^32 or more, where the original "
               "runs (option tiers-wide builds a plain clone for them)",
               (int)klen, kname, b.wide, b.div32);
  else if (n >= MD_DESC_HEADER_SIZE && md_rd16(d + MD_H_NREQ))
    md_remarkf(MD_REMARK_ANALYSIS, kernel, MD_RN(TierNotNeeded),
               "magicdiv: kernel '%.*s': one clone: its launch "
               "requirements involve only the launch geometry",
               (int)klen, kname);
  return 0;
}

int md_tiers_settle(LLVMModuleRef m, LLVMValueRef kernel, int made,
                    LLVMValueRef *pc, LLVMValueRef *pd) {
  size_t klen = 0, n = 0;
  const char *kname = LLVMGetValueName2(kernel, &klen);
  md_tier_names nm;
  LLVMValueRef rc, rd;
  const uint8_t *d;
  md_bets b = {0, 0, 0};
  int same = 0;
  *pc = *pd = NULL;
  if (!md_tier_names_make(&nm, kernel)) {
    md_tier_names_free(&nm);
    return 0;
  }
  if (!made) {
    md_remarkf(MD_REMARK_MISSED, kernel, MD_RN(TierNone),
               "magicdiv: kernel '%.*s': no plain clone (without launch "
               "bets it gets none): a launch whose bet fails runs the "
               "original",
               (int)klen, kname);
    md_tier_names_free(&nm);
    return 0;
  }
  rc = LLVMGetNamedFunction(m, nm.clone);
  rd = LLVMGetNamedGlobal(m, nm.desc);
  *pc = LLVMGetNamedFunction(m, nm.plain);
  *pd = LLVMGetNamedGlobal(m, nm.plain_desc);
  same = rc && rd && *pc && *pd && md_same_body(rc, *pc);
  if (same) {
    md_remarkf(MD_REMARK_ANALYSIS, kernel, MD_RN(TierSame),
               "magicdiv: kernel '%.*s': one clone: without its launch "
               "bets it is the same code",
               (int)klen, kname);
  } else {
    if ((d = md_global_data(m, nm.desc, &n)))
      md_desc_bets(d, n, &b);
    md_remarkf(MD_REMARK_PASSED, kernel, MD_RN(PlainTier),
               "magicdiv: kernel '%.*s' also cloned as '%s' without launch "
               "bets (%u requirement(s) on arguments, %u divisor(s) "
               "assumed below 2^32): launches where a bet fails run it "
               "instead of the original",
               (int)klen, kname, nm.plain, b.sign + b.wide, b.div32);
  }
  md_tier_names_free(&nm);
  return same;
}

/* Why the built pow2 tier pc (descriptor pd) cannot be kept beside the
 * ranged clone rc (descriptor rd), or NULL when it can. */
static const char *md_pow2_unfit(LLVMModuleRef m, LLVMValueRef rc,
                                 LLVMValueRef rd, LLVMValueRef pc,
                                 LLVMValueRef pd) {
  size_t rn = 0, pn = 0;
  const uint8_t *rb = rd ? md_global_data(m, LLVMGetValueName(rd), &rn) : NULL;
  const uint8_t *pb = pd ? md_global_data(m, LLVMGetValueName(pd), &pn) : NULL;
  if (!rc || !pc || !rb || !pb)
    return "it could not be built";
  if (LLVMGlobalGetValueType(rc) != LLVMGlobalGetValueType(pc) || rn != pn ||
      memcmp(rb, pb, rn) != 0)
    return "its parameters or descriptor would differ from the clone's";
  if (md_same_body(rc, pc))
    return "it would be the same code (no u64 site of its own)";
  return NULL;
}

void md_tiers_pow2_settle(LLVMModuleRef m, LLVMValueRef kernel, int made,
                          double share, LLVMValueRef *pc, LLVMValueRef *pd) {
  size_t klen = 0;
  const char *kname = LLVMGetValueName2(kernel, &klen), *why;
  char *cn = md_name_suffix(kname, klen, MD_CLONE_SUFFIX);
  char *dn = md_name_suffix(kname, klen, MD_DESC_SUFFIX);
  char *pn = md_name_suffix(kname, klen, MD_POW2_SUFFIX);
  char *pdn = md_name_suffix(kname, klen, MD_POW2_DESC_SUFFIX);
  *pc = pn ? LLVMGetNamedFunction(m, pn) : NULL;
  *pd = pdn ? LLVMGetNamedGlobal(m, pdn) : NULL;
  why = !made ? "it could not be built"
              : md_pow2_unfit(m, cn ? LLVMGetNamedFunction(m, cn) : NULL,
                              dn ? LLVMGetNamedGlobal(m, dn) : NULL, *pc, *pd);
  if (why)
    md_remarkf(MD_REMARK_ANALYSIS, kernel, MD_RN(Pow2NoTier),
               "magicdiv: kernel '%.*s': no pow2 tier: %s",
               (int)klen, kname, why);
  else {
    char why_built[64] = "option pow2-kernel-all";
    if (share >= 0)
      snprintf(why_built, sizeof why_built,
               "%.1f %% of its work for powers of two", share);
    md_remarkf(MD_REMARK_PASSED, kernel, MD_RN(Pow2Tier),
               "magicdiv: kernel '%.*s' also cloned as '%s', every u64 "
               "division a shift (%s): launches whose u64 divisors are all "
               "powers of two run it (option pow2-kernel)",
               (int)klen, kname, pn, why_built);
    *pc = NULL; /* kept */
  }
  free(cn);
  free(dn);
  free(pn);
  free(pdn);
}
