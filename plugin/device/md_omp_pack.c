/*
 * md_omp_pack.c -- the magic values of an OpenMP clone: narrowed in a
 * kernel clone, packed into i64 slots for a microtask's clone and
 * unpacked there (md_omp_pack.h).
 */
#include <stdio.h>
#include <string.h>

#include "device/md_omp_pack.h"
#include "magicdiv/md_abi.h"
#include "support/md_assert.h"

static LLVMValueRef md_first_non_alloca(LLVMValueRef fn) {
  LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn));
  while (i && LLVMIsAAllocaInst(i))
    i = LLVMGetNextInstruction(i);
  return i;
}

void md_omp_narrow_params(LLVMValueRef clone, md_magic_vals *mv,
                          unsigned n) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned d, j;
  LLVMPositionBuilderBefore(b, md_first_non_alloca(clone));
  for (d = 0; d < n; d++) {
    LLVMValueRef *f[4] = {&mv[d].m, &mv[d].a, &mv[d].s, &mv[d].dsgn};
    unsigned w;
    if (!mv[d].m)
      continue;
    w = (unsigned)md_kind_width(mv[d].kind);
    for (j = 0; j < 4; j++) {
      char nm[64];
      size_t len = 0;
      const char *pn;
      if (!*f[j] || LLVMGetIntTypeWidth(LLVMTypeOf(*f[j])) == w)
        continue;
      pn = LLVMGetValueName2(*f[j], &len);
      snprintf(nm, sizeof nm, "%.*s.w", (int)len, pn);
      *f[j] = LLVMBuildTrunc(b, *f[j], LLVMIntTypeInContext(ctx, w), nm);
    }
  }
  LLVMDisposeBuilder(b);
}

/* ==== packed magic values (md_omp_pack.h) ==== */
#define MD_PACK32_A 32   /* bit of (a != 0) in a 32-bit kind's slot */
#define MD_PACK32_S 40   /* its s */
#define MD_PACK32_SGN 48 /* its (dsgn != 0) */
#define MD_PACK64_S 8    /* s in a 64-bit kind's second slot (a: bit 0) */
#define MD_PACK64_SGN 16 /* its (dsgn != 0) */

unsigned md_omp_packed_slots(const md_kdec *d, uint64_t used) {
  unsigned i, n = 0;
  for (i = 0; i < d->ndivs; i++)
    if (used >> i & 1)
      n += md_kind_width(d->divs[i].kind) == 64 ? 2 : 1;
  return n;
}

/* v (an integer) as i64: truncated or zero-extended. */
static LLVMValueRef md_to_i64(LLVMBuilderRef b, LLVMValueRef v) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  return w < 64 ? LLVMBuildZExt(b, v, i64, "") : w > 64 ? LLVMBuildTrunc(
                                                            b, v, i64, "")
                                                      : v;
}

/* (v != 0) as i64, shifted left by k. */
static LLVMValueRef md_flag_at(LLVMBuilderRef b, LLVMValueRef v, unsigned k) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  LLVMValueRef f = LLVMBuildZExt(
      b, LLVMBuildICmp(b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), ""), i64,
      "");
  return k ? LLVMBuildShl(b, f, LLVMConstInt(i64, k, 0), "") : f;
}

/* The low 8 bits of v as i64, shifted left by k. */
static LLVMValueRef md_byte_at(LLVMBuilderRef b, LLVMValueRef v, unsigned k) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  LLVMValueRef x = LLVMBuildAnd(b, md_to_i64(b, v), LLVMConstInt(i64, 0xff, 0),
                                "");
  return LLVMBuildShl(b, x, LLVMConstInt(i64, k, 0), "");
}

