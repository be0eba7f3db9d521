/*
 * md_inkernel_gen.c -- the magic generator in IR and the zero-divisor
 * branch of the in-kernel transform (md_inkernel_gen.h).  64-bit sites
 * (section 11.1): for d < 2^32 the u64 magic from the 32-bit step's m0
 * and e_dn and one more reciprocal step; larger divisors run the original.
 *
 * The generator is md_magic_u32's (docs/MATH.md sections 4 and 6; section
 * 11 for the 32-bit remainder form of e_dn used here):
 *     p    = 31 - ctlz(d)                  s = p
 *     m0   = (2^(32+p) - 1) / d            m0 < 2^32, by one IEEE double
 *                                          reciprocal and a correction
 *     e_dn = -(m0 * d)      (mod 2^32)     = 2^(32+p) - m0*d, in [1, d]
 *     e_up = d - e_dn
 *     up   = (e_up - 1) <u 2^p             0 < e_up <= 2^p
 *     m    = m0 + up ; a = up ? 0 : m0
 */
#include "device/md_inkernel_gen.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "support/md_ir.h"

static unsigned md_ik_kind(LLVMContextRef ctx) {
  return LLVMGetMDKindIDInContext(ctx, MD_INKERNEL_MD,
                                  (unsigned)strlen(MD_INKERNEL_MD));
}

static void md_ik_mark(LLVMValueRef inst) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  LLVMValueRef node = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0));
  LLVMSetMetadata(inst, md_ik_kind(ctx), node);
}

int md_inkernel_marked(LLVMValueRef inst) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  return LLVMGetMetadata(inst, md_ik_kind(ctx)) != NULL;
}

/* ctlz(d) for d != 0 (llvm.ctlz.i32 with is_zero_poison). */
static LLVMValueRef md_ik_ctlz(LLVMBuilderRef b, LLVMValueRef d) {
  LLVMModuleRef m = LLVMGetGlobalParent(
      LLVMGetBasicBlockParent(LLVMGetInsertBlock(b)));
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  unsigned id = LLVMLookupIntrinsicID("llvm.ctlz", 9);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(m, id, &i32, 1);
  LLVMValueRef args[2];
  args[0] = d;
  args[1] = LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0);
  return LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, id, &i32, 1), fn, args,
                        2, "md.ik.lz");
}

/* m0 = floor((2^(32+p) - 1) / d) for 2^p <= d < 2^(p+1) (i64), without an
 * integer division (docs/MATH.md section 11):
 *     y  = RN(1 / d) * 2^(32+p)    one IEEE reciprocal (rcp.rn.f64), scaled
 *                                  exactly: y = RN(2^(32+p) / d)
 *     c  = trunc(y)                c is m0 or m0 + 1
 *     m0 = c - (c*d >= 2^(32+p))
 * 2^(32+p) is built from its bits, d < 2^32 converts exactly.  *rcp:
 * RN(1 / d), for the 64-bit step. */
static LLVMValueRef md_ik_m0(LLVMBuilderRef b, LLVMValueRef dd, LLVMValueRef p,
                             LLVMValueRef *rcp) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(dd));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), f64 = LLVMDoubleTypeInContext(ctx);
  LLVMValueRef p64 = LLVMBuildZExt(b, p, i64, "md.ik.p64"), dbits, dpow, y, c,
               d64 = LLVMBuildZExt(b, dd, i64, "md.ik.d64"), big;
  dbits = LLVMBuildShl(
      b, LLVMBuildAdd(b, p64, LLVMConstInt(i64, 1023 + 32, 0), "md.ik.e"),
      LLVMConstInt(i64, 52, 0), "md.ik.Dbits");
  y = *rcp = LLVMBuildFDiv(b, LLVMConstReal(f64, 1.0),
                           LLVMBuildUIToFP(b, dd, f64, "md.ik.df"), "md.ik.r");
  y = LLVMBuildFMul(b, y, LLVMBuildBitCast(b, dbits, f64, "md.ik.Df"), "md.ik.y");
  c = LLVMBuildFPToUI(b, y, i64, "md.ik.c");
  dpow = LLVMBuildShl(b, LLVMConstInt(i64, 1, 0),
                      LLVMBuildAdd(b, p64, LLVMConstInt(i64, 32, 0), "md.ik.sh"),
                      "md.ik.D");
  big = LLVMBuildICmp(b, LLVMIntUGE, LLVMBuildMul(b, c, d64, "md.ik.cd"), dpow,
                      "md.ik.big");
  return LLVMBuildSub(b, c, LLVMBuildZExt(b, big, i64, "md.ik.big64"), "md.ik.m0w");
}

