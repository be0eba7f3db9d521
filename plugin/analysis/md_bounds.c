/*
 * md_bounds.c -- launch-checked dividend ranges (see md_bounds.h): the
 * analysis object, the requirements of a fact, and their text.  Bound
 * expressions are md_bounds_expr.c's, the rules md_bounds_rules.c's.
 */
#include "analysis/md_bounds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "analysis/md_bounds_expr.h"
#include "analysis/md_bounds_rules.h"
#include "support/md_ir.h"
#include "emit/md_prog.h"

void md_bounds_init(md_bounds *b, md_inv *inv, const md_dom *dom,
                    md_range *range, md_target target) {
  memset(b, 0, sizeof *b);
  b->inv = inv;
  b->dom = dom;
  b->range = range;
  b->target = target;
  b->st = &b->own;
  b->omp_contract = 1;
}

void md_bounds_init_callee(md_bounds *b, md_inv *inv, const md_dom *dom,
                           md_range *range, md_bounds *parent,
                           LLVMValueRef call) {
  md_bounds_init(b, inv, dom, range, parent->target);
  b->st = parent->st;
  b->parent = parent;
  b->call = call;
  b->omp_contract = parent->omp_contract;
}

void md_bounds_release(md_bounds *b) {
  unsigned i;
  for (i = 0; i < b->own.ninvs; i++)
    md_buf_free(&b->own.invs[i].prog);
  free(b->own.invs);
  free(b->own.nodes);
  free(b->own.hash);
  md_map_release(&b->memo);
  memset(b, 0, sizeof *b);
}

/* ---- requirements ---- */

void md_bounds_req_init(md_bounds_req *r) {
  memset(r, 0, sizeof *r);
  r->root = -1;
}

/* Add "node <= limit" to r unless present; 0 when r is full. */
static int md_conj_add(md_bounds *b, md_bounds_req *r, int node,
                       uint64_t limit) {
  unsigned i;
  node = md_bounds_core(b, node);
  if (b->st->nodes[node].op == MD_BOUNDS_CONST) /* decided now */
    return b->st->nodes[node].c <= limit;
  for (i = 0; i < r->n; i++)
    if (r->node[i] == node && r->limit[i] <= limit)
      return 1;
  if (r->n == MD_BOUNDS_MAX_CONJ)
    return 0;
  r->node[r->n] = node;
  r->limit[r->n] = limit;
  r->n++;
  return 1;
}

/* Collect the guards below node n into r.  cov: a limit that node n is
 * already known to satisfy (from a condition above it: n <= parent <=
 * cov for add/max parents), so that a guard "n <= L" with L >= cov is
 * implied and not repeated.  *budget bounds the walk of a shared DAG. */
static int md_collect(md_bounds *b, md_bounds_req *r, int n, uint64_t cov,
                      unsigned *budget) {
  const md_bounds_node *nd;
  if (n < 0 || (*budget)-- == 0)
    return 0;
  nd = &b->st->nodes[n];
  switch (nd->op) {
  case MD_BOUNDS_GUARD:
    if (nd->b == nd->a) {
      if (cov > nd->c) {
        if (!md_conj_add(b, r, nd->a, nd->c))
          return 0;
        cov = nd->c;
      }
    } else {
      if (!md_conj_add(b, r, nd->b, nd->c) ||
          !md_collect(b, r, nd->b, nd->c, budget))
        return 0;
    }
    return md_collect(b, r, nd->a, cov, budget);
  case MD_BOUNDS_ADD:
  case MD_BOUNDS_UMAX:
    /* each operand <= the sum / the maximum */
    return md_collect(b, r, nd->a, cov, budget) &&
           md_collect(b, r, nd->b, cov, budget);
  case MD_BOUNDS_SUB1:
    return md_collect(b, r, nd->a, cov == MD_BOUNDS_INF ? cov : cov + 1,
                      budget);
  case MD_BOUNDS_MUL:
  case MD_BOUNDS_UDIV:
  case MD_BOUNDS_UMIN:
    return md_collect(b, r, nd->a, MD_BOUNDS_INF, budget) &&
           md_collect(b, r, nd->b, MD_BOUNDS_INF, budget);
  case MD_BOUNDS_LSHR:
    return md_collect(b, r, nd->a, MD_BOUNDS_INF, budget);
  default:
    return 1;
  }
}

