/* Driver for test/ir/clone/diff-exec.test: each clone_me*__clone (made by the
 * magicdiv clone self-test) must return what its original returns.  The
 * extra parameters (i32, i32, i64) are unused by the clones' bodies. */
#include <stdio.h>

struct big { long a, b, c, d; };

int clone_me_switch(int, int);
int clone_me_switch__clone(int, int, int, int, long);
unsigned clone_me_div(unsigned, unsigned, unsigned);
unsigned clone_me_div__clone(unsigned, unsigned, unsigned, int, int, long);
int clone_me_goto(int);
int clone_me_goto__clone(int, int, int, long);
long clone_me_varargs(int, ...);
long clone_me_varargs__clone(int, int, int, long, ...);
long clone_me_byval(struct big, int);
long clone_me_byval__clone(struct big, int, int, int, long);
struct big clone_me_sret(int);
struct big clone_me_sret__clone(int, int, int, long);
double clone_me_fp(double, int);
double clone_me_fp__clone(double, int, int, int, long);

static unsigned long long state = 0x9e3779b97f4a7c15ull;
static unsigned next(void) { /* xorshift64 */
  state ^= state << 13; state ^= state >> 7; state ^= state << 17;
  return (unsigned)(state >> 16);
}

int main(void) {
  long checks = 0, bad = 0;
  for (int i = 0; i < 2000; i++) {
    unsigned a = next(), b = next() | 1u, c = next() % 1000u + 1u;
    int x = (int)next(), n = (int)(next() % 64u);
    struct big s = {x, (long)a, (long)b, -(long)c};
    struct big r1 = clone_me_sret(x), r2 = clone_me_sret__clone(x, 1, 2, 3);
    double f1 = clone_me_fp(x / 1e9, n), f2 = clone_me_fp__clone(x / 1e9, n, 1, 2, 3);
    bad += clone_me_switch(x, n) != clone_me_switch__clone(x, n, 7, 8, 9);
    bad += clone_me_div(a, b, c) != clone_me_div__clone(a, b, c, 7, 8, 9);
    bad += clone_me_goto(x) != clone_me_goto__clone(x, 7, 8, 9);
    bad += clone_me_varargs(3, (long)a, (long)x, 5L) !=
           clone_me_varargs__clone(3, 7, 8, 9, (long)a, (long)x, 5L);
    bad += clone_me_byval(s, n) != clone_me_byval__clone(s, n, 7, 8, 9);
    bad += r1.a != r2.a || r1.b != r2.b || r1.c != r2.c || r1.d != r2.d;
    bad += f1 != f2;
    checks += 7;
  }
  printf("%ld checks, %ld mismatches\n", checks, bad);
  return bad != 0;
}