/* Section 4's method choice at the width of d (i32 or i64): from m0 and
 * e_dn in [1, d], up = (d - e_dn - 1) <u 2^p; m = m0 + up; a = up ? 0 : m0. */
static void md_ik_pick(LLVMBuilderRef b, LLVMValueRef d, LLVMValueRef p,
                       LLVMValueRef m0, LLVMValueRef edn, LLVMValueRef *m,
                       LLVMValueRef *a) {
  LLVMTypeRef ty = LLVMTypeOf(d);
  int wide = LLVMGetIntTypeWidth(ty) == 64;
  LLVMValueRef one = LLVMConstInt(ty, 1, 0), eup, up, pow;
  eup = LLVMBuildSub(b, d, edn, "md.ik.eup");
  pow = LLVMBuildShl(b, one, p, "md.ik.pow");
  up = LLVMBuildICmp(b, LLVMIntULT, LLVMBuildSub(b, eup, one, "md.ik.eup1"),
                     pow, "md.ik.up");
  *m = LLVMBuildAdd(b, m0, LLVMBuildZExt(b, up, ty, wide ? "md.ik.up64" : "md.ik.up32"),
                    "md.ik.m");
  *a = LLVMBuildSelect(b, up, LLVMConstInt(ty, 0, 0), m0, "md.ik.a");
}

/* The 64-bit magic of d (i64 = zext of a 32-bit dd, 2^p <= dd) from the
 * 32-bit step's m0 and e = e_dn (i32) and r = RN(1/d) (section 11.1):
 *     N  = e*2^32 - 1;  y = RN(RN(e*r) * 2^32);  c = trunc(y)
 *     t  = N - c*d (signed);  Q = c + (t >= d) - (t < 0)
 *     m0_64 = m0*2^32 + Q;  e_dn64 = N - Q*d + 1;  then md_ik_pick. */
static void md_ik_gen64(LLVMBuilderRef b, LLVMValueRef d, LLVMValueRef p,
                        LLVMValueRef m0, LLVMValueRef e, LLVMValueRef r,
                        md_magic_vals *mv) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(d));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), f64 = LLVMDoubleTypeInContext(ctx);
  LLVMValueRef k32 = LLVMConstInt(i64, 32, 0), one = LLVMConstInt(i64, 1, 0);
  LLVMValueRef big, y, c, t, q, lo, hi, nn, m064, edn;
  nn = LLVMBuildSub(b, LLVMBuildShl(b, LLVMBuildZExt(b, e, i64, "md.ik.e64"), k32,
                                    "md.ik.e32"), one, "md.ik.N");
  y = LLVMBuildFMul(b, LLVMBuildUIToFP(b, e, f64, "md.ik.ef"), r, "md.ik.er");
  y = LLVMBuildFMul(b, y, LLVMConstReal(f64, 4294967296.0), "md.ik.y2");
  c = LLVMBuildFPToUI(b, y, i64, "md.ik.c2");
  t = LLVMBuildSub(b, nn, LLVMBuildMul(b, c, d, "md.ik.c2d"), "md.ik.t");
  hi = LLVMBuildICmp(b, LLVMIntSGE, t, d, "md.ik.thi");
  lo = LLVMBuildICmp(b, LLVMIntSLT, t, LLVMConstInt(i64, 0, 0), "md.ik.tlo");
  q = LLVMBuildSub(b, LLVMBuildAdd(b, c, LLVMBuildZExt(b, hi, i64, "md.ik.hi"),
                                   "md.ik.qh"),
                   LLVMBuildZExt(b, lo, i64, "md.ik.lo"), "md.ik.Q");
  edn = LLVMBuildAdd(b, LLVMBuildSub(b, nn, LLVMBuildMul(b, q, d, "md.ik.qd"),
                                     "md.ik.R"), one, "md.ik.edn64");
  m064 = LLVMBuildOr(b, LLVMBuildShl(b, LLVMBuildZExt(b, m0, i64, "md.ik.m0x"),
                                     k32, "md.ik.m0hi"), q, "md.ik.m064");
  big = LLVMBuildZExt(b, p, i64, "md.ik.s64");
  md_ik_pick(b, d, big, m064, edn, &mv->m, &mv->a);
  mv->s = big;
}