/* Is value(g) <= value(h) wherever g bounds a reachable value?  h built
 * from g by add / max / a product with a constant >= 1; or g = g' / d, g' >> k,
 * g' - 1, min(g', _) with g' below h (a quotient by d >= 1 -- d = 0 makes the
 * bounded value unreachable, the division being UB -- a shift, SUB1, a
 * minimum). */
static int md_below(md_bounds *b, int g, int h, int depth) {
  const md_bounds_node *nd, *gd;
  if (g == h)
    return 1;
  if (depth > 8 || h < 0 || g < 0)
    return 0;
  nd = &b->st->nodes[h];
  if ((nd->op == MD_BOUNDS_ADD || nd->op == MD_BOUNDS_UMAX) &&
      (md_below(b, g, nd->a, depth + 1) || md_below(b, g, nd->b, depth + 1)))
    return 1;
  /* x * c1 <= x * c2 for constants c1 <= c2 */
  if (nd->op == MD_BOUNDS_MUL && b->st->nodes[g].op == MD_BOUNDS_MUL &&
      b->st->nodes[g].a == nd->a && b->st->nodes[nd->b].op == MD_BOUNDS_CONST &&
      b->st->nodes[b->st->nodes[g].b].op == MD_BOUNDS_CONST &&
      b->st->nodes[b->st->nodes[g].b].c <= b->st->nodes[nd->b].c)
    return 1;
  /* x <= x * c for a constant c >= 1 */
  if (nd->op == MD_BOUNDS_MUL && b->st->nodes[nd->b].op == MD_BOUNDS_CONST &&
      b->st->nodes[nd->b].c >= 1 && md_below(b, g, nd->a, depth + 1))
    return 1;
  if (nd->op == MD_BOUNDS_MUL && b->st->nodes[nd->a].op == MD_BOUNDS_CONST &&
      b->st->nodes[nd->a].c >= 1 && md_below(b, g, nd->b, depth + 1))
    return 1;
  gd = &b->st->nodes[g];
  if (gd->op == MD_BOUNDS_UDIV || gd->op == MD_BOUNDS_LSHR ||
      gd->op == MD_BOUNDS_SUB1)
    return md_below(b, gd->a, h, depth + 1);
  if (gd->op == MD_BOUNDS_UMIN)
    return md_below(b, gd->a, h, depth + 1) || md_below(b, gd->b, h, depth + 1);
  return 0;
}

/* Drop the conditions of r that another one implies: g <= L follows from
 * h <= L' when g <= h and L' <= L, or from P - 1 <= L' (written P <= L'+1,
 * the SUB1 invariant) when g <= P and L' + 1 <= L. */
static void md_conj_prune(md_bounds *b, md_bounds_req *r) {
  unsigned i, j, k;
  for (i = 0; i < r->n;) {
    int implied = 0;
    for (j = 0; j < r->n && !implied; j++) {
      int h = r->node[j];
      uint64_t lj = r->limit[j];
      if (j == i ||
          (r->node[j] == r->node[i] && r->limit[j] == r->limit[i] && j > i))
        continue;
      implied = lj <= r->limit[i] && md_below(b, r->node[i], h, 0);
      if (!implied && b->st->nodes[h].op == MD_BOUNDS_SUB1 &&
          lj < MD_BOUNDS_INF)
        implied = lj + 1 <= r->limit[i] &&
                  md_below(b, r->node[i], b->st->nodes[h].a, 0);
    }
    if (!implied) {
      i++;
      continue;
    }
    for (k = i; k + 1 < r->n; k++) {
      r->node[k] = r->node[k + 1];
      r->limit[k] = r->limit[k + 1];
    }
    r->n--;
  }
}

/* The value of node n at a reference launch (blocks of 128 x 8 x 4
 * threads, a grid of 4096 x 512 x 64 blocks) when it depends on the launch
 * dimensions and constants only: 1 with *v; 0 if it reads an argument
 * (not known); -1 if it overflows 64 bits or divides by 0 there (the
 * requirement's program would fail). */
