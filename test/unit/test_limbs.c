/*
 * test_limbs.c -- the limb forms of the 64-bit device sequences
 * (md_magic.h md_eval_u64_limbs / md_eval_u64_ptx and the inline PTX
 * MD_U64_PTX_CHAIN the pass emits on NVPTX), checked three ways:
 *
 *   test_limbs ptx [--count C] [--seed S]
 *       Interprets the exact PTX strings MD_U64_PTX_CHAIN and
 *       MD_U64_PTX_CHAIN_POW2 (the branch over the products, with its
 *       predicate as the pass computes it and never taken) instruction by
 *       instruction, with PTX semantics (32-bit registers, the carry flag
 *       CC.CF set by .cc and consumed by madc/addc), for C random and edge
 *       (n, m, a) triples -- a arbitrary, not only 0 or m; m = a = 2^64 - 1
 *       with random n for the branch -- and compares the results,
 *       md_eval_u64_ptx and md_eval_u64_limbs with hi_64(n*m + a) computed
 *       in unsigned __int128.
 *
 *   test_limbs exhaustive16 [--signed]
 *       The same three sequences at reduced width: 16-bit words, 8-bit
 *       limbs (the interpreter runs the same PTX text with 8-bit
 *       registers; the C forms are width-generic), with the 16-bit magic
 *       (same generator as md_magic.c at N = 16), for EVERY n and EVERY d:
 *       quotient, remainder as q*(-d) + n, and the narrow remainder
 *       lo8(n) - lo8(q)*lo8(d) when d < 2^8.  --signed: every s16 n and
 *       d != 0 through |n|, the core and the conditional negate, with the
 *       narrow remainder when d fits signed 8 bits.  The interpreter runs
 *       on every 61st (n + d) (it is ~20x slower than the C forms); the C forms
 *       on every n.
 *
 *   test_limbs pairs [--count C] [--seed S]
 *       Full width: C random and edge (n, d) pairs through md_magic_u64 and
 *       md_magic_s64 and every 64-bit device form (md_eval_u64_dev,
 *       md_eval_u64_ptx, the remainders, s64) against unsigned __int128 /
 *       C's operators.  CI runs 2*10^6; the >= 10^9 run is
 *       `test_limbs pairs --count 1000000000` (bench/RESULTS.md).
 *
 * Exits 1 at the first mismatch (printed), else prints a summary line.
 */
#include "magicdiv/md_magic.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned __int128 u128;