/* The 32-bit path's words (md_magic_s64_fast32, d in [1, 2^31)):
 * f1 = m32 | a32 << 32, f2 = s32 | 1 << 32. */
static void md_ik_fast32(LLVMBuilderRef b, LLVMValueRef m, LLVMValueRef a,
                         LLVMValueRef p, md_magic_vals *mv) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(m)));
  LLVMValueRef k32 = LLVMConstInt(i64, 32, 0);
  mv->f1 = LLVMBuildOr(b, LLVMBuildZExt(b, m, i64, "md.ik.m32"),
                       LLVMBuildShl(b, LLVMBuildZExt(b, a, i64, "md.ik.a32"),
                                    k32, "md.ik.a32hi"), "md.ik.f1");
  mv->f2 = LLVMBuildOr(b, LLVMBuildZExt(b, p, i64, "md.ik.s32"),
                       LLVMConstInt(i64, 1ull << 32, 0), "md.ik.f2");
}

/* The fast path's test on the frozen divisor u: u32 d != 0, s32 d > 0,
 * u64 d in [1, 2^32), s64 d in [1, 2^31) (as (d - 1) <u bound). */
static LLVMValueRef md_ik_ok(LLVMBuilderRef b, LLVMValueRef u, int is_signed) {
  LLVMTypeRef ty = LLVMTypeOf(u);
  if (LLVMGetIntTypeWidth(ty) == 32)
    return LLVMBuildICmp(b, is_signed ? LLVMIntSGT : LLVMIntNE, u,
                         LLVMConstInt(ty, 0, 0), "md.ik.ok");
  return LLVMBuildICmp(
      b, LLVMIntULT, LLVMBuildSub(b, u, LLVMConstInt(ty, 1, 0), "md.ik.dm1"),
      LLVMConstInt(ty, is_signed ? 0x7FFFFFFFull : 0xFFFFFFFFull, 0),
      "md.ik.ok");
}

void md_inkernel_gen(LLVMBuilderRef b, LLVMValueRef d, int is_signed,
                     int fast32, int narrow, md_magic_vals *mv,
                     LLVMValueRef *ok) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(d));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  int d64 = LLVMGetIntTypeWidth(LLVMTypeOf(d)) == 64, wide = d64 && !narrow;
  LLVMValueRef one = LLVMConstInt(i32, 1, 0), dd, p, m0, edn, r, m, a;
  memset(mv, 0, sizeof *mv);
  /* signed: the fast path takes d > 0 (dsgn = 0: no fix-up for the
   * divisor's sign); the other divisors run the original division.  A
   * 64-bit d: in [1, 2^31) (signed) or [1, 2^32), where trunc d is d --
   * for the narrow form too (docs/MATH.md 11.3) */
  *ok = md_ik_ok(b, d, is_signed);
  dd = d64 ? LLVMBuildTrunc(b, d, i32, "md.ik.d32") : d;
  dd = LLVMBuildSelect(b, *ok, dd, one, "md.ik.dd");
  p = LLVMBuildSub(b, LLVMConstInt(i32, 31, 0), md_ik_ctlz(b, dd), "md.ik.p");
  m0 = LLVMBuildTrunc(b, md_ik_m0(b, dd, p, &r), i32, "md.ik.m0");
  edn = LLVMBuildNeg(b, LLVMBuildMul(b, m0, dd, "md.ik.m0d"), "md.ik.edn");
  if (wide) {
    mv->kind = is_signed ? MD_KIND_S64 : MD_KIND_U64;
    md_ik_gen64(b, LLVMBuildZExt(b, dd, LLVMTypeOf(d), "md.ik.dd64"), p, m0,
                edn, r, mv);
    if (is_signed && fast32) {
      md_ik_pick(b, dd, p, m0, edn, &m, &a);
      md_ik_fast32(b, m, a, p, mv);
    }
    return;
  }
  mv->kind = is_signed ? MD_KIND_S32 : MD_KIND_U32;
  md_ik_pick(b, dd, p, m0, edn, &mv->m, &mv->a);
  mv->s = p;
}

