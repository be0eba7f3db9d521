/* Functions for test/ir/clone/diff-exec.test: compiled to IR, cloned by the
 * magicdiv clone self-test (MAGICDIV_CLONE_SELFTEST=1: every clone_me*
 * gets a copy clone_me*__clone with extra (i32, i32, i64) parameters),
 * then compiled and run against clone-diff-main.c, which checks that each
 * clone computes what its original computes. */
#include <stdarg.h>

struct big { long a, b, c, d; };

/* Loop, switch (jump table or compare tree), select, multi-edge PHIs. */
int clone_me_switch(int x, int n) {
  int acc = 0;
  for (int i = 0; i < n; i++) {
    switch ((x + i) & 7) {
    case 0: acc += i; break;
    case 1: acc ^= x; break;
    case 3: acc -= 3 * i; break;
    case 5: acc = acc * 7 + 1; break;
    case 6: if (acc & 1) continue; acc += 5; break;
    default: acc += (x > i) ? x : i;
    }
    if (acc > 100000) break;
  }
  return acc;
}

/* Division chains as in index math. */
unsigned clone_me_div(unsigned n, unsigned d, unsigned m) {
  return (n / d) % m + n % d * 3u + (unsigned)((int)n / (int)(d | 1u));
}

/* Computed goto: blockaddress operands of the function itself. */
int clone_me_goto(int x) {
  void *t = (x & 1) ? &&odd : &&even;
  int r = x & 0xffff, steps = 0;
  goto *t;
odd:
  r = 3 * r + 1;
  steps++;
even:
  while (r > 1 && !(r & 1)) { r >>= 1; steps++; }
  if (r > 1 && steps < 1000) { t = &&odd; goto *t; }
  return steps * 1000 + r;
}

/* Varargs: the clone's extra parameters come before the "...". */
long clone_me_varargs(int n, ...) {
  va_list ap;
  long s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++)
    s += va_arg(ap, long) * (i + 1);
  va_end(ap);
  return s;
}

/* byval struct parameter and sret return. */
long clone_me_byval(struct big b, int k) { return b.a * k + b.b - b.c * b.d; }

struct big clone_me_sret(int x) {
  struct big r = {x, x * 2, x ^ 5, -x};
  return r;
}

/* Floating point with fast-math flags (on PHIs too). */
double clone_me_fp(double x, int n) {
#pragma float_control(precise, off)
  double s = 0.0, t = x;
  for (int i = 0; i < n; i++) {
    s += t * 0.5;
    t = t * x + 1.0;
  }
  return s;
}