unsigned md_omp_pack(LLVMValueRef before, const md_kdec *d, uint64_t used,
                     LLVMValueRef *vals, LLVMTypeRef *types) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(vals[0]));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned i, in = 0, out = 0;
  LLVMPositionBuilderBefore(b, before);
  for (i = 0; i < d->ndivs; i++) {
    int np = md_kind_params(d->divs[i].kind, d->divs[i].flags);
    LLVMValueRef m, a, sh, sg, x;
    if (!(used >> i & 1))
      continue;
    m = vals[in], a = vals[in + 1], sh = vals[in + 2];
    sg = np > 3 ? vals[in + 3] : NULL;
    in += (unsigned)np;
    if (md_kind_width(d->divs[i].kind) == 64) {
      x = LLVMBuildOr(b, md_flag_at(b, a, 0), md_byte_at(b, sh, MD_PACK64_S),
                      "");
      if (sg)
        x = LLVMBuildOr(b, x, md_flag_at(b, sg, MD_PACK64_SGN), "");
      vals[out] = md_to_i64(b, m);
      types[out++] = i64;
    } else {
      x = LLVMBuildZExt(b, LLVMGetIntTypeWidth(LLVMTypeOf(m)) == 32
                               ? m
                               : LLVMBuildTrunc(b, m, i32, ""),
                        i64, "");
      x = LLVMBuildOr(b, x, md_flag_at(b, a, MD_PACK32_A), "");
      x = LLVMBuildOr(b, x, md_byte_at(b, sh, MD_PACK32_S), "");
      if (sg)
        x = LLVMBuildOr(b, x, md_flag_at(b, sg, MD_PACK32_SGN), "");
    }
    vals[out] = x;
    types[out++] = i64;
  }
  LLVMDisposeBuilder(b);
  MD_ASSERT(out == md_omp_packed_slots(d, used));
  return out;
}

/* Bit k of x (i64) as a w-bit 0 or -1. */
static LLVMValueRef md_bit_mask(LLVMBuilderRef b, LLVMValueRef x, unsigned k,
                                LLVMTypeRef t) {
  LLVMTypeRef i64 = LLVMTypeOf(x);
  LLVMValueRef bit = LLVMBuildAnd(
      b, k ? LLVMBuildLShr(b, x, LLVMConstInt(i64, k, 0), "") : x,
      LLVMConstInt(i64, 1, 0), "");
  return LLVMBuildNeg(b, t == i64 ? bit : LLVMBuildTrunc(b, bit, t, ""), "");
}

/* Bits k..k+7 of x (i64) as a w-bit value. */
static LLVMValueRef md_byte_of(LLVMBuilderRef b, LLVMValueRef x, unsigned k,
                               LLVMTypeRef t, const char *nm) {
  LLVMTypeRef i64 = LLVMTypeOf(x);
  LLVMValueRef v = LLVMBuildAnd(
      b, LLVMBuildLShr(b, x, LLVMConstInt(i64, k, 0), ""),
      LLVMConstInt(i64, 0xff, 0), t == i64 ? nm : "");
  return t == i64 ? v : LLVMBuildTrunc(b, v, t, nm);
}

void md_omp_unpack(LLVMValueRef clone, const md_kdec *d, uint64_t used,
                   md_magic_vals *mv) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(clone));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned p = LLVMCountParams(clone) - md_omp_packed_slots(d, used), i;
  char nm[48];
  MD_ASSERT(LLVMCountParams(clone) >= md_omp_packed_slots(d, used));
  LLVMPositionBuilderBefore(b, md_first_non_alloca(clone));
  for (i = 0; i < d->ndivs; i++) {
    int np = md_kind_params(d->divs[i].kind, d->divs[i].flags);
    unsigned w = (unsigned)md_kind_width(d->divs[i].kind);
    LLVMTypeRef t = LLVMIntTypeInContext(ctx, w);
    LLVMValueRef x, y;
    memset(&mv[i], 0, sizeof mv[i]);
    if (!(used >> i & 1))
      continue;
    mv[i].kind = d->divs[i].kind;
    mv[i].pow2_loops = d->o && d->o->pow2_loops;
    mv[i].keep_rolled = d->o && d->o->keep_rolled;
    x = LLVMGetParam(clone, p);
    snprintf(nm, sizeof nm, "md.p%u", p++);
    LLVMSetValueName2(x, nm, strlen(nm));
    y = x;
    if (w == 64) {
      y = LLVMGetParam(clone, p);
      snprintf(nm, sizeof nm, "md.p%u", p++);
      LLVMSetValueName2(y, nm, strlen(nm));
    }
    snprintf(nm, sizeof nm, "md.d%u.m", i);
    mv[i].m = w == 64 ? x : LLVMBuildTrunc(b, x, t, nm);
    snprintf(nm, sizeof nm, "md.d%u.a", i);
    mv[i].a = LLVMBuildAnd(
        b, mv[i].m, md_bit_mask(b, y, w == 64 ? 0 : MD_PACK32_A, t), nm);
    snprintf(nm, sizeof nm, "md.d%u.s", i);
    mv[i].s = md_byte_of(b, y, w == 64 ? MD_PACK64_S : MD_PACK32_S, t, nm);
    if (np > 3)
      mv[i].dsgn =
          md_bit_mask(b, y, w == 64 ? MD_PACK64_SGN : MD_PACK32_SGN, t);
  }
  LLVMDisposeBuilder(b);
}