/* Every use of bb is an operand of a br or switch (no blockaddress,
 * callbr, ...). */
static int md_ik_plain_targets(LLVMBasicBlockRef bb) {
  LLVMUseRef u;
  for (u = LLVMGetFirstUse(LLVMBasicBlockAsValue(bb)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsABranchInst(user) && !LLVMIsASwitchInst(user))
      return 0;
  }
  return 1;
}

/* Make every br / switch that targets `from` target `to`. */
static void md_ik_retarget(LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  LLVMValueRef fv = LLVMBasicBlockAsValue(from), tv = LLVMBasicBlockAsValue(to);
  LLVMUseRef u;
  while ((u = LLVMGetFirstUse(fv))) {
    LLVMValueRef user = LLVMGetUser(u);
    int i, n = LLVMGetNumOperands(user);
    for (i = 0; i < n; i++)
      if (LLVMGetOperand(user, i) == fv)
        LLVMSetOperand(user, (unsigned)i, tv);
  }
}

/* Nothing in [first, last] that may not be duplicated into two blocks:
 * allocas (the entry block's must stay there), PHIs, terminators. */
static int md_ik_range_ok(LLVMValueRef first, LLVMValueRef last) {
  LLVMValueRef i;
  for (i = first; i; i = LLVMGetNextInstruction(i)) {
    if (LLVMIsAAllocaInst(i) || LLVMIsAPHINode(i) || LLVMIsATerminatorInst(i))
      return 0;
    if (i == last)
      return 1;
  }
  return 0;
}

/* Replace every use of x outside block `inside` by v.  A user's operands
 * are rewritten all at once, which takes its uses off x's list (a user of
 * x twice, `or x, x`, has two there): the walk starts over after each. */
static void md_ik_replace_outside(LLVMValueRef x, LLVMValueRef v,
                                  LLVMBasicBlockRef inside) {
  LLVMUseRef u = LLVMGetFirstUse(x);
  while (u) {
    LLVMValueRef user = LLVMGetUser(u);
    int k, n;
    if (user == v || (LLVMIsAInstruction(user) &&
                      LLVMGetInstructionParent(user) == inside)) {
      u = LLVMGetNextUse(u);
      continue;
    }
    n = LLVMGetNumOperands(user);
    for (k = 0; k < n; k++)
      if (LLVMGetOperand(user, k) == x)
        LLVMSetOperand(user, (unsigned)k, v);
    u = LLVMGetFirstUse(x);
  }
}

/* Copies of [first, last], not inserted, in map (original -> copy).  0,
 * or -1 when out of memory (the copies deleted, map emptied). */
static int md_ik_clone_range(LLVMValueRef first, LLVMValueRef last,
                             md_map *map) {
  LLVMValueRef i;
  for (i = first;; i = LLVMGetNextInstruction(i)) {
    LLVMValueRef c = LLVMInstructionClone(i);
    if (md_map_put(map, i, c)) {
      LLVMValueRef j;
      LLVMDeleteInstruction(c);
      for (j = first; j != i; j = LLVMGetNextInstruction(j))
        LLVMDeleteInstruction(md_map_get(map, j));
      md_map_release(map);
      return -1;
    }
    if (i == last)
      return 0;
  }
}