static int md_ref_value(md_bounds *b, int n, uint64_t *v, int depth) {
  static const uint64_t dims[9] = {128, 8,          4,       4096,  512,
                                   64,  128 * 4096, 8 * 512, 4 * 64};
  const md_bounds_node *nd = &b->st->nodes[n];
  uint64_t x, y = 0;
  int rx, ry = 1;
  if (depth > 128)
    return 0;
  switch (nd->op) {
  case MD_BOUNDS_CONST:
    *v = nd->c;
    return 1;
  case MD_BOUNDS_INV: {
    int which;
    if (md_prog_is_launch(&b->st->invs[nd->c].prog, &which) &&
        which <= MD_LAUNCH_ITEMS_Z) {
      *v = dims[which];
      return 1;
    }
    return 0;
  }
  case MD_BOUNDS_GUARD:
    return md_ref_value(b, nd->a, v, depth + 1);
  default:
    break;
  }
  rx = md_ref_value(b, nd->a, &x, depth + 1);
  if (nd->op != MD_BOUNDS_SUB1 && nd->op != MD_BOUNDS_LSHR)
    ry = md_ref_value(b, nd->b, &y, depth + 1);
  if (rx <= 0 || ry <= 0)
    return rx < 0 || ry < 0 ? -1 : 0;
  rx = md_bounds_apply(nd->op, x, y, nd->c, v);
  return rx == 1 ? 1 : rx == 0 ? -1 : 0;
}

/* A condition that fails at the reference launch (and depends on nothing
 * else) is a bad bet: every ordinary launch would run the original
 * kernel, also for the kernel's other sites.  0 for such a condition. */
static int md_ref_plausible(md_bounds *b, int n, uint64_t limit) {
  uint64_t v;
  int r = md_ref_value(b, n, &v, 0);
  return r == 0 || (r > 0 && v <= limit);
}

int md_bounds_need(md_bounds *b, md_bounds_req *r, LLVMValueRef v,
                   LLVMValueRef at, uint64_t limit, int flags) {
  md_bounds_req save = *r;
  unsigned budget = 4 * MD_BOUNDS_MAX_STEPS, i;
  int n;
  if ((flags & MD_BOUNDS_NOT_INVARIANT) && md_bounds_invariant_leaf(b, v) >= 0)
    return 0;
  b->steps = 0;
  b->dep = 0;
  b->nhyp = 0;
  n = md_bounds_of(b, v, at, 0);
  if (n < 0)
    return 0;
  if (!md_conj_add(b, r, n, limit) || !md_collect(b, r, n, limit, &budget)) {
    *r = save;
    return 0;
  }
  md_conj_prune(b, r);
  /* every condition must have a program within the budgets, and hold at
   * the reference launch if it depends on the launch alone */
  for (i = 0; i < r->n; i++) {
    if (!md_ref_plausible(b, r->node[i], r->limit[i])) {
      *r = save;
      return 0;
    }
    md_buf p;
    int ok;
    md_buf_init(&p);
    ok = md_bounds_program(b, r, i, &p) == 0;
    md_buf_free(&p);
    if (!ok) {
      *r = save;
      return 0;
    }
  }
  if (r->root < 0)
    r->root = n;
  return 1;
}

/* Program bytes of node n's value as md_emit writes it (saturating),
 * memoized in size[]. */
static uint32_t md_size(md_bounds *b, int n, uint32_t *size, int depth) {
  const md_bounds_node *nd = &b->st->nodes[n];
  const uint64_t konst = (uint64_t)md_op_size(MD_OP_CONST),
                 binop = (uint64_t)md_op_size(MD_OP_ADD),
                 cast = (uint64_t)md_op_size(MD_OP_ZEXT);
  uint64_t s;
  if (size[n])
    return size[n];
  if (depth > 64)
    return UINT32_MAX;
  switch (nd->op) {
  case MD_BOUNDS_INV:
    s = b->st->invs[nd->c].prog.n + (b->st->invs[nd->c].w < 64 ? cast : 0);
    break;
  case MD_BOUNDS_CONST:
    s = konst;
    break;
  case MD_BOUNDS_GUARD:
    s = md_size(b, nd->a, size, depth + 1);
    break;
  case MD_BOUNDS_SUB1:
  case MD_BOUNDS_LSHR: /* a, const, sub / lshr */
    s = (uint64_t)md_size(b, nd->a, size, depth + 1) + konst + binop;
    break;
  default:
    s = (uint64_t)md_size(b, nd->a, size, depth + 1) +
        md_size(b, nd->b, size, depth + 1) + binop;
    break;
  }
  size[n] = s > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)s;
  return size[n];
}

#define MD_X_BOUNDS_PROG(bop, nodes, prog)                                     \
  case MD_BOUNDS_##bop:                                                        \
    return (prog);