/* ---------------------------------------------------------------- rng --- */
static uint64_t rng_x;
static uint64_t rng_next(void) { /* splitmix64 */
  uint64_t z = (rng_x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A 64-bit value biased towards edges: all-ones runs, powers of two +-
 * small, small values, or uniform. */
static uint64_t rng_edge64(void) {
  uint64_t r = rng_next(), k = rng_next() % 64;
  switch (r % 8) {
  case 0:
    return ~0ull >> k;
  case 1:
    return (1ull << k) + (rng_next() % 5) - 2;
  case 2:
    return rng_next() % 4096;
  case 3:
    return ~0ull - rng_next() % 4096;
  case 4:
    return rng_next() >> k; /* log-uniform */
  default:
    return rng_next();
  }
}

/* ------------------------------------------------- PTX interpreter --- */
/* Registers are h-bit (h = 32: the real PTX; h = 8: the reduced width);
 * .b64 values are 2h-bit.  Only what MD_U64_PTX_CHAIN uses is accepted:
 * .reg declarations, mov.b64 {lo, hi}, $k / mov.b64 $0, {lo, hi},
 * mad.lo[.cc], madc.lo[.cc], madc.hi[.cc], add.cc, addc, sub.cc, subc with
 * .u32, xor.b32, shr.s32 (MD_S64_ABS_PTX / MD_S64_CNEG_PTX), and for
 * MD_U32_PTX .reg .u64, mul.wide.u32, cvt.u64.u32, add.s64 (2h-bit
 * registers) and the sink `_`; for MD_U64_PTX_CHAIN_POW2 the branch
 * `@$k bra L;` (taken when parameter $k is nonzero) and its label `L:`
 * before a later statement.  $k operands are parameters: $0 and (for ABS) $1
 * outputs, the others inputs. */
enum {
  OP_UNPACK, OP_PACK, OP_MAD, OP_ADD, OP_SUB, OP_XOR, OP_SHRS,
  OP_MULWIDE, OP_MOV, OP_ADD64, OP_BRA, OP_SETP, OP_SHR, OP_SHR64
};
typedef struct pinst {
  int op, hi, carry_in, carry_out;
  int d, a, b, c; /* register indices; -1 - k for the immediate/param k;
                     OP_BRA: a the predicate (b: negated, c: none, always
                     taken), d the target instruction; OP_PACK: d the
                     destination (-100: $0) */
} pinst;

#define MAXREG 32
#define MAXINST 64
static char reg_names[MAXREG][16];
static int n_regs;
static pinst prog[MAXINST];
static int n_prog;

static int reg_index(const char *name, size_t len) {
  int i;
  for (i = 0; i < n_regs; i++)
    if (strlen(reg_names[i]) == len && memcmp(reg_names[i], name, len) == 0)
      return i;
  if (n_regs == MAXREG || len >= sizeof reg_names[0])
    return -1000;
  memcpy(reg_names[n_regs], name, len);
  reg_names[n_regs][len] = 0;
  return n_regs++;
}

/* Operand: a register name, "$k" (returned as -100 - k) or a decimal
 * immediate (returned as -1 - value, value < 50). */
static int operand(const char **pp) {
  const char *p = *pp, *q;
  int v;
  while (*p == ' ' || *p == ',' || *p == '{' || *p == '\t')
    p++;
  q = p;
  if (*p == '$') {
    v = -100 - (p[1] - '0');
    *pp = p + 2;
    return v;
  }
  if (*p >= '0' && *p <= '9') {
    v = (int)strtol(p, (char **)pp, 10);
    return -1 - v;
  }
  if (*p == '_' && !(p[1] >= 'a' && p[1] <= 'z')) { /* the sink */
    *pp = p + 1;
    return reg_index("md__sink", 8);
  }
  while ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9') || *q == '_')
    q++;
  *pp = q;
  return reg_index(p, (size_t)(q - p));
}

/* Branch labels, by name: where each is defined (-1: not yet); each
 * branch's d holds its label's index until the end of parsing. */
#define MAXLAB 4
static char label_name[MAXLAB][16];
static int label_at[MAXLAB], n_labels;

static int label_index(const char *name, size_t len) {
  int i;
  for (i = 0; i < n_labels; i++)
    if (strlen(label_name[i]) == len && memcmp(label_name[i], name, len) == 0)
      return i;
  if (n_labels == MAXLAB || len == 0 || len >= sizeof label_name[0])
    return -1;
  memcpy(label_name[n_labels], name, len);
  label_name[n_labels][len] = 0;
  label_at[n_labels] = -1;
  return n_labels++;
}

/* "L:" at the start of l (a label defined before this statement): its
 * position recorded, l advanced past it.  0 on a label defined twice. */
static int take_label(const char **lp) {
  const char *l = *lp, *q = l;
  int k;
  while ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_')
    q++;
  if (q == l || *q != ':')
    return 1;
  k = label_index(l, (size_t)(q - l));
  if (k < 0 || label_at[k] >= 0)
    return 0;
  label_at[k] = n_prog;
  q++;
  while (*q == '\n' || *q == '\t' || *q == ' ')
    q++;
  *lp = q;
  return 1;
}

/* The statements of MD_S64_FAST32_PTX beyond the others: [@[!]p] bra L,
 * setp.lt.u32, shr.u32, shr.u64 and mov.b64 r, {lo, hi}.  1 parsed into
 * *in, 0 not one of them, -1 malformed. */
static int parse_more(const char *l, pinst *in) {
  const char *q = l;
  if (*q == '@' || strncmp(q, "bra ", 4) == 0) {
    in->op = OP_BRA;
    in->c = *q != '@';
    if (*q == '@') {
      q++;
      in->b = *q == '!';
      q += in->b;
      in->a = operand(&q);
      while (*q == ' ')
        q++;
      if (strncmp(q, "bra ", 4) != 0)
        return -1;
    }
    q += 4;
    in->d = label_index(q, strlen(q));
    return in->d < 0 ? -1 : 1;
  }
  if (strncmp(q, "setp.lt.u32 ", 12) == 0)
    in->op = OP_SETP;
  else if (strncmp(q, "shr.u32 ", 8) == 0)
    in->op = OP_SHR;
  else if (strncmp(q, "shr.u64 ", 8) == 0)
    in->op = OP_SHR64;
  else if (strncmp(q, "mov.b64 md_", 11) == 0 && strchr(q, '{')) {
    q += 8;
    in->op = OP_PACK;
    in->d = operand(&q);
    in->a = operand(&q);
    in->b = operand(&q);
    return 1;
  } else
    return 0;
  q = strchr(q, ' ');
  in->d = operand(&q);
  in->a = operand(&q);
  in->b = operand(&q);
  return 1;
}

static int parse_ptx(const char *text) {
  const char *p = text;
  char line[256];
  int i, more;
  n_regs = n_prog = n_labels = 0;
  while (*p) {
    const char *e = strchr(p, ';');
    size_t len;
    const char *l;
    pinst in;
    if (!e)
      break;
    len = (size_t)(e - p);
    if (len >= sizeof line)
      return 0;
    memcpy(line, p, len);
    line[len] = 0;
    p = e + 1;
    l = line;
    while (*l == '{' || *l == '\n' || *l == '\t' || *l == ' ')
      l++;
    if (!take_label(&l))
      return 0;
    memset(&in, 0, sizeof in);
    if (strncmp(l, ".reg .u32 ", 10) == 0 ||
        strncmp(l, ".reg .u64 ", 10) == 0 ||
        strncmp(l, ".reg .pred ", 10) == 0) {
      const char *q = l + 10 + (l[5] == 'p');
      while (*q)
        if (operand(&q) < 0)
          return 0;
      continue;
    }
    if ((more = parse_more(l, &in)) < 0) {
      return 0;
    } else if (more) {
      /* parsed */
    } else if (strncmp(l, "mov.b64 {", 9) == 0) { /* unpack: mov.b64 {lo, hi}, $k */
      const char *q = l + 8;
      in.op = OP_UNPACK;
      in.d = operand(&q);
      in.a = operand(&q);
      while (*q == '}' || *q == ',' || *q == ' ')
        q++;
      in.b = operand(&q);
    } else if (strncmp(l, "mul.wide.u32 ", 13) == 0 ||
               strncmp(l, "cvt.u64.u32 ", 12) == 0 ||
               strncmp(l, "add.s64 ", 8) == 0) {
      const char *q = strchr(l, ' ');
      in.op = l[0] == 'm' ? OP_MULWIDE : l[0] == 'c' ? OP_MOV : OP_ADD64;
      in.d = operand(&q);
      in.a = operand(&q);
      if (in.op != OP_MOV)
        in.b = operand(&q);
    } else if (strncmp(l, "mov.b64 $0,", 11) == 0) { /* pack */
      const char *q = l + 11;
      in.op = OP_PACK;
      in.d = -100;
      in.a = operand(&q);
      in.b = operand(&q);
    } else {
      const char *q = l;
      if (strncmp(q, "madc.", 5) == 0) {
        in.op = OP_MAD;
        in.carry_in = 1;
        q += 5;
      } else if (strncmp(q, "mad.", 4) == 0) {
        in.op = OP_MAD;
        q += 4;
      } else if (strncmp(q, "addc.", 5) == 0) {
        in.op = OP_ADD;
        in.carry_in = 1;
        q += 5;
      } else if (strncmp(q, "add.", 4) == 0) {
        in.op = OP_ADD;
        q += 4;
      } else if (strncmp(q, "subc.", 5) == 0) {
        in.op = OP_SUB;
        in.carry_in = 1;
        q += 5;
      } else if (strncmp(q, "sub.", 4) == 0) {
        in.op = OP_SUB;
        q += 4;
      } else if (strncmp(q, "xor.b32 ", 8) == 0) {
        in.op = OP_XOR;
        q += 4; /* at "b32 " */
      } else if (strncmp(q, "shr.s32 ", 8) == 0) {
        in.op = OP_SHRS;
        q += 4;
      } else {
        return 0;
      }
      if (in.op == OP_MAD) {
        if (strncmp(q, "hi.", 3) == 0)
          in.hi = 1;
        else if (strncmp(q, "lo.", 3) != 0)
          return 0;
        q += 3;
      }
      if (strncmp(q, "cc.", 3) == 0) {
        in.carry_out = 1;
        q += 3;
      }
      if (strncmp(q, in.op == OP_XOR ? "b32 " : in.op == OP_SHRS ? "s32 " : "u32 ", 4) != 0)
        return 0;
      q += 4;
      in.d = operand(&q);
      in.a = operand(&q);
      in.b = operand(&q);
      if (in.op == OP_MAD)
        in.c = operand(&q);
    }
    if (n_prog == MAXINST)
      return 0;
    prog[n_prog++] = in;
  }
  for (i = 0; i < n_prog; i++) /* forward branches to defined labels */
    if (prog[i].op == OP_BRA) {
      if (label_at[prog[i].d] <= i)
        return 0;
      prog[i].d = label_at[prog[i].d];
    }
  return n_prog > 0;
}

/* Run the program with h-bit registers; param[k] is $k (inputs as given,
 * outputs written back).  Returns $0. */
static uint64_t run_prog(unsigned h, uint64_t *param) {
  uint64_t reg[MAXREG], mask = (h == 64) ? ~0ull : (1ull << h) - 1;
  uint64_t cf = 0, out = 0;
  int i;
#define VAL(x) ((x) <= -100 ? param[-100 - (x)] : (x) < 0 ? (uint64_t)(-1 - (x)) : reg[x])
  memset(reg, 0, sizeof reg);
  for (i = 0; i < n_prog; i++) {
    const pinst *in = &prog[i];
    uint64_t s;
    switch (in->op) {
    case OP_UNPACK: {
      uint64_t x = VAL(in->b);
      if (in->d <= -100)
        param[-100 - in->d] = x & mask;
      else
        reg[in->d] = x & mask;
      if (in->a <= -100)
        param[-100 - in->a] = (x >> h) & mask;
      else
        reg[in->a] = (x >> h) & mask;
      break;
    }
    case OP_MULWIDE: /* h x h -> 2h bits */
      s = VAL(in->a) * VAL(in->b);
      goto store;
    case OP_MOV: /* cvt.u64.u32: zero-extension */
      s = VAL(in->a);
      goto store;
    case OP_ADD64:
      s = (VAL(in->a) + VAL(in->b)) & (mask | (mask << h));
      goto store;
    case OP_PACK:
      s = (VAL(in->b) << h) | VAL(in->a);
      if (in->d <= -100)
        out = s;
      goto store;
    case OP_BRA: /* forward: the loop's i++ lands on the target */
      if (in->c || (VAL(in->a) != 0) != in->b)
        i = in->d - 1;
      break;
    case OP_SETP:
      s = VAL(in->a) < VAL(in->b);
      goto store;
    case OP_SHR: /* PTX: shift amounts >= h give 0 */
      s = VAL(in->b) >= h ? 0 : VAL(in->a) >> VAL(in->b);
      goto store;
    case OP_SHR64:
      s = VAL(in->b) >= 2 * h ? 0 : VAL(in->a) >> VAL(in->b);
      goto store;
    case OP_XOR:
      s = (VAL(in->a) ^ VAL(in->b)) & mask;
      goto store;
    case OP_SHRS: { /* arithmetic: replicate bit h-1 */
      uint64_t x = VAL(in->a), k = VAL(in->b);
      s = x >> k;
      if (x >> (h - 1))
        s |= mask & ~(mask >> k);
      goto store;
    }
    case OP_SUB: {
      uint64_t x = VAL(in->a), y = VAL(in->b) + (in->carry_in ? cf : 0);
      s = (x - y) & mask;
      if (in->carry_out)
        cf = x < y; /* borrow */
      goto store;
    }
    store:
      if (in->d <= -100)
        param[-100 - in->d] = s;
      else
        reg[in->d] = s;
      break;
    case OP_MAD: {
      u128 p = (u128)VAL(in->a) * VAL(in->b); /* 2h-bit product */
      uint64_t part = in->hi ? (uint64_t)(p >> h) & mask : (uint64_t)p & mask;
      s = part + VAL(in->c) + (in->carry_in ? cf : 0);
      reg[in->d] = s & mask;
      if (in->carry_out)
        cf = s >> h; /* 0 or 1: each term < 2^h */
      break;
    }
    default: /* OP_ADD */
      s = VAL(in->a) + VAL(in->b) + (in->carry_in ? cf : 0);
      reg[in->d] = s & mask;
      if (in->carry_out)
        cf = s >> h;
      break;
    }
  }
#undef VAL
  (void)out;
  return param[0];
}

static pinst prog_core[MAXINST], prog_pow2[MAXINST], prog_abs[MAXINST],
    prog_cneg[MAXINST], prog_u32[MAXINST], prog_fast32[MAXINST];
static int n_core, n_pow2, n_abs, n_cneg, n_u32, n_fast32;

static int load_prog(const char *text, pinst *dst, int *n) {
  if (!parse_ptx(text))
    return 0;
  memcpy(dst, prog, sizeof prog);
  *n = n_prog;
  return 1;
}

static void use_prog(const pinst *src, int n) {
  memcpy(prog, src, sizeof prog);
  n_prog = n;
}

/* The u64 core (MD_U64_PTX_CHAIN), h-bit registers, on 2h-bit n, m, a. */
static uint64_t run_ptx(unsigned h, uint64_t n, uint64_t m, uint64_t a) {
  uint64_t param[4] = {0, n, m, a};
  use_prog(prog_core, n_core);
  return run_prog(h, param);
}

/* The core with the branch over the products (MD_U64_PTX_CHAIN_POW2), its
 * predicate $4 as given. */
static uint64_t run_pow2_pred(unsigned h, uint64_t n, uint64_t m, uint64_t a,
                              uint64_t pred) {
  uint64_t param[5] = {0, n, m, a, pred};
  use_prog(prog_pow2, n_pow2);
  return run_prog(h, param);
}

/* ... with $4 as the pass computes it: (m & a) == 2^2h - 1. */
static uint64_t run_pow2(unsigned h, uint64_t n, uint64_t m, uint64_t a) {
  uint64_t all = h == 32 ? ~0ull : (1ull << 2 * h) - 1;
  return run_pow2_pred(h, n, m, a, (m & a) == all);
}

/* MD_U32_PTX with h-bit registers: hi_h(n*m + a). */
static uint64_t run_u32_ptx(unsigned h, uint64_t n, uint64_t m, uint64_t a) {
  uint64_t param[4] = {0, n, m, a};
  use_prog(prog_u32, n_u32);
  return run_prog(h, param);
}

/* The s64 quotient on NVPTX: ABS, core, shift, CNEG, all interpreted. */
static int64_t run_s64_ptx(int64_t n, const md_s64_magic *g) {
  uint64_t pa[4] = {0, 0, (uint64_t)n, 0}, pc[4];
  uint64_t un, t, uq;
  use_prog(prog_abs, n_abs);
  un = run_prog(32, pa);
  t = pa[1] ^ ((uint64_t)g->dsgn & 0xffffffffu);
  uq = run_ptx(32, un, g->m, g->a) >> g->s;
  pc[0] = 0;
  pc[1] = uq;
  pc[2] = t;
  pc[3] = 0;
  use_prog(prog_cneg, n_cneg);
  return (int64_t)run_prog(32, pc);
}

/* MD_S64_FAST32_PTX with h-bit registers on a 2h-bit n: g = (m, a, s,
 * dsgn) the 2h-bit magic of |d| and its sign, f = (m32, a32, s32, lim) the
 * h-bit words of the 32-bit path. */
static uint64_t run_fast32(unsigned h, uint64_t n, const uint64_t *g,
                           const uint64_t *f) {
  uint64_t mask = (1ull << h) - 1;
  uint64_t param[10] = {0, n, g[0], g[1], g[2], f[0], f[1], f[2], f[3],
                        g[3] & mask};
  use_prog(prog_fast32, n_fast32);
  return run_prog(h, param);
}

/* --------------------------------------- width-generic C limb forms --- */
/* md_eval_u64_limbs with h-bit limbs, 2h-bit words (h <= 32). */
static uint64_t limbs_h(unsigned h, uint64_t n, uint64_t m, uint64_t a) {
  uint64_t lo = (1ull << h) - 1;
  uint64_t n0 = n & lo, n1 = n >> h, m0 = m & lo, m1 = m >> h;
  uint64_t a0 = a & lo, a1 = a >> h;
  uint64_t x = n0 * m0 + a0;
  uint64_t t = n1 * m0 + a1 + (x >> h);
  uint64_t y = n0 * m1 + (t & lo);
  return n1 * m1 + (t >> h) + (y >> h);
}

/* 16-bit magic, md_magic.c's generator at N = 16. */
typedef struct m16 {
  uint64_t m, a, s;
} m16;
static m16 magic16(uint64_t d) {
  m16 g;
  unsigned p = 0;
  uint64_t D, m0, e_dn;
  while ((d >> (p + 1)) != 0)
    p++;
  D = 1ull << (16 + p);
  m0 = (D - 1) / d;
  e_dn = D - m0 * d;
  g.s = p;
  if (e_dn <= (1ull << p)) { /* round-down */
    g.m = m0;
    g.a = m0;
  } else { /* round-up */
    g.m = m0 + 1;
    g.a = 0;
  }
  return g;
}

static int fail16(const char *what, int64_t n, int64_t d, int64_t want,
                  int64_t got) {
  printf("FAIL exhaustive16 %s: n=%" PRId64 " d=%" PRId64 " want %" PRId64
         " got %" PRId64 "\n",
         what, n, d, want, got);
  return 1;
}

static int exhaustive16_unsigned(uint64_t *checks) {
  uint64_t d, n;
  for (d = 1; d < 65536; d++) {
    m16 g = magic16(d);
    if (g.m > 0xffff)
      return fail16("magic width", 0, (int64_t)d, 0, (int64_t)g.m);
    for (n = 0; n < 65536; n++) {
      uint64_t want = n / d, wr = n % d;
      uint64_t q = limbs_h(8, n, g.m, g.a) >> g.s;
      uint64_t r = (q * (0x10000 - d) + n) & 0xffff; /* q*(-d) + n */
      if (q != want)
        return fail16("u16 limbs q", (int64_t)n, (int64_t)d, (int64_t)want,
                      (int64_t)q);
      if (r != wr)
        return fail16("u16 rem", (int64_t)n, (int64_t)d, (int64_t)wr,
                      (int64_t)r);
      if (d < 256) {
        uint64_t r8 = ((q & 0xff) * ((0x100 - d) & 0xff) + (n & 0xff)) & 0xff;
        if (r8 != wr)
          return fail16("u16 rem8", (int64_t)n, (int64_t)d, (int64_t)wr,
                        (int64_t)r8);
      }
      if ((n + d) % 61 == 0) {
        uint64_t qp = run_ptx(8, n, g.m, g.a) >> g.s;
        uint64_t qb = run_pow2(8, n, g.m, g.a) >> g.s;
        if (qb != want)
          return fail16("u16 ptx q (pow2 branch)", (int64_t)n, (int64_t)d,
                        (int64_t)want, (int64_t)qb);
        if (qp != want)
          return fail16("u16 ptx q", (int64_t)n, (int64_t)d, (int64_t)want,
                        (int64_t)qp);
      }
      (*checks)++;
    }
  }
  return 0;
}

static int exhaustive16_signed(uint64_t *checks) {
  int64_t d, n;
  for (d = -32768; d < 32768; d++) {
    m16 g;
    uint64_t ad, dsgn;
    if (d == 0)
      continue;
    ad = (uint64_t)(d < 0 ? -d : d);
    g = magic16(ad);
    dsgn = d < 0;
    for (n = -32768; n < 32768; n++) {
      int64_t want, wr, q, r;
      uint64_t un, uq, nsgn = n < 0;
      if (n == -32768 && d == -1)
        continue; /* undefined */
      want = n / d;
      wr = n % d;
      un = (uint64_t)(n < 0 ? -n : n); /* |n| <= 2^15 */
      uq = limbs_h(8, un, g.m, g.a) >> g.s;
      q = (nsgn ^ dsgn) ? -(int64_t)uq : (int64_t)uq;
      /* r = q*(-d) + n mod 2^16, read as signed */
      r = (int64_t)(int16_t)(uint16_t)((uint64_t)q * (uint64_t)(-d) +
                                       (uint64_t)n);
      if (q != want)
        return fail16("s16 q", n, d, want, q);
      if (r != wr)
        return fail16("s16 rem", n, d, wr, r);
      if (d >= -128 && d < 128) {
        int64_t r8 = (int64_t)(int8_t)(uint8_t)((uint64_t)q * (uint64_t)(-d) +
                                                (uint64_t)n);
        if (r8 != wr)
          return fail16("s16 rem8", n, d, wr, r8);
      }
      (*checks)++;
    }
  }
  return 0;
}

/* ------------------------------------------------------ full width --- */
/* hi_64(n*m + a) five ways: the chain, the chain with the branch over the
 * products as emitted (taken for m = a = 2^64 - 1) and with the branch
 * never taken, the C chain, the limbs. */
/* ------------------------------------------ s64 with the 32-bit path --- */
/* N-bit magic (md_magic.c's generator at width N <= 16) of 1 <= d < 2^N. */
static m16 magic_n(uint64_t d, unsigned N) {
  m16 g;
  unsigned p = 0;
  uint64_t D, m0;
  while ((d >> (p + 1)) != 0)
    p++;
  D = 1ull << (N + p);
  m0 = (D - 1) / d;
  g.s = p;
  g.m = D - m0 * d <= (1ull << p) ? m0 : m0 + 1;
  g.a = D - m0 * d <= (1ull << p) ? m0 : 0;
  return g;
}

/* One s16 pair at 8-bit registers: the snippet with the words
 * md_magic_s64_fast32 gives at this width (lim_on = 0: lim forced to 0,
 * the 64-bit path for every n).  1 on a mismatch (printed). */
static int fast32_pair16(int64_t n, int64_t d, int lim_on) {
  uint64_t ud = (uint64_t)(d < 0 ? -d : d), g[4], f[4] = {0, 0, 0, 0};
  m16 w = magic16(ud);
  int64_t want = n / d;
  uint64_t got;
  g[0] = w.m, g[1] = w.a, g[2] = w.s, g[3] = d < 0 ? 0xffff : 0;
  if (d > 0 && lim_on) {
    f[3] = 1;
    if (d < 256) {
      m16 v = magic_n((uint64_t)d, 8);
      f[0] = v.m, f[1] = v.a, f[2] = v.s;
    }
  }
  got = run_fast32(8, (uint64_t)n & 0xffff, g, f) & 0xffff;
  if (got != ((uint64_t)want & 0xffff))
    return fail16("fast32", n, d, want, (int64_t)(int16_t)got);
  return 0;
}

/* Every s16 d != 0 on n in [-2, 2], around 2^7 and 2^8, and every n with
 * (n + d) % 1999 == 0; the 32-bit path entire (every n in [0, 2^8)) for
 * -300 <= d < 1024; every n for |d| <= 12 and |d| = 2^k.  Each
 * with lim as generated and forced to 0 (the 64-bit path). */
static int exhaustive16_fast32(uint64_t *checks) {
  int64_t n, d;
  for (d = -32768; d < 32768; d++) {
    uint64_t ad = (uint64_t)(d < 0 ? -d : d);
    int all = ad <= 12 || (ad & (ad - 1)) == 0;
    int low = d >= -300 && d < 1024;
    if (d == 0)
      continue;
    for (n = -32768; n < 32768; n++) {
      int edge = (n >= -2 && n <= 2) || (n >= 126 && n <= 129) ||
                 (n >= 254 && n <= 257);
      if (n == -32768 && d == -1)
        continue;
      if (!all && !edge && !(low && n >= 0 && n < 256) &&
          ((n + d) % 1999 + 1999) % 1999 != 0)
        continue;
      if (fast32_pair16(n, d, 1) || fast32_pair16(n, d, 0))
        return 1;
      *checks += 2;
    }
  }
  return 0;
}

/* Full width: (n, d) with n in [0, 2^32) half the time; the interpreted
 * snippet and md_eval_s64_fast32 against C, with lim as given and forced
 * to 0. */
static int check_fast32(int64_t n, int64_t d) {
  md_s64_magic gs;
  uint64_t fw[2], g[4], f[4];
  int lim_on;
  md_magic_s64(d, &gs);
  md_magic_s64_fast32(d, fw);
  g[0] = gs.m, g[1] = gs.a, g[2] = gs.s, g[3] = (uint64_t)gs.dsgn;
  for (lim_on = 1; lim_on >= 0; lim_on--) {
    uint64_t f2 = lim_on ? fw[1] : (uint32_t)fw[1];
    int64_t want = n / d, c = md_eval_s64_fast32(n, &gs, fw[0], f2), got;
    f[0] = (uint32_t)fw[0], f[1] = fw[0] >> 32, f[2] = (uint32_t)f2;
    f[3] = f2 >> 32;
    got = (int64_t)run_fast32(32, (uint64_t)n, g, f);
    if (got != want || c != want) {
      printf("FAIL fast32%s: n=%" PRId64 " d=%" PRId64 " want %" PRId64
             " got %" PRId64 " (C %" PRId64 ")\n",
             lim_on ? "" : " (lim 0)", n, d, want, got, c);
      return 1;
    }
  }
  return 0;
}

static int check_triple(uint64_t n, uint64_t m, uint64_t a) {
  uint64_t want = (uint64_t)(((u128)n * m + a) >> 64);
  uint64_t i = run_ptx(32, n, m, a), b = run_pow2(32, n, m, a),
           b0 = run_pow2_pred(32, n, m, a, 0), p = md_eval_u64_ptx(n, m, a),
           l = md_eval_u64_limbs(n, m, a);
  if (i == want && b == want && b0 == want && p == want && l == want)
    return 0;
  printf("FAIL ptx: n=%" PRIu64 " m=%" PRIu64 " a=%" PRIu64 " want %" PRIu64
         " interpreted %" PRIu64 " with the branch %" PRIu64 " (not taken %"
         PRIu64 ") c-chain %" PRIu64 " limbs %" PRIu64 "\n",
         n, m, a, want, i, b, b0, p, l);
  return 1;
}

static int check_pair(uint64_t n, uint64_t d) {
  md_u64_magic g;
  md_s64_magic gs;
  int64_t sn = (int64_t)n, sd = (int64_t)d;
  uint64_t q, r;
  if (d == 0)
    return 0;
  md_magic_u64(d, &g);
  q = md_eval_u64_dev(n, &g);
  r = md_eval_u64_rem(n, d, &g);
  if (q != n / d || r != n % d ||
      (md_eval_u64_ptx(n, g.m, g.a) >> g.s) != q ||
      (d <= 0xffffffffu && md_eval_u64_rem32(n, (uint32_t)d, &g) != n % d)) {
    printf("FAIL pairs u64: n=%" PRIu64 " d=%" PRIu64 "\n", n, d);
    return 1;
  }
  if (sn == INT64_MIN && sd == -1)
    return 0;
  md_magic_s64(sd, &gs);
  if (md_eval_s64_dev(sn, &gs) != sn / sd ||
      (sd >= INT32_MIN && sd <= INT32_MAX &&
       md_eval_s64_rem32(sn, (int32_t)sd, &gs) != sn % sd)) {
    printf("FAIL pairs s64: n=%" PRId64 " d=%" PRId64 "\n", sn, sd);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  uint64_t count = 2000000, seed = 0x6c696d6273ull /* "limbs" */, i,
           checks = 0;
  int sgn = 0, a;
  if (argc < 2) {
    fprintf(stderr, "usage: test_limbs ptx|exhaustive16|pairs|fast32 "
                    "[--count C] "
                    "[--seed S] [--signed]\n");
    return 2;
  }
  for (a = 2; a < argc; a++) {
    if (strcmp(argv[a], "--count") == 0 && a + 1 < argc)
      count = strtoull(argv[++a], NULL, 0);
    else if (strcmp(argv[a], "--seed") == 0 && a + 1 < argc)
      seed = strtoull(argv[++a], NULL, 0);
    else if (strcmp(argv[a], "--signed") == 0)
      sgn = 1;
  }
  rng_x = seed;
  if (!load_prog(MD_S64_ABS_PTX, prog_abs, &n_abs) ||
      !load_prog(MD_S64_CNEG_PTX, prog_cneg, &n_cneg) ||
      !load_prog(MD_U32_PTX, prog_u32, &n_u32) ||
      !load_prog(MD_U64_PTX_CHAIN, prog_core, &n_core) ||
      !load_prog(MD_U64_PTX_CHAIN_POW2, prog_pow2, &n_pow2) ||
      !load_prog(MD_S64_FAST32_PTX, prog_fast32, &n_fast32)) {
    printf("FAIL: cannot parse the PTX snippets of md_magic.h\n");
    return 1;
  }
  if (strcmp(argv[1], "ptx") == 0) {
    printf("limbs ptx: %d instructions (%d with the branch), seed=0x%" PRIx64
           " count=%" PRIu64 "\n",
           n_core, n_pow2, seed, count);
    /* extremes first: every combination of 0, 1, 2^32-1, 2^32, max */
    static const uint64_t ex[] = {0, 1, 0xffffffffull, 0x100000000ull,
                                  0xfffffffffffffffeull, ~0ull};
    size_t x, y, z;
    for (x = 0; x < 6; x++)
      for (y = 0; y < 6; y++)
        for (z = 0; z < 6; z++, checks++)
          if (check_triple(ex[x], ex[y], ex[z]))
            return 1;
    for (i = 0; i < count; i++, checks++) {
      uint64_t n = rng_edge64(), m = rng_edge64();
      uint64_t r = rng_next() % 3;
      uint64_t ad = r == 0 ? 0 : r == 1 ? m : rng_edge64();
      if (check_triple(n, m, ad))
        return 1;
    }
    /* the branch over the products: m = a = 2^64 - 1 (every power of two) */
    for (i = 0; i < count / 8; i++, checks++)
      if (check_triple(rng_edge64(), ~0ull, ~0ull))
        return 1;
    /* MD_U32_PTX: every (n, m, a) at 8-bit registers, then random + edge
     * at full width against the 64-bit product */
    {
      uint64_t n, m, a8;
      for (n = 0; n < 256; n++)
        for (m = 0; m < 256; m++)
          for (a8 = 0; a8 < 256; a8++, checks++)
            if (run_u32_ptx(8, n, m, a8) != ((n * m + a8) >> 8)) {
              printf("FAIL u32 ptx (8-bit): n=%" PRIu64 " m=%" PRIu64
                     " a=%" PRIu64 "\n", n, m, a8);
              return 1;
            }
    }
    for (i = 0; i < count / 8; i++, checks++) {
      uint64_t n = rng_edge64() & 0xffffffffu, m = rng_edge64() & 0xffffffffu;
      uint64_t a = (rng_next() & 1) ? m : rng_edge64() & 0xffffffffu;
      if (run_u32_ptx(32, n, m, a) != ((n * m + a) >> 32)) {
        printf("FAIL u32 ptx: n=%" PRIu64 " m=%" PRIu64 " a=%" PRIu64 "\n",
               n, m, a);
        return 1;
      }
    }
    /* the s64 snippets: every sign combination, edges and random */
    for (i = 0; i < count / 8; i++, checks++) {
      int64_t n = (int64_t)rng_edge64(), d = (int64_t)rng_edge64();
      md_s64_magic gs;
      if (i < 4)
        n = i == 0 ? INT64_MIN : i == 1 ? INT64_MAX : i == 2 ? -1 : 0;
      if (rng_next() & 1)
        n = (int64_t)(0 - (uint64_t)n); /* INT64_MIN stays INT64_MIN */
      if (rng_next() & 1)
        d = (int64_t)(0 - (uint64_t)d);
      if (d == 0 || (n == INT64_MIN && d == -1))
        continue;
      md_magic_s64(d, &gs);
      if (run_s64_ptx(n, &gs) != n / d) {
        printf("FAIL s64 ptx: n=%" PRId64 " d=%" PRId64 " want %" PRId64
               " got %" PRId64 "\n",
               n, d, n / d, run_s64_ptx(n, &gs));
        return 1;
      }
    }
  } else if (strcmp(argv[1], "fast32") == 0) {
    printf("limbs fast32: %d instructions, seed=0x%" PRIx64 " count=%" PRIu64
           "\n", n_fast32, seed, count);
    if (exhaustive16_fast32(&checks))
      return 1;
    for (i = 0; i < count; i++, checks++) {
      int64_t n = (int64_t)rng_edge64(), d = (int64_t)rng_edge64();
      if (i < 16)
        n = i < 4 ? (int64_t)i - 2 : i < 8 ? INT64_MIN + (int64_t)i - 4
            : i < 12 ? 0xfffffffell + (int64_t)i - 8 : INT64_MAX - (int64_t)i + 12;
      if (rng_next() & 1)
        n = (int64_t)((uint64_t)n & 0xffffffffu); /* the 32-bit path */
      else if (rng_next() & 1)
        n = (int64_t)(0 - (uint64_t)n);
      if (rng_next() % 4 == 0)
        d = (int64_t)((uint64_t)d & 0xffffffffu);
      if (rng_next() & 1)
        d = (int64_t)(0 - (uint64_t)d);
      if (d == 0 || (n == INT64_MIN && d == -1))
        continue;
      if (check_fast32(n, d))
        return 1;
    }
  } else if (strcmp(argv[1], "exhaustive16") == 0) {
    if (sgn ? exhaustive16_signed(&checks) : exhaustive16_unsigned(&checks))
      return 1;
  } else if (strcmp(argv[1], "pairs") == 0) {
    printf("limbs pairs: seed=0x%" PRIx64 " count=%" PRIu64 "\n", seed,
           count);
    for (i = 0; i < count; i++, checks++) {
      uint64_t n = rng_edge64(), d = rng_edge64();
      if (rng_next() % 4 == 0)
        d &= 0xffffffffull; /* divisors < 2^32: the narrow remainder */
      if (check_pair(n, d))
        return 1;
    }
  } else {
    fprintf(stderr, "unknown mode %s\n", argv[1]);
    return 2;
  }
  printf("limbs %s%s: ok: %" PRIu64 " checks\n", argv[1],
         sgn ? " signed" : "", checks);
  return 0;
}