/* Insert the copies at b, in order, operands remapped to the copies. */
static void md_ik_insert_range(LLVMBuilderRef b, LLVMValueRef first,
                               LLVMValueRef last, const md_map *map) {
  LLVMValueRef i;
  for (i = first;; i = LLVMGetNextInstruction(i)) {
    LLVMValueRef c = md_map_get(map, i), m;
    int k, n = LLVMGetNumOperands(i);
    for (k = 0; k < n; k++)
      if ((m = md_map_get(map, LLVMGetOperand(i, k))))
        LLVMSetOperand(c, (unsigned)k, m);
    LLVMInsertIntoBuilderWithName(b, c, "");
    if (i == last)
      return;
  }
}

/* After the move: a PHI at the top of bb for every value of the range
 * used outside the slow block. */
static void md_ik_join(LLVMBuilderRef b, LLVMBasicBlockRef bb,
                       LLVMBasicBlockRef fast, LLVMBasicBlockRef slow,
                       const md_map *map) {
  LLVMValueRef i, top = LLVMGetFirstInstruction(bb);
  for (i = LLVMGetFirstInstruction(slow); i; i = LLVMGetNextInstruction(i)) {
    LLVMUseRef u;
    LLVMValueRef phi, vals[2];
    LLVMBasicBlockRef blocks[2];
    int outside = 0;
    if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVoidTypeKind)
      continue;
    for (u = LLVMGetFirstUse(i); u && !outside; u = LLVMGetNextUse(u))
      outside = LLVMGetInstructionParent(LLVMGetUser(u)) != slow;
    if (!outside)
      continue;
    LLVMPositionBuilderBefore(b, top);
    phi = LLVMBuildPhi(b, LLVMTypeOf(i), "md.ik.res");
    vals[0] = md_map_get(map, i);
    vals[1] = i;
    blocks[0] = fast;
    blocks[1] = slow;
    md_ik_replace_outside(i, phi, slow);
    LLVMAddIncoming(phi, vals, blocks, 2);
  }
}

int md_inkernel_split(LLVMBuilderRef b, LLVMValueRef first, LLVMValueRef last,
                      LLVMValueRef ok, md_map *map) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(first), head, fast, slow;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(first));
  LLVMValueRef i, stop = LLVMGetNextInstruction(last);
  if (!md_ik_plain_targets(bb) || !md_ik_range_ok(first, last) ||
      md_ik_clone_range(first, last, map))
    return -1;
  head = LLVMInsertBasicBlockInContext(ctx, bb, "md.ik.head");
  fast = LLVMInsertBasicBlockInContext(ctx, bb, "md.ik.fast");
  slow = LLVMInsertBasicBlockInContext(ctx, bb, "md.ik.slow");
  md_ik_retarget(bb, head);
  LLVMPositionBuilderAtEnd(b, head);
  while ((i = LLVMGetFirstInstruction(bb)) != first) {
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(b, i);
  }
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(first));
  LLVMBuildCondBr(b, ok, fast, slow);
  LLVMPositionBuilderAtEnd(b, fast);
  md_ik_insert_range(b, first, last, map);
  LLVMBuildBr(b, bb);
  LLVMPositionBuilderAtEnd(b, slow);
  while ((i = LLVMGetFirstInstruction(bb)) != stop) {
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(b, i);
    if (md_is_div(i))
      md_ik_mark(i);
  }
  LLVMBuildBr(b, bb);
  md_ik_join(b, bb, fast, slow, map);
  return 0;
}

void md_inkernel_use_divisor(LLVMValueRef site, LLVMValueRef d) {
  LLVMValueRef od = LLVMGetOperand(site, 1), m;
  LLVMUseRef u;
  unsigned j;
  for (u = LLVMGetFirstUse(site); u; u = LLVMGetNextUse(u))
    if (LLVMIsAInstruction(m = LLVMGetUser(u)) &&
        LLVMGetInstructionOpcode(m) == LLVMMul && LLVMTypeOf(m) == LLVMTypeOf(d))
      for (j = 0; j < 2; j++)
        if (LLVMGetOperand(m, j) == od)
          LLVMSetOperand(m, j, d);
  LLVMSetOperand(site, 1, d);
}