/* The program op (MD_OP_*) of a node of two values (MD_BOUNDS_OP_LIST). */
static int md_bounds_prog_op(int bop) {
  switch (bop) {
    MD_BOUNDS_OP_LIST(MD_X_BOUNDS_PROG)
  default:
    return 0;
  }
}
#undef MD_X_BOUNDS_PROG

/* Write node n's value as an i64 program. */
static void md_emit(md_bounds *b, int n, md_buf *out) {
  const md_bounds_node *nd = &b->st->nodes[n];
  switch (nd->op) {
  case MD_BOUNDS_INV: {
    const md_bounds_leaf *iv = &b->st->invs[nd->c];
    md_buf_bytes(out, iv->prog.p, iv->prog.n);
    if (iv->w < 64)
      md_prog_cast(out, MD_OP_ZEXT, iv->w, 64);
    return;
  }
  case MD_BOUNDS_CONST:
    md_prog_const(out, 64, nd->c);
    return;
  case MD_BOUNDS_GUARD:
    md_emit(b, nd->a, out);
    return;
  case MD_BOUNDS_SUB1:
    md_emit(b, nd->a, out);
    md_prog_const(out, 64, 1);
    md_prog_binop(out, MD_OP_SUB, 64, MD_OF_NUW);
    return;
  case MD_BOUNDS_LSHR:
    md_emit(b, nd->a, out);
    md_prog_const(out, 64, nd->c);
    md_prog_binop(out, MD_OP_LSHR, 64, 0);
    return;
  default: {
    int op = md_bounds_prog_op(nd->op);
    int a = nd->a, c = nd->b;
    /* commutative: the larger program first (a shallower stack) */
    if (op != MD_OP_UDIV && a < c) {
      int t = a;
      a = c;
      c = t;
    }
    md_emit(b, a, out);
    md_emit(b, c, out);
    md_prog_binop(out, op, 64,
                  (op == MD_OP_ADD || op == MD_OP_MUL) ? MD_OF_NUW : 0);
    return;
  }
  }
}

int md_bounds_program(md_bounds *b, const md_bounds_req *r, unsigned i,
                      md_buf *out) {
  uint32_t *size;
  uint64_t total;
  size_t start = out->n;
  int n, depth;
  uint64_t limit;
  if (i >= r->n)
    return -1;
  size = calloc(b->st->nnodes ? b->st->nnodes : 1, sizeof *size);
  if (!size)
    return -1;
  /* the bound, the limit, the icmp */
  total = (uint64_t)md_size(b, r->node[i], size, 0) +
          (uint64_t)md_op_size(MD_OP_CONST) + (uint64_t)md_op_size(MD_OP_ICMP);
  free(size);
  if (total > MD_BOUNDS_MAX_BYTES)
    return -1;
  n = md_bounds_core(b, r->node[i]);
  limit = r->limit[i];
  /* P - 1 <= L  as  P <= L + 1 (the SUB1 invariant) */
  if (b->st->nodes[n].op == MD_BOUNDS_SUB1 && limit < MD_BOUNDS_INF) {
    n = b->st->nodes[n].a;
    limit++;
  }
  md_emit(b, n, out);
  md_prog_const(out, 64, limit);
  md_prog_icmp(out, 64, MD_PRED_ULE);
  depth = md_prog_stack_depth(out->p + start, out->n - start);
  if (out->oom || depth < 0 || depth > MD_STACK_MAX) {
    out->n = start;
    return -1;
  }
  return 0;
}

int md_bounds_merge(md_bounds *b, md_bounds_req *dst,
                    const md_bounds_req *src) {
  md_bounds_req t = *dst;
  unsigned i;
  for (i = 0; i < src->n; i++)
    if (!md_conj_add(b, &t, src->node[i], src->limit[i]))
      return -1;
  md_conj_prune(b, &t);
  t.root = dst->root;
  *dst = t;
  return 0;
}

int md_bounds_cond_leaf(md_bounds *b, const md_bounds_req *r, unsigned i,
                        const md_buf **prog, unsigned *w, uint64_t *limit) {
  int n;
  if (i >= r->n)
    return 0;
  n = md_bounds_core(b, r->node[i]);
  *limit = r->limit[i];
  /* x - 1 <= L is written x <= L + 1 (the SUB1 invariant) */
  if (b->st->nodes[n].op == MD_BOUNDS_SUB1 && *limit < MD_BOUNDS_INF) {
    n = b->st->nodes[n].a;
    ++*limit;
  }
  if (b->st->nodes[n].op != MD_BOUNDS_INV)
    return 0;
  *prog = &b->st->invs[b->st->nodes[n].c].prog;
  *w = b->st->invs[b->st->nodes[n].c].w;
  return 1;
}

/* ---- text ---- */

static void md_put(char *buf, size_t size, size_t *pos, const char *s,
                   size_t n) {
  while (n-- && *pos + 1 < size)
    buf[(*pos)++] = *s++;
  buf[*pos < size ? *pos : size - 1] = 0;
}

static void md_puts(char *buf, size_t size, size_t *pos, const char *s) {
  md_put(buf, size, pos, s, strlen(s));
}

static void md_text(md_bounds *b, int n, char *buf, size_t size, size_t *pos,
                    int prec, int depth) {
  const md_bounds_node *nd;
  char tmp[32];
  if (depth > 8) {
    md_puts(buf, size, pos, "...");
    return;
  }
  n = md_bounds_core(b, n);
  nd = &b->st->nodes[n];
  switch (nd->op) {
  case MD_BOUNDS_INV: {
    const md_bounds_leaf *iv = &b->st->invs[nd->c];
    size_t len = 0;
    const char *name =
        iv->v && LLVMIsAArgument(iv->v) ? LLVMGetValueName2(iv->v, &len) : NULL;
    int which;
    unsigned param;
    if (md_prog_is_launch(&iv->prog, &which))
      md_puts(buf, size, pos, md_launch_str(which));
    else if (name && len)
      md_put(buf, size, pos, name, len);
    else if (md_prog_is_arg(&iv->prog, &param)) {
      snprintf(tmp, sizeof tmp, "arg%u", param);
      md_puts(buf, size, pos, tmp);
    } else
      md_puts(buf, size, pos, "inv");
    return;
  }
  case MD_BOUNDS_CONST:
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)nd->c);
    md_puts(buf, size, pos, tmp);
    return;
  case MD_BOUNDS_SUB1:
    if (prec > 1)
      md_puts(buf, size, pos, "(");
    md_text(b, nd->a, buf, size, pos, 1, depth + 1);
    md_puts(buf, size, pos, "-1");
    if (prec > 1)
      md_puts(buf, size, pos, ")");
    return;
  case MD_BOUNDS_ADD:
    if (prec > 1)
      md_puts(buf, size, pos, "(");
    md_text(b, nd->a, buf, size, pos, 1, depth + 1);
    md_puts(buf, size, pos, "+");
    md_text(b, nd->b, buf, size, pos, 1, depth + 1);
    if (prec > 1)
      md_puts(buf, size, pos, ")");
    return;
  case MD_BOUNDS_MUL:
  case MD_BOUNDS_UDIV:
    md_text(b, nd->a, buf, size, pos, 2, depth + 1);
    md_puts(buf, size, pos, nd->op == MD_BOUNDS_MUL ? "*" : "/");
    md_text(b, nd->b, buf, size, pos, 3, depth + 1);
    return;
  case MD_BOUNDS_LSHR:
    md_text(b, nd->a, buf, size, pos, 3, depth + 1);
    snprintf(tmp, sizeof tmp, ">>%llu", (unsigned long long)nd->c);
    md_puts(buf, size, pos, tmp);
    return;
  default:
    md_puts(buf, size, pos, nd->op == MD_BOUNDS_UMAX ? "max(" : "min(");
    md_text(b, nd->a, buf, size, pos, 0, depth + 1);
    md_puts(buf, size, pos, ", ");
    md_text(b, nd->b, buf, size, pos, 0, depth + 1);
    md_puts(buf, size, pos, ")");
    return;
  }
}

void md_bounds_describe(md_bounds *b, const md_bounds_req *r, char *buf,
                        size_t size) {
  size_t pos = 0;
  int n;
  if (size == 0)
    return;
  buf[0] = 0;
  if (r->root < 0)
    return;
  n = md_bounds_core(b, r->root);
  if (b->st->nodes[n].op == MD_BOUNDS_SUB1) {
    md_puts(buf, size, &pos, "[0, ");
    md_text(b, b->st->nodes[n].a, buf, size, &pos, 0, 0);
    md_puts(buf, size, &pos, ")");
  } else {
    md_puts(buf, size, &pos, "[0, ");
    md_text(b, n, buf, size, &pos, 0, 0);
    md_puts(buf, size, &pos, "]");
  }
}
